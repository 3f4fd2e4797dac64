// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/core/size_list.h"

#include "dropsize/core/options.h"

namespace dropsize {

namespace {

    Error invalid(Text message)
    {
        return Error::of(ErrorCode::InvalidArgument, std::move(message));
    }

    std::string_view trimmed(std::string_view s)
    {
        while (!s.empty() && s.front() == ' ') {
            s.remove_prefix(1);
        }
        while (!s.empty() && s.back() == ' ') {
            s.remove_suffix(1);
        }
        return s;
    }

} // namespace

std::string sizeLabel(const ResizeSpec& spec)
{
    switch (spec.mode) {
    case SizeMode::Percent:
        return numberText(spec.percent) + "pct";
    case SizeMode::Fit:
        return "fit" + std::to_string(spec.width) + "x" + std::to_string(spec.height);
    case SizeMode::LongEdge:
        return std::to_string(spec.longEdge);
    case SizeMode::Exact:
        return std::to_string(spec.width) + "x" + std::to_string(spec.height);
    case SizeMode::ShortEdge:
        return "short" + std::to_string(spec.shortEdge);
    case SizeMode::Fill:
        return "fill" + std::to_string(spec.width) + "x" + std::to_string(spec.height);
    }
    return "size";
}

Result<std::vector<OutputSize>> parseSizeList(std::string_view text, const ResizeSpec& base)
{
    std::vector<OutputSize> sizes;
    std::size_t start = 0;
    for (;;) {
        const std::size_t comma = text.find(',', start);
        const std::string_view item = trimmed(text.substr(
            start, comma == std::string_view::npos ? std::string_view::npos : comma - start));
        if (item.empty()) {
            return invalid(Text::tr("the list of sizes \"%1\" has an empty item; give sizes such "
                                    "as %2")
                               .arg(std::string(text))
                               .arg("2048,1024,256"));
        }
        auto spec = parseSizeSpec(item, base);
        if (!spec) {
            return std::move(spec).error();
        }
        if (Status valid = validate(*spec); !valid) {
            return invalid(
                Text::tr("\"%1\": %2").arg(std::string(item)).arg(valid.error().describe()));
        }
        OutputSize size { *spec, sizeLabel(*spec) };
        for (const OutputSize& known : sizes) {
            if (known.label == size.label) {
                return invalid(Text::tr("the size %1 is given twice (\"%2\")")
                                   .arg(size.label)
                                   .arg(std::string(text)));
            }
        }
        sizes.push_back(std::move(size));
        if (sizes.size() > kMaxOutputSizes) {
            return invalid(Text::tr("at most %1 sizes can be given").arg(kMaxOutputSizes));
        }
        if (comma == std::string_view::npos) {
            return sizes;
        }
        start = comma + 1;
    }
}

} // namespace dropsize

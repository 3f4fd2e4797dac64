// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/core/resize_spec.h"

#include "dropsize/core/limits.h"
#include "dropsize/core/number_text.h"

#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>

namespace dropsize {

namespace {
    Status invalid(Text message)
    {
        return Error::of(ErrorCode::InvalidArgument, std::move(message));
    }
} // namespace

Status validate(const ResizeSpec& spec)
{
    switch (spec.mode) {
    case SizeMode::Percent:
        if (!std::isfinite(spec.percent) || spec.percent < kMinPercent) {
            return invalid(Text::tr("the percentage must be a number, at least %1")
                               .arg(numberText(kMinPercent)));
        }
        if (spec.percent > kMaxPercent) {
            return invalid(
                Text::tr("the percentage must be at most %1").arg(numberText(kMaxPercent)));
        }
        if (spec.percent > 100.0 && !spec.enlarge) {
            return invalid(
                Text::tr("a percentage above %1 enlarges: allow enlarging to use it").arg(100));
        }
        break;
    case SizeMode::Fit:
    case SizeMode::Exact:
    case SizeMode::Fill:
        if (spec.width < 1 || spec.height < 1 || spec.width > kMaxSide || spec.height > kMaxSide) {
            return invalid(
                Text::tr("width and height must be between %1 and %2").arg(1).arg(kMaxSide));
        }
        break;
    case SizeMode::LongEdge:
        if (spec.longEdge < 1 || spec.longEdge > kMaxSide) {
            return invalid(
                Text::tr("the long edge must be between %1 and %2").arg(1).arg(kMaxSide));
        }
        break;
    case SizeMode::ShortEdge:
        if (spec.shortEdge < 1 || spec.shortEdge > kMaxSide) {
            return invalid(
                Text::tr("the short edge must be between %1 and %2").arg(1).arg(kMaxSide));
        }
        break;
    }
    if (spec.reducingGap
        && !(*spec.reducingGap >= kMinReducingGap && *spec.reducingGap <= kMaxReducingGap)) {
        return invalid(Text::tr("the reducing gap must be between %1 and %2, or none")
                           .arg(numberText(kMinReducingGap))
                           .arg(numberText(kMaxReducingGap)));
    }
    return {};
}

Result<std::optional<double>> parseReducingGap(std::string_view text)
{
    if (text == "none") {
        return std::optional<double> {};
    }
    const std::optional<double> gap = parsePlainNumber(text);
    if (!gap || *gap < kMinReducingGap || *gap > kMaxReducingGap) {
        return invalid(Text::tr("\"%1\" is not a reducing gap: give a number from %2 to %3, or "
                                "none")
                           .arg(std::string(text))
                           .arg(numberText(kMinReducingGap))
                           .arg(numberText(kMaxReducingGap)))
            .error();
    }
    return gap;
}

std::string reducingGapText(std::optional<double> gap)
{
    return gap ? numberText(*gap) : std::string("none");
}

namespace {

    // The numbers of a spec, in the grammar of every option's value (number_text.h).
    bool isSide(std::uint64_t v) { return v >= 1 && v <= static_cast<std::uint64_t>(kMaxSide); }

    // A whole number of pixels, 1 to kMaxSide.
    std::optional<int> parseSide(std::string_view s)
    {
        const auto v = parseWholeNumber(s);
        return v && isSide(*v) ? std::optional(static_cast<int>(*v)) : std::nullopt;
    }

    // "WxH" (or "WXH"), each side a parseSide().
    std::optional<std::pair<int, int>> parseBox(std::string_view s)
    {
        const auto box = parseSizeText(s);
        if (!box || !isSide(box->first) || !isSide(box->second)) {
            return std::nullopt;
        }
        return std::pair { static_cast<int>(box->first), static_cast<int>(box->second) };
    }

    // A plain decimal ("50", "12.5", ".5") from kMinPercent to kMaxPercent.
    std::optional<double> parsePercent(std::string_view s)
    {
        const auto v = parsePlainNumber(s);
        return v && *v >= kMinPercent && *v <= kMaxPercent ? v : std::nullopt;
    }

    // The prefix each mode is written with; Percent is written as "P%".
    struct SpecPrefix {
        SizeMode mode;
        std::string_view prefix;
    };
    constexpr SpecPrefix kSpecPrefixes[] = {
        { SizeMode::Fit, "fit:" },
        { SizeMode::LongEdge, "long:" },
        { SizeMode::ShortEdge, "short:" },
        { SizeMode::Fill, "fill:" },
        { SizeMode::Exact, "exact:" },
    };

} // namespace

Result<ResizeSpec> parseSizeSpec(std::string_view text, const ResizeSpec& base)
{
    const auto bad = [&](Text why) -> Result<ResizeSpec> {
        return Error::of(ErrorCode::InvalidArgument,
            Text::tr("\"%1\" is not a size: %2").arg(std::string(text)).arg(std::move(why)));
    };
    ResizeSpec spec = base;
    if (text.ends_with('%')) {
        const auto p = parsePercent(text.substr(0, text.size() - 1));
        if (!p) {
            return bad(Text::tr("a percentage is a number from %1 to %2, such as %3 or %4")
                           .arg(numberText(kMinPercent))
                           .arg(numberText(kMaxPercent))
                           .arg("50%")
                           .arg("12.5%"));
        }
        spec.mode = SizeMode::Percent;
        spec.percent = *p;
        return spec;
    }
    std::string_view value = text;
    spec.mode = SizeMode::LongEdge; // a bare number is a long edge
    bool prefixed = false;
    for (const SpecPrefix& p : kSpecPrefixes) {
        if (text.starts_with(p.prefix)) {
            spec.mode = p.mode;
            value = text.substr(p.prefix.size());
            prefixed = true;
            break;
        }
    }
    if (!prefixed && (text.empty() || text[0] < '0' || text[0] > '9')) {
        return bad(Text::tr("write %1, %2, %3 (or just %4), %5, %6 or %7")
                       .arg("50%")
                       .arg("fit:WxH")
                       .arg("long:N")
                       .arg("N")
                       .arg("short:N")
                       .arg("fill:WxH")
                       .arg("exact:WxH"));
    }
    switch (spec.mode) {
    case SizeMode::LongEdge:
    case SizeMode::ShortEdge: {
        const auto n = parseSide(value);
        if (!n) {
            return bad(Text::tr("the edge is a whole number of pixels from %1 to %2")
                           .arg(1)
                           .arg(kMaxSide));
        }
        (spec.mode == SizeMode::LongEdge ? spec.longEdge : spec.shortEdge) = *n;
        return spec;
    }
    case SizeMode::Fit:
    case SizeMode::Fill:
    case SizeMode::Exact: {
        const auto box = parseBox(value);
        if (!box) {
            return bad(Text::tr("a box is %1, each side a whole number from %2 to %3")
                           .arg("WxH")
                           .arg(1)
                           .arg(kMaxSide));
        }
        spec.width = box->first;
        spec.height = box->second;
        return spec;
    }
    case SizeMode::Percent:
        break;
    }
    return bad(Text::tr("unknown form"));
}

std::string sizeSpecText(const ResizeSpec& spec)
{
    const auto box = [&] { return std::to_string(spec.width) + "x" + std::to_string(spec.height); };
    std::string_view prefix;
    for (const SpecPrefix& p : kSpecPrefixes) {
        if (p.mode == spec.mode) {
            prefix = p.prefix;
        }
    }
    switch (spec.mode) {
    case SizeMode::Percent:
        return numberText(spec.percent) + "%";
    case SizeMode::LongEdge:
        return std::string(prefix) + std::to_string(spec.longEdge);
    case SizeMode::ShortEdge:
        return std::string(prefix) + std::to_string(spec.shortEdge);
    case SizeMode::Fit:
    case SizeMode::Fill:
    case SizeMode::Exact:
        return std::string(prefix) + box();
    }
    return {};
}

double filterSupport(Filter filter) noexcept
{
    switch (filter) {
    case Filter::Nearest:
        return 0.0;
    case Filter::Box:
        return 0.5;
    case Filter::Bilinear:
    case Filter::Hamming:
        return 1.0;
    case Filter::Bicubic:
        return 2.0;
    case Filter::Lanczos:
        return 3.0;
    }
    return 3.0;
}

} // namespace dropsize

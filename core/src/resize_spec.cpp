// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/core/resize_spec.h"

#include "dropsize/core/option_names.h"
#include "dropsize/core/options.h"

#include <charconv>
#include <cmath>
#include <string>
#include <utility>

namespace dropsize {

namespace {
    Status invalid(std::string message)
    {
        return Error { ErrorCode::InvalidArgument, std::move(message), {} };
    }
} // namespace

Status validate(const ResizeSpec& spec)
{
    switch (spec.mode) {
    case SizeMode::Percent:
        if (!std::isfinite(spec.percent) || spec.percent < kMinPercent) {
            return invalid("the percentage must be a number, at least " + numberText(kMinPercent));
        }
        if (spec.percent > kMaxPercent) {
            return invalid("the percentage must be at most " + numberText(kMaxPercent));
        }
        if (spec.percent > 100.0 && !spec.enlarge) {
            return invalid("a percentage above 100 enlarges: allow enlarging to use it");
        }
        break;
    case SizeMode::Fit:
    case SizeMode::Exact:
    case SizeMode::Fill:
        if (spec.width < 1 || spec.height < 1 || spec.width > kMaxSide || spec.height > kMaxSide) {
            return invalid("width and height must be between 1 and " + std::to_string(kMaxSide));
        }
        break;
    case SizeMode::LongEdge:
        if (spec.longEdge < 1 || spec.longEdge > kMaxSide) {
            return invalid("the long edge must be between 1 and " + std::to_string(kMaxSide));
        }
        break;
    case SizeMode::ShortEdge:
        if (spec.shortEdge < 1 || spec.shortEdge > kMaxSide) {
            return invalid("the short edge must be between 1 and " + std::to_string(kMaxSide));
        }
        break;
    }
    return {};
}

namespace {

    // A whole number of pixels, 1 to kMaxSide, digits only.
    std::optional<int> parseSide(std::string_view s)
    {
        int v = 0;
        if (s.empty() || s[0] < '0' || s[0] > '9') {
            return std::nullopt;
        }
        const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
        if (ec != std::errc() || end != s.data() + s.size() || v < 1 || v > kMaxSide) {
            return std::nullopt;
        }
        return v;
    }

    // "WxH" (or "WXH").
    std::optional<std::pair<int, int>> parseBox(std::string_view s)
    {
        const std::size_t x = s.find_first_of("xX");
        if (x == std::string_view::npos) {
            return std::nullopt;
        }
        const auto w = parseSide(s.substr(0, x));
        const auto h = parseSide(s.substr(x + 1));
        if (!w || !h) {
            return std::nullopt;
        }
        return std::pair { *w, *h };
    }

    // A plain decimal ("50", "12.5", ".5") from kMinPercent to kMaxPercent.
    std::optional<double> parsePercent(std::string_view s)
    {
        std::size_t digits = 0;
        std::size_t points = 0;
        for (const char c : s) {
            digits += (c >= '0' && c <= '9') ? 1 : 0;
            points += c == '.' ? 1 : 0;
        }
        if (digits == 0 || points > 1 || digits + points != s.size()) {
            return std::nullopt;
        }
        double v = 0;
        const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
        if (ec != std::errc() || end != s.data() + s.size() || !std::isfinite(v) || v < kMinPercent
            || v > kMaxPercent) {
            return std::nullopt;
        }
        return v;
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
    const auto bad = [&](std::string_view why) -> Result<ResizeSpec> {
        return Error { ErrorCode::InvalidArgument,
            "\"" + std::string(text) + "\" is not a size: " + std::string(why), {} };
    };
    const std::string sides = "each side a whole number from 1 to " + std::to_string(kMaxSide);
    ResizeSpec spec = base;
    if (text.ends_with('%')) {
        const auto p = parsePercent(text.substr(0, text.size() - 1));
        if (!p) {
            return bad("a percentage is a number from " + numberText(kMinPercent) + " to "
                + numberText(kMaxPercent) + ", such as 50% or 12.5%");
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
        return bad("write 50%, fit:WxH, long:N (or just N), short:N, fill:WxH or exact:WxH");
    }
    switch (spec.mode) {
    case SizeMode::LongEdge:
    case SizeMode::ShortEdge: {
        const auto n = parseSide(value);
        if (!n) {
            return bad(
                "the edge is a whole number of pixels from 1 to " + std::to_string(kMaxSide));
        }
        (spec.mode == SizeMode::LongEdge ? spec.longEdge : spec.shortEdge) = *n;
        return spec;
    }
    case SizeMode::Fit:
    case SizeMode::Fill:
    case SizeMode::Exact: {
        const auto box = parseBox(value);
        if (!box) {
            return bad("a box is WxH, " + sides);
        }
        spec.width = box->first;
        spec.height = box->second;
        return spec;
    }
    case SizeMode::Percent:
        break;
    }
    return bad("unknown form");
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

std::optional<Filter> parseFilter(std::string_view name) noexcept
{
    return parseName<Filter>(name);
}

const char* filterName(Filter filter) noexcept { return nameOf(filter); }

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

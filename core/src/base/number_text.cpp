// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/core/number_text.h"

#include <charconv>
#include <cmath>
#include <cstdint>

namespace dropsize {

std::optional<double> parsePlainNumber(std::string_view s)
{
    std::size_t digits = 0;
    std::size_t points = 0;
    for (const char c : s) {
        if (c >= '0' && c <= '9') {
            ++digits;
        } else if (c == '.') {
            ++points;
        } else {
            return std::nullopt;
        }
    }
    if (digits == 0 || points > 1) {
        return std::nullopt;
    }
    double v = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || end != s.data() + s.size() || !std::isfinite(v)) {
        return std::nullopt;
    }
    return v;
}

std::string numberText(double value)
{
    // The shortest fixed form that reads back as the same double: 1e6 as "1000000", not "1e+06".
    char buffer[64];
    const auto [end, ec]
        = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed);
    return ec == std::errc() ? std::string(buffer, end) : std::to_string(value);
}

std::optional<std::uint64_t> parseWholeNumber(std::string_view text)
{
    if (text.empty() || text[0] < '0' || text[0] > '9') {
        return std::nullopt; // from_chars would take a sign
    }
    std::uint64_t value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end != text.data() + text.size()) {
        return std::nullopt;
    }
    return value;
}

std::optional<std::pair<std::uint64_t, std::uint64_t>> parseSizeText(std::string_view text)
{
    const std::size_t x = text.find_first_of("xX");
    if (x == std::string_view::npos) {
        return std::nullopt;
    }
    const auto width = parseWholeNumber(text.substr(0, x));
    const auto height = parseWholeNumber(text.substr(x + 1));
    if (!width || !height) {
        return std::nullopt;
    }
    return std::pair { *width, *height };
}

std::optional<std::uint64_t> parseByteCount(std::string_view text)
{
    std::uint64_t unit = 1;
    if (!text.empty() && (text.back() == 'K' || text.back() == 'k')) {
        unit = 1024;
    } else if (!text.empty() && (text.back() == 'M' || text.back() == 'm')) {
        unit = std::uint64_t { 1024 } * 1024;
    }
    if (unit != 1) {
        text.remove_suffix(1);
    }
    const auto count = parseWholeNumber(text);
    if (!count || *count > UINT64_MAX / unit) {
        return std::nullopt;
    }
    return *count * unit;
}

} // namespace dropsize

// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/core/number_text.h"

#include <charconv>
#include <cmath>

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

} // namespace dropsize

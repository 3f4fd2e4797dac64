// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/core/options.h"

#include <charconv>

namespace dropsize {

std::string numberText(double value)
{
    // The shortest fixed form that reads back as the same double: 1e6 as "1000000", not "1e+06".
    char buffer[64];
    const auto [end, ec]
        = std::to_chars(buffer, buffer + sizeof buffer, value, std::chars_format::fixed);
    return ec == std::errc() ? std::string(buffer, end) : std::to_string(value);
}

} // namespace dropsize

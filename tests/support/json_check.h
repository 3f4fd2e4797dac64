// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include <string>
#include <string_view>

namespace dropsize::test {

/// True when `text` is exactly one JSON value (RFC 8259), strictly: no trailing bytes, raw
/// string bytes well-formed UTF-8 without control characters, escapes well-formed. `why` gets
/// what is wrong and where.
bool isValidJson(std::string_view text, std::string* why = nullptr);

/// The raw bytes a JSON string literal (quotes included) stands for, decoding \\udcXX as the
/// byte XX (surrogateescape). Empty when it is not a valid literal.
std::string decodeJsonString(std::string_view literal);

} // namespace dropsize::test

// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

// UTF-8 read and written in one place: the checks of presets and PNG text, the paths of Windows,
// the JSON the command line reads and writes.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace dropsize {

/// One character of a UTF-8 text: its code point and how many bytes it takes.
struct Utf8Char {
    char32_t code = 0;
    std::size_t length = 0;
};

/// The character that starts at text[at], or nullopt where none does: RFC 3629, so no overlong
/// form, nothing past U+10FFFF, no sequence cut short, and no surrogate (U+D800 to U+DFFF)
/// unless `surrogates` (the three bytes appendUtf8() writes for a lone one, which a Windows name
/// may hold).
std::optional<Utf8Char> utf8CharAt(
    std::string_view text, std::size_t at, bool surrogates = false) noexcept;

/// Appends `code` (at most U+10FFFF) in UTF-8; a lone surrogate as its own three bytes.
void appendUtf8(std::string& out, char32_t code);

/// Whether `text` is well-formed UTF-8 as Python's strict decoder takes it: every character one
/// utf8CharAt() reads, surrogates not allowed.
bool isUtf8(std::string_view text) noexcept;

} // namespace dropsize

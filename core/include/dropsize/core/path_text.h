// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

// Every std::string the engine holds or reports (Error::path, messages, names it builds) is
// UTF-8. These two are the only way between paths and that text: path::string() and
// path(std::string) go through the narrow code page on Windows (byte by byte with MinGW, so
// "café.jpg" comes back as "cafÃ©.jpg").

#include <cstdint>
#include <filesystem>
#include <string>
#include <string_view>

namespace dropsize {

/// The UTF-8 text of `path`. On POSIX the bytes of the name as they are; on Windows every
/// UTF-16 unit converted, a lone surrogate (which a Windows name may hold) kept as its own
/// three bytes so that pathFromUtf8() gives the same path back.
std::string utf8(const std::filesystem::path& path);

/// The path whose UTF-8 text is `text`: the inverse of utf8(). On Windows a byte that is not
/// part of a UTF-8 character becomes U+FFFD.
std::filesystem::path pathFromUtf8(std::string_view text);

/// A stable 64-bit hash of a path's UTF-8 text with '/' between its names (a '\\' counts as
/// '/'): FNV-1a, then the splitmix64 finaliser, so that the low bits are as good as the high
/// ones. The same on every machine, system and build: shards are chosen by it, and the writer
/// tags its temporaries with this machine's.
std::uint64_t stablePathHash(std::string_view text) noexcept;

} // namespace dropsize

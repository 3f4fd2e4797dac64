// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace dropsize::cli {

// The command line's texts are UTF-8 on every system; a path is made from one and written as
// one only through these two. On Windows, path(std::string) and path::string() convert through
// the ANSI code page or byte by byte (libstdc++), which garbles every name that is not ASCII;
// on POSIX a path is bytes, and the bytes are kept as they are, UTF-8 or not.

/// The path a UTF-8 text names.
inline std::filesystem::path pathFromUtf8(std::string_view text)
{
#ifdef _WIN32
    return std::filesystem::path(std::u8string(text.begin(), text.end()));
#else
    return std::filesystem::path(std::string(text));
#endif
}

/// A path as UTF-8 text (POSIX: its bytes, whatever they are).
inline std::string utf8(const std::filesystem::path& path)
{
#ifdef _WIN32
    const std::u8string text = path.u8string();
    return std::string(text.begin(), text.end());
#else
    return path.string();
#endif
}

} // namespace dropsize::cli

// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/core/path_text.h"

#include "dropsize/core/utf8.h"

namespace fs = std::filesystem;

namespace dropsize {

#ifdef _WIN32

// Written out rather than through path::u8string(), which throws on a lone surrogate: a name
// Windows accepts must never make an error message or a report fail.
std::string utf8(const fs::path& path)
{
    const std::wstring& wide = path.native();
    std::string out;
    out.reserve(wide.size());
    for (std::size_t i = 0; i < wide.size(); ++i) {
        char32_t c = static_cast<char16_t>(wide[i]);
        if (c >= 0xd800 && c < 0xdc00 && i + 1 < wide.size()) {
            const auto low = static_cast<char16_t>(wide[i + 1]);
            if (low >= 0xdc00 && low < 0xe000) {
                c = 0x10000 + ((c - 0xd800) << 10) + (low - 0xdc00);
                ++i;
            }
        }
        appendUtf8(out, c); // a lone surrogate as its own three bytes
    }
    return out;
}

fs::path pathFromUtf8(std::string_view text)
{
    std::wstring wide;
    wide.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        // A surrogate's three bytes are taken as what utf8() wrote for a lone one; a byte that
        // starts no character becomes U+FFFD.
        const auto c = utf8CharAt(text, i, true);
        if (!c) {
            wide.push_back(L'\xfffd');
            ++i;
            continue;
        }
        if (c->code >= 0x10000) {
            wide.push_back(static_cast<wchar_t>(0xd800 + ((c->code - 0x10000) >> 10)));
            wide.push_back(static_cast<wchar_t>(0xdc00 + ((c->code - 0x10000) & 0x3ff)));
        } else {
            wide.push_back(static_cast<wchar_t>(c->code));
        }
        i += c->length;
    }
    return fs::path(std::move(wide));
}

#else

// POSIX names are bytes, and the engine's text is those bytes: nothing to convert, and a name
// that is not valid UTF-8 still names its file.
std::string utf8(const fs::path& path) { return path.native(); }

fs::path pathFromUtf8(std::string_view text) { return fs::path(std::string(text)); }

#endif

std::uint64_t stablePathHash(std::string_view text) noexcept
{
    std::uint64_t h = 14695981039346656037ull; // FNV-1a, 64 bits
    for (const char c : text) {
        // One spelling on every system: Windows' separator counts as '/'.
        const unsigned char byte = c == '\\' ? '/' : static_cast<unsigned char>(c);
        h ^= byte;
        h *= 1099511628211ull;
    }
    // splitmix64's finaliser: FNV's low bits alone follow the last bytes too closely.
    h ^= h >> 30;
    h *= 0xbf58476d1ce4e5b9ull;
    h ^= h >> 27;
    h *= 0x94d049bb133111ebull;
    h ^= h >> 31;
    return h;
}

} // namespace dropsize

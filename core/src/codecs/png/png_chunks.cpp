// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "codecs/png/png_chunks.h"

#include "codecs/exif.h"
#include "dropsize/core/utf8.h"

#include <algorithm>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <zlib.h>

namespace dropsize::png {

namespace {

    // Pillow's cap on one inflated text chunk (ImageFile.SAFEBLOCK); past it, it fails the file.
    constexpr std::size_t kMaxInflatedText = std::size_t { 1 } << 20;

    constexpr std::string_view kExifKey = "exif";
    constexpr std::string_view kRawProfileKey = "Raw profile type exif";
    constexpr std::string_view kXmpKey = "XML:com.adobe.xmp";

    // Inflates a zlib stream as Python's zlib.decompressobj().decompress(data, 1 MiB) does: a
    // stream cut short gives what it holds, bytes after its end are ignored; nullopt for a
    // damaged stream, `tooLarge` set (and nullopt) when it inflates past the cap.
    std::optional<std::string> inflateText(std::string_view data, bool* tooLarge)
    {
        *tooLarge = false;
        z_stream z {};
        if (inflateInit(&z) != Z_OK) {
            return std::nullopt;
        }
        std::string out(kMaxInflatedText, '\0');
        z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
        z.avail_in = static_cast<uInt>(data.size());
        z.next_out = reinterpret_cast<Bytef*>(out.data());
        z.avail_out = static_cast<uInt>(out.size());
        const int status = inflate(&z, Z_FINISH);
        const std::size_t produced = out.size() - z.avail_out;
        const bool inputLeft = z.avail_in > 0;
        inflateEnd(&z);
        if (status == Z_STREAM_END || (status == Z_BUF_ERROR && !inputLeft)) {
            out.resize(produced);
            return out;
        }
        if (status == Z_BUF_ERROR && z.avail_out == 0) {
            *tooLarge = true;
        }
        return std::nullopt;
    }

    // A text chunk's key and value, as Pillow keeps them in Image.info: `isText` false for the
    // bytes of a tEXt keyed "exif" (the one value Pillow keeps as bytes).
    struct TextValue {
        std::string_view key;
        std::string value;
        bool isText = true;
    };

    // The keys read for the orientation: the text of any other key is neither copied nor
    // inflated (a file of many compressed comments costs nothing here).
    bool isOrientationKey(std::string_view key)
    {
        return key == kExifKey || key == kRawProfileKey || key == kXmpKey;
    }

    std::pair<std::string_view, std::string_view> splitAtNul(std::string_view s)
    {
        const std::size_t nul = s.find('\0');
        if (nul == std::string_view::npos) {
            return { s, {} };
        }
        return { s.substr(0, nul), s.substr(nul + 1) };
    }

    // tEXt: key NUL text (no NUL: all of it is the key, the text empty).
    std::optional<TextValue> readText(std::string_view chunk)
    {
        const auto [key, value] = splitAtNul(chunk);
        if (!isOrientationKey(key)) {
            return std::nullopt;
        }
        return TextValue { key, std::string(value), key != kExifKey };
    }

    // zTXt: key NUL method text; a damaged stream is empty text to Pillow, an unknown method or
    // text past its cap fails the file there (so the chunk is passed over).
    std::optional<TextValue> readCompressedText(std::string_view chunk)
    {
        const auto [key, rest] = splitAtNul(chunk);
        if (!isOrientationKey(key) || (!rest.empty() && rest[0] != 0)) {
            return std::nullopt;
        }
        bool tooLarge = false;
        auto text = inflateText(rest.empty() ? rest : rest.substr(1), &tooLarge);
        if (tooLarge) {
            return std::nullopt;
        }
        return TextValue { key, text.value_or(std::string()) };
    }

    // iTXt: key NUL flag method language NUL translated-key NUL text, the text UTF-8 (Pillow
    // passes over a chunk that is short of a part, does not inflate or is not UTF-8).
    std::optional<TextValue> readInternationalText(std::string_view chunk)
    {
        const std::size_t keyEnd = chunk.find('\0');
        if (keyEnd == std::string_view::npos || chunk.size() - keyEnd - 1 < 2) {
            return std::nullopt;
        }
        const std::string_view key = chunk.substr(0, keyEnd);
        if (!isOrientationKey(key)) {
            return std::nullopt;
        }
        const auto flag = static_cast<unsigned char>(chunk[keyEnd + 1]);
        const auto method = static_cast<unsigned char>(chunk[keyEnd + 2]);
        const std::string_view rest = chunk.substr(keyEnd + 3);
        const std::size_t languageEnd = rest.find('\0');
        const std::size_t translatedEnd = languageEnd == std::string_view::npos
            ? std::string_view::npos
            : rest.find('\0', languageEnd + 1);
        if (translatedEnd == std::string_view::npos) {
            return std::nullopt;
        }
        std::string text(rest.substr(translatedEnd + 1));
        if (flag != 0) {
            bool tooLarge = false;
            auto inflated = method == 0 ? inflateText(text, &tooLarge) : std::nullopt;
            if (!inflated) {
                return std::nullopt;
            }
            text = std::move(*inflated);
        }
        if (!isUtf8(rest.substr(0, translatedEnd)) || !isUtf8(text)) {
            return std::nullopt;
        }
        return TextValue { key, std::move(text) };
    }

    // Python's bytes.fromhex(): pairs of hexadecimal digits, whitespace allowed between pairs
    // (ASCII whitespace; in text with a byte past ASCII, Latin-1's NEL and no-break space and
    // the separators 0x1C..0x1F too). nullopt for anything else.
    std::optional<std::vector<std::uint8_t>> fromHex(std::string_view text)
    {
        const bool ascii = std::all_of(
            text.begin(), text.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
        const auto space = [ascii](unsigned char c) {
            return c == ' ' || (c >= '\t' && c <= '\r')
                || (!ascii && ((c >= 0x1C && c <= 0x1F) || c == 0x85 || c == 0xA0));
        };
        const auto digit = [](unsigned char c) -> int {
            if (c >= '0' && c <= '9') {
                return c - '0';
            }
            if ((c | 0x20) >= 'a' && (c | 0x20) <= 'f') {
                return (c | 0x20) - 'a' + 10;
            }
            return -1;
        };
        std::vector<std::uint8_t> bytes;
        bytes.reserve(text.size() / 2);
        std::size_t i = 0;
        while (i < text.size()) {
            if (space(static_cast<unsigned char>(text[i]))) {
                ++i;
                continue;
            }
            const int high = digit(static_cast<unsigned char>(text[i]));
            const int low
                = i + 1 < text.size() ? digit(static_cast<unsigned char>(text[i + 1])) : -1;
            if (high < 0 || low < 0) {
                return std::nullopt;
            }
            bytes.push_back(static_cast<std::uint8_t>(high * 16 + low));
            i += 2;
        }
        return bytes;
    }

    // What Pillow's Exif.load() reads: a leading "Exif\0\0" is dropped.
    std::vector<std::uint8_t> withoutExifPrefix(std::string_view bytes)
    {
        constexpr std::string_view kPrefix("Exif\0\0", 6);
        if (bytes.starts_with(kPrefix)) {
            bytes.remove_prefix(kPrefix.size());
        }
        return { bytes.begin(), bytes.end() };
    }

    // ImageMagick's raw profile: "\nexif\n<length>\n" then the hexadecimal lines; Pillow drops
    // the first three lines of the text and joins the rest.
    std::optional<std::vector<std::uint8_t>> rawProfileExif(std::string_view text)
    {
        for (int line = 0; line < 3; ++line) {
            const std::size_t end = text.find('\n');
            text = end == std::string_view::npos ? std::string_view {} : text.substr(end + 1);
        }
        std::string joined;
        joined.reserve(text.size());
        for (const char c : text) {
            if (c != '\n') {
                joined += c;
            }
        }
        auto bytes = fromHex(joined);
        if (!bytes) {
            return std::nullopt;
        }
        return withoutExifPrefix({ reinterpret_cast<const char*>(bytes->data()), bytes->size() });
    }

    // Pillow's search for r'tiff:Orientation(="|>)([0-9])' in the XMP text.
    std::optional<int> xmpOrientation(std::string_view xmp)
    {
        constexpr std::string_view kName = "tiff:Orientation";
        for (std::size_t at = xmp.find(kName); at != std::string_view::npos;
             at = xmp.find(kName, at + 1)) {
            std::string_view rest = xmp.substr(at + kName.size());
            if (rest.starts_with("=\"")) {
                rest.remove_prefix(2);
            } else if (rest.starts_with(">")) {
                rest.remove_prefix(1);
            } else {
                continue;
            }
            if (!rest.empty() && rest[0] >= '0' && rest[0] <= '9') {
                return rest[0] - '0';
            }
        }
        return std::nullopt;
    }

} // namespace

PngOrientation readOrientation(std::span<const std::uint8_t> file)
{
    // The last value of each key, as Image.info holds it once the file is loaded.
    std::optional<TextValue> exif;
    std::optional<std::string> rawProfile;
    std::optional<std::string> xmp;
    walkChunks(
        file, [&](const char* type, const std::uint8_t* bytes, std::size_t length, bool whole) {
            if (std::memcmp(type, "IEND", 4) == 0) {
                return false;
            }
            if (!whole) {
                return true; // Pillow fails a file cut inside a chunk
            }
            const std::string_view chunk(reinterpret_cast<const char*>(bytes), length);
            std::optional<TextValue> text;
            if (std::memcmp(type, "eXIf", 4) == 0) {
                text = TextValue { kExifKey, std::string(chunk), false };
            } else if (std::memcmp(type, "tEXt", 4) == 0) {
                text = readText(chunk);
            } else if (std::memcmp(type, "zTXt", 4) == 0) {
                text = readCompressedText(chunk);
            } else if (std::memcmp(type, "iTXt", 4) == 0) {
                text = readInternationalText(chunk);
            }
            if (!text) {
                return true;
            }
            if (text->key == kExifKey) {
                exif = std::move(text);
            } else if (text->key == kRawProfileKey) {
                rawProfile = std::move(text->value);
            } else if (text->key == kXmpKey) {
                xmp = std::move(text->value);
            }
            return true;
        });

    // A value Pillow cannot read (text where it wants bytes, bytes that are no TIFF structure)
    // is passed over: the raw profile is then read as where there is no "exif" value.
    // An empty value (or "Exif\0\0" alone) is read, as no tags.
    PngOrientation result;
    std::optional<std::vector<std::uint8_t>> readable;
    bool exifRead = false;
    if (exif && !exif->isText) {
        result.exif = withoutExifPrefix(exif->value);
        if (isTiffStructure(result.exif)) {
            readable = result.exif;
        }
        exifRead = readable || result.exif.empty();
    }
    if (!exifRead && rawProfile) {
        if (auto fromProfile = rawProfileExif(*rawProfile);
            fromProfile && isTiffStructure(*fromProfile)) {
            readable = std::move(fromProfile);
            result.exif = *readable;
        }
    }
    std::optional<int> tag = readable ? exifOrientationTag(*readable) : std::nullopt;
    if (!tag && xmp) {
        tag = xmpOrientation(*xmp);
    }
    result.orientation = tag && *tag >= 1 && *tag <= 8 ? *tag : 1;
    return result;
}

} // namespace dropsize::png

// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/core/codec.h"

#include <cctype>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string_view>

namespace dropsize {

ImageFormat sniffFormat(std::span<const std::uint8_t> head) noexcept
{
    static constexpr std::uint8_t kPng[8] = { 0x89, 'P', 'N', 'G', 0x0d, 0x0a, 0x1a, 0x0a };
    if (head.size() >= 8 && std::memcmp(head.data(), kPng, 8) == 0) {
        return ImageFormat::Png;
    }
    if (head.size() >= 3 && head[0] == 0xff && head[1] == 0xd8 && head[2] == 0xff) {
        return ImageFormat::Jpeg;
    }
    return ImageFormat::Unknown;
}

std::string describeContent(std::span<const std::uint8_t> head, std::uint64_t fileSize)
{
    if (fileSize == 0) {
        return "the file is empty";
    }
    auto startsWith = [&](std::string_view magic, std::size_t at = 0) {
        return head.size() >= at + magic.size()
            && std::memcmp(head.data() + at, magic.data(), magic.size()) == 0;
    };
    if (startsWith("GIF87a") || startsWith("GIF89a")) {
        return "not a JPEG or PNG image: it is a GIF image";
    }
    if (startsWith("RIFF") && startsWith("WEBP", 8)) {
        return "not a JPEG or PNG image: it is a WebP image";
    }
    if (startsWith("ftyp", 4)) {
        return "not a JPEG or PNG image: it is a HEIF/AVIF or MP4 file";
    }
    using namespace std::string_view_literals;
    if (startsWith("II*\0"sv) || startsWith("MM\0*"sv)) {
        return "not a JPEG or PNG image: it is a TIFF image";
    }
    if (startsWith("BM")) {
        return "not a JPEG or PNG image: it looks like a BMP image";
    }
    if (startsWith("%PDF")) {
        return "not a JPEG or PNG image: it is a PDF document";
    }
    if (startsWith("PK\3\4")) {
        return "not a JPEG or PNG image: it is a ZIP archive";
    }
    if (head.size() >= 2 && head[0] == 0xff && head[1] == 0xd8) {
        return "not a JPEG or PNG image: a JPEG start marker with no segment after it";
    }
    // Text: no control bytes but tab, CR and LF (UTF-8 bytes above 0x7f are fine).
    std::size_t at = startsWith("\xef\xbb\xbf") ? 3 : 0;
    bool text = true;
    for (std::size_t i = at; i < head.size(); ++i) {
        const std::uint8_t c = head[i];
        if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || c == 0x7f) {
            text = false;
            break;
        }
    }
    if (text) {
        while (at < head.size()
            && (head[at] == ' ' || head[at] == '\t' || head[at] == '\n' || head[at] == '\r')) {
            ++at;
        }
        std::string start;
        for (std::size_t i = at; i < head.size() && start.size() < 9; ++i) {
            start += static_cast<char>(std::tolower(head[i]));
        }
        if (start.starts_with("<!doctype") || start.starts_with("<html")
            || start.starts_with("<head")) {
            return "not a JPEG or PNG image: it looks like HTML (a web page saved under an image "
                   "name?)";
        }
        if (start.starts_with("<?xml") || start.starts_with("<svg")) {
            return "not a JPEG or PNG image: it looks like XML or SVG";
        }
        return "not a JPEG or PNG image: it looks like text";
    }
    return "not a JPEG or PNG image";
}

const char* formatName(ImageFormat format) noexcept
{
    switch (format) {
    case ImageFormat::Jpeg:
        return "jpeg";
    case ImageFormat::Png:
        return "png";
    case ImageFormat::Unknown:
        break;
    }
    return "unknown";
}

namespace {

    // Where the orientation entry's first value sits in a TIFF structure, how wide and signed it
    // is, and its byte order.
    struct OrientationEntry {
        std::size_t valueOffset = 0;
        std::size_t width = 2; ///< bytes: 2 for SHORT and SSHORT, 4 for LONG and SLONG
        bool isSigned = false;
        bool bigEndian = false;
    };

    // Pillow reads the tag whatever its integer type, and uses the first value when there are
    // several (some writers store orientation as a LONG, not the SHORT the standard asks for).
    // Its other numeric types (RATIONAL, FLOAT, DOUBLE) are not read here: nothing writes them.
    std::optional<OrientationEntry> findOrientation(std::span<const std::uint8_t> tiff) noexcept
    {
        if (tiff.size() < 8) {
            return std::nullopt;
        }
        bool big = false;
        if (tiff[0] == 'M' && tiff[1] == 'M') {
            big = true;
        } else if (!(tiff[0] == 'I' && tiff[1] == 'I')) {
            return std::nullopt;
        }
        auto u16 = [&](std::size_t at) -> std::uint32_t {
            return big ? (std::uint32_t { tiff[at] } << 8) | tiff[at + 1]
                       : (std::uint32_t { tiff[at + 1] } << 8) | tiff[at];
        };
        auto u32 = [&](std::size_t at) -> std::uint32_t {
            return big ? (u16(at) << 16) | u16(at + 2) : (u16(at + 2) << 16) | u16(at);
        };
        if (u16(2) != 42) {
            return std::nullopt;
        }
        const std::size_t ifd = u32(4);
        if (ifd > tiff.size() - 2) {
            return std::nullopt;
        }
        const std::size_t count = u16(ifd);
        for (std::size_t i = 0; i < count; ++i) {
            const std::size_t entry = ifd + 2 + 12 * i;
            if (entry + 12 > tiff.size()) {
                break;
            }
            if (u16(entry) != 0x0112) {
                continue;
            }
            OrientationEntry found { 0, 2, false, big };
            switch (u16(entry + 2)) {
            case 3: // SHORT
                break;
            case 4: // LONG
                found.width = 4;
                break;
            case 8: // SSHORT
                found.isSigned = true;
                break;
            case 9: // SLONG
                found.width = 4;
                found.isSigned = true;
                break;
            default:
                continue;
            }
            const std::uint64_t values = u32(entry + 4);
            if (values == 0) {
                continue;
            }
            // Values that fit in the entry's 4 bytes are stored there, others at an offset,
            // which must not point into the header or the entry table: resetting the value there
            // would rewrite what was read to find it (both found by tests/fuzz).
            const bool inline_ = values * found.width <= 4;
            found.valueOffset = inline_ ? entry + 8 : u32(entry + 8);
            if (found.valueOffset > tiff.size() - found.width) {
                continue;
            }
            const std::uint64_t tableEnd = ifd + 2 + 12 * std::uint64_t { count };
            const bool inTable
                = found.valueOffset + found.width > ifd && found.valueOffset < tableEnd;
            if (!inline_ && (found.valueOffset < 8 || inTable)) {
                continue;
            }
            return found;
        }
        return std::nullopt;
    }

} // namespace

int exifOrientation(std::span<const std::uint8_t> exif) noexcept
{
    const auto entry = findOrientation(exif);
    if (!entry) {
        return 1;
    }
    std::uint32_t bits = 0;
    for (std::size_t i = 0; i < entry->width; ++i) {
        const std::size_t at = entry->valueOffset + (entry->bigEndian ? i : entry->width - 1 - i);
        bits = (bits << 8) | exif[at];
    }
    std::int64_t value = bits;
    if (entry->isSigned) {
        value = entry->width == 2 ? std::int64_t { static_cast<std::int16_t>(bits) }
                                  : std::int64_t { static_cast<std::int32_t>(bits) };
    }
    return (value >= 1 && value <= 8) ? static_cast<int>(value) : 1;
}

bool resetExifOrientation(std::span<std::uint8_t> exif) noexcept
{
    const auto entry = findOrientation(exif);
    if (!entry) {
        return false;
    }
    for (std::size_t i = 0; i < entry->width; ++i) {
        const bool lowest = entry->bigEndian ? i + 1 == entry->width : i == 0;
        exif[entry->valueOffset + i] = lowest ? 1 : 0;
    }
    return true;
}

} // namespace dropsize

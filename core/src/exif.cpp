// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "exif.h"

#include <cstdint>
#include <optional>

namespace dropsize {

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

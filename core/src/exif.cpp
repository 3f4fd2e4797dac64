// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "exif.h"

#include <algorithm>
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

namespace {

    // A TIFF structure's bytes with its byte order: reads and writes within bounds only.
    class TiffBytes {
    public:
        explicit TiffBytes(std::vector<std::uint8_t>& bytes) noexcept
            : m_b(bytes)
        {
            m_valid = bytes.size() >= 8
                && ((bytes[0] == 'M' && bytes[1] == 'M') || (bytes[0] == 'I' && bytes[1] == 'I'));
            m_big = m_valid && bytes[0] == 'M';
            m_valid = m_valid && u16(2) == 42;
        }
        bool valid() const noexcept { return m_valid; }
        std::size_t size() const noexcept { return m_b.size(); }
        bool fits(std::uint64_t at, std::uint64_t length) const noexcept
        {
            return at <= m_b.size() && length <= m_b.size() - at;
        }
        std::uint32_t u16(std::size_t at) const noexcept
        {
            const std::uint32_t a = m_b[at];
            const std::uint32_t b = m_b[at + 1];
            return m_big ? (a << 8) | b : (b << 8) | a;
        }
        std::uint32_t u32(std::size_t at) const noexcept
        {
            return m_big ? (u16(at) << 16) | u16(at + 2) : (u16(at + 2) << 16) | u16(at);
        }
        void put16(std::size_t at, std::uint32_t v) noexcept
        {
            m_b[at + (m_big ? 0 : 1)] = static_cast<std::uint8_t>(v >> 8);
            m_b[at + (m_big ? 1 : 0)] = static_cast<std::uint8_t>(v);
        }
        void put32(std::size_t at, std::uint32_t v) noexcept
        {
            put16(at + (m_big ? 0 : 2), v >> 16);
            put16(at + (m_big ? 2 : 0), v & 0xFFFF);
        }

    private:
        std::vector<std::uint8_t>& m_b;
        bool m_valid = false;
        bool m_big = false;
    };

    constexpr std::size_t kEntrySize = 12;
    constexpr int kMaxDepth = 4;

    // Bytes per value of a TIFF type (0: a type this reader does not know).
    std::uint64_t typeSize(std::uint32_t type) noexcept
    {
        switch (type) {
        case 1:
        case 2:
        case 6:
        case 7: // BYTE, ASCII, SBYTE, UNDEFINED
            return 1;
        case 3:
        case 8: // SHORT, SSHORT
            return 2;
        case 4:
        case 9:
        case 11:
        case 13: // LONG, SLONG, FLOAT, IFD
            return 4;
        case 5:
        case 10:
        case 12: // RATIONAL, SRATIONAL, DOUBLE
            return 8;
        default:
            return 0;
        }
    }

    // The entry count of the IFD at `ifd`, when its table (and next-IFD pointer) is inside.
    std::optional<std::size_t> tableOf(const TiffBytes& t, std::uint64_t ifd) noexcept
    {
        if (ifd < 8 || !t.fits(ifd, 2)) {
            return std::nullopt;
        }
        const std::size_t count = t.u16(static_cast<std::size_t>(ifd));
        if (!t.fits(ifd + 2, kEntrySize * count + 4)) {
            return std::nullopt;
        }
        return count;
    }

    // The offset of entry `tag` in the IFD at `ifd`, or nullopt.
    std::optional<std::size_t> entryOf(
        const TiffBytes& t, std::size_t ifd, std::uint32_t tag) noexcept
    {
        const auto count = tableOf(t, ifd);
        for (std::size_t i = 0; count && i < *count; ++i) {
            const std::size_t entry = ifd + 2 + kEntrySize * i;
            if (t.u16(entry) == tag) {
                return entry;
            }
        }
        return std::nullopt;
    }

    // Marks in `used` the bytes the IFD at `ifd` takes (its table, next pointer and the values
    // stored outside its entries) and, through the Exif, GPS and Interoperability pointers, the
    // IFDs below it.
    void markUsed(const TiffBytes& t, std::size_t ifd, int depth, std::vector<bool>& used) noexcept
    {
        const auto count = tableOf(t, ifd);
        if (!count || depth > kMaxDepth) {
            return;
        }
        // What lies inside of a value that runs past the end (a reader may still take its
        // first items) counts as used too.
        const auto mark = [&](std::uint64_t at, std::uint64_t length) {
            if (at < t.size()) {
                const std::uint64_t end = std::min<std::uint64_t>(t.size(), at + length);
                std::fill(used.begin() + static_cast<std::ptrdiff_t>(at),
                    used.begin() + static_cast<std::ptrdiff_t>(end), true);
            }
        };
        mark(ifd, 2 + kEntrySize * *count + 4);
        for (std::size_t i = 0; i < *count; ++i) {
            const std::size_t entry = ifd + 2 + kEntrySize * i;
            const std::uint32_t tag = t.u16(entry);
            const std::uint64_t length = typeSize(t.u16(entry + 2)) * t.u32(entry + 4);
            if (length > 4) {
                mark(t.u32(entry + 8), length);
            }
            if (tag == 0x8769 || tag == 0x8825 || tag == 0xA005) {
                markUsed(t, t.u32(entry + 8), depth + 1, used);
            }
        }
    }

    // Sets a one-value SHORT or LONG entry to `value` (a SHORT becomes a LONG when it must).
    void setCount(TiffBytes& t, std::size_t entry, std::uint32_t value) noexcept
    {
        const std::uint32_t type = t.u16(entry + 2);
        if ((type != 3 && type != 4) || t.u32(entry + 4) != 1) {
            return;
        }
        if (type == 3 && value <= 0xFFFF) {
            t.put16(entry + 8, value);
            t.put16(entry + 10, 0);
        } else {
            t.put16(entry + 2, 4);
            t.put32(entry + 8, value);
        }
    }

} // namespace

namespace {

    void fitExif(std::vector<std::uint8_t>& exif, std::uint32_t width, std::uint32_t height);

} // namespace

void fitExifToOutput(std::vector<std::uint8_t>& exif, std::uint32_t width, std::uint32_t height)
{
    // A block whose structures overlap (the Exif IFD inside IFD0, a value where a pointer is)
    // could have the rewrite change what the orientation reader reads: such a block is left as
    // it was.
    const std::vector<std::uint8_t> before = exif;
    const int orientation = exifOrientation(before);
    fitExif(exif, width, height);
    if (exifOrientation(exif) != orientation) {
        exif = before;
    }
}

namespace {

    void fitExif(std::vector<std::uint8_t>& exif, std::uint32_t width, std::uint32_t height)
    {
        TiffBytes t(exif);
        if (!t.valid()) {
            return;
        }
        const std::size_t ifd0 = t.u32(4);
        const auto count0 = tableOf(t, ifd0);
        if (!count0) {
            return;
        }
        if (const auto pointer = entryOf(t, ifd0, 0x8769)) {
            const std::size_t exifIfd = t.u32(*pointer + 8);
            if (const auto x = entryOf(t, exifIfd, 0xA002)) {
                setCount(t, *x, width);
            }
            if (const auto y = entryOf(t, exifIfd, 0xA003)) {
                setCount(t, *y, height);
            }
        }
        const std::size_t next = ifd0 + 2 + kEntrySize * *count0;
        const std::size_t ifd1 = t.u32(next);
        if (ifd1 == 0) {
            return;
        }
        t.put32(next, 0); // no IFD1, no thumbnail
        std::vector<bool> used(exif.size(), false);
        std::fill_n(used.begin(), 8, true);
        markUsed(t, ifd0, 0, used);
        // What IFD1 held: its table, its values and the thumbnail (a JPEG, or strips), zeroed
        // where nothing kept shares the bytes.
        std::vector<bool> thumbnail(exif.size(), false);
        markUsed(t, ifd1, kMaxDepth, thumbnail);
        const auto value = [&](std::uint32_t tag, std::size_t i) -> std::uint64_t {
            const auto entry = entryOf(t, ifd1, tag);
            if (!entry || i >= t.u32(*entry + 4)) {
                return 0;
            }
            const bool isShort = t.u16(*entry + 2) == 3;
            const std::uint64_t n = t.u32(*entry + 4);
            const std::uint64_t at = n * (isShort ? 2 : 4) <= 4 ? *entry + 8 : t.u32(*entry + 8);
            const std::uint64_t item = at + i * (isShort ? 2 : 4);
            if (!t.fits(item, isShort ? 2 : 4)) {
                return 0;
            }
            return isShort ? t.u16(static_cast<std::size_t>(item))
                           : t.u32(static_cast<std::size_t>(item));
        };
        const auto markThumbnail = [&](std::uint64_t at, std::uint64_t length) {
            if (length > 0 && t.fits(at, length)) {
                std::fill_n(thumbnail.begin() + static_cast<std::ptrdiff_t>(at),
                    static_cast<std::ptrdiff_t>(length), true);
            }
        };
        markThumbnail(value(0x0201, 0), value(0x0202, 0));
        if (const auto strips = entryOf(t, ifd1, 0x0111)) {
            const std::size_t n = std::min<std::size_t>(t.u32(*strips + 4), 65536);
            for (std::size_t i = 0; i < n; ++i) {
                markThumbnail(value(0x0111, i), value(0x0117, i));
            }
        }
        for (std::size_t i = 0; i < exif.size(); ++i) {
            if (thumbnail[i] && !used[i]) {
                exif[i] = 0;
            }
        }
        // The end cut off where it held the thumbnail (or zeros between it and what is kept);
        // bytes of unknown use are kept, whatever points at them.
        std::size_t end = exif.size();
        while (end > 8 && !used[end - 1] && (thumbnail[end - 1] || exif[end - 1] == 0)) {
            --end;
        }
        exif.resize(end);
    }

} // namespace

} // namespace dropsize

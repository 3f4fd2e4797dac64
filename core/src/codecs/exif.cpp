// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "codecs/exif.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace dropsize {

namespace {

    // A TIFF structure's bytes with its byte order, read within bounds only. The headers Pillow
    // takes are accepted: "II" or "MM", then 42 in either byte order (BigTIFF is not EXIF).
    class TiffView {
    public:
        explicit TiffView(std::span<const std::uint8_t> bytes) noexcept
            : m_b(bytes)
        {
            if (bytes.size() < 8 || bytes[0] != bytes[1] || (bytes[0] != 'I' && bytes[0] != 'M')) {
                return;
            }
            m_big = bytes[0] == 'M';
            m_valid = (bytes[2] == 42 && bytes[3] == 0) || (bytes[2] == 0 && bytes[3] == 42);
        }
        bool valid() const noexcept { return m_valid; }
        bool bigEndian() const noexcept { return m_big; }
        std::size_t size() const noexcept { return m_b.size(); }
        bool fits(std::uint64_t at, std::uint64_t length) const noexcept
        {
            return at <= m_b.size() && length <= m_b.size() - at;
        }
        std::uint32_t u8(std::size_t at) const noexcept { return m_b[at]; }
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
        std::uint64_t u64(std::size_t at) const noexcept
        {
            const std::uint64_t first = u32(at);
            const std::uint64_t second = u32(at + 4);
            return m_big ? (first << 32) | second : (second << 32) | first;
        }

    private:
        std::span<const std::uint8_t> m_b;
        bool m_valid = false;
        bool m_big = false;
    };

    // The same, writable: a number of `width` bytes is put in the block's byte order.
    class TiffBytes : public TiffView {
    public:
        explicit TiffBytes(std::span<std::uint8_t> bytes) noexcept
            : TiffView(bytes)
            , m_w(bytes)
        {
        }
        void put(std::size_t at, std::size_t width, std::uint64_t value) noexcept
        {
            for (std::size_t i = 0; i < width; ++i) {
                const std::size_t shift = 8 * (bigEndian() ? width - 1 - i : i);
                m_w[at + i] = static_cast<std::uint8_t>(value >> shift);
            }
        }
        void put16(std::size_t at, std::uint32_t v) noexcept { put(at, 2, v); }
        void put32(std::size_t at, std::uint32_t v) noexcept { put(at, 4, v); }

    private:
        std::span<std::uint8_t> m_w;
    };

    constexpr std::size_t kEntrySize = 12;
    constexpr std::uint32_t kOrientationTag = 0x0112;

    // Bytes per value of a TIFF type as Pillow 9.4 loads it (0: a type it skips). LONG8 (16) is
    // BigTIFF's, which Pillow reads in any TIFF.
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
        case 12:
        case 16: // RATIONAL, SRATIONAL, DOUBLE, LONG8
            return 8;
        default:
            return 0;
        }
    }

    // An orientation entry of IFD0 as Pillow reads it: where its first value is, and the
    // orientation that value gives exif_transpose() (2..8, or 1 for any other value).
    struct OrientationEntry {
        std::size_t entry = 0;
        std::uint32_t type = 0;
        std::size_t valueOffset = 0;
        int orientation = 1;
    };

    // What the first value of a numeric type says: Pillow looks the value up among the integers
    // 2..8, and a float, a double or a rational equal to one of them is found too (6.0, 12/2).
    // BYTE, ASCII and UNDEFINED values are bytes or text to Pillow, never an orientation.
    int orientationOf(const TiffView& t, std::uint32_t type, std::size_t at) noexcept
    {
        std::int64_t whole = 0;
        switch (type) {
        case 3:
            whole = t.u16(at);
            break;
        case 4:
        case 13:
            whole = t.u32(at);
            break;
        case 6:
            whole = std::int64_t { t.u8(at) } - (t.u8(at) >= 0x80 ? 0x100 : 0); // two's complement
            break;
        case 8:
            whole = static_cast<std::int16_t>(t.u16(at));
            break;
        case 9:
            whole = static_cast<std::int32_t>(t.u32(at));
            break;
        case 16:
            whole = t.u64(at) <= 8 ? static_cast<std::int64_t>(t.u64(at)) : 0;
            break;
        case 5:
        case 10: {
            const auto part = [&](std::size_t p) {
                return type == 10 ? std::int64_t { static_cast<std::int32_t>(t.u32(p)) }
                                  : std::int64_t { t.u32(p) };
            };
            const std::int64_t num = part(at);
            const std::int64_t den = part(at + 4);
            whole = den != 0 && num % den == 0 ? num / den : 0;
            break;
        }
        case 11:
        case 12: {
            // A float widens to the double of the same value.
            const double value = type == 11 ? double { std::bit_cast<float>(t.u32(at)) }
                                            : std::bit_cast<double>(t.u64(at));
            whole = value >= 2.0 && value <= 8.0 && value == std::floor(value)
                ? static_cast<std::int64_t>(value)
                : 0;
            break;
        }
        default:
            break;
        }
        return whole >= 2 && whole <= 8 ? static_cast<int>(whole) : 1;
    }

    // Calls visit(entry) for every orientation entry of IFD0 that Pillow 9.4 loads, in order:
    // Pillow reads the entries one by one until the table runs out of bytes, skips an entry of an
    // unknown type, with no values, or whose values do not all lie inside, and keeps the last of
    // several entries of one tag.
    template <class Visit> void forEachOrientationEntry(const TiffView& t, Visit visit) noexcept
    {
        if (!t.valid()) {
            return;
        }
        const std::size_t ifd = t.u32(4);
        if (!t.fits(ifd, 2)) {
            return;
        }
        const std::size_t count = t.u16(ifd);
        for (std::size_t i = 0; i < count; ++i) {
            const std::size_t entry = ifd + 2 + kEntrySize * i;
            if (!t.fits(entry, kEntrySize)) {
                break;
            }
            const std::uint32_t type = t.u16(entry + 2);
            const std::uint64_t size = typeSize(type) * t.u32(entry + 4);
            if (t.u16(entry) != kOrientationTag || size == 0) {
                continue;
            }
            const std::uint64_t at = size <= 4 ? entry + 8 : t.u32(entry + 8);
            if (!t.fits(at, size)) {
                continue;
            }
            const auto valueOffset = static_cast<std::size_t>(at);
            visit(
                OrientationEntry { entry, type, valueOffset, orientationOf(t, type, valueOffset) });
        }
    }

    // Writes 1 as the first value of a numeric type (1/1 for a rational); false for the types
    // whose value is not a number to Pillow.
    bool putOne(TiffBytes& t, std::uint32_t type, std::size_t at) noexcept
    {
        switch (type) {
        case 5:
        case 10:
            t.put(at, 4, 1);
            t.put(at + 4, 4, 1);
            return true;
        case 11:
            t.put(at, 4, std::bit_cast<std::uint32_t>(1.0F));
            return true;
        case 12:
            t.put(at, 8, std::bit_cast<std::uint64_t>(1.0));
            return true;
        case 3:
        case 4:
        case 6:
        case 8:
        case 9:
        case 13:
        case 16:
            t.put(at, static_cast<std::size_t>(typeSize(type)), 1);
            return true;
        default:
            return false;
        }
    }

} // namespace

bool isTiffStructure(std::span<const std::uint8_t> exif) noexcept { return TiffView(exif).valid(); }

std::optional<int> exifOrientationTag(std::span<const std::uint8_t> exif) noexcept
{
    std::optional<int> last;
    forEachOrientationEntry(
        TiffView(exif), [&](const OrientationEntry& e) { last = e.orientation; });
    return last;
}

int exifOrientation(std::span<const std::uint8_t> exif) noexcept
{
    return exifOrientationTag(exif).value_or(1);
}

bool resetExifOrientation(std::span<std::uint8_t> exif)
{
    TiffBytes t(exif);
    const std::vector<std::uint8_t> before(exif.begin(), exif.end());
    const std::size_t ifd = t.valid() ? t.u32(4) : 0;
    forEachOrientationEntry(t, [&](const OrientationEntry& e) {
        // A value stored away from its entry is not rewritten where it lies in the header or
        // in IFD0's table: that would change what was read to find it (found by tests/fuzz).
        const std::uint64_t width = typeSize(e.type);
        const bool away = e.valueOffset != e.entry + 8;
        const std::uint64_t tableEnd = ifd + 2 + kEntrySize * std::uint64_t { t.u16(ifd) };
        const bool inTable = e.valueOffset + width > ifd && e.valueOffset < tableEnd;
        if (!away || (e.valueOffset >= 8 && !inTable)) {
            (void)putOne(t, e.type, e.valueOffset);
        }
    });
    // What could not be rewritten, or a rewrite that changed another entry's reading: the
    // block is given back as it was, for the caller to drop.
    if (exifOrientation(exif) != 1) {
        std::copy(before.begin(), before.end(), exif.begin());
        return false;
    }
    return true;
}

namespace {

    constexpr int kMaxDepth = 4;

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

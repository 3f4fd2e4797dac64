// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "codecs/png/png_image_data.h"

#include "codecs/png/png_chunks.h"

#include <array>
#include <cstdlib>
#include <cstring>
#include <libdeflate.h>
#include <memory>
#include <new>

namespace dropsize::png {

namespace {

    // PNG's five row filters (PNG 1.2, section 9.2): each byte against the one `bpp` bytes to its
    // left (a), the one above (b) and the one above that (c); outside the image these are 0.
    enum Filter : unsigned char { kNone, kSub, kUp, kAverage, kPaeth };
    constexpr std::size_t kFilters = 5;

    unsigned char paeth(int a, int b, int c)
    {
        const int p = a + b - c;
        const int pa = std::abs(p - a);
        const int pb = std::abs(p - b);
        const int pc = std::abs(p - c);
        return static_cast<unsigned char>(pa <= pb && pa <= pc ? a : (pb <= pc ? b : c));
    }

    unsigned char byte(int v) { return static_cast<unsigned char>(v); }

    // One row filtered each way into out[f] (n bytes each); `prior` is the row above (zeros for
    // the first). One loop a filter, with no branch inside, so that the compiler vectorises them.
    void filterRowEachWay(const unsigned char* row, const unsigned char* prior, std::size_t n,
        std::size_t bpp, const std::array<unsigned char*, kFilters>& out)
    {
        std::memcpy(out[kNone], row, n);
        for (std::size_t i = 0; i < n; ++i) {
            out[kUp][i] = byte(row[i] - prior[i]);
        }
        for (std::size_t i = 0; i < bpp; ++i) {
            out[kSub][i] = row[i];
            out[kAverage][i] = byte(row[i] - prior[i] / 2);
            out[kPaeth][i] = byte(row[i] - prior[i]); // a = c = 0: the predictor is b
        }
        for (std::size_t i = bpp; i < n; ++i) {
            out[kSub][i] = byte(row[i] - row[i - bpp]);
            out[kAverage][i] = byte(row[i] - ((row[i - bpp] + prior[i]) >> 1));
            out[kPaeth][i] = byte(row[i] - paeth(row[i - bpp], prior[i], prior[i - bpp]));
        }
    }

    // The sum of a filtered row's bytes read as signed, in magnitude: what libpng's default
    // heuristic (the PNG specification's suggestion) makes least.
    std::uint64_t signedMagnitude(const unsigned char* bytes, std::size_t n)
    {
        std::uint64_t sum = 0;
        for (std::size_t i = 0; i < n; ++i) {
            sum += bytes[i] < 128 ? bytes[i] : 256U - bytes[i];
        }
        return sum;
    }

    // The filter type byte and the row filtered its best way, into out (n + 1 bytes).
    void filterRow(const unsigned char* row, const unsigned char* prior, std::size_t n,
        std::size_t bpp, const std::array<unsigned char*, kFilters>& ways, unsigned char* out)
    {
        filterRowEachWay(row, prior, n, bpp, ways);
        std::size_t best = kNone;
        std::uint64_t least = signedMagnitude(ways[kNone], n);
        for (std::size_t f = kSub; f < kFilters; ++f) {
            const std::uint64_t sum = signedMagnitude(ways[f], n);
            if (sum < least) {
                least = sum;
                best = f;
            }
        }
        out[0] = static_cast<unsigned char>(best);
        std::memcpy(out + 1, ways[best], n);
    }

    // Undoes a row's filter in place: `src` (the filtered bytes) lies at or after `dst`, never
    // before, so each byte is read before anything writes over it. `prior` is the row above,
    // already undone (zeros for the first).
    bool unfilterRow(unsigned char type, const unsigned char* src, unsigned char* dst,
        const unsigned char* prior, std::size_t n, std::size_t bpp)
    {
        switch (type) {
        case kNone:
            std::memmove(dst, src, n);
            return true;
        case kSub:
            for (std::size_t i = 0; i < n; ++i) {
                dst[i] = byte(src[i] + (i < bpp ? 0 : dst[i - bpp]));
            }
            return true;
        case kUp:
            for (std::size_t i = 0; i < n; ++i) {
                dst[i] = byte(src[i] + prior[i]);
            }
            return true;
        case kAverage:
            for (std::size_t i = 0; i < n; ++i) {
                dst[i] = byte(src[i] + (((i < bpp ? 0 : dst[i - bpp]) + prior[i]) >> 1));
            }
            return true;
        case kPaeth:
            for (std::size_t i = 0; i < n; ++i) {
                dst[i] = byte(
                    src[i] + (i < bpp ? prior[i] : paeth(dst[i - bpp], prior[i], prior[i - bpp])));
            }
            return true;
        default:
            return false;
        }
    }

    struct Deleter {
        void operator()(libdeflate_compressor* c) const { libdeflate_free_compressor(c); }
        void operator()(libdeflate_decompressor* d) const { libdeflate_free_decompressor(d); }
    };

    std::uint32_t bigEndian32(const std::uint8_t* p)
    {
        return (std::uint32_t { p[0] } << 24) | (std::uint32_t { p[1] } << 16)
            | (std::uint32_t { p[2] } << 8) | p[3];
    }

    // The IDAT chunks' data, each chunk's as it lies in the file; empty when a chunk is cut
    // short or has a wrong CRC, or when another IDAT follows the first run of them.
    std::vector<std::span<const std::uint8_t>> findIdat(std::span<const std::uint8_t> file)
    {
        std::vector<std::span<const std::uint8_t>> found;
        bool flawed = false;
        bool ended = false; // the first run of IDAT chunks is over
        walkChunks(
            file, [&](const char* type, const std::uint8_t* data, std::size_t length, bool whole) {
                if (std::memcmp(type, "IDAT", 4) != 0) {
                    ended = ended || !found.empty();
                    return std::memcmp(type, "IEND", 4) != 0;
                }
                // The CRC covers the type and the data; it follows them.
                const auto* chunk = reinterpret_cast<const std::uint8_t*>(type);
                const std::size_t end = static_cast<std::size_t>(data - file.data()) + length;
                flawed = ended || !whole || file.size() - end < 4
                    || libdeflate_crc32(0, chunk, length + 4) != bigEndian32(file.data() + end);
                found.emplace_back(data, length);
                return !flawed;
            });
        if (flawed) {
            found.clear();
        }
        return found;
    }

    // The zlib stream the chunks hold: the one chunk's data where it lies, or all of it copied
    // into `joined` (not zeroed first: every byte is written).
    std::span<const std::uint8_t> zlibStream(
        const std::vector<std::span<const std::uint8_t>>& chunks,
        std::unique_ptr<std::uint8_t[]>& joined)
    {
        if (chunks.size() == 1) {
            return chunks.front();
        }
        std::size_t size = 0;
        for (const auto& c : chunks) {
            size += c.size();
        }
        joined = std::make_unique_for_overwrite<std::uint8_t[]>(size);
        std::size_t at = 0;
        for (const auto& c : chunks) {
            std::memcpy(joined.get() + at, c.data(), c.size());
            at += c.size();
        }
        return { joined.get(), size };
    }

} // namespace

std::vector<std::uint8_t> compressImageData(
    ConstImageView image, int level, const CancelToken* cancel)
{
    const auto n = static_cast<std::size_t>(image.width) * static_cast<std::size_t>(image.channels);
    const auto bpp = static_cast<std::size_t>(image.channels);
    const auto height = static_cast<std::size_t>(image.height);
    std::vector<unsigned char> filtered((n + 1) * height);
    std::vector<unsigned char> scratch(n * kFilters);
    const std::vector<unsigned char> zeros(n, 0);
    std::array<unsigned char*, kFilters> ways {};
    for (std::size_t f = 0; f < kFilters; ++f) {
        ways[f] = scratch.data() + n * f;
    }
    for (std::size_t y = 0; y < height; ++y) {
        if (cancel != nullptr && y % 64 == 0 && cancel->stopRequested()) {
            return {};
        }
        const unsigned char* row = image.data + static_cast<std::ptrdiff_t>(y) * image.stride;
        filterRow(row, y == 0 ? zeros.data() : row - image.stride, n, bpp, ways,
            filtered.data() + y * (n + 1));
    }
    const std::unique_ptr<libdeflate_compressor, Deleter> compressor(
        libdeflate_alloc_compressor(level));
    if (compressor == nullptr) {
        throw std::bad_alloc();
    }
    std::vector<std::uint8_t> compressed(
        libdeflate_zlib_compress_bound(compressor.get(), filtered.size()));
    compressed.resize(libdeflate_zlib_compress(
        compressor.get(), filtered.data(), filtered.size(), compressed.data(), compressed.size()));
    return compressed;
}

bool inflateImageData(std::span<const std::uint8_t> file, std::uint8_t* rows, std::size_t rowBytes,
    std::size_t height, int channels, const CancelToken* cancel)
{
    const std::vector<std::span<const std::uint8_t>> chunks = findIdat(file);
    if (chunks.empty()) {
        return false;
    }
    std::unique_ptr<std::uint8_t[]> joined;
    const std::span<const std::uint8_t> stream = zlibStream(chunks, joined);
    // libpng inflates with the window the stream's header names, libdeflate always with 32 KiB:
    // a stream that names a smaller one (and may reach past it) is libpng's to judge. (libdeflate
    // also takes the Huffman header's two unused codes of each table, 287-288 and 31-32, which
    // zlib refuses; a stream using them is not one a PNG writer makes, and its rows decode.)
    if (stream.empty() || (stream[0] >> 4) != 7) {
        return false;
    }
    const std::unique_ptr<libdeflate_decompressor, Deleter> decompressor(
        libdeflate_alloc_decompressor());
    if (decompressor == nullptr) {
        throw std::bad_alloc();
    }
    const std::size_t filteredBytes = (rowBytes + 1) * height;
    std::size_t in = 0;
    std::size_t out = 0;
    if (libdeflate_zlib_decompress_ex(
            decompressor.get(), stream.data(), stream.size(), rows, filteredBytes, &in, &out)
            != LIBDEFLATE_SUCCESS
        || in != stream.size() || out != filteredBytes) {
        return false;
    }
    const std::vector<std::uint8_t> zeros(rowBytes, 0);
    const auto bpp = static_cast<std::size_t>(channels);
    for (std::size_t y = 0; y < height; ++y) {
        if (cancel != nullptr && y % 64 == 0 && cancel->stopRequested()) {
            return false; // libpng's reader, given the rest, sees the stop first
        }
        const std::uint8_t* src = rows + y * (rowBytes + 1);
        std::uint8_t* dst = rows + y * rowBytes;
        if (!unfilterRow(
                src[0], src + 1, dst, y == 0 ? zeros.data() : dst - rowBytes, rowBytes, bpp)) {
            return false;
        }
    }
    return true;
}

} // namespace dropsize::png

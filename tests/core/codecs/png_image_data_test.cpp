// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
//
// PNG's image data through libdeflate (codecs/png/png_image_data.h): what the encoder writes
// libpng reads back exactly, with every filter; a plain PNG inflates here to the rows libpng
// reads, shared files included; and image data with any flaw is left to libpng.
#include "codecs/image_decoder.h"
#include "codecs/png/png_chunks.h"
#include "codecs/png/png_decoder.h"
#include "codecs/png/png_encoder.h"
#include "codecs/png/png_image_data.h"
#include "support/test_support.h"

#include <array>
#include <csetjmp>
#include <cstring>
#include <gtest/gtest.h>
#include <png.h>
#include <set>
#include <zlib.h>

namespace dropsize {
namespace {

    namespace fs = std::filesystem;
    using Bytes = std::vector<std::uint8_t>;

    // libpng's own reading of a PNG with no transformation asked: the reference. Everything
    // with a destructor lives here, outside readC(), which holds the setjmp().
    struct LibpngRead {
        const Bytes* file = nullptr;
        std::size_t at = 0;
        png_uint_32 width = 0;
        png_uint_32 height = 0;
        int bitDepth = 0;
        int colorType = 0;
        int interlace = 0;
        bool tRNS = false;
        std::size_t rowBytes = 0;
        Bytes rows;
        std::vector<png_bytep> pointers;
    };

    void readFromMemory(png_structp png, png_bytep out, png_size_t n)
    {
        auto* r = static_cast<LibpngRead*>(png_get_io_ptr(png));
        if (n > r->file->size() - r->at) {
            png_error(png, "end of file");
        }
        std::memcpy(out, r->file->data() + r->at, n);
        r->at += n;
    }

    void quietWarning(png_structp, png_const_charp) { }
    [[noreturn]] void quietError(png_structp png, png_const_charp) { png_longjmp(png, 1); }

    bool readC(png_structp png, png_infop info, LibpngRead* r)
    {
        if (setjmp(png_jmpbuf(png))) {
            return false;
        }
        png_set_read_fn(png, r, readFromMemory);
        png_read_info(png, info);
        png_get_IHDR(png, info, &r->width, &r->height, &r->bitDepth, &r->colorType, &r->interlace,
            nullptr, nullptr);
        r->tRNS = png_get_valid(png, info, PNG_INFO_tRNS) != 0;
        r->rowBytes = png_get_rowbytes(png, info);
        r->rows.resize(r->rowBytes * r->height);
        r->pointers.resize(r->height);
        for (png_uint_32 y = 0; y < r->height; ++y) {
            r->pointers[y] = r->rows.data() + r->rowBytes * y;
        }
        png_read_image(png, r->pointers.data());
        return true;
    }

    // The file read by libpng; nullopt where libpng fails on it, a side is over 4096 or a chunk
    // over 1 MiB.
    std::optional<LibpngRead> readWithLibpng(const Bytes& file)
    {
        LibpngRead r;
        r.file = &file;
        png_structp png
            = png_create_read_struct(PNG_LIBPNG_VER_STRING, nullptr, quietError, quietWarning);
        png_infop info = png_create_info_struct(png);
        // Not the shared decompression bombs, nor their chunks of gigabytes.
        png_set_user_limits(png, 4096, 4096);
        png_set_chunk_malloc_max(png, png_alloc_size_t { 1 } << 20);
        const bool read = readC(png, info, &r);
        png_destroy_read_struct(&png, &info, nullptr);
        if (!read) {
            return std::nullopt;
        }
        return r;
    }

    bool isPlain(const LibpngRead& r)
    {
        return r.bitDepth == 8 && r.colorType != PNG_COLOR_TYPE_PALETTE && !r.tRNS
            && r.interlace == PNG_INTERLACE_NONE;
    }

    int channelsOf(int colorType)
    {
        switch (colorType) {
        case PNG_COLOR_TYPE_GRAY:
            return 1;
        case PNG_COLOR_TYPE_GRAY_ALPHA:
            return 2;
        case PNG_COLOR_TYPE_RGB:
            return 3;
        default:
            return 4;
        }
    }

    // The rows as inflateImageData() gives them, or nullopt where it leaves the file to libpng.
    std::optional<Bytes> inflated(
        const Bytes& file, std::size_t rowBytes, std::size_t height, int channels)
    {
        Bytes buffer(rowBytes * height + height);
        if (!png::inflateImageData(file, buffer.data(), rowBytes, height, channels)) {
            return std::nullopt;
        }
        buffer.resize(rowBytes * height);
        return buffer;
    }

    Bytes encodedPng(const Image& image, int level = 6)
    {
        EncodeOptions options;
        options.pngCompression = level;
        auto png = PngEncoder::encode(image.view(), options, {});
        EXPECT_TRUE(png.ok()) << png.error().message;
        return png.ok() ? std::move(png).value() : Bytes {};
    }

    Bytes pixelsOf(const Image& image)
    {
        return { image.data(), image.data() + image.stride() * image.height() };
    }

    // An image whose rows call for different filters: noise, flat runs, ramps across and down,
    // and rows each byte of which is the mean of the one to its left and the one above.
    Image mixedImage(int width, int height, int channels)
    {
        Image image = test::makeTestImage(width, height, channels, 7);
        for (int y = 0; y < height; ++y) {
            std::uint8_t* row = image.data() + image.stride() * y;
            const int band = (y / 4) % 5;
            for (int i = 0; i < width * channels; ++i) {
                if (band == 4 && y > 0) {
                    const int left = i < channels ? 0 : row[i - channels];
                    row[i] = static_cast<std::uint8_t>((left + row[i - image.stride()]) / 2);
                } else if (band == 1) {
                    row[i] = 200; // flat: None or Sub
                } else if (band == 2) {
                    row[i] = static_cast<std::uint8_t>(i / channels * 3); // a ramp across: Sub
                } else if (band == 3) {
                    row[i] = static_cast<std::uint8_t>(y * 5 + i % channels); // down: Up
                }
            }
        }
        return image;
    }

    // The filter types of an encoded PNG's rows, read with zlib (not libdeflate).
    std::set<int> filtersUsed(const Bytes& file, std::size_t rowBytes, std::size_t height)
    {
        Bytes stream;
        png::walkChunks(file, [&](const char* type, const std::uint8_t* data, std::size_t n, bool) {
            if (std::memcmp(type, "IDAT", 4) == 0) {
                stream.insert(stream.end(), data, data + n);
            }
            return true;
        });
        Bytes raw((rowBytes + 1) * height);
        auto size = static_cast<uLongf>(raw.size());
        EXPECT_EQ(
            uncompress(raw.data(), &size, stream.data(), static_cast<uLong>(stream.size())), Z_OK);
        std::set<int> used;
        for (std::size_t y = 0; y < height; ++y) {
            used.insert(raw[y * (rowBytes + 1)]);
        }
        return used;
    }

    // The file's chunks: type and data.
    std::vector<std::pair<std::string, Bytes>> chunksOf(const Bytes& file)
    {
        std::vector<std::pair<std::string, Bytes>> chunks;
        png::walkChunks(file, [&](const char* type, const std::uint8_t* data, std::size_t n, bool) {
            chunks.emplace_back(std::string(type, 4), Bytes(data, data + n));
            return true;
        });
        return chunks;
    }

    Bytes fileOf(const std::vector<std::pair<std::string, Bytes>>& chunks)
    {
        Bytes file = { 0x89, 'P', 'N', 'G', 0x0d, 0x0a, 0x1a, 0x0a };
        for (const auto& [type, data] : chunks) {
            const Bytes chunk = test::pngChunk(type.c_str(), data);
            file.insert(file.end(), chunk.begin(), chunk.end());
        }
        return file;
    }

    // The same file with its image data as `parts` IDAT chunks, and `between` (a chunk type, or
    // empty) after the first of them.
    Bytes withIdatIn(const Bytes& file, int parts, const std::string& between = {})
    {
        std::vector<std::pair<std::string, Bytes>> out;
        for (const auto& [type, data] : chunksOf(file)) {
            if (type != "IDAT") {
                out.emplace_back(type, data);
                continue;
            }
            const std::size_t step = data.size() / static_cast<std::size_t>(parts) + 1;
            for (std::size_t at = 0; at < data.size(); at += step) {
                out.emplace_back("IDAT",
                    Bytes(data.begin() + static_cast<std::ptrdiff_t>(at),
                        data.begin()
                            + static_cast<std::ptrdiff_t>(std::min(data.size(), at + step))));
                if (at == 0 && !between.empty()) {
                    out.emplace_back(between, Bytes { 'x' });
                }
            }
        }
        return fileOf(out);
    }

    // Whether the file's zlib stream names a window under 32 KiB (its first byte's CINFO).
    bool smallWindow(const Bytes& file)
    {
        bool small = false;
        png::walkChunks(file, [&](const char* type, const std::uint8_t* data, std::size_t n, bool) {
            if (std::memcmp(type, "IDAT", 4) != 0 || n == 0) {
                return true;
            }
            small = (data[0] >> 4) < 7;
            return false;
        });
        return small;
    }

    TEST(PngImageData, WhatTheEncoderWritesLibpngAndTheDecoderReadBackExactly)
    {
        std::set<int> filters;
        for (const int channels : { 1, 2, 3, 4 }) {
            for (const int width : { 1, 2, 3, 17, 300 }) {
                SCOPED_TRACE(::testing::Message() << width << " px, " << channels << " channels");
                const Image image = mixedImage(width, 40, channels);
                const Bytes png = encodedPng(image);
                const auto reference = readWithLibpng(png);
                ASSERT_TRUE(reference.has_value());
                EXPECT_EQ(reference->rows, pixelsOf(image));
                auto decoded = decodeWhole<PngDecoder>(png, {});
                ASSERT_TRUE(decoded.ok()) << decoded.error().message;
                EXPECT_EQ(pixelsOf(*decoded), pixelsOf(image));
                const auto rows = inflated(png, reference->rowBytes, 40, channels);
                ASSERT_TRUE(rows.has_value()) << "a flawless file is inflated here";
                EXPECT_EQ(*rows, pixelsOf(image));
                const auto used = filtersUsed(png, reference->rowBytes, 40);
                filters.insert(used.begin(), used.end());
            }
        }
        EXPECT_EQ(filters, (std::set<int> { 0, 1, 2, 3, 4 })) << "every filter written and read";
    }

    TEST(PngImageData, EveryLevelWritesAFileLibpngReadsAndHigherLevelsNoLarger)
    {
        const Image image = mixedImage(200, 120, 3);
        std::size_t stored = 0;
        std::size_t previous = 0;
        for (int level = 0; level <= 9; ++level) {
            SCOPED_TRACE(::testing::Message() << "level " << level);
            const Bytes png = encodedPng(image, level);
            const auto reference = readWithLibpng(png);
            ASSERT_TRUE(reference.has_value());
            EXPECT_EQ(reference->rows, pixelsOf(image));
            if (level == 0) {
                stored = png.size();
                EXPECT_GT(stored, pixelsOf(image).size()) << "level 0 stores the rows";
            } else {
                EXPECT_LT(png.size(), stored);
            }
            if (level == 9) {
                EXPECT_LE(png.size(), previous);
            }
            previous = png.size();
        }
    }

    TEST(PngImageData, InflatesEveryPlainSharedPngToTheRowsLibpngReads)
    {
        const auto dir = test::testdataDir();
        if (!dir) {
            GTEST_SKIP() << "the shared test images are not here";
        }
        int plain = 0;
        int small = 0;
        for (const auto& entry : fs::recursive_directory_iterator(*dir)) {
            if (entry.path().extension() != ".png") {
                continue;
            }
            const Bytes file = test::readFile(entry.path());
            if (!PngDecoder::open(file, {}).ok()) {
                continue; // libpng's own reading takes seconds on the files of huge chunks
            }
            const auto reference = readWithLibpng(file);
            if (!reference || !isPlain(*reference)) {
                continue;
            }
            SCOPED_TRACE(entry.path().string());
            ++plain;
            const auto rows = inflated(
                file, reference->rowBytes, reference->height, channelsOf(reference->colorType));
            if (smallWindow(file)) {
                // libpng inflates with the window the stream names, libdeflate with 32 KiB:
                // such a stream is libpng's to read.
                EXPECT_FALSE(rows.has_value()) << "a window under 32 KiB is left to libpng";
                ++small;
                continue;
            }
            ASSERT_TRUE(rows.has_value()) << "libpng reads it whole, and so must this";
            EXPECT_EQ(*rows, reference->rows);
        }
        EXPECT_GE(plain - small, 10) << "the shared PNGs hold plain ones of every colour type";
        EXPECT_GE(small, 1) << "and one whose stream names a smaller window";
    }

    TEST(PngImageData, EverySharedPngRoundTripsExactlyThroughTheEncoder)
    {
        const auto dir = test::testdataDir();
        if (!dir) {
            GTEST_SKIP() << "the shared test images are not here";
        }
        int roundTrips = 0;
        std::set<int> channelCounts;
        for (const auto& entry : fs::recursive_directory_iterator(*dir)) {
            if (entry.path().extension() != ".png") {
                continue;
            }
            const Bytes file = test::readFile(entry.path());
            auto decoded = decodeWhole<PngDecoder>(file, {});
            if (!decoded.ok()) {
                continue; // the broken files: the codec tests say why each fails
            }
            SCOPED_TRACE(entry.path().string());
            for (const int level : { 1, 6, 9 }) {
                const Bytes png = encodedPng(*decoded, level);
                const auto reference = readWithLibpng(png);
                ASSERT_TRUE(reference.has_value()) << "level " << level;
                EXPECT_EQ(reference->rows, pixelsOf(*decoded)) << "level " << level;
                auto again = decodeWhole<PngDecoder>(png, {});
                ASSERT_TRUE(again.ok()) << again.error().message;
                EXPECT_EQ(pixelsOf(*again), pixelsOf(*decoded)) << "level " << level;
            }
            channelCounts.insert(decoded->channels());
            ++roundTrips;
        }
        EXPECT_GE(roundTrips, 150) << "PngSuite and libpng's test files";
        EXPECT_EQ(channelCounts.size(), 4u) << "grey, grey and alpha, RGB and RGBA";
    }

    TEST(PngImageData, LeavesImageDataWithAnyFlawToLibpng)
    {
        const Image image = mixedImage(64, 48, 3);
        const Bytes png = encodedPng(image);
        const std::size_t rowBytes = 64 * 3;
        const std::size_t idat
            = png::walkChunks(png, [](const char* type, const std::uint8_t*, std::size_t, bool) {
                  return std::memcmp(type, "IDAT", 4) != 0;
              });
        ASSERT_LT(idat, png.size());
        const std::size_t length = (std::size_t { png[idat] } << 24) | (png[idat + 1] << 16)
            | (png[idat + 2] << 8) | png[idat + 3];
        const std::size_t crc = idat + 8 + length;

        // Several IDAT chunks in a row are one stream: read here.
        const Bytes split = withIdatIn(png, 5);
        ASSERT_EQ(inflated(split, rowBytes, 48, 3), pixelsOf(image));

        std::vector<std::pair<std::string, Bytes>> flawed;
        Bytes badCrc = png;
        badCrc[crc] ^= 1;
        flawed.emplace_back("a wrong IDAT CRC", badCrc);
        Bytes badAdler = png;
        badAdler[crc - 1] ^= 1; // the stream's last byte: its Adler-32 (CRC set right below)
        const Bytes adlerChunk = test::pngChunk("IDAT",
            Bytes(badAdler.begin() + static_cast<std::ptrdiff_t>(idat + 8),
                badAdler.begin() + static_cast<std::ptrdiff_t>(crc)));
        std::copy(adlerChunk.begin(), adlerChunk.end(),
            badAdler.begin() + static_cast<std::ptrdiff_t>(idat));
        flawed.emplace_back("a wrong Adler-32", badAdler);
        flawed.emplace_back("another chunk between IDAT chunks", withIdatIn(png, 3, "tEXt"));
        flawed.emplace_back("the file cut inside the image data",
            Bytes(png.begin(), png.begin() + static_cast<std::ptrdiff_t>(idat + 8 + length / 2)));
        // The rows' data deflated again with a sixth filter type in the first row, and with a
        // byte too many after the last row.
        Bytes raw((rowBytes + 1) * 48);
        auto rawSize = static_cast<uLongf>(raw.size());
        ASSERT_EQ(
            uncompress(raw.data(), &rawSize, png.data() + idat + 8, static_cast<uLong>(length)),
            Z_OK);
        const auto rewritten = [&](const Bytes& rows) {
            Bytes stream(compressBound(static_cast<uLong>(rows.size())));
            auto size = static_cast<uLongf>(stream.size());
            EXPECT_EQ(
                compress(stream.data(), &size, rows.data(), static_cast<uLong>(rows.size())), Z_OK);
            stream.resize(size);
            auto chunks = chunksOf(png);
            for (auto& [type, data] : chunks) {
                if (type == "IDAT") {
                    data = stream;
                }
            }
            return fileOf(chunks);
        };
        ASSERT_EQ(inflated(rewritten(raw), rowBytes, 48, 3), pixelsOf(image))
            << "zlib's own stream of the same rows is read";
        Bytes sixth = raw;
        sixth[0] = 5;
        flawed.emplace_back("a filter type of 5", rewritten(sixth));
        Bytes longer = raw;
        longer.push_back(0);
        flawed.emplace_back("more data than the rows", rewritten(longer));
        Bytes shorter(raw.begin(), raw.end() - 1);
        flawed.emplace_back("less data than the rows", rewritten(shorter));

        for (const auto& [what, file] : flawed) {
            SCOPED_TRACE(what);
            EXPECT_FALSE(inflated(file, rowBytes, 48, 3).has_value());
            // The decoder falls back to libpng, which reads or refuses it as it always did; what
            // both read is the same.
            const auto reference = readWithLibpng(file);
            auto decoded = decodeWhole<PngDecoder>(file, {});
            if (reference.has_value() && decoded.ok()) {
                EXPECT_EQ(pixelsOf(*decoded), reference->rows);
            }
        }
    }

} // namespace
} // namespace dropsize

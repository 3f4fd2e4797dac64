// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors

// The decoders as handles: opened on a file's first bytes, read on from where they stopped, one
// header read each; the registry; the error codes.

#include "codecs/codec_registry.h"
#include "codecs/image_decoder.h"
#include "codecs/jpeg/jpeg_decoder.h"
#include "codecs/jpeg/jpeg_encoder.h"
#include "codecs/jpeg/jpeg_error.h"
#include "codecs/png/png_decoder.h"
#include "codecs/png/png_encoder.h"
#include "support/test_support.h"

#include <climits>
#include <gtest/gtest.h>

extern "C" {
#include <jerror.h>
}

namespace dropsize {
namespace {

    // A JPEG whose header is large: a 60 KB EXIF segment (orientation 6), a 200 KB ICC profile
    // and a 50 KB comment, which libjpeg skips rather than saves.
    std::vector<std::uint8_t> jpegWithLargeHeader()
    {
        const Image image = test::makeTestImage(96, 64, 3);
        Metadata metadata;
        metadata.exif = test::exifWithOrientation(6, 60'000);
        metadata.icc.resize(200'000);
        for (std::size_t i = 0; i < metadata.icc.size(); ++i) {
            metadata.icc[i] = static_cast<std::uint8_t>(i * 7);
        }
        auto jpeg = JpegEncoder::encode(image.view(), {}, metadata);
        EXPECT_TRUE(jpeg.ok());
        std::vector<std::uint8_t> bytes = *jpeg;
        const std::size_t length = 50'002; // a segment's length counts its two length bytes
        std::vector<std::uint8_t> comment = { 0xff, 0xfe, static_cast<std::uint8_t>(length >> 8),
            static_cast<std::uint8_t>(length & 0xff) };
        comment.resize(comment.size() + length - 2, 'c');
        bytes.insert(bytes.begin() + 2, comment.begin(), comment.end());
        return bytes;
    }

    // A PNG with a 100 KB text chunk before its image data and an eXIf chunk (orientation 6)
    // after it.
    std::vector<std::uint8_t> pngWithExifAfterTheImage()
    {
        const Image image = test::makeTestImage(80, 60, 4);
        auto png = PngEncoder::encode(image.view(), {}, {});
        EXPECT_TRUE(png.ok());
        std::vector<std::uint8_t> bytes = *png;
        std::vector<std::uint8_t> text = { 'C', 'o', 'm', 'm', 'e', 'n', 't', 0 };
        text.resize(100'000, 't');
        const auto tEXt = test::pngChunk("tEXt", text);
        bytes.insert(bytes.begin() + 8 + 25, tEXt.begin(), tEXt.end()); // after IHDR
        const auto eXIf = test::pngChunk("eXIf", test::exifWithOrientation(6));
        bytes.insert(bytes.end() - 12, eXIf.begin(), eXIf.end()); // before IEND
        return bytes;
    }

    struct Decoded {
        ImageHeader header;
        std::uint32_t crc = 0;
    };

    // Opens on the first `first` bytes, gives the file in steps of `step`, then decodes.
    Decoded decodeInPieces(
        const std::vector<std::uint8_t>& file, std::size_t first, std::size_t step)
    {
        // Each read in a buffer of its own, the one before freed once the next is given, as a
        // job reads: a decoder still pointing into an earlier read is a use after free (ASan).
        const auto firstBytes = static_cast<std::ptrdiff_t>(first);
        std::vector<std::uint8_t> held(file.begin(), file.begin() + firstBytes);
        auto decoder = openDecoder(held, {}, first == file.size());
        EXPECT_TRUE(decoder.ok()) << decoder.error().message;
        if (!decoder) {
            return {};
        }
        for (std::size_t given = first; given < file.size();) {
            given = std::min(file.size(), given + step);
            std::vector<std::uint8_t> next(
                file.begin(), file.begin() + static_cast<std::ptrdiff_t>(given));
            const Status extended = (*decoder)->extend(next, given == file.size());
            EXPECT_TRUE(extended.ok()) << extended.error().message;
            held = std::move(next);
        }
        EXPECT_TRUE((*decoder)->hasHeader());
        EXPECT_TRUE((*decoder)->headerFinal());
        auto pixels = (*decoder)->decode(1);
        EXPECT_TRUE(pixels.ok()) << pixels.error().message;
        if (!pixels) {
            return {};
        }
        return { (*decoder)->header(), test::pixelCrc(pixels->view()) };
    }

    void expectSameImage(const Decoded& a, const Decoded& b)
    {
        EXPECT_EQ(a.header.info.width, b.header.info.width);
        EXPECT_EQ(a.header.info.height, b.header.info.height);
        EXPECT_EQ(a.header.info.channels, b.header.info.channels);
        EXPECT_EQ(a.header.info.orientation, b.header.info.orientation);
        EXPECT_EQ(a.header.metadata.exif, b.header.metadata.exif);
        EXPECT_EQ(a.header.metadata.icc, b.header.metadata.icc);
        EXPECT_EQ(a.crc, b.crc);
    }

    TEST(ImageDecoder, ReadsAJpegHeaderOnFromWhereTheFirstBytesEnded)
    {
        const std::vector<std::uint8_t> jpeg = jpegWithLargeHeader();
        ASSERT_GT(jpeg.size(), 300'000u);
        const Decoded whole = decodeInPieces(jpeg, jpeg.size(), 1);
        EXPECT_EQ(whole.header.info.orientation, 6);
        EXPECT_EQ(whole.header.metadata.icc.size(), 200'000u);
        // Cuts in the comment (skipped), the EXIF and the ICC segments (saved), on marker bytes,
        // and in the scan data; given on whole, or in steps that cut again.
        for (const std::size_t first : { std::size_t { 3 }, std::size_t { 4 }, std::size_t { 5 },
                 std::size_t { 1000 }, std::size_t { 50'004 }, std::size_t { 50'005 },
                 std::size_t { 80'000 }, std::size_t { 110'009 }, std::size_t { 200'000 },
                 std::size_t { 310'000 }, jpeg.size() - 10 }) {
            for (const std::size_t step : { jpeg.size(), std::size_t { 4093 } }) {
                SCOPED_TRACE(::testing::Message() << "first " << first << ", then " << step);
                const std::uint64_t before = headerReadsStarted();
                expectSameImage(decodeInPieces(jpeg, first, step), whole);
                EXPECT_EQ(headerReadsStarted() - before, 1u);
            }
        }
    }

    TEST(ImageDecoder, ReadsAPngHeaderOnAndTakesTheExifThatFollowsTheImage)
    {
        const std::vector<std::uint8_t> png = pngWithExifAfterTheImage();
        const Decoded whole = decodeInPieces(png, png.size(), 1);
        EXPECT_EQ(whole.header.info.orientation, 6);
        for (const std::size_t first : { std::size_t { 8 }, std::size_t { 40 },
                 std::size_t { 50'000 }, std::size_t { 100'040 }, std::size_t { 100'050 },
                 png.size() - 30, png.size() - 1 }) {
            for (const std::size_t step : { png.size(), std::size_t { 777 } }) {
                SCOPED_TRACE(::testing::Message() << "first " << first << ", then " << step);
                const std::uint64_t before = headerReadsStarted();
                expectSameImage(decodeInPieces(png, first, step), whole);
                EXPECT_EQ(headerReadsStarted() - before, 1u);
            }
        }
        // With the image data but not the eXIf after it, the header is read, not final.
        auto decoder = openDecoder(std::span(png).first(png.size() - 40), {}, false);
        ASSERT_TRUE(decoder.ok()) << decoder.error().message;
        EXPECT_TRUE((*decoder)->hasHeader());
        EXPECT_FALSE((*decoder)->headerFinal());
        EXPECT_EQ((*decoder)->header().info.orientation, 1);
        EXPECT_FALSE((*decoder)->decode(1).ok()) << "decoded from part of the file";
    }

    TEST(ImageDecoder, FailsAHeaderCutShortAsAFileCutThereFails)
    {
        for (const std::vector<std::uint8_t>& file :
            { jpegWithLargeHeader(), pngWithExifAfterTheImage() }) {
            const std::span<const std::uint8_t> cut = std::span(file).first(20'000);
            auto decoder = openDecoder(cut, {}, false);
            ASSERT_TRUE(decoder.ok()) << decoder.error().message;
            EXPECT_FALSE((*decoder)->hasHeader());
            const Status ended = (*decoder)->extend(cut, true);
            ASSERT_FALSE(ended.ok());
            auto asWhole = openDecoder(cut, {});
            ASSERT_FALSE(asWhole.ok());
            EXPECT_EQ(ended.error().code, ErrorCode::CorruptData);
            EXPECT_EQ(ended.error().code, asWhole.error().code);
            EXPECT_EQ(ended.error().message, asWhole.error().message);
        }
    }

    // Every format with an encoder, to make its files from pixels.
    constexpr ImageFormat kEncodedFormats[] = {
        ImageFormat::Jpeg,
        ImageFormat::Png,
#if DROPSIZE_WITH_WEBP
        ImageFormat::Webp,
#endif
    };

    TEST(ImageDecoder, GivesItsPixelsOnce)
    {
        const Image image = test::makeTestImage(32, 24, 3);
        for (const ImageFormat format : kEncodedFormats) {
            auto bytes = findCodec(format)->encode(image.view(), {}, {}, nullptr);
            ASSERT_TRUE(bytes.ok());
            auto decoder = openDecoder(*bytes, {});
            ASSERT_TRUE(decoder.ok());
            EXPECT_TRUE((*decoder)->decode(1).ok());
            auto again = (*decoder)->decode(1);
            ASSERT_FALSE(again.ok());
            EXPECT_EQ(again.error().code, ErrorCode::Internal);
            EXPECT_EQ((*decoder)->header().info.width, 32) << "the header outlives the pixels";
        }
    }

    TEST(ImageDecoder, HandsRowsOnInGroupsOfTheImageItDecodes)
    {
        const Image image = test::makeTestImage(40, 150, 3);
        for (const ImageFormat format : kEncodedFormats) {
            SCOPED_TRACE(formatName(format));
            auto bytes = findCodec(format)->encode(image.view(), {}, {}, nullptr);
            ASSERT_TRUE(bytes.ok());
            auto whole = openDecoder(*bytes, {});
            ASSERT_TRUE(whole.ok());
            auto expected = (*whole)->decode(1);
            ASSERT_TRUE(expected.ok());
            auto decoder = openDecoder(*bytes, {});
            ASSERT_TRUE(decoder.ok());
            std::vector<std::uint8_t> rows;
            int calls = 0;
            const Status status = (*decoder)->decodeRows(
                1, { 40, 150 },
                [&](std::uint8_t* data, std::ptrdiff_t stride, int count) {
                    ++calls;
                    for (int y = 0; y < count; ++y) {
                        rows.insert(rows.end(), data + y * stride, data + y * stride + 40 * 3);
                    }
                    return Status {};
                },
                nullptr);
            ASSERT_TRUE(status.ok()) << status.error().message;
            EXPECT_GT(calls, 1);
            const ConstImageView got(rows.data(), 40, 150, 3, 40 * 3);
            EXPECT_EQ(test::pixelCrc(got), test::pixelCrc(expected->view()));

            auto wrongSize = openDecoder(*bytes, {});
            ASSERT_TRUE(wrongSize.ok());
            const Status refused
                = (*wrongSize)
                      ->decodeRows(
                          1, { 40, 149 },
                          [](std::uint8_t*, std::ptrdiff_t, int) { return Status {}; }, nullptr);
            ASSERT_FALSE(refused.ok());
            EXPECT_EQ(refused.error().code, ErrorCode::Internal);
        }
    }

    TEST(ImageDecoder, RefusesAProgressiveJpegOverTheMemoryLimitAsALimit)
    {
        const Image image = test::makeTestImage(512, 512, 3);
        EncodeOptions options;
        options.progressive = true;
        options.subsampling = ChromaSubsampling::S444;
        auto jpeg = JpegEncoder::encode(image.view(), options, {});
        ASSERT_TRUE(jpeg.ok());
        DecodeLimits limits;
        // The pixels fit (768 KiB); the coefficients, two bytes a sample, do not.
        limits.maxMemoryBytes = 1'200'000;
        auto decoded = decodeWhole<JpegDecoder>(*jpeg, limits);
        ASSERT_FALSE(decoded.ok());
        EXPECT_EQ(decoded.error().code, ErrorCode::LimitExceeded) << decoded.error().message;
    }

    // libjpeg holds its limit in a `long`, 32 bits on Windows: 4 GiB + 1 MiB must not wrap to
    // 1 MiB there (which this image's coefficients exceed), nor 3 GiB to a negative number.
    TEST(ImageDecoder, DecodesUnderMemoryLimitsOfTwoGibibytesAndMore)
    {
        const Image image = test::makeTestImage(512, 512, 3);
        EncodeOptions options;
        options.progressive = true;
        options.subsampling = ChromaSubsampling::S444;
        auto jpeg = JpegEncoder::encode(image.view(), options, {});
        ASSERT_TRUE(jpeg.ok());
        constexpr std::uint64_t kGiB = 1ull << 30;
        for (const std::uint64_t limit :
            { 2 * kGiB, 3 * kGiB, 4 * kGiB + (1u << 20), 5 * kGiB, 5 * kGiB + (1u << 20) }) {
            DecodeLimits limits;
            limits.maxMemoryBytes = limit;
            auto decoded = decodeWhole<JpegDecoder>(*jpeg, limits);
            EXPECT_TRUE(decoded.ok()) << (limit >> 20) << " MiB: " << decoded.error().message;
            // What libjpeg is given: the limit itself where a long holds it, else the largest.
            const long given = jpegMemoryLimit(limit);
            EXPECT_GT(given, 0);
            if constexpr (sizeof(long) >= 8) {
                EXPECT_EQ(static_cast<std::uint64_t>(given), limit);
            } else {
                EXPECT_EQ(given, LONG_MAX);
            }
        }
        EXPECT_EQ(jpegMemoryLimit(1'200'000), 1'200'000);
    }

    TEST(ImageDecoder, RefusesAPngWiderThanThePixelLimitAsALimit)
    {
        // One side alone over the pixel limit: our check words it, not libpng's own side limit.
        const Image image = test::makeTestImage(2000, 1, 3);
        auto png = PngEncoder::encode(image.view(), {}, {});
        ASSERT_TRUE(png.ok());
        DecodeLimits limits;
        limits.maxPixels = 1000;
        auto decoder = openDecoder(*png, limits, true);
        ASSERT_FALSE(decoder.ok());
        EXPECT_EQ(decoder.error().code, ErrorCode::LimitExceeded) << decoder.error().message;
    }

    TEST(JpegError, ClassifiesByLibjpegsMessageCode)
    {
        jpeg_error_mgr err {};
        const auto code = [&](int msg) {
            err.msg_code = msg;
            return jpeg::classify(err);
        };
        EXPECT_EQ(code(JERR_OUT_OF_MEMORY), ErrorCode::LimitExceeded);
        EXPECT_EQ(code(JERR_IMAGE_TOO_BIG), ErrorCode::LimitExceeded);
        EXPECT_EQ(code(JERR_BAD_PRECISION), ErrorCode::UnsupportedFormat);
        EXPECT_EQ(code(JERR_SOF_UNSUPPORTED), ErrorCode::UnsupportedFormat);
        EXPECT_EQ(code(JWRN_JPEG_EOF), ErrorCode::CorruptData);
        EXPECT_EQ(code(JERR_HUFF_CLEN_OVERFLOW), ErrorCode::CorruptData);

        jpeg::ErrorManager manager {};
        jpeg::setupErrors(&manager, 3);
        manager.pub.msg_code = JWRN_JPEG_EOF;
        EXPECT_EQ(jpeg::classify(manager), ErrorCode::CorruptData);
        manager.scanLimitHit = true;
        EXPECT_EQ(jpeg::classify(manager), ErrorCode::LimitExceeded);
    }

    // What the window's file dialog offers: each extension of each format, as the batch takes it.
    TEST(CodecRegistry, ListsTheExtensionsOfEveryFormatRead)
    {
        const std::vector<std::string> extensions = imageExtensions();
        std::size_t expected = 0;
        for (const CodecEntry& codec : codecs()) {
            expected += codec.extensions.size();
        }
        EXPECT_EQ(extensions.size(), expected);
        for (const std::string& extension : extensions) {
            EXPECT_FALSE(extension.starts_with('.')) << extension;
            EXPECT_NE(codecForExtension(extension), nullptr) << extension;
        }
        const auto has = [&](const char* extension) {
            return std::find(extensions.begin(), extensions.end(), extension) != extensions.end();
        };
        EXPECT_TRUE(has("jpg"));
        EXPECT_TRUE(has("jpe"));
        EXPECT_TRUE(has("png"));
        EXPECT_EQ(has("heic"), DROPSIZE_WITH_HEIF != 0);
        EXPECT_EQ(has("avif"), DROPSIZE_WITH_HEIF != 0);
    }

    TEST(CodecRegistry, KnowsEveryFormatByItsSignatureNameAndExtensions)
    {
        const Image image = test::makeTestImage(8, 8, 3);
        ASSERT_EQ(codecs().size(), 2u + DROPSIZE_WITH_WEBP + (DROPSIZE_WITH_HEIF ? 2u : 0u));
        for (const CodecEntry& codec : codecs()) {
            SCOPED_TRACE(codec.name);
            EXPECT_EQ(findCodec(codec.format), &codec);
            EXPECT_STREQ(formatName(codec.format), codec.name);
            // A format that is read only (HEIF) is sniffed in its own tests, on its fixtures.
            if (codec.encode != nullptr) {
                auto bytes = codec.encode(image.view(), {}, {}, nullptr);
                ASSERT_TRUE(bytes.ok());
                EXPECT_EQ(sniffCodec(*bytes), &codec);
                EXPECT_EQ(sniffFormat(*bytes), codec.format);
            }
            ASSERT_FALSE(codec.extensions.empty());
            for (const std::string_view extension : codec.extensions) {
                EXPECT_EQ(codecForExtension(extension), &codec);
            }
        }
        EXPECT_EQ(findCodec(ImageFormat::Unknown), nullptr);
        EXPECT_EQ(codecForExtension("JPG")->format, ImageFormat::Jpeg);
        EXPECT_EQ(codecForExtension(".Png")->format, ImageFormat::Png);
#if DROPSIZE_WITH_WEBP
        EXPECT_EQ(codecForExtension(".WebP")->format, ImageFormat::Webp);
#else
        EXPECT_EQ(codecForExtension(".webp"), nullptr) << "a build without WebP does not take it";
#endif
        EXPECT_EQ(codecForExtension(".gif"), nullptr);
        EXPECT_EQ(codecForExtension(""), nullptr);
        const std::uint8_t text[] = { 'h', 'e', 'l', 'l', 'o' };
        EXPECT_EQ(sniffCodec(text), nullptr);
        auto none = openDecoder(text, {});
        ASSERT_FALSE(none.ok());
        EXPECT_EQ(none.error().code, ErrorCode::UnsupportedFormat);
    }

    TEST(ImageDecoder, WordsThePixelLimitOneWayForEveryFormat)
    {
        const Image image = test::makeTestImage(100, 50, 3);
        DecodeLimits limits;
        limits.maxPixels = 4999;
        for (const CodecEntry& codec : codecs()) {
            SCOPED_TRACE(codec.name);
            if (codec.encode == nullptr) {
                continue; // read only: heif_codec_test.cpp checks its words on a fixture
            }
            auto bytes = codec.encode(image.view(), {}, {}, nullptr);
            ASSERT_TRUE(bytes.ok());
            auto refused = openDecoder(*bytes, limits);
            ASSERT_FALSE(refused.ok());
            EXPECT_EQ(refused.error().code, ErrorCode::LimitExceeded);
            EXPECT_EQ(refused.error().message, limitMessage(100, 50, 4999));
        }
        EXPECT_EQ(limitMessage(20000, 15000, 200'000'000),
            "image is 20000x15000 (300 megapixels), over the limit of 200 megapixels");
    }

} // namespace
} // namespace dropsize

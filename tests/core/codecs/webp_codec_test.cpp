// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors

// WebP in and out: what the decoder reads from the committed fixtures (tests/golden/fixtures/webp,
// made by make_webp_golden.py) and from files damaged on purpose, and what the encoder's files
// read back as. Built only with DROPSIZE_WITH_WEBP.

#include "codecs/exif.h"
#include "codecs/image_decoder.h"
#include "codecs/webp/webp_decoder.h"
#include "codecs/webp/webp_encoder.h"
#include "dropsize/core/image_processor.h"
#include "support/test_support.h"

#include <cstring>
#include <gtest/gtest.h>

namespace dropsize {
namespace {

    namespace fs = std::filesystem;

    std::vector<std::uint8_t> fixture(const std::string& name)
    {
        return test::readFile(test::goldenPath("fixtures") / "webp" / name);
    }

    std::uint32_t le32(const std::vector<std::uint8_t>& b, std::size_t at)
    {
        return std::uint32_t { b[at] } | (std::uint32_t { b[at + 1] } << 8)
            | (std::uint32_t { b[at + 2] } << 16) | (std::uint32_t { b[at + 3] } << 24);
    }

    // Where a chunk of this type starts (its four-character tag), walking from the RIFF header.
    std::size_t chunkAt(const std::vector<std::uint8_t>& b, const char* tag)
    {
        std::size_t at = 12;
        while (at + 8 <= b.size()) {
            if (std::memcmp(b.data() + at, tag, 4) == 0) {
                return at;
            }
            const std::uint32_t length = le32(b, at + 4);
            at += 8 + length + (length & 1);
        }
        return std::string::npos;
    }

    Image rgbOf(ConstImageView grey)
    {
        Image out = std::move(Image::allocate(grey.width, grey.height, 3)).value();
        for (int y = 0; y < grey.height; ++y) {
            for (int x = 0; x < grey.width; ++x) {
                for (int c = 0; c < 3; ++c) {
                    out.view().row(y)[x * 3 + c] = grey.row(y)[x];
                }
            }
        }
        return out;
    }

    TEST(WebpDecoder, ReadsRgbOrRgbaAsPillowDoes)
    {
        const struct {
            const char* name;
            int width;
            int height;
            int channels;
        } cases[] = {
            { "lossy.webp", 227, 149, 3 },
            { "lossless.webp", 180, 120, 3 },
            { "lossy-alpha.webp", 227, 149, 4 },
            { "lossless-alpha.webp", 180, 120, 4 },
            { "grey-lossy.webp", 227, 149, 3 },
            { "animated.webp", 227, 149, 3 },
            { "animated-alpha.webp", 227, 149, 4 },
        };
        for (const auto& c : cases) {
            SCOPED_TRACE(c.name);
            auto header = readWholeHeader<WebpDecoder>(fixture(c.name), {});
            ASSERT_TRUE(header.ok()) << header.error().message;
            EXPECT_EQ(header->format, ImageFormat::Webp);
            EXPECT_EQ(header->info.width, c.width);
            EXPECT_EQ(header->info.height, c.height);
            EXPECT_EQ(header->info.channels, c.channels);
            EXPECT_FALSE(header->info.dctScalable);
            auto pixels = decodeWhole<WebpDecoder>(fixture(c.name), {});
            ASSERT_TRUE(pixels.ok()) << pixels.error().message;
            EXPECT_EQ(pixels->channels(), c.channels);
        }
    }

    TEST(WebpDecoder, TakesTheOrientationFromTheExifChunk)
    {
        for (int orientation = 1; orientation <= 8; ++orientation) {
            auto header = readWholeHeader<WebpDecoder>(
                fixture("orientation-" + std::to_string(orientation) + ".webp"), {});
            ASSERT_TRUE(header.ok()) << header.error().message;
            EXPECT_EQ(header->info.orientation, orientation);
            ASSERT_GE(header->metadata.exif.size(), 8u);
            EXPECT_EQ(header->metadata.exif[0], 'M') << "TIFF, without a JPEG prefix";
        }
        // Some writers keep JPEG's "Exif\0\0" before the TIFF structure: it is dropped.
        auto prefixed = readWholeHeader<WebpDecoder>(fixture("exif-prefixed.webp"), {});
        auto plain = readWholeHeader<WebpDecoder>(fixture("orientation-6.webp"), {});
        ASSERT_TRUE(prefixed.ok() && plain.ok());
        EXPECT_EQ(prefixed->info.orientation, 6);
        EXPECT_EQ(prefixed->metadata.exif, plain->metadata.exif);
    }

    TEST(WebpDecoder, TakesTheIccProfile)
    {
        auto header = readWholeHeader<WebpDecoder>(fixture("icc.webp"), {});
        ASSERT_TRUE(header.ok()) << header.error().message;
        const std::vector<std::uint8_t>& icc = header->metadata.icc;
        ASSERT_GE(icc.size(), 128u);
        EXPECT_EQ(std::memcmp(icc.data() + 36, "acsp", 4), 0) << "an ICC profile's signature";
        EXPECT_EQ(icc.size(), std::size_t { icc[2] } << 8 | icc[3]) << "its size, as it says";
        auto none = readWholeHeader<WebpDecoder>(fixture("lossy.webp"), {});
        ASSERT_TRUE(none.ok());
        EXPECT_TRUE(none->metadata.icc.empty());
        EXPECT_TRUE(none->metadata.exif.empty());
    }

    // Pillow's thumbnail() of an animation is its first frame on the canvas: where that frame
    // does not reach, the canvas is transparent black (black in RGB).
    TEST(WebpDecoder, GivesAnAnimationsFirstFrameOnItsCanvas)
    {
        auto pixels = decodeWhole<WebpDecoder>(fixture("animated.webp"), {});
        ASSERT_TRUE(pixels.ok()) << pixels.error().message;
        const ConstImageView v = pixels->view();
        // The first frame covers 120x90 at (30, 20); the second frame covers all of it.
        for (const auto& [x, y] : { std::pair { 0, 0 }, { 29, 19 }, { 226, 148 }, { 150, 0 } }) {
            SCOPED_TRACE(std::to_string(x) + "," + std::to_string(y));
            EXPECT_EQ(v.row(y)[x * 3] + v.row(y)[x * 3 + 1] + v.row(y)[x * 3 + 2], 0);
        }
        int lit = 0;
        for (int y = 20; y < 110; ++y) {
            for (int x = 30; x < 150; ++x) {
                lit += v.row(y)[x * 3] > 0 ? 1 : 0;
            }
        }
        EXPECT_GT(lit, 120 * 90 / 2) << "the first frame is there";
    }

    TEST(WebpDecoder, ChecksTheLimitsFromTheHeader)
    {
        DecodeLimits limits;
        limits.maxPixels = 227 * 149 - 1;
        auto over = readWholeHeader<WebpDecoder>(fixture("lossy.webp"), limits);
        ASSERT_FALSE(over.ok());
        EXPECT_EQ(over.error().code, ErrorCode::LimitExceeded);
        EXPECT_EQ(over.error().message, limitMessage(227, 149, limits.maxPixels));
        limits.maxPixels = 227 * 149;
        EXPECT_TRUE(readWholeHeader<WebpDecoder>(fixture("lossy.webp"), limits).ok());

        // The image (3 bytes a pixel) fits; with VP8L's own 4 bytes a pixel it does not.
        limits.maxMemoryBytes = 180 * 120 * 5;
        EXPECT_TRUE(readWholeHeader<WebpDecoder>(fixture("lossy.webp"), limits).ok());
        auto lossless = readWholeHeader<WebpDecoder>(fixture("lossless.webp"), limits);
        ASSERT_FALSE(lossless.ok());
        EXPECT_EQ(lossless.error().code, ErrorCode::LimitExceeded);
        EXPECT_EQ(lossless.error().message, kDecodeMemoryMessage);
    }

    TEST(WebpDecoder, SaysAFileIsTruncatedAndWhere)
    {
        const std::vector<std::uint8_t> file = fixture("lossy.webp");
        for (const std::size_t size :
            { std::size_t { 16 }, std::size_t { 40 }, file.size() / 2, file.size() - 1 }) {
            SCOPED_TRACE(size);
            const std::vector<std::uint8_t> cut(
                file.begin(), file.begin() + static_cast<long>(size));
            auto decoder = openDecoder(cut, {});
            ASSERT_FALSE(decoder.ok());
            EXPECT_EQ(decoder.error().code, ErrorCode::CorruptData);
            EXPECT_EQ(decoder.error().message,
                "WebP: file is truncated: its RIFF header says " + std::to_string(file.size())
                    + " bytes, the file has " + std::to_string(size));
        }
        auto header = WebpDecoder::open(std::span(file).first(10), {}, true);
        ASSERT_FALSE(header.ok());
        EXPECT_EQ(header.error().message, "WebP: file is truncated inside its RIFF header");
    }

    TEST(WebpDecoder, SaysWhatIsDamaged)
    {
        const std::vector<std::uint8_t> lossy = fixture("lossy.webp");
        const std::size_t vp8 = chunkAt(lossy, "VP8 ");
        ASSERT_NE(vp8, std::string::npos);

        // A chunk that claims more than the RIFF form holds.
        std::vector<std::uint8_t> chunkSize = lossy;
        chunkSize[vp8 + 7] = 0x7f;
        // The VP8 frame's start code (9d 01 2a after the 3-byte frame tag).
        std::vector<std::uint8_t> startCode = lossy;
        startCode[vp8 + 8 + 3] = 0;
        // A RIFF form of another kind of chunk.
        std::vector<std::uint8_t> noImage = { 'R', 'I', 'F', 'F', 12, 0, 0, 0, 'W', 'E', 'B', 'P',
            'J', 'U', 'N', 'K', 0, 0, 0, 0 };
        // Lossless data overwritten in its middle: its entropy codes no longer decode.
        std::vector<std::uint8_t> lossless = fixture("lossless.webp");
        for (std::size_t i = 40; i < 56; ++i) {
            lossless[i] = 0xff;
        }
        // The image chunk cut short, with the chunk and RIFF sizes made to agree.
        std::vector<std::uint8_t> shortened(lossy.begin(), lossy.begin() + 1000);
        for (const auto& [at, value] :
            { std::pair { std::size_t { 4 }, 1000 - 8 }, { vp8 + 4, 1000 - vp8 - 8 } }) {
            for (std::size_t i = 0; i < 4; ++i) {
                shortened[at + i] = static_cast<std::uint8_t>(value >> (8 * i));
            }
        }
        const struct {
            const char* what;
            const std::vector<std::uint8_t>& file;
            std::string message;
        } cases[] = {
            { "a chunk's size", chunkSize,
                "WebP: the chunk structure is damaged: a chunk's size runs past the end its RIFF "
                "header gives" },
            { "the start code", startCode,
                "WebP: the image header is damaged (damaged bitstream)" },
            { "no image chunk", noImage,
                "WebP: the chunk structure is damaged (a chunk's size, order or frame is wrong)" },
            { "the lossless data", lossless,
                "WebP: the image data is damaged (damaged bitstream)" },
            { "a short image chunk", shortened, "WebP: the image data ends before the image does" },
        };
        for (const auto& c : cases) {
            SCOPED_TRACE(c.what);
            ProcessOptions options;
            options.spec.percent = 50;
            const ImageProcessor processor(options);
            auto processed = processor.process(c.file);
            ASSERT_FALSE(processed.ok());
            EXPECT_EQ(processed.error().code, ErrorCode::CorruptData);
            EXPECT_EQ(processed.error().message, c.message);
        }
    }

    // In an extended file the EXIF chunk follows the image data: part of the file has the
    // header (size, alpha), but not yet the orientation.
    TEST(WebpDecoder, KnowsThatMetadataMayFollowTheImage)
    {
        const std::vector<std::uint8_t> file = fixture("orientation-6.webp");
        const std::size_t exif = chunkAt(file, "EXIF");
        const std::size_t image = chunkAt(file, "VP8 ");
        ASSERT_NE(exif, std::string::npos);
        ASSERT_LT(image, exif);

        auto early = openDecoder(std::span(file).first(image + 4), {}, false);
        ASSERT_TRUE(early.ok()) << early.error().message;
        EXPECT_FALSE((*early)->hasHeader()) << "the bitstream's header is not there yet";

        auto decoder = openDecoder(std::span(file).first(exif), {}, false);
        ASSERT_TRUE(decoder.ok()) << decoder.error().message;
        ASSERT_TRUE((*decoder)->hasHeader());
        EXPECT_FALSE((*decoder)->headerFinal());
        EXPECT_EQ((*decoder)->header().info.width, 100);
        EXPECT_EQ((*decoder)->header().info.orientation, 1);
        EXPECT_FALSE((*decoder)->decode(1).ok()) << "decoded from part of the file";

        auto extended = openDecoder(std::span(file).first(exif), {}, false);
        ASSERT_TRUE(extended.ok());
        ASSERT_TRUE((*extended)->extend(file, false).ok());
        EXPECT_TRUE((*extended)->headerFinal()) << "all the announced metadata is there";
        EXPECT_EQ((*extended)->header().info.orientation, 6);
        ASSERT_TRUE((*extended)->extend(file, true).ok());
        EXPECT_TRUE((*extended)->decode(1).ok());

        // A simple file (no VP8X chunk) has no metadata: its header is final at once.
        const std::vector<std::uint8_t> simple = fixture("lossy.webp");
        auto first = openDecoder(std::span(simple).first(64), {}, false);
        ASSERT_TRUE(first.ok()) << first.error().message;
        EXPECT_TRUE((*first)->hasHeader());
        EXPECT_TRUE((*first)->headerFinal());
    }

    TEST(WebpDecoder, StopsWhenCancelled)
    {
        CancelToken cancel;
        cancel.requestStop();
        for (const char* name : { "lossy.webp", "animated.webp" }) {
            auto decoded = decodeWhole<WebpDecoder>(fixture(name), {}, &cancel);
            ASSERT_FALSE(decoded.ok()) << name;
            EXPECT_EQ(decoded.error().code, ErrorCode::Cancelled) << name;
        }
    }

    TEST(WebpEncoder, LosslessGivesBackTheExactPixels)
    {
        for (const int channels : { 1, 2, 3, 4 }) {
            SCOPED_TRACE(channels);
            const Image image = test::makeTestImage(61, 37, channels);
            EncodeOptions options;
            options.webpLossless = true;
            auto encoded = WebpEncoder::encode(image.view(), options, {});
            ASSERT_TRUE(encoded.ok()) << encoded.error().message;
            auto decoded = decodeWhole<WebpDecoder>(*encoded, {});
            ASSERT_TRUE(decoded.ok()) << decoded.error().message;
            EXPECT_EQ(decoded->width(), 61);
            EXPECT_EQ(decoded->height(), 37);
            if (channels == 3 || channels == 4) {
                // Transparent pixels (the alpha ramp starts at 0) keep their colour too.
                EXPECT_EQ(decoded->channels(), channels);
                EXPECT_EQ(test::pixelCrc(decoded->view()), test::pixelCrc(image.view()));
            } else if (channels == 1) {
                EXPECT_EQ(decoded->channels(), 3) << "WebP has no grey";
                EXPECT_EQ(
                    test::pixelCrc(decoded->view()), test::pixelCrc(rgbOf(image.view()).view()));
            } else {
                ASSERT_EQ(decoded->channels(), 4);
                const ConstImageView d = decoded->view();
                for (int y = 0; y < 37; ++y) {
                    for (int x = 0; x < 61; ++x) {
                        const std::uint8_t* g = image.view().row(y) + x * 2;
                        const std::uint8_t* p = d.row(y) + x * 4;
                        ASSERT_TRUE(p[0] == g[0] && p[1] == g[0] && p[2] == g[0] && p[3] == g[1]);
                    }
                }
            }
        }
    }

    TEST(WebpEncoder, LossyFollowsTheQualityAndKeepsAlpha)
    {
        const Image image = test::makeTestImage(160, 120, 4);
        EncodeOptions low;
        low.webpQuality = 10;
        EncodeOptions high;
        high.webpQuality = 95;
        auto small = WebpEncoder::encode(image.view(), low, {});
        auto large = WebpEncoder::encode(image.view(), high, {});
        ASSERT_TRUE(small.ok() && large.ok());
        EXPECT_LT(small->size(), large->size());
        auto decoded = decodeWhole<WebpDecoder>(*small, {});
        ASSERT_TRUE(decoded.ok()) << decoded.error().message;
        EXPECT_EQ(decoded->channels(), 4);
        EXPECT_EQ(EncodeOptions {}.webpQuality, 80) << "Pillow's default";
        EXPECT_FALSE(EncodeOptions {}.webpLossless);
    }

    TEST(WebpEncoder, RefusesWhatWebpCannotHold)
    {
        const Image wide = test::makeTestImage(WebpEncoder::kMaxSide + 1, 1, 3);
        auto refused = WebpEncoder::encode(wide.view(), {}, {});
        ASSERT_FALSE(refused.ok());
        EXPECT_EQ(refused.error().code, ErrorCode::InvalidArgument);
        const Image widest = test::makeTestImage(WebpEncoder::kMaxSide, 1, 3);
        EXPECT_TRUE(WebpEncoder::encode(widest.view(), {}, {}).ok());
    }

    // libwebp's progress hook asks the cancel token, lossy and lossless alike.
    TEST(WebpEncoder, StopsWhenCancelled)
    {
        const Image image = test::makeTestImage(64, 64, 3);
        CancelToken cancel;
        cancel.requestStop();
        for (const bool lossless : { false, true }) {
            EncodeOptions options;
            options.webpLossless = lossless;
            auto encoded = WebpEncoder::encode(image.view(), options, {}, &cancel);
            ASSERT_FALSE(encoded.ok()) << lossless;
            EXPECT_EQ(encoded.error().code, ErrorCode::Cancelled) << lossless;
        }
    }

    // Through the engine, as a batch writes a WebP: EXIF and ICC carried with orientation 1
    // (the pixels stand upright), or nothing with stripMetadata.
    TEST(WebpEncoder, CarriesOrStripsTheMetadataWithOrientationOne)
    {
        const std::vector<std::uint8_t> icc = fixture("icc.webp");
        auto iccHeader = readWholeHeader<WebpDecoder>(icc, {});
        ASSERT_TRUE(iccHeader.ok());
        Metadata metadata = iccHeader->metadata;
        metadata.exif = test::exifWithOrientation(6, 40);
        const Image upright = test::makeTestImage(30, 20, 3);
        for (const bool strip : { false, true }) {
            SCOPED_TRACE(strip);
            ProcessOptions options;
            options.stripMetadata = strip;
            const ImageProcessor processor(options);
            auto encoded = processor.encode(upright.view(), ImageFormat::Webp, metadata);
            ASSERT_TRUE(encoded.ok()) << encoded.error().message;
            auto again = readWholeHeader<WebpDecoder>(*encoded, {});
            ASSERT_TRUE(again.ok()) << again.error().message;
            EXPECT_EQ(again->info.width, 30);
            EXPECT_EQ(again->info.height, 20);
            EXPECT_EQ(again->info.orientation, 1);
            if (strip) {
                EXPECT_TRUE(again->metadata.icc.empty());
                EXPECT_TRUE(again->metadata.exif.empty());
            } else {
                EXPECT_EQ(again->metadata.icc, metadata.icc);
                std::vector<std::uint8_t> expected = metadata.exif;
                ASSERT_TRUE(resetExifOrientation(expected));
                EXPECT_EQ(again->metadata.exif, expected) << "the rest of the EXIF as it was";
            }
        }
    }

    // A WebP input resized and written as WebP: Pillow's pixels, lossless, oriented.
    TEST(WebpEncoder, WritesTheResizedPixelsOfAnOrientedInput)
    {
        const std::vector<std::uint8_t> file = fixture("orientation-6.webp");
        ProcessOptions options;
        options.spec.percent = 50;
        options.encode.webpLossless = true;
        const ImageProcessor processor(options);
        auto inspected = processor.inspect(file);
        ASSERT_TRUE(inspected.ok());
        auto pixels = processor.render(file, *inspected);
        ASSERT_TRUE(pixels.ok());
        auto processed = processor.process(file, OutputFormat::Webp);
        ASSERT_TRUE(processed.ok()) << processed.error().message;
        EXPECT_EQ(processed->format, ImageFormat::Webp);
        auto decoded = decodeWhole<WebpDecoder>(processed->encoded, {});
        ASSERT_TRUE(decoded.ok()) << decoded.error().message;
        EXPECT_EQ(decoded->width(), 75) << "100x150 stored, 150x100 shown, at 50%";
        EXPECT_EQ(decoded->height(), 50);
        EXPECT_EQ(test::pixelCrc(decoded->view()), test::pixelCrc(pixels->view()));
        auto header = readWholeHeader<WebpDecoder>(processed->encoded, {});
        ASSERT_TRUE(header.ok());
        EXPECT_EQ(header->info.orientation, 1);
        EXPECT_EQ(exifOrientation(inspected->header.metadata.exif), 6);
    }

} // namespace
} // namespace dropsize

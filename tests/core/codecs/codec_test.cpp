// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "codecs/codec_registry.h"
#include "codecs/exif.h"
#include "codecs/jpeg/jpeg_decoder.h"
#include "codecs/jpeg/jpeg_encoder.h"
#include "codecs/png/png_decoder.h"
#include "codecs/png/png_encoder.h"
#include "dropsize/core/build_config.h"
#include "dropsize/core/codec.h"
#include "dropsize/core/image_processor.h"
#include "support/test_support.h"

#include <chrono>
#include <cstdio>
#include <cstring>
#include <gtest/gtest.h>
#include <map>
#include <set>
#include <thread>
#include <zlib.h>

extern "C" {
#include <jpeglib.h>
}

namespace dropsize {
namespace {

    namespace fs = std::filesystem;

    // Every shared test file that does not resize, and what its message must say. All others
    // must resize; the test fails if a file moves between the two lists.
    const std::map<std::string, std::string> kExpectedFailures = {
        { "libjpeg-turbo/monkey12.jpg", "Unsupported JPEG data precision 12" },
        { "testpngs/bad_iCCP.png", "CRC error" },
        { "testpngs/badadler.png", "ADLER32 checksum mismatch" },
        { "testpngs/badcrc.png", "CRC error" },
        { "testpngs/huge_bKGD_chunk.png", "truncated" },
        { "testpngs/huge_cHRM_chunk.png", "truncated" },
        { "testpngs/huge_eXIf_chunk.png", "truncated" },
        { "testpngs/huge_gAMA_chunk.png", "truncated" },
        { "testpngs/huge_hIST_chunk.png", "truncated" },
        { "testpngs/huge_iCCP_chunk.png", "truncated" },
        { "testpngs/huge_iTXt_chunk.png", "truncated" },
        { "testpngs/huge_juNK_unsafe_to_copy.png", "truncated" },
        { "testpngs/huge_juNk_safe_to_copy.png", "truncated" },
        { "testpngs/huge_pCAL_chunk.png", "truncated" },
        { "testpngs/huge_pHYs_chunk.png", "truncated" },
        { "testpngs/huge_sCAL_chunk.png", "truncated" },
        { "testpngs/huge_sPLT_chunk.png", "truncated" },
        { "testpngs/huge_sRGB_chunk.png", "truncated" },
        { "testpngs/huge_sTER_chunk.png", "truncated" },
        { "testpngs/huge_tEXt_chunk.png", "truncated" },
        { "testpngs/huge_tIME_chunk.png", "truncated" },
        { "testpngs/huge_zTXt_chunk.png", "truncated" },
    };

    ProcessOptions halfSize()
    {
        ProcessOptions o;
        o.spec.percent = 50;
        return o;
    }

    std::vector<std::uint8_t> pngWithHeader(std::uint32_t w, std::uint32_t h)
    {
        std::vector<std::uint8_t> png = { 0x89, 'P', 'N', 'G', 0x0d, 0x0a, 0x1a, 0x0a };
        std::vector<std::uint8_t> ihdr;
        for (std::uint32_t v : { w, h }) {
            for (int s = 24; s >= 0; s -= 8) {
                ihdr.push_back(static_cast<std::uint8_t>(v >> s));
            }
        }
        ihdr.insert(ihdr.end(), { 8, 6, 0, 0, 0 }); // 8-bit RGBA
        const auto a = test::pngChunk("IHDR", ihdr);
        png.insert(png.end(), a.begin(), a.end());
        const auto b = test::pngChunk("IDAT", { 0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01 });
        png.insert(png.end(), b.begin(), b.end());
        return png;
    }

    // Writes a CMYK JPEG the way Adobe software does (inverted samples, Adobe marker).
    std::vector<std::uint8_t> adobeCmykJpeg(int w, int h, const std::uint8_t ink[4], bool ycck)
    {
        jpeg_compress_struct c {};
        jpeg_error_mgr err {};
        c.err = jpeg_std_error(&err);
        jpeg_CreateCompress(&c, JPEG_LIB_VERSION, sizeof(c));
        unsigned char* buffer = nullptr;
        unsigned long size = 0;
        jpeg_mem_dest(&c, &buffer, &size);
        c.image_width = static_cast<JDIMENSION>(w);
        c.image_height = static_cast<JDIMENSION>(h);
        c.input_components = 4;
        c.in_color_space = JCS_CMYK;
        jpeg_set_defaults(&c);
        if (ycck) {
            jpeg_set_colorspace(&c, JCS_YCCK);
        }
        jpeg_set_quality(&c, 95, TRUE);
        jpeg_start_compress(&c, TRUE);
        const JOCTET cmykProfile[16]
            = { 0, 0, 0, 16, 'd', 'r', 'o', 'p', 0, 0, 0, 0, 'p', 'r', 't', 'r' };
        jpeg_write_icc_profile(&c, cmykProfile, sizeof cmykProfile);
        std::vector<unsigned char> row(static_cast<std::size_t>(w) * 4);
        for (int x = 0; x < w; ++x) {
            for (int k = 0; k < 4; ++k) {
                row[static_cast<std::size_t>(x * 4 + k)] = static_cast<unsigned char>(255 - ink[k]);
            }
        }
        while (c.next_scanline < c.image_height) {
            JSAMPROW r = row.data();
            jpeg_write_scanlines(&c, &r, 1);
        }
        jpeg_finish_compress(&c);
        jpeg_destroy_compress(&c);
        std::vector<std::uint8_t> out(buffer, buffer + size);
        std::free(buffer);
        return out;
    }

    // TIFF type codes an orientation tag may be stored with.
    constexpr std::uint16_t kByte = 1;
    constexpr std::uint16_t kShort = 3;
    constexpr std::uint16_t kLong = 4;
    constexpr std::uint16_t kSShort = 8;
    constexpr std::uint16_t kSLong = 9;

    // A TIFF structure, as an APP1 Exif segment or a PNG eXIf chunk holds it, whose only IFD entry
    // is the orientation tag with the given type and values. Values that fit in the entry's 4
    // bytes are stored there, others after the IFD, as TIFF lays them out.
    std::vector<std::uint8_t> orientationExif(
        bool bigEndian, std::uint16_t type, const std::vector<std::int64_t>& values)
    {
        std::vector<std::uint8_t> out;
        const auto put = [&](std::vector<std::uint8_t>& to, std::uint64_t v, int bytes) {
            for (int i = 0; i < bytes; ++i) {
                const int shift = 8 * (bigEndian ? bytes - 1 - i : i);
                to.push_back(static_cast<std::uint8_t>(v >> shift));
            }
        };
        const int width = type == kShort || type == kSShort ? 2 : type == kByte ? 1 : 4;
        std::vector<std::uint8_t> data;
        for (const std::int64_t v : values) {
            put(data, static_cast<std::uint64_t>(v), width);
        }
        out.insert(out.end(), bigEndian ? "MM" : "II", (bigEndian ? "MM" : "II") + 2);
        put(out, 42, 2);
        put(out, 8, 4); // the IFD's offset
        put(out, 1, 2); // one entry
        put(out, 0x0112, 2);
        put(out, type, 2);
        put(out, values.size(), 4);
        if (data.size() <= 4) {
            data.resize(4, 0);
            out.insert(out.end(), data.begin(), data.end());
            data.clear();
        } else {
            put(out, 8 + 2 + 12 + 4, 4); // just past this IFD
        }
        put(out, 0, 4); // no next IFD
        out.insert(out.end(), data.begin(), data.end());
        return out;
    }

    // A JPEG file with `exif` in an APP1 segment right after its SOI marker.
    std::vector<std::uint8_t> withExif(
        const std::vector<std::uint8_t>& jpeg, const std::vector<std::uint8_t>& exif)
    {
        const std::size_t length = 2 + 6 + exif.size();
        std::vector<std::uint8_t> out(jpeg.begin(), jpeg.begin() + 2);
        out.insert(out.end(),
            { 0xff, 0xe1, static_cast<std::uint8_t>(length >> 8),
                static_cast<std::uint8_t>(length & 0xff), 'E', 'x', 'i', 'f', 0, 0 });
        out.insert(out.end(), exif.begin(), exif.end());
        out.insert(out.end(), jpeg.begin() + 2, jpeg.end());
        return out;
    }

    TEST(Codec, TellsTheTypeFromTheFirstBytesNotTheName)
    {
        const std::uint8_t png[] = { 0x89, 'P', 'N', 'G', 0x0d, 0x0a, 0x1a, 0x0a, 0 };
        const std::uint8_t jpeg[] = { 0xff, 0xd8, 0xff, 0xe0 };
        const std::uint8_t text[] = { 'h', 'e', 'l', 'l', 'o', ' ', 'w', 'o' };
        EXPECT_EQ(sniffFormat(png), ImageFormat::Png);
        EXPECT_EQ(sniffFormat(jpeg), ImageFormat::Jpeg);
        EXPECT_EQ(sniffFormat(text), ImageFormat::Unknown);
        EXPECT_EQ(sniffFormat(std::span<const std::uint8_t>(jpeg, 2)), ImageFormat::Unknown);
    }

    TEST(Codec, MessagesNameTheFormatsOfThisBuild)
    {
        std::string expected = "JPEG, PNG";
#if DROPSIZE_WITH_WEBP
        expected += ", WebP";
#endif
#if DROPSIZE_WITH_HEIF
        expected += ", HEIC, AVIF";
#endif
        const auto last = expected.rfind(", ");
        expected.replace(last, 2, " or ");
        EXPECT_EQ(readableFormats(), expected);
        // Every format the registry reads is named, by its title.
        for (const CodecEntry& codec : codecs()) {
            EXPECT_NE(readableFormats().find(formatTitle(codec.format)), std::string::npos)
                << codec.name;
        }
        const std::string html = "<!DOCTYPE html><html>";
        EXPECT_EQ(describeContent(
                      std::span(reinterpret_cast<const std::uint8_t*>(html.data()), html.size()),
                      html.size()),
            "not a " + expected
                + " image: it looks like HTML (a web page saved under an image name?)");
    }

    TEST(Codec, EverySharedFileResizesOrFailsWithTheListedReason)
    {
        DROPSIZE_REQUIRE_TESTDATA(dir);
        const ImageProcessor processor(halfSize());
        int resized = 0;
        std::set<std::string> failedAsListed;
        for (const char* folder : { "exif-orientation", "libjpeg-turbo", "pngsuite", "testpngs" }) {
            for (const auto& entry : fs::directory_iterator(dir / folder)) {
                const std::string ext = entry.path().extension().string();
                if (ext != ".jpg" && ext != ".png") {
                    continue;
                }
                const std::string rel
                    = std::string(folder) + "/" + entry.path().filename().string();
                SCOPED_TRACE(rel);
                auto result = processor.process(test::readFile(entry.path()));
                const auto expected = kExpectedFailures.find(rel);
                if (expected == kExpectedFailures.end()) {
                    ASSERT_TRUE(result.ok()) << result.error().message;
                    EXPECT_FALSE(result->encoded.empty());
                    ++resized;
                } else {
                    ASSERT_FALSE(result.ok()) << "listed as failing, but it resized";
                    EXPECT_NE(result.error().message.find(expected->second), std::string::npos)
                        << result.error().message;
                    failedAsListed.insert(rel);
                }
            }
        }
        EXPECT_EQ(failedAsListed.size(), kExpectedFailures.size());
        EXPECT_GT(resized, 180);
    }

    TEST(Codec, RefusesGiganticDimensionsBeforeAllocating)
    {
        const auto png = pngWithHeader(65500, 65500);
        auto header = readWholeHeader<PngDecoder>(png, DecodeLimits {});
        ASSERT_FALSE(header.ok());
        EXPECT_EQ(header.error().code, ErrorCode::LimitExceeded);
        EXPECT_NE(header.error().message.find("65500x65500"), std::string::npos)
            << header.error().message;

        // The same JPEG trick: a real file whose SOF claims 65500 × 65500.
        EncodeOptions options;
        const Image small = test::makeTestImage(16, 16, 3);
        auto jpeg = JpegEncoder::encode(small.view(), options, {});
        ASSERT_TRUE(jpeg.ok());
        std::vector<std::uint8_t> bytes = *jpeg;
        for (std::size_t i = 0; i + 8 < bytes.size(); ++i) {
            if (bytes[i] == 0xff
                && bytes[i + 1] == 0xc0) { // SOF0: length, precision, height, width
                bytes[i + 5] = 0xff;
                bytes[i + 6] = 0xdc;
                bytes[i + 7] = 0xff;
                bytes[i + 8] = 0xdc;
                break;
            }
        }
        const ImageProcessor processor(halfSize());
        auto result = processor.process(bytes);
        ASSERT_FALSE(result.ok());
        EXPECT_EQ(result.error().code, ErrorCode::LimitExceeded);
    }

    TEST(Codec, HonoursAConfigurablePixelLimit)
    {
        const Image image = test::makeTestImage(100, 100, 3);
        auto png = PngEncoder::encode(image.view(), {}, {});
        ASSERT_TRUE(png.ok());
        DecodeLimits limits;
        limits.maxPixels = 9999;
        EXPECT_EQ(readWholeHeader<PngDecoder>(*png, limits).error().code, ErrorCode::LimitExceeded);
        limits.maxPixels = 10000;
        EXPECT_TRUE(readWholeHeader<PngDecoder>(*png, limits).ok());
    }

    TEST(Codec, FailsTruncatedFilesWithAClearMessage)
    {
        const Image image = test::makeTestImage(64, 48, 3);
        auto jpeg = JpegEncoder::encode(image.view(), {}, {});
        auto png = PngEncoder::encode(image.view(), {}, {});
        ASSERT_TRUE(jpeg.ok() && png.ok());
        const ImageProcessor processor(halfSize());
        for (auto* bytes : { &*jpeg, &*png }) {
            const std::vector<std::uint8_t> cut(
                bytes->begin(), bytes->begin() + static_cast<std::ptrdiff_t>(bytes->size() / 2));
            auto result = processor.process(cut);
            ASSERT_FALSE(result.ok());
            EXPECT_EQ(result.error().code, ErrorCode::CorruptData) << result.error().message;
            EXPECT_FALSE(result.error().message.empty());
        }
        auto notImage = processor.process(std::vector<std::uint8_t>(100, 'x'));
        ASSERT_FALSE(notImage.ok());
        EXPECT_EQ(notImage.error().code, ErrorCode::UnsupportedFormat);
    }

    TEST(Codec, StopsProgressiveJpegsWithTooManyScans)
    {
        const Image image = test::makeTestImage(64, 64, 3);
        EncodeOptions options;
        options.progressive = true; // libjpeg's simple progression: 10 scans
        auto jpeg = JpegEncoder::encode(image.view(), options, {});
        ASSERT_TRUE(jpeg.ok());
        DecodeLimits limits;
        limits.maxScans = 3;
        auto decoded = decodeWhole<JpegDecoder>(*jpeg, limits);
        ASSERT_FALSE(decoded.ok());
        EXPECT_EQ(decoded.error().code, ErrorCode::LimitExceeded);
        EXPECT_NE(decoded.error().message.find("scans"), std::string::npos);
        limits.maxScans = 100;
        EXPECT_TRUE(decodeWhole<JpegDecoder>(*jpeg, limits).ok());
    }

    TEST(Codec, ConvertsAdobeCmykAndYcckToRgb)
    {
        const std::uint8_t red[4] = { 0, 255, 255, 0 }; // C M Y K ink
        const std::uint8_t grey[4] = { 0, 0, 0, 128 };
        for (const bool ycck : { false, true }) {
            for (const auto* ink : { red, grey }) {
                SCOPED_TRACE(ycck ? "YCCK" : "CMYK");
                const auto jpeg = adobeCmykJpeg(32, 32, ink, ycck);
                auto header = readWholeHeader<JpegDecoder>(jpeg, {});
                ASSERT_TRUE(header.ok());
                EXPECT_TRUE(header->cmyk);
                EXPECT_TRUE(header->metadata.icc.empty())
                    << "a CMYK profile does not fit RGB output";
                auto image = decodeWhole<JpegDecoder>(jpeg, {});
                ASSERT_TRUE(image.ok()) << image.error().message;
                ASSERT_EQ(image->channels(), 3);
#if DROPSIZE_WITH_LCMS2
                // Its 16-byte profile is no profile: lcms2 reads it with the standard one and the
                // header says so (cmyk_test.cpp checks those pixels).
                EXPECT_NE(
                    header->warning.english().find("standard CMYK profile"), std::string::npos);
#else
                const std::uint8_t* p = image->view().row(16) + 16 * 3;
                const int k = 255 - ink[3];
                for (int c = 0; c < 3; ++c) {
                    EXPECT_NEAR(p[c], (255 - ink[c]) * k / 255.0, 3) << "channel " << c;
                }
#endif
            }
        }
    }

    TEST(Codec, RefusesImagesOverTheMemoryLimitFromTheHeader)
    {
        const auto png = pngWithHeader(10000, 10000); // 100 megapixels: within the pixel limit
        DecodeLimits limits;
        limits.maxMemoryBytes = 64u << 20;
        auto header = readWholeHeader<PngDecoder>(png, limits);
        ASSERT_FALSE(header.ok());
        EXPECT_EQ(header.error().code, ErrorCode::LimitExceeded);
        EXPECT_NE(header.error().message.find("memory limit"), std::string::npos);
    }

    // A 1×1 PNG whose IDAT inflates to 1 GiB: only the bytes the rows need are inflated.
    TEST(Codec, InflatesOnlyWhatTheImageNeeds)
    {
        std::vector<std::uint8_t> png = { 0x89, 'P', 'N', 'G', 0x0d, 0x0a, 0x1a, 0x0a };
        const auto ihdr = test::pngChunk("IHDR", { 0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0 });
        png.insert(png.end(), ihdr.begin(), ihdr.end());
        // 1 GiB of zeros as deflate: the first MiB with the zlib header, then the block of the
        // next MiB repeated. Each is fully flushed, so the repeated block refers to nothing
        // before it. The stream has no end: a decoder that inflated it all would fail.
        std::vector<std::uint8_t> packed;
        {
            z_stream z {};
            ASSERT_EQ(deflateInit(&z, 9), Z_OK);
            std::vector<std::uint8_t> zeros(1u << 20, 0);
            std::vector<std::uint8_t> out(1u << 20);
            auto flushMiB = [&] {
                z.next_in = zeros.data();
                z.avail_in = static_cast<uInt>(zeros.size());
                z.next_out = out.data();
                z.avail_out = static_cast<uInt>(out.size());
                deflate(&z, Z_FULL_FLUSH);
                return std::vector<std::uint8_t>(
                    out.data(), out.data() + (out.size() - z.avail_out));
            };
            packed = flushMiB();
            const std::vector<std::uint8_t> block = flushMiB();
            deflateEnd(&z);
            for (int i = 1; i < 1024; ++i) {
                packed.insert(packed.end(), block.begin(), block.end());
            }
        }
        const auto idat = test::pngChunk("IDAT", packed);
        png.insert(png.end(), idat.begin(), idat.end());
        const auto iend = test::pngChunk("IEND", {});
        png.insert(png.end(), iend.begin(), iend.end());
        ASSERT_LT(png.size(), 4u << 20) << "the file is small; its stream is not";
        auto decoded = decodeWhole<PngDecoder>(png, {});
        ASSERT_TRUE(decoded.ok()) << decoded.error().message;
        EXPECT_EQ(decoded->width(), 1);
        EXPECT_EQ(decoded->data()[0], 0);
    }

    TEST(Codec, ReadsAndResetsExifOrientation)
    {
        // A big-endian TIFF with one IFD entry: orientation 6.
        std::vector<std::uint8_t> exif = { 'M', 'M', 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0,
            0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0, 0, 0 };
        EXPECT_EQ(exifOrientation(exif), 6);
        EXPECT_TRUE(resetExifOrientation(exif));
        EXPECT_EQ(exifOrientation(exif), 1);
        EXPECT_EQ(exifOrientation({}), 1);
    }

    // Pillow 9.4's getexif() reads the tag whatever its integer type (SHORT, LONG, SSHORT,
    // SLONG), and exif_transpose() turns the image for the values 2 to 8.
    TEST(Codec, ReadsExifOrientationOfAnyIntegerTypeInEitherByteOrder)
    {
        for (const bool big : { false, true }) {
            for (const std::uint16_t type : { kShort, kLong, kSShort, kSLong }) {
                for (int value = 1; value <= 8; ++value) {
                    SCOPED_TRACE(::testing::Message()
                        << (big ? "MM" : "II") << " type " << type << " value " << value);
                    EXPECT_EQ(exifOrientation(orientationExif(big, type, { value })), value);
                }
            }
        }
    }

    TEST(Codec, ReadsAllFourBytesOfALongOrientation)
    {
        // Pillow sees 65542 or 393216 here, no orientation it knows: the image stays as stored.
        // A reader that took two of the four bytes would see 6.
        for (const bool big : { false, true }) {
            SCOPED_TRACE(big ? "MM" : "II");
            EXPECT_EQ(exifOrientation(orientationExif(big, kLong, { 0x10006 })), 1);
            EXPECT_EQ(exifOrientation(orientationExif(big, kLong, { 0x60000 })), 1);
            EXPECT_EQ(exifOrientation(orientationExif(big, kLong, { 9 })), 1);
            EXPECT_EQ(exifOrientation(orientationExif(big, kSShort, { -6 })), 1);
            EXPECT_EQ(exifOrientation(orientationExif(big, kSLong, { -6 })), 1);
        }
    }

    TEST(Codec, IgnoresOrientationStoredAsBytesOrWithoutValues)
    {
        // Pillow reads a BYTE tag as b"\x06", which is no orientation; with no values, None.
        for (const bool big : { false, true }) {
            SCOPED_TRACE(big ? "MM" : "II");
            EXPECT_EQ(exifOrientation(orientationExif(big, kByte, { 6 })), 1);
            EXPECT_EQ(exifOrientation(orientationExif(big, kShort, {})), 1);
        }
    }

    TEST(Codec, UsesTheFirstOfSeveralOrientationValues)
    {
        for (const bool big : { false, true }) {
            SCOPED_TRACE(big ? "MM" : "II");
            EXPECT_EQ(exifOrientation(orientationExif(big, kShort, { 6, 3 })), 6); // in the entry
            EXPECT_EQ(exifOrientation(orientationExif(big, kShort, { 5, 3, 3 })), 5); // after it
            EXPECT_EQ(exifOrientation(orientationExif(big, kLong, { 8, 3 })), 8);
        }
    }

    TEST(Codec, ResetsALongOrientationToOneInAllFourBytes)
    {
        for (const bool big : { false, true }) {
            SCOPED_TRACE(big ? "MM" : "II");
            for (const std::uint16_t type : { kLong, kSLong }) {
                std::vector<std::uint8_t> exif = orientationExif(big, type, { 0x10006 });
                EXPECT_TRUE(resetExifOrientation(exif));
                EXPECT_EQ(exif, orientationExif(big, type, { 1 }));
            }
        }
    }

    TEST(Codec, TurnsAJpegWhoseOrientationIsALongLikeOneWhoseOrientationIsAShort)
    {
        test::TempDir tmp;
        test::writeTestJpeg(tmp.path() / "photo.jpg", 64, 40);
        const std::vector<std::uint8_t> jpeg = test::readFile(tmp.path() / "photo.jpg");
        const ImageProcessor processor(halfSize());
        for (const bool big : { false, true }) {
            for (const int orientation : { 6, 8 }) {
                SCOPED_TRACE(
                    ::testing::Message() << (big ? "MM" : "II") << " orientation " << orientation);
                // PNG: lossless, so the pixels can be compared.
                auto asShort = processor.process(
                    withExif(jpeg, orientationExif(big, kShort, { orientation })),
                    OutputFormat::Png);
                auto asLong = processor.process(
                    withExif(jpeg, orientationExif(big, kLong, { orientation })),
                    OutputFormat::Png);
                ASSERT_TRUE(asShort.ok()) << asShort.error().message;
                ASSERT_TRUE(asLong.ok()) << asLong.error().message;
                EXPECT_EQ(asLong->inspected.header.info.orientation, orientation);
                EXPECT_EQ(asLong->inspected.plan.output, (Size { 20, 32 }));
                auto shortPixels = decodeWhole<PngDecoder>(asShort->encoded, {});
                auto longPixels = decodeWhole<PngDecoder>(asLong->encoded, {});
                ASSERT_TRUE(shortPixels.ok() && longPixels.ok());
                EXPECT_EQ(test::pixelCrc(longPixels->view()), test::pixelCrc(shortPixels->view()));
            }
        }
    }

    // Pillow never checks IEND's CRC (it reads up to IEND and stops), so a PNG whose only fault is
    // that CRC reads as the intact file does. A bad IDAT CRC is still refused (badcrc.png above).
    TEST(Codec, ReadsAPngWhoseOnlyFaultIsTheIendCrc)
    {
        test::TempDir tmp;
        for (const int channels : { 3, 4 }) {
            for (const int width : { 40, 400 }) {
                SCOPED_TRACE(
                    ::testing::Message() << width << " px wide, " << channels << " channels");
                const fs::path path = tmp.path() / "intact.png";
                test::writeTestPng(path, width, width * 3 / 4, channels);
                const std::vector<std::uint8_t> intact = test::readFile(path);
                ASSERT_GE(intact.size(), 12u);
                ASSERT_EQ(std::memcmp(intact.data() + intact.size() - 8, "IEND", 4), 0);
                std::vector<std::uint8_t> broken = intact;
                for (std::size_t i = broken.size() - 4; i < broken.size(); ++i) {
                    broken[i] = static_cast<std::uint8_t>(broken[i] ^ 0xa5);
                }
                auto expected = decodeWhole<PngDecoder>(intact, {});
                auto decoded = decodeWhole<PngDecoder>(broken, {});
                ASSERT_TRUE(expected.ok()) << expected.error().message;
                ASSERT_TRUE(decoded.ok()) << decoded.error().message;
                ASSERT_EQ(decoded->width(), expected->width());
                ASSERT_EQ(decoded->height(), expected->height());
                EXPECT_EQ(test::pixelCrc(decoded->view()), test::pixelCrc(expected->view()));
                const ImageProcessor processor(halfSize());
                auto resized = processor.process(broken);
                ASSERT_TRUE(resized.ok()) << resized.error().message;
                EXPECT_EQ(resized->encoded, processor.process(intact)->encoded);
            }
        }
    }

    TEST(Codec, ResettingAnExifOrientationNeverRewritesTheEntryTable)
    {
        // Found by tests/fuzz (exif): the first orientation entry's value "lay" at an offset
        // inside the entry table, so resetting it rewrote that entry and a second orientation
        // entry then read as 2.
        std::vector<std::uint8_t> exif
            = { 0x4d, 0x4d, 0x00, 0x2a, 0x00, 0x00, 0x00, 0x08, 0x00, 0x05, 0x01, 0x12, 0x00, 0x03,
                  0x49, 0x49, 0x2a, 0x00, 0x00, 0x00, 0x00, 0x12, 0x01, 0x12, 0x00, 0x03, 0x00,
                  0x00, 0x00, 0x01, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x02, 0x13, 0x01 };
        // And one whose value "lay" in the header, over the offset of the entry table: reset moved
        // the table onto another orientation entry.
        const std::vector<std::uint8_t> inHeader = { 0x49, 0x49, 0x2a, 0x00, 0x08, 0x00, 0x00, 0x00,
            0x01, 0x00, 0x12, 0x01, 0x03, 0x00, 0x01, 0x01, 0x02, 0x00, 0x04, 0x00, 0x00, 0x00,
            0x01, 0x00, 0x49, 0x2a, 0x00, 0x08, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x12, 0x01,
            0x03, 0x00, 0x00, 0xf7, 0x02, 0x00, 0x04, 0x00, 0x00, 0x00, 0x01, 0x49, 0x2a, 0x00,
            0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x01, 0x49, 0x2a, 0x00, 0x08, 0x00, 0x00, 0x00,
            0x01, 0x00, 0x12, 0x01, 0x03, 0x00, 0x01, 0x01, 0x02, 0x00, 0x04, 0x00, 0x12, 0x01,
            0x03, 0x00, 0x01, 0x01, 0x02, 0x00, 0x04, 0x01, 0x00, 0x12, 0x01, 0x03, 0x00, 0x01,
            0x00, 0x00, 0x00, 0x08, 0x00, 0x12, 0x01, 0x03, 0x00, 0x01, 0x01, 0x02, 0x00, 0x04,
            0x00, 0x00, 0x00, 0x01, 0x4d, 0x5f };
        // Either the block now reads as upright, or it is given back untouched (and the
        // encoder drops it).
        for (std::vector<std::uint8_t> bytes : { exif, inHeader }) {
            const std::vector<std::uint8_t> original = bytes;
            if (resetExifOrientation(bytes)) {
                EXPECT_EQ(exifOrientation(bytes), 1);
            } else {
                EXPECT_EQ(bytes, original);
            }
        }
    }

    // An RGB JPEG's ICC profile is kept on the output: put together from its segments as Pillow
    // does (sorted by sequence number, when the first says as many parts as there are), or left
    // out with a note that says why.
    TEST(Codec, KeepsAJpegsProfilePutTogetherAsPillowDoesOrSaysWhyItWasLeftOut)
    {
        const auto jpeg = test::readFile(test::goldenPath("fixtures/s444.jpg"));
        std::vector<std::uint8_t> profile(1000);
        for (std::size_t i = 0; i < profile.size(); ++i) {
            profile[i] = static_cast<std::uint8_t>(i * 7);
        }
        const auto taken
            = test::jpegWithIccSegments(jpeg, profile, 2, { { 5, 2, 1 }, { 0, 2, 0 } });
        auto header = readWholeHeader<JpegDecoder>(taken, {});
        ASSERT_TRUE(header.ok()) << header.error().message;
        EXPECT_EQ(header->metadata.icc, profile) << "sorted by sequence number, 0 first";
        EXPECT_TRUE(header->warning.empty());

        const auto refused = test::jpegWithIccSegments(jpeg, profile, 2, { { 1, 2, 0 } });
        header = readWholeHeader<JpegDecoder>(refused, {});
        ASSERT_TRUE(header.ok()) << header.error().message;
        EXPECT_TRUE(header->metadata.icc.empty());
        EXPECT_EQ(header->warning.english(),
            "its ICC profile was left out (its parts do not add up: it says 2, the file holds 1)");
        ProcessOptions options;
        options.spec.percent = 50;
        const ImageProcessor processor(options);
        auto inspected = processor.inspect(refused);
        ASSERT_TRUE(inspected.ok()) << inspected.error().message;
        EXPECT_EQ(inspected->header.warning.english(), header->warning.english())
            << "the job's note";
    }

    TEST(Codec, ExifReaderStaysInsideATiffShorterThanOneEntry)
    {
        // Found by tests/fuzz (exif): an 8-byte TIFF whose IFD at 0 claims 0x4d4d entries made the
        // reader walk past its end. Here the bytes after the 8 hold an orientation entry, which a
        // reader that leaves the span would find.
        std::vector<std::uint8_t> buffer = { 'M', 'M', 0, 42, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x01,
            0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0 };
        const std::vector<std::uint8_t> before = buffer;
        const std::span<std::uint8_t> exif(buffer.data(), 8);
        EXPECT_EQ(exifOrientation(exif), 1);
        EXPECT_TRUE(resetExifOrientation(exif)) << "it reads as upright";
        EXPECT_EQ(buffer, before) << "and nothing was written";
    }

    // A camera's EXIF in either byte order: IFD0 with the orientation and the Exif IFD's
    // pointer, the Exif IFD with the picture's pixel dimensions (SHORT and LONG), and IFD1 with
    // a 40-byte JPEG thumbnail, at the end or (`thumbnailFirst`) before a kept value.
    struct CameraExif {
        std::vector<std::uint8_t> bytes;
        std::size_t thumbnailAt = 0;
    };

    CameraExif cameraExif(bool big, bool thumbnailFirst)
    {
        CameraExif c;
        std::vector<std::uint8_t>& out = c.bytes;
        const auto put = [&](std::uint64_t v, int n) {
            for (int i = 0; i < n; ++i) {
                out.push_back(static_cast<std::uint8_t>(v >> (8 * (big ? n - 1 - i : i))));
            }
        };
        const auto entry
            = [&](std::uint16_t tag, std::uint16_t type, std::uint32_t count, std::uint32_t value) {
                  put(tag, 2);
                  put(type, 2);
                  put(count, 4);
                  if (type == kShort && count == 1) {
                      put(value, 2);
                      put(0, 2);
                  } else {
                      put(value, 4);
                  }
              };
        // 0: header; 8: IFD0 (3 entries, 42 bytes); 50: Exif IFD (2 entries, 30 bytes); 80: IFD1
        // (2 entries, 30 bytes); 110: 40 bytes, the thumbnail and the software name in either
        // order.
        const std::uint32_t thumbnail = thumbnailFirst ? 110 : 130;
        const std::uint32_t software = thumbnailFirst ? 150 : 110;
        out.insert(out.end(), big ? "MM" : "II", (big ? "MM" : "II") + 2);
        put(42, 2);
        put(8, 4);
        put(3, 2);
        entry(0x0112, kShort, 1, 6);
        entry(0x0131, 2, 20, software); // Software, ASCII, out of line
        entry(0x8769, kLong, 1, 50);
        put(80, 4); // IFD1
        put(2, 2);
        entry(0xA002, kShort, 1, 5640);
        entry(0xA003, kLong, 1, 3172);
        put(0, 4);
        put(2, 2);
        entry(0x0201, kLong, 1, thumbnail);
        entry(0x0202, kLong, 1, 40);
        put(0, 4);
        out.resize(170, 0);
        std::fill_n(out.begin() + thumbnail, 40, std::uint8_t { 0xAB });
        const std::string name = "Dropsize test camera";
        std::copy(name.begin(), name.end(), out.begin() + software);
        c.thumbnailAt = thumbnail;
        return c;
    }

    // Kept EXIF is made true of the output: its pixel dimensions are the output's, and the old
    // picture's thumbnail goes (unlinked, zeroed, cut off where it was last).
    TEST(Codec, KeptExifSaysTheOutputsSizeAndHoldsNoThumbnail)
    {
        for (const bool big : { false, true }) {
            for (const bool thumbnailFirst : { false, true }) {
                SCOPED_TRACE(std::string(big ? "MM" : "II")
                    + (thumbnailFirst ? ", thumbnail first" : ", thumbnail last"));
                const CameraExif original = cameraExif(big, thumbnailFirst);
                std::vector<std::uint8_t> exif = original.bytes;
                fitExifToOutput(exif, 100, 70000);
                EXPECT_EQ(exif.size(), thumbnailFirst ? 170u : 130u);
                EXPECT_EQ(exifOrientation(exif), 6);
                const auto u16 = [&](std::size_t at) -> std::uint32_t {
                    const std::uint32_t a = exif[at];
                    const std::uint32_t b = exif[at + 1];
                    return big ? (a << 8) | b : (b << 8) | a;
                };
                const auto u32 = [&](std::size_t at) -> std::uint32_t {
                    return big ? (u16(at) << 16) | u16(at + 2) : (u16(at + 2) << 16) | u16(at);
                };
                EXPECT_EQ(u32(8 + 2 + 3 * 12), 0u) << "IFD0 leads to no IFD1";
                EXPECT_EQ(u16(52 + 8), 100u) << "PixelXDimension, still a SHORT";
                EXPECT_EQ(u16(52 + 2), kShort);
                EXPECT_EQ(u16(64 + 2), kLong) << "PixelYDimension";
                EXPECT_EQ(u32(64 + 8), 70000u);
                const std::size_t software = thumbnailFirst ? 150 : 110;
                EXPECT_EQ(std::string(exif.begin() + software, exif.begin() + software + 20),
                    "Dropsize test camera");
                if (thumbnailFirst) {
                    EXPECT_TRUE(std::all_of(exif.begin() + 110, exif.begin() + 150,
                        [](std::uint8_t b) { return b == 0; }))
                        << "the thumbnail's bytes are zeroed where they cannot be cut";
                }
                // A SHORT dimension that needs more becomes a LONG.
                std::vector<std::uint8_t> wide = original.bytes;
                fitExifToOutput(wide, 70000, 20);
                exif = wide;
                EXPECT_EQ(u16(52 + 2), kLong);
                EXPECT_EQ(u32(52 + 8), 70000u);
            }
        }
        // What it cannot read is left alone.
        std::vector<std::uint8_t> junk { 'I', 'I', 43, 0, 8, 0, 0, 0, 1, 2, 3 };
        const std::vector<std::uint8_t> before = junk;
        fitExifToOutput(junk, 10, 10);
        EXPECT_EQ(junk, before);
    }

    // Found by tests/fuzz: a block whose IFDs overlap, where rewriting the dimensions or the
    // IFD1 pointer would change the orientation read from it. Such a block is left as it was.
    TEST(Codec, FittingAnExifNeverChangesTheOrientationItSays)
    {
        const std::vector<std::uint8_t> overlapping { 0x4d, 0x4d, 0x00, 0x2a, 0x00, 0x00, 0x00,
            0x08, 0x00, 0x05, 0x01, 0x12, 0x00, 0x08, 0x00, 0x00, 0x00, 0x05, 0x00, 0x00, 0x00,
            0x49, 0x49, 0x41, 0x00, 0x00, 0x0c, 0x00, 0x00, 0x00, 0x00, 0x08, 0x00, 0x52, 0x01,
            0x28, 0x00, 0x03, 0x00, 0x00, 0x05, 0x01, 0x12, 0x1a, 0x00, 0x09, 0x00, 0x00, 0x00,
            0x00, 0x00, 0x00, 0x00, 0x00, 0x03, 0x00, 0x12, 0x01, 0x00, 0x01, 0x01, 0x12, 0x00,
            0x03, 0x00, 0x00, 0x03, 0x00, 0x01, 0x00, 0x00, 0x00, 0x12, 0x01, 0x03, 0x00, 0x01,
            0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x06, 0x00, 0x4d };
        std::vector<std::uint8_t> exif = overlapping;
        fitExifToOutput(exif, 640, 70000);
        EXPECT_EQ(exifOrientation(exif), exifOrientation(overlapping));
        EXPECT_LE(exif.size(), overlapping.size());
    }

    // Through the encoders: a kept EXIF read back from the output says its size.
    TEST(Codec, AnOutputsExifSaysItsOwnSize)
    {
        Metadata metadata;
        metadata.exif = cameraExif(false, false).bytes;
        const Image image = test::makeTestImage(64, 48, 3);
        const ImageProcessor processor(ProcessOptions {});
        for (const ImageFormat f : { ImageFormat::Jpeg, ImageFormat::Png }) {
            auto encoded = processor.encode(image.view(), f, metadata);
            ASSERT_TRUE(encoded.ok()) << encoded.error().message;
            auto again = f == ImageFormat::Jpeg ? readWholeHeader<JpegDecoder>(*encoded, {})
                                                : readWholeHeader<PngDecoder>(*encoded, {});
            ASSERT_TRUE(again.ok());
            const std::vector<std::uint8_t>& exif = again->metadata.exif;
            ASSERT_EQ(exif.size(), 130u);
            EXPECT_EQ(exif[52 + 8] | (exif[52 + 9] << 8), 64);
            EXPECT_EQ(exif[64 + 8] | (exif[64 + 9] << 8), 48);
            EXPECT_EQ(again->info.orientation, 1);
        }
    }

    TEST(Codec, KeepsIccAndExifWithOrientationOneUnlessStripped)
    {
        DROPSIZE_REQUIRE_TESTDATA(dir);
        const std::vector<std::uint8_t> icc = test::readFile(dir / "libjpeg-turbo/test1.icc");
        const std::vector<std::uint8_t> photo
            = test::readFile(dir / "exif-orientation/Landscape_6.jpg");
        auto header = readWholeHeader<JpegDecoder>(photo, {});
        ASSERT_TRUE(header.ok());
        ASSERT_EQ(header->info.orientation, 6);
        auto pixels = decodeWhole<JpegDecoder>(photo, {}, nullptr, 8);
        ASSERT_TRUE(pixels.ok());
        Metadata metadata = header->metadata;
        metadata.icc = icc;
        for (const OutputFormat format : { OutputFormat::Jpeg, OutputFormat::Png }) {
            for (const bool strip : { false, true }) {
                ProcessOptions options;
                options.stripMetadata = strip;
                const ImageProcessor processor(options);
                const ImageFormat f
                    = format == OutputFormat::Jpeg ? ImageFormat::Jpeg : ImageFormat::Png;
                auto encoded = processor.encode(pixels->view(), f, metadata);
                ASSERT_TRUE(encoded.ok()) << encoded.error().message;
                auto again = f == ImageFormat::Jpeg ? readWholeHeader<JpegDecoder>(*encoded, {})
                                                    : readWholeHeader<PngDecoder>(*encoded, {});
                ASSERT_TRUE(again.ok());
                // test1.icc is a CMYK profile: JPEG carries it as given, libpng refuses it on RGB
                // pixels and the image is written without it.
                const bool iccKept = !strip && f == ImageFormat::Jpeg;
                EXPECT_EQ(again->metadata.icc, iccKept ? icc : std::vector<std::uint8_t> {});
                EXPECT_EQ(again->metadata.exif.empty(), strip);
                EXPECT_EQ(again->info.orientation, 1);
            }
        }
    }

    TEST(Codec, DecodesAPngNamedJpgAsPng)
    {
        test::TempDir tmp;
        test::writeTestPng(tmp.path() / "actually-a.png.jpg", 40, 30, 4);
        const ImageProcessor processor(halfSize());
        auto result = processor.process(test::readFile(tmp.path() / "actually-a.png.jpg"));
        ASSERT_TRUE(result.ok()) << result.error().message;
        EXPECT_EQ(result->inspected.header.format, ImageFormat::Png);
        EXPECT_EQ(result->format, ImageFormat::Png);
        EXPECT_EQ(result->inspected.plan.output, (Size { 20, 15 }));
    }

    // A JPEG encode stopped after its output outgrew libjpeg's first buffer: the buffer it
    // grew into is freed once (it was freed twice, and the process aborted, when the target
    // file size search was cancelled).
    TEST(Codec, AJpegEncodeCancelledPartWayFreesItsBufferOnce)
    {
        const Image noise = test::makeTestImage(2048, 2048, 3, 7);
        EncodeOptions options;
        options.jpegQuality = 100;
        options.subsampling = ChromaSubsampling::S444;
        for (int attempt = 0; attempt < 3; ++attempt) {
            CancelToken cancel;
            std::thread stopper([&] {
                std::this_thread::sleep_for(std::chrono::milliseconds(10 + 20 * attempt));
                cancel.requestStop();
            });
            auto encoded = JpegEncoder::encode(noise.view(), options, {}, &cancel);
            stopper.join();
            if (!encoded.ok()) {
                EXPECT_EQ(encoded.error().code, ErrorCode::Cancelled);
            }
        }
    }

} // namespace
} // namespace dropsize

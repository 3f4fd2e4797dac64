// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors

// Where a file's orientation comes from, beyond the golden fixtures (which hold what Pillow
// reads): the sources Pillow fails on are passed over, the kept EXIF says what the output is,
// and a reset that cannot be made leaves the block for the encoder to drop.

#include "codecs/exif.h"
#include "codecs/png/png_chunks.h"
#include "codecs/png/png_decoder.h"
#include "codecs/png/png_encoder.h"
#include "dropsize/core/image_processor.h"
#include "dropsize/core/options.h"
#include "support/test_support.h"

#include <gtest/gtest.h>
#include <string>
#include <zlib.h>

namespace dropsize {
namespace {

    std::vector<std::uint8_t> bytesOf(std::string_view s) { return { s.begin(), s.end() }; }

    std::vector<std::uint8_t> textChunk(std::string_view key, std::string_view value)
    {
        std::string data(key);
        data += '\0';
        data += value;
        return test::pngChunk("tEXt", bytesOf(data));
    }

    // An iTXt chunk, its text stored as it is.
    std::vector<std::uint8_t> internationalChunk(std::string_view key, std::string_view value)
    {
        std::string data(key);
        data.append("\0\0\0\0\0", 5); // key end, not compressed, method 0, no language or title
        data += value;
        return test::pngChunk("iTXt", bytesOf(data));
    }

    std::vector<std::uint8_t> compressedChunk(std::string_view key, const std::string& value)
    {
        uLongf size = compressBound(static_cast<uLong>(value.size()));
        std::vector<std::uint8_t> packed(size);
        EXPECT_EQ(compress(packed.data(), &size, reinterpret_cast<const Bytef*>(value.data()),
                      static_cast<uLong>(value.size())),
            Z_OK);
        packed.resize(size);
        std::vector<std::uint8_t> data(key.begin(), key.end());
        data.push_back(0);
        data.push_back(0); // method: deflate
        data.insert(data.end(), packed.begin(), packed.end());
        return test::pngChunk("zTXt", data);
    }

    std::string xmp(int orientation)
    {
        return "<rdf:Description tiff:Orientation=\"" + std::to_string(orientation) + "\"/>";
    }

    std::string hex(const std::vector<std::uint8_t>& bytes)
    {
        static const char* digits = "0123456789abcdef";
        std::string out;
        for (const std::uint8_t b : bytes) {
            out += digits[b >> 4];
            out += digits[b & 15];
        }
        return out;
    }

    std::string rawProfile(const std::vector<std::uint8_t>& exif)
    {
        std::vector<std::uint8_t> data = bytesOf(std::string_view("Exif\0\0", 6));
        data.insert(data.end(), exif.begin(), exif.end());
        return "\nexif\n   " + std::to_string(data.size()) + "\n" + hex(data) + "\n";
    }

    // A 40×20 PNG with `chunks` after its header chunk.
    std::vector<std::uint8_t> pngWith(const std::vector<std::vector<std::uint8_t>>& chunks)
    {
        const Image image = test::makeTestImage(40, 20, 3);
        auto png = PngEncoder::encode(image.view(), {}, {});
        EXPECT_TRUE(png.ok());
        std::vector<std::uint8_t> bytes = *png;
        auto at = bytes.begin() + 8 + 25; // after IHDR
        for (const auto& chunk : chunks) {
            at = bytes.insert(at, chunk.begin(), chunk.end())
                + static_cast<std::ptrdiff_t>(chunk.size());
        }
        return bytes;
    }

    int orientationOf(const std::vector<std::uint8_t>& png)
    {
        return png::readOrientation(png).orientation;
    }

    TEST(OrientationSources, PassesOverTheSourcesPillowFailsOn)
    {
        // Text where Pillow wants the EXIF's bytes (it raises a TypeError): the XMP counts.
        EXPECT_EQ(orientationOf(pngWith({ internationalChunk("exif", "II*"),
                      internationalChunk("XML:com.adobe.xmp", xmp(6)) })),
            6);
        // A raw profile that is not hexadecimal (a ValueError): the XMP counts.
        EXPECT_EQ(orientationOf(pngWith({ textChunk("Raw profile type exif", "\nexif\n 4\nzz12\n"),
                      internationalChunk("XML:com.adobe.xmp", xmp(8)) })),
            8);
        // An eXIf that is no TIFF structure (a SyntaxError): the raw profile counts.
        EXPECT_EQ(
            orientationOf(pngWith({ test::pngChunk("eXIf", bytesOf("not a tiff")),
                textChunk("Raw profile type exif", rawProfile(test::exifWithOrientation(6))) })),
            6);
        // XMP text past Pillow's 1 MiB once inflated (a ValueError): passed over.
        std::string large = xmp(5);
        large.resize((std::size_t { 1 } << 20) + 10, ' ');
        EXPECT_EQ(orientationOf(pngWith({ internationalChunk("XML:com.adobe.xmp", xmp(3)),
                      compressedChunk("XML:com.adobe.xmp", large) })),
            3);
        // The same text just under the cap is read.
        large.resize(std::size_t { 1 } << 20);
        EXPECT_EQ(orientationOf(pngWith({ compressedChunk("XML:com.adobe.xmp", large) })), 5);
    }

    TEST(OrientationSources, ReadsTheRawProfileAsPythonReadsHexadecimal)
    {
        const std::string profile = rawProfile(test::exifWithOrientation(7));
        // Spaces and carriage returns between pairs are whitespace to bytes.fromhex().
        std::string spaced;
        const std::size_t body = profile.find('\n', 7) + 1;
        spaced = profile.substr(0, body);
        for (std::size_t i = body; i + 1 < profile.size(); i += 2) {
            spaced += profile.substr(i, 2);
            spaced += " \r";
        }
        EXPECT_EQ(orientationOf(pngWith({ textChunk("Raw profile type exif", spaced) })), 7);
        // A space inside a pair is not.
        std::string split = profile;
        split.insert(body + 1, " ");
        EXPECT_EQ(orientationOf(pngWith({ textChunk("Raw profile type exif", split) })), 1);
        // Fewer than four lines hold no EXIF.
        EXPECT_EQ(orientationOf(pngWith({ textChunk("Raw profile type exif", "\nexif\n") })), 1);
    }

    TEST(OrientationSources, TheEmptyExifValueStillHidesTheRawProfile)
    {
        // Pillow looks at the raw profile only where Image.info has no "exif" at all: an empty
        // tEXt "exif" is one.
        EXPECT_EQ(
            orientationOf(pngWith({ textChunk("exif", ""),
                textChunk("Raw profile type exif", rawProfile(test::exifWithOrientation(6))) })),
            1);
    }

    TEST(OrientationSources, KeepsTheRawProfilesExifAndWritesItUpright)
    {
        const auto file = pngWith(
            { compressedChunk("Raw profile type exif", rawProfile(test::exifWithOrientation(6))) });
        auto header = readWholeHeader<PngDecoder>(file, {});
        ASSERT_TRUE(header.ok()) << header.error().message;
        EXPECT_EQ(header->info.orientation, 6);
        EXPECT_EQ(header->metadata.exif, test::exifWithOrientation(6));

        ProcessOptions options;
        options.spec.percent = 50;
        const ImageProcessor processor(options);
        auto processed = processor.process(file, OutputFormat::Png);
        ASSERT_TRUE(processed.ok()) << processed.error().message;
        auto out = readWholeHeader<PngDecoder>(processed->encoded, {});
        ASSERT_TRUE(out.ok()) << out.error().message;
        EXPECT_EQ(out->info.width, 10);
        EXPECT_EQ(out->info.height, 20);
        ASSERT_FALSE(out->metadata.exif.empty()) << "the EXIF is kept";
        EXPECT_EQ(exifOrientationTag(out->metadata.exif), 1);
    }

    // A little-endian TIFF structure with IFD0's entries (tag, type, count, 4 value bytes).
    std::vector<std::uint8_t> tiffWith(
        const std::vector<std::tuple<int, int, std::uint32_t, std::uint32_t>>& entries,
        const std::vector<std::uint8_t>& after = {})
    {
        std::vector<std::uint8_t> t = { 'I', 'I', 42, 0, 8, 0, 0, 0 };
        const auto put = [&](std::uint64_t v, int bytes) {
            for (int i = 0; i < bytes; ++i) {
                t.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
            }
        };
        put(entries.size(), 2);
        for (const auto& [tag, type, count, value] : entries) {
            put(static_cast<std::uint64_t>(tag), 2);
            put(static_cast<std::uint64_t>(type), 2);
            put(count, 4);
            put(value, 4);
        }
        put(0, 4);
        t.insert(t.end(), after.begin(), after.end());
        return t;
    }

    TEST(ExifOrientation, ReadsEveryNumericTypeAndTheLastEntryAsPillowDoes)
    {
        EXPECT_EQ(exifOrientationTag(tiffWith({ { 0x112, 3, 1, 6 } })), 6);
        EXPECT_EQ(exifOrientationTag(tiffWith({ { 0x112, 6, 1, 8 } })), 8) << "SBYTE";
        EXPECT_EQ(exifOrientationTag(tiffWith({ { 0x112, 6, 1, 0xFE } })), 1) << "SBYTE -2";
        EXPECT_EQ(exifOrientationTag(tiffWith({ { 0x112, 1, 1, 6 } })), 1) << "BYTE: bytes";
        EXPECT_EQ(exifOrientationTag(tiffWith({ { 0x112, 7, 1, 6 } })), 1) << "UNDEFINED";
        EXPECT_EQ(exifOrientationTag(tiffWith({ { 0x112, 11, 1, 0x40C00000 } })), 6) << "6.0f";
        EXPECT_EQ(exifOrientationTag(tiffWith({ { 0x112, 11, 1, 0x40C80000 } })), 1) << "6.25f";
        // A rational stored after the table (offset 26: 8 + 2 + 12 + 4).
        const std::vector<std::uint8_t> twelveHalves = { 12, 0, 0, 0, 2, 0, 0, 0 };
        EXPECT_EQ(exifOrientationTag(tiffWith({ { 0x112, 5, 1, 26 } }, twelveHalves)), 6);
        const std::vector<std::uint8_t> overZero = { 12, 0, 0, 0, 0, 0, 0, 0 };
        EXPECT_EQ(exifOrientationTag(tiffWith({ { 0x112, 5, 1, 26 } }, overZero)), 1);
        // Values past the end, no values, an unknown type: no tag at all.
        EXPECT_EQ(exifOrientationTag(tiffWith({ { 0x112, 5, 1, 26 } })), std::nullopt);
        EXPECT_EQ(exifOrientationTag(tiffWith({ { 0x112, 3, 0, 6 } })), std::nullopt);
        EXPECT_EQ(exifOrientationTag(tiffWith({ { 0x112, 14, 1, 6 } })), std::nullopt);
        // Two entries: the last one Pillow loads wins.
        EXPECT_EQ(exifOrientationTag(tiffWith({ { 0x112, 3, 1, 6 }, { 0x112, 3, 1, 3 } })), 3);
        EXPECT_EQ(exifOrientationTag(tiffWith({ { 0x112, 3, 1, 6 }, { 0x112, 3, 0, 3 } })), 6);
    }

    TEST(ExifOrientation, ResetsEveryEntryInItsOwnTypeOrLeavesTheBlockAsItWas)
    {
        std::vector<std::uint8_t> twice
            = tiffWith({ { 0x112, 3, 1, 6 }, { 0x112, 11, 1, 0x40C00000 } });
        ASSERT_TRUE(resetExifOrientation(twice));
        EXPECT_EQ(exifOrientationTag(twice), 1);
        std::vector<std::uint8_t> first = tiffWith({ { 0x112, 11, 1, 0x40C00000 } });
        ASSERT_TRUE(resetExifOrientation(first));
        EXPECT_EQ(first, tiffWith({ { 0x112, 11, 1, 0x3F800000 } })) << "1.0f";
        // Values that lie in IFD0's own table (here the first entry, whose tag is 6) are not
        // rewritten: the block is given back as it was, for the encoder to drop.
        std::vector<std::uint8_t> inTable = tiffWith({ { 6, 3, 1, 0 }, { 0x112, 3, 3, 10 } });
        ASSERT_EQ(exifOrientation(inTable), 6);
        const std::vector<std::uint8_t> before = inTable;
        EXPECT_FALSE(resetExifOrientation(inTable));
        EXPECT_EQ(inTable, before);

        // Such a block in a file: the output is turned, and written without it.
        const auto file = pngWith({ test::pngChunk("eXIf", inTable) });
        ProcessOptions options;
        options.spec.percent = 50;
        auto processed = ImageProcessor(options).process(file, OutputFormat::Png);
        ASSERT_TRUE(processed.ok()) << processed.error().message;
        auto out = readWholeHeader<PngDecoder>(processed->encoded, {});
        ASSERT_TRUE(out.ok()) << out.error().message;
        EXPECT_EQ(out->info.width, 10);
        EXPECT_TRUE(out->metadata.exif.empty()) << "an EXIF that still says 6 is not kept";
    }

} // namespace
} // namespace dropsize

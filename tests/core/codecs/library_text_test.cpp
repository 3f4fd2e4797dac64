// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors

// The image libraries' own sentences as templates: libjpeg's messages (by their code), libpng's
// and libheif's (by their words) become templates whose English is exactly what the library
// says, so the window can translate them; what is not known stays verbatim.

#include "codecs/jpeg/jpeg_error.h"
#include "codecs/png/png_error.h"
#include "dropsize/core/build_config.h"
#include "support/broken_files.h"
#include "support/test_support.h"

#if DROPSIZE_WITH_HEIF
#include "codecs/heif/heif_error.h"
#endif

#include <cstdio>
#include <cstring>
#include <gtest/gtest.h>
#include <iterator>
#include <map>
#include <set>
#include <string>
#include <vector>

extern "C" {
#include <jerror.h>
}

namespace dropsize {
namespace {

    // Whether some verbatim text in `text` is a sentence (has a space), not a name or a number.
    std::string verbatimSentence(const Text& text)
    {
        for (const std::string& v : test::verbatimParts(text)) {
            if (v.find(' ') != std::string::npos) {
                return v;
            }
        }
        return {};
    }

    // libjpeg's message for `code` with `parm`, as its format_message prints it.
    std::string libjpegMessage(int code, const decltype(jpeg_error_mgr::msg_parm)& parm)
    {
        jpeg_error_mgr mgr {};
        jpeg_std_error(&mgr);
        jpeg_common_struct common {};
        common.err = &mgr;
        mgr.msg_code = code;
        mgr.msg_parm = parm;
        char text[JMSG_LENGTH_MAX] = {};
        (*mgr.format_message)(&common, text);
        return text;
    }

    // Every message code of libjpeg, with parameters that need each of its number formats (%d,
    // %u, %02x with one and three digits, %x): a code describe() knows is a template whose
    // English is libjpeg's message to the letter; any other is libjpeg's message, verbatim.
    TEST(LibraryText, LibjpegsKnownMessagesAreTemplatesWithItsExactEnglish)
    {
        const int parameterSets[][8] = {
            { 0xc3, 12, 7, 200, 3, 5, 9, 1 },
            { 0x1ab, 0, 65500, 1, 4, 2, 0, 8 },
        };
        int templates = 0;
        for (int code = 0; code < JMSG_LASTMSGCODE; ++code) {
            for (std::size_t set = 0; set < std::size(parameterSets); ++set) {
                const auto& values = parameterSets[set];
                jpeg::ErrorManager err {};
                jpeg::setupErrors(&err, 10);
                std::memcpy(err.parm.i, values, sizeof values);
                err.code = code;
                const std::string expected = libjpegMessage(code, err.parm);
                std::snprintf(err.message, sizeof err.message, "%s", expected.c_str());
                SCOPED_TRACE(std::to_string(code) + ": " + expected);
                const Text words = jpeg::describe(err);
                EXPECT_EQ(words.english(), expected);
                if (words.isTemplate()) {
                    EXPECT_EQ(verbatimSentence(words), "");
                    templates += set == 0 ? 1 : 0;
                } else {
                    EXPECT_EQ(words, Text::verbatim(expected));
                }
            }
        }
        EXPECT_GE(templates, 50);
        // The words a truncated file gives, and a misuse of the library, which stays verbatim.
        jpeg::ErrorManager err {};
        jpeg::setupErrors(&err, 10);
        err.code = JWRN_JPEG_EOF;
        EXPECT_STREQ(jpeg::describe(err).format(), "Premature end of JPEG file");
        err.code = JERR_BAD_STATE;
        std::strcpy(err.message, "Improper call to JPEG library in state 200");
        EXPECT_EQ(jpeg::describe(err), Text::verbatim(err.message));
    }

    // Damaged and truncated JPEGs: the error's English is libjpeg's as before, and its words
    // are templates, with only names and numbers verbatim.
    TEST(LibraryText, DamagedJpegsGiveTemplatesWithLibjpegsEnglish)
    {
        const auto files = test::brokenJpegs();
        ASSERT_GE(files.size(), 20u);
        std::set<std::string> distinct;
        for (const test::BrokenFile& f : files) {
            const Error e = test::decodeFailure(f.bytes);
            SCOPED_TRACE(f.what + ": " + e.message);
            EXPECT_NE(e.code, ErrorCode::Internal);
            ASSERT_TRUE(e.text.isTemplate());
            EXPECT_EQ(e.text.english(), e.message);
            EXPECT_TRUE(e.message.starts_with("JPEG: "));
            EXPECT_EQ(verbatimSentence(e.text), "");
            distinct.insert(e.message);
        }
        EXPECT_GE(distinct.size(), 15u);
        // What libjpeg says for a sample of them, word for word as it did before its messages
        // were templates; made from libjpeg-turbo's testorig.jpg, the sample needs the shared
        // test data.
        if (!test::testdataDir()) {
            GTEST_SKIP() << "shared test data not found: libjpeg's words for testorig.jpg not "
                            "checked";
        }
        const std::map<std::string, std::string> expected {
            { "truncated at 50%", "JPEG: Premature end of JPEG file" },
            { "SOF precision 12", "JPEG: Unsupported JPEG data precision 12" },
            { "SOF lossless", "JPEG: Unsupported JPEG process: SOF type 0xc3" },
            { "SOF sampling 0", "JPEG: Bogus sampling factors" },
            { "SOF height 0", "JPEG: Empty JPEG image (DNL not supported)" },
            { "SOF table 5", "JPEG: Quantization table 0x05 was not defined" },
            { "DQT index 9", "JPEG: Bogus DQT index 9" },
            { "DHT counts too large", "JPEG: Bogus Huffman table definition" },
            { "SOS component 99", "JPEG: Invalid component ID 99 in SOS" },
            { "SOS table 3", "JPEG: Huffman table 0x03 was not defined" },
            { "SOS progression", "JPEG: Invalid SOS parameters for sequential JPEG" },
            { "SOS before SOF", "JPEG: Invalid JPEG file structure: SOS before SOF" },
            { "two SOI", "JPEG: Invalid JPEG file structure: two SOI markers" },
            { "damaged entropy data", "JPEG: Corrupt JPEG data: premature end of data segment" },
        };
        std::size_t checked = 0;
        for (const test::BrokenFile& f : files) {
            if (const auto it = expected.find(f.what); it != expected.end()) {
                EXPECT_EQ(test::decodeFailure(f.bytes).text.english(), it->second) << f.what;
                ++checked;
            }
        }
        EXPECT_EQ(checked, expected.size());
    }

    // libpng's sentences, alone and after a chunk's name (libpng writes a byte that is no
    // letter as [hex]), nested as libpng nests them; an unknown one stays verbatim.
    TEST(LibraryText, LibpngsKnownMessagesAreTemplatesWithTheSameEnglish)
    {
        for (const char* message :
            { "Not a PNG file", "Read Error", "bad adaptive filter value", "IHDR: CRC error",
                "IDAT: IDAT: ADLER32 checksum mismatch", "IDAT: invalid distance too far back",
                "IDAT: incorrect header check", "PNG unsigned integer out of range",
                "Image width exceeds user limit in IHDR", "AB[23]D: invalid chunk type",
                "[31][32][23][34]: invalid chunk type", "tRNS: out of place" }) {
            SCOPED_TRACE(message);
            const Text words = png::describe(message);
            ASSERT_TRUE(words.isTemplate());
            EXPECT_EQ(words.english(), message);
            EXPECT_EQ(verbatimSentence(words), "");
        }
        const Text chunk = png::describe("IHDR: CRC error");
        ASSERT_EQ(chunk.args().size(), 2u);
        EXPECT_EQ(chunk.args()[0], Text::verbatim("IHDR"));
        EXPECT_STREQ(chunk.args()[1].format(), "CRC error");
        EXPECT_EQ(png::describe("a sentence libpng may add one day"),
            Text::verbatim("a sentence libpng may add one day"));
        // A chunk's name before an unknown sentence: the name is split off, the sentence kept.
        const Text unknown = png::describe("zTXt: a new complaint");
        EXPECT_EQ(unknown.english(), "zTXt: a new complaint");
        EXPECT_EQ(verbatimSentence(unknown), "a new complaint");
        // Not a chunk's name: too short, or no ": " after it.
        EXPECT_FALSE(png::describe("IDA: CRC error").isTemplate());
        EXPECT_FALSE(png::describe("IDAT CRC error").isTemplate());
    }

    TEST(LibraryText, DamagedPngsGiveTemplatesWithLibpngsEnglish)
    {
        const auto files = test::brokenPngs();
        ASSERT_GE(files.size(), 25u);
        std::set<std::string> distinct;
        for (const test::BrokenFile& f : files) {
            const Error e = test::decodeFailure(f.bytes);
            SCOPED_TRACE(f.what + ": " + e.message);
            EXPECT_NE(e.code, ErrorCode::Internal);
            ASSERT_TRUE(e.text.isTemplate());
            EXPECT_EQ(e.text.english(), e.message);
            EXPECT_EQ(verbatimSentence(e.text), "");
            distinct.insert(e.message);
        }
        EXPECT_GE(distinct.size(), 12u);
        // What libpng says for a sample of them, word for word as it did before its messages
        // were templates.
        const std::map<std::string, std::string> expected {
            { "IHDR: bad CRC", "PNG: IHDR: CRC error" },
            { "IDAT: bad CRC", "PNG: IDAT: CRC error" },
            { "IHDR: width 0", "PNG: Invalid IHDR data" },
            { "IHDR: width over 2^31", "PNG: PNG unsigned integer out of range" },
            { "IHDR: palette without PLTE", "PNG: Missing PLTE before IDAT" },
            { "IHDR: length 12", "PNG: Invalid IHDR length" },
            { "no IHDR", "PNG: Missing IHDR before IDAT" },
            { "no IDAT", "PNG: IEND: out of place" },
            { "unknown critical chunk", "PNG: ABCD: unhandled critical chunk" },
            { "invalid chunk type", "PNG: [31][32][23][34]: invalid chunk type" },
            { "bad filter type", "PNG: bad adaptive filter value" },
            // libpng's progressive reader calls every damaged zlib stream a checksum mismatch.
            { "distance too far back", "PNG: IDAT: IDAT: ADLER32 checksum mismatch" },
        };
        std::size_t checked = 0;
        for (const test::BrokenFile& f : files) {
            if (const auto it = expected.find(f.what); it != expected.end()) {
                EXPECT_EQ(test::decodeFailure(f.bytes).text.english(), it->second) << f.what;
                ++checked;
            }
        }
        EXPECT_EQ(checked, expected.size());
    }

#if DROPSIZE_WITH_HEIF
    // libheif's "code: subcode: detail", each part a template when libheif's words for it are
    // known; a message of another shape, or a code's words that differ, stays verbatim.
    TEST(LibraryText, LibheifsMessagesAreTemplatesWithTheSameEnglish)
    {
        const char* full = "Invalid input: Non-existing item ID referenced: 'pitm' box references "
                           "a non-existing image";
        const Text words = heif::describe(
            { heif_error_Invalid_input, heif_suberror_Nonexisting_item_referenced, full });
        ASSERT_TRUE(words.isTemplate());
        EXPECT_EQ(words.english(), full);
        EXPECT_EQ(verbatimSentence(words), "");

        const Text two = heif::describe({ heif_error_Unsupported_filetype,
            heif_suberror_Unspecified, "Unsupported file-type: Unspecified\n" });
        ASSERT_TRUE(two.isTemplate());
        EXPECT_EQ(two.english(), "Unsupported file-type: Unspecified");

        const Text detail = heif::describe({ heif_error_Invalid_input,
            heif_suberror_Invalid_box_size, "Invalid input: Invalid box size: box of 12 bytes" });
        EXPECT_EQ(detail.english(), "Invalid input: Invalid box size: box of 12 bytes");
        EXPECT_EQ(verbatimSentence(detail), "box of 12 bytes");

        EXPECT_EQ(heif::describe({ heif_error_Invalid_input, heif_suberror_Invalid_box_size,
                      "Something else entirely" }),
            Text::verbatim("Something else entirely"));
        EXPECT_TRUE(heif::describe({ heif_error_Ok, heif_suberror_Unspecified, nullptr }).empty());
    }
#endif

} // namespace
} // namespace dropsize

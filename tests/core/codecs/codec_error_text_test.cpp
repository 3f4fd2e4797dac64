// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors

// The codecs' errors as texts the window can translate: each is a template whose English is the
// error's message, and a library's own sentence travels in it as a verbatim argument, never as
// part of a template.

#include "codecs/jpeg/jpeg_error.h"
#include "dropsize/core/codec.h"
#include "support/codec_failures.h"
#include "support/test_support.h"

#include <cstring>
#include <gtest/gtest.h>

extern "C" {
#include <jerror.h>
}

namespace dropsize {
namespace {

    // Whether a template in `text` has as many arguments as placeholders %1..%9.
    bool argumentsMatch(const Text& text)
    {
        if (!text.isTemplate()) {
            return true;
        }
        std::size_t placeholders = 0;
        for (const char* p = text.format(); *p != '\0'; ++p) {
            if (p[0] == '%' && p[1] >= '1' && p[1] <= '9') {
                placeholders = std::max(placeholders, static_cast<std::size_t>(p[1] - '0'));
            }
        }
        if (placeholders != text.args().size()) {
            return false;
        }
        return std::all_of(text.args().begin(), text.args().end(), argumentsMatch);
    }

    TEST(CodecErrorText, EveryCodecFailureIsATemplateWhoseEnglishIsItsMessage)
    {
        const auto failures = test::codecFailures();
        ASSERT_GE(failures.size(), 10u);
        for (const test::CodecFailure& f : failures) {
            SCOPED_TRACE(f.what + ": " + f.error.message);
            EXPECT_NE(f.error.code, ErrorCode::Internal);
            EXPECT_TRUE(f.error.text.isTemplate());
            EXPECT_EQ(f.error.text.english(), f.error.message);
            EXPECT_TRUE(argumentsMatch(f.error.text)) << f.error.text.format();
        }
    }

    // libjpeg's, libpng's and libheif's sentences are templates too (library_text_test.cpp
    // checks them one by one): with its words known, the error's only verbatim texts are names
    // and numbers, never a sentence.
    TEST(CodecErrorText, ALibrarysKnownWordsAreATemplateNotVerbatim)
    {
        int withWords = 0;
        for (const test::CodecFailure& f : test::codecFailures()) {
            if (!f.libraryWords) {
                continue;
            }
            SCOPED_TRACE(f.what + ": " + f.error.message);
            ++withWords;
            ASSERT_TRUE(f.error.text.isTemplate());
            EXPECT_EQ(f.error.text.english(), f.error.message);
            for (const std::string& v : test::verbatimParts(f.error.text)) {
                EXPECT_EQ(v.find(' '), std::string::npos) << v;
            }
        }
        EXPECT_GE(withWords, 3);
    }

    // The truncated JPEG's words are libjpeg's own, as its message table has them, in a
    // template of their own.
    TEST(CodecErrorText, ATruncatedJpegCarriesLibjpegsMessage)
    {
        jpeg_error_mgr mgr {};
        jpeg_std_error(&mgr);
        jpeg_common_struct common {};
        common.err = &mgr;
        mgr.msg_code = JWRN_JPEG_EOF;
        char expected[JMSG_LENGTH_MAX] = {};
        (*mgr.format_message)(&common, expected);
        for (const test::CodecFailure& f : test::codecFailures()) {
            if (f.what != "truncated JPEG") {
                continue;
            }
            ASSERT_EQ(f.error.text.args().size(), 2u);
            EXPECT_EQ(f.error.text.args()[0], Text::verbatim("JPEG"));
            const Text& words = f.error.text.args()[1];
            EXPECT_TRUE(words.isTemplate());
            EXPECT_EQ(words.english(), expected);
            return;
        }
        FAIL() << "no truncated JPEG among the failures";
    }

    // Our own sentence about a library's failure is a template too, with the number it gives.
    TEST(CodecErrorText, TheScanLimitIsDropsizesSentenceWithTheLimitAsItsArgument)
    {
        jpeg::ErrorManager err {};
        jpeg::setupErrors(&err, 7);
        err.scanLimitHit = true;
        const Text words = jpeg::describe(err);
        ASSERT_TRUE(words.isTemplate());
        ASSERT_EQ(words.args().size(), 1u);
        EXPECT_EQ(words.args()[0], Text::verbatim("7"));
        EXPECT_EQ(words.english(),
            "progressive JPEG with more than 7 scans (a limit against hostile files)");
        err.scanLimitHit = false;
        std::strcpy(err.message, "Bogus marker length");
        EXPECT_EQ(jpeg::describe(err), Text::verbatim("Bogus marker length"));
    }

    TEST(CodecErrorText, WhatAFileSeemsToHoldIsATemplateWithTheSameEnglish)
    {
        const std::string html = "<!DOCTYPE html><html>";
        const std::span bytes(reinterpret_cast<const std::uint8_t*>(html.data()), html.size());
        const Text text = describeContentText(bytes, html.size());
        EXPECT_TRUE(text.isTemplate());
        EXPECT_EQ(text.english(), describeContent(bytes, html.size()));
        EXPECT_TRUE(argumentsMatch(text));
        // The list of formats is a sentence too ("... or ..."), nested in "not a %1 image".
        ASSERT_FALSE(text.args().empty());
        EXPECT_STREQ(text.args()[0].format(), "not a %1 image");
        EXPECT_EQ(readableFormatsText().english(), readableFormats());
        EXPECT_TRUE(describeContentText({}, 0).isTemplate());
    }

} // namespace
} // namespace dropsize

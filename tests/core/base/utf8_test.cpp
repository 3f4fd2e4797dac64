// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors

// The one UTF-8 reader and writer: what it takes is what Python's strict decoder takes, and a
// Windows name's lone surrogate goes through only when asked for.

#include "dropsize/core/utf8.h"

#include <gtest/gtest.h>
#include <string>

namespace dropsize {
namespace {

    TEST(Utf8, ReadsEachCharacterAndItsLength)
    {
        const std::string text = "a\xc3\xa9\xe4\xb8\xad\xf0\x9f\x98\x80"; // a é 中 😀
        std::size_t at = 0;
        for (const auto& [code, length] : { std::pair { U'a', 1U }, std::pair { U'\u00e9', 2U },
                 std::pair { U'\u4e2d', 3U }, std::pair { U'\U0001f600', 4U } }) {
            const auto c = utf8CharAt(text, at);
            ASSERT_TRUE(c) << at;
            EXPECT_EQ(c->code, code);
            EXPECT_EQ(c->length, length);
            at += c->length;
        }
        EXPECT_EQ(at, text.size());
        EXPECT_FALSE(utf8CharAt(text, text.size())) << "past the end";
        EXPECT_TRUE(isUtf8(text));
    }

    TEST(Utf8, RefusesWhatAStrictDecoderRefuses)
    {
        for (const std::string& wrong : {
                 std::string("\xc0\xaf"), // overlong "/"
                 std::string("\xe0\x80\xaf"), // overlong again
                 std::string("\xf4\x90\x80\x80"), // past U+10FFFF
                 std::string("\xed\xa0\x80"), // a surrogate
                 std::string("\xe4\xb8"), // cut short
                 std::string("\x80"), // a continuation byte alone
                 std::string("\xff"),
             }) {
            EXPECT_FALSE(isUtf8(wrong)) << wrong.size();
            EXPECT_FALSE(utf8CharAt(wrong, 0));
        }
        // Only a Windows name's lone surrogate is taken when asked for.
        const auto lone = utf8CharAt("\xed\xa0\x80", 0, true);
        ASSERT_TRUE(lone);
        EXPECT_EQ(lone->code, 0xd800U);
        EXPECT_FALSE(utf8CharAt("\xc0\xaf", 0, true)) << "overlong stays refused";
    }

    TEST(Utf8, WritesWhatItReads)
    {
        for (const char32_t code : { U'\0', U'\x7f', U'\x80', U'\u07ff', U'\u0800', U'\uffff',
                 U'\U00010000', U'\U0010ffff', char32_t { 0xdc80 } }) {
            std::string out;
            appendUtf8(out, code);
            const auto back = utf8CharAt(out, 0, true);
            ASSERT_TRUE(back) << static_cast<unsigned>(code);
            EXPECT_EQ(back->code, code);
            EXPECT_EQ(back->length, out.size());
        }
    }

} // namespace
} // namespace dropsize

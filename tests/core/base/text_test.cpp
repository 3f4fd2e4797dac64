// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/core/result.h"
#include "dropsize/core/text.h"

#include <gtest/gtest.h>

namespace dropsize {
namespace {

    TEST(Text, FillsArgumentsInOnePass)
    {
        const Text t = Text::tr("%2 then %1, %3 and 100%").arg("a%2").arg(7);
        EXPECT_EQ(t.english(), "7 then a%2, %3 and 100%");
        ASSERT_EQ(t.args().size(), 2U);
        EXPECT_FALSE(t.args()[0].isTemplate());
        EXPECT_EQ(t.args()[0].verbatimText(), "a%2");
    }

    TEST(Text, NestsTemplates)
    {
        const Text inner = Text::tr("not a %1 image").arg("JPEG");
        const Text outer = Text::tr("cannot be read: %1").arg(inner);
        EXPECT_EQ(outer.english(), "cannot be read: not a JPEG image");
        ASSERT_EQ(outer.args().size(), 1U);
        EXPECT_TRUE(outer.args()[0].isTemplate());
        EXPECT_STREQ(outer.args()[0].format(), "not a %1 image");
    }

    TEST(Text, VerbatimIsShownAsItIs)
    {
        const Text t = Text::verbatim("Premature end of JPEG file %1");
        EXPECT_FALSE(t.isTemplate());
        EXPECT_EQ(t.english(), "Premature end of JPEG file %1");
        EXPECT_TRUE(Text {}.empty());
        EXPECT_FALSE(t.empty());
    }

    TEST(Text, ErrorOfKeepsMessageAndTextTheSame)
    {
        const Error e = Error::of(ErrorCode::Io, Text::tr("cannot open %1").arg("a.jpg"), "a.jpg");
        EXPECT_EQ(e.message, "cannot open a.jpg");
        EXPECT_EQ(e.describe(), e.text);
        const Error bare { ErrorCode::Io, "library words", {} };
        EXPECT_EQ(bare.describe(), Text::verbatim("library words"));
    }

} // namespace
} // namespace dropsize

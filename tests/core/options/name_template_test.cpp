// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/core/name_template.h"
#include "dropsize/core/size_list.h"

#include <gtest/gtest.h>
#include <string>

namespace dropsize {
namespace {

    NameTemplate parsed(const std::string& text)
    {
        auto t = NameTemplate::parse(text);
        EXPECT_TRUE(t.ok()) << text << ": " << (t ? "" : t.error().message);
        return t ? std::move(t).value() : NameTemplate();
    }

    NameFields photo() { return { "photo", "jpg", { 800, 600 }, "fit800x600", 7, 3 }; }

    TEST(NameTemplate, FillsEveryFieldAndAddsTheExtension)
    {
        EXPECT_EQ(NameTemplate().expand(photo()), "photo.jpg");
        EXPECT_EQ(parsed("{name}_{w}x{h}").expand(photo()), "photo_800x600.jpg");
        EXPECT_EQ(parsed("{size}-{name}").expand(photo()), "fit800x600-photo.jpg");
        EXPECT_EQ(parsed("img{n}").expand(photo()), "img007.jpg");
        EXPECT_EQ(parsed("{name}_{ext}").expand(photo()), "photo_jpg.jpg");
        EXPECT_EQ(parsed("plain").expand(photo()), "plain.jpg");
    }

    TEST(NameTemplate, AnExtensionSpeltOutAtTheEndIsNotDoubled)
    {
        EXPECT_EQ(parsed("{name}.{ext}").expand(photo()), "photo.jpg");
        EXPECT_EQ(parsed("{name}_{w}.{ext}").expand(photo()), "photo_800.jpg");
        EXPECT_EQ(parsed("{ext}/{name}").expand(photo()), "jpg/photo.jpg");
        EXPECT_EQ(parsed("{name}{ext}").expand(photo()), "photojpg.jpg");
    }

    TEST(NameTemplate, SlashesMakeSubFoldersAndSayWhatTheNameUses)
    {
        const NameTemplate t = parsed("{size}/{w}/{name}");
        EXPECT_EQ(t.expand(photo()), "fit800x600/800/photo.jpg");
        EXPECT_TRUE(t.hasFolders());
        EXPECT_TRUE(t.usesOutputSize());
        EXPECT_TRUE(t.namesSize());
        EXPECT_FALSE(parsed("{name}_{n}").namesSize());
        EXPECT_TRUE(parsed("{name}_{size}").namesSize());
        EXPECT_FALSE(parsed("{name}_{size}").usesOutputSize());
        EXPECT_EQ(parsed("{name}").inSizeFolder().expand(photo()), "fit800x600/photo.jpg");
    }

    TEST(NameTemplate, TheCounterIsPaddedToTheBatchWidth)
    {
        NameFields f = photo();
        f.number = 42;
        f.numberWidth = 5;
        EXPECT_EQ(parsed("{n}").expand(f), "00042.jpg");
        f.number = 123456;
        EXPECT_EQ(parsed("{n}").expand(f), "123456.jpg");
    }

    TEST(NameTemplate, RefusesWhatCannotNameAFileInsideTheOutputFolder)
    {
        struct Case {
            const char* text;
            const char* says;
        };
        for (const Case& c : { Case { "", "empty" }, Case { "{nope}", "unknown field {nope}" },
                 Case { "{Name}", "unknown field {Name}" }, Case { "{name", "without its \"}\"" },
                 Case { "name}", "without its \"{\"" }, Case { "{na{me}", "without its \"}\"" },
                 Case { "/abs/{name}", "absolute" }, Case { "\\abs", "absolute" },
                 Case { "C:{name}", "absolute" }, Case { "c:/x/{name}", "absolute" },
                 Case { "a//{name}", "empty folder" }, Case { "{name}/", "empty folder" },
                 Case { "../{name}", "\"..\" folder" }, Case { "a/../{name}", "\"..\" folder" },
                 Case { "./{name}", "\".\" folder" } }) {
            auto t = NameTemplate::parse(c.text);
            ASSERT_FALSE(t.ok()) << c.text;
            EXPECT_EQ(t.error().code, ErrorCode::InvalidArgument);
            EXPECT_NE(t.error().message.find(c.says), std::string::npos)
                << c.text << ": " << t.error().message;
        }
        auto unknown = NameTemplate::parse("{x}");
        ASSERT_FALSE(unknown.ok());
        EXPECT_NE(unknown.error().message.find("{name}, {ext}, {w}, {h}, {size} and {n}"),
            std::string::npos);
        // Dots inside a name are only a name.
        EXPECT_EQ(parsed("..{name}").expand(photo()), "..photo.jpg");
    }

    TEST(NameTemplate, WindowsRulesReplaceWhatWindowsRefuses)
    {
        constexpr NameRules w = NameRules::Windows;
        EXPECT_EQ(safeNameComponent("a<b>c:d\"e/f\\g|h?i*j", w), "a_b_c_d_e_f_g_h_i_j");
        EXPECT_EQ(safeNameComponent(std::string("tab\there\x01\x7f", 10), w), "tab_here__");
        EXPECT_EQ(safeNameComponent("photo. .", w), "photo___");
        EXPECT_EQ(safeNameComponent("CON", w), "CON_");
        EXPECT_EQ(safeNameComponent("con.jpg", w), "con_.jpg");
        EXPECT_EQ(safeNameComponent("Aux .tar.gz", w), "Aux _.tar.gz");
        EXPECT_EQ(safeNameComponent("COM1.jpg", w), "COM1_.jpg");
        EXPECT_EQ(safeNameComponent("lpt9", w), "lpt9_");
        EXPECT_EQ(safeNameComponent("COM0.jpg", w), "COM0.jpg");
        EXPECT_EQ(safeNameComponent("CONSOLE.jpg", w), "CONSOLE.jpg");
        EXPECT_EQ(safeNameComponent("café ✓.jpg", w), "café ✓.jpg");
        // The pattern's own text and the fields alike.
        NameFields f = photo();
        f.name = "CON";
        EXPECT_EQ(NameTemplate().expand(f, w), "CON_.jpg");
        f.name = "what?";
        EXPECT_EQ(parsed("at 10:30/{name}").expand(f, w), "at 10_30/what_.jpg");
        EXPECT_EQ(parsed("dir./{name}").expand(f, w), "dir_/what_.jpg");
    }

    TEST(NameTemplate, PosixRulesKeepEveryByteButTheSeparator)
    {
        constexpr NameRules p = NameRules::Posix;
        EXPECT_EQ(safeNameComponent("a<b>c:d\"e\\g|h?i*j. ", p), "a<b>c:d\"e\\g|h?i*j. ");
        EXPECT_EQ(safeNameComponent("CON", p), "CON");
        EXPECT_EQ(safeNameComponent("a/b", p), "a_b");
        for (const NameRules rules : { NameRules::Posix, NameRules::Windows }) {
            EXPECT_EQ(safeNameComponent(".", rules), "_");
            EXPECT_EQ(safeNameComponent("..", rules), "__");
            EXPECT_EQ(safeNameComponent("", rules), "_");
        }
        // A field never makes a folder, nor climbs out of one.
        NameFields f = photo();
        f.name = "../../etc";
        EXPECT_EQ(NameTemplate().expand(f, p), ".._.._etc.jpg");
        f.name = ".";
        EXPECT_EQ(parsed("{name}/x").expand(f, p), "_/x.jpg");
    }

    TEST(NameTemplate, ALongNameIsCutToFitAndKeepsItsExtension)
    {
        NameFields f = photo();
        const std::string longName(300, 'a');
        f.name = longName;
        const std::string name = parsed("{size}/{name}").expand(f);
        const std::string leaf = name.substr(name.find('/') + 1);
        EXPECT_EQ(leaf.size(), 255u);
        EXPECT_TRUE(leaf.ends_with("a.jpg"));
    }

    // A name that fills the file system's 255 bytes: the input's name is shortened, never the
    // size, dimensions or counter after it, so one input's outputs keep names of their own.
    TEST(NameTemplate, ALongNameIsShortenedAndWhatTellsTheOutputsApartIsKept)
    {
        NameFields f = photo();
        const std::string longName(251, 'a');
        f.name = longName;
        for (const char* pattern : { "{name}_{size}", "{name}_{w}x{h}", "{n}-{name}-{size}",
                 "{name}/{name}_{size}", "{size}_{name}_{name}" }) {
            SCOPED_TRACE(pattern);
            const std::string name = parsed(pattern).expand(f);
            std::size_t start = 0;
            for (std::size_t slash = name.find('/'); slash != std::string::npos;
                 slash = name.find('/', start)) {
                EXPECT_LE(slash - start, 255u);
                start = slash + 1;
            }
            const std::string leaf = name.substr(start);
            EXPECT_LE(leaf.size(), 255u) << leaf;
            EXPECT_GE(leaf.size(), 250u) << "shortened no more than it must: " << leaf;
            EXPECT_TRUE(leaf.ends_with(".jpg"));
            const std::string text(pattern);
            if (text.ends_with("{size}")) {
                EXPECT_TRUE(
                    leaf.ends_with("a_fit800x600.jpg") || leaf.ends_with("a-fit800x600.jpg"))
                    << leaf;
            }
            if (text.ends_with("{w}x{h}")) {
                EXPECT_TRUE(leaf.ends_with("_800x600.jpg")) << leaf;
            }
            if (text.starts_with("{n}")) {
                EXPECT_TRUE(leaf.starts_with("007-a")) << leaf;
            }
        }
        // Two sizes of one input stay two names.
        NameFields other = f;
        other.sizeLabel = "fit400x300";
        EXPECT_NE(parsed("{name}_{size}").expand(f), parsed("{name}_{size}").expand(other));
        // Never inside a UTF-8 character.
        const std::string chinese = [] {
            std::string s;
            for (int i = 0; i < 90; ++i) {
                s += "\xe5\x8c\x97"; // 北
            }
            return s;
        }();
        f.name = chinese;
        const std::string cut = parsed("{name}_{size}").expand(f);
        EXPECT_LE(cut.size(), 255u);
        EXPECT_TRUE(cut.ends_with("\xe5\x8c\x97_fit800x600.jpg")) << cut;
    }

    TEST(SizeList, ReadsLongEdgesAndEveryKindOfSpec)
    {
        ResizeSpec base;
        base.filter = Filter::Lanczos;
        auto sizes = parseSizeList("2048,1024,256", base);
        ASSERT_TRUE(sizes.ok()) << sizes.error().message;
        ASSERT_EQ(sizes->size(), 3u);
        EXPECT_EQ((*sizes)[0].label, "2048");
        EXPECT_EQ((*sizes)[2].spec.mode, SizeMode::LongEdge);
        EXPECT_EQ((*sizes)[2].spec.longEdge, 256);
        EXPECT_EQ((*sizes)[1].spec.filter, Filter::Lanczos);

        auto mixed = parseSizeList(
            "50%, fit:800x600,long:300 ,exact:640x480,12.5%,short:90,fill:64x32", base);
        ASSERT_TRUE(mixed.ok()) << mixed.error().message;
        ASSERT_EQ(mixed->size(), 7u);
        EXPECT_EQ((*mixed)[0].spec.mode, SizeMode::Percent);
        EXPECT_EQ((*mixed)[0].spec.percent, 50.0);
        EXPECT_EQ((*mixed)[0].label, "50pct");
        EXPECT_EQ((*mixed)[1].spec.mode, SizeMode::Fit);
        EXPECT_EQ((*mixed)[1].label, "fit800x600");
        EXPECT_EQ((*mixed)[2].label, "300");
        EXPECT_EQ((*mixed)[3].spec.mode, SizeMode::Exact);
        EXPECT_EQ((*mixed)[3].spec.width, 640);
        EXPECT_EQ((*mixed)[3].label, "640x480");
        EXPECT_EQ((*mixed)[4].label, "12.5pct");
        EXPECT_EQ((*mixed)[5].spec.mode, SizeMode::ShortEdge);
        EXPECT_EQ((*mixed)[5].label, "short90");
        EXPECT_EQ((*mixed)[6].spec.mode, SizeMode::Fill);
        EXPECT_EQ((*mixed)[6].label, "fill64x32");
    }

    TEST(SizeList, RefusesWithAMessageThatNamesTheProblem)
    {
        struct Case {
            const char* text;
            const char* says;
        };
        for (const Case& c : { Case { "", "empty item" }, Case { "2048,,256", "empty item" },
                 Case { "2048,", "empty item" }, Case { "2048,long:2048", "given twice" },
                 Case { "0", "not a size" }, Case { "1048577", "not a size" },
                 Case { "fit:0x5", "a box is WxH" }, Case { "fit:800", "a box is WxH" },
                 Case { "huge:5", "fill:WxH" }, Case { "-5", "not a size" },
                 Case { "abc%", "a percentage is" }, Case { "150%", "enlarge" } }) {
            auto sizes = parseSizeList(c.text, {});
            ASSERT_FALSE(sizes.ok()) << c.text;
            EXPECT_NE(sizes.error().message.find(c.says), std::string::npos)
                << c.text << ": " << sizes.error().message;
        }
        ResizeSpec enlarging;
        enlarging.enlarge = true;
        EXPECT_TRUE(parseSizeList("150%", enlarging).ok());
        std::string many;
        for (std::size_t i = 1; i <= kMaxOutputSizes + 1; ++i) {
            many += (i > 1 ? "," : "") + std::to_string(i * 10);
        }
        auto tooMany = parseSizeList(many, {});
        ASSERT_FALSE(tooMany.ok());
        EXPECT_NE(tooMany.error().message.find("at most"), std::string::npos);
    }

} // namespace
} // namespace dropsize

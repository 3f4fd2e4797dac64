// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/core/options.h"
#include "dropsize/core/resize_spec.h"

#include <cmath>
#include <cstdint>
#include <gtest/gtest.h>
#include <set>
#include <string>
#include <utility>

namespace dropsize {
namespace {

    bool hasNumericLimits(OptionKind kind)
    {
        return kind == OptionKind::Integer || kind == OptionKind::Number
            || kind == OptionKind::Size;
    }

    TEST(OptionTable, NamesEachOptionOncePerSurface)
    {
        std::set<std::string_view> keys;
        std::set<std::string_view> flags;
        for (const OptionInfo* o : option::kAll) {
            SCOPED_TRACE(std::string(o->key) + " " + std::string(o->flag));
            EXPECT_FALSE(o->key.empty() && o->flag.empty()) << "an option nobody can set";
            if (!o->key.empty()) {
                EXPECT_TRUE(keys.insert(o->key).second) << "a settings key twice";
                EXPECT_NE(o->key.find('/'), std::string_view::npos) << "keys are grouped";
            }
            if (!o->flag.empty()) {
                EXPECT_TRUE(flags.insert(o->flag).second) << "a flag twice";
                EXPECT_TRUE(o->flag.starts_with("--"));
                EXPECT_FALSE(o->help.empty()) << "--help has something to say";
                EXPECT_EQ(o->valueName.empty(), o->kind == OptionKind::Switch)
                    << "a value is named in --help exactly when there is one";
            }
        }
    }

    TEST(OptionTable, EveryNumberHasLimitsThatHoldAValue)
    {
        for (const OptionInfo* o : option::kAll) {
            SCOPED_TRACE(std::string(o->key) + " " + std::string(o->flag));
            if (hasNumericLimits(o->kind)) {
                EXPECT_LT(o->min, o->max);
                if (o->kind != OptionKind::Number) {
                    EXPECT_EQ(o->min, std::floor(o->min)) << "whole numbers";
                    EXPECT_EQ(o->max, std::floor(o->max));
                }
            } else {
                EXPECT_EQ(o->min, 0.0);
                EXPECT_EQ(o->max, 0.0);
            }
            const bool fillsChoices = o->help.find("{choices}") != std::string_view::npos;
            EXPECT_EQ(fillsChoices, o->kind == OptionKind::Choice && !o->flag.empty());
        }
    }

    TEST(OptionTable, TheSizeOptionsShareOneLimit)
    {
        for (const OptionInfo* o : { &option::kFit, &option::kExact, &option::kLongEdge,
                 &option::kWidth, &option::kHeight }) {
            EXPECT_EQ(o->max, kMaxSide) << o->flag << o->key;
        }
        EXPECT_EQ(option::kPercent.min, kMinPercent);
        EXPECT_EQ(option::kPercent.max, kMaxPercent);
        EXPECT_EQ(option::kThreads.max, kMaxThreads);
    }

    // validate() refuses exactly what lies outside the table's limits.
    TEST(OptionTable, TheEngineChecksTheSameLimits)
    {
        ResizeSpec spec;
        spec.enlarge = true;
        spec.percent = kMinPercent;
        EXPECT_TRUE(validate(spec).ok());
        spec.percent = kMaxPercent;
        EXPECT_TRUE(validate(spec).ok());
        spec.percent = std::nextafter(kMinPercent, 0.0);
        EXPECT_FALSE(validate(spec).ok());
        EXPECT_NE(validate(spec).error().message.find("0.01"), std::string::npos)
            << validate(spec).error().message;
        spec.percent = std::nextafter(kMaxPercent, 1e9);
        EXPECT_FALSE(validate(spec).ok());
        EXPECT_NE(validate(spec).error().message.find("10000"), std::string::npos);

        spec.mode = SizeMode::LongEdge;
        spec.longEdge = kMaxSide;
        EXPECT_TRUE(validate(spec).ok());
        spec.longEdge = kMaxSide + 1;
        EXPECT_FALSE(validate(spec).ok());
        for (const SizeMode mode : { SizeMode::Fit, SizeMode::Exact }) {
            spec.mode = mode;
            spec.width = kMaxSide;
            spec.height = 1;
            EXPECT_TRUE(validate(spec).ok());
            spec.height = kMaxSide + 1;
            EXPECT_FALSE(validate(spec).ok());
            EXPECT_NE(
                validate(spec).error().message.find(std::to_string(kMaxSide)), std::string::npos);
        }
    }

    TEST(OptionTable, WritesNumbersAsPeopleDo)
    {
        EXPECT_EQ(numberText(kMinPercent), "0.01");
        EXPECT_EQ(numberText(kMaxPercent), "10000");
        EXPECT_EQ(numberText(kMaxMegapixels), "1000000");
        EXPECT_EQ(numberText(kMinMegapixels), "0.000001");
        EXPECT_EQ(numberText(12.5), "12.5");
        EXPECT_EQ(numberText(kMaxSide), "1048576");
    }

    // The one grammar of a value, with each option's limits, that the command line, the presets
    // file and the window's presets all read with.
    TEST(OptionValue, ReadsEachKindWithinItsLimits)
    {
        using namespace option;
        EXPECT_EQ(parseOptionValue(kJpegQuality, "85")->integer, 85U);
        for (const char* wrong : { "", "101", "-1", "+5", " 5", "5 ", "8.5", "0x10", "1e2" }) {
            EXPECT_FALSE(parseOptionValue(kJpegQuality, wrong)) << wrong;
        }
        EXPECT_EQ(parseOptionValue(kMaxBytes, "200K")->integer, 204800U);
        EXPECT_EQ(parseOptionValue(kMaxBytes, "2m")->integer, 2097152U);
        EXPECT_EQ(parseOptionValue(kMaxBytes, "1")->integer, 1U);
        EXPECT_FALSE(parseOptionValue(kMaxBytes, "0")) << "below the least";
        EXPECT_FALSE(parseOptionValue(kMaxBytes, "2G"));
        EXPECT_FALSE(parseOptionValue(kMaxBytes, "K"));
        EXPECT_FALSE(parseOptionValue(kMaxBytes, "18014398509481984K")) << "past 2^64 bytes";
        EXPECT_FALSE(parseOptionValue(kJpegQuality, "85K")) << "K counts bytes only";

        const auto fit = parseOptionValue(kFit, "800X600");
        ASSERT_TRUE(fit);
        EXPECT_EQ(fit->width, 800U);
        EXPECT_EQ(fit->height, 600U);
        const std::string tooWide = std::to_string(kMaxSide + 1) + "x1";
        for (const std::string wrong :
            { "0x600", "800x", "x600", "800x600x2", "800*600", "800", tooWide.c_str() }) {
            EXPECT_FALSE(parseOptionValue(kFit, wrong)) << wrong;
        }

        EXPECT_DOUBLE_EQ(parseOptionValue(kPercent, "12.5")->number, 12.5);
        EXPECT_DOUBLE_EQ(parseOptionValue(kPercent, ".5")->number, 0.5);
        for (const char* wrong : { "0", "1e2", "-5", "50%", "10001", "1,5" }) {
            EXPECT_FALSE(parseOptionValue(kPercent, wrong)) << wrong;
        }

        EXPECT_EQ(parseOptionValue(kFilter, "lanczos")->text, "lanczos");
        EXPECT_FALSE(parseOptionValue(kFilter, "Lanczos")) << "names are matched exactly";
        EXPECT_TRUE(parseOptionValue(kFormat, "jpg")) << "an alias is read";
        EXPECT_TRUE(parseOptionValue(kSizeMode, "long-edge"));
        EXPECT_FALSE(parseOptionValue(kDevice, "tpu"));

        EXPECT_TRUE(parseOptionValue(kEnlarge, ""));
        EXPECT_FALSE(parseOptionValue(kEnlarge, "yes")) << "a switch takes no value";
        EXPECT_FALSE(parseOptionValue(kOutputFolder, ""));
        EXPECT_EQ(parseOptionValue(kOutputFolder, "out")->text, "out");
        EXPECT_EQ(parseOptionValue(kSizes, "2048,50%")->text, "2048,50%") << "read by its parser";
    }

    TEST(OptionValue, EveryChoiceTakesEveryNameOfItsEnumAndNothingElse)
    {
        for (const OptionInfo* o : option::kAll) {
            if (o->kind != OptionKind::Choice) {
                EXPECT_EQ(o->isChoice, nullptr) << o->flag;
                continue;
            }
            SCOPED_TRACE(std::string(o->key));
            ASSERT_NE(o->isChoice, nullptr);
            EXPECT_FALSE(parseOptionValue(*o, ""));
            EXPECT_FALSE(parseOptionValue(*o, "none of them"));
        }
        for (const auto& n : namesOf<IfBigger>()) {
            EXPECT_TRUE(parseOptionValue(option::kIfBigger, n.name)) << n.name;
        }
        for (const auto& n : namesOf<ExistingPolicy>()) {
            EXPECT_TRUE(parseOptionValue(option::kOnExisting, n.name)) << n.name;
        }
        for (const auto& n : namesOf<ChromaSubsampling>()) {
            EXPECT_TRUE(parseOptionValue(option::kSubsampling, n.name)) << n.name;
        }
        for (const auto& n : namesOf<DeviceChoice>()) {
            EXPECT_TRUE(parseOptionValue(option::kDevice, n.name)) << n.name;
        }
        // One enum's names are not another's: "copy" is an --if-bigger mode only.
        EXPECT_FALSE(parseOptionValue(option::kOnExisting, "copy"));
    }

    TEST(NumberText, ReadsWholeNumbersSizesAndByteCounts)
    {
        EXPECT_EQ(parseWholeNumber("0"), 0U);
        EXPECT_EQ(parseWholeNumber("18446744073709551615"), UINT64_MAX);
        for (const char* wrong :
            { "", "18446744073709551616", "-1", "+1", " 1", "1 ", "1.0", "1e3", "0x1", "１" }) {
            EXPECT_FALSE(parseWholeNumber(wrong)) << wrong;
        }
        EXPECT_EQ(parseSizeText("1x2"), (std::pair<std::uint64_t, std::uint64_t> { 1, 2 }));
        EXPECT_EQ(parseSizeText("0X0"), (std::pair<std::uint64_t, std::uint64_t> { 0, 0 }));
        EXPECT_FALSE(parseSizeText("1x2x3"));
        EXPECT_FALSE(parseSizeText("1 x 2"));
        EXPECT_EQ(parseByteCount("18014398509481983K"), UINT64_MAX / 1024 * 1024);
        EXPECT_FALSE(parseByteCount("18014398509481984K"));
        EXPECT_EQ(parseByteCount("3k"), 3072U);
        EXPECT_FALSE(parseByteCount("3KB"));
        EXPECT_FALSE(parseByteCount("m"));
    }

} // namespace
} // namespace dropsize

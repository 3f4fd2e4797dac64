// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/core/options.h"
#include "dropsize/core/resize_spec.h"

#include <cmath>
#include <gtest/gtest.h>
#include <set>
#include <string>

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

} // namespace
} // namespace dropsize

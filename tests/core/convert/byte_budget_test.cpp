// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
// The byte budget's search on its own, with encoders whose sizes the test chooses: the
// quality it finds, how many encodes it takes, and what it says when nothing fits.
#include "convert/byte_budget.h"

#include <gtest/gtest.h>

namespace dropsize {
namespace {

    // An "encoder" whose output at quality q has size(q) bytes, counting its calls.
    struct FakeEncoder {
        std::function<std::size_t(int)> size;
        std::vector<int> tried;
        EncodeAt function()
        {
            return [this](const EncodeOptions& o) -> Result<std::vector<std::uint8_t>> {
                tried.push_back(o.jpegQuality);
                return std::vector<std::uint8_t>(size(o.jpegQuality), 0);
            };
        }
    };

    EncodeOptions at(int quality)
    {
        EncodeOptions o;
        o.jpegQuality = quality;
        return o;
    }

    TEST(ByteBudget, OnlyLossyFormatsTakeIt)
    {
        EncodeOptions o;
        EXPECT_EQ(lossyQuality(o, ImageFormat::Jpeg), &o.jpegQuality);
        EXPECT_EQ(lossyQuality(o, ImageFormat::Png), nullptr);
        EXPECT_EQ(lossyQuality(o, ImageFormat::Unknown), nullptr);
        EXPECT_TRUE(takesByteBudget(ImageFormat::Jpeg));
        EXPECT_FALSE(takesByteBudget(ImageFormat::Png));
        FakeEncoder fake { [](int) { return std::size_t { 1 }; }, {} };
        auto refused = encodeWithin(fake.function(), at(85), ImageFormat::Png, 100);
        ASSERT_FALSE(refused.ok());
        EXPECT_EQ(refused.error().code, ErrorCode::Internal);
        EXPECT_TRUE(fake.tried.empty());
    }

#if DROPSIZE_WITH_WEBP
    // A lossy WebP's quality trades pixels for bytes; a lossless one's (its effort) does not.
    TEST(ByteBudget, LossyWebpTakesItAndLosslessWebpDoesNot)
    {
        EncodeOptions o;
        EXPECT_EQ(lossyQuality(o, ImageFormat::Webp), &o.webpQuality);
        EXPECT_TRUE(takesByteBudget(ImageFormat::Webp));
        o.webpLossless = true;
        EXPECT_EQ(lossyQuality(o, ImageFormat::Webp), nullptr);
        EXPECT_FALSE(takesByteBudget(ImageFormat::Webp, o));
        EXPECT_TRUE(takesByteBudget(ImageFormat::Jpeg, o)) << "the JPEGs of the batch still do";
    }
#endif

    TEST(ByteBudget, EncodesOnceWhenTheConfiguredQualityFits)
    {
        FakeEncoder fake { [](int q) { return static_cast<std::size_t>(q * 10); }, {} };
        auto r = encodeWithin(fake.function(), at(85), ImageFormat::Jpeg, 850);
        ASSERT_TRUE(r.ok());
        EXPECT_TRUE(r->fits());
        EXPECT_EQ(r->quality, 85);
        EXPECT_EQ(r->bytes.size(), 850u);
        EXPECT_EQ(fake.tried, std::vector<int> { 85 });
    }

    // Every configured quality and every threshold between two sizes: the highest quality that
    // fits, within the encode bound.
    TEST(ByteBudget, FindsTheHighestFittingQualityWithinTheBoundForSizesThatGrowWithQuality)
    {
        for (int configured = 1; configured <= 100; ++configured) {
            for (int answer = 0; answer <= configured; ++answer) {
                // size(q) = 100 q + 50: a target of 100 answer + 99 fits exactly q <= answer.
                FakeEncoder fake { [](int q) { return static_cast<std::size_t>(100 * q + 50); },
                    {} };
                const auto target = static_cast<std::uint64_t>(100 * answer + 99);
                auto r = encodeWithin(fake.function(), at(configured), ImageFormat::Jpeg, target);
                ASSERT_TRUE(r.ok());
                SCOPED_TRACE(std::to_string(configured) + " " + std::to_string(answer));
                EXPECT_LE(fake.tried.size(), static_cast<std::size_t>(kMaxSearchEncodes));
                EXPECT_EQ(r->encodes, static_cast<int>(fake.tried.size()));
                EXPECT_EQ(fake.tried.front(), configured);
                if (answer == 0) {
                    EXPECT_FALSE(r->fits());
                    EXPECT_EQ(r->lowestTried, 1);
                    EXPECT_EQ(r->smallestBytes, 150u);
                } else {
                    ASSERT_TRUE(r->fits());
                    EXPECT_EQ(r->quality, answer);
                    EXPECT_LE(r->bytes.size(), target);
                }
            }
        }
    }

    // A JPEG's size can rise by a few bytes from one quality to the next: whatever is chosen fits.
    TEST(ByteBudget, WhatItChoosesAlwaysFitsWhenSizesDoNotGrowSteadily)
    {
        for (std::uint64_t target = 1; target < 1200; target += 7) {
            FakeEncoder fake {
                [](int q) { return static_cast<std::size_t>(10 * q + (q % 7) * 40); }, {}
            };
            auto r = encodeWithin(fake.function(), at(100), ImageFormat::Jpeg, target);
            ASSERT_TRUE(r.ok());
            EXPECT_LE(fake.tried.size(), static_cast<std::size_t>(kMaxSearchEncodes));
            if (r->fits()) {
                EXPECT_LE(r->bytes.size(), target);
                EXPECT_EQ(r->bytes.size(), fake.size(r->quality));
            } else {
                EXPECT_GT(fake.size(1), target);
            }
        }
    }

    TEST(ByteBudget, StopsBetweenEncodesWhenCancelled)
    {
        CancelToken cancel;
        FakeEncoder fake;
        fake.size = [&](int q) {
            if (fake.tried.size() == 2) {
                cancel.requestStop();
            }
            return static_cast<std::size_t>(q * 100);
        };
        auto r = encodeWithin(fake.function(), at(90), ImageFormat::Jpeg, 10, &cancel);
        ASSERT_FALSE(r.ok());
        EXPECT_EQ(r.error().code, ErrorCode::Cancelled);
        EXPECT_EQ(fake.tried.size(), 2u);
    }

    TEST(ByteBudget, PassesAnEncodersFailureOn)
    {
        int calls = 0;
        const EncodeAt failing = [&](const EncodeOptions&) -> Result<std::vector<std::uint8_t>> {
            ++calls;
            return Error { ErrorCode::NoSpace, "encoder failed", {} };
        };
        auto r = encodeWithin(failing, at(90), ImageFormat::Jpeg, 10);
        ASSERT_FALSE(r.ok());
        EXPECT_EQ(r.error().code, ErrorCode::NoSpace);
        EXPECT_EQ(calls, 1);
    }

    TEST(ByteBudget, WritesSizesAsPeopleReadThem)
    {
        EXPECT_EQ(byteSizeText(1), "1 byte");
        EXPECT_EQ(byteSizeText(1023), "1023 bytes");
        EXPECT_EQ(byteSizeText(1024), "1 KB");
        EXPECT_EQ(byteSizeText(120 * 1024), "120 KB");
        EXPECT_EQ(byteSizeText(1536), "1.5 KB");
        EXPECT_EQ(byteSizeText(3u << 19), "1.5 MB");
        EXPECT_EQ(byteSizeTexts(120 * 1024, 100 * 1024),
            (std::pair<std::string, std::string> { "120 KB", "100 KB" }));
        // Two sizes that would read the same are written exactly.
        EXPECT_EQ(byteSizeTexts(204801, 204800),
            (std::pair<std::string, std::string> { "204801 bytes", "204800 bytes" }));
    }

} // namespace
} // namespace dropsize

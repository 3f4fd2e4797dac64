// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/pixel/pixel_math.h"

#include <cstdint>
#include <cstdlib>
#include <gtest/gtest.h>
#include <set>
#include <utility>

namespace dropsize::pixel {
namespace {

    constexpr std::int32_t kOne = std::int32_t { 1 } << kPrecisionBits;

    TEST(PixelMath, Clip8ShiftsOutTheFractionAndClamps)
    {
        EXPECT_EQ(clip8(kRoundingHalf + 200 * kOne), 200);
        EXPECT_EQ(clip8(200 * kOne - 1), 199);
        EXPECT_EQ(clip8(-kOne), 0);
        EXPECT_EQ(clip8(256 * kOne), 255);
    }

    TEST(PixelMath, ConvolveWeighsTapsAndRoundsHalfUp)
    {
        const std::uint8_t samples[] = { 10, 99, 21, 99 }; // every other byte: step 2
        const std::int32_t unit[] = { kOne };
        EXPECT_EQ(convolve(samples, 2, unit, 1), 10);
        const std::int32_t halves[] = { kOne / 2, kOne / 2 };
        EXPECT_EQ(convolve(samples, 2, halves, 2), 16); // 15.5
        const std::int32_t overshoot[] = { -kOne, 2 * kOne };
        EXPECT_EQ(convolve(samples, 2, overshoot, 2), 32);
        const std::int32_t negative[] = { kOne, -kOne };
        EXPECT_EQ(convolve(samples, 2, negative, 2), 0);
    }

    TEST(PixelMath, PremultiplyIsUndoneUpToTheRoundingAlphaAllows)
    {
        for (int a = 0; a < 256; ++a) {
            for (int c = 0; c < 256; ++c) {
                const auto ca = static_cast<std::uint8_t>(c);
                const auto aa = static_cast<std::uint8_t>(a);
                const std::uint8_t p = premultiply(ca, aa);
                ASSERT_LE(p, c);
                ASSERT_LE(std::abs(2 * p * 255 - 2 * c * a), 255) << c << " " << a; // rounded
                const int back = unpremultiply(p, aa);
                if (a == 255) {
                    ASSERT_EQ(back, c);
                } else if (a == 0) {
                    ASSERT_EQ(back, 0);
                } else {
                    ASSERT_LE(std::abs(back - c), 255 / a + 1) << c << " " << a;
                }
            }
        }
    }

    TEST(PixelMath, BlockAverageOfEqualSamplesIsThatSample)
    {
        for (const std::uint32_t n : { 1u, 2u, 4u, 8u, 16u, 64u }) {
            const std::uint32_t multiplier = (1u << 24) / n;
            for (std::uint32_t v = 0; v < 256; v += 17) {
                ASSERT_EQ(blockAverage(v * n, n, multiplier), v) << n;
            }
        }
        EXPECT_EQ(blockAverage(2 + 3, 2, 1u << 23), 3); // 2.5 rounds up
    }

    TEST(PixelMath, OrientedSourceIsExifsPermutation)
    {
        const int w = 5;
        const int h = 3;
        // Where the top-left pixel of the upright image comes from, for orientations 1..8.
        const std::pair<int, int> topLeft[] = { { 0, 0 }, { w - 1, 0 }, { w - 1, h - 1 },
            { 0, h - 1 }, { 0, 0 }, { 0, h - 1 }, { w - 1, h - 1 }, { w - 1, 0 } };
        for (int o = 1; o <= 8; ++o) {
            const bool swap = o >= 5;
            const int ow = swap ? h : w;
            const int oh = swap ? w : h;
            std::set<std::pair<int, int>> seen;
            for (int y = 0; y < oh; ++y) {
                for (int x = 0; x < ow; ++x) {
                    int sx = -1;
                    int sy = -1;
                    orientedSource(o, x, y, w, h, sx, sy);
                    ASSERT_TRUE(sx >= 0 && sx < w && sy >= 0 && sy < h) << o;
                    seen.insert({ sx, sy });
                    if (x == 0 && y == 0) {
                        EXPECT_EQ(std::make_pair(sx, sy), topLeft[o - 1]) << "orientation " << o;
                    }
                }
            }
            EXPECT_EQ(seen.size(), static_cast<std::size_t>(w * h)) << "orientation " << o;
        }
    }

    TEST(PixelMath, NearestIndexTruncatesAndMarksWhatLiesBefore)
    {
        EXPECT_EQ(nearestIndex(-0.01), -1);
        EXPECT_EQ(nearestIndex(0.0), 0);
        EXPECT_EQ(nearestIndex(2.99), 2);
        EXPECT_EQ(nearestIndex(3.0), 3);
    }

} // namespace
} // namespace dropsize::pixel

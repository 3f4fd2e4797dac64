// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/core/resize_plan.h"

#include <cmath>
#include <gtest/gtest.h>

namespace dropsize {
namespace {

    ImageInfo jpeg(int w, int h, int orientation = 1) { return { w, h, 3, true, orientation }; }

    ResizeSpec percent(double p)
    {
        ResizeSpec s;
        s.percent = p;
        return s;
    }

    TEST(ThumbnailSize, KeepsAspectAndFloorsTheBox)
    {
        EXPECT_EQ(*thumbnailSize({ 1800, 1200 }, 900, 600, false), (Size { 900, 600 }));
        // 399 × 1.5 = 598.5: floor and ceil are equally close, and the tie keeps the floor.
        EXPECT_EQ(
            *thumbnailSize({ 1800, 1200 }, 1800 * 0.333, 1200 * 0.333, false), (Size { 598, 399 }));
        EXPECT_EQ(*thumbnailSize({ 227, 149 }, 113.5, 74.5, false), (Size { 113, 74 }));
    }

    TEST(ThumbnailSize, NeverEnlargesUnlessAsked)
    {
        EXPECT_FALSE(thumbnailSize({ 100, 50 }, 100, 50, false));
        EXPECT_FALSE(thumbnailSize({ 100, 50 }, 400, 400, false));
        EXPECT_EQ(*thumbnailSize({ 100, 50 }, 200, 100, true), (Size { 200, 100 }));
    }

    TEST(ThumbnailSize, NeverGoesBelowOnePixel)
    {
        EXPECT_EQ(*thumbnailSize({ 32, 32 }, 0.32, 0.32, false), (Size { 1, 1 }));
        EXPECT_EQ(*thumbnailSize({ 1000, 3 }, 10, 0.03, false), (Size { 10, 1 }));
    }

    TEST(TargetSize, SwapsBoxesForRotatedImages)
    {
        ResizeSpec fit;
        fit.mode = SizeMode::Fit;
        fit.width = 600;
        fit.height = 400;
        // Stored 1800×1200 but displayed upright as 1200×1800 (orientation 6).
        EXPECT_EQ(*targetSize(jpeg(1800, 1200, 6), fit), (Size { 400, 267 }));
        EXPECT_EQ(*targetSize(jpeg(1800, 1200, 1), fit), (Size { 600, 400 }));
        ResizeSpec exact;
        exact.mode = SizeMode::Exact;
        exact.width = 300;
        exact.height = 100;
        EXPECT_EQ(*targetSize(jpeg(1800, 1200, 8), exact), (Size { 100, 300 }));
    }

    TEST(TargetSize, LongEdgeSetsTheLongerSide)
    {
        ResizeSpec s;
        s.mode = SizeMode::LongEdge;
        s.longEdge = 1000;
        EXPECT_EQ(*targetSize(jpeg(4000, 3000), s), (Size { 1000, 750 }));
        EXPECT_EQ(*targetSize(jpeg(3000, 4000), s), (Size { 750, 1000 }));
        EXPECT_FALSE(targetSize(jpeg(800, 600), s));
    }

    TEST(ResizePlan, PicksTheDctScaleAsPillowsDraft)
    {
        EXPECT_EQ(makeResizePlan(jpeg(1800, 1200), percent(50)).dctScale, 1);
        EXPECT_EQ(makeResizePlan(jpeg(1800, 1200), percent(25)).dctScale, 2);
        EXPECT_EQ(makeResizePlan(jpeg(1800, 1200), percent(10)).dctScale, 4);
        EXPECT_EQ(makeResizePlan(jpeg(1800, 1200), percent(5)).dctScale, 8);
        EXPECT_EQ(makeResizePlan(jpeg(1800, 1200), percent(1)).dctScale, 8);
        ImageInfo png = jpeg(1800, 1200);
        png.dctScalable = false;
        EXPECT_EQ(makeResizePlan(png, percent(5)).dctScale, 1);
    }

    TEST(ResizePlan, DecodedSizeRoundsUp)
    {
        const ResizePlan p = makeResizePlan(jpeg(1001, 999), percent(5));
        EXPECT_EQ(p.dctScale, 8);
        EXPECT_EQ(p.decoded, (Size { 126, 125 }));
        EXPECT_FLOAT_EQ(
            p.box[2] * static_cast<float>(p.reduceX) + static_cast<float>(p.reduceBox[0]),
            1001.0f / 8);
    }

    TEST(ResizePlan, ImagesWithAlphaSkipTheReduceStep)
    {
        ImageInfo rgba { 1000, 1000, 4, false, 1 };
        const ResizePlan p = makeResizePlan(rgba, percent(10));
        EXPECT_EQ(p.reduceX, 1);
        EXPECT_TRUE(p.premultiply);
        rgba.channels = 3;
        EXPECT_EQ(makeResizePlan(rgba, percent(10)).reduceX, 5);
    }

    TEST(ResizePlan, NothingHappensWhenTheImageFits)
    {
        const ResizePlan p = makeResizePlan(jpeg(100, 50, 6), percent(100));
        EXPECT_FALSE(p.resample);
        EXPECT_EQ(p.dctScale, 1);
        EXPECT_EQ(p.output, (Size { 50, 100 }));
    }

    // Exhaustive over sizes, percentages and channel counts: every plan is internally consistent.
    TEST(ResizePlan, IsConsistentForEverySizeAndPercentage)
    {
        for (int w = 1; w <= 300; w += 7) {
            for (int h = 1; h <= 300; h += 11) {
                for (double p : { 1.0, 2.5, 9.9, 12.5, 25.0, 33.3, 49.9, 50.0, 77.7, 99.0 }) {
                    for (int channels : { 1, 3, 4 }) {
                        ImageInfo info { w, h, channels, channels != 4, 1 };
                        const ResizePlan plan = makeResizePlan(info, percent(p));
                        SCOPED_TRACE(std::to_string(w) + "x" + std::to_string(h) + " at "
                            + std::to_string(p));
                        ASSERT_GE(plan.output.width, 1);
                        ASSERT_GE(plan.output.height, 1);
                        ASSERT_LE(plan.output.width, w);
                        ASSERT_LE(plan.output.height, h);
                        if (!plan.resample) {
                            continue;
                        }
                        ASSERT_EQ(plan.decoded.width, (w + plan.dctScale - 1) / plan.dctScale);
                        ASSERT_GE(plan.reduceBox[0], 0);
                        ASSERT_LE(plan.reduceBox[2], plan.decoded.width);
                        ASSERT_EQ(plan.reduced.width,
                            (plan.reduceBox[2] - plan.reduceBox[0] + plan.reduceX - 1)
                                / plan.reduceX);
                        ASSERT_GE(plan.box[0], 0.0f);
                        ASSERT_LE(plan.box[2], static_cast<float>(plan.reduced.width));
                        ASSERT_LE(plan.box[3], static_cast<float>(plan.reduced.height));
                        // The reduce step leaves at least a factor of two for the filter.
                        ASSERT_GE(
                            (plan.box[2] - plan.box[0]) / static_cast<float>(plan.resampled.width),
                            plan.reduceX > 1 ? 1.0f : 0.0f);
                    }
                }
            }
        }
    }

    TEST(ResizeSpec, DefaultsToBicubicAsPillowsThumbnail)
    {
        // Pillow 9.4: thumbnail(size, resample=Resampling.BICUBIC, ...); the old tool passed no
        // filter.
        EXPECT_EQ(ResizeSpec {}.filter, Filter::Bicubic);
        EXPECT_EQ(makeResizePlan(jpeg(1800, 1200), ResizeSpec {}).filter, Filter::Bicubic);
        ResizeSpec sharper;
        sharper.filter = Filter::Lanczos;
        EXPECT_EQ(makeResizePlan(jpeg(1800, 1200), sharper).filter, Filter::Lanczos);
    }

    TEST(ResizeSpec, RejectsValuesThatCannotWork)
    {
        EXPECT_FALSE(validate(percent(0)).ok());
        EXPECT_FALSE(validate(percent(-5)).ok());
        EXPECT_FALSE(validate(percent(std::nan(""))).ok());
        EXPECT_FALSE(validate(percent(150)).ok()) << "enlarging needs --enlarge";
        ResizeSpec big = percent(150);
        big.enlarge = true;
        EXPECT_TRUE(validate(big).ok());
        ResizeSpec fit;
        fit.mode = SizeMode::Fit;
        EXPECT_FALSE(validate(fit).ok());
        EXPECT_EQ(parseFilter("bicubic"), Filter::Bicubic);
        EXPECT_FALSE(parseFilter("sinc"));
    }

} // namespace
} // namespace dropsize

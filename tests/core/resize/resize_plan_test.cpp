// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/core/limits.h"
#include "dropsize/core/resize_plan.h"
#include "resize/resample_steps.h"

#include <algorithm>
#include <cmath>
#include <gtest/gtest.h>
#include <string>
#include <string_view>

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

    ResizeSpec shortEdge(int n, bool enlarge = false)
    {
        ResizeSpec s;
        s.mode = SizeMode::ShortEdge;
        s.shortEdge = n;
        s.enlarge = enlarge;
        return s;
    }

    ResizeSpec fill(int w, int h, bool enlarge = false, Filter filter = Filter::Bicubic)
    {
        ResizeSpec s;
        s.mode = SizeMode::Fill;
        s.width = w;
        s.height = h;
        s.enlarge = enlarge;
        s.filter = filter;
        return s;
    }

    TEST(ShortEdgeBox, HoldsTheShortSideAndLeavesTheLongOneRoom)
    {
        EXPECT_EQ(shortEdgeBox({ 1800, 1200 }, 100), (Size { 150, 100 }));
        EXPECT_EQ(shortEdgeBox({ 1200, 1800 }, 100), (Size { 100, 150 }));
        EXPECT_EQ(shortEdgeBox({ 227, 149 }, 100), (Size { 153, 100 })) << "ceil(152.3)";
        EXPECT_EQ(shortEdgeBox({ 640, 640 }, 7), (Size { 7, 7 }));
        EXPECT_EQ(shortEdgeBox({ kMaxSide, 1 }, 2), (Size { kMaxSide, 2 })) << "held at the limit";
    }

    TEST(TargetSize, ShortEdgeSetsTheShorterSide)
    {
        EXPECT_EQ(*targetSize(jpeg(4000, 3000), shortEdge(1080)), (Size { 1440, 1080 }));
        EXPECT_EQ(*targetSize(jpeg(3000, 4000), shortEdge(1080)), (Size { 1080, 1440 }));
        // The short side is the same whichever way the image is shown.
        EXPECT_EQ(*targetSize(jpeg(4000, 3000, 6), shortEdge(1080)), (Size { 1440, 1080 }));
        EXPECT_FALSE(targetSize(jpeg(800, 600), shortEdge(600))) << "already that short";
        EXPECT_FALSE(targetSize(jpeg(800, 600), shortEdge(1000))) << "never enlarges by default";
        EXPECT_EQ(*targetSize(jpeg(800, 600), shortEdge(1200, true)), (Size { 1600, 1200 }));
    }

    // Exhaustive: the short side becomes N exactly, the long one is N·L/S rounded down or up
    // (whichever thumbnail()'s aspect rule finds closer in aspect), and nothing grows without
    // enlarge.
    TEST(TargetSize, ShortEdgeIsExactForEverySize)
    {
        for (int w = 1; w <= 400; w += 3) {
            for (int h = 1; h <= 400; h += 7) {
                for (int n : { 1, 2, 5, 17, 100, 133, 399 }) {
                    SCOPED_TRACE(std::to_string(w) + "x" + std::to_string(h) + " short "
                        + std::to_string(n));
                    const auto size = targetSize(jpeg(w, h), shortEdge(n));
                    const int shortSide = std::min(w, h);
                    if (n >= shortSide) {
                        ASSERT_FALSE(size);
                        continue;
                    }
                    ASSERT_TRUE(size);
                    ASSERT_EQ(std::min(size->width, size->height), n);
                    const double longSide = static_cast<double>(n) * std::max(w, h) / shortSide;
                    ASSERT_LT(std::abs(std::max(size->width, size->height) - longSide), 1.0);
                    if (size->width != size->height) {
                        ASSERT_EQ(size->width > size->height, w > h);
                    }
                }
            }
        }
    }

    TEST(ResizePlan, ShortEdgeKeepsThumbnailsDraftAndReduce)
    {
        // 150x100 from 1800x1200: draft at 1/4 (min(1800 // 300, 1200 // 200) = 6), then reduce
        // 450x300 by 1 (int(450 / 150 / 2) = 1): the same steps as thumbnail((150, 100)).
        const ResizePlan p = makeResizePlan(jpeg(1800, 1200), shortEdge(100));
        EXPECT_EQ(p.dctScale, 4);
        EXPECT_EQ(p.decoded, (Size { 450, 300 }));
        EXPECT_EQ(p.resampled, (Size { 150, 100 }));
        ImageInfo png = jpeg(1800, 1200);
        png.dctScalable = false;
        const ResizePlan q = makeResizePlan(png, shortEdge(100));
        EXPECT_EQ(q.dctScale, 1);
        EXPECT_EQ(q.reduceX, 6);
        EXPECT_EQ(q.reduceY, 6);
    }

    TEST(FillGeometry, CropsTheBoxesAspectFromTheCentreAsImageOpsFit)
    {
        // Wider than 3:2: the whole width, a band of 1800 / 3 = 600 rows from row 300.
        auto g = fillGeometry(jpeg(1800, 1200), fill(300, 100));
        ASSERT_TRUE(g);
        EXPECT_FALSE(g->cropOnly);
        EXPECT_EQ(g->output, (Size { 300, 100 }));
        EXPECT_EQ(g->box[0], 0.0);
        EXPECT_EQ(g->box[1], 300.0);
        EXPECT_EQ(g->box[2], 1800.0);
        EXPECT_EQ(g->box[3], 900.0);
        // Taller than 3:2: the whole height, 1200 / 3 = 400 columns from column 700.
        g = fillGeometry(jpeg(1800, 1200), fill(100, 300));
        ASSERT_TRUE(g);
        EXPECT_EQ(g->box[0], 700.0);
        EXPECT_EQ(g->box[2], 1100.0);
        EXPECT_EQ(g->box[1], 0.0);
        EXPECT_EQ(g->box[3], 1200.0);
        // fit() keeps fractions: 227x149 to 1:1 crops 149 columns from 39.
        g = fillGeometry(jpeg(227, 149), fill(50, 50));
        ASSERT_TRUE(g);
        EXPECT_EQ(g->box[0], 39.0);
        EXPECT_EQ(g->box[2], 188.0);
        g = fillGeometry(jpeg(228, 149), fill(50, 50));
        ASSERT_TRUE(g);
        EXPECT_EQ(g->box[0], 39.5);
    }

    TEST(FillGeometry, SwapsTheBoxForRotatedImages)
    {
        // Stored 1800x1200, shown 1200x1800 (orientation 6): a 300x100 output shown is 100x300
        // stored, taken from a 400-column band of the stored image.
        const auto g = fillGeometry(jpeg(1800, 1200, 6), fill(300, 100));
        ASSERT_TRUE(g);
        EXPECT_EQ(g->output, (Size { 100, 300 }));
        EXPECT_EQ(g->box[0], 700.0);
        EXPECT_EQ(g->box[2], 1100.0);
        const ResizePlan p = makeResizePlan(jpeg(1800, 1200, 6), fill(300, 100));
        EXPECT_EQ(p.resampled, (Size { 100, 300 }));
        EXPECT_EQ(p.output, (Size { 300, 100 }));
    }

    TEST(FillGeometry, NeverEnlargesButCropsToTheBoxesShape)
    {
        // 2400x1001 is wider than 1800x1200 holds: the whole width and 1800 * 1001 / 2400 =
        // 750.75 → 751 rows, from row (1200 - 751) // 2 = 224 as shown.
        for (int o = 1; o <= 8; ++o) {
            SCOPED_TRACE("orientation " + std::to_string(o));
            const bool swap = o >= 5;
            const ImageInfo info = swap ? jpeg(1200, 1800, o) : jpeg(1800, 1200, o);
            const auto g = fillGeometry(info, fill(2400, 1001));
            ASSERT_TRUE(g);
            EXPECT_TRUE(g->cropOnly);
            EXPECT_EQ(g->output, swap ? (Size { 751, 1800 }) : (Size { 1800, 751 }));
            // Shown, the crop starts at row 224 and leaves 225 below; stored, the orientation
            // says which side is which.
            const bool fromEnd = o == 3 || o == 4 || o == 7 || o == 8;
            const double start = fromEnd ? 225 : 224;
            EXPECT_EQ(swap ? g->box[0] : g->box[1], start);
            EXPECT_EQ(swap ? g->box[1] : g->box[0], 0.0);
            EXPECT_EQ(g->box[2] - g->box[0], g->output.width);
            EXPECT_EQ(g->box[3] - g->box[1], g->output.height);
            EXPECT_EQ(sizeNote(info, fill(2400, 1001)).english(),
                "cropped to 1800x751 without scaling: filling 2400x1001 would enlarge it, and "
                "enlarging is off");
        }
        // Smaller on both sides: the largest square.
        const auto square = fillGeometry(jpeg(400, 300), fill(1000, 1000));
        ASSERT_TRUE(square);
        EXPECT_EQ(square->output, (Size { 300, 300 }));
        EXPECT_EQ(square->box[0], 50.0);
        // With enlarge: ImageOps.fit.
        const auto grown = fillGeometry(jpeg(400, 300), fill(1000, 1000, true));
        ASSERT_TRUE(grown);
        EXPECT_FALSE(grown->cropOnly);
        EXPECT_EQ(grown->output, (Size { 1000, 1000 }));
        EXPECT_EQ(grown->box[0], 50.0);
        EXPECT_EQ(grown->box[2], 350.0);
    }

    TEST(FillGeometry, LeavesAnImageThatIsTheOutputAlready)
    {
        EXPECT_FALSE(fillGeometry(jpeg(640, 480), fill(640, 480)));
        EXPECT_FALSE(fillGeometry(jpeg(640, 480), fill(640, 480, true)));
        EXPECT_FALSE(fillGeometry(jpeg(480, 640, 8), fill(640, 480)));
        EXPECT_EQ(unchangedReason(jpeg(640, 480), fill(640, 480)).english(),
            "kept at 640x480: it has that size already");
        // Smaller, of the box's shape: cropping takes nothing and enlarging is off.
        EXPECT_FALSE(fillGeometry(jpeg(400, 200), fill(800, 400)));
        EXPECT_EQ(sizeNote(jpeg(400, 200), fill(800, 400)).english(),
            "kept at 400x200: it has the shape of 800x400 already, and filling that would "
            "enlarge it (enlarging is off)");
        EXPECT_EQ(unchangedReason(jpeg(800, 600), shortEdge(600)).english(),
            "kept at 800x600: its short edge is 600 pixels or less already, and enlarging is off");
        EXPECT_TRUE(sizeNote(jpeg(1800, 1200), fill(300, 100)).empty());
    }

    TEST(ResizePlan, FillResamplesTheCropBoxWithoutDraftOrReduce)
    {
        // fit() calls resize() with no reducing_gap: a JPEG is decoded whole, nothing reduced,
        // however small the output.
        const ResizePlan p = makeResizePlan(jpeg(1800, 1200), fill(30, 10));
        EXPECT_TRUE(p.resample);
        EXPECT_EQ(p.dctScale, 1);
        EXPECT_EQ(p.decoded, (Size { 1800, 1200 }));
        EXPECT_EQ(p.reduceX, 1);
        EXPECT_EQ(p.reduceY, 1);
        EXPECT_EQ(p.box[1], 300.0f);
        EXPECT_EQ(p.box[3], 900.0f);
        EXPECT_EQ(p.resampled, (Size { 30, 10 }));
        // Alpha is premultiplied around fit()'s resize, but not around a plain crop.
        ImageInfo rgba { 64, 48, 4, false, 1 };
        EXPECT_TRUE(makeResizePlan(rgba, fill(32, 16)).premultiply);
        EXPECT_FALSE(makeResizePlan(rgba, fill(32, 16, false, Filter::Nearest)).premultiply);
        const ResizePlan crop = makeResizePlan(rgba, fill(100, 50));
        EXPECT_TRUE(crop.resample);
        EXPECT_FALSE(crop.premultiply);
        EXPECT_EQ(crop.resampled, (Size { 64, 32 }));
        const ResizePlan same = makeResizePlan(rgba, fill(64, 48));
        EXPECT_FALSE(same.resample);
        EXPECT_EQ(same.output, (Size { 64, 48 }));
    }

    // Exhaustive over sizes, boxes and orientations: every Fill plan is one the resampler takes
    // (its box inside the image), gives the box's size (or a crop of its shape), and its crop is
    // centred.
    TEST(ResizePlan, FillIsConsistentForEverySizeAndBox)
    {
        const Size boxes[] = { { 1, 1 }, { 7, 3 }, { 3, 7 }, { 16, 9 }, { 50, 50 }, { 100, 37 },
            { 250, 260 }, { 299, 300 } };
        for (int w = 1; w <= 300; w += 13) {
            for (int h = 1; h <= 300; h += 17) {
                for (const Size box : boxes) {
                    for (int o : { 1, 2, 3, 6, 7 }) {
                        for (bool enlarge : { false, true }) {
                            SCOPED_TRACE(std::to_string(w) + "x" + std::to_string(h) + " fill "
                                + std::to_string(box.width) + "x" + std::to_string(box.height)
                                + " o" + std::to_string(o) + (enlarge ? " enlarge" : ""));
                            const ImageInfo info { w, h, 3, true, o };
                            const ResizeSpec spec = fill(box.width, box.height, enlarge);
                            const auto g = fillGeometry(info, spec);
                            const ResizePlan plan = makeResizePlan(info, spec);
                            ASSERT_EQ(plan.resample, g.has_value());
                            if (!g) {
                                continue;
                            }
                            ASSERT_EQ(
                                plan.output.width <= box.width && plan.output.height <= box.height,
                                true);
                            if (!g->cropOnly) {
                                ASSERT_EQ(plan.output, box);
                                // Centred: as much left of the crop as right of it.
                                ASSERT_NEAR(g->box[0], w - g->box[2], 1e-9 * w);
                                ASSERT_NEAR(g->box[1], h - g->box[3], 1e-9 * h);
                            } else {
                                ASSERT_FALSE(enlarge);
                                ASSERT_LE(std::abs(g->box[0] - (w - g->box[2])), 1.0);
                                ASSERT_LE(std::abs(g->box[1] - (h - g->box[3])), 1.0);
                            }
                            ASSERT_GE(plan.box[0], 0.0f);
                            ASSERT_GE(plan.box[1], 0.0f);
                            ASSERT_LE(plan.box[2], static_cast<float>(w));
                            ASSERT_LE(plan.box[3], static_cast<float>(h));
                            ASSERT_TRUE(planResample(plan, 3).ok());
                            if (g->cropOnly) {
                                ASSERT_EQ(resampleKind(
                                              plan.decoded, plan.resampled, plan.filter, plan.box),
                                    ResampleSteps::Kind::Crop);
                            }
                        }
                    }
                }
            }
        }
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

    TEST(SizeSpecText, ReadsEveryForm)
    {
        const ResizeSpec half = *parseSizeSpec("50%");
        EXPECT_EQ(half.mode, SizeMode::Percent);
        EXPECT_EQ(half.percent, 50.0);
        EXPECT_EQ(parseSizeSpec("12.5%")->percent, 12.5);
        const ResizeSpec fit = *parseSizeSpec("fit:800x600");
        EXPECT_EQ(fit.mode, SizeMode::Fit);
        EXPECT_EQ(fit.width, 800);
        EXPECT_EQ(fit.height, 600);
        EXPECT_EQ(parseSizeSpec("long:2048")->mode, SizeMode::LongEdge);
        EXPECT_EQ(parseSizeSpec("long:2048")->longEdge, 2048);
        EXPECT_EQ(parseSizeSpec("1024")->mode, SizeMode::LongEdge) << "a bare number";
        EXPECT_EQ(parseSizeSpec("1024")->longEdge, 1024);
        EXPECT_EQ(parseSizeSpec("short:1080")->mode, SizeMode::ShortEdge);
        EXPECT_EQ(parseSizeSpec("short:1080")->shortEdge, 1080);
        const ResizeSpec square = *parseSizeSpec("fill:512X512");
        EXPECT_EQ(square.mode, SizeMode::Fill);
        EXPECT_EQ(square.width, 512);
        EXPECT_EQ(parseSizeSpec("exact:640x480")->mode, SizeMode::Exact);
        // The base's enlarge and filter stay; its mode and numbers are replaced.
        ResizeSpec base;
        base.enlarge = true;
        base.filter = Filter::Lanczos;
        base.longEdge = 77;
        const ResizeSpec grown = *parseSizeSpec("200%", base);
        EXPECT_TRUE(grown.enlarge);
        EXPECT_EQ(grown.filter, Filter::Lanczos);
        EXPECT_EQ(grown.percent, 200.0);
        EXPECT_TRUE(validate(grown).ok());
        EXPECT_FALSE(validate(*parseSizeSpec("200%"))) << "the enlarge rule is validate()'s";
    }

    TEST(SizeSpecText, RefusesWhatIsNotASize)
    {
        for (const char* bad : { "", "%", "50", "-5%", "0%", "1e2%", "10001%", "fit:", "fit:800",
                 "fit:800x", "fit:x600", "fit:0x600", "fit:800x600x", "fill:-1x5",
                 "long:", "long:0", "long:+5", "short:1.5", "short: 5", "1048577", "Fit:800x600",
                 "stretch:10x10", "50 %", "0x10", "fill:1048577x1" }) {
            if (std::string_view(bad) == "50") {
                continue; // a long edge of 50, a valid spec
            }
            auto parsed = parseSizeSpec(bad);
            ASSERT_FALSE(parsed.ok()) << bad;
            EXPECT_EQ(parsed.error().code, ErrorCode::InvalidArgument);
            EXPECT_EQ(
                parsed.error().message.rfind("\"" + std::string(bad) + "\" is not a size: ", 0), 0u)
                << parsed.error().message;
        }
        EXPECT_NE(
            parseSizeSpec("fill:0x5").error().message.find("1 to 1048576"), std::string::npos);
        EXPECT_NE(parseSizeSpec("huge").error().message.find("fill:WxH"), std::string::npos);
    }

    TEST(SizeSpecText, WritesWhatItReads)
    {
        for (const char* text : { "50%", "12.5%", "0.01%", "fit:800x600", "long:2048", "short:1080",
                 "fill:512x512", "exact:640x480", "fill:1x1048576" }) {
            auto parsed = parseSizeSpec(text);
            ASSERT_TRUE(parsed.ok()) << text;
            EXPECT_EQ(sizeSpecText(*parsed), text);
        }
        EXPECT_EQ(sizeSpecText(*parseSizeSpec("1024")), "long:1024");
        for (const SizeMode mode : { SizeMode::Percent, SizeMode::Fit, SizeMode::LongEdge,
                 SizeMode::Exact, SizeMode::ShortEdge, SizeMode::Fill }) {
            ResizeSpec spec;
            spec.mode = mode;
            spec.percent = 33.3;
            spec.width = 3;
            spec.height = 4;
            spec.longEdge = 5;
            spec.shortEdge = 6;
            auto back = parseSizeSpec(sizeSpecText(spec), spec);
            ASSERT_TRUE(back.ok()) << sizeSpecText(spec);
            EXPECT_EQ(*back, spec) << sizeSpecText(spec);
        }
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
        EXPECT_FALSE(validate(fill(0, 10)).ok());
        EXPECT_FALSE(validate(fill(10, kMaxSide + 1)).ok());
        EXPECT_TRUE(validate(fill(1, 1)).ok());
        EXPECT_FALSE(validate(shortEdge(0)).ok());
        EXPECT_EQ(validate(shortEdge(kMaxSide + 1)).error().message,
            "the short edge must be between 1 and " + std::to_string(kMaxSide));
        EXPECT_TRUE(validate(shortEdge(kMaxSide)).ok());
        EXPECT_EQ(parseName<Filter>("bicubic"), Filter::Bicubic);
        EXPECT_FALSE(parseName<Filter>("sinc"));
    }

    // Pillow's Image.resize(size, resample, box, reducing_gap): the Python module's resize().
    TEST(BoxResizePlan, ReducesLikeResizeWithoutAlphaAndPremultipliesWithIt)
    {
        const double whole[4] = { 0, 0, 1000, 800 };
        const ResizePlan rgb
            = makeBoxResizePlan({ 1000, 800 }, 3, { 100, 80 }, Filter::Bicubic, whole, 2.0);
        EXPECT_TRUE(rgb.resample);
        EXPECT_EQ(rgb.reduceX, 5); // int(1000 / 100 / 2)
        EXPECT_EQ(rgb.reduceY, 5);
        EXPECT_EQ(rgb.reduced, (Size { 200, 160 }));
        EXPECT_FALSE(rgb.premultiply);
        EXPECT_EQ(rgb.output, (Size { 100, 80 }));
        EXPECT_EQ(rgb.orientation, 1);
        // With alpha, Pillow resizes RGBa without reducing_gap: no reduce, premultiplied.
        const ResizePlan rgba
            = makeBoxResizePlan({ 1000, 800 }, 4, { 100, 80 }, Filter::Bicubic, whole, 2.0);
        EXPECT_EQ(rgba.reduceX, 1);
        EXPECT_TRUE(rgba.premultiply);
        // No gap, no reduce; nearest never reduces or premultiplies.
        EXPECT_EQ(
            makeBoxResizePlan({ 1000, 800 }, 3, { 100, 80 }, Filter::Lanczos, whole, std::nullopt)
                .reduceX,
            1);
        const ResizePlan nearest
            = makeBoxResizePlan({ 1000, 800 }, 4, { 100, 80 }, Filter::Nearest, whole, 2.0);
        EXPECT_EQ(nearest.reduceX, 1);
        EXPECT_FALSE(nearest.premultiply);
    }

    TEST(BoxResizePlan, KeepsAFractionalBoxAndCopiesTheSameSize)
    {
        const double box[4] = { 10.5, 20.25, 510.5, 420.75 };
        const ResizePlan p = makeBoxResizePlan({ 1000, 800 }, 1, { 50, 40 }, Filter::Box, box, 3.0);
        // int(500 / 50 / 3) = 3 by 3, over the box widened by the support (0) and clamped.
        EXPECT_EQ(p.reduceX, 3);
        EXPECT_EQ(p.reduceBox[0], 10);
        EXPECT_EQ(p.reduceBox[3], 421);
        EXPECT_FLOAT_EQ(p.box[0], static_cast<float>((10.5 - 10) / 3));
        const double whole[4] = { 0, 0, 64, 48 };
        const ResizePlan same
            = makeBoxResizePlan({ 64, 48 }, 3, { 64, 48 }, Filter::Lanczos, whole, 2.0);
        EXPECT_FALSE(same.resample);
        EXPECT_EQ(same.output, (Size { 64, 48 }));
        const double part[4] = { 0, 0, 32, 48 };
        EXPECT_TRUE(
            makeBoxResizePlan({ 64, 48 }, 3, { 64, 48 }, Filter::Lanczos, part, 2.0).resample);
    }

    TEST(BoxResizePlan, RefusesWhatPillowRefusesInItsWords)
    {
        const double whole[4] = { 0, 0, 64, 48 };
        EXPECT_TRUE(checkBoxResize({ 64, 48 }, { 10, 10 }, whole).ok());
        EXPECT_EQ(checkBoxResize({ 64, 48 }, { 0, 10 }, whole).error().message,
            "height and width must be > 0");
        const double negative[4] = { -1, 0, 10, 10 };
        EXPECT_EQ(checkBoxResize({ 64, 48 }, { 10, 10 }, negative).error().message,
            "box offset can't be negative");
        const double outside[4] = { 0, 0, 64, 48.5 };
        EXPECT_EQ(checkBoxResize({ 64, 48 }, { 10, 10 }, outside).error().message,
            "box can't exceed original image size");
        const double empty[4] = { 5, 0, 4, 10 };
        EXPECT_EQ(
            checkBoxResize({ 64, 48 }, { 10, 10 }, empty).error().message, "box can't be empty");
    }

} // namespace
} // namespace dropsize

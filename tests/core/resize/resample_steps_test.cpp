// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors

// planResample(): the one place the resample decisions are made, for the whole-image resizer,
// the streaming resizer and the GPU program.

#include "dropsize/pixel/pixel_math.h"
#include "resize/cpu_resizer.h"
#include "resize/resample_coefficients.h"
#include "resize/resample_steps.h"
#include "resize/streaming_resizer.h"
#include "support/test_support.h"

#include <cstring>
#include <gtest/gtest.h>

namespace dropsize {
namespace {

    ResizePlan planFor(int width, int height, int channels, double percent, Filter filter)
    {
        ImageInfo info;
        info.width = width;
        info.height = height;
        info.channels = channels;
        ResizeSpec spec;
        spec.percent = percent;
        spec.filter = filter;
        return makeResizePlan(info, spec);
    }

    // A plan made by hand that resamples `box` of a width × height image to `out`, no reduce.
    ResizePlan boxPlan(int width, int height, Size out, const float (&box)[4])
    {
        ResizePlan plan;
        plan.resample = true;
        plan.decoded = plan.reduced = { width, height };
        plan.reduceBox[2] = width;
        plan.reduceBox[3] = height;
        std::memcpy(plan.box, box, sizeof box);
        plan.filter = Filter::Bicubic;
        plan.resampled = plan.output = out;
        return plan;
    }

    TEST(ResampleSteps, APlanThatKeepsTheSizeCopiesTheDecodedImage)
    {
        const ResizePlan plan = planFor(120, 80, 4, 100.0, Filter::Lanczos);
        ASSERT_FALSE(plan.resample);
        auto steps = planResample(plan, 4);
        ASSERT_TRUE(steps.ok());
        EXPECT_EQ(steps->kind, ResampleSteps::Kind::Copy);
        EXPECT_FALSE(steps->premultiply);
        EXPECT_FALSE(steps->reduces());
        EXPECT_EQ(steps->source, (Size { 120, 80 }));
        EXPECT_EQ(steps->out, (Size { 120, 80 }));
        EXPECT_EQ(steps->firstRow, 0);
        EXPECT_EQ(steps->tempRows, 80);
    }

    TEST(ResampleSteps, CarryThePlansReduceWithPillowsMultipliers)
    {
        const ResizePlan plan = planFor(1003, 701, 3, 10.0, Filter::Bicubic);
        ASSERT_TRUE(plan.reduceX > 1 && plan.reduceY > 1);
        auto steps = planResample(plan, 3);
        ASSERT_TRUE(steps.ok());
        EXPECT_EQ(steps->source, plan.decoded);
        EXPECT_EQ(steps->in, plan.reduced);
        EXPECT_EQ(steps->out, plan.resampled);
        EXPECT_EQ(steps->reduceX, plan.reduceX);
        EXPECT_EQ(steps->reduceY, plan.reduceY);
        for (int i = 0; i < 4; ++i) {
            EXPECT_EQ(steps->reduceBox[i], plan.reduceBox[i]);
        }
        const int* box = plan.reduceBox;
        const auto fx = static_cast<std::uint32_t>(plan.reduceX);
        const auto fy = static_cast<std::uint32_t>(plan.reduceY);
        const auto lastCols = static_cast<std::uint32_t>((box[2] - box[0] - 1) % plan.reduceX + 1);
        const auto lastRows = static_cast<std::uint32_t>((box[3] - box[1] - 1) % plan.reduceY + 1);
        EXPECT_EQ(steps->reduceMultipliers[0], reduceMultiplier(fx * fy));
        EXPECT_EQ(steps->reduceMultipliers[1], reduceMultiplier(fy * lastCols));
        EXPECT_EQ(steps->reduceMultipliers[2], reduceMultiplier(lastRows * fx));
        EXPECT_EQ(steps->reduceMultipliers[3], reduceMultiplier(lastRows * lastCols));
        EXPECT_EQ(steps->kind, ResampleSteps::Kind::Separable);
        EXPECT_TRUE(steps->horizontal && steps->vertical);
    }

    TEST(ResampleSteps, PremultiplyOnlyAnImageWithAlpha)
    {
        const ResizePlan plan = planFor(300, 200, 4, 40.0, Filter::Bilinear);
        ASSERT_TRUE(plan.premultiply);
        for (const int channels : { 2, 4 }) {
            auto steps = planResample(plan, channels);
            ASSERT_TRUE(steps.ok());
            EXPECT_TRUE(steps->premultiply) << channels;
        }
        for (const int channels : { 1, 3 }) {
            auto steps = planResample(plan, channels);
            ASSERT_TRUE(steps.ok());
            EXPECT_FALSE(steps->premultiply) << channels;
        }
    }

    TEST(ResampleSteps, EveryExecutorRefusesAReduceBoxOutsideTheImage)
    {
        ResizePlan plan = planFor(1000, 800, 3, 10.0, Filter::Hamming);
        ASSERT_TRUE(plan.reduceX > 1);
        plan.reduceBox[2] = plan.decoded.width + 1;
        auto steps = planResample(plan, 3);
        ASSERT_FALSE(steps.ok());
        EXPECT_EQ(steps.error().code, ErrorCode::InvalidArgument);

        auto whole = CpuResizer().resize(test::makeTestImage(1000, 800, 3), plan);
        ASSERT_FALSE(whole.ok());
        EXPECT_EQ(whole.error().message, steps.error().message);
        auto streaming = StreamingResizer::create(plan, 3);
        ASSERT_FALSE(streaming.ok());
        EXPECT_EQ(streaming.error().message, steps.error().message);
        const Image image = test::makeTestImage(1000, 800, 3);
        auto reduced
            = CpuResizer().reduce(image.view(), plan.reduceX, plan.reduceY, plan.reduceBox);
        ASSERT_FALSE(reduced.ok());
        EXPECT_EQ(reduced.error().message, steps.error().message);
    }

    TEST(ResampleSteps, TheVerticalBoundsCountFromTheFirstRowRead)
    {
        // Width kept, so only the vertical pass runs, on rows well inside the image.
        const float box[4] = { 0, 30, 40, 90 };
        auto steps = planResample({ 40, 100 }, { 40, 20 }, Filter::Bicubic, box);
        ASSERT_TRUE(steps.ok());
        ASSERT_EQ(steps->kind, ResampleSteps::Kind::Separable);
        EXPECT_FALSE(steps->horizontal);
        EXPECT_TRUE(steps->vertical);
        const ResampleCoefficients pillow = computeCoefficients(100, 30, 90, 20, Filter::Bicubic);
        EXPECT_EQ(steps->firstRow, pillow.first(0));
        EXPECT_GT(steps->firstRow, 0);
        EXPECT_EQ(steps->firstRow + steps->tempRows, pillow.first(19) + pillow.count(19));
        for (int i = 0; i < 20; ++i) {
            EXPECT_EQ(steps->ky.first(i) + steps->firstRow, pillow.first(i));
            EXPECT_EQ(steps->ky.count(i), pillow.count(i));
        }
        EXPECT_EQ(steps->ky.weights, pillow.weights);
    }

    TEST(Resampler, ReadsTheRowsInPlaceWhenOnlyTheVerticalPassRuns)
    {
        const Image image = test::makeTestImage(40, 100, 3, 5);
        const float box[4] = { 0, 30, 40, 90 };
        auto r = CpuResizer().resample(image.view(), { 40, 20 }, Filter::Bicubic, box);
        ASSERT_TRUE(r.ok());
        // Pillow's vertical pass, written out: each output sample from its column of the input.
        const ResampleCoefficients k = computeCoefficients(100, 30, 90, 20, Filter::Bicubic);
        const ConstImageView in = image.view();
        for (int y = 0; y < 20; ++y) {
            for (int i = 0; i < 40 * 3; ++i) {
                const std::uint8_t expected = pixel::convolve(in.row(k.first(y)) + i,
                    static_cast<int>(in.stride), k.weightsAt(y), k.count(y));
                ASSERT_EQ(r->view().row(y)[i], expected) << "row " << y << " sample " << i;
            }
        }
    }

    TEST(StreamingResizer, GivesTheWholeImageResizersBytesForOnePassOnPartOfTheImage)
    {
        const float vertical[4] = { 0, 30.5f, 40, 90 };
        const float horizontal[4] = { 10.25f, 0, 50, 100 };
        for (const ResizePlan& plan :
            { boxPlan(40, 100, { 40, 20 }, vertical), boxPlan(60, 100, { 20, 100 }, horizontal) }) {
            ASSERT_TRUE(StreamingResizer::canStream(plan));
            const Image input = test::makeTestImage(plan.decoded.width, plan.decoded.height, 3, 9);
            auto whole = CpuResizer().resize(test::copyOf(input), plan);
            ASSERT_TRUE(whole.ok());
            auto streaming = StreamingResizer::create(plan, 3);
            ASSERT_TRUE(streaming.ok());
            Image rows = test::copyOf(input);
            ASSERT_TRUE(streaming->pushRows(rows.data(), rows.stride(), rows.height()).ok());
            auto done = streaming->finish();
            ASSERT_TRUE(done.ok());
            EXPECT_EQ(test::pixelCrc(done->view()), test::pixelCrc(whole->view()));
        }
    }

} // namespace
} // namespace dropsize

// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors

// The GPU program, run by the emulated launcher (the CUDA kernel bodies compiled as C++, looped
// over the grid and blocks the device would run), against the CPU resizer: byte for byte, over
// sizes from 1×1 up, every channel count, filter and orientation, and percentages that take
// every step (reduce, crop, nearest, one or two passes, premultiplied alpha).

#include "emulated_launch.h"
#include "gpu/gpu_program.h"
#include "resize/cpu_resizer.h"
#include "support/test_support.h"

#include <cmath>
#include <gtest/gtest.h>
#include <string>
#include <tuple>

namespace dropsize::test {

namespace {

    struct Case {
        int width;
        int height;
        int channels;
        Filter filter;
        SizeMode mode;
        double percent; ///< Percent mode; otherwise the box is width × height scaled by it
        int orientation;
        bool enlarge = false;
    };

    std::string describe(const Case& c)
    {
        return std::to_string(c.width) + "x" + std::to_string(c.height) + " c"
            + std::to_string(c.channels) + " " + nameOf(c.filter) + " mode "
            + std::to_string(static_cast<int>(c.mode)) + " " + std::to_string(c.percent) + "% o"
            + std::to_string(c.orientation);
    }

    ResizeSpec specFor(const Case& c)
    {
        ResizeSpec spec;
        spec.mode = c.mode;
        spec.filter = c.filter;
        spec.enlarge = c.enlarge;
        spec.percent = c.percent;
        const int w = std::max(1, static_cast<int>(c.width * c.percent / 100.0));
        const int h = std::max(1, static_cast<int>(c.height * c.percent / 100.0));
        spec.width = c.mode == SizeMode::Fit ? w + 3 : w;
        spec.height = h;
        spec.longEdge = std::max(w, h);
        spec.shortEdge = std::min(w, h);
        if (c.mode == SizeMode::Fill) {
            // A box of another aspect than the image's, so that fill crops.
            spec.width = std::max(1, w * 2 / 3);
        }
        return spec;
    }

    // Runs `plan` on `source` both ways and compares every byte.
    void expectSameBytesForPlan(const Image& source, const ResizePlan& plan)
    {
        const int channels = source.channels();
        auto copy = Image::allocate(source.width(), source.height(), channels);
        ASSERT_TRUE(copy);
        for (int y = 0; y < source.height(); ++y) {
            std::copy_n(source.view().row(y), source.width() * channels, copy->view().row(y));
        }
        auto cpu = CpuResizer(1).resize(std::move(copy).value(), plan);
        ASSERT_TRUE(cpu) << cpu.error().message;

        auto program = makeGpuProgram(plan, channels);
        ASSERT_TRUE(program) << program.error().message;
        ASSERT_EQ(program->out.width, cpu->width());
        ASSERT_EQ(program->out.height, cpu->height());
        auto gpu = Image::allocate(program->out.width, program->out.height, channels);
        ASSERT_TRUE(gpu);
        kernels::EmulatedBackend backend;
        const kernels::GpuResult ran
            = kernels::runProgram(backend, *program, source.view(), gpu->view());
        ASSERT_TRUE(ran) << ran.message;

        for (int y = 0; y < cpu->height(); ++y) {
            const std::uint8_t* a = cpu->view().row(y);
            const std::uint8_t* b = gpu->view().row(y);
            for (int i = 0; i < cpu->width() * channels; ++i) {
                ASSERT_EQ(a[i], b[i]) << "row " << y << " sample " << i;
            }
        }
    }

    // One case of the table: a synthetic image, the plan the spec gives, both ways.
    void expectSameBytes(const Case& c, ResizePlan* planOut = nullptr)
    {
        SCOPED_TRACE(describe(c));
        const Image source = makeTestImage(
            c.width, c.height, c.channels, static_cast<unsigned>(c.width * 31 + c.height));
        ImageInfo info;
        info.width = c.width;
        info.height = c.height;
        info.channels = c.channels;
        info.orientation = c.orientation;
        const ResizePlan plan = makeResizePlan(info, specFor(c));
        if (planOut != nullptr) {
            *planOut = plan;
        }
        expectSameBytesForPlan(source, plan);
    }

    constexpr Filter kFilters[] = { Filter::Nearest, Filter::Box, Filter::Bilinear, Filter::Hamming,
        Filter::Bicubic, Filter::Lanczos };

} // namespace

TEST(EmulatedKernels, MatchTheCpuPathForEverySizeChannelCountAndFilter)
{
    const std::pair<int, int> sizes[] = { { 1, 1 }, { 1, 57 }, { 61, 1 }, { 2, 2 }, { 7, 5 },
        { 33, 17 }, { 101, 67 }, { 640, 480 }, { 1001, 333 } };
    for (const auto& [w, h] : sizes) {
        for (int channels = 1; channels <= 4; ++channels) {
            for (const Filter f : kFilters) {
                for (const double percent : { 1.0, 12.5, 33.3, 50.0, 99.0 }) {
                    expectSameBytes({ w, h, channels, f, SizeMode::Percent, percent, 1 });
                    if (HasFatalFailure()) {
                        return;
                    }
                }
            }
        }
    }
}

TEST(EmulatedKernels, MatchTheCpuPathForEveryOrientation)
{
    for (int orientation = 1; orientation <= 8; ++orientation) {
        for (int channels : { 1, 3, 4 }) {
            expectSameBytes(
                { 97, 61, channels, Filter::Lanczos, SizeMode::Percent, 40.0, orientation });
            expectSameBytes(
                { 97, 61, channels, Filter::Nearest, SizeMode::Percent, 40.0, orientation });
            // No resize at all: only the orientation.
            expectSameBytes(
                { 33, 20, channels, Filter::Lanczos, SizeMode::Percent, 100.0, orientation });
            if (HasFatalFailure()) {
                return;
            }
        }
    }
}

TEST(EmulatedKernels, MatchTheCpuPathForBoxesLongEdgesExactSizesAndEnlarging)
{
    for (const SizeMode mode : { SizeMode::Fit, SizeMode::LongEdge, SizeMode::Exact }) {
        for (const Filter f : kFilters) {
            expectSameBytes({ 517, 389, 3, f, mode, 23.0, 6 });
            expectSameBytes({ 300, 200, 4, f, mode, 50.0, 1 });
        }
    }
    for (const Filter f : kFilters) {
        expectSameBytes({ 45, 31, 3, f, SizeMode::Percent, 250.0, 1, true });
        expectSameBytes({ 45, 31, 2, f, SizeMode::Percent, 175.0, 3, true });
    }
}

// Fill's crop box reaches the GPU through the plan as thumbnail()'s draft box does: fractional
// boxes in both passes, integral crops with and without premultiplied alpha, enlarging, and
// every orientation.
TEST(EmulatedKernels, MatchTheCpuPathForShortEdgesAndFills)
{
    bool fractionalBox = false;
    bool crop = false;
    bool premultipliedCrop = false;
    const std::pair<int, int> sizes[]
        = { { 1, 1 }, { 2, 7 }, { 97, 61 }, { 61, 97 }, { 203, 101 } };
    for (const auto& [w, h] : sizes) {
        for (int channels = 1; channels <= 4; ++channels) {
            for (const Filter f : kFilters) {
                for (const double percent : { 10.0, 50.0, 99.0, 150.0 }) {
                    for (const int orientation : { 1, 6 }) {
                        for (const SizeMode mode : { SizeMode::ShortEdge, SizeMode::Fill }) {
                            ResizePlan plan;
                            expectSameBytes(
                                { w, h, channels, f, mode, percent, orientation, percent > 100.0 },
                                &plan);
                            if (HasFatalFailure()) {
                                return;
                            }
                            if (mode != SizeMode::Fill || !plan.resample) {
                                continue;
                            }
                            auto program = makeGpuProgram(plan, channels);
                            ASSERT_TRUE(program);
                            const bool isCrop = program->steps.kind == ResampleSteps::Kind::Crop;
                            crop |= isCrop;
                            premultipliedCrop |= isCrop && program->steps.premultiply;
                            fractionalBox |= plan.box[0] != std::floor(plan.box[0])
                                && program->steps.horizontal && program->steps.vertical;
                        }
                    }
                }
            }
        }
    }
    // fit() of 64x48 to 64x32: the box (0, 8, 64, 40) is an integral crop, premultiplied.
    for (const int channels : { 2, 4 }) {
        for (const Filter f : kFilters) {
            const Image source = makeTestImage(64, 48, channels, 11);
            ResizeSpec spec;
            spec.mode = SizeMode::Fill;
            spec.width = 64;
            spec.height = 32;
            spec.filter = f;
            const ResizePlan plan = makeResizePlan({ 64, 48, channels, false, 1 }, spec);
            auto program = makeGpuProgram(plan, channels);
            ASSERT_TRUE(program);
            premultipliedCrop
                |= program->steps.kind == ResampleSteps::Kind::Crop && program->steps.premultiply;
            expectSameBytesForPlan(source, plan);
        }
    }
    EXPECT_TRUE(fractionalBox) << "fit()'s crop box with a fraction, through both passes";
    EXPECT_TRUE(crop) << "a fill that is a plain crop";
    EXPECT_TRUE(premultipliedCrop) << "fit()'s resize() that lands on an integral crop";
}

TEST(EmulatedKernels, TheTableTakesEveryStepOfTheProgram)
{
    // The cases above are only a proof if they run every kind of step: check that they do.
    bool reduce = false;
    bool crop = false;
    bool nearest = false;
    bool bothPasses = false;
    bool premultiply = false;
    for (const double percent : { 1.0, 12.5, 50.0, 99.0 }) {
        for (const Filter f : kFilters) {
            for (const int channels : { 3, 4 }) {
                ResizePlan plan;
                expectSameBytes({ 640, 480, channels, f, SizeMode::Percent, percent, 1 }, &plan);
                auto program = makeGpuProgram(plan, channels);
                ASSERT_TRUE(program);
                reduce |= program->steps.reduceX > 1 || program->steps.reduceY > 1;
                crop |= program->steps.kind == ResampleSteps::Kind::Crop;
                nearest |= program->steps.kind == ResampleSteps::Kind::Nearest;
                bothPasses |= program->steps.horizontal && program->steps.vertical;
                premultiply |= program->steps.premultiply;
            }
        }
    }
    EXPECT_TRUE(reduce);
    EXPECT_TRUE(nearest);
    EXPECT_TRUE(bothPasses);
    EXPECT_TRUE(premultiply);
    EXPECT_FALSE(crop) << "thumbnail plans never crop: the reducing gap keeps the box larger";
}

TEST(EmulatedKernels, MatchTheCpuPathOnAnIntegralCrop)
{
    // resize()'s crop shortcut (an integral box of exactly the output size), which thumbnail()
    // plans do not reach, on a plan made by hand.
    for (const int channels : { 1, 2, 3, 4 }) {
        const Image source = makeTestImage(64, 48, channels, 7);
        ResizePlan plan;
        plan.resample = true;
        plan.decoded = plan.reduced = { 64, 48 };
        plan.reduceBox[2] = 64;
        plan.reduceBox[3] = 48;
        plan.box[0] = 5;
        plan.box[1] = 7;
        plan.box[2] = 35;
        plan.box[3] = 27;
        plan.resampled = { 30, 20 };
        plan.premultiply = channels == 2 || channels == 4;
        plan.orientation = 6;
        plan.output = { 20, 30 };
        auto program = makeGpuProgram(plan, channels);
        ASSERT_TRUE(program);
        EXPECT_EQ(program->steps.kind, ResampleSteps::Kind::Crop);
        expectSameBytesForPlan(source, plan);
    }
}

TEST(EmulatedKernels, MatchTheCpuPathWhenOnePassRunsOnPartOfTheImage)
{
    // Plans made by hand: the width kept and a box well inside the height (the vertical pass
    // alone, reading rows from firstRow on), then the height kept and a box inside the width.
    struct OnePass {
        Size in;
        Size out;
        float box[4];
    };
    const OnePass cases[] = { { { 40, 100 }, { 40, 20 }, { 0, 30.5f, 40, 90 } },
        { { 60, 100 }, { 20, 100 }, { 10.25f, 0, 50, 100 } } };
    for (const OnePass& c : cases) {
        for (const int channels : { 1, 4 }) {
            const Image source = makeTestImage(c.in.width, c.in.height, channels, 3);
            ResizePlan plan;
            plan.resample = true;
            plan.decoded = plan.reduced = c.in;
            plan.reduceBox[2] = c.in.width;
            plan.reduceBox[3] = c.in.height;
            std::copy(std::begin(c.box), std::end(c.box), std::begin(plan.box));
            plan.filter = Filter::Lanczos;
            plan.premultiply = channels == 4;
            plan.resampled = plan.output = c.out;
            auto program = makeGpuProgram(plan, channels);
            ASSERT_TRUE(program);
            EXPECT_NE(program->steps.horizontal, program->steps.vertical);
            EXPECT_EQ(program->steps.firstRow > 0, program->steps.vertical);
            expectSameBytesForPlan(source, plan);
        }
    }
}

} // namespace dropsize::test

// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors

// On a real GPU (label gpu; each test skips with a message where there is none): the CUDA device
// against the CPU path, byte for byte, image by image and through a whole batch.

#include "dropsize/core/batch_planner.h"
#include "dropsize/core/batch_scheduler.h"
#include "dropsize/core/device_info.h"
#include "dropsize/core/gpu_device.h"
#include "dropsize/core/option_names.h"
#include "resize/cpu_resizer.h"
#include "support/gpu_device_checks.h"
#include "support/test_support.h"

#include <gtest/gtest.h>

namespace fs = std::filesystem;

namespace dropsize::test {

namespace {

#define DROPSIZE_REQUIRE_GPU()                                                                     \
    do {                                                                                           \
        const DeviceInfo devices = probeDevices();                                                 \
        if (!devices.gpuUsable) {                                                                  \
            GTEST_SKIP() << "no usable GPU here (" << devices.gpuReason.english()                  \
                         << "): skipping";                                                         \
        }                                                                                          \
    } while (false)

} // namespace

TEST(CudaDevice, GivesTheCpuBytesForEverySizeChannelCountFilterAndOrientation)
{
    DROPSIZE_REQUIRE_GPU();
    auto opened = openCudaDevice(1ull << 30);
    ASSERT_TRUE(opened) << opened.error().message;
    GpuDevice& gpu = **opened;
    // A 12 MP photo too, with one filter: the CPU reference is what takes the time.
    const std::pair<int, int> sizes[]
        = { { 1, 1 }, { 1, 77 }, { 93, 1 }, { 33, 17 }, { 640, 480 }, { 4000, 3000 } };
    int slot = 0;
    for (const auto& [w, h] : sizes) {
        for (int channels = 1; channels <= 4; ++channels) {
            for (const Filter f : { Filter::Nearest, Filter::Box, Filter::Bilinear, Filter::Hamming,
                     Filter::Bicubic, Filter::Lanczos }) {
                if (w > 1000 && f != Filter::Lanczos) {
                    continue;
                }
                for (const double percent : { 3.0, 25.0, 50.0, 150.0 }) {
                    for (const int orientation : { 1, 6 }) {
                        SCOPED_TRACE(std::to_string(w) + "x" + std::to_string(h) + " c"
                            + std::to_string(channels) + " " + nameOf(f) + " "
                            + std::to_string(percent) + "% o" + std::to_string(orientation));
                        const Image source = makeTestImage(w, h, channels, 3);
                        ImageInfo info { w, h, channels, false, orientation };
                        ResizeSpec spec;
                        spec.percent = percent;
                        spec.filter = f;
                        spec.enlarge = percent > 100;
                        const ResizePlan plan = makeResizePlan(info, spec);
                        auto cpu = CpuResizer(1).resize(test::copyOf(source), plan);
                        ASSERT_TRUE(cpu);
                        Image out = std::move(
                            Image::allocate(plan.output.width, plan.output.height, channels))
                                        .value();
                        ASSERT_TRUE(gpu.submit(slot, plan, source.view(), out.view()));
                        ASSERT_TRUE(gpu.collect(slot));
                        slot = (slot + 1) % gpu.slotCount();
                        for (int y = 0; y < out.height(); ++y) {
                            ASSERT_TRUE(std::equal(out.view().row(y),
                                out.view().row(y) + out.width() * channels, cpu->view().row(y)))
                                << "row " << y;
                        }
                    }
                }
            }
        }
    }
}

// Fill's crop box (fractional, or a plain crop) and short edges reach the device through the
// plan: the same bytes as the CPU.
TEST(CudaDevice, GivesTheCpuBytesForFillsAndShortEdges)
{
    DROPSIZE_REQUIRE_GPU();
    auto opened = openCudaDevice(1ull << 30);
    ASSERT_TRUE(opened) << opened.error().message;
    GpuDevice& gpu = **opened;
    struct Sizing {
        SizeMode mode;
        int width;
        int height;
        bool enlarge;
    };
    const Sizing sizings[]
        = { { SizeMode::Fill, 50, 50, false }, { SizeMode::Fill, 300, 100, false },
              { SizeMode::Fill, 1000, 1000, false }, { SizeMode::Fill, 1000, 1000, true },
              { SizeMode::ShortEdge, 10, 0, false }, { SizeMode::ShortEdge, 100, 0, false } };
    int slot = 0;
    for (const auto& [w, h] :
        { std::pair { 1, 1 }, std::pair { 97, 61 }, std::pair { 640, 480 } }) {
        for (int channels = 1; channels <= 4; ++channels) {
            for (const Filter f : { Filter::Nearest, Filter::Box, Filter::Bilinear, Filter::Hamming,
                     Filter::Bicubic, Filter::Lanczos }) {
                for (const Sizing& sizing : sizings) {
                    for (const int orientation : { 1, 6 }) {
                        SCOPED_TRACE(std::to_string(w) + "x" + std::to_string(h) + " c"
                            + std::to_string(channels) + " " + nameOf(f) + " " + nameOf(sizing.mode)
                            + " " + std::to_string(sizing.width) + "x"
                            + std::to_string(sizing.height) + " o" + std::to_string(orientation));
                        const Image source = makeTestImage(w, h, channels, 5);
                        ResizeSpec spec;
                        spec.mode = sizing.mode;
                        spec.width = sizing.width;
                        spec.height = sizing.height;
                        spec.shortEdge = sizing.width;
                        spec.enlarge = sizing.enlarge;
                        spec.filter = f;
                        const ResizePlan plan
                            = makeResizePlan({ w, h, channels, false, orientation }, spec);
                        auto cpu = CpuResizer(1).resize(test::copyOf(source), plan);
                        ASSERT_TRUE(cpu);
                        Image out = std::move(
                            Image::allocate(plan.output.width, plan.output.height, channels))
                                        .value();
                        ASSERT_TRUE(gpu.submit(slot, plan, source.view(), out.view()));
                        ASSERT_TRUE(gpu.collect(slot));
                        slot = (slot + 1) % gpu.slotCount();
                        for (int y = 0; y < out.height(); ++y) {
                            ASSERT_TRUE(std::equal(out.view().row(y),
                                out.view().row(y) + out.width() * channels, cpu->view().row(y)))
                                << "row " << y;
                        }
                    }
                }
            }
        }
    }
}

TEST(CudaDevice, ABatchOnTheGpuWritesTheCpuBytes)
{
    DROPSIZE_REQUIRE_GPU();
    TempDir dir;
    fs::create_directories(dir.path() / "in");
    for (int i = 0; i < 10; ++i) {
        writeTestJpeg(
            dir.path() / "in" / ("p" + std::to_string(i) + ".jpg"), 900 + 61 * i, 700 + 13 * i);
    }
    writeTestPng(dir.path() / "in" / "alpha.png", 800, 600, 4);
    BatchSummary summaries[2];
    for (const DeviceChoice device : { DeviceChoice::Cpu, DeviceChoice::Gpu }) {
        PlanOptions planOptions;
        planOptions.outputFolder = dir.path() / nameOf(device);
        auto plan = BatchPlanner(planOptions).plan({ dir.path() / "in" });
        ASSERT_TRUE(plan);
        BatchOptions options;
        options.device = device;
        options.process.spec.percent = 40;
        summaries[device == DeviceChoice::Gpu] = BatchScheduler(options).run(*plan);
    }
    EXPECT_EQ(summaries[1].ok, 11u);
    EXPECT_EQ(summaries[1].okOnGpu, 11u);
    for (const auto& entry : fs::directory_iterator(dir.path() / "cpu")) {
        EXPECT_EQ(readFile(entry.path()), readFile(dir.path() / "gpu" / entry.path().filename()))
            << entry.path().filename();
    }
}

// A result left in device memory (the Python module's on_gpu): the CPU's bytes once copied back,
// resized or only copied, turned or not; freed with its owner (many kept and let go in turn do
// not use up the device).
TEST(CudaDevice, AResultKeptOnTheDeviceIsTheCpusBytes)
{
    DROPSIZE_REQUIRE_GPU();
    auto opened = openCudaDevice(1ull << 30);
    ASSERT_TRUE(opened) << opened.error().message;
    GpuDevice& gpu = **opened;
    expectResultsKeptOnTheDeviceAreTheCpus(gpu, 1, 1234, 777, { 7.0, 30.0, 100.0 });
    // Results of 192 MB each, each let go before the next, until they would have filled the
    // device's memory twice over were they kept: freed every time.
    const DeviceInfo devices = probeDevices();
    const Image big = makeTestImage(4000, 3000, 4, 2);
    ResizeSpec spec;
    spec.percent = 200;
    spec.enlarge = true;
    const ResizePlan plan = makeResizePlan({ 4000, 3000, 4, false, 1 }, spec);
    const std::uint64_t each = 8000ull * 6000ull * 4ull;
    const std::uint64_t count = 2 * devices.gpuMemoryBytes / each + 1;
    for (std::uint64_t i = 0; i < count; ++i) {
        auto kept = gpu.resizeOnDevice(0, plan, big.view());
        ASSERT_TRUE(kept) << "result " << i << " of " << count << ": " << kept.error().message;
    }
}

} // namespace dropsize::test

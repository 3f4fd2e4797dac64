// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors

// Where the time of one image goes: decode, resize, encode (a benchmark, not a test).
//     dropsize-stage-bench make DIR COUNT [MEGAPIXELS]   writes COUNT synthetic photos (JPEG) and
//                                                         as many PNGs
//     dropsize-stage-bench measure PERCENT PATH...       times each stage, one thread
// For every image: the whole-image decode at the plan's DCT scale; the CPU resize as a batch runs
// it (decode and resize together, less the decode); the GPU resize of the decoded pixels, copies
// included, where a GPU is usable; and the encode. Prints the totals per format as a table.

#include "dropsize/core/batch_planner.h"
#include "dropsize/core/gpu_device.h"
#include "dropsize/core/image_processor.h"
#include "support/test_support.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <map>
#include <string>

namespace fs = std::filesystem;
using namespace dropsize;
using Clock = std::chrono::steady_clock;

namespace {

double since(Clock::time_point start)
{
    return std::chrono::duration<double>(Clock::now() - start).count();
}

struct Totals {
    int images = 0;
    double megapixels = 0;
    double decode = 0;
    double cpuResize = 0;
    double gpuResize = 0;
    double encode = 0;
};

int make(const fs::path& dir, int count, double megapixels)
{
    fs::create_directories(dir);
    for (int i = 0; i < count; ++i) {
        const double mp = megapixels * (0.5 + static_cast<double>(i % 4) / 4.0);
        const int w = static_cast<int>(std::sqrt(mp * 1e6 * 1.5));
        const int h = w * 2 / 3;
        test::writeTestJpeg(dir / ("photo_" + std::to_string(i) + ".jpg"), w, h);
        test::writeTestPng(
            dir / ("image_" + std::to_string(i) + ".png"), w / 2, h / 2, i % 2 == 0 ? 3 : 4);
    }
    std::printf("wrote %d JPEGs and %d PNGs to %s\n", count, count, dir.string().c_str());
    return 0;
}

int measure(double percent, const std::vector<fs::path>& inputs)
{
    auto plan = BatchPlanner(PlanOptions {}).plan(inputs);
    if (!plan) {
        std::fprintf(stderr, "%s\n", plan.error().message.c_str());
        return 1;
    }
    ProcessOptions options;
    options.spec.percent = percent;
    options.spec.enlarge = percent > 100.0;
    const ImageProcessor processor(options);
    auto gpu = openCudaDevice(2ull << 30);
    if (!gpu) {
        std::printf("GPU: not measured (%s)\n", gpu.error().message.c_str());
    } else {
        std::printf("GPU: %s\n", (*gpu)->name().c_str());
    }
    std::map<std::string, Totals> totals;
    for (const Job& job : plan->jobs) {
        const auto file = test::readFile(job.input());
        auto inspected = processor.inspect(file);
        if (!inspected) {
            continue;
        }
        Totals& t = totals[job.format == ImageFormat::Jpeg ? "JPEG" : "PNG"];
        ++t.images;
        t.megapixels += inspected->header.info.width * 1e-6 * inspected->header.info.height;
        auto start = Clock::now();
        auto decoded = processor.decode(file, *inspected);
        const double decodeSeconds = since(start);
        t.decode += decodeSeconds;
        if (!decoded) {
            continue;
        }
        const ResizePlan& p = inspected->plan;
        if (gpu) {
            auto out = Image::allocate(p.output.width, p.output.height, decoded->channels());
            start = Clock::now();
            if ((*gpu)->submit(0, p, decoded->view(), out->view()) && (*gpu)->collect(0)) {
                t.gpuResize += since(start);
            }
        }
        // The CPU path as a batch runs it (rows streaming from the decoder through the resize
        // where it can): its time less the whole decode's is the resize's share.
        decoded = Image();
        start = Clock::now();
        auto resized = processor.render(file, *inspected);
        t.cpuResize += std::max(0.0, since(start) - decodeSeconds);
        if (!resized) {
            continue;
        }
        start = Clock::now();
        auto encoded
            = processor.encode(resized->view(), job.outputFormat, inspected->header.metadata);
        t.encode += since(start);
    }
    std::printf("\n%.1f%%, one thread | images | megapixels | decode | resize (CPU) | resize (GPU) "
                "| encode |\n",
        percent);
    std::printf("|---|---|---|---|---|---|---|\n");
    for (const auto& [format, t] : totals) {
        const char* gpuText = gpu ? nullptr : "n/a";
        char gpuBuffer[32];
        std::snprintf(gpuBuffer, sizeof gpuBuffer, "%.2f s", t.gpuResize);
        std::printf("| %s | %d | %.0f | %.2f s | %.2f s | %s | %.2f s |\n", format.c_str(),
            t.images, t.megapixels, t.decode, t.cpuResize, gpuText != nullptr ? gpuText : gpuBuffer,
            t.encode);
    }
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    const std::vector<std::string> args(argv + 1, argv + argc);
    if (args.size() >= 3 && args[0] == "make") {
        return make(args[1], std::stoi(args[2]), args.size() > 3 ? std::stod(args[3]) : 12.0);
    }
    if (args.size() >= 3 && args[0] == "measure") {
        return measure(std::stod(args[1]), std::vector<fs::path>(args.begin() + 2, args.end()));
    }
    std::fprintf(stderr,
        "usage: dropsize-stage-bench make DIR COUNT [MEGAPIXELS]\n"
        "       dropsize-stage-bench measure PERCENT PATH...\n");
    return 2;
}

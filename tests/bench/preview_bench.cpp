// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors

// How long the window's preview takes for one photo (a benchmark, not a test).
//     dropsize-preview-bench make SOURCE OUT MEGAPIXELS   writes SOURCE (a JPEG) enlarged by the
//                                                        engine to about MEGAPIXELS, as JPEG
//     dropsize-preview-bench measure PHOTO RUNS          times the preview of PHOTO RUNS times
// For each setting: the engine's preview alone (core's makePreview(): plan, decode, resize,
// encode, exactly the batch's bytes), and what the pane's worker does for one request: the
// preview with the original decoded for the screen beside it (the before side), then the output
// decoded for the screen (the after side), with the original decoded at libjpeg's DCT scale
// (shrink-on-load) and at full size. The median of RUNS, wall and CPU milliseconds, as a Markdown
// table. The preview's own decode is the batch's plan in both: its bytes must be the batch's.

#include "dropsize/core/batch_planner.h"
#include "dropsize/core/batch_scheduler.h"
#include "dropsize/core/image_processor.h"
#include "dropsize/core/preview.h"
#include "support/test_support.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <functional>
#include <future>
#include <string>
#include <vector>

namespace fs = std::filesystem;
using namespace dropsize;
using Clock = std::chrono::steady_clock;

namespace {

// The pane decodes both sides at most this large on their longer side (preview_pane.cpp).
constexpr int kScreenSide = 720;

struct Times {
    double wall = 0; ///< ms
    double cpu
        = 0; ///< ms of this process's CPU time, every thread's: less swayed by a busy machine
};

Times median(int runs, const std::function<void()>& body)
{
    std::vector<double> walls;
    std::vector<double> cpus;
    for (int i = 0; i < runs; ++i) {
        const auto start = Clock::now();
        const std::clock_t cpuStart = std::clock();
        body();
        cpus.push_back(1000.0 * static_cast<double>(std::clock() - cpuStart) / CLOCKS_PER_SEC);
        walls.push_back(std::chrono::duration<double, std::milli>(Clock::now() - start).count());
    }
    std::sort(walls.begin(), walls.end());
    std::sort(cpus.begin(), cpus.end());
    return { walls[walls.size() / 2], cpus[cpus.size() / 2] };
}

int make(const fs::path& source, const fs::path& out, double megapixels)
{
    const std::vector<std::uint8_t> bytes = test::readFile(source);
    ProcessOptions options;
    auto inspected = ImageProcessor(options).inspect(bytes);
    if (!inspected) {
        std::fprintf(
            stderr, "%s: %s\n", source.string().c_str(), inspected.error().message.c_str());
        return 1;
    }
    const ImageInfo& info = inspected->header.info;
    const double scale
        = std::sqrt(megapixels * 1e6 / (static_cast<double>(info.width) * info.height));
    options.spec.percent = 100.0 * scale;
    options.spec.enlarge = true;
    options.spec.filter = Filter::Bicubic;
    options.encode.jpegQuality = 92;
    auto made = ImageProcessor(options).process(bytes);
    if (!made) {
        std::fprintf(stderr, "%s\n", made.error().message.c_str());
        return 1;
    }
    test::writeFile(out, made->encoded);
    std::printf("wrote %s: %dx%d, %zu bytes\n", out.string().c_str(),
        made->inspected.plan.output.width, made->inspected.plan.output.height,
        made->encoded.size());
    return 0;
}

struct Setting {
    const char* name;
    ResizeSpec spec;
};

int measure(const fs::path& photo, int runs)
{
    const std::vector<std::uint8_t> original = test::readFile(photo);
    auto inspected = ImageProcessor(ProcessOptions {}).inspect(original);
    if (!inspected) {
        std::fprintf(stderr, "%s: %s\n", photo.string().c_str(), inspected.error().message.c_str());
        return 1;
    }
    const ImageInfo& info = inspected->header.info;
    std::printf("%s: %dx%d (%.1f MP), %zu bytes; median of %d runs, ms\n\n",
        photo.filename().string().c_str(), info.width, info.height,
        info.width * static_cast<double>(info.height) / 1e6, original.size(), runs);
    std::printf("| setting | output | engine preview | request to preview | CPU "
                "| without shrink-on-load | CPU |\n");
    std::printf("|---|---|---:|---:|---:|---:|---:|\n");

    std::vector<Setting> settings;
    ResizeSpec spec;
    spec.percent = 50;
    settings.push_back({ "50 % (default)", spec });
    spec.mode = SizeMode::LongEdge;
    spec.longEdge = 2048;
    settings.push_back({ "long edge 2048", spec });
    spec.longEdge = 1280;
    settings.push_back({ "long edge 1280", spec });
    spec.mode = SizeMode::Fill;
    spec.width = 256;
    spec.height = 256;
    settings.push_back({ "fill 256x256", spec });

    const CancelToken never;
    for (const Setting& setting : settings) {
        PlanOptions plan;
        plan.outputFolder = photo.parent_path() / "never-written";
        BatchOptions batch;
        batch.process.spec = setting.spec;
        plan.process = batch.process;
        Size out;
        const auto preview = [&] {
            auto made = makePreview(photo, plan, batch, &never);
            if (!made || made->encoded.empty() || made->encoded.front().empty()) {
                std::fprintf(stderr, "the preview failed for %s\n", setting.name);
                std::exit(1);
            }
            out = made->report.outputs.front().outputSize;
            return std::move(made).value();
        };
        const auto decode = [&](std::span<const std::uint8_t> bytes, int side, bool shrink) {
            if (!decodeForView(bytes, side, side, {}, &never, shrink)) {
                std::fprintf(stderr, "a decode failed for %s\n", setting.name);
                std::exit(1);
            }
        };
        // What the pane's worker does for one request: the original decoded for the screen on a
        // thread of its own while the preview is made, then the output decoded for the screen.
        const auto request = [&](bool shrink) {
            auto before
                = std::async(std::launch::async, [&] { decode(original, kScreenSide, shrink); });
            const Preview made = preview();
            before.get();
            decode(made.encoded.front(), kScreenSide, true);
        };
        const Times engine = median(runs, [&] { (void)preview(); });
        const Times shrunk = median(runs, [&] { request(true); });
        const Times full = median(runs, [&] { request(false); });
        std::printf("| %s | %dx%d | %.0f | **%.0f** | %.0f | %.0f | %.0f |\n", setting.name,
            out.width, out.height, engine.wall, shrunk.wall, shrunk.cpu, full.wall, full.cpu);
    }
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    const std::vector<std::string> args(argv + 1, argv + argc);
    if (args.size() == 4 && args[0] == "make") {
        return make(args[1], args[2], std::stod(args[3]));
    }
    if (args.size() == 3 && args[0] == "measure") {
        return measure(args[1], std::max(1, std::stoi(args[2])));
    }
    std::fprintf(stderr,
        "usage: dropsize-preview-bench make SOURCE.jpg OUT.jpg MEGAPIXELS\n"
        "       dropsize-preview-bench measure PHOTO RUNS\n");
    return 2;
}

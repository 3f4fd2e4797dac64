// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "codecs/image_decoder.h"
#include "codecs/jpeg/jpeg_decoder.h"
#include "dropsize/core/batch_planner.h"
#include "dropsize/core/batch_scheduler.h"
#include "support/test_support.h"

#include <chrono>
#include <gtest/gtest.h>
#include <mutex>
#include <set>
#include <thread>

namespace dropsize {
namespace {

    namespace fs = std::filesystem;

    struct Recorder : BatchObserver {
        std::mutex mutex;
        std::vector<JobReport> finished;
        BatchSummary summary;
        void onJobFinished(const JobReport& r) override
        {
            std::lock_guard lock(mutex);
            finished.push_back(r);
        }
        void onBatchFinished(const BatchSummary& s) override { summary = s; }
    };

    std::vector<OutputSize> sizesOf(const std::string& list, const ResizeSpec& base = {})
    {
        auto sizes = parseSizeList(list, base);
        EXPECT_TRUE(sizes.ok()) << sizes.error().message;
        return sizes ? std::move(sizes).value() : std::vector<OutputSize> {};
    }

    PlanOptions planOptions(
        const fs::path& out, std::vector<OutputSize> sizes = {}, const std::string& pattern = "")
    {
        PlanOptions o;
        o.outputFolder = out;
        o.sizes = std::move(sizes);
        if (!pattern.empty()) {
            auto t = NameTemplate::parse(pattern);
            EXPECT_TRUE(t.ok()) << pattern;
            o.nameTemplate = *t;
        }
        return o;
    }

    BatchPlan planOf(const PlanOptions& o, const std::vector<fs::path>& inputs)
    {
        auto plan = BatchPlanner(o).plan(inputs);
        EXPECT_TRUE(plan.ok()) << (plan ? "" : plan.error().message);
        return plan ? std::move(plan).value() : BatchPlan {};
    }

    std::vector<std::string> outputNames(const BatchPlan& plan, const fs::path& root)
    {
        std::vector<std::string> names;
        for (const Job& job : plan.jobs) {
            for (const JobOutput& out : job.outputs) {
                names.push_back(out.output().lexically_relative(root).generic_string());
            }
        }
        return names;
    }

    // The inputs of the exactness tests: a JPEG big enough for every DCT scale, a JPEG turned by
    // EXIF (from the shared images, when they are there) and a PNG with alpha.
    std::vector<fs::path> exactnessInputs(const fs::path& dir)
    {
        fs::create_directories(dir);
        test::writeTestJpeg(dir / "big.jpg", 1600, 1200);
        test::writeTestPng(dir / "alpha.png", 640, 480, 4);
        std::vector<fs::path> inputs { dir / "big.jpg", dir / "alpha.png" };
        if (const auto data = test::testdataDir()) {
            const fs::path turned = *data / "exif-orientation" / "Landscape_6.jpg";
            if (fs::exists(turned)) {
                fs::copy_file(turned, dir / "turned.jpg");
                inputs.push_back(dir / "turned.jpg");
            }
        }
        return inputs;
    }

    // 1024 and 50% of 1600x1200 decode at full size, 400 and exact:300x200 at 1/2, 100 at 1/8;
    // the PNG keeps its size at 1024 (it resamples nothing there) and premultiplies elsewhere.
    constexpr const char* kManySizes = "1024,400,100,50%,exact:300x200,fit:90x200";

    TEST(MultiSize, EachSizeIsByteForByteASingleRunOfThatSize)
    {
        test::TempDir tmp;
        const std::vector<fs::path> inputs = exactnessInputs(tmp.path() / "in");
        for (const Filter filter : { Filter::Bicubic, Filter::Lanczos }) {
            SCOPED_TRACE(nameOf(filter));
            ResizeSpec base;
            base.filter = filter;
            // Short edges and fills too: a fill's crop is part of its plan.
            const std::vector<OutputSize> sizes
                = sizesOf(std::string(kManySizes) + ",short:150,fill:120x80,fill:64x64", base);
            const fs::path all = tmp.path() / (std::string("all-") + nameOf(filter));
            Recorder recorder;
            BatchOptions options;
            options.threads = 2;
            const BatchSummary summary
                = BatchScheduler(options, &recorder).run(planOf(planOptions(all, sizes), inputs));
            EXPECT_EQ(summary.ok, inputs.size());
            EXPECT_EQ(summary.outputsOk, inputs.size() * sizes.size());
            for (const OutputSize& size : sizes) {
                SCOPED_TRACE(size.label);
                const fs::path one = tmp.path() / ("one-" + size.label + nameOf(filter));
                PlanOptions single = planOptions(one);
                BatchOptions singleOptions;
                singleOptions.process.spec = size.spec;
                single.process = singleOptions.process;
                const BatchSummary s = BatchScheduler(singleOptions).run(planOf(single, inputs));
                ASSERT_EQ(s.ok, inputs.size());
                for (const fs::path& input : inputs) {
                    std::string name = input.filename().string();
                    const fs::path written = all / size.label / name;
                    ASSERT_TRUE(fs::exists(written)) << written;
                    EXPECT_EQ(test::readFile(written), test::readFile(one / name))
                        << name << " at " << size.label << " differs from its single run";
                }
            }
        }
    }

    TEST(MultiSize, DecodesOncePerDctScale)
    {
        test::TempDir tmp;
        test::writeTestJpeg(tmp.path() / "big.jpg", 1600, 1200);
        const BatchPlan plan = planOf(
            planOptions(tmp.path() / "out", sizesOf(kManySizes)), { tmp.path() / "big.jpg" });
        const std::uint64_t before = headerReadsStarted();
        BatchOptions options;
        options.threads = 1;
        Recorder recorder;
        BatchScheduler(options, &recorder).run(plan);
        // Six sizes at three DCT scales (1, 2 and 8): one decode each, the first with the
        // decoder that read the header.
        EXPECT_EQ(headerReadsStarted() - before, 3u);
        ASSERT_EQ(recorder.finished.size(), 1u);
        const JobReport& r = recorder.finished.front();
        EXPECT_EQ(r.status, JobStatus::Ok);
        ASSERT_EQ(r.outputs.size(), 6u);
        const std::vector<Size> expected { { 1024, 768 }, { 400, 300 }, { 100, 75 }, { 800, 600 },
            { 300, 200 }, { 90, 68 } };
        std::uint64_t bytes = 0;
        for (std::size_t i = 0; i < r.outputs.size(); ++i) {
            const OutputReport& o = r.outputs[i];
            EXPECT_EQ(o.status, JobStatus::Ok);
            EXPECT_EQ(o.size, i);
            EXPECT_EQ(o.label, plan.sizes[i].label);
            EXPECT_EQ(o.outputSize, expected[i]) << o.label;
            EXPECT_EQ(fs::file_size(o.path), o.bytes);
            auto h = readWholeHeader<JpegDecoder>(test::readFile(o.path), {});
            ASSERT_TRUE(h.ok());
            EXPECT_EQ((Size { h->info.width, h->info.height }), o.outputSize);
            bytes += o.bytes;
        }
        EXPECT_EQ(r.outputBytes, bytes);
        EXPECT_EQ(r.output, r.outputs.front().path);
    }

    TEST(MultiSize, MemoryIsThatOfTheLargestScaleNotTheSumOfTheSizes)
    {
        test::TempDir tmp;
        test::writeTestJpeg(tmp.path() / "big.jpg", 1600, 1200);
        const auto file = test::readFile(tmp.path() / "big.jpg");
        const ImageProcessor processor({});
        auto image = processor.open(file);
        ASSERT_TRUE(image.ok());
        const ImageInfo& info = image->inspected().header.info;
        std::vector<ResizePlan> plans;
        std::uint64_t largest = 0;
        std::uint64_t sum = 0;
        for (int edge = 1500; edge >= 100; edge -= 100) {
            ResizeSpec spec;
            spec.mode = SizeMode::LongEdge;
            spec.longEdge = edge;
            plans.push_back(makeResizePlan(info, spec));
            ProcessOptions one;
            one.spec = spec;
            auto alone = ImageProcessor(one).inspect(file);
            ASSERT_TRUE(alone.ok());
            // One plan alone costs what a batch of that size estimates.
            EXPECT_EQ(image->memoryFor({ &plans.back(), 1 }), alone->memoryEstimate);
            largest = std::max(largest, alone->memoryEstimate);
            sum += alone->memoryEstimate;
        }
        const std::uint64_t all = image->memoryFor(plans);
        EXPECT_GE(all, largest);
        // 15 sizes: far below 15 images' worth (one decode per scale, one output at a time).
        EXPECT_LT(all, sum / 3);
        EXPECT_LT(all, 3 * largest);
        // More sizes below the largest of each scale cost nothing more: what is held is one
        // decode and one output at a time.
        for (int edge = 1450; edge >= 150; edge -= 100) {
            ResizeSpec spec;
            spec.mode = SizeMode::LongEdge;
            spec.longEdge = edge;
            plans.push_back(makeResizePlan(info, spec));
        }
        EXPECT_EQ(image->memoryFor(plans), all);
    }

    TEST(MultiSize, ManySizesRunInASmallBudget)
    {
        test::TempDir tmp;
        for (int i = 0; i < 3; ++i) {
            test::writeTestJpeg(tmp.path() / ("p" + std::to_string(i) + ".jpg"), 900, 700);
        }
        std::string list;
        for (int edge = 880; edge >= 40; edge -= 40) {
            list += (list.empty() ? "" : ",") + std::to_string(edge);
        }
        const BatchPlan plan = planOf(planOptions(tmp.path() / "out", sizesOf(list)),
            { tmp.path() / "p0.jpg", tmp.path() / "p1.jpg", tmp.path() / "p2.jpg" });
        BatchOptions options;
        options.threads = 3;
        options.memoryBudget = 8u << 20; // about one image's worth: they run one by one
        Recorder recorder;
        const BatchSummary s = BatchScheduler(options, &recorder).run(plan);
        EXPECT_EQ(s.sizes, 22u);
        EXPECT_EQ(s.outputs, 66u);
        EXPECT_EQ(s.outputsOk, 66u);
        EXPECT_EQ(s.ok, 3u);
    }

    TEST(MultiSize, OneFailedSizeLeavesTheOthersWritten)
    {
        test::TempDir tmp;
        test::writeTestJpeg(tmp.path() / "a.jpg", 600, 400);
        test::writeTestJpeg(tmp.path() / "b.jpg", 600, 400);
        const fs::path out = tmp.path() / "out";
        const BatchPlan plan = planOf(planOptions(out, sizesOf("300,200,100")),
            { tmp.path() / "a.jpg", tmp.path() / "b.jpg" });
        // The folder of size 200 cannot be made: a file has its name.
        fs::create_directories(out);
        test::writeFile(out / "200", { 1, 2, 3 });
        Recorder recorder;
        const BatchSummary s = BatchScheduler({}, &recorder).run(plan);
        EXPECT_EQ(s.failed, 2u) << "an input with a failed size counts as failed";
        EXPECT_EQ(s.ok, 0u);
        EXPECT_EQ(s.outputs, 6u);
        EXPECT_EQ(s.outputsOk, 4u);
        EXPECT_EQ(s.outputsFailed, 2u);
        ASSERT_EQ(recorder.finished.size(), 2u);
        for (const JobReport& r : recorder.finished) {
            EXPECT_EQ(r.status, JobStatus::Failed);
            ASSERT_TRUE(r.error);
            ASSERT_EQ(r.outputs.size(), 3u);
            EXPECT_EQ(r.outputs[0].status, JobStatus::Ok);
            EXPECT_EQ(r.outputs[1].status, JobStatus::Failed);
            EXPECT_EQ(r.outputs[2].status, JobStatus::Ok);
            EXPECT_EQ(r.error->message, r.outputs[1].error->message);
            EXPECT_TRUE(fs::exists(r.outputs[0].path));
            EXPECT_TRUE(fs::exists(r.outputs[2].path));
            EXPECT_EQ(r.outputBytes, r.outputs[0].bytes + r.outputs[2].bytes);
        }
    }

    TEST(MultiSize, ACancelBetweenOutputsLeavesOnlyWholeFiles)
    {
        test::TempDir tmp;
        std::vector<fs::path> inputs;
        inputs.reserve(4);
        for (int i = 0; i < 4; ++i) {
            inputs.push_back(tmp.path() / ("p" + std::to_string(i) + ".jpg"));
            test::writeTestJpeg(inputs.back(), 1200, 900);
        }
        // The cancels fall at fractions of a whole run's time, on this machine, so that some
        // land between two outputs of one image whatever its speed.
        const auto startOfWhole = std::chrono::steady_clock::now();
        {
            BatchOptions options;
            options.threads = 1;
            BatchScheduler(options).run(planOf(
                planOptions(tmp.path() / "whole", sizesOf("1100,900,700,500,300,100")), inputs));
        }
        const auto whole = std::chrono::steady_clock::now() - startOfWhole;
        bool sawBoth = false;
        for (const int percent : { 10, 25, 40, 55, 70, 85 }) {
            const auto delay = whole * percent / 100;
            const fs::path out = tmp.path() / ("out" + std::to_string(percent));
            const BatchPlan plan
                = planOf(planOptions(out, sizesOf("1100,900,700,500,300,100")), inputs);
            Recorder recorder;
            BatchOptions options;
            options.threads = 1;
            BatchScheduler scheduler(options, &recorder);
            std::thread stopper([&] {
                std::this_thread::sleep_for(delay);
                scheduler.cancel();
            });
            const BatchSummary s = scheduler.run(plan);
            stopper.join();
            std::size_t written = 0;
            std::size_t cancelled = 0;
            for (const JobReport& r : recorder.finished) {
                for (const OutputReport& o : r.outputs) {
                    if (o.status == JobStatus::Ok) {
                        ++written;
                        auto decoded = decodeWhole<JpegDecoder>(test::readFile(o.path), {});
                        EXPECT_TRUE(decoded.ok()) << o.path << " is not a whole image";
                    } else {
                        EXPECT_EQ(o.status, JobStatus::Cancelled);
                        EXPECT_FALSE(fs::exists(o.path)) << o.path;
                        ++cancelled;
                    }
                }
            }
            EXPECT_EQ(written, s.outputsOk);
            EXPECT_EQ(written + cancelled, 24u);
            sawBoth = sawBoth || (written > 0 && cancelled > 0);
            for (const auto& e : fs::recursive_directory_iterator(tmp.path())) {
                EXPECT_FALSE(AtomicFileWriter::isTemporaryName(e.path().filename().string()));
            }
        }
        EXPECT_TRUE(sawBoth) << "no cancel fell between two outputs";
    }

    TEST(MultiSizePlan, EachSizeGoesToAFolderOfItsLabelUnlessTheNameSaysTheSize)
    {
        test::TempDir tmp;
        test::writeTestJpeg(tmp.path() / "a.jpg", 400, 300);
        const fs::path out = tmp.path() / "out";
        const std::vector<fs::path> in { tmp.path() / "a.jpg" };
        EXPECT_EQ(outputNames(planOf(planOptions(out, sizesOf("2048,50%,fit:80x80")), in), out),
            (std::vector<std::string> { "2048/a.jpg", "50pct/a.jpg", "fit80x80/a.jpg" }));
        EXPECT_EQ(outputNames(planOf(planOptions(out, sizesOf("256")), in), out),
            (std::vector<std::string> { "a.jpg" }));
        EXPECT_EQ(
            outputNames(planOf(planOptions(out, sizesOf("256,128"), "{name}_{size}"), in), out),
            (std::vector<std::string> { "a_256.jpg", "a_128.jpg" }));
        EXPECT_EQ(
            outputNames(planOf(planOptions(out, sizesOf("256,128"), "thumbs/{name}"), in), out),
            (std::vector<std::string> { "256/thumbs/a.jpg", "128/thumbs/a.jpg" }));
        // One size: {size} is the batch's own spec's label.
        PlanOptions one = planOptions(out, {}, "{size}/{name}");
        one.process.spec.mode = SizeMode::LongEdge;
        one.process.spec.longEdge = 64;
        EXPECT_EQ(outputNames(planOf(one, in), out), (std::vector<std::string> { "64/a.jpg" }));
    }

    TEST(MultiSizePlan, NamesWithTheOutputSizeReadTheHeaderAtPlanTime)
    {
        test::TempDir tmp;
        test::writeTestJpeg(tmp.path() / "a.jpg", 400, 300);
        test::writeFile(tmp.path() / "broken.jpg", { 0xff, 0xd8, 0xff, 0xe0, 0, 16 });
        const fs::path out = tmp.path() / "out";
        const BatchPlan plan
            = planOf(planOptions(out, sizesOf("200,exact:50x60"), "{name}_{w}x{h}"),
                { tmp.path() / "a.jpg", tmp.path() / "broken.jpg" });
        ASSERT_EQ(plan.jobs.size(), 2u);
        const Job& a = plan.jobs[0];
        ASSERT_EQ(a.outputs.size(), 2u);
        EXPECT_EQ(a.outputs[0].output().filename(), "a_200x150.jpg");
        EXPECT_EQ(a.outputs[1].output().filename(), "a_50x60.jpg");
        EXPECT_EQ(a.outputs[0].named, (Size { 200, 150 }));
        // A file whose header cannot be read fails at plan time, with the run's reason.
        const Job& broken = plan.jobs[1];
        EXPECT_EQ(broken.action, JobAction::Fail);
        EXPECT_TRUE(broken.outputs.empty());
        ASSERT_TRUE(broken.reason);
        EXPECT_FALSE(broken.reason->message.empty());

        Recorder recorder;
        const BatchSummary s = BatchScheduler({}, &recorder).run(plan);
        EXPECT_EQ(s.outputsOk, 2u);
        EXPECT_TRUE(fs::exists(out / "a_200x150.jpg"));
        EXPECT_TRUE(fs::exists(out / "a_50x60.jpg"));
    }

    TEST(MultiSizePlan, AnImageThatChangedSinceThePlanFailsTheSizeItsNameNoLongerSays)
    {
        test::TempDir tmp;
        test::writeTestJpeg(tmp.path() / "a.jpg", 400, 300);
        const fs::path out = tmp.path() / "out";
        const BatchPlan plan
            = planOf(planOptions(out, sizesOf("200,exact:50x60"), "{name}_{w}x{h}"),
                { tmp.path() / "a.jpg" });
        test::writeTestJpeg(tmp.path() / "a.jpg", 300, 400); // turned since
        Recorder recorder;
        const BatchSummary s = BatchScheduler({}, &recorder).run(plan);
        EXPECT_EQ(s.outputsFailed, 1u);
        EXPECT_EQ(s.outputsOk, 1u);
        EXPECT_FALSE(fs::exists(out / "a_200x150.jpg"));
        EXPECT_TRUE(fs::exists(out / "a_50x60.jpg"));
        ASSERT_EQ(recorder.finished.size(), 1u);
        ASSERT_TRUE(recorder.finished[0].outputs[0].error);
        EXPECT_NE(
            recorder.finished[0].outputs[0].error->message.find("changed"), std::string::npos);
    }

    TEST(MultiSizePlan, TheCounterIsTheJobsNumberPaddedToTheBatch)
    {
        test::TempDir tmp;
        std::vector<fs::path> in;
        for (int i = 0; i < 11; ++i) {
            in.push_back(tmp.path() / ("img" + std::to_string(100 + i) + ".png"));
            test::writeTestPng(in.back(), 8, 8);
        }
        const fs::path out = tmp.path() / "out";
        const auto names = outputNames(planOf(planOptions(out, {}, "photo_{n}"), in), out);
        ASSERT_EQ(names.size(), 11u);
        EXPECT_EQ(names.front(), "photo_01.png");
        EXPECT_EQ(names.back(), "photo_11.png");
    }

    TEST(MultiSizePlan, TwoInputsNeverWriteOneFile)
    {
        test::TempDir tmp;
        test::writeTestJpeg(tmp.path() / "a.jpg", 40, 30);
        test::writeTestJpeg(tmp.path() / "b.jpg", 40, 30);
        const std::vector<fs::path> in { tmp.path() / "a.jpg", tmp.path() / "b.jpg" };
        const fs::path out = tmp.path() / "out";
        // A name without {name}: the later input fails, saying why and what to do.
        BatchPlan plan = planOf(planOptions(out, {}, "photo"), in);
        ASSERT_EQ(plan.jobs.size(), 2u);
        EXPECT_EQ(plan.jobs[0].action, JobAction::Run);
        EXPECT_EQ(plan.jobs[1].action, JobAction::Fail);
        ASSERT_TRUE(plan.jobs[1].reason);
        EXPECT_NE(plan.jobs[1].reason->message.find("a.jpg"), std::string::npos);
        EXPECT_NE(plan.jobs[1].reason->message.find("{name}"), std::string::npos);
        // With rename, the later one gets the next free name.
        PlanOptions rename = planOptions(out, {}, "photo");
        rename.onExisting = ExistingPolicy::Rename;
        EXPECT_EQ(outputNames(planOf(rename, in), out),
            (std::vector<std::string> { "photo.jpg", "photo_1.jpg" }));
        // {name} keeps them apart; x.jpg and x.png as JPEG still get names of their own.
        test::writeTestPng(tmp.path() / "a.png", 40, 30);
        PlanOptions asJpeg = planOptions(out, sizesOf("20,10"), "{name}_{size}");
        asJpeg.format = OutputFormat::Jpeg;
        EXPECT_EQ(outputNames(planOf(asJpeg, { tmp.path() / "a.jpg", tmp.path() / "a.png" }), out),
            (std::vector<std::string> { "a_20.jpg", "a_10.jpg", "a_png_20.jpg", "a_png_10.jpg" }));
        // Two sizes that give a small image its same size under {w}x{h} write it once.
        const BatchPlan small = planOf(
            planOptions(out, sizesOf("2048,1024,20"), "{name}_{w}x{h}"), { tmp.path() / "a.jpg" });
        ASSERT_EQ(small.jobs[0].outputs.size(), 3u);
        EXPECT_EQ(small.jobs[0].outputs[0].action, JobAction::Run);
        EXPECT_EQ(small.jobs[0].outputs[1].action, JobAction::Skip);
        EXPECT_NE(small.jobs[0].outputs[1].reason->message.find("2048"), std::string::npos);
        EXPECT_EQ(small.jobs[0].outputs[2].action, JobAction::Run);
    }

    TEST(MultiSizePlan, EachOutputMeetsTheExistingFilesByThePolicy)
    {
        test::TempDir tmp;
        test::writeTestJpeg(tmp.path() / "a.jpg", 40, 30);
        const fs::path out = tmp.path() / "out";
        fs::create_directories(out / "20");
        test::writeFile(out / "20" / "a.jpg", { 1 });
        const std::vector<fs::path> in { tmp.path() / "a.jpg" };
        const BatchPlan skip = planOf(planOptions(out, sizesOf("20,10")), in);
        EXPECT_EQ(skip.jobs[0].action, JobAction::Run);
        EXPECT_EQ(skip.jobs[0].outputs[0].action, JobAction::Skip);
        EXPECT_EQ(skip.jobs[0].outputs[1].action, JobAction::Run);
        Recorder recorder;
        const BatchSummary s = BatchScheduler({}, &recorder).run(skip);
        EXPECT_EQ(s.ok, 1u);
        EXPECT_EQ(s.outputsSkipped, 1u);
        EXPECT_EQ(s.outputsOk, 1u);
        EXPECT_EQ(test::readFile(out / "20" / "a.jpg"), std::vector<std::uint8_t> { 1 });
        PlanOptions rename = planOptions(out, sizesOf("20,10"));
        rename.onExisting = ExistingPolicy::Rename;
        EXPECT_EQ(outputNames(planOf(rename, in), out),
            (std::vector<std::string> { "20/a_1.jpg", "10/a_1.jpg" }));
        // Every size skipped (the run wrote 10/a.jpg): the input is.
        EXPECT_EQ(planOf(planOptions(out, sizesOf("20,10")), in).jobs[0].action, JobAction::Skip);
    }

} // namespace
} // namespace dropsize

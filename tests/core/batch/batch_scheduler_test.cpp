// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "codecs/jpeg/jpeg_decoder.h"
#include "codecs/png/png_decoder.h"
#include "codecs/png/png_encoder.h"
#include "dropsize/core/batch_scheduler.h"
#include "support/test_support.h"

#include <atomic>
#include <chrono>
#include <gtest/gtest.h>
#include <mutex>
#include <set>
#include <thread>
#include <zlib.h>

namespace dropsize {
namespace {

    namespace fs = std::filesystem;

    struct RecordingObserver : BatchObserver {
        std::mutex mutex;
        std::vector<JobReport> finished;
        std::atomic<int> started { 0 };
        std::size_t announced = 0;
        bool batchFinished = false;
        std::function<void(const JobReport&)> onFinished;

        void onBatchStarted(std::size_t n) override { announced = n; }
        void onJobStarted(const Job&) override { ++started; }
        void onJobFinished(const JobReport& r) override
        {
            {
                std::lock_guard lock(mutex);
                finished.push_back(r);
            }
            if (onFinished) {
                onFinished(r);
            }
        }
        void onBatchFinished(const BatchSummary&) override { batchFinished = true; }
    };

    BatchPlan planFolder(const fs::path& dir)
    {
        auto plan = BatchPlanner({}).plan({ dir });
        EXPECT_TRUE(plan.ok());
        return std::move(plan).value();
    }

    void expectNoTemporaries(const fs::path& dir)
    {
        for (const auto& e : fs::recursive_directory_iterator(dir)) {
            EXPECT_FALSE(AtomicFileWriter::isTemporaryName(e.path().filename().string()))
                << e.path();
        }
    }

    TEST(BatchScheduler, ResizesEveryImageAndReportsEachOnce)
    {
        test::TempDir tmp;
        for (int i = 0; i < 6; ++i) {
            test::writeTestJpeg(tmp.path() / ("p" + std::to_string(i) + ".jpg"), 120 + i, 80);
        }
        test::writeTestPng(tmp.path() / "alpha.png", 50, 40, 4);
        const BatchPlan plan = planFolder(tmp.path());
        RecordingObserver observer;
        BatchOptions options;
        options.threads = 3;
        const BatchSummary summary = BatchScheduler(options, &observer).run(plan);
        EXPECT_EQ(summary.ok, 7u);
        EXPECT_EQ(summary.failed, 0u);
        EXPECT_EQ(observer.announced, 7u);
        EXPECT_EQ(observer.started.load(), 7);
        EXPECT_TRUE(observer.batchFinished);
        std::set<std::size_t> ids;
        for (const JobReport& r : observer.finished) {
            ids.insert(r.id);
            EXPECT_EQ(r.status, JobStatus::Ok);
            EXPECT_EQ(r.device, Device::Cpu);
            ASSERT_TRUE(fs::exists(r.output)) << r.output;
            EXPECT_EQ(fs::file_size(r.output), r.outputBytes);
            if (r.output.extension() == ".jpg") {
                auto h = readWholeHeader<JpegDecoder>(test::readFile(r.output), {});
                ASSERT_TRUE(h.ok());
                EXPECT_EQ((Size { h->info.width, h->info.height }), r.outputSize);
            }
        }
        EXPECT_EQ(ids.size(), 7u);
        expectNoTemporaries(tmp.path());
    }

    TEST(BatchScheduler, ABadFileFailsAloneAndNamesItself)
    {
        test::TempDir tmp;
        test::writeTestJpeg(tmp.path() / "good1.jpg", 64, 64);
        test::writeTestJpeg(tmp.path() / "good2.jpg", 64, 64);
        auto bytes = test::readFile(tmp.path() / "good1.jpg");
        bytes.resize(bytes.size() / 3);
        test::writeFile(tmp.path() / "broken.jpg", bytes);
        const BatchPlan plan = planFolder(tmp.path());
        RecordingObserver observer;
        const BatchSummary summary = BatchScheduler({}, &observer).run(plan);
        EXPECT_EQ(summary.ok, 2u);
        EXPECT_EQ(summary.failed, 1u);
        for (const JobReport& r : observer.finished) {
            if (r.input.filename() == "broken.jpg") {
                ASSERT_TRUE(r.error);
                EXPECT_NE(r.error->path.find("broken.jpg"), std::string::npos);
                EXPECT_FALSE(r.error->message.empty());
                EXPECT_FALSE(fs::exists(tmp.path() / "ResizeImage" / "broken.jpg"));
            }
        }
        expectNoTemporaries(tmp.path());
    }

    TEST(BatchScheduler, CancelStopsTheBatchAndLeavesNoPartialOutput)
    {
        test::TempDir tmp;
        for (int i = 0; i < 12; ++i) {
            test::writeTestJpeg(tmp.path() / ("p" + std::to_string(i) + ".jpg"), 400, 300);
        }
        const BatchPlan plan = planFolder(tmp.path());
        RecordingObserver observer;
        BatchOptions options;
        options.threads = 2;
        BatchScheduler scheduler(options, &observer);
        observer.onFinished = [&](const JobReport&) { scheduler.cancel(); };
        const BatchSummary summary = scheduler.run(plan);
        EXPECT_TRUE(summary.wasCancelled);
        EXPECT_LT(summary.ok, 12u);
        EXPECT_GT(summary.cancelled, 0u);
        for (const auto& e : fs::directory_iterator(tmp.path() / "ResizeImage")) {
            if (e.path().filename() == kOutputMarkerName) {
                continue;
            }
            auto h = decodeWhole<JpegDecoder>(test::readFile(e.path()), {});
            EXPECT_TRUE(h.ok()) << e.path() << " is not a complete image";
        }
        expectNoTemporaries(tmp.path());
    }

    TEST(BatchScheduler, PauseHoldsNewJobsUntilResume)
    {
        test::TempDir tmp;
        for (int i = 0; i < 4; ++i) {
            test::writeTestJpeg(tmp.path() / ("p" + std::to_string(i) + ".jpg"), 64, 64);
        }
        const BatchPlan plan = planFolder(tmp.path());
        RecordingObserver observer;
        BatchOptions options;
        options.threads = 1;
        BatchScheduler scheduler(options, &observer);
        scheduler.pause();
        std::thread runner([&] { (void)scheduler.run(plan); });
        std::this_thread::sleep_for(std::chrono::milliseconds(200));
        EXPECT_EQ(observer.started.load(), 0) << "no job starts while paused";
        EXPECT_TRUE(scheduler.isPaused());
        scheduler.resume();
        runner.join();
        EXPECT_EQ(observer.started.load(), 4);
    }

    TEST(BatchScheduler, SkipsExistingOutputsSoARerunResumes)
    {
        test::TempDir tmp;
        test::writeTestJpeg(tmp.path() / "a.jpg", 64, 64);
        test::writeTestJpeg(tmp.path() / "b.jpg", 64, 64);
        EXPECT_EQ(BatchScheduler({}).run(planFolder(tmp.path())).ok, 2u);
        const auto before = fs::last_write_time(tmp.path() / "ResizeImage" / "a.jpg");
        const BatchSummary again = BatchScheduler({}).run(planFolder(tmp.path()));
        EXPECT_EQ(again.ok, 0u);
        EXPECT_EQ(again.skipped, 2u);
        EXPECT_EQ(fs::last_write_time(tmp.path() / "ResizeImage" / "a.jpg"), before);
    }

    TEST(BatchScheduler, LeavesOriginalsUntouched)
    {
        test::TempDir tmp;
        test::TempDir out;
        test::writeTestJpeg(tmp.path() / "a.jpg", 64, 64);
        const auto bytes = test::readFile(tmp.path() / "a.jpg");
        const auto time = fs::last_write_time(tmp.path() / "a.jpg");
        BatchOptions options;
        PlanOptions planOptions;
        planOptions.onExisting = ExistingPolicy::Overwrite;
        planOptions.outputFolder = out.path() / "out";
        for (int i = 0; i < 2; ++i) {
            auto plan = BatchPlanner(planOptions).plan({ tmp.path() });
            ASSERT_TRUE(plan.ok());
            EXPECT_EQ(BatchScheduler(options).run(*plan).ok, 1u);
        }
        EXPECT_EQ(test::readFile(tmp.path() / "a.jpg"), bytes);
        EXPECT_EQ(fs::last_write_time(tmp.path() / "a.jpg"), time);
    }

    // A PNG larger than the first bytes the header is read from, with its EXIF orientation (6,
    // a quarter turn) after the image data: the run and the dry run must both turn it.
    TEST(BatchScheduler, HonoursAPngOrientationStoredAfterTheImageData)
    {
        test::TempDir tmp;
        const Image pixels = test::makeTestImage(400, 300, 3);
        EncodeOptions stored;
        stored.pngCompression = 0; // about 360 KB: more than the first 256 KiB
        auto png = PngEncoder::encode(pixels.view(), stored, {});
        ASSERT_TRUE(png.ok());
        const std::vector<std::uint8_t> exif { 'M', 'M', 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3,
            0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0, 0 };
        std::vector<std::uint8_t> chunk { 0, 0, 0, static_cast<std::uint8_t>(exif.size()), 'e', 'X',
            'I', 'f' };
        chunk.insert(chunk.end(), exif.begin(), exif.end());
        const uLong crc = crc32(0, chunk.data() + 4, static_cast<uInt>(chunk.size() - 4));
        for (int shift = 24; shift >= 0; shift -= 8) {
            chunk.push_back(static_cast<std::uint8_t>(crc >> shift));
        }
        std::vector<std::uint8_t> file = *png;
        ASSERT_GT(file.size(), 300000u);
        file.insert(file.end() - 12, chunk.begin(), chunk.end()); // before IEND
        test::writeFile(tmp.path() / "turned.png", file);

        const BatchPlan plan = planFolder(tmp.path());
        ASSERT_EQ(plan.jobs.size(), 1u);
        ProcessOptions options;
        options.spec.percent = 50;
        auto preview = inspectFile(plan.jobs[0].input(), options);
        ASSERT_TRUE(preview.ok()) << preview.error().message;
        EXPECT_EQ(preview->inspected.plan.output, (Size { 150, 200 }));
        BatchOptions batch;
        batch.process = options;
        EXPECT_EQ(BatchScheduler(batch).run(plan).ok, 1u);
        auto out = readWholeHeader<PngDecoder>(
            test::readFile(tmp.path() / "ResizeImage" / "turned.png"), {});
        ASSERT_TRUE(out.ok());
        EXPECT_EQ(out->info.width, 150);
        EXPECT_EQ(out->info.height, 200);
    }

} // namespace
} // namespace dropsize

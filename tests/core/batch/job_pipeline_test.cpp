// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
// How a job's output is written, through a batch: its input's date, the larger-than-input rule
// and the target file size, alone and together with the policy for taken names.
#include "codecs/jpeg/jpeg_decoder.h"
#include "codecs/jpeg/jpeg_encoder.h"
#include "convert/byte_budget.h"
#include "dropsize/core/batch_scheduler.h"
#include "dropsize/core/limits.h"
#include "support/test_support.h"

#include <gtest/gtest.h>
#include <mutex>

namespace dropsize {
namespace {

    namespace fs = std::filesystem;

    struct Recorder : BatchObserver {
        std::mutex mutex;
        std::vector<JobReport> reports;
        std::vector<std::string> notices;
        void onJobFinished(const JobReport& r) override
        {
            std::lock_guard lock(mutex);
            reports.push_back(r);
        }
        void onNotice(const Text& message) override
        {
            std::lock_guard lock(mutex);
            notices.push_back(message.english());
        }
    };

    struct BatchResult {
        std::vector<JobReport> reports;
        std::vector<std::string> notices;
        BatchSummary summary;
        // The report of the input named `name`.
        const JobReport& of(const std::string& name) const
        {
            for (const JobReport& r : reports) {
                if (r.input.filename() == name) {
                    return r;
                }
            }
            throw std::runtime_error("no report for " + name);
        }
    };

    BatchResult runBatch(const fs::path& dir, const ProcessOptions& process, PlanOptions plan = {})
    {
        auto planned = BatchPlanner(std::move(plan)).plan({ dir });
        EXPECT_TRUE(planned.ok()) << planned.error().message;
        Recorder recorder;
        BatchOptions options;
        options.process = process;
        options.threads = 2;
        BatchResult run;
        run.summary = BatchScheduler(options, &recorder).run(*planned);
        run.reports = recorder.reports;
        run.notices = recorder.notices;
        return run;
    }

    // A JPEG at quality 20: re-encoded at full size and quality 100 it grows several times.
    void writeSmallJpeg(const fs::path& path, int width = 160, int height = 120, int quality = 20)
    {
        const Image image = test::makeTestImage(width, height, 3);
        EncodeOptions options;
        options.jpegQuality = quality;
        auto bytes = JpegEncoder::encode(image.view(), options, {});
        ASSERT_TRUE(bytes.ok());
        test::writeFile(path, *bytes);
    }

    ProcessOptions fullSizeAtQuality100()
    {
        ProcessOptions options;
        options.spec.mode = SizeMode::Percent;
        options.spec.percent = 100;
        options.encode.jpegQuality = 100;
        return options;
    }

    test::ModifiedTime modifiedOf(const fs::path& path)
    {
        const auto time = test::modifiedTime(path);
        EXPECT_TRUE(time.has_value()) << path;
        return time.value_or(test::ModifiedTime {});
    }

    // Windows keeps 100 ns steps.
    constexpr std::uint32_t kNanoseconds =
#ifdef _WIN32
        123'456'700;
#else
        123'456'789;
#endif

    TEST(JobPipeline, AnOutputKeepsItsInputsDateToTheNanosecond)
    {
        test::TempDir tmp;
        test::writeTestJpeg(tmp.path() / "epoch.jpg", 64, 48);
        test::writeTestPng(tmp.path() / "future.png", 64, 48);
        ASSERT_TRUE(test::setModifiedTime(tmp.path() / "epoch.jpg", { 0, 0 }));
        ASSERT_TRUE(test::setModifiedTime(tmp.path() / "future.png", { 4102444800, kNanoseconds }));
        const BatchResult run = runBatch(tmp.path(), {});
        ASSERT_EQ(run.summary.ok, 2u);
        EXPECT_EQ(modifiedOf(run.of("epoch.jpg").output), (test::ModifiedTime { 0, 0 }));
        EXPECT_EQ(modifiedOf(run.of("future.png").output),
            (test::ModifiedTime { 4102444800, kNanoseconds }));
        for (const JobReport& r : run.reports) {
            EXPECT_TRUE(r.warning.empty());
        }
        // The inputs are as they were.
        EXPECT_EQ(modifiedOf(tmp.path() / "epoch.jpg"), (test::ModifiedTime { 0, 0 }));
    }

    TEST(JobPipeline, WithoutKeepDatesAnOutputHasTheTimeItWasWritten)
    {
        test::TempDir tmp;
        test::writeTestJpeg(tmp.path() / "old.jpg", 64, 48);
        ASSERT_TRUE(test::setModifiedTime(tmp.path() / "old.jpg", { 86400, 0 }));
        ProcessOptions options;
        options.keepDates = false;
        const BatchResult run = runBatch(tmp.path(), options);
        ASSERT_EQ(run.summary.ok, 1u);
        EXPECT_GT(modifiedOf(run.of("old.jpg").output).seconds, 1577836800); // after 2020
    }

    // The date travels with a renamed output and a replaced one alike.
    TEST(JobPipeline, KeepsTheDateUnderEveryPolicyForTakenNames)
    {
        test::TempDir tmp;
        test::TempDir out;
        test::writeTestJpeg(tmp.path() / "a.jpg", 64, 48);
        ASSERT_TRUE(test::setModifiedTime(tmp.path() / "a.jpg", { 1234567890, kNanoseconds }));
        test::writeFile(out.path() / "a.jpg", { 1, 2, 3 });
        for (const ExistingPolicy policy : { ExistingPolicy::Rename, ExistingPolicy::Overwrite }) {
            PlanOptions plan;
            plan.outputFolder = out.path();
            plan.onExisting = policy;
            const BatchResult run = runBatch(tmp.path(), {}, plan);
            ASSERT_EQ(run.summary.ok, 1u);
            EXPECT_EQ(modifiedOf(run.of("a.jpg").output),
                (test::ModifiedTime { 1234567890, kNanoseconds }));
        }
        EXPECT_TRUE(fs::exists(out.path() / "a_1.jpg"));
    }

    TEST(JobPipeline, IfBiggerKeepWritesTheLargerOutput)
    {
        test::TempDir tmp;
        writeSmallJpeg(tmp.path() / "small.jpg");
        const BatchResult run = runBatch(tmp.path(), fullSizeAtQuality100());
        const JobReport& r = run.of("small.jpg");
        ASSERT_EQ(r.status, JobStatus::Ok);
        EXPECT_GT(r.outputBytes, r.inputBytes) << "the test needs an output larger than its input";
        EXPECT_EQ(r.ifBigger, IfBigger::Keep);
    }

    TEST(JobPipeline, IfBiggerSkipWritesNothingAndGivesBothSizes)
    {
        test::TempDir tmp;
        writeSmallJpeg(tmp.path() / "small.jpg");
        test::writeTestJpeg(tmp.path() / "big.jpg", 400, 300); // shrinks: written
        ProcessOptions options = fullSizeAtQuality100();
        // The small one keeps its size and grows at quality 100; the big one shrinks to it.
        options.spec.mode = SizeMode::LongEdge;
        options.spec.longEdge = 160;
        options.ifBigger = IfBigger::Skip;
        const BatchResult run = runBatch(tmp.path(), options);
        const JobReport& small = run.of("small.jpg");
        EXPECT_EQ(small.status, JobStatus::Skipped);
        EXPECT_EQ(small.ifBigger, IfBigger::Skip);
        ASSERT_TRUE(small.error.has_value());
        EXPECT_EQ(small.error->code, ErrorCode::LimitExceeded);
        EXPECT_NE(small.error->message.find("the output would be "), std::string::npos);
        EXPECT_NE(small.error->message.find(
                      ", larger than the input's " + byteSizeText(small.inputBytes)),
            std::string::npos)
            << small.error->message;
        EXPECT_TRUE(small.output.empty());
        EXPECT_FALSE(fs::exists(tmp.path() / "ResizeImage" / "small.jpg"));
        const JobReport& big = run.of("big.jpg");
        EXPECT_EQ(big.status, JobStatus::Ok);
        EXPECT_EQ(big.ifBigger, IfBigger::Keep);
        EXPECT_EQ(run.summary.skipped, 1u);
    }

    TEST(JobPipeline, IfBiggerCopyWritesTheInputsBytesWithItsDate)
    {
        test::TempDir tmp;
        writeSmallJpeg(tmp.path() / "small.jpg");
        ASSERT_TRUE(test::setModifiedTime(tmp.path() / "small.jpg", { 946684800, kNanoseconds }));
        const auto original = test::readFile(tmp.path() / "small.jpg");
        ProcessOptions options = fullSizeAtQuality100();
        options.ifBigger = IfBigger::Copy;
        const BatchResult run = runBatch(tmp.path(), options);
        const JobReport& r = run.of("small.jpg");
        ASSERT_EQ(r.status, JobStatus::Ok);
        EXPECT_EQ(r.ifBigger, IfBigger::Copy);
        EXPECT_EQ(test::readFile(r.output), original);
        EXPECT_EQ(r.outputBytes, original.size());
        EXPECT_EQ(r.outputSize, r.inputSize);
        EXPECT_NE(r.note.english().find("the input copied unchanged: the output would be "),
            std::string::npos)
            << r.note.english();
        EXPECT_EQ(modifiedOf(r.output), (test::ModifiedTime { 946684800, kNanoseconds }));
        EXPECT_EQ(test::readFile(tmp.path() / "small.jpg"), original)
            << "the original is untouched";
    }

    // A PNG written from a JPEG is larger, and that is no reason to skip or copy it.
    TEST(JobPipeline, IfBiggerLeavesAnOutputInAnotherFormatAlone)
    {
        test::TempDir tmp;
        writeSmallJpeg(tmp.path() / "small.jpg");
        ProcessOptions options = fullSizeAtQuality100();
        options.ifBigger = IfBigger::Skip;
        PlanOptions plan;
        plan.format = OutputFormat::Png;
        const BatchResult run = runBatch(tmp.path(), options, plan);
        const JobReport& r = run.of("small.jpg");
        ASSERT_EQ(r.status, JobStatus::Ok);
        EXPECT_GT(r.outputBytes, r.inputBytes);
        EXPECT_EQ(r.ifBigger, IfBigger::Keep);
        EXPECT_EQ(r.output.extension(), ".png");
    }

    // The input holds the metadata to be stripped: the resized output is written instead.
    TEST(JobPipeline, IfBiggerCopyNeverCopiesMetadataThatIsToBeStripped)
    {
        test::TempDir tmp;
        writeSmallJpeg(tmp.path() / "small.jpg");
        ProcessOptions options = fullSizeAtQuality100();
        options.ifBigger = IfBigger::Copy;
        options.stripMetadata = true;
        const BatchResult run = runBatch(tmp.path(), options);
        const JobReport& r = run.of("small.jpg");
        ASSERT_EQ(r.status, JobStatus::Ok);
        EXPECT_EQ(r.ifBigger, IfBigger::Keep);
        EXPECT_GT(r.outputBytes, r.inputBytes);
        EXPECT_NE(test::readFile(r.output), test::readFile(tmp.path() / "small.jpg"));
        EXPECT_NE(r.note.english().find("metadata that is to be stripped"), std::string::npos)
            << r.note.english();
    }

    // The quality chosen fits, and the next one up (which the search tried) does not.
    TEST(JobPipeline, MaxBytesChoosesTheHighestQualityThatFits)
    {
        test::TempDir tmp;
        test::writeTestJpeg(tmp.path() / "a.jpg", 400, 300);
        ProcessOptions options;
        options.spec.mode = SizeMode::LongEdge;
        options.spec.longEdge = 200;
        options.encode.jpegQuality = 95;
        options.maxBytes = 6000;
        const BatchResult run = runBatch(tmp.path(), options);
        const JobReport& r = run.of("a.jpg");
        ASSERT_EQ(r.status, JobStatus::Ok) << (r.error ? r.error->message : "");
        EXPECT_GT(r.quality, 1);
        EXPECT_LT(r.quality, 95);
        EXPECT_LE(r.outputBytes, options.maxBytes);
        EXPECT_EQ(fs::file_size(r.output), r.outputBytes);
        // The same pixels one quality up are over the target.
        ProcessOptions higher = options;
        higher.maxBytes = 0;
        higher.encode.jpegQuality = r.quality + 1;
        const ImageProcessor processor(higher);
        auto oneUp = processor.process(test::readFile(tmp.path() / "a.jpg"));
        ASSERT_TRUE(oneUp.ok());
        EXPECT_GT(oneUp->encoded.size(), options.maxBytes);
        higher.encode.jpegQuality = r.quality;
        auto same = ImageProcessor(higher).process(test::readFile(tmp.path() / "a.jpg"));
        ASSERT_TRUE(same.ok());
        EXPECT_EQ(same->encoded, test::readFile(r.output));
        EXPECT_TRUE(run.notices.empty());
    }

    // A target no image can reach is a failure that says so; one every image meets changes
    // nothing (the configured quality, the same bytes).
    TEST(JobPipeline, MaxBytesOfOneFailsAndAHugeOneChangesNothing)
    {
        test::TempDir tmp;
        test::writeTestJpeg(tmp.path() / "a.jpg", 120, 90);
        ProcessOptions options;
        options.maxBytes = 1;
        BatchResult run = runBatch(tmp.path(), options);
        const JobReport& failed = run.of("a.jpg");
        EXPECT_EQ(failed.status, JobStatus::Failed);
        ASSERT_TRUE(failed.error.has_value());
        EXPECT_EQ(failed.error->code, ErrorCode::LimitExceeded);
        EXPECT_EQ(failed.error->message.rfind("even quality 1 gives ", 0), 0u)
            << failed.error->message;
        EXPECT_NE(failed.error->message.find(", over the 1 byte asked for"), std::string::npos)
            << failed.error->message;
        EXPECT_FALSE(fs::exists(tmp.path() / "ResizeImage" / "a.jpg"));

        options.maxBytes = kMaxTargetBytes;
        run = runBatch(tmp.path(), options);
        const JobReport& ok = run.of("a.jpg");
        ASSERT_EQ(ok.status, JobStatus::Ok);
        EXPECT_EQ(ok.quality, options.encode.jpegQuality);
        ProcessOptions plain;
        auto expected = ImageProcessor(plain).process(test::readFile(tmp.path() / "a.jpg"));
        ASSERT_TRUE(expected.ok());
        EXPECT_EQ(test::readFile(ok.output), expected->encoded);
    }

    TEST(JobPipeline, MaxBytesPassesPngOutputsByAndSaysSoOnce)
    {
        test::TempDir tmp;
        test::writeTestPng(tmp.path() / "a.png", 80, 60);
        test::writeTestPng(tmp.path() / "b.png", 80, 60);
        test::writeTestJpeg(tmp.path() / "c.jpg", 80, 60);
        ProcessOptions options;
        options.maxBytes = 100; // far below any of them
        const BatchResult run = runBatch(tmp.path(), options);
        EXPECT_EQ(run.of("a.png").status, JobStatus::Ok);
        EXPECT_EQ(run.of("a.png").quality, 0);
        EXPECT_GT(run.of("a.png").outputBytes, 100u);
        EXPECT_EQ(run.of("c.jpg").status, JobStatus::Failed);
        ASSERT_EQ(run.notices.size(), 1u);
        EXPECT_EQ(run.notices[0],
            std::string("the target file size applies to lossy outputs (") + kLossyOutputs
                + ") only: 2 outputs are lossless (" + kLosslessOutputs + ") and written as usual");
    }

    // Together: a target that fits but is over the input copies the input; a target nothing
    // meets while the input does copies it too, and skips under skip.
    TEST(JobPipeline, MaxBytesAndIfBiggerTogether)
    {
        test::TempDir tmp;
        writeSmallJpeg(tmp.path() / "small.jpg");
        const auto original = test::readFile(tmp.path() / "small.jpg");
        ProcessOptions options = fullSizeAtQuality100();
        options.ifBigger = IfBigger::Copy;
        options.maxBytes = original.size() * 4; // quality 100 of it fits, and is larger than it
        BatchResult run = runBatch(tmp.path(), options);
        const JobReport& copied = run.of("small.jpg");
        ASSERT_EQ(copied.status, JobStatus::Ok);
        EXPECT_EQ(copied.ifBigger, IfBigger::Copy);
        EXPECT_EQ(test::readFile(copied.output), original);

        // Not even quality 1 reaches the input's own size (a quality 1 input at twice its
        // size): the input is within the target, every output over it.
        test::TempDir tmp2;
        writeSmallJpeg(tmp2.path() / "small.jpg", 160, 120, 1);
        const auto tiny = test::readFile(tmp2.path() / "small.jpg");
        options.spec.percent = 200;
        options.spec.enlarge = true;
        ProcessOptions atOne = options;
        atOne.maxBytes = 0;
        atOne.encode.jpegQuality = 1;
        auto q1 = ImageProcessor(atOne).process(tiny);
        ASSERT_TRUE(q1.ok());
        ASSERT_GT(q1->encoded.size(), tiny.size()) << "the test needs quality 1 to be larger";
        options.maxBytes = tiny.size();
        run = runBatch(tmp2.path(), options);
        EXPECT_EQ(run.of("small.jpg").status, JobStatus::Ok);
        EXPECT_EQ(run.of("small.jpg").ifBigger, IfBigger::Copy);
        EXPECT_EQ(test::readFile(run.of("small.jpg").output), tiny);

        options.ifBigger = IfBigger::Skip;
        PlanOptions overwrite;
        overwrite.onExisting = ExistingPolicy::Overwrite;
        run = runBatch(tmp2.path(), options, overwrite);
        EXPECT_EQ(run.of("small.jpg").status, JobStatus::Skipped);
        EXPECT_EQ(run.of("small.jpg").ifBigger, IfBigger::Skip);

        // Under keep the target decides: it fails.
        options.ifBigger = IfBigger::Keep;
        run = runBatch(tmp2.path(), options, overwrite);
        EXPECT_EQ(run.of("small.jpg").status, JobStatus::Failed);
    }

    // A cancel while the searches run (the first job to end stops the batch, while the other
    // worker is within its own) ends the jobs as cancelled, with no output and no temporary.
    TEST(JobPipeline, ACancelDuringTheSearchLeavesNoOutput)
    {
        test::TempDir tmp;
        for (int i = 0; i < 8; ++i) {
            test::writeTestJpeg(tmp.path() / ("p" + std::to_string(i) + ".jpg"), 600, 400);
        }
        auto plan = BatchPlanner({}).plan({ tmp.path() });
        ASSERT_TRUE(plan.ok());
        Recorder recorder;
        BatchOptions options;
        options.threads = 2;
        options.process.spec.mode = SizeMode::Percent;
        options.process.spec.percent = 100;
        options.process.maxBytes = 1; // every job searches down to quality 1, and fails
        struct Cancelling : BatchObserver {
            BatchScheduler* scheduler = nullptr;
            Recorder* recorder = nullptr;
            void onJobFinished(const JobReport& r) override
            {
                recorder->onJobFinished(r);
                scheduler->cancel();
            }
        } cancelling;
        cancelling.recorder = &recorder;
        BatchScheduler cancelled(options, &cancelling);
        cancelling.scheduler = &cancelled;
        const BatchSummary summary = cancelled.run(*plan);
        EXPECT_TRUE(summary.wasCancelled);
        EXPECT_EQ(summary.ok, 0u);
        EXPECT_GT(summary.cancelled, 0u);
        for (const auto& e : fs::recursive_directory_iterator(tmp.path() / "ResizeImage")) {
            EXPECT_EQ(e.path().filename(), kOutputMarkerName);
        }
    }

} // namespace
} // namespace dropsize

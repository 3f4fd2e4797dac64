// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
//
// The batch side of the engine says its sentences as Text templates (so that the window can
// translate them) whose English is the message the command line prints, word for word.
#include "dropsize/core/atomic_file_writer.h"
#include "dropsize/core/batch_planner.h"
#include "dropsize/core/batch_scheduler.h"
#include "dropsize/core/device_info.h"
#include "dropsize/core/name_template.h"
#include "dropsize/core/path_text.h"
#include "dropsize/core/resize_spec.h"
#include "dropsize/core/result.h"
#include "dropsize/core/size_list.h"
#include "support/test_support.h"

#include <algorithm>
#include <cerrno>
#include <gtest/gtest.h>
#include <mutex>
#include <string>
#include <vector>
#ifndef _WIN32
#include <csignal>
#include <sys/resource.h>
#include <sys/stat.h>
#endif

namespace dropsize {
namespace {

    namespace fs = std::filesystem;

    /// A template all the way down: every argument is a template too, or a verbatim value
    /// that holds no English sentence of the engine's (a path, a number, a name).
    void expectTemplate(const Text& text, const std::string& context)
    {
        ASSERT_TRUE(text.isTemplate()) << context << ": verbatim \"" << text.english() << "\"";
    }

    void expectSameSentence(const Error& error, const std::string& context)
    {
        expectTemplate(error.text, context);
        EXPECT_EQ(error.text.english(), error.message) << context;
    }

    TEST(EngineMessages, SystemErrorsAreTemplatesInStrerrorsWords)
    {
        const std::vector<int> common {
            EACCES,
            EPERM,
            ENOENT,
            ENOSPC,
            EROFS,
            ENAMETOOLONG,
            EMLINK,
            EISDIR,
            ENOTDIR,
            EEXIST,
            ENOTEMPTY,
            EIO,
            EBUSY,
            EMFILE,
            ENOMEM,
            EFBIG,
            EXDEV,
            ELOOP,
#ifdef EDQUOT
            EDQUOT,
#endif
        };
        for (const int err : common) {
            const Text text = systemError(err);
            EXPECT_TRUE(text.isTemplate()) << err;
#ifdef __GLIBC__
            // What the command line printed before: glibc's own sentence.
            EXPECT_EQ(text.english(), systemErrorText(err)) << err;
#endif
        }
        // Any other stays the system's words.
        const Text other = systemError(EPROTO);
        EXPECT_FALSE(other.isTemplate());
        EXPECT_EQ(other.english(), systemErrorText(EPROTO));
    }

    TEST(EngineMessages, AnExistingOutputSaysSo)
    {
        test::TempDir tmp;
        test::writeTestJpeg(tmp.path() / "a.jpg", 8, 8);
        fs::create_directories(tmp.path() / "ResizeImage");
        test::writeFile(tmp.path() / "ResizeImage" / "a.jpg", { 1, 2, 3 });
        PlanOptions options;
        options.onExisting = ExistingPolicy::Skip;
        auto plan = BatchPlanner(options).plan({ tmp.path() });
        ASSERT_TRUE(plan.ok()) << plan.error().message;
        ASSERT_EQ(plan->jobs.size(), 1u);
        ASSERT_TRUE(plan->jobs[0].reason);
        expectSameSentence(*plan->jobs[0].reason, "planned skip");
        EXPECT_STREQ(plan->jobs[0].reason->text.format(), "output exists");

        // And when it appears between planning and writing.
        const std::vector<std::uint8_t> bytes { 4, 5, 6 };
        auto written = AtomicFileWriter().write(
            tmp.path() / "ResizeImage" / "a.jpg", bytes, ExistingPolicy::Skip);
        ASSERT_FALSE(written.ok());
        expectSameSentence(written.error(), "write");
        EXPECT_STREQ(written.error().text.format(), "output exists");
    }

    TEST(EngineMessages, NonImagesAndOutputFoldersAreIgnoredWithATemplate)
    {
        test::TempDir tmp;
        test::writeFile(tmp.path() / "notes.txt", { 'h', 'i' });
        test::writeTestJpeg(tmp.path() / "a.jpg", 8, 8);
        fs::create_directories(tmp.path() / "ResizeImage");
        test::writeTestJpeg(tmp.path() / "ResizeImage" / "old.jpg", 8, 8);
        PlanOptions options;
        options.recursive = true;
        auto plan = BatchPlanner(options).plan({ tmp.path(), tmp.path() });
        ASSERT_TRUE(plan.ok()) << plan.error().message;
        ASSERT_EQ(plan->ignored.size(), 3u);
        std::vector<std::string> formats;
        for (const IgnoredPath& i : plan->ignored) {
            expectTemplate(i.reason, utf8(i.path));
            formats.emplace_back(i.reason.format());
        }
        std::sort(formats.begin(), formats.end());
        EXPECT_EQ(formats,
            (std::vector<std::string> {
                "an output folder (%1), never read as input", "given twice", "not a %1 file" }));
    }

    TEST(EngineMessages, AFileThatIsNoImageFailsWithTheCodecsSentence)
    {
        test::TempDir tmp;
        test::writeFile(tmp.path() / "fake.jpg", { 'h', 'e', 'l', 'l', 'o', '\n' });
        auto plan = BatchPlanner(PlanOptions {}).plan({ tmp.path() / "fake.jpg" });
        ASSERT_TRUE(plan.ok()) << plan.error().message;
        ASSERT_EQ(plan->jobs.size(), 1u);
        ASSERT_TRUE(plan->jobs[0].reason);
        // The codecs' words may be verbatim; the message is the same either way.
        EXPECT_EQ(plan->jobs[0].reason->text.english(), plan->jobs[0].reason->message);
        EXPECT_FALSE(plan->jobs[0].reason->message.empty());
    }

    TEST(EngineMessages, BadOptionValuesAreTemplates)
    {
        ResizeSpec zero;
        zero.mode = SizeMode::Percent;
        zero.percent = 0;
        const Status percent = validate(zero);
        ASSERT_FALSE(percent.ok());
        expectSameSentence(percent.error(), "percent");
        EXPECT_EQ(percent.error().message, "the percentage must be a number, at least 0.01");

        auto size = parseSizeSpec("banana", ResizeSpec {});
        ASSERT_FALSE(size.ok());
        expectSameSentence(size.error(), "size");
        // Nested: the reason is a sentence of its own, the text the user typed a verbatim value.
        ASSERT_EQ(size.error().text.args().size(), 2u);
        EXPECT_FALSE(size.error().text.args()[0].isTemplate());
        EXPECT_EQ(size.error().text.args()[0].english(), "banana");
        EXPECT_TRUE(size.error().text.args()[1].isTemplate());

        auto list = parseSizeList("2048,,256", ResizeSpec {});
        ASSERT_FALSE(list.ok());
        expectSameSentence(list.error(), "list");

        auto twice = parseSizeList("2048,2048", ResizeSpec {});
        ASSERT_FALSE(twice.ok());
        expectSameSentence(twice.error(), "twice");

        auto field = NameTemplate::parse("{nam}_small");
        ASSERT_FALSE(field.ok());
        expectSameSentence(field.error(), "name pattern");
        EXPECT_EQ(field.error().message,
            "unknown field {nam} in the name pattern \"{nam}_small\"; the fields are {name}, "
            "{ext}, {w}, {h}, {size} and {n}");
    }

    TEST(EngineMessages, PlannerRefusalsAreTemplates)
    {
        test::TempDir tmp;
        fs::create_directories(tmp.path() / "in");
        test::writeTestJpeg(tmp.path() / "in" / "a.jpg", 8, 8);
        PlanOptions options;
        options.outputFolder = tmp.path() / "in" / "out";
        auto inside = BatchPlanner(options).plan({ tmp.path() / "in" });
        ASSERT_FALSE(inside.ok());
        expectSameSentence(inside.error(), "inside");
        EXPECT_EQ(inside.error().code, ErrorCode::InvalidArgument);

        options.outputFolder = tmp.path();
        auto contains = BatchPlanner(options).plan({ tmp.path() / "in" / "a.jpg" });
        ASSERT_FALSE(contains.ok());
        expectSameSentence(contains.error(), "contains");

        auto missing = BatchPlanner(PlanOptions {}).plan({ tmp.path() / "nothing.jpg" });
        ASSERT_TRUE(missing.ok());
        ASSERT_EQ(missing->jobs.size(), 1u);
        expectSameSentence(*missing->jobs[0].reason, "missing");
        EXPECT_EQ(missing->jobs[0].reason->message, "no such file or folder");
    }

#ifndef _WIN32 // POSIX permissions; the test drops root's rights to see them refused
    TEST(EngineMessages, AnUnreadableFileNestsTheSystemsSentence)
    {
        test::TempDir tmp;
        test::writeTestJpeg(tmp.path() / "private.jpg", 8, 8);
        ::chmod((tmp.path() / "private.jpg").c_str(), 0);
        const std::string seen = test::runWithoutPrivileges([&] {
            PlanOptions options;
            options.checkOutputs = false; // nobody cannot write here either
            auto plan = BatchPlanner(options).plan({ tmp.path() / "private.jpg" });
            if (!plan || plan->jobs.size() != 1 || !plan->jobs[0].reason) {
                return std::string("no failure");
            }
            const Error& e = *plan->jobs[0].reason;
            if (!e.text.isTemplate() || e.text.english() != e.message || e.text.args().size() != 1
                || !e.text.args()[0].isTemplate()) {
                return "not a nested template: " + e.message;
            }
            return std::string(e.text.format()) + " / " + e.text.args()[0].format();
        });
        EXPECT_EQ(seen, "cannot be read: %1 / Permission denied");
    }

    TEST(EngineMessages, AFullDiskNamesTheStepAndTheSystemsSentence)
    {
        test::TempDir tmp;
        // A file-size limit makes write() fail as a full disk would (EFBIG instead of ENOSPC).
        std::signal(SIGXFSZ, SIG_IGN);
        rlimit old {};
        getrlimit(RLIMIT_FSIZE, &old);
        rlimit small = old;
        small.rlim_cur = 100;
        ASSERT_EQ(setrlimit(RLIMIT_FSIZE, &small), 0);
        const std::vector<std::uint8_t> bytes(4096, 7);
        auto result = AtomicFileWriter().write(tmp.path() / "big.jpg", bytes, ExistingPolicy::Skip);
        setrlimit(RLIMIT_FSIZE, &old);
        ASSERT_FALSE(result.ok());
        expectSameSentence(result.error(), "write");
        const Text& text = result.error().text;
        ASSERT_EQ(text.args().size(), 2u);
        EXPECT_STREQ(text.args()[0].format(), "cannot write");
        EXPECT_TRUE(text.args()[1].isTemplate()) << text.args()[1].english();
    }
#endif

    TEST(EngineMessages, ANoteSaysWhyTheSizeWasKept)
    {
        test::TempDir tmp;
        test::writeTestJpeg(tmp.path() / "small.jpg", 40, 30);
        PlanOptions plan;
        plan.process.spec.mode = SizeMode::LongEdge;
        plan.process.spec.longEdge = 2048;
        auto planned = BatchPlanner(plan).plan({ tmp.path() });
        ASSERT_TRUE(planned.ok()) << planned.error().message;
        struct Recorder : BatchObserver {
            std::mutex mutex;
            std::vector<JobReport> reports;
            void onJobFinished(const JobReport& r) override
            {
                std::lock_guard lock(mutex);
                reports.push_back(r);
            }
        } recorder;
        BatchOptions options;
        options.process = plan.process;
        options.device = DeviceChoice::Cpu;
        BatchScheduler(options, &recorder).run(*planned);
        ASSERT_EQ(recorder.reports.size(), 1u);
        const JobReport& r = recorder.reports[0];
        ASSERT_EQ(r.status, JobStatus::Ok);
        expectTemplate(r.note, "note");
        EXPECT_EQ(r.note.english(),
            "kept at 40x30: its long edge is 2048 pixels or less already, and enlarging is off");
    }

    TEST(EngineMessages, TheGpusReasonsBecomeTemplatesWithTheSameWords)
    {
        for (const std::string reason :
            { "this build has no CUDA kernels", "no CUDA device found",
                "the NVIDIA driver is missing or too old for CUDA 13 (cudaErrorInsufficientDriver)",
                "CUDA could not start: unknown error (cudaErrorUnknown)",
                "Tesla K80 is too old for this build (compute capability 3.7, needs 7.5)" }) {
            const Text text = gpuReasonText(reason);
            EXPECT_TRUE(text.isTemplate()) << reason;
            EXPECT_EQ(text.english(), reason);
        }
        const Text odd = gpuReasonText("something else entirely");
        EXPECT_FALSE(odd.isTemplate());
        EXPECT_EQ(odd.english(), "something else entirely");

        const DeviceInfo devices = probeDevices();
        if (!devices.gpuUsable) {
            // Every reason this build's kernels give is one of the known sentences.
            EXPECT_TRUE(devices.gpuReason.isTemplate()) << devices.gpuReason.english();
        }
        DeviceInfo none;
        none.gpuReason = gpuReasonText("this build has no CUDA kernels");
        none.cpuThreads = 2;
        EXPECT_EQ(describeDevices(none).english(),
            "no CUDA device: this build has no CUDA kernels \u2014 2 CPU threads");
        DeviceInfo one;
        one.gpuUsable = true;
        one.gpuName = "NVIDIA H100";
        one.cpuThreads = 1;
        EXPECT_EQ(describeDevices(one).english(), "NVIDIA H100 (GPU) + 1 CPU thread");
    }

} // namespace
} // namespace dropsize

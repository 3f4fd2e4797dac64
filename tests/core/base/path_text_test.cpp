// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors

// Paths as UTF-8 text, and names that are not ASCII through a whole batch: planned, resized and
// written with exactly their names, and reported as the UTF-8 of those names.

#include "dropsize/core/batch_planner.h"
#include "dropsize/core/batch_scheduler.h"
#include "dropsize/core/path_text.h"
#include "support/test_support.h"

#include <algorithm>
#include <gtest/gtest.h>
#include <mutex>
#include <set>

namespace dropsize {
namespace {

    namespace fs = std::filesystem;

    // Spelt as bytes, so that the test does not depend on the compiler's source encoding.
    const std::string kCafe = "caf\xc3\xa9.jpg"; // café.jpg
    const std::string kPhoto = "\xe7\x85\xa7\xe7\x89\x87.jpg"; // 照片.jpg
    const std::string kAlbum = "\xe7\x9b\xb8\xe5\x86\x8c"; // 相册
    const std::string kSunrise = "\xf0\x9f\x8c\x85 sunrise.png"; // 🌅 sunrise.png

    struct Reports : BatchObserver {
        std::mutex mutex;
        std::vector<JobReport> finished;
        void onJobFinished(const JobReport& r) override
        {
            std::lock_guard lock(mutex);
            finished.push_back(r);
        }
    };

    /// Every file under `dir` (the output marker left out), as UTF-8 paths relative to it with
    /// '/' between names.
    std::set<std::string> filesUnder(const fs::path& dir)
    {
        std::set<std::string> names;
        for (const auto& entry : fs::recursive_directory_iterator(dir)) {
            if (entry.is_regular_file() && entry.path().filename() != kOutputMarkerName) {
                std::string name = utf8(fs::relative(entry.path(), dir));
                std::replace(name.begin(), name.end(), '\\', '/');
                names.insert(name);
            }
        }
        return names;
    }

    TEST(PathText, RoundTripsNamesThatAreNotAscii)
    {
        for (const std::string& name : { kCafe, kPhoto, kAlbum, kSunrise }) {
            const fs::path path = pathFromUtf8(name);
            EXPECT_EQ(utf8(path), name);
            EXPECT_EQ(pathFromUtf8(utf8(path)), path);
        }
#ifdef _WIN32
        // What Windows holds: UTF-16, the emoji as a surrogate pair.
        EXPECT_EQ(pathFromUtf8(kCafe).native(), std::wstring(L"caf\u00e9.jpg"));
        EXPECT_EQ(pathFromUtf8(kSunrise).native(), std::wstring(L"\xd83c\xdf05 sunrise.png"));
        // A lone surrogate, which a Windows name may hold, comes back as it was.
        const fs::path lone(std::wstring(L"a\xd800z"));
        EXPECT_EQ(utf8(lone), "a\xed\xa0\x80z");
        EXPECT_EQ(pathFromUtf8(utf8(lone)), lone);
        // Bytes that are no UTF-8 become U+FFFD, never a garbled character.
        EXPECT_EQ(pathFromUtf8("a\xff"
                               "b")
                      .native(),
            std::wstring(L"a\xfffd"
                         L"b"));
        EXPECT_EQ(pathFromUtf8("\xc0\xaf").native(), std::wstring(L"\xfffd\xfffd"));
#endif
    }

    TEST(PathText, NamesThatAreNotAsciiArePlannedResizedAndWrittenAsTheyAre)
    {
        test::TempDir tmp;
        const fs::path in = tmp.path() / "in";
        const fs::path out = tmp.path() / "out";
        fs::create_directories(in / pathFromUtf8(kAlbum));
        test::writeTestJpeg(in / pathFromUtf8(kCafe), 64, 48);
        test::writeTestJpeg(in / pathFromUtf8(kAlbum) / pathFromUtf8(kPhoto), 80, 60);
        test::writeTestPng(in / pathFromUtf8(kSunrise), 40, 30, 4);
        const std::set<std::string> expected { kCafe, kAlbum + "/" + kPhoto, kSunrise };
        ASSERT_EQ(filesUnder(in), expected) << "the test's own files";

        PlanOptions options;
        options.outputFolder = out;
        auto plan = BatchPlanner(options).plan({ in });
        ASSERT_TRUE(plan.ok()) << plan.error().message;
        ASSERT_EQ(plan->jobs.size(), 3u);
        const fs::path outCanonical = fs::canonical(tmp.path()) / "out";
        std::set<std::string> planned;
        for (const Job& job : plan->jobs) {
            EXPECT_EQ(job.action, JobAction::Run) << utf8(job.input());
            // The output mirrors the input's name, byte for byte in UTF-8.
            EXPECT_EQ(utf8(job.output().filename()), utf8(job.input().filename()));
            std::string name = utf8(fs::relative(job.output(), outCanonical));
            std::replace(name.begin(), name.end(), '\\', '/');
            planned.insert(name);
        }
        EXPECT_EQ(planned, expected);

        Reports reports;
        BatchOptions batch;
        batch.threads = 2;
        const BatchSummary summary = BatchScheduler(batch, &reports).run(*plan);
        EXPECT_EQ(summary.ok, 3u);
        EXPECT_EQ(filesUnder(out), expected);
        for (const JobReport& r : reports.finished) {
            EXPECT_EQ(r.status, JobStatus::Ok);
            ASSERT_FALSE(r.output.empty());
            EXPECT_TRUE(fs::exists(r.output)) << utf8(r.output);
            EXPECT_EQ(utf8(r.output.filename()), utf8(r.input.filename()));
        }
    }

    TEST(PathText, ErrorsNameNonAsciiPathsInUtf8)
    {
        test::TempDir tmp;
        // A missing input: its job's error carries the path as given, in UTF-8.
        const fs::path missing = tmp.path() / pathFromUtf8(kPhoto);
        auto plan = BatchPlanner({}).plan({ missing });
        ASSERT_TRUE(plan.ok());
        ASSERT_EQ(plan->jobs.size(), 1u);
        Reports reports;
        (void)BatchScheduler({}, &reports).run(*plan);
        ASSERT_EQ(reports.finished.size(), 1u);
        ASSERT_TRUE(reports.finished[0].error.has_value());
        EXPECT_EQ(reports.finished[0].error->path, utf8(missing));

        // An output "folder" that is a file: the message and the error's path say its name.
        const fs::path file = tmp.path() / pathFromUtf8(kAlbum);
        test::writeFile(file, { 'x' });
        test::writeTestJpeg(tmp.path() / "a.jpg", 8, 8);
        PlanOptions options;
        options.outputFolder = file / "sub";
        auto refused = BatchPlanner(options).plan({ tmp.path() / "a.jpg" });
        ASSERT_FALSE(refused.ok());
        EXPECT_NE(refused.error().message.find(kAlbum + " is a file"), std::string::npos)
            << refused.error().message;
        EXPECT_NE(refused.error().path.find(kAlbum), std::string::npos) << refused.error().path;
    }

} // namespace
} // namespace dropsize

// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/core/batch_planner.h"
#include "support/test_support.h"

#include <algorithm>
#include <fstream>
#include <gtest/gtest.h>
#include <set>
#ifndef _WIN32
#include <sys/stat.h>
#include <unistd.h>
#endif

namespace dropsize {
namespace {

    namespace fs = std::filesystem;

    fs::path relativeOutput(const Job& job, const fs::path& root)
    {
        return fs::relative(job.output, fs::canonical(root));
    }

    const Job* findJob(const BatchPlan& plan, const std::string& name)
    {
        for (const Job& j : plan.jobs) {
            if (j.input.filename() == name) {
                return &j;
            }
        }
        return nullptr;
    }

    TEST(BatchPlanner, MirrorsTheFolderTreeIntoResizeImage)
    {
        test::TempDir tmp;
        fs::create_directories(tmp.path() / "a" / "b");
        test::writeTestJpeg(tmp.path() / "top.jpg", 8, 8);
        test::writeTestJpeg(tmp.path() / "a" / "b" / "deep.JPEG", 8, 8);
        test::writeTestPng(tmp.path() / "a" / "pic.png", 8, 8);
        std::ofstream(tmp.path() / "a" / "notes.txt") << "text";
        auto plan = BatchPlanner({}).plan({ tmp.path() });
        ASSERT_TRUE(plan.ok());
        ASSERT_EQ(plan->jobs.size(), 3u);
        EXPECT_EQ(relativeOutput(*findJob(*plan, "top.jpg"), tmp.path()), "ResizeImage/top.jpg");
        EXPECT_EQ(
            relativeOutput(*findJob(*plan, "deep.JPEG"), tmp.path()), "ResizeImage/a/b/deep.JPEG");
        EXPECT_EQ(relativeOutput(*findJob(*plan, "pic.png"), tmp.path()), "ResizeImage/a/pic.png");
        ASSERT_EQ(plan->ignored.size(), 1u);
        EXPECT_EQ(plan->ignored[0].reason, "not a JPEG or PNG file");
    }

    TEST(BatchPlanner, StaysInTheTopFolderWhenNotRecursive)
    {
        test::TempDir tmp;
        fs::create_directories(tmp.path() / "sub");
        test::writeTestJpeg(tmp.path() / "top.jpg", 8, 8);
        test::writeTestJpeg(tmp.path() / "sub" / "deep.jpg", 8, 8);
        PlanOptions options;
        options.recursive = false;
        auto plan = BatchPlanner(options).plan({ tmp.path() });
        ASSERT_TRUE(plan.ok());
        ASSERT_EQ(plan->jobs.size(), 1u);
    }

    TEST(BatchPlanner, PutsADroppedFilesOutputNextToIt)
    {
        test::TempDir tmp;
        test::writeTestJpeg(tmp.path() / "one.jpg", 8, 8);
        auto plan = BatchPlanner({}).plan({ tmp.path() / "one.jpg" });
        ASSERT_TRUE(plan.ok());
        ASSERT_EQ(plan->jobs.size(), 1u);
        EXPECT_EQ(relativeOutput(plan->jobs[0], tmp.path()), "ResizeImage/one.jpg");
    }

    TEST(BatchPlanner, NeverReadsOutputFolders)
    {
        test::TempDir tmp;
        fs::create_directories(tmp.path() / "ResizeImage");
        fs::create_directories(tmp.path() / "small");
        test::writeTestJpeg(tmp.path() / "a.jpg", 8, 8);
        test::writeTestJpeg(tmp.path() / "ResizeImage" / "a.jpg", 4, 4);
        test::writeTestJpeg(tmp.path() / "small" / "old.jpg", 4, 4);
        auto plan = BatchPlanner({}).plan({ tmp.path() });
        ASSERT_TRUE(plan.ok());
        EXPECT_EQ(plan->jobs.size(), 2u) << "a.jpg and small/old.jpg, not ResizeImage/a.jpg";
        EXPECT_TRUE(plan->jobs[0].skipReason) << "its output exists already";

        PlanOptions inside;
        inside.outputDir = tmp.path() / "small";
        auto plan2 = BatchPlanner(inside).plan({ tmp.path() });
        ASSERT_TRUE(plan2.ok());
        for (const Job& j : plan2->jobs) {
            EXPECT_NE(j.input.parent_path().filename(), "small");
        }
    }

    TEST(BatchPlanner, RefusesAnOutputFolderThatIsTheInputFolder)
    {
        test::TempDir tmp;
        test::writeTestJpeg(tmp.path() / "a.jpg", 8, 8);
        PlanOptions options;
        options.outputDir = tmp.path();
        auto plan = BatchPlanner(options).plan({ tmp.path() });
        ASSERT_FALSE(plan.ok());
        EXPECT_NE(plan.error().message.find("also an input folder"), std::string::npos);
        auto plan2 = BatchPlanner(options).plan({ tmp.path() / "a.jpg" });
        ASSERT_FALSE(plan2.ok());
    }

    TEST(BatchPlanner, GivesCollidingOutputsUniqueNames)
    {
        test::TempDir tmp;
        test::writeTestJpeg(tmp.path() / "a.jpg", 8, 8);
        test::writeTestPng(tmp.path() / "a.png", 8, 8);
        PlanOptions options;
        options.format = OutputFormat::Jpeg;
        auto plan = BatchPlanner(options).plan({ tmp.path() });
        ASSERT_TRUE(plan.ok());
        ASSERT_EQ(plan->jobs.size(), 2u);
        EXPECT_EQ(plan->jobs[0].output.filename(), "a.jpg");
        EXPECT_EQ(plan->jobs[1].output.filename(), "a_1.jpg");
    }

    TEST(BatchPlanner, TakesTheTypeFromTheBytesAndFixesTheExtension)
    {
        test::TempDir tmp;
        test::writeTestPng(tmp.path() / "really-png.jpg", 8, 8);
        auto plan = BatchPlanner({}).plan({ tmp.path() });
        ASSERT_TRUE(plan.ok());
        ASSERT_EQ(plan->jobs.size(), 1u);
        EXPECT_EQ(plan->jobs[0].format, ImageFormat::Png);
        EXPECT_EQ(plan->jobs[0].output.filename(), "really-png.png");
    }

#ifndef _WIN32 // FIFOs, and symbolic links without extra rights
    TEST(BatchPlanner, HandlesLinksFifosAndLoopsSafely)
    {
        test::TempDir tmp;
        test::TempDir outside;
        fs::create_directories(tmp.path() / "in");
        test::writeTestJpeg(tmp.path() / "in" / "a.jpg", 8, 8);
        test::writeTestJpeg(outside.path() / "secret.jpg", 8, 8);
        fs::create_symlink(outside.path() / "secret.jpg", tmp.path() / "in" / "escape.jpg");
        fs::create_symlink(tmp.path() / "in" / "a.jpg", tmp.path() / "in" / "alias.jpg");
        fs::create_hard_link(tmp.path() / "in" / "a.jpg", tmp.path() / "in" / "b.jpg");
        fs::create_directory_symlink(tmp.path() / "in", tmp.path() / "in" / "loop");
        ASSERT_EQ(::mkfifo((tmp.path() / "in" / "pipe.jpg").c_str(), 0600), 0);
        auto plan = BatchPlanner({}).plan({ tmp.path() / "in" });
        ASSERT_TRUE(plan.ok());
        ASSERT_EQ(plan->jobs.size(), 1u) << "a.jpg once, whatever reaches it";
        std::set<std::string> reasons;
        for (const IgnoredPath& i : plan->ignored) {
            reasons.insert(i.path.filename().string() + ": " + i.reason);
        }
        EXPECT_TRUE(reasons.count("escape.jpg: symbolic link leads out of the input folder"));
        EXPECT_TRUE(reasons.count("pipe.jpg: not a regular file (FIFO, socket or device)"));
        EXPECT_TRUE(reasons.count("alias.jpg: same file already taken by another path")
            || reasons.count("a.jpg: same file already taken by another path"));
    }
#endif

    TEST(BatchPlanner, ReportsMissingInputs)
    {
        test::TempDir tmp;
        auto plan = BatchPlanner({}).plan({ tmp.path() / "nope" });
        ASSERT_TRUE(plan.ok());
        ASSERT_EQ(plan->problems.size(), 1u);
        EXPECT_EQ(plan->problems[0].code, ErrorCode::NotFound);
    }

} // namespace
} // namespace dropsize

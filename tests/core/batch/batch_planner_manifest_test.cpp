// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "core/batch/plan_text.h"
#include "dropsize/core/batch_planner.h"
#include "dropsize/core/path_text.h"
#include "support/test_support.h"

#include <algorithm>
#include <fstream>
#include <gtest/gtest.h>
#include <map>
#include <random>
#include <set>
#ifndef _WIN32
#include <sys/stat.h>
#endif

namespace dropsize {
namespace {

    namespace fs = std::filesystem;

    using test::ignoredOf;

    /// A job as the comparison sees it: id, input, action, reason and each output.
    std::string describe(const Job& job)
    {
        return std::to_string(job.id) + " " + utf8(job.input()) + " " + test::outcomeOf(job);
    }

    std::vector<std::string> jobsOf(const BatchPlan& plan)
    {
        std::vector<std::string> jobs;
        for (const Job& job : plan.jobs) {
            jobs.push_back(describe(job));
        }
        return jobs;
    }

    Result<BatchPlan> planList(
        PlanOptions options, const fs::path& root, const std::vector<std::string>& lines)
    {
        options.listRoot = root;
        std::vector<fs::path> inputs;
        inputs.reserve(lines.size());
        for (const std::string& line : lines) {
            inputs.push_back(pathFromUtf8(line));
        }
        return BatchPlanner(std::move(options)).plan(inputs);
    }

    /// Every entry of the tree below `root` a list of it would hold (files, links, FIFOs; no
    /// folders), relative to it, in a shuffled order.
    std::vector<std::string> everyFile(const fs::path& root, unsigned seed)
    {
        std::vector<std::string> lines;
        for (auto it = fs::recursive_directory_iterator(root);
             it != fs::recursive_directory_iterator(); ++it) {
            if (!it->is_directory() || it->is_symlink()) {
                lines.push_back(test::genericUtf8(it->path().lexically_relative(root)));
            }
        }
        std::shuffle(lines.begin(), lines.end(), std::mt19937(seed));
        return lines;
    }

    struct Tree {
        fs::path root;
        fs::path outside;
    };

    /// Sub-folders, odd names, a ResizeImage folder with an earlier output, a folder marked as
    /// Dropsize's, a file that is no image, one that fails, and (POSIX) links in and out, a
    /// hard link and a FIFO.
    Tree makeTree(const fs::path& base)
    {
        const fs::path root = base / "tree";
        fs::create_directories(root / "sub" / "deeper");
        fs::create_directories(root / "sub2");
        fs::create_directories(root / "ResizeImage" / "sub");
        fs::create_directories(root / "marked");
        fs::create_directories(base / "elsewhere");
        test::writeTestJpeg(root / "top.jpg", 8, 8);
        test::writeTestJpeg(root / "with space.jpg", 9, 8);
        test::writeTestPng(root / "-dash.png", 10, 8);
        test::writeTestJpeg(
            root / pathFromUtf8("\xc3\xbcn\xc3\xaf-\xd1\x84\xd0\xbe\xd1\x82\xd0\xbe.jpg"), 11, 8);
        std::ofstream(root / "notes.txt") << "text";
        std::ofstream(root / "bad.jpg") << "not a jpeg";
        test::writeTestJpeg(root / "sub" / "a.jpg", 12, 8);
        test::writeTestPng(root / "sub" / "b.png", 13, 8);
        test::writeTestJpeg(root / "sub" / "deeper" / "c.jpg", 14, 8);
        test::writeTestJpeg(root / "sub2" / "x.jpg", 15, 8);
        test::writeTestPng(root / "sub2" / "x.png", 16, 8);
        test::writeTestJpeg(root / "ResizeImage" / "sub" / "a.jpg", 6, 4);
        test::writeTestJpeg(root / "marked" / "m.jpg", 6, 4);
        std::ofstream(root / "marked" / kOutputMarkerName) << "";
        test::writeTestJpeg(base / "elsewhere" / "secret.jpg", 6, 4);
#ifndef _WIN32
        fs::create_symlink(root / "sub" / "a.jpg", root / "alias.jpg");
        fs::create_symlink(base / "elsewhere" / "secret.jpg", root / "escape.jpg");
        fs::create_hard_link(root / "sub" / "b.png", root / "sub2" / "hard.png");
        ::mkfifo((root / "pipe.jpg").c_str(), 0600);
#endif
        return { root, base / "elsewhere" };
    }

    TEST(BatchPlannerManifest, PlansAListOfEveryFileAsTheWalkOfTheFolder)
    {
        test::TempDir tmp;
        const Tree tree = makeTree(tmp.path());
        const fs::path root = fs::canonical(tree.root);
        for (const OutputFormat format : { OutputFormat::Keep, OutputFormat::Png }) {
            PlanOptions options;
            options.format = format;
            auto walked = BatchPlanner(options).plan({ tree.root });
            ASSERT_TRUE(walked.ok());
            std::vector<std::string> lines = everyFile(tree.root, 7);
            lines.push_back("missing.jpg");
            lines.push_back("../elsewhere/secret.jpg");
            lines.push_back("sub");
            lines.push_back("sub/a.jpg"); // twice
            lines.push_back("");
            lines.push_back(utf8(tree.root / "sub" / "deeper" / "c.jpg")); // absolute, inside
            lines.push_back("sub/../sub2/./x.png"); // a second spelling of one file
            std::shuffle(lines.begin(), lines.end(), std::mt19937(3));
            auto listed = planList(options, tree.root, lines);
            ASSERT_TRUE(listed.ok()) << listed.error().message;

            // Job for job the walk's, then the two lines that name no file of the tree.
            std::vector<std::string> jobs = jobsOf(*listed);
            ASSERT_EQ(jobs.size(), walked->jobs.size() + 2);
            const std::vector<std::string> late(jobs.end() - 2, jobs.end());
            jobs.resize(walked->jobs.size());
            EXPECT_EQ(jobs, jobsOf(*walked));
            EXPECT_TRUE(std::any_of(late.begin(), late.end(),
                [&](const std::string& job) {
                    return job.find(" " + utf8(root / "missing.jpg") + " 2 no such file or folder")
                        != std::string::npos;
                }))
                << late[0] << "\n"
                << late[1];
            EXPECT_TRUE(std::any_of(late.begin(), late.end(),
                [&](const std::string& job) {
                    return job.find("secret.jpg 2 outside the root folder " + utf8(tree.root))
                        != std::string::npos;
                }))
                << late[0] << "\n"
                << late[1];
            EXPECT_EQ(listed->outputRoots, walked->outputRoots);
            EXPECT_EQ(listed->outputFolders, walked->outputFolders);
            EXPECT_EQ(listed->inputIdentities, walked->inputIdentities);

            // Ignored paths: the walk's reasons wherever the walk reports the path too.
            const auto listedIgnored = ignoredOf(*listed);
            const auto walkedIgnored = ignoredOf(*walked);
            for (const auto& [path, reason] : walkedIgnored) {
                if (const auto at = listedIgnored.find(path); at != listedIgnored.end()) {
                    EXPECT_EQ(at->second, reason) << path;
                }
            }
            // Found whichever separator the path is written with (on Windows a list's '/' stays
            // in the path the planner reports).
            const auto reasonFor = [&](const std::string& rel) {
                const std::string wanted = test::genericUtf8(root / pathFromUtf8(rel));
                for (const auto& [path, reason] : listedIgnored) {
                    if (test::genericUtf8(pathFromUtf8(path)) == wanted) {
                        return reason;
                    }
                }
                return std::string("(not ignored)");
            };
            EXPECT_EQ(reasonFor("notes.txt"), walkedIgnored.at(utf8(root / "notes.txt")));
            EXPECT_EQ(
                reasonFor("ResizeImage/sub/a.jpg"), walkedIgnored.at(utf8(root / "ResizeImage")));
            EXPECT_EQ(reasonFor("marked/m.jpg"), walkedIgnored.at(utf8(root / "marked")));
            EXPECT_EQ(reasonFor("sub"),
                "a folder: a list names files, one a line; make one with dropsize-cli --list "
                "FOLDER");
            EXPECT_EQ(reasonFor("sub/a.jpg"), "same file already taken by another path");
            EXPECT_EQ(reasonFor("sub2/x.png"), "same file already taken by another path");
#ifndef _WIN32
            for (const char* name : { "alias.jpg", "escape.jpg", "pipe.jpg", "sub2/hard.png" }) {
                EXPECT_EQ(reasonFor(name), walkedIgnored.at(utf8(root / name))) << name;
            }
#endif
        }
    }

#ifndef _WIN32
    // A listed path longer than the system takes (past PATH_MAX on Linux) fails with the
    // system's reason, as a walk fails it; it is never said to be in a folder of outputs.
    TEST(BatchPlannerManifest, APathTooLongForTheSystemFailsWithItsReason)
    {
        test::TempDir tmp;
        std::string deep;
        for (int i = 0; i < 24; ++i) {
            deep += std::string(200, static_cast<char>('a' + i % 26)) + "/";
        }
        auto listed = planList({}, tmp.path(), { deep + "photo.jpg" });
        ASSERT_TRUE(listed.ok()) << listed.error().message;
        ASSERT_EQ(listed->jobs.size(), 1u) << "a failure, not an ignored path";
        const std::string outcome = test::outcomeOf(listed->jobs[0]);
        EXPECT_EQ(outcome.find("outputs"), std::string::npos) << outcome;
        EXPECT_TRUE(listed->ignored.empty());
    }

    TEST(BatchPlannerManifest, TakesALinkedFileByItsRealPath)
    {
        test::TempDir tmp;
        const Tree tree = makeTree(tmp.path());
        const fs::path root = fs::canonical(tree.root);
        // Only the link is listed: the file is taken, by its own path, its outputs following it.
        auto listed = planList({}, tree.root, { "alias.jpg", "escape.jpg" });
        ASSERT_TRUE(listed.ok()) << listed.error().message;
        ASSERT_EQ(listed->jobs.size(), 1u);
        EXPECT_EQ(listed->jobs[0].input(), root / "sub" / "a.jpg");
        EXPECT_EQ(listed->jobs[0].output(), root / "ResizeImage" / "sub" / "a.jpg");
        ASSERT_EQ(listed->ignored.size(), 1u);
        EXPECT_EQ(
            listed->ignored[0].reason.english(), "symbolic link leads out of the input folder");
    }
#endif

    TEST(BatchPlannerManifest, ChecksTheOutputFolderAsTheWalkDoes)
    {
        test::TempDir tmp;
        const Tree tree = makeTree(tmp.path());
        PlanOptions options;
        options.outputFolder = tree.root / "sub" / "out";
        auto walked = BatchPlanner(options).plan({ tree.root });
        auto listed = planList(options, tree.root, { "top.jpg" });
        ASSERT_FALSE(walked.ok());
        ASSERT_FALSE(listed.ok());
        EXPECT_EQ(listed.error().message, walked.error().message);

        // A chosen output folder outside: the mirrored tree goes below it.
        options.outputFolder = tmp.path() / "out";
        walked = BatchPlanner(options).plan({ tree.root });
        listed = planList(options, tree.root, everyFile(tree.root, 1));
        ASSERT_TRUE(walked.ok());
        ASSERT_TRUE(listed.ok());
        EXPECT_EQ(jobsOf(*listed), jobsOf(*walked));

        // A root that is no folder, or missing, is refused.
        listed = planList({}, tree.root / "top.jpg", { "x.jpg" });
        ASSERT_FALSE(listed.ok());
        EXPECT_EQ(listed.error().code, ErrorCode::InvalidArgument);
        listed = planList({}, tmp.path() / "nowhere", { "x.jpg" });
        ASSERT_FALSE(listed.ok());
        EXPECT_EQ(listed.error().code, ErrorCode::InvalidArgument);
    }

    TEST(BatchPlannerManifest, NumbersInNamesAreTheWalks)
    {
        test::TempDir tmp;
        const Tree tree = makeTree(tmp.path());
        PlanOptions options;
        auto pattern = NameTemplate::parse("{n}-{name}.{ext}");
        ASSERT_TRUE(pattern.ok());
        options.nameTemplate = *pattern;
        auto walked = BatchPlanner(options).plan({ tree.root });
        std::vector<std::string> lines = everyFile(tree.root, 11);
        lines.push_back("missing.jpg");
        auto listed = planList(options, tree.root, lines);
        ASSERT_TRUE(walked.ok());
        ASSERT_TRUE(listed.ok());
        std::vector<std::string> jobs = jobsOf(*listed);
        ASSERT_EQ(jobs.size(), walked->jobs.size() + 1);
        jobs.pop_back();
        EXPECT_EQ(jobs, jobsOf(*walked));
    }

    TEST(BatchPlannerManifest, PartsOfAListAreTogetherTheWholeAndTheWalksParts)
    {
        test::TempDir tmp;
        const Tree tree = makeTree(tmp.path());
        std::vector<std::string> lines = everyFile(tree.root, 5);
        lines.push_back("missing.jpg");
        lines.push_back("../elsewhere/secret.jpg");
        lines.push_back("sub");
        lines.push_back("sub/a.jpg");
        PlanOptions options;
        auto whole = planList(options, tree.root, lines);
        ASSERT_TRUE(whole.ok());
        for (const std::uint32_t n : { 1u, 2u, 3u, 4u, 7u }) {
            SCOPED_TRACE("parts: " + std::to_string(n));
            std::set<std::string> jobs;
            std::map<std::string, std::string> ignored;
            for (std::uint32_t i = 0; i < n; ++i) {
                PlanOptions part = options;
                part.shard = Shard { i, n };
                auto listed = planList(part, tree.root, lines);
                ASSERT_TRUE(listed.ok());
                for (const std::string& job : jobsOf(*listed)) {
                    EXPECT_TRUE(jobs.insert(job).second) << job;
                }
                for (const auto& [path, reason] : ignoredOf(*listed)) {
                    EXPECT_TRUE(ignored.emplace(path, reason).second) << path;
                }
                // A part of the list takes the files a part of the walk takes.
                auto walked = BatchPlanner(part).plan({ tree.root });
                ASSERT_TRUE(walked.ok());
                std::vector<std::string> own = jobsOf(*listed);
                std::erase_if(own, [&](const std::string& job) {
                    return job.find("missing.jpg") != std::string::npos
                        || job.find("secret.jpg") != std::string::npos;
                });
                EXPECT_EQ(own, jobsOf(*walked));
            }
            const std::vector<std::string> all = jobsOf(*whole);
            EXPECT_EQ(jobs, std::set<std::string>(all.begin(), all.end()));
            EXPECT_EQ(ignored, ignoredOf(*whole));
        }
    }

} // namespace
} // namespace dropsize

// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "core/batch/plan_text.h"
#include "dropsize/core/batch_planner.h"
#include "dropsize/core/path_text.h"
#include "dropsize/core/shard.h"
#include "support/test_support.h"

#include <algorithm>
#include <fstream>
#include <gtest/gtest.h>
#include <map>
#include <set>
#include <unordered_set>

namespace dropsize {
namespace {

    namespace fs = std::filesystem;

    using test::ignoredOf;

    std::map<std::string, std::string> jobsOf(const BatchPlan& plan)
    {
        std::map<std::string, std::string> jobs;
        for (const Job& job : plan.jobs) {
            EXPECT_TRUE(jobs.emplace(utf8(job.input()), test::outcomeOf(job)).second)
                << utf8(job.input());
        }
        return jobs;
    }

    BatchPlan planOf(PlanOptions options, const std::vector<fs::path>& inputs)
    {
        auto plan = BatchPlanner(std::move(options)).plan(inputs);
        EXPECT_TRUE(plan.ok()) << (plan.ok() ? "" : plan.error().describe().english());
        return plan.ok() ? std::move(*plan) : BatchPlan {};
    }

    /// Plans every part of `count` and checks that they are disjoint and together the whole
    /// plan: the same jobs (input, outputs, actions, reasons, ids), the same ignored paths,
    /// each in one part, and each part's output folders exactly those its jobs write to.
    void expectPartsMakeTheWhole(
        const PlanOptions& options, const std::vector<fs::path>& inputs, std::uint32_t count)
    {
        SCOPED_TRACE("parts: " + std::to_string(count));
        const BatchPlan whole = planOf(options, inputs);
        std::map<std::string, std::size_t> wholeIds;
        for (const Job& job : whole.jobs) {
            wholeIds[utf8(job.input())] = job.id;
        }
        std::map<std::string, std::string> jobs;
        std::map<std::string, std::string> ignored;
        for (std::uint32_t i = 0; i < count; ++i) {
            PlanOptions partOptions = options;
            partOptions.shard = Shard { i, count };
            const BatchPlan part = planOf(partOptions, inputs);
            std::set<fs::path> dirs;
            for (const Job& job : part.jobs) {
                const std::string input = utf8(job.input());
                EXPECT_TRUE(jobs.emplace(input, test::outcomeOf(job)).second)
                    << input << " in two parts";
                EXPECT_EQ(job.id, wholeIds[input]) << input;
                for (const JobOutput& out : job.outputs) {
                    dirs.insert(out.output().parent_path());
                }
            }
            for (const IgnoredPath& path : part.ignored) {
                EXPECT_TRUE(ignored.emplace(utf8(path.path), path.reason.english()).second)
                    << utf8(path.path) << " in two parts";
            }
            EXPECT_EQ(
                std::set<fs::path>(part.outputFolders.begin(), part.outputFolders.end()), dirs);
            EXPECT_EQ(part.outputFolders.size(), dirs.size());
            EXPECT_EQ(part.outputRoots, whole.outputRoots);
            EXPECT_EQ(part.inputIdentities, whole.inputIdentities);
        }
        EXPECT_EQ(jobs, jobsOf(whole));
        EXPECT_EQ(ignored, ignoredOf(whole));
    }

    /// A tree with sub-folders, names that collide once written as PNG, files that are not
    /// images, one that fails and outputs already on disk.
    fs::path makeTree(const fs::path& base)
    {
        fs::path root = base / "photos";
        fs::create_directories(root / "a" / "b");
        fs::create_directories(root / "c");
        for (int i = 0; i < 24; ++i) {
            const fs::path dir = i % 3 == 0 ? root : i % 3 == 1 ? root / "a" : root / "a" / "b";
            test::writeTestJpeg(dir / ("p" + std::to_string(i) + ".jpg"), 8 + i, 8);
        }
        test::writeTestJpeg(root / "c" / "x.jpg", 8, 8);
        test::writeTestPng(root / "c" / "x.png", 9, 9);
        test::writeTestPng(root / "c" / "x_jpg.png", 10, 10);
        for (int i = 0; i < 6; ++i) {
            std::ofstream(root / "a" / ("notes" + std::to_string(i) + ".txt")) << "text";
        }
        std::ofstream(root / "c" / "broken.jpg") << "not a jpeg";
        fs::create_directories(root / "ResizeImage" / "a");
        std::ofstream(root / "ResizeImage" / "p0.png") << "an earlier output";
        std::ofstream(root / "ResizeImage" / "a" / "p1.png") << "an earlier output";
        return root;
    }

    TEST(BatchPlannerShard, PartsAreDisjointAndTogetherTheWholePlan)
    {
        test::TempDir tmp;
        const fs::path root = makeTree(tmp.path());
        PlanOptions options;
        options.format = OutputFormat::Png;
        const BatchPlan whole = planOf(options, { root });
        // The tree is what the test means it to be: collisions settled, a failure, outputs that
        // exist, files left out.
        std::map<std::string, std::string> names;
        for (const Job& job : whole.jobs) {
            names[test::genericUtf8(fs::relative(job.input(), root))]
                = job.outputs.empty() ? "" : test::genericUtf8(fs::relative(job.output(), root));
        }
        EXPECT_EQ(names["c/x.png"], "ResizeImage/c/x.png");
        EXPECT_EQ(names["c/x_jpg.png"], "ResizeImage/c/x_jpg.png");
        EXPECT_NE(names["c/x.jpg"], "ResizeImage/c/x.png");
        EXPECT_NE(names["c/x.jpg"], "ResizeImage/c/x_jpg.png");
        const auto count = [&](JobAction action) {
            return std::count_if(whole.jobs.begin(), whole.jobs.end(),
                [&](const Job& job) { return job.action == action; });
        };
        EXPECT_EQ(count(JobAction::Skip), 2);
        EXPECT_EQ(count(JobAction::Fail), 1);
        EXPECT_EQ(whole.ignored.size(), 7u); // the notes and the ResizeImage folder
        for (const std::uint32_t n : { 1u, 2u, 3u, 4u, 7u }) {
            expectPartsMakeTheWhole(options, { root }, n);
        }
        options.onExisting = ExistingPolicy::Overwrite;
        expectPartsMakeTheWhole(options, { root }, 3);
    }

    TEST(BatchPlannerShard, APartDoesNotDependOnTheOrderOfTheInputs)
    {
        test::TempDir tmp;
        const fs::path root = makeTree(tmp.path());
        // Two cameras' first pictures, given as files into one output folder.
        fs::create_directories(tmp.path() / "A");
        fs::create_directories(tmp.path() / "B");
        test::writeTestJpeg(tmp.path() / "A" / "IMG_0001.JPG", 8, 8);
        test::writeTestJpeg(tmp.path() / "B" / "IMG_0001.JPG", 9, 9);
        std::ofstream(tmp.path() / "A" / "readme.txt") << "text";
        PlanOptions options;
        options.outputFolder = tmp.path() / "out";
        std::vector<fs::path> inputs { root, tmp.path() / "A" / "IMG_0001.JPG",
            tmp.path() / "B" / "IMG_0001.JPG", tmp.path() / "A" / "readme.txt",
            tmp.path() / "missing.jpg" };
        const BatchPlan whole = planOf(options, inputs);
        std::set<std::string> outputs;
        for (const Job& job : whole.jobs) {
            outputs.insert(utf8(job.output().filename()));
        }
        EXPECT_EQ(outputs.count("IMG_0001 (A).JPG"), 1u);
        EXPECT_EQ(outputs.count("IMG_0001 (B).JPG"), 1u);
        const auto expected = jobsOf(whole);
        const auto expectedIgnored = ignoredOf(whole);
        std::sort(inputs.begin(), inputs.end());
        int orders = 0;
        do {
            for (const std::uint32_t n : { 2u, 3u }) {
                std::map<std::string, std::string> jobs;
                std::map<std::string, std::string> ignored;
                for (std::uint32_t i = 0; i < n; ++i) {
                    PlanOptions partOptions = options;
                    partOptions.shard = Shard { i, n };
                    const BatchPlan part = planOf(partOptions, inputs);
                    for (const auto& [input, text] : jobsOf(part)) {
                        EXPECT_TRUE(jobs.emplace(input, text).second) << input;
                    }
                    for (const auto& [path, reason] : ignoredOf(part)) {
                        EXPECT_TRUE(ignored.emplace(path, reason).second) << path;
                    }
                }
                EXPECT_EQ(jobs, expected);
                EXPECT_EQ(ignored, expectedIgnored);
            }
            ++orders;
        } while (std::next_permutation(inputs.begin(), inputs.end()) && orders < 24);
        EXPECT_EQ(orders, 24);
        for (const std::uint32_t n : { 1u, 2u, 3u, 4u, 7u }) {
            expectPartsMakeTheWhole(options, inputs, n);
        }
    }

    TEST(BatchPlannerShard, NumbersInNamesAreTheWholeBatchs)
    {
        test::TempDir tmp;
        const fs::path root = makeTree(tmp.path());
        PlanOptions options;
        auto pattern = NameTemplate::parse("{n}-{name}.{ext}");
        ASSERT_TRUE(pattern.ok());
        options.nameTemplate = *pattern;
        const BatchPlan whole = planOf(options, { root });
        std::set<std::string> numbers;
        for (const Job& job : whole.jobs) {
            if (!job.outputs.empty()) {
                numbers.insert(utf8(job.output().filename()).substr(0, 2));
            }
        }
        EXPECT_GT(numbers.size(), 20u); // each job its own number
        for (const std::uint32_t n : { 1u, 2u, 3u, 4u, 7u }) {
            expectPartsMakeTheWhole(options, { root }, n);
        }
    }

    TEST(BatchPlannerShard, NamesThatReadTheHeadersAreTheWholeBatchs)
    {
        test::TempDir tmp;
        const fs::path root = tmp.path() / "in";
        fs::create_directories(root);
        // Two images of one size, whose {w}x{h} names collide: the first by name keeps it.
        test::writeTestJpeg(root / "a.jpg", 40, 30);
        test::writeTestJpeg(root / "b.jpg", 40, 30);
        test::writeTestJpeg(root / "c.jpg", 50, 30);
        PlanOptions options;
        auto pattern = NameTemplate::parse("{w}x{h}.{ext}");
        ASSERT_TRUE(pattern.ok());
        options.nameTemplate = *pattern;
        const BatchPlan whole = planOf(options, { root });
        ASSERT_EQ(whole.jobs.size(), 3u);
        EXPECT_EQ(whole.jobs[1].action, JobAction::Fail) << test::outcomeOf(whole.jobs[1]);
        for (const std::uint32_t n : { 1u, 2u, 3u, 4u, 7u }) {
            expectPartsMakeTheWhole(options, { root }, n);
        }
    }

    TEST(BatchPlannerShard, APathsPartIsShardOfItsPathRelativeToItsRoot)
    {
        test::TempDir tmp;
        const fs::path root = makeTree(tmp.path());
        fs::create_directories(tmp.path() / "A");
        test::writeTestJpeg(tmp.path() / "A" / "given.jpg", 8, 8);
        const std::vector<fs::path> inputs { root, tmp.path() / "A" / "given.jpg",
            tmp.path() / "A" / "missing.jpg" };
        constexpr std::uint32_t kParts = 5;
        std::map<std::string, std::uint32_t> partOf;
        for (std::uint32_t i = 0; i < kParts; ++i) {
            PlanOptions options;
            options.shard = Shard { i, kParts };
            const BatchPlan part = planOf(options, inputs);
            for (const Job& job : part.jobs) {
                partOf[utf8(job.input())] = i;
            }
            for (const IgnoredPath& path : part.ignored) {
                partOf[utf8(path.path)] = i;
            }
        }
        const fs::path canonical = fs::canonical(root);
        EXPECT_EQ(partOf.at(utf8(canonical / "a" / "b" / "p2.jpg")), shardOf("a/b/p2.jpg", kParts));
        EXPECT_EQ(partOf.at(utf8(canonical / "p0.jpg")), shardOf("p0.jpg", kParts));
        EXPECT_EQ(partOf.at(utf8(canonical / "a" / "notes0.txt")), shardOf("a/notes0.txt", kParts));
        EXPECT_EQ(partOf.at(utf8(canonical / "ResizeImage")), shardOf("ResizeImage", kParts));
        EXPECT_EQ(partOf.at(utf8(fs::canonical(tmp.path() / "A" / "given.jpg"))),
            shardOf("given.jpg", kParts));
        EXPECT_EQ(
            partOf.at(utf8(tmp.path() / "A" / "missing.jpg")), shardOf("missing.jpg", kParts));
    }

    TEST(BatchPlannerShard, RefusesTheRenamePolicy)
    {
        test::TempDir tmp;
        test::writeTestJpeg(tmp.path() / "a.jpg", 8, 8);
        PlanOptions options;
        options.onExisting = ExistingPolicy::Rename;
        options.shard = Shard { 0, 2 };
        auto plan = BatchPlanner(options).plan({ tmp.path() });
        ASSERT_FALSE(plan.ok());
        EXPECT_EQ(plan.error().code, ErrorCode::InvalidArgument);
        EXPECT_NE(plan.error().message.find("--on-existing rename"), std::string::npos)
            << plan.error().message;
        EXPECT_NE(plan.error().message.find("--on-existing skip"), std::string::npos);
        options.shard = Shard { 2, 2 };
        options.onExisting = ExistingPolicy::Skip;
        plan = BatchPlanner(options).plan({ tmp.path() });
        ASSERT_FALSE(plan.ok());
        EXPECT_EQ(plan.error().code, ErrorCode::InvalidArgument);
        // Without a shard, Rename plans as ever.
        options.shard.reset();
        options.onExisting = ExistingPolicy::Rename;
        EXPECT_TRUE(BatchPlanner(options).plan({ tmp.path() }).ok());
    }

    /// FNV-1a (64 bits) and splitmix64's finaliser, written again from their definitions.
    std::uint64_t referenceHash(const std::string& text)
    {
        std::uint64_t h = 0xcbf29ce484222325ull;
        for (char c : text) {
            h ^= static_cast<unsigned char>(c == '\\' ? '/' : c);
            h *= 0x100000001b3ull;
        }
        h = (h ^ (h >> 30)) * 0xbf58476d1ce4e5b9ull;
        h = (h ^ (h >> 27)) * 0x94d049bb133111ebull;
        return h ^ (h >> 31);
    }

    TEST(BatchPlannerShard, ShardOfIsStableAndSpreadsNamesEvenly)
    {
        const std::vector<std::string> names { "", "a", "a.jpg", "sub/a.jpg", "Ünïcødé/фото.jpg",
            "-dash.png", "with space/x y.JPG", std::string(300, 'z') };
        for (const std::string& name : names) {
            EXPECT_EQ(shardHash(name), referenceHash(name)) << name;
            for (const std::uint32_t n : { 1u, 2u, 7u, 1000u }) {
                EXPECT_EQ(shardOf(name, n), referenceHash(name) % n) << name;
            }
        }
        // Pinned, so that a change to the hash (which would move files between the parts of
        // machines that run different versions) cannot pass unseen.
        EXPECT_EQ(shardHash(""), 0xf52a15e9a9b5e89bull);
        EXPECT_EQ(shardHash("sub/a.jpg"), 0x6e6f9f446c84468dull);
        EXPECT_EQ(shardOf("sub/a.jpg", 7), 2u);
        EXPECT_EQ(shardHash("a\\b\\c.jpg"), shardHash("a/b/c.jpg"));
        EXPECT_EQ(shardOf("x", 0), 0u);

        std::vector<int> counts(4, 0);
        for (int i = 0; i < 10'000; ++i) {
            ++counts[shardOf("DCIM/100CANON/IMG_" + std::to_string(10000 + i) + ".JPG", 4)];
        }
        for (int c : counts) {
            EXPECT_GE(c, 2000);
            EXPECT_LE(c, 3000);
        }
    }

} // namespace
} // namespace dropsize

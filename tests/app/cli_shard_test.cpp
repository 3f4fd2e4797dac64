// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors

// dropsize-cli split over machines, end to end: shards, lists, reports, their merge and the
// exit statuses an engine acts on (docs/scale-out.md). The real Slurm cluster and GNU parallel
// runs are tests/cluster/.

#include "app/cli_support.h"
#include "cli/json_reader.h"
#include "dropsize/core/atomic_file_writer.h"
#include "dropsize/core/path_text.h"
#include "support/child_process.h"
#include "support/test_support.h"

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <gtest/gtest.h>
#include <map>
#include <sstream>
#include <thread>
#ifndef _WIN32
#include <csignal>
#include <sys/mount.h>
#include <unistd.h>
#endif

namespace dropsize {
namespace {

    namespace fs = std::filesystem;

    using test::cliProgram;
    using test::CliRun;
    using test::slurp;

    std::vector<std::string> lines(const std::string& text)
    {
        std::vector<std::string> out;
        std::istringstream in(text);
        for (std::string line; std::getline(in, line);) {
            out.push_back(line);
        }
        return out;
    }

    // Every file below `dir` (the output marker left out) with its bytes, by relative path.
    std::map<std::string, std::string> tree(const fs::path& dir)
    {
        std::map<std::string, std::string> files;
        if (!fs::exists(dir)) {
            return files;
        }
        for (const auto& e : fs::recursive_directory_iterator(dir)) {
            if (e.is_regular_file() && e.path().filename() != kOutputMarkerName) {
                files[utf8(fs::relative(e.path(), dir))] = slurp(e.path());
            }
        }
        return files;
    }

    std::vector<std::string> names(const std::map<std::string, std::string>& files)
    {
        std::vector<std::string> out;
        out.reserve(files.size());
        for (const auto& [name, bytes] : files) {
            out.push_back(name);
        }
        return out;
    }

    // Sets an environment variable for one test, and puts it back as it was.
    class ScopedEnv {
    public:
        ScopedEnv(const char* name, const char* value)
            : m_name(name)
        {
            if (const char* old = std::getenv(name)) {
                m_old = old;
            }
            set(value);
        }
        ~ScopedEnv() { set(m_old ? m_old->c_str() : nullptr); }
        ScopedEnv(const ScopedEnv&) = delete;
        ScopedEnv& operator=(const ScopedEnv&) = delete;

    private:
        void set(const char* value)
        {
#ifdef _WIN32
            ::_putenv_s(m_name.c_str(), value != nullptr ? value : "");
#else
            if (value != nullptr) {
                ::setenv(m_name.c_str(), value, 1);
            } else {
                ::unsetenv(m_name.c_str());
            }
#endif
        }
        std::string m_name;
        std::optional<std::string> m_old;
    };

    struct CliShardTest : ::testing::Test {
        test::TempDir tmp;
        test::TempDir scratch;
        fs::path in() const { return tmp.path() / "photos"; }
        fs::path at(const std::string& name) const { return tmp.path() / name; }

        void SetUp() override
        {
            // Sub-folders, names two inputs want (x.jpg and x.png, both written as PNG), a name
            // with spaces and one in UTF-8, a bad image and a file that is no image.
            fs::create_directories(in() / "trip" / "day 2");
            test::writeTestJpeg(in() / "x.jpg", 64, 48);
            test::writeTestPng(in() / "x.png", 40, 30, 4);
            test::writeTestJpeg(in() / "trip" / "beach.jpg", 90, 60);
            test::writeTestJpeg(in() / "trip" / "day 2" / pathFromUtf8("北京.jpg"), 50, 80);
            for (int i = 0; i < 12; ++i) {
                test::writeTestJpeg(in() / "trip" / ("p" + std::to_string(i) + ".jpg"), 40 + i, 30);
            }
            std::ofstream(in() / "broken.jpg") << "not a JPEG at all";
            std::ofstream(in() / "notes.txt") << "a note";
        }

        CliRun run(const std::vector<std::string>& args) const
        {
            const fs::path out = scratch.path() / "stdout.txt";
            const fs::path err = scratch.path() / "stderr.txt";
            CliRun r;
            r.exitCode = test::runProgram(cliProgram(), args, out, err);
            r.out = slurp(out);
            r.err = slurp(err);
            return r;
        }

        // The settings every run of a test shares.
        std::vector<std::string> settings(const fs::path& output) const
        {
            return { utf8(in()), "--output", utf8(output), "--percent", "50", "--format", "png" };
        }

        // The two shards of a split in two run, their reports in at("reports").
        void writeTwoShardReports() const
        {
            for (int i = 0; i < 2; ++i) {
                auto args = settings(at("out"));
                args.insert(args.end(),
                    { "--shard", std::to_string(i) + "/2", "--report", utf8(at("reports")) + "/" });
                (void)run(args);
            }
        }
    };

    TEST_F(CliShardTest, TheShardsTogetherWriteWhatOneRunWritesAndEachFileOnce)
    {
        const CliRun whole = run(settings(at("whole")));
        ASSERT_EQ(whole.exitCode, 1) << whole.err; // broken.jpg
        const auto expected = tree(at("whole"));
        ASSERT_GE(expected.size(), 16u);
        // The collision is settled as in the whole run: x.png keeps its name.
        ASSERT_EQ(expected.count("x.png"), 1u);
        ASSERT_EQ(expected.count("x_jpg.png"), 1u);

        for (const int count : { 1, 3, 4 }) {
            SCOPED_TRACE("shards: " + std::to_string(count));
            const fs::path out = at("split" + std::to_string(count));
            const fs::path reports = at("reports" + std::to_string(count));
            std::map<std::string, std::string> seen;
            for (int i = 0; i < count; ++i) {
                const fs::path part = out / std::to_string(i);
                std::vector<std::string> args = settings(part);
                args.insert(args.end(),
                    { "--shard", std::to_string(i) + "/" + std::to_string(count), "--report",
                        utf8(reports) + "/" });
                const CliRun r = run(args);
                EXPECT_TRUE(r.exitCode == 0 || r.exitCode == 1) << r.err;
                for (const auto& [name, bytes] : tree(part)) {
                    EXPECT_TRUE(seen.emplace(name, bytes).second) << name << " written twice";
                }
                EXPECT_TRUE(fs::exists(reports
                    / ("shard-" + std::to_string(i) + "-of-" + std::to_string(count) + ".jsonl")));
            }
            EXPECT_EQ(names(seen), names(expected));
            EXPECT_TRUE(seen == expected) << "the bytes differ from one run's";

            const CliRun merged = run({ "--merge-reports", utf8(reports), "--json" });
            EXPECT_EQ(merged.exitCode, 1) << merged.out << merged.err; // the broken file
            std::string why;
            ASSERT_TRUE(cli::parseJson(merged.out.substr(0, merged.out.find('\n')), &why)) << why;
            EXPECT_NE(merged.out.find("\"missing\":[]"), std::string::npos) << merged.out;
            EXPECT_NE(
                merged.out.find("\"ok\":" + std::to_string(expected.size())), std::string::npos)
                << merged.out;
            EXPECT_NE(merged.out.find("\"failed\":1,"), std::string::npos) << merged.out;
            EXPECT_NE(merged.out.find("\"duplicates\":0"), std::string::npos) << merged.out;
        }
    }

    TEST_F(CliShardTest, EveryReportLineIsJsonAndTheLastCountsTheShard)
    {
        const CliRun r = run([&] {
            auto args = settings(at("out"));
            args.insert(args.end(), { "--shard", "1/2", "--report", utf8(at("reports")) + "/" });
            return args;
        }());
        ASSERT_TRUE(r.exitCode == 0 || r.exitCode == 1) << r.err;
        const std::vector<std::string> report = lines(slurp(at("reports") / "shard-1-of-2.jsonl"));
        ASSERT_FALSE(report.empty());
        std::size_t jobs = 0;
        for (const std::string& line : report) {
            std::string why;
            EXPECT_TRUE(cli::parseJson(line, &why)) << why << ": " << line;
            if (line.starts_with("{\"event\":\"job-finished\"")) {
                ++jobs;
                EXPECT_NE(line.find(",\"retry\":false}"), std::string::npos) << line;
                // The hash that chose the part: odd, for part 1 of 2.
                const std::size_t part = line.find(",\"part\":\"");
                ASSERT_NE(part, std::string::npos) << line;
                const std::string hex = line.substr(part + 9, 16);
                EXPECT_EQ(std::stoull(hex, nullptr, 16) % 2, 1u) << line;
            }
        }
        const std::string& last = report.back();
        EXPECT_TRUE(
            last.starts_with("{\"event\":\"shard-finished\",\"shard\":1,\"shards\":2,\"total\":"
                + std::to_string(jobs) + ","))
            << last;
        EXPECT_NE(last.find("\"exit\":" + std::to_string(r.exitCode)), std::string::npos) << last;
        // Nothing but the report is left beside it.
        for (const auto& e : fs::directory_iterator(tmp.path())) {
            EXPECT_FALSE(utf8(e.path().filename()).ends_with(".tmp")) << e.path();
        }
    }

    TEST_F(CliShardTest, AutoTakesTheIndexFromTheEngine)
    {
        const CliRun explicitPart = run({ utf8(in()), "--list", "--shard", "2/3" });
        ASSERT_EQ(explicitPart.exitCode, 0) << explicitPart.err;
        ASSERT_FALSE(explicitPart.out.empty());
        for (const char* variable :
            { "SLURM_ARRAY_TASK_ID", "JOB_COMPLETION_INDEX", "AWS_BATCH_JOB_ARRAY_INDEX" }) {
            SCOPED_TRACE(variable);
            const ScopedEnv index(variable, "2");
            const CliRun r = run({ utf8(in()), "--list", "--shard", "auto/3" });
            EXPECT_EQ(r.exitCode, 0) << r.err;
            EXPECT_EQ(r.out, explicitPart.out);
        }
        {
            // Slurm gives the count too.
            const ScopedEnv index("SLURM_ARRAY_TASK_ID", "2");
            const ScopedEnv count("SLURM_ARRAY_TASK_COUNT", "3");
            const CliRun r = run({ utf8(in()), "--list", "--shard", "auto" });
            EXPECT_EQ(r.exitCode, 0) << r.err;
            EXPECT_EQ(r.out, explicitPart.out);
        }
        {
            const CliRun r = run({ utf8(in()), "--list", "--shard", "auto/3" });
            EXPECT_EQ(r.exitCode, 2);
            EXPECT_NE(r.err.find("SLURM_ARRAY_TASK_ID"), std::string::npos) << r.err;
        }
        {
            const ScopedEnv index("SLURM_ARRAY_TASK_ID", "3");
            const CliRun r = run({ utf8(in()), "--list", "--shard", "auto/3" });
            EXPECT_EQ(r.exitCode, 2);
            EXPECT_NE(
                r.err.find("SLURM_ARRAY_TASK_ID is 3, not an index from 0 to 2"), std::string::npos)
                << r.err;
        }
        // The parts' lists make the whole list, each file once.
        const CliRun all = run({ utf8(in()), "--list" });
        std::vector<std::string> parts;
        for (int i = 0; i < 3; ++i) {
            const CliRun r = run({ utf8(in()), "--list", "--shard", std::to_string(i) + "/3" });
            for (const std::string& line : lines(r.out)) {
                parts.push_back(line);
            }
        }
        std::sort(parts.begin(), parts.end());
        EXPECT_EQ(parts, lines(all.out));
    }

    TEST_F(CliShardTest, AListOfAWalkRunsAsTheWalkDoes)
    {
        const CliRun walk = run(settings(at("walk")));
        ASSERT_EQ(walk.exitCode, 1) << walk.err;
        const CliRun listed = run({ utf8(in()), "--list" });
        ASSERT_EQ(listed.exitCode, 0) << listed.err;
        const std::vector<std::string> list = lines(listed.out);
        // Relative to the folder, sorted, every file the run takes (the broken one too, which
        // fails in the run; not the text file, which the walk leaves out).
        EXPECT_TRUE(std::is_sorted(list.begin(), list.end()));
        EXPECT_NE(std::find(list.begin(), list.end(), "trip/day 2/北京.jpg"), list.end());
        EXPECT_NE(std::find(list.begin(), list.end(), "broken.jpg"), list.end());
        EXPECT_EQ(std::find(list.begin(), list.end(), "notes.txt"), list.end());
        std::ofstream(at("list.txt"), std::ios::binary) << listed.out;

        const CliRun fromList = run({ "--files-from", utf8(at("list.txt")), "--root", utf8(in()),
            "--output", utf8(at("listed")), "--percent", "50", "--format", "png" });
        EXPECT_EQ(fromList.exitCode, 1) << fromList.err;
        EXPECT_TRUE(tree(at("listed")) == tree(at("walk"))) << "the list ran otherwise";
    }

#ifndef _WIN32
    TEST_F(CliShardTest, NamesWithALineFeedNeedNul)
    {
        test::writeTestJpeg(in() / "two\nlines.jpg", 30, 20);
        const CliRun plain = run({ utf8(in()), "--list" });
        EXPECT_EQ(plain.exitCode, 2) << "refused as a whole, as a usage error";
        EXPECT_EQ(plain.out, "") << "no list at all, rather than one without the name";
        EXPECT_NE(plain.err.find("--null"), std::string::npos) << plain.err;

        const CliRun nul = run({ utf8(in()), "--list", "--null" });
        ASSERT_EQ(nul.exitCode, 0) << nul.err;
        EXPECT_NE(nul.out.find(std::string("two\nlines.jpg") + '\0'), std::string::npos);
        std::ofstream(at("list0"), std::ios::binary) << nul.out;
        const CliRun r = run({ "--files-from", utf8(at("list0")), "--null", "--root", utf8(in()),
            "--output", utf8(at("out")), "--percent", "50" });
        EXPECT_EQ(r.exitCode, 1) << r.err; // broken.jpg
        EXPECT_TRUE(fs::exists(at("out") / "two\nlines.jpg"));
    }

    // Enough work that a signal lands in the middle of the batch.
    void writeBigPhotos(const fs::path& dir, int count)
    {
        fs::create_directories(dir);
        for (int i = 0; i < count; ++i) {
            test::writeTestJpeg(dir / ("big" + std::to_string(i) + ".jpg"), 3000, 2000);
        }
    }

    // Waits (up to 20 s) for the first output in `dir`; false when none came.
    bool waitForAnOutput(const fs::path& dir)
    {
        for (int i = 0; i < 2000; ++i) {
            if (fs::exists(dir)) {
                for (const auto& e : fs::directory_iterator(dir)) {
                    const std::string name = utf8(e.path().filename());
                    if (name.ends_with(".jpg") && !AtomicFileWriter::isTemporaryName(name)) {
                        return true;
                    }
                }
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(10));
        }
        return false;
    }

    TEST_F(CliShardTest, AKilledShardHasNoReportAndItsRerunFinishesTheJob)
    {
        const fs::path big = at("big");
        writeBigPhotos(big, 16);
        const std::vector<std::string> args = { utf8(big), "--output", utf8(at("out")), "--percent",
            "80", "--threads", "1", "--shard", "0/1", "--report", utf8(at("reports")) + "/" };
        {
            test::ChildProcess cli(cliProgram(), args, scratch.path() / "o", scratch.path() / "e");
            ASSERT_TRUE(waitForAnOutput(at("out")));
            cli.kill();
            ASSERT_EQ(cli.wait(), test::ChildProcess::kKilled) << "it finished before the kill";
        }
        EXPECT_FALSE(fs::exists(at("reports") / "shard-0-of-1.jsonl"));
        const CliRun missing = run({ "--merge-reports", utf8(at("reports")) });
        EXPECT_EQ(missing.exitCode, 75) << missing.out << missing.err;
        EXPECT_NE(missing.out.find("missing: shard 0"), std::string::npos) << missing.out;
        EXPECT_NE(missing.out.find("stopped before its end"), std::string::npos) << missing.out;
        // No report counts what is left: never "0 left to do".
        EXPECT_EQ(missing.out.find(" 0 left to do;"), std::string::npos) << missing.out;
        EXPECT_NE(missing.out.find("every file of 1 missing shard;"), std::string::npos)
            << missing.out;

        const std::size_t doneBefore = tree(at("out")).size();
        const CliRun rerun = run(args);
        EXPECT_EQ(rerun.exitCode, 0) << rerun.err;
        EXPECT_EQ(tree(at("out")).size(), 16u);
        const std::string report = slurp(at("reports") / "shard-0-of-1.jsonl");
        std::size_t exists = 0;
        for (const std::string& line : lines(report)) {
            exists += line.find("\"message\":\"output exists\"") != std::string::npos ? 1 : 0;
        }
        EXPECT_EQ(exists, doneBefore) << "what the killed run did is skipped, and only that";
        const CliRun merged = run({ "--merge-reports", utf8(at("reports")) });
        EXPECT_EQ(merged.exitCode, 0) << merged.out << merged.err;
        EXPECT_NE(merged.out.find("1 of 1 shards finished"), std::string::npos) << merged.out;
    }

    TEST_F(CliShardTest, AShardStoppedBySigtermExitsSeventyFiveAndSaysWhatIsLeft)
    {
        const fs::path big = at("big");
        writeBigPhotos(big, 16);
        const std::vector<std::string> args
            = { utf8(big), "--output", utf8(at("out")), "--percent", "80", "--threads", "1" };
        for (const bool shard : { false, true }) {
            SCOPED_TRACE(shard ? "with --shard" : "without --shard");
            fs::remove_all(at("out"));
            std::vector<std::string> a = args;
            const fs::path reportFile
                = shard ? at("reports") / "shard-0-of-1.jsonl" : at("r.jsonl");
            if (shard) {
                a.insert(a.end(), { "--shard", "0/1", "--report", utf8(at("reports")) + "/" });
            } else {
                a.insert(a.end(), { "--report", utf8(reportFile) });
            }
            test::ChildProcess cli(cliProgram(), a, scratch.path() / "o", scratch.path() / "e");
            ASSERT_TRUE(waitForAnOutput(at("out")));
            cli.sendSignal(SIGTERM);
            const int code = cli.wait();
            EXPECT_EQ(code, shard ? 75 : 143);
            const std::string report = slurp(reportFile);
            const std::vector<std::string> reportLines = lines(report);
            ASSERT_FALSE(reportLines.empty());
            EXPECT_NE(
                reportLines.back().find("\"exit\":" + std::to_string(code)), std::string::npos);
            std::size_t left = 0;
            for (const std::string& line : reportLines) {
                if (line.find("\"status\":\"cancelled\"") != std::string::npos) {
                    EXPECT_NE(line.find("\"retry\":true"), std::string::npos) << line;
                    ++left;
                }
            }
            EXPECT_GT(left, 0u);
            EXPECT_NE(reportLines.back().find("\"left\":" + std::to_string(left) + ","),
                std::string::npos)
                << reportLines.back();
            const CliRun merged = run({ "--merge-reports", utf8(reportFile) });
            EXPECT_EQ(merged.exitCode, 75) << merged.out;
            EXPECT_NE(merged.out.find("unfinished: shard 0"), std::string::npos) << merged.out;
        }
    }

    // Two runs given one report path at once: the one that ends second finds the other's report
    // there, which was not there when it began, and keeps it, saying its own was not kept.
    TEST_F(CliShardTest, ARunNeverReplacesTheReportAnotherRunWroteMeanwhile)
    {
        const fs::path big = at("big");
        writeBigPhotos(big, 8);
        test::ChildProcess slow(cliProgram(),
            { utf8(big), "--output", utf8(at("slow")), "--percent", "80", "--threads", "1",
                "--report", utf8(at("r.jsonl")) },
            scratch.path() / "o", scratch.path() / "e");
        ASSERT_TRUE(waitForAnOutput(at("slow")));
        const CliRun quick
            = run({ utf8(in()), "--output", utf8(at("quick")), "--report", utf8(at("r.jsonl")) });
        ASSERT_EQ(quick.exitCode, 1) << quick.err; // broken.jpg
        const std::string quickReport = slurp(at("r.jsonl"));
        EXPECT_EQ(slow.wait(), 75) << "the work is done, but no report says so";
        EXPECT_NE(
            slurp(scratch.path() / "e").find("this run's report was not kept"), std::string::npos)
            << slurp(scratch.path() / "e");
        EXPECT_EQ(slurp(at("r.jsonl")), quickReport);
    }

    TEST_F(CliShardTest, AFullDiskIsForAnotherRun)
    {
        if (::geteuid() != 0) {
            GTEST_SKIP() << "mounting a small file system for a full disk needs root";
        }
        const fs::path small = at("small");
        fs::create_directories(small);
        if (::mount("dropsize-test", small.c_str(), "tmpfs", 0, "size=96k") != 0) {
            GTEST_SKIP() << "cannot mount a tmpfs here (" << std::strerror(errno)
                         << "): no full disk to test with";
        }
        struct Unmount {
            fs::path path;
            ~Unmount() { ::umount2(path.c_str(), MNT_DETACH); }
        } unmount { small };
        const fs::path photos = at("many");
        fs::create_directories(photos);
        for (int i = 0; i < 12; ++i) {
            test::writeTestPng(photos / ("p" + std::to_string(i) + ".png"), 200, 200);
        }
        const std::vector<std::string> args = { utf8(photos), "--output", utf8(small / "out"),
            "--percent", "100", "--png-compression", "0", "--report", utf8(at("r.jsonl")) };
        const CliRun full = run(args);
        EXPECT_EQ(full.exitCode, 75) << full.err;
        EXPECT_NE(full.err.find("No space left on device"), std::string::npos) << full.err;
        const std::string report = slurp(at("r.jsonl"));
        EXPECT_NE(report.find("\"code\":\"no-space\""), std::string::npos) << report;
        EXPECT_NE(report.find("\"retry\":true"), std::string::npos);

        // With room, a re-run does the rest.
        ASSERT_EQ(::mount("dropsize-test", small.c_str(), "tmpfs", MS_REMOUNT, "size=8m"), 0)
            << std::strerror(errno);
        const CliRun rerun = run(args);
        EXPECT_EQ(rerun.exitCode, 0) << rerun.err;
        EXPECT_EQ(tree(small / "out").size(), 12u);
    }
#endif

    TEST_F(CliShardTest, ScaleOutUsageErrorsExitTwoAndSayWhy)
    {
        const struct {
            std::vector<std::string> args;
            std::string says;
        } cases[] = {
            { { utf8(in()), "--shard", "1/2", "--on-existing", "rename" }, "cannot be split" },
            { { utf8(in()), "--shard", "2/2" }, "from 0 to 1" },
            { { utf8(in()), "--shard", "0/0" }, "from 1 to" },
            { { utf8(in()), "--shard", "x" }, "INDEX/COUNT" },
            { { utf8(in()), "--root", utf8(in()) }, "--root goes with" },
            { { utf8(in()), "--null" }, "--null goes with" },
            { { utf8(in()), "--dry-run", "--report", utf8(at("r")) }, "--report writes" },
            { { "--merge-reports" }, "needs the reports" },
            { { "--files-from", utf8(at("absent.txt")) }, "cannot read the list" },
            { { "--files-from", utf8(at("absent.txt")), "--root", utf8(in()), utf8(in()) },
                "the list's alone" },
            { { utf8(in()), "--output", utf8(at("elsewhere")), "--report",
                  utf8(at("no") / "such" / "folder") + "/" },
                "" },
        };
        for (const auto& c : cases) {
            std::string line;
            for (const std::string& a : c.args) {
                line += a + " ";
            }
            SCOPED_TRACE(line);
            const CliRun r = run(c.args);
            if (c.says.empty()) {
                // A report folder that can be made is made: not an error.
                EXPECT_TRUE(r.exitCode == 0 || r.exitCode == 1) << r.err;
                continue;
            }
            EXPECT_EQ(r.exitCode, 2);
            EXPECT_NE(r.err.find(c.says), std::string::npos) << r.err;
        }
        EXPECT_FALSE(fs::exists(in() / "ResizeImage")) << "a usage error wrote something";

        // A report named as an input would be renamed over it at the end: refused, and the
        // original is left as it was.
        const std::string before = slurp(in() / "x.jpg");
        const CliRun overInput = run(
            { utf8(in()), "--output", utf8(at("elsewhere2")), "--report", utf8(in() / "x.jpg") });
        EXPECT_EQ(overInput.exitCode, 2);
        EXPECT_NE(overInput.err.find("not a finished Dropsize report"), std::string::npos)
            << overInput.err;
        EXPECT_EQ(slurp(in() / "x.jpg"), before);
        EXPECT_FALSE(fs::exists(at("elsewhere2")));
    }

#ifndef _WIN32 // links and process IDs as POSIX has them; the code is the same on Windows
    // Nothing but a finished report of the same part of the same split is ever replaced by a
    // report: not a photo beside the inputs or below a folder walked without recursion, not the
    // run's own list, not what a link points to; with --shard a file path that every shard
    // would share is refused with the fix.
    TEST_F(CliShardTest, AReportReplacesNothingButAReportOfTheSamePart)
    {
        fs::create_directories(at("sibling") / "deep");
        fs::create_directories(in() / "sub");
        test::writeTestJpeg(at("sibling") / "photo.jpg", 40, 30);
        test::writeTestJpeg(in() / "sub" / "below.jpg", 40, 30);
        std::ofstream(at("list.txt"), std::ios::binary) << utf8(in() / "x.jpg") << "\n";
        fs::create_symlink(at("sibling") / "photo.jpg", at("link.jsonl"));
        const struct {
            std::vector<std::string> args;
            fs::path report;
        } cases[] = {
            { { utf8(in()) }, at("sibling") / "photo.jpg" },
            { { utf8(in()), "--no-recursive" }, in() / "sub" / "below.jpg" },
            { { "--files-from", utf8(at("list.txt")) }, at("list.txt") },
            { { utf8(in()) }, at("link.jsonl") },
            { { utf8(in()) }, at("sibling") / "deep" },
        };
        for (const auto& c : cases) {
            SCOPED_TRACE(utf8(c.report));
            const bool folder = fs::is_directory(c.report);
            const std::string before = folder ? std::string() : slurp(c.report);
            std::vector<std::string> args = c.args;
            args.insert(args.end(), { "--output", utf8(at("never")), "--report", utf8(c.report) });
            if (folder) {
                // A folder gets shard-0-of-1.jsonl: a folder of that name is in the way.
                fs::create_directories(c.report / "shard-0-of-1.jsonl");
            }
            const CliRun r = run(args);
            EXPECT_EQ(r.exitCode, 2) << r.err;
            const bool list = c.report == at("list.txt");
            EXPECT_NE(r.err.find(list ? "it is this run's --files-from list"
                                      : "not a finished Dropsize report of a run without --shard"),
                std::string::npos)
                << r.err;
            if (!folder) {
                EXPECT_EQ(slurp(c.report), before);
            }
            EXPECT_FALSE(fs::exists(at("never"))) << "nothing runs";
        }
        EXPECT_TRUE(fs::is_symlink(at("link.jsonl")));

        // A report of the same run kind is replaced; one of another split, or of another part,
        // is not.
        auto once = settings(at("out"));
        once.insert(once.end(), { "--report", utf8(at("r.jsonl")) });
        ASSERT_EQ(run(once).exitCode, 1); // broken.jpg
        const std::string first = slurp(at("r.jsonl"));
        ASSERT_EQ(run(once).exitCode, 1);
        EXPECT_NE(slurp(at("r.jsonl")), first) << "the second run's report, all skipped";
        auto part = settings(at("out"));
        part.insert(part.end(), { "--shard", "1/2", "--report", utf8(at("parts")) + "/" });
        (void)run(part);
        fs::copy_file(at("parts") / "shard-1-of-2.jsonl", at("parts") / "shard-0-of-2.jsonl");
        const std::string copied = slurp(at("parts") / "shard-0-of-2.jsonl");
        part[part.size() - 3] = "0/2";
        const CliRun other = run(part);
        EXPECT_EQ(other.exitCode, 2) << other.err;
        EXPECT_NE(
            other.err.find("not a finished Dropsize report of shard 0 of 2"), std::string::npos)
            << other.err;
        EXPECT_EQ(slurp(at("parts") / "shard-0-of-2.jsonl"), copied);

        // With --shard, a report file every shard would write is refused, with the fix.
        auto shared = settings(at("out"));
        shared.insert(shared.end(), { "--shard", "0/2", "--report", utf8(at("shared.jsonl")) });
        const CliRun sharedRun = run(shared);
        EXPECT_EQ(sharedRun.exitCode, 2) << sharedRun.err;
        EXPECT_NE(sharedRun.err.find(utf8(at("shared.jsonl")) + "/ "), std::string::npos)
            << sharedRun.err;
        EXPECT_FALSE(fs::exists(at("shared.jsonl")));
    }

    // What is only known once the batch is planned, checked before anything runs: a report that
    // would replace an input of the run, or take an output's name, and (split runs) a report of
    // another batch at the part's path; and the run's own list, even when it is a report.
    TEST_F(CliShardTest, AReportNeverReplacesAnInputAnOutputOrAnotherBatchsReport)
    {
        auto args = settings(at("out"));
        args.insert(args.end(), { "--report", utf8(in() / "fake.jpg") });
        ASSERT_EQ(run(args).exitCode, 1) << "the first run writes it (broken.jpg fails)";
        const std::string report = slurp(in() / "fake.jpg");
        const CliRun again = run(args);
        EXPECT_EQ(again.exitCode, 2) << again.err;
        EXPECT_NE(again.err.find("it is an input of this run"), std::string::npos) << again.err;
        EXPECT_EQ(slurp(in() / "fake.jpg"), report);
        fs::remove(in() / "fake.jpg");

        auto output = settings(at("out2"));
        output.insert(output.end(), { "--report", utf8(at("out2") / "x.png") });
        const CliRun taken = run(output);
        EXPECT_EQ(taken.exitCode, 2) << taken.err;
        EXPECT_NE(taken.err.find("an output of this run"), std::string::npos) << taken.err;
        EXPECT_FALSE(fs::exists(at("out2") / "x.png")) << "nothing ran";

        auto listed = settings(at("out3"));
        listed.insert(listed.end(), { "--report", utf8(at("r.jsonl")) });
        (void)run(listed);
        const std::string finished = slurp(at("r.jsonl"));
        const CliRun own = run({ "--files-from", utf8(at("r.jsonl")), "--output", utf8(at("out3")),
            "--report", utf8(at("r.jsonl")) });
        EXPECT_EQ(own.exitCode, 2) << own.err;
        EXPECT_NE(own.err.find("it is this run's --files-from list"), std::string::npos) << own.err;
        EXPECT_EQ(slurp(at("r.jsonl")), finished);

        // Part 1 of another batch (one file more) where part 1 of this one reported.
        auto part = settings(at("out4"));
        part.insert(part.end(), { "--shard", "1/2", "--report", utf8(at("parts")) + "/" });
        (void)run(part);
        const std::string partOne = slurp(at("parts") / "shard-1-of-2.jsonl");
        EXPECT_NE(partOne.find("\"batch\":\""), std::string::npos) << partOne;
        test::writeTestJpeg(in() / "added.jpg", 30, 20);
        const CliRun other = run(part);
        EXPECT_EQ(other.exitCode, 2) << other.err;
        EXPECT_NE(other.err.find("the report there is of another batch"), std::string::npos)
            << other.err;
        EXPECT_EQ(slurp(at("parts") / "shard-1-of-2.jsonl"), partOne);
    }

    // A file named as a report temporary of a dead run, but holding something else (a photo),
    // is not taken for one.
    TEST_F(CliShardTest, ATemporarysNameAloneDoesNotGetAFileRemoved)
    {
        const std::string name
            = ".r.jsonl.dropsize-" + AtomicFileWriter::hostTag() + "-2147483646-0.tmp";
        test::writeTestJpeg(in() / name, 30, 20);
        auto args = settings(at("out"));
        args.insert(args.end(), { "--report", utf8(in() / "r.jsonl") });
        (void)run(args);
        EXPECT_TRUE(fs::exists(in() / name));
    }

    // A report temporary that a killed run left is removed by the next run of its shard on this
    // machine; a live run's, and another shard's, are left.
    TEST_F(CliShardTest, TheNextRunOfAShardRemovesTheReportTemporaryADeadRunLeft)
    {
        fs::create_directories(at("reports"));
        const std::string tag = AtomicFileWriter::hostTag();
        const std::string dead = ".shard-0-of-2.jsonl.dropsize-" + tag + "-2147483646-0.tmp";
        const std::string alive
            = ".shard-0-of-2.jsonl.dropsize-" + tag + "-" + std::to_string(::getpid()) + "-0.tmp";
        const std::string otherShard = ".shard-1-of-2.jsonl.dropsize-" + tag + "-2147483646-0.tmp";
        for (const std::string& name : { dead, alive, otherShard }) {
            std::ofstream(at("reports") / name, std::ios::binary)
                << "{\"event\":\"job-finished\"}\n";
        }
        auto args = settings(at("out"));
        args.insert(args.end(), { "--shard", "0/2", "--report", utf8(at("reports")) + "/" });
        (void)run(args);
        EXPECT_EQ(test::fileNames(at("reports")),
            (std::vector<std::string> { alive, otherShard, "shard-0-of-2.jsonl" }));
    }
#endif

    TEST_F(CliShardTest, MergeNamesDamagedReports)
    {
        writeTwoShardReports();
        ASSERT_EQ(run({ "--merge-reports", utf8(at("reports")) }).exitCode, 1); // broken.jpg
        // A report cut short is not a finished shard.
        const fs::path one = at("reports") / "shard-1-of-2.jsonl";
        std::string text = slurp(one);
        std::ofstream(one, std::ios::binary | std::ios::trunc) << text.substr(0, text.size() / 2);
        const CliRun cut = run({ "--merge-reports", utf8(at("reports")) });
        EXPECT_EQ(cut.exitCode, 75) << cut.out;
        EXPECT_NE(cut.out.find("damaged:"), std::string::npos) << cut.out;
        EXPECT_NE(cut.out.find("missing: shard 1"), std::string::npos) << cut.out;
        EXPECT_NE(cut.out.find("left to do in these reports and every file of 1 missing shard;"),
            std::string::npos)
            << cut.out;

        // A report that claims another shard's files (a copy of shard 0's, renamed part 1): each
        // input's part hash says it is not part 1's, so the report is damaged.
        std::string zero = slurp(at("reports") / "shard-0-of-2.jsonl");
        const std::string claim = "\"shard\":0,\"shards\":2";
        ASSERT_NE(zero.find(claim), std::string::npos);
        zero.replace(zero.find(claim), claim.size(), "\"shard\":1,\"shards\":2");
        std::ofstream(one, std::ios::binary | std::ios::trunc) << zero;
        const CliRun claimed = run({ "--merge-reports", utf8(at("reports")) });
        EXPECT_EQ(claimed.exitCode, 75) << claimed.out;
        EXPECT_NE(claimed.out.find("damaged: " + utf8(one)), std::string::npos) << claimed.out;
        EXPECT_NE(claimed.out.find("missing: shard 1"), std::string::npos) << claimed.out;
        // Without the hashes (a report of an older version), the merge still sees the inputs
        // reported twice.
        std::string bare;
        for (const std::string& line : lines(zero)) {
            std::string l = line;
            if (const std::size_t at = l.find(",\"part\":\""); at != std::string::npos) {
                l.erase(at, std::string(",\"part\":\"0123456789abcdef\"").size());
            }
            bare += l + "\n";
        }
        ASSERT_EQ(bare.find("\"part\""), std::string::npos);
        std::ofstream(one, std::ios::binary | std::ios::trunc) << bare;
        const CliRun twice = run({ "--merge-reports", utf8(at("reports")) });
        EXPECT_EQ(twice.exitCode, 1) << twice.out;
        EXPECT_NE(twice.out.find("inputs are in two shards' reports"), std::string::npos)
            << twice.out;
    }

    TEST_F(CliShardTest, MergeRefusesMixedSplitsAndBatchesFlagsAndWhatIsNoReport)
    {
        writeTwoShardReports();
        auto args = settings(at("out3"));
        args.insert(args.end(), { "--shard", "0/3", "--report", utf8(at("three")) + "/" });
        (void)run(args);
        const CliRun mixed = run({ "--merge-reports", utf8(at("reports") / "shard-0-of-2.jsonl"),
            utf8(at("three") / "shard-0-of-3.jsonl") });
        EXPECT_EQ(mixed.exitCode, 2);
        EXPECT_NE(mixed.err.find("different splits"), std::string::npos) << mixed.err;

        const CliRun withFlag = run({ "--merge-reports", utf8(at("reports")), "--percent", "5" });
        EXPECT_EQ(withFlag.exitCode, 2);
        EXPECT_NE(
            withFlag.err.find("takes only reports (and --json), not --percent"), std::string::npos)
            << withFlag.err;

        const CliRun absent = run({ "--merge-reports", utf8(at("no-such-report.jsonl")) });
        EXPECT_EQ(absent.exitCode, 2);
        EXPECT_NE(absent.err.find("no such report"), std::string::npos) << absent.err;

        // A photo is no report at all: a usage error, not "run it again".
        const CliRun photo = run({ "--merge-reports", utf8(in() / "x.jpg") });
        EXPECT_EQ(photo.exitCode, 2) << photo.err;
        EXPECT_NE(photo.err.find("is not a Dropsize report"), std::string::npos) << photo.err;

        // Counts changed by hand (a failure made "ok") no longer agree with the lines.
        std::string zeroAgain = slurp(at("reports") / "shard-0-of-2.jsonl");
        const std::size_t ok = zeroAgain.find("\"status\":\"ok\"");
        ASSERT_NE(ok, std::string::npos);
        zeroAgain.replace(ok, 13, "\"status\":\"failed\"");
        std::ofstream(at("tampered.jsonl"), std::ios::binary) << zeroAgain;
        const CliRun tampered = run({ "--merge-reports", utf8(at("tampered.jsonl")) });
        EXPECT_NE(tampered.out.find("damaged: " + utf8(at("tampered.jsonl"))), std::string::npos)
            << tampered.out;

        // The parts of two batches (other inputs, split the same way) are not merged as one.
        fs::create_directories(at("other") / "in");
        test::writeTestJpeg(at("other") / "in" / "alone.jpg", 30, 20);
        fs::create_directories(at("mixed"));
        fs::copy_file(at("reports") / "shard-0-of-2.jsonl", at("mixed") / "shard-0-of-2.jsonl");
        const CliRun second = run({ utf8(at("other") / "in"), "--output", utf8(at("other") / "out"),
            "--shard", "1/2", "--report", utf8(at("mixed")) + "/" });
        ASSERT_NE(second.exitCode, 2) << second.err;
        const CliRun batches = run({ "--merge-reports", utf8(at("mixed")) });
        EXPECT_EQ(batches.exitCode, 2) << batches.out;
        EXPECT_NE(batches.err.find("different batches"), std::string::npos) << batches.err;
    }

    TEST_F(CliShardTest, DirectWritesGiveTheSameFiles)
    {
        ASSERT_EQ(run(settings(at("atomic"))).exitCode, 1);
        auto args = settings(at("direct"));
        args.push_back("--direct-write");
        const CliRun r = run(args);
        EXPECT_EQ(r.exitCode, 1) << r.err;
        EXPECT_TRUE(tree(at("direct")) == tree(at("atomic")));
        // Run again: everything is there, so everything is skipped and nothing changes.
        const CliRun again = run(args);
        EXPECT_EQ(again.exitCode, 1) << again.err;
        EXPECT_TRUE(tree(at("direct")) == tree(at("atomic")));
    }

} // namespace
} // namespace dropsize

// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors

// dropsize-cli end to end on temporary folders: what a user types, what lands on disk.

#include "dropsize/core/atomic_file_writer.h"
#include "dropsize/core/device_info.h"
#include "dropsize/core/image_processor.h"
#include "dropsize/core/jpeg_codec.h"
#include "support/test_support.h"

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <fcntl.h>
#include <fstream>
#include <gtest/gtest.h>
#include <sstream>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

namespace dropsize {
namespace {

    namespace fs = std::filesystem;

    struct CliRun {
        int exitCode = -1;
        std::string out;
        std::string err;
    };

    std::string slurp(const fs::path& p)
    {
        std::ifstream in(p);
        std::stringstream s;
        s << in.rdbuf();
        return s.str();
    }

    CliRun runCli(const std::vector<std::string>& args, const fs::path& scratch)
    {
        std::string command = std::string("'") + DROPSIZE_CLI_PATH + "'";
        for (const std::string& a : args) {
            command += " '" + a + "'";
        }
        const fs::path out = scratch / "stdout.txt";
        const fs::path err = scratch / "stderr.txt";
        command += " >'" + out.string() + "' 2>'" + err.string() + "' </dev/null";
        const int status = std::system(command.c_str());
        CliRun run;
        run.exitCode = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        run.out = slurp(out);
        run.err = slurp(err);
        return run;
    }

    struct CliTest : ::testing::Test {
        test::TempDir tmp;
        test::TempDir scratch;
        fs::path in() const { return tmp.path() / "photos"; }
        void SetUp() override
        {
            fs::create_directories(in() / "trip");
            test::writeTestJpeg(in() / "a.jpg", 200, 100);
            test::writeTestJpeg(in() / "trip" / "b.jpg", 100, 200);
            test::writeTestPng(in() / "c.png", 80, 60, 4);
        }
        CliRun run(std::vector<std::string> args) { return runCli(args, scratch.path()); }
    };

    TEST_F(CliTest, ResizesAFolderAtAPercentage)
    {
        const CliRun r = run({ in().string(), "--percent", "50" });
        EXPECT_EQ(r.exitCode, 0) << r.err;
        const fs::path out = in() / "ResizeImage";
        auto a = JpegDecoder::readHeader(test::readFile(out / "a.jpg"), {});
        ASSERT_TRUE(a.ok());
        EXPECT_EQ(a->info.width, 100);
        EXPECT_EQ(a->info.height, 50);
        EXPECT_TRUE(fs::exists(out / "trip" / "b.jpg"));
        EXPECT_TRUE(fs::exists(out / "c.png"));
        EXPECT_NE(r.err.find("3 resized"), std::string::npos) << r.err;
    }

    TEST_F(CliTest, ARerunSkipsWhatIsDone)
    {
        ASSERT_EQ(run({ in().string() }).exitCode, 0);
        const CliRun again = run({ in().string() });
        EXPECT_EQ(again.exitCode, 0);
        EXPECT_NE(again.err.find("0 resized, 3 skipped"), std::string::npos) << again.err;
    }

    TEST_F(CliTest, JsonPrintsOneObjectPerEvent)
    {
        const CliRun r = run({ in().string(), "--json", "--long-edge", "40" });
        EXPECT_EQ(r.exitCode, 0);
        std::istringstream lines(r.out);
        std::string line;
        int finished = 0;
        int total = 0;
        while (std::getline(lines, line)) {
            ++total;
            EXPECT_EQ(line.front(), '{');
            EXPECT_EQ(line.back(), '}');
            if (line.find("\"event\":\"job-finished\"") != std::string::npos) {
                ++finished;
                EXPECT_NE(line.find("\"status\":\"ok\""), std::string::npos) << line;
                EXPECT_NE(line.find("\"device\":\"cpu\""), std::string::npos);
            }
        }
        EXPECT_EQ(finished, 3);
        EXPECT_EQ(total, 1 + 3 + 3 + 1);
    }

    // Here there is no GPU to use (no driver, or a build without CUDA): --device gpu must say
    // why, once, and give --device cpu's bytes.
    TEST_F(CliTest, DeviceGpuWithoutAGpuSaysWhyAndGivesTheCpuBytes)
    {
        const DeviceInfo devices = probeDevices();
        if (devices.gpuUsable) {
            GTEST_SKIP() << "this machine has a usable GPU (" << devices.gpuName
                         << "): the fallback cannot be seen here";
        }
        const fs::path gpuOut = tmp.path() / "gpu";
        const fs::path cpuOut = tmp.path() / "cpu";
        const CliRun gpu = run({ in().string(), "--device", "gpu", "--output", gpuOut.string() });
        const CliRun cpu = run({ in().string(), "--device", "cpu", "--output", cpuOut.string() });
        EXPECT_EQ(gpu.exitCode, 0) << gpu.err;
        EXPECT_EQ(cpu.exitCode, 0) << cpu.err;
        const std::string note = "note: GPU not used: " + devices.gpuReason;
        EXPECT_NE(gpu.err.find(note), std::string::npos) << gpu.err;
        EXPECT_EQ(gpu.err.find("note:"), gpu.err.rfind("note:")) << "said more than once";
        EXPECT_EQ(cpu.err.find("note:"), std::string::npos) << cpu.err;
        for (const char* file : { "a.jpg", "trip/b.jpg", "c.png" }) {
            ASSERT_TRUE(fs::exists(gpuOut / file)) << file;
            EXPECT_EQ(test::readFile(gpuOut / file), test::readFile(cpuOut / file)) << file;
        }
        // Auto says nothing: the missing GPU is no surprise there.
        const CliRun autoRun = run({ in().string(), "--output", (tmp.path() / "auto").string() });
        EXPECT_EQ(autoRun.err.find("note:"), std::string::npos) << autoRun.err;
        EXPECT_EQ(run({ in().string(), "--device", "tpu" }).exitCode, 2);
    }

    TEST_F(CliTest, DryRunPrintsThePlanAndWritesNothing)
    {
        const CliRun r = run({ in().string(), "--dry-run", "--fit", "50x50" });
        EXPECT_EQ(r.exitCode, 0);
        EXPECT_NE(r.out.find("200x100 -> 50x25"), std::string::npos) << r.out;
        EXPECT_FALSE(fs::exists(in() / "ResizeImage"));
    }

    TEST_F(CliTest, ResizesWithBicubicUnlessAskedForAnotherFilter)
    {
        // The old tool called Pillow's thumbnail() without a filter: bicubic.
        const auto outputs = [&](const std::string& name, std::vector<std::string> filter) {
            const fs::path out = tmp.path() / name;
            std::vector<std::string> args
                = { in().string(), "--output", out.string(), "--format", "png" };
            args.insert(args.end(), filter.begin(), filter.end());
            EXPECT_EQ(run(args).exitCode, 0);
            return test::readFile(out / "a.png");
        };
        const std::vector<std::uint8_t> byDefault = outputs("default", {});
        ASSERT_FALSE(byDefault.empty());
        EXPECT_EQ(byDefault, outputs("bicubic", { "--filter", "bicubic" }));
        EXPECT_NE(byDefault, outputs("lanczos", { "--filter", "lanczos" }));
        const CliRun help = run({ "--help" });
        EXPECT_NE(help.out.find("bicubic (default)"), std::string::npos) << help.out;
    }

    TEST_F(CliTest, ABadFileFailsAloneWithExitCodeOne)
    {
        std::ofstream(in() / "broken.jpg") << "\xff\xd8\xff\xe0 not really a jpeg";
        const CliRun r = run({ in().string() });
        EXPECT_EQ(r.exitCode, 1);
        EXPECT_NE(r.err.find("broken.jpg"), std::string::npos) << r.err;
        EXPECT_NE(r.err.find("3 resized, 0 skipped, 1 failed"), std::string::npos) << r.err;
    }

    TEST_F(CliTest, UsageErrorsExitWithTwo)
    {
        EXPECT_EQ(run({}).exitCode, 2);
        EXPECT_EQ(run({ in().string(), "--percent", "abc" }).exitCode, 2);
        EXPECT_EQ(run({ in().string(), "--percent", "150" }).exitCode, 2);
        EXPECT_EQ(run({ in().string(), "--fit", "10x10", "--long-edge", "5" }).exitCode, 2);
        EXPECT_EQ(run({ in().string(), "--bogus" }).exitCode, 2);
        EXPECT_EQ(run({ in().string(), "--output", in().string() }).exitCode, 2);
        EXPECT_EQ(run({ "--help" }).exitCode, 0);
        EXPECT_EQ(run({ "--version" }).exitCode, 0);
    }

    TEST_F(CliTest, ConvertsFormatsAndRenamesOnRequest)
    {
        const fs::path out = tmp.path() / "out";
        ASSERT_EQ(run({ in().string(), "--output", out.string(), "--format", "png" }).exitCode, 0);
        EXPECT_TRUE(fs::exists(out / "a.png"));
        EXPECT_TRUE(fs::exists(out / "trip" / "b.png"));
        ASSERT_EQ(run({ in().string(), "--output", out.string(), "--format", "png", "--on-existing",
                          "rename" })
                      .exitCode,
            0);
        EXPECT_TRUE(fs::exists(out / "a_1.png"));
    }

    // A process killed in the middle of a batch leaves only complete files under final names.
    TEST_F(CliTest, AKilledRunLeavesNoPartialFile)
    {
        // Enough work (about 3 s on two cores) that both kills land in the middle of the batch.
        for (int i = 0; i < 24; ++i) {
            test::writeTestJpeg(in() / ("big" + std::to_string(i) + ".jpg"), 3000, 2000);
        }
        for (const int delayMs : { 150, 400 }) {
            const pid_t pid = fork();
            ASSERT_GE(pid, 0);
            if (pid == 0) {
                const int devnull = ::open("/dev/null", O_WRONLY);
                ::dup2(devnull, 1);
                ::dup2(devnull, 2);
                const std::string dir = in().string();
                execl(DROPSIZE_CLI_PATH, DROPSIZE_CLI_PATH, dir.c_str(), "--percent", "90",
                    "--on-existing", "overwrite", static_cast<char*>(nullptr));
                _exit(127);
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(delayMs));
            ::kill(pid, SIGKILL);
            int status = 0;
            ::waitpid(pid, &status, 0);
            ASSERT_TRUE(WIFSIGNALED(status)) << "the run finished before it could be killed";
            if (!fs::exists(in() / "ResizeImage")) {
                continue;
            }
            for (const auto& e : fs::recursive_directory_iterator(in() / "ResizeImage")) {
                const std::string name = e.path().filename().string();
                if (!e.is_regular_file() || AtomicFileWriter::isTemporaryName(name)) {
                    continue;
                }
                const ImageProcessor reader({});
                auto decoded = reader.process(test::readFile(e.path()));
                EXPECT_TRUE(decoded.ok()) << name << " is partial: " << decoded.error().message;
            }
        }
        // The next run cleans up what the killed ones left.
        ASSERT_EQ(
            run({ in().string(), "--percent", "10", "--on-existing", "overwrite" }).exitCode, 0);
        for (const auto& e : fs::recursive_directory_iterator(in() / "ResizeImage")) {
            EXPECT_FALSE(AtomicFileWriter::isTemporaryName(e.path().filename().string()));
        }
    }

} // namespace
} // namespace dropsize

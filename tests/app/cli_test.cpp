// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors

// dropsize-cli end to end on temporary folders: what a user types, what lands on disk.

#include "codecs/exif.h"
#include "codecs/jpeg/jpeg_decoder.h"
#include "codecs/jpeg/jpeg_encoder.h"
#include "dropsize/core/atomic_file_writer.h"
#include "dropsize/core/build_config.h"
#include "dropsize/core/device_info.h"
#include "dropsize/core/image_processor.h"
#include "dropsize/core/path_text.h"
#if DROPSIZE_WITH_HEIF
#include "codecs/heif/heif_decoder.h"
#endif
#include "app/cli_support.h"
#include "cli/json_reader.h"
#include "convert/byte_budget.h"
#include "support/child_process.h"
#include "support/test_support.h"
#if DROPSIZE_WITH_WEBP
#include "codecs/webp/webp_decoder.h"
#endif

#include <chrono>
#include <fstream>
#include <gtest/gtest.h>
#include <set>
#include <sstream>
#include <thread>
#ifndef _WIN32
#include <csignal>
#include <cstdlib>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#endif

namespace dropsize {
namespace {

    namespace fs = std::filesystem;

    using test::cliProgram;
    using test::CliRun;
    using test::slurp;

    CliRun runCli(const std::vector<std::string>& args, const fs::path& scratch)
    {
        const fs::path out = scratch / "stdout.txt";
        const fs::path err = scratch / "stderr.txt";
        CliRun run;
        run.exitCode = test::runProgram(cliProgram(), args, out, err);
        run.out = slurp(out);
        run.err = slurp(err);
        return run;
    }

#ifndef _WIN32
    // Starts the command line in a child with its output thrown away; returns its process ID.
    // With `sigintPending`, SIGINT is blocked and raised before exec: the mask is inherited, so
    // the signal waits there for the program's first look.
    pid_t startCli(const std::vector<std::string>& args, bool sigintPending = false)
    {
        // Everything the child needs is made before fork(): it only calls async-signal-safe
        // functions.
        const std::string program = cliProgram().string();
        std::vector<char*> argv { const_cast<char*>(program.c_str()) };
        for (const std::string& a : args) {
            argv.push_back(const_cast<char*>(a.c_str()));
        }
        argv.push_back(nullptr);
        const pid_t pid = fork();
        if (pid == 0) {
            const int devnull = ::open("/dev/null", O_WRONLY);
            ::dup2(devnull, 1);
            ::dup2(devnull, 2);
            if (sigintPending) {
                sigset_t set;
                sigemptyset(&set);
                sigaddset(&set, SIGINT);
                sigprocmask(SIG_BLOCK, &set, nullptr);
                ::raise(SIGINT);
            }
            execv(program.c_str(), argv.data());
            _exit(127);
        }
        return pid;
    }
#endif

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
        CliRun run(const std::vector<std::string>& args) { return runCli(args, scratch.path()); }
    };

    TEST_F(CliTest, ResizesAFolderAtAPercentage)
    {
        const CliRun r = run({ utf8(in()), "--percent", "50" });
        EXPECT_EQ(r.exitCode, 0) << r.err;
        const fs::path out = in() / "ResizeImage";
        auto a = readWholeHeader<JpegDecoder>(test::readFile(out / "a.jpg"), {});
        ASSERT_TRUE(a.ok());
        EXPECT_EQ(a->info.width, 100);
        EXPECT_EQ(a->info.height, 50);
        EXPECT_TRUE(fs::exists(out / "trip" / "b.jpg"));
        EXPECT_TRUE(fs::exists(out / "c.png"));
        EXPECT_NE(r.err.find("3 resized"), std::string::npos) << r.err;
    }

    TEST_F(CliTest, ARerunSkipsWhatIsDone)
    {
        ASSERT_EQ(run({ utf8(in()) }).exitCode, 0);
        const CliRun again = run({ utf8(in()) });
        EXPECT_EQ(again.exitCode, 0);
        EXPECT_NE(again.err.find("0 resized, 3 skipped"), std::string::npos) << again.err;
    }

    TEST_F(CliTest, JsonPrintsOneObjectPerEvent)
    {
        const CliRun r = run({ utf8(in()), "--json", "--long-edge", "40" });
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

    TEST_F(CliTest, SizesWritesEachImageOncePerSizeIntoAFolderPerSize)
    {
        const CliRun r
            = run({ utf8(in()), "--sizes", "100, fit:30x30,50%", "--filter", "lanczos" });
        EXPECT_EQ(r.exitCode, 0) << r.err;
        const fs::path out = in() / "ResizeImage";
        for (const char* label : { "100", "fit30x30", "50pct" }) {
            EXPECT_TRUE(fs::exists(out / label / "a.jpg")) << label;
            EXPECT_TRUE(fs::exists(out / "trip" / label / "b.jpg")) << label;
            EXPECT_TRUE(fs::exists(out / label / "c.png")) << label;
        }
        auto a = readWholeHeader<JpegDecoder>(test::readFile(out / "fit30x30" / "a.jpg"), {});
        ASSERT_TRUE(a.ok());
        EXPECT_EQ(a->info.width, 30);
        EXPECT_EQ(a->info.height, 15);
        // Outputs and inputs are counted apart; a line says each output.
        EXPECT_NE(r.err.find("3 inputs at 3 sizes: 9 outputs written, 0 skipped, 0 failed"),
            std::string::npos)
            << r.err;
        EXPECT_NE(r.out.find(utf8(fs::path("fit30x30") / "a.jpg")), std::string::npos) << r.out;
        // The single run of one of the sizes writes the same bytes.
        const CliRun one = run({ utf8(in()), "--fit", "30x30", "--filter", "lanczos", "--output",
            utf8(tmp.path() / "single") });
        EXPECT_EQ(one.exitCode, 0) << one.err;
        EXPECT_EQ(test::readFile(out / "fit30x30" / "c.png"),
            test::readFile(tmp.path() / "single" / "c.png"));
        EXPECT_EQ(test::readFile(out / "trip" / "fit30x30" / "b.jpg"),
            test::readFile(tmp.path() / "single" / "trip" / "b.jpg"));
    }

    // An input whose name fills the 255 bytes, at two sizes named {name}_{size}: the name is
    // shortened in each output's name, the size label kept, so both are written.
    TEST_F(CliTest, ALongNameAtSeveralSizesKeepsEachSizesName)
    {
        const fs::path dir = tmp.path() / "long";
        fs::create_directories(dir);
        const std::string stem(251, 'a');
        test::writeTestJpeg(dir / (stem + ".jpg"), 90, 60);
        const CliRun r = run({ utf8(dir), "--sizes", "2048,1024", "--name", "{name}_{size}",
            "--output", utf8(tmp.path() / "out") });
        EXPECT_EQ(r.exitCode, 0) << r.err;
        const std::vector<std::string> names = test::fileNames(tmp.path() / "out");
        ASSERT_EQ(names.size(), 3u) << r.err; // and the output marker
        for (const std::string& name : names) {
            if (name.starts_with(".")) {
                continue;
            }
            EXPECT_EQ(name.size(), 255u) << name;
            EXPECT_TRUE(name.ends_with("a_2048.jpg") || name.ends_with("a_1024.jpg")) << name;
        }
    }

    // The number after "KEY": in a JSON line (the first one).
    std::uint64_t numberAfter(const std::string& line, const std::string& key)
    {
        const std::size_t at = line.find("\"" + key + "\":");
        return at == std::string::npos ? ~std::uint64_t { 0 }
                                       : std::stoull(line.substr(at + key.size() + 3));
    }

    // One size of each input fails (its folder cannot be made: a file has its name) and the
    // other is written: the bytes written are counted, in each job's line and in the summary,
    // as they are on disk.
    TEST_F(CliTest, TheBytesOfTheSizesWrittenAreCountedWhenAnotherSizeFails)
    {
        const fs::path out = tmp.path() / "out";
        fs::create_directories(out);
        std::ofstream(out / "20") << "a file where the folder of size 20 would go";
        const CliRun r = run(
            { utf8(in()), "--sizes", "50,20", "--no-recursive", "--output", utf8(out), "--json" });
        EXPECT_EQ(r.exitCode, 1) << r.err;
        std::uint64_t written = 0;
        std::uint64_t read = 0;
        for (const char* name : { "a.jpg", "c.png" }) {
            ASSERT_TRUE(fs::exists(out / "50" / name)) << name;
            written += fs::file_size(out / "50" / name);
            read += fs::file_size(in() / name);
        }
        std::istringstream lines(r.out);
        std::string line;
        int jobs = 0;
        bool summary = false;
        while (std::getline(lines, line)) {
            if (line.find("\"event\":\"job-finished\"") != std::string::npos) {
                ++jobs;
                EXPECT_NE(line.find("\"status\":\"failed\""), std::string::npos) << line;
                const std::string name
                    = line.find("a.jpg") != std::string::npos ? "a.jpg" : "c.png";
                EXPECT_EQ(numberAfter(line, "output_bytes"), fs::file_size(out / "50" / name))
                    << line;
            }
            if (line.find("\"event\":\"batch-finished\"") != std::string::npos) {
                summary = true;
                EXPECT_EQ(numberAfter(line, "output_bytes"), written) << line;
                EXPECT_EQ(numberAfter(line, "input_bytes"), read) << line;
                EXPECT_NE(line.find("\"outputs_ok\":2,\"outputs_skipped\":0,\"outputs_failed\":2"),
                    std::string::npos)
                    << line;
            }
        }
        EXPECT_EQ(jobs, 2);
        EXPECT_TRUE(summary);
    }

    TEST_F(CliTest, NameTemplateNamesTheOutputsAndTheDryRunShowsThem)
    {
        const std::vector<std::string> args { utf8(in()), "--sizes", "50,20", "--name",
            "{name}_{w}x{h}", "--no-recursive" };
        std::vector<std::string> dry = args;
        dry.push_back("--dry-run");
        const CliRun plan = run(dry);
        EXPECT_EQ(plan.exitCode, 0) << plan.err;
        for (const char* name : { "a_50x25.jpg", "a_20x10.jpg", "c_50x38.png", "c_20x15.png" }) {
            EXPECT_NE(plan.out.find(name), std::string::npos) << name << "\n" << plan.out;
        }
        EXPECT_NE(
            plan.out.find("4 outputs to write, 0 to skip, 0 would fail (2 inputs at 2 sizes)"),
            std::string::npos)
            << plan.out;
        EXPECT_FALSE(fs::exists(in() / "ResizeImage"));
        std::vector<std::string> json = args;
        json.push_back("--json");
        const CliRun r = run(json);
        EXPECT_EQ(r.exitCode, 0) << r.err;
        for (const char* name : { "a_50x25.jpg", "a_20x10.jpg", "c_50x38.png", "c_20x15.png" }) {
            EXPECT_TRUE(fs::exists(in() / "ResizeImage" / name)) << name;
        }
        std::istringstream lines(r.out);
        std::string line;
        int outputs = 0;
        while (std::getline(lines, line)) {
            std::string why;
            EXPECT_TRUE(cli::parseJson(line, &why)) << why << ": " << line;
            if (line.find("\"event\":\"job-finished\"") != std::string::npos) {
                for (std::size_t at = 0; (at = line.find("{\"size\":", at)) != std::string::npos;
                     ++at) {
                    ++outputs;
                }
                EXPECT_NE(line.find("\"size\":\"50\",\"status\":\"ok\""), std::string::npos)
                    << line;
            }
            if (line.find("\"event\":\"batch-finished\"") != std::string::npos) {
                EXPECT_NE(
                    line.find("\"sizes\":2,\"outputs\":4,\"outputs_ok\":4"), std::string::npos)
                    << line;
            }
        }
        EXPECT_EQ(outputs, 4);
    }

    TEST_F(CliTest, BadSizesAndNamesAreUsageErrorsThatSayWhy)
    {
        struct Case {
            std::vector<std::string> args;
            const char* says;
        };
        for (const Case& c : { Case { { "--sizes", "2048,,1024" }, "empty item" },
                 Case { { "--sizes", "fit:0x10" }, "a box is WxH" },
                 Case { { "--sizes", "1024", "--long-edge", "5" }, "choose one of" },
                 Case { { "--name", "{bogus}" }, "unknown field {bogus}" },
                 Case { { "--name", "{name" }, "without its" },
                 Case { { "--name", "../{name}" }, "\"..\" folder" },
                 Case { { "--name", "/tmp/{name}" }, "absolute" } }) {
            std::vector<std::string> args { utf8(in()) };
            args.insert(args.end(), c.args.begin(), c.args.end());
            const CliRun r = run(args);
            EXPECT_EQ(r.exitCode, 2) << c.says;
            EXPECT_NE(r.err.find(c.says), std::string::npos) << r.err;
        }
        EXPECT_FALSE(fs::exists(in() / "ResizeImage"));
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
        const CliRun gpu = run({ utf8(in()), "--device", "gpu", "--output", utf8(gpuOut) });
        const CliRun cpu = run({ utf8(in()), "--device", "cpu", "--output", utf8(cpuOut) });
        EXPECT_EQ(gpu.exitCode, 0) << gpu.err;
        EXPECT_EQ(cpu.exitCode, 0) << cpu.err;
        const std::string note = "note: GPU not used: " + devices.gpuReason.english();
        EXPECT_NE(gpu.err.find(note), std::string::npos) << gpu.err;
        EXPECT_EQ(gpu.err.find("note:"), gpu.err.rfind("note:")) << "said more than once";
        EXPECT_EQ(cpu.err.find("note:"), std::string::npos) << cpu.err;
        for (const char* file : { "a.jpg", "trip/b.jpg", "c.png" }) {
            ASSERT_TRUE(fs::exists(gpuOut / file)) << file;
            EXPECT_EQ(test::readFile(gpuOut / file), test::readFile(cpuOut / file)) << file;
        }
        // Auto says nothing: the missing GPU is no surprise there.
        const CliRun autoRun = run({ utf8(in()), "--output", utf8(tmp.path() / "auto") });
        EXPECT_EQ(autoRun.err.find("note:"), std::string::npos) << autoRun.err;
        EXPECT_EQ(run({ utf8(in()), "--device", "tpu" }).exitCode, 2);
    }

    TEST_F(CliTest, DryRunPrintsThePlanAndWritesNothing)
    {
        const CliRun r = run({ utf8(in()), "--dry-run", "--fit", "50x50" });
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
                = { utf8(in()), "--output", utf8(out), "--format", "png" };
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
        const CliRun r = run({ utf8(in()) });
        EXPECT_EQ(r.exitCode, 1);
        EXPECT_NE(r.err.find("broken.jpg"), std::string::npos) << r.err;
        EXPECT_NE(r.err.find("3 resized, 0 skipped, 1 failed"), std::string::npos) << r.err;
    }

    TEST_F(CliTest, UsageErrorsExitWithTwo)
    {
        EXPECT_EQ(run({}).exitCode, 2);
        EXPECT_EQ(run({ utf8(in()), "--percent", "abc" }).exitCode, 2);
        EXPECT_EQ(run({ utf8(in()), "--percent", "150" }).exitCode, 2);
        EXPECT_EQ(run({ utf8(in()), "--fit", "10x10", "--long-edge", "5" }).exitCode, 2);
        EXPECT_EQ(run({ utf8(in()), "--fill", "10x10", "--short-edge", "5" }).exitCode, 2);
        EXPECT_EQ(run({ utf8(in()), "--fill", "0x10" }).exitCode, 2);
        EXPECT_EQ(run({ utf8(in()), "--short-edge", "0" }).exitCode, 2);
        EXPECT_EQ(run({ utf8(in()), "--bogus" }).exitCode, 2);
        EXPECT_EQ(run({ utf8(in()), "--output", utf8(in()) }).exitCode, 2);
        // An option is never taken as the value of the one before it.
        const CliRun swallowed = run({ utf8(in()), "--output", "--json" });
        EXPECT_EQ(swallowed.exitCode, 2);
        EXPECT_NE(swallowed.err.find("not the option --json"), std::string::npos) << swallowed.err;
        // Plain decimal numbers only: no hex, sign or exponent.
        for (const char* bad : { "0x20", "+5", "1e1", " 5", "5 ", "-5", "inf", "nan" }) {
            EXPECT_EQ(run({ utf8(in()), "--percent", bad }).exitCode, 2) << bad;
        }
        EXPECT_EQ(run({ utf8(in()), "--dry-run", "--percent", "12.5" }).exitCode, 0);
        EXPECT_EQ(run({ utf8(in()), "--threads", "+2" }).exitCode, 2);
        EXPECT_EQ(run({ "--help" }).exitCode, 0);
        EXPECT_EQ(run({ "--version" }).exitCode, 0);
    }

    TEST_F(CliTest, ConvertsFormatsAndRenamesOnRequest)
    {
        const fs::path out = tmp.path() / "out";
        ASSERT_EQ(run({ utf8(in()), "--output", utf8(out), "--format", "png" }).exitCode, 0);
        EXPECT_TRUE(fs::exists(out / "a.png"));
        EXPECT_TRUE(fs::exists(out / "trip" / "b.png"));
        ASSERT_EQ(
            run({ utf8(in()), "--output", utf8(out), "--format", "png", "--on-existing", "rename" })
                .exitCode,
            0);
        EXPECT_TRUE(fs::exists(out / "a_1.png"));
    }

#if DROPSIZE_WITH_WEBP
    fs::path webpFixture(const std::string& name)
    {
        return test::goldenPath("fixtures") / "webp" / name;
    }

    TEST_F(CliTest, ReadsAndWritesWebp)
    {
        fs::copy_file(webpFixture("lossy.webp"), in() / "web.webp");
        fs::copy_file(webpFixture("lossy-alpha.webp"), in() / "trip" / "clear.webp");

        // "keep": each in its own format.
        const fs::path kept = tmp.path() / "kept";
        CliRun r = run({ utf8(in()), "--output", utf8(kept) });
        ASSERT_EQ(r.exitCode, 0) << r.err;
        EXPECT_NE(r.err.find("5 resized"), std::string::npos) << r.err;
        auto web = readWholeHeader<WebpDecoder>(test::readFile(kept / "web.webp"), {});
        ASSERT_TRUE(web.ok()) << web.error().message;
        EXPECT_EQ(web->info.width, 113);
        EXPECT_EQ(web->info.channels, 3);
        auto clear = readWholeHeader<WebpDecoder>(test::readFile(kept / "trip" / "clear.webp"), {});
        ASSERT_TRUE(clear.ok()) << clear.error().message;
        EXPECT_EQ(clear->info.channels, 4) << "alpha kept";
        EXPECT_TRUE(readWholeHeader<JpegDecoder>(test::readFile(kept / "a.jpg"), {}).ok());

        // "webp": a JPEG and a PNG become WebP (the PNG's alpha kept), lossless on request.
        const fs::path asWebp = tmp.path() / "webp";
        r = run({ utf8(in()), "--output", utf8(asWebp), "--format", "webp", "--webp-lossless" });
        ASSERT_EQ(r.exitCode, 0) << r.err;
        auto a = readWholeHeader<WebpDecoder>(test::readFile(asWebp / "a.webp"), {});
        ASSERT_TRUE(a.ok()) << a.error().message;
        EXPECT_EQ(a->info.width, 100);
        EXPECT_EQ(a->info.height, 50);
        auto c = readWholeHeader<WebpDecoder>(test::readFile(asWebp / "c.webp"), {});
        ASSERT_TRUE(c.ok()) << c.error().message;
        EXPECT_EQ(c->info.channels, 4);
        EXPECT_FALSE(fs::exists(asWebp / "a.jpg"));

        // "jpeg": the WebP inputs become JPEG.
        const fs::path asJpeg = tmp.path() / "jpeg";
        r = run({ utf8(in()), "--output", utf8(asJpeg), "--format", "jpeg", "--quality", "70" });
        ASSERT_EQ(r.exitCode, 0) << r.err;
        auto webJpeg = readWholeHeader<JpegDecoder>(test::readFile(asJpeg / "web.jpg"), {});
        ASSERT_TRUE(webJpeg.ok()) << webJpeg.error().message;
        EXPECT_EQ(webJpeg->info.width, 113);
        EXPECT_TRUE(
            readWholeHeader<JpegDecoder>(test::readFile(asJpeg / "trip" / "clear.jpg"), {}).ok());

        // Quality is checked like every number.
        EXPECT_EQ(run({ utf8(in()), "--webp-quality", "101" }).exitCode, 2);
    }

    TEST_F(CliTest, ABadWebpFailsAloneWithItsReason)
    {
        const std::vector<std::uint8_t> good = test::readFile(webpFixture("lossy.webp"));
        test::writeFile(in() / "cut.webp", { good.begin(), good.begin() + 1000 });
        std::ofstream(in() / "page.webp") << "<!DOCTYPE html><html></html>";
        const CliRun r = run({ utf8(in()) });
        EXPECT_EQ(r.exitCode, 1);
        EXPECT_NE(r.err.find("cut.webp: WebP: file is truncated: its RIFF header says "
                      + std::to_string(good.size()) + " bytes, the file has 1000"),
            std::string::npos)
            << r.err;
        EXPECT_NE(
            r.err.find("page.webp: not a " + readableFormats() + " image: it looks like HTML"),
            std::string::npos)
            << r.err;
        EXPECT_NE(r.err.find("3 resized, 0 skipped, 2 failed"), std::string::npos) << r.err;
    }
#else
    // A build without WebP neither offers nor takes it.
    TEST_F(CliTest, ABuildWithoutWebpNeitherOffersNorTakesIt)
    {
        EXPECT_EQ(run({ utf8(in()), "--format", "webp" }).exitCode, 2);
        EXPECT_EQ(run({ utf8(in()), "--webp-quality", "80" }).exitCode, 2);
        const CliRun help = run({ "--help" });
        EXPECT_EQ(help.out.find("webp"), std::string::npos) << help.out;
        EXPECT_EQ(help.out.find("WebP"), std::string::npos) << help.out;
        std::ofstream(in() / "photo.webp") << "RIFF\x04\0\0\0WEBP";
        const CliRun r = run({ utf8(in()) });
        EXPECT_EQ(r.exitCode, 0) << "a .webp name is not an image's here: ignored" << r.err;
    }
#endif

#if DROPSIZE_WITH_HEIF
    fs::path heifFixture(const char* name) { return test::goldenPath("fixtures") / "heif" / name; }

    // What a phone's folder holds: HEIC photos, one of them turned by its transforms.
    TEST_F(CliTest, WritesAHeicAsAnUprightJpegUnlessAskedOtherwise)
    {
        fs::copy_file(heifFixture("photo.heic"), in() / "IMG_0001.HEIC");
        fs::copy_file(heifFixture("orient-6.heic"), in() / "trip" / "IMG_0002.heic");
        const CliRun r = run({ utf8(in()), "--percent", "50" });
        EXPECT_EQ(r.exitCode, 0) << r.err;
        EXPECT_NE(r.err.find("5 resized"), std::string::npos) << r.err;
        const fs::path out = in() / "ResizeImage";
        auto first = readWholeHeader<JpegDecoder>(test::readFile(out / "IMG_0001.jpg"), {});
        ASSERT_TRUE(first.ok());
        EXPECT_EQ(first->info.width, 113);
        EXPECT_EQ(first->info.height, 74);
        EXPECT_FALSE(first->metadata.icc.empty()) << "the ICC profile travels";
        auto turned
            = readWholeHeader<JpegDecoder>(test::readFile(out / "trip" / "IMG_0002.jpg"), {});
        ASSERT_TRUE(turned.ok());
        EXPECT_EQ(turned->info.width, 36) << "upright, turned once";
        EXPECT_EQ(turned->info.height, 24);
        EXPECT_EQ(exifOrientation(turned->metadata.exif), 1);

        const CliRun help = run({ "--help" });
        EXPECT_NE(help.out.find("a HEIC/HEIF as JPEG"), std::string::npos) << help.out;
        EXPECT_NE(help.out.find("--avif-quality Q"), std::string::npos) << help.out;
    }

    TEST_F(CliTest, WritesAvifAndKeepsAnAvifAsAvif)
    {
        fs::copy_file(heifFixture("alpha.avif"), in() / "clip.avif");
        const fs::path out = tmp.path() / "out";
        const CliRun r = run({ utf8(in()), "--output", utf8(out), "--format", "avif",
            "--avif-quality", "50", "--avif-speed", "9", "--long-edge", "64" });
        EXPECT_EQ(r.exitCode, 0) << r.err;
        for (const fs::path& file : { out / "a.avif", out / "c.avif", out / "clip.avif" }) {
            SCOPED_TRACE(file.string());
            auto header = readWholeHeader<HeifDecoder>(test::readFile(file), {});
            ASSERT_TRUE(header.ok()) << header.error().message;
            EXPECT_EQ(header->format, ImageFormat::Avif);
            EXPECT_EQ(std::max(header->info.width, header->info.height), 64);
        }
        auto alpha = readWholeHeader<HeifDecoder>(test::readFile(out / "clip.avif"), {});
        ASSERT_TRUE(alpha.ok());
        EXPECT_EQ(alpha->info.channels, 4) << "alpha kept";
        const fs::path kept = tmp.path() / "kept";
        ASSERT_EQ(run({ utf8(in()), "--output", utf8(kept) }).exitCode, 0);
        EXPECT_TRUE(fs::exists(kept / "clip.avif"));
        EXPECT_EQ(run({ utf8(in()), "--avif-speed", "10" }).exitCode, 2);
        EXPECT_EQ(run({ utf8(in()), "--avif-quality", "101" }).exitCode, 2);
    }

    TEST_F(CliTest, ABrokenHeicFailsAloneWithItsReason)
    {
        auto bytes = test::readFile(heifFixture("photo.heic"));
        bytes.resize(bytes.size() / 2);
        test::writeFile(in() / "cut.heic", bytes);
        std::ofstream(in() / "page.heif") << "<html><body>Not Found</body></html>";
        test::writeFile(in() / "empty.avif", {});
        const CliRun r = run({ utf8(in()) });
        EXPECT_EQ(r.exitCode, 1);
        EXPECT_NE(r.err.find("cut.heic: HEIF: file is truncated"), std::string::npos) << r.err;
        EXPECT_NE(r.err.find("page.heif: not "), std::string::npos) << r.err;
        EXPECT_NE(r.err.find("empty.avif: the file is empty"), std::string::npos) << r.err;
        EXPECT_NE(r.err.find("3 resized, 0 skipped, 3 failed"), std::string::npos) << r.err;
        const CliRun dry = run({ utf8(in()), "--dry-run" });
        EXPECT_EQ(dry.exitCode, 1);
        EXPECT_NE(dry.out.find("cut.heic"), std::string::npos) << dry.out;
    }
#endif

    // A process killed in the middle of a batch leaves only complete files under final names.
    TEST_F(CliTest, AKilledRunLeavesNoPartialFile)
    {
        // Enough work (about 3 s on two cores) that both kills land in the middle of the batch.
        for (int i = 0; i < 24; ++i) {
            test::writeTestJpeg(in() / ("big" + std::to_string(i) + ".jpg"), 3000, 2000);
        }
        for (const int delayMs : { 150, 400 }) {
            test::ChildProcess cli(cliProgram(),
                { utf8(in()), "--percent", "90", "--on-existing", "overwrite" },
                scratch.path() / "killed-stdout.txt", scratch.path() / "killed-stderr.txt");
            std::this_thread::sleep_for(std::chrono::milliseconds(delayMs));
            cli.kill();
            ASSERT_EQ(cli.wait(), test::ChildProcess::kKilled)
                << "the run finished before it could be killed";
            if (!fs::exists(in() / "ResizeImage")) {
                continue;
            }
            for (const auto& e : fs::recursive_directory_iterator(in() / "ResizeImage")) {
                const std::string name = utf8(e.path().filename());
                if (!e.is_regular_file() || AtomicFileWriter::isTemporaryName(name)
                    || name == kOutputMarkerName) {
                    continue;
                }
                const ImageProcessor reader({});
                auto decoded = reader.process(test::readFile(e.path()));
                EXPECT_TRUE(decoded.ok()) << name << " is partial: " << decoded.error().message;
            }
        }
        // The next run cleans up what the killed ones left.
        ASSERT_EQ(run({ utf8(in()), "--percent", "10", "--on-existing", "overwrite" }).exitCode, 0);
        for (const auto& e : fs::recursive_directory_iterator(in() / "ResizeImage")) {
            EXPECT_FALSE(AtomicFileWriter::isTemporaryName(utf8(e.path().filename())));
        }
    }

    // --- the edges: originals, outputs, files that must not vanish, signals, pipes ---

    TEST_F(CliTest, RefusesAnOutputFolderInsideTheInputAndTouchesNothing)
    {
        // Not "Photos": on Windows that is the fixture's "photos" folder.
        const fs::path photos = tmp.path() / "Album";
        fs::create_directories(photos / "2019");
        test::writeTestJpeg(photos / "beach.jpg", 300, 200);
        test::writeTestJpeg(photos / "2019" / "beach.jpg", 120, 80);
        const auto original = test::readFile(photos / "2019" / "beach.jpg");
        for (const char* policy : { "overwrite", "skip" }) {
            const CliRun r
                = run({ utf8(photos), "--output", utf8(photos / "2019"), "--on-existing", policy });
            EXPECT_EQ(r.exitCode, 2) << policy;
            EXPECT_NE(r.err.find("inside the input folder " + utf8(fs::canonical(photos))),
                std::string::npos)
                << r.err;
            EXPECT_EQ(test::readFile(photos / "2019" / "beach.jpg"), original);
        }
    }

#ifndef _WIN32
    // POSIX only here: a symbolic link needs a privilege on Windows (an administrator, or
    // Developer Mode), which a test cannot count on.
    TEST_F(CliTest, NeverWritesThroughASymlinkedResizeImage)
    {
        test::TempDir outside;
        test::writeTestJpeg(outside.path() / "a.jpg", 50, 50);
        const auto original = test::readFile(outside.path() / "a.jpg");
        fs::create_directory_symlink(outside.path(), in() / "ResizeImage");
        const CliRun r = run({ utf8(in()), "--on-existing", "overwrite" });
        EXPECT_EQ(r.exitCode, 2);
        EXPECT_NE(r.err.find("symbolic link"), std::string::npos) << r.err;
        EXPECT_EQ(test::readFile(outside.path() / "a.jpg"), original);
        fs::remove(in() / "ResizeImage");
        fs::create_directory_symlink(".", in() / "ResizeImage");
        EXPECT_EQ(run({ utf8(in()) }).exitCode, 2);
        EXPECT_FALSE(fs::exists(in() / "a_1.jpg"));
    }
#endif

    TEST_F(CliTest, AFileNamedAsAnImageThatCannotBeReadFailsWithItsReason)
    {
        test::writeFile(in() / "empty.jpg", {});
        std::ofstream(in() / "saved-page.JPG") << "<html><body>Not Found</body></html>";
        std::ofstream(in() / "notes.txt") << "hello";
#ifdef _WIN32
        const std::string failed = "2"; // no link: see NeverWritesThroughASymlinkedResizeImage
#else
        fs::create_symlink(in() / "missing.png", in() / "dangling.png");
        const std::string failed = "3";
#endif
        const CliRun r = run({ utf8(in()) });
        EXPECT_EQ(r.exitCode, 1);
        EXPECT_NE(r.err.find("empty.jpg: the file is empty"), std::string::npos) << r.err;
        EXPECT_NE(
            r.err.find("saved-page.JPG: not a " + readableFormats() + " image: it looks like HTML"),
            std::string::npos)
            << r.err;
#ifndef _WIN32
        EXPECT_NE(r.err.find("dangling.png: broken symbolic link"), std::string::npos) << r.err;
#endif
        EXPECT_NE(r.err.find("3 resized, 0 skipped, " + failed + " failed, 1 other paths ignored"),
            std::string::npos)
            << r.err;

        // The dry run says the same, and exits 1 too.
        const CliRun dry = run({ utf8(in()), "--dry-run" });
        EXPECT_EQ(dry.exitCode, 1);
        EXPECT_NE(
            dry.out.find("fail   " + utf8(fs::canonical(in()) / "empty.jpg")), std::string::npos)
            << dry.out;
        EXPECT_NE(dry.out.find(failed + " would fail"), std::string::npos) << dry.out;
    }

#ifndef _WIN32
    // POSIX only: it takes a file's read permission away and runs as another user.
    TEST_F(CliTest, TheOnlyFileBeingUnreadableExitsOne)
    {
        test::TempDir open; // writable for an unprivileged user
        fs::permissions(open.path(), fs::perms::all);
        test::writeTestJpeg(open.path() / "private.jpg", 40, 40);
        ::chmod((open.path() / "private.jpg").c_str(), 0);
        // A copy of the program where an unprivileged user can run it, whatever the build
        // folder's permissions.
        const fs::path cli = open.path() / "dropsize-cli";
        fs::copy_file(cliProgram(), cli);
        fs::permissions(cli,
            fs::perms::owner_all | fs::perms::group_read | fs::perms::group_exec
                | fs::perms::others_read | fs::perms::others_exec);
        const std::string result = test::runWithoutPrivileges([&] {
            const std::string command = "'" + utf8(cli) + "' '" + utf8(open.path() / "private.jpg")
                + "' --output '" + utf8(open.path() / "out") + "' 2>&1";
            std::string out;
            if (FILE* p = ::popen(command.c_str(), "r")) {
                char buffer[512];
                for (std::size_t n; (n = std::fread(buffer, 1, sizeof buffer, p)) > 0;) {
                    out.append(buffer, n);
                }
                const int status = ::pclose(p);
                out += "exit " + std::to_string(WEXITSTATUS(status));
            }
            return out;
        });
        EXPECT_NE(result.find("private.jpg: cannot be read: Permission denied"), std::string::npos)
            << result;
        EXPECT_NE(result.find("exit 1"), std::string::npos) << result;
    }
#endif

    TEST_F(CliTest, ADryRunAppliesTheRunsLimits)
    {
        test::writeTestJpeg(in() / "big.jpg", 2000, 1500);
        const CliRun dry = run({ utf8(in()), "--dry-run", "--max-megapixels", "1" });
        EXPECT_EQ(dry.exitCode, 1);
        EXPECT_NE(dry.out.find("big.jpg: "), std::string::npos) << dry.out;
        const CliRun real = run({ utf8(in()), "--max-megapixels", "1" });
        EXPECT_EQ(real.exitCode, 1);
        EXPECT_NE(real.err.find("big.jpg: "), std::string::npos) << real.err;
    }

#ifndef _WIN32
    // Below the top output folder, a linked sub-folder fails its images in the dry run as in
    // the real run, and the message names the folder. POSIX only: a symbolic link (see
    // NeverWritesThroughASymlinkedResizeImage).
    TEST_F(CliTest, ADryRunChecksTheOutputFoldersBelowTheTopOne)
    {
        test::TempDir outside;
        fs::create_directories(in() / "ResizeImage");
        fs::create_directory_symlink(outside.path(), in() / "ResizeImage" / "trip");
        const std::string link = utf8(fs::canonical(in()) / "ResizeImage" / "trip");
        const CliRun dry = run({ utf8(in()), "--dry-run" });
        EXPECT_EQ(dry.exitCode, 1);
        EXPECT_NE(dry.out.find("b.jpg: the output folder " + link + " is a symbolic link"),
            std::string::npos)
            << dry.out;
        const CliRun real = run({ utf8(in()) });
        EXPECT_EQ(real.exitCode, 1);
        EXPECT_NE(real.err.find("b.jpg: the output folder " + link + " is a symbolic link"),
            std::string::npos)
            << real.err;
        EXPECT_TRUE(fs::is_empty(outside.path()));
    }
#endif

    TEST_F(CliTest, ARefusalWithJsonIsAnEvent)
    {
        const CliRun json = run({ utf8(in()), "--json", "--output", utf8(in() / "trip") });
        EXPECT_EQ(json.exitCode, 2);
        EXPECT_EQ(json.out.rfind("{\"event\":\"error\",\"code\":\"invalid-argument\"", 0), 0u)
            << json.out;
        EXPECT_TRUE(cli::parseJson(json.out.substr(0, json.out.find('\n'))));
    }

#ifndef _WIN32
    // POSIX only: Windows has no such permission bits (only a read-only attribute).
    TEST_F(CliTest, AnOutputKeepsItsInputsPermissions)
    {
        ::chmod((in() / "a.jpg").c_str(), 0600);
        ASSERT_EQ(run({ utf8(in()) }).exitCode, 0);
        EXPECT_EQ(fs::status(in() / "ResizeImage" / "a.jpg").permissions() & fs::perms::all,
            fs::perms::owner_read | fs::perms::owner_write);
    }
#endif

    // 238 bytes of UTF-8, near the 255 a POSIX name can have; on Windows (255 UTF-16 units)
    // it is a long name that is not ASCII.
    TEST_F(CliTest, WritesAnOutputWithTheLongestNameTheSystemTakes)
    {
        std::string name;
        for (int i = 0; i < 78; ++i) {
            name += "\xe7\x85\xa7"; // 照
        }
        name += ".jpg";
        test::writeTestJpeg(in() / pathFromUtf8(name), 60, 40);
        const CliRun r = run({ utf8(in()) });
        EXPECT_EQ(r.exitCode, 0) << r.err;
        EXPECT_TRUE(fs::exists(in() / "ResizeImage" / pathFromUtf8(name)));
    }

    TEST_F(CliTest, SaysWhyASizeIsKept)
    {
        test::writeTestJpeg(in() / "wide.jpg", 800, 600);
        const CliRun r = run({ utf8(in() / "wide.jpg"), "--size", "400x900" });
        EXPECT_EQ(r.exitCode, 0) << r.err;
        EXPECT_NE(r.out.find("kept at 800x600: 400x900 would enlarge it"), std::string::npos)
            << r.out;
    }

    Size imageSize(const fs::path& file)
    {
        const std::vector<std::uint8_t> bytes = test::readFile(file);
        auto inspected = ImageProcessor(ProcessOptions {}).inspect(bytes);
        EXPECT_TRUE(inspected.ok()) << utf8(file);
        return inspected.ok() ? Size { inspected->header.info.width, inspected->header.info.height }
                              : Size {};
    }

    TEST_F(CliTest, FillsEveryImageToTheBoxAndSetsShortEdges)
    {
        const fs::path filled = tmp.path() / "filled";
        const CliRun fill = run({ utf8(in()), "--fill", "50x40", "--output", utf8(filled) });
        EXPECT_EQ(fill.exitCode, 0) << fill.err;
        EXPECT_EQ(imageSize(filled / "a.jpg"), (Size { 50, 40 }));
        EXPECT_EQ(imageSize(filled / "trip" / "b.jpg"), (Size { 50, 40 }));
        EXPECT_EQ(imageSize(filled / "c.png"), (Size { 50, 40 }));
        const fs::path shortened = tmp.path() / "short";
        const CliRun shortEdge
            = run({ utf8(in()), "--short-edge", "50", "--output", utf8(shortened) });
        EXPECT_EQ(shortEdge.exitCode, 0) << shortEdge.err;
        EXPECT_EQ(imageSize(shortened / "a.jpg"), (Size { 100, 50 }));
        EXPECT_EQ(imageSize(shortened / "trip" / "b.jpg"), (Size { 50, 100 }));
        EXPECT_EQ(imageSize(shortened / "c.png"), (Size { 67, 50 })) << "80 * 50 / 60 = 66.7";
    }

    // Without --enlarge a box larger than the image is only cropped to its shape, and the plan,
    // the log and JSON say so with the size it gives.
    TEST_F(CliTest, SaysWhenAFillOnlyCrops)
    {
        const CliRun dry = run({ utf8(in() / "a.jpg"), "--dry-run", "--fill", "300x300" });
        EXPECT_EQ(dry.exitCode, 0) << dry.err;
        EXPECT_NE(dry.out.find("200x100 -> 100x100  (cropped to 100x100 without scaling: filling "
                               "300x300 would enlarge it, and enlarging is off)"),
            std::string::npos)
            << dry.out;
        const CliRun json
            = run({ utf8(in() / "a.jpg"), "--dry-run", "--json", "--fill", "300x300" });
        EXPECT_EQ(json.exitCode, 0) << json.err;
        EXPECT_NE(json.out.find("\"output_size\":[100,100]"), std::string::npos) << json.out;
        EXPECT_NE(json.out.find("\"note\":\"cropped to 100x100 without scaling"), std::string::npos)
            << json.out;
        const CliRun r = run({ utf8(in() / "a.jpg"), "--fill", "300x300" });
        EXPECT_EQ(r.exitCode, 0) << r.err;
        EXPECT_NE(r.out.find("(cropped to 100x100 without scaling"), std::string::npos) << r.out;
        EXPECT_EQ(imageSize(in() / "ResizeImage" / "a.jpg"), (Size { 100, 100 }));
        // With --enlarge the box is filled.
        const CliRun grown = run({ utf8(in() / "a.jpg"), "--dry-run", "--fill", "300x300",
            "--enlarge", "--output", utf8(tmp.path() / "grown") });
        EXPECT_NE(grown.out.find("200x100 -> 300x300\n"), std::string::npos) << grown.out;
    }

    TEST_F(CliTest, EscapesControlCharactersInNamesOnTheTerminal)
    {
#ifndef _WIN32 // Windows allows no control character in a file name
        test::writeTestJpeg(in() / "red\x1b[31m.jpg", 20, 20);
        const CliRun r = run({ utf8(in()) });
        EXPECT_EQ(r.exitCode, 0) << r.err;
        EXPECT_EQ(r.out.find('\x1b'), std::string::npos) << "a raw escape reached the terminal";
        EXPECT_NE(r.out.find("red\\x1b[31m.jpg"), std::string::npos) << r.out;
#endif
        // A right-to-left override would make "x\u202egpj.exe" read as "xexe.jpg".
        test::writeTestJpeg(in() / pathFromUtf8("x\xe2\x80\xaegpj.jpg"), 20, 20);
        const CliRun bidi = run({ utf8(in()) });
        EXPECT_EQ(bidi.out.find("\xe2\x80\xae"), std::string::npos) << bidi.out;
        EXPECT_NE(bidi.out.find("x\\xe2\\x80\\xaegpj.jpg"), std::string::npos) << bidi.out;
    }

#ifndef _WIN32
    // With standard input and error closed by the caller, the files the run opens must not take
    // their numbers: a failure's message would be written into an output image. POSIX only:
    // file descriptors closed through a shell (a Windows process gets handles, and none that a
    // file opened later could take).
    TEST_F(CliTest, ClosedStandardStreamsNeverEndUpInsideAnOutput)
    {
        for (int i = 0; i < 200; ++i) {
            test::writeTestJpeg(in() / ("good" + std::to_string(i) + ".jpg"), 40, 30);
            test::writeFile(in() / ("empty" + std::to_string(i) + ".jpg"), {});
        }
        const std::string command = std::string("'") + cliProgram().string() + "' '" + utf8(in())
            + "' --output '" + utf8(tmp.path() / "out") + "' >/dev/null 0<&- 2>&-";
        const int status = std::system(command.c_str());
        ASSERT_TRUE(WIFEXITED(status));
        EXPECT_EQ(WEXITSTATUS(status), 1);
        for (const auto& e : fs::recursive_directory_iterator(tmp.path() / "out")) {
            const std::string name = utf8(e.path().filename());
            if (!e.is_regular_file() || e.path().extension() != ".jpg") {
                continue;
            }
            const auto bytes = test::readFile(e.path());
            EXPECT_EQ(std::string(bytes.begin(), bytes.end()).find("failed"), std::string::npos)
                << name << " holds a message";
            ASSERT_GE(bytes.size(), 2u);
            EXPECT_EQ(bytes[bytes.size() - 2], 0xff) << name;
            EXPECT_EQ(bytes[bytes.size() - 1], 0xd9) << name << " does not end with EOI";
        }
    }

    // Every line is valid JSON for any file name; every file is an event; the summary agrees
    // with the exit code. POSIX only: names with control characters, quotes and bytes that are
    // not UTF-8 cannot exist on Windows (the names it can have are in
    // ChineseAndAccentedArgumentsAndNamesStayExact).
    TEST_F(CliTest, JsonStaysValidForAnyFileName)
    {
        const std::vector<std::string> names { "new\nline.jpg", "quote\"and\\back.jpg",
            "tab\tbell\a.jpg", "latin1-\xe9t\xe9.jpg", "cut-\xe7\x85.jpg", "ok-\xe7\x85\xa7.jpg" };
        for (const std::string& n : names) {
            test::writeTestJpeg(in() / n, 30, 20);
        }
        std::ofstream(in() / "bad\x01.png") << "text";
        std::ofstream(in() / "other\xff.bin") << "text";
        const CliRun first = run({ utf8(in()), "--json" });
        const CliRun r = run({ utf8(in()), "--json" }); // all skipped now
        for (const CliRun* run : { &first, &r }) {
            EXPECT_EQ(run->exitCode, 1);
            std::istringstream lines(run->out);
            std::string line;
            std::set<std::string> inputs;
            std::string last;
            while (std::getline(lines, line)) {
                std::string why;
                const auto event = cli::parseJson(line, &why);
                ASSERT_TRUE(event) << why << ": " << line;
                if (event->stringAt("event") == "job-finished" && event->find("input") != nullptr) {
                    inputs.insert(fs::path(event->stringAt("input")).filename().string());
                    if (run == &r && event->stringAt("status") == "skipped") {
                        EXPECT_NE(event->stringAt("output"), "")
                            << "a skipped job names the file that is there: " << line;
                    }
                }
                last = line;
            }
            for (const std::string& n : names) {
                EXPECT_TRUE(inputs.count(n)) << "no event for " << n;
            }
            EXPECT_TRUE(inputs.count("bad\x01.png"))
                << "a failure found while planning is an event";
            EXPECT_NE(last.find("\"event\":\"batch-finished\""), std::string::npos) << last;
            EXPECT_NE(last.find("\"failed\":1,"), std::string::npos) << last;
            // other\xff.bin; on the second run the ResizeImage folder too.
            EXPECT_NE(last.find(run == &r ? "\"ignored\":2," : "\"ignored\":1,"), std::string::npos)
                << last;
            EXPECT_NE(run->out.find("\"event\":\"ignored\""), std::string::npos);
        }
    }

    // The signal tests are POSIX only. On Windows, Ctrl-C and Ctrl-Break are console events
    // (signal_watcher.cpp), sent only to processes sharing a console, which a test run under
    // Wine does not have.

    // Runs the command line with SIGINT already pending when it starts: the first thing it
    // reads is the signal, so the stop lands while folders are being listed.
    int runWithPendingSignal(const std::vector<std::string>& args)
    {
        const pid_t pid = startCli(args, true);
        int status = 0;
        ::waitpid(pid, &status, 0);
        return WIFEXITED(status) ? WEXITSTATUS(status) : -WTERMSIG(status);
    }

    TEST_F(CliTest, ACtrlCWhilePlanningStopsBeforeAnythingIsWritten)
    {
        EXPECT_EQ(runWithPendingSignal({ utf8(in()) }), 130);
        EXPECT_FALSE(fs::exists(in() / "ResizeImage"));
        EXPECT_EQ(runWithPendingSignal({ utf8(in()), "--dry-run" }), 130);
        // A shard stopped while it plans is one to run again, and leaves no report, finished or
        // not.
        const fs::path reports = tmp.path() / "reports";
        EXPECT_EQ(
            runWithPendingSignal({ utf8(in()), "--shard", "0/2", "--report", utf8(reports) + "/" }),
            75);
        EXPECT_FALSE(fs::exists(in() / "ResizeImage"));
        ASSERT_TRUE(fs::exists(reports));
        EXPECT_TRUE(fs::is_empty(reports));
    }

    TEST_F(CliTest, SigtermDuringASlowEncodeStopsAtOnce)
    {
        test::writeTestJpeg(in() / "huge.jpg", 6000, 4000); // 24 MP
        const pid_t pid = startCli({ utf8(in() / "huge.jpg"), "--percent", "100", "--format", "png",
            "--png-compression", "9" });
        ASSERT_GE(pid, 0);
        std::this_thread::sleep_for(std::chrono::milliseconds(1500));
        ::kill(pid, SIGTERM);
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
        int status = 0;
        while (::waitpid(pid, &status, WNOHANG) == 0) {
            if (std::chrono::steady_clock::now() > deadline) {
                ::kill(pid, SIGKILL);
                ::waitpid(pid, &status, 0);
                FAIL() << "still encoding 10 s after SIGTERM";
            }
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
        ASSERT_TRUE(WIFEXITED(status));
        EXPECT_EQ(WEXITSTATUS(status), 143);
        EXPECT_FALSE(fs::exists(in() / "ResizeImage" / "huge.png"));
    }

    // POSIX only: a shell pipeline. A dry run whose reader goes away says so and exits as a run
    // does, not with its failures' status.
    TEST_F(CliTest, ADryRunToAClosedPipeSaysSoAndExits141)
    {
        // Long names: the listing (two paths a line) must be well past a pipe's 64 KiB, or the
        // whole of it may fit in the pipe before `head` closes it, and nothing is refused.
        const std::string padding(150, 'x');
        for (int i = 0; i < 400; ++i) {
            test::writeTestJpeg(in() / ("p" + std::to_string(i) + padding + ".jpg"), 16, 12);
        }
        std::ofstream(in() / "broken.jpg") << "not a JPEG";
        const fs::path err = scratch.path() / "dry-pipe-stderr.txt";
        const std::string command = std::string("bash -c \"'") + cliProgram().string() + "' '"
            + utf8(in()) + "' --dry-run 2>'" + utf8(err)
            + "' | head -n 1 >/dev/null; exit \\${PIPESTATUS[0]}\"";
        const int status = std::system(command.c_str());
        ASSERT_TRUE(WIFEXITED(status));
        EXPECT_EQ(WEXITSTATUS(status), 141);
        EXPECT_NE(slurp(err).find("standard output was closed"), std::string::npos) << slurp(err);
        EXPECT_FALSE(fs::exists(in() / "ResizeImage")) << "a dry run writes nothing";
    }

    // POSIX only: a shell pipeline and SIGPIPE.
    TEST_F(CliTest, AClosedPipeStopsCleanlyWithTheSummaryOnStderr)
    {
        for (int i = 0; i < 80; ++i) {
            test::writeTestJpeg(in() / ("p" + std::to_string(i) + ".jpg"), 400, 300);
        }
        const fs::path err = scratch.path() / "pipe-stderr.txt";
        const std::string command = std::string("bash -c \"'") + cliProgram().string() + "' '"
            + utf8(in()) + "' --json --threads 1 2>'" + utf8(err)
            + "' | head -n 2 >/dev/null; exit \\${PIPESTATUS[0]}\"";
        const int status = std::system(command.c_str());
        ASSERT_TRUE(WIFEXITED(status));
        EXPECT_EQ(WEXITSTATUS(status), 141);
        const std::string errText = slurp(err);
        EXPECT_NE(errText.find("standard output was closed"), std::string::npos) << errText;
        EXPECT_NE(errText.find("Cancelled: "), std::string::npos) << errText;
        // Only whole files were left.
        for (const auto& e : fs::directory_iterator(in() / "ResizeImage")) {
            const std::string name = utf8(e.path().filename());
            if (name == kOutputMarkerName) {
                continue;
            }
            EXPECT_FALSE(AtomicFileWriter::isTemporaryName(name));
            EXPECT_TRUE(decodeWhole<JpegDecoder>(test::readFile(e.path()), {}).ok()) << name;
        }
    }
#endif

    // The names of the files in `dir`, as UTF-8, leaving out the output folder's marker.
    std::set<std::string> namesIn(const fs::path& dir)
    {
        std::set<std::string> names;
        for (const auto& e : fs::directory_iterator(dir)) {
            if (const std::string name = utf8(e.path().filename()); name != kOutputMarkerName) {
                names.insert(name);
            }
        }
        return names;
    }

    // Arguments and names that are not ASCII reach the engine and come back unchanged: on
    // Windows they pass through UTF-16 and the C runtime's code page on the way.
    TEST_F(CliTest, ChineseAndAccentedArgumentsAndNamesStayExact)
    {
        const std::string photo = "\xe7\x85\xa7\xe7\x89\x87.jpg"; // 照片.jpg
        const std::string cafe = "caf\xc3\xa9.jpg"; // café.jpg, é precomposed
        const fs::path album = tmp.path() / pathFromUtf8("\xe7\x9b\xb8\xe5\x86\x8c"); // 相册
        const fs::path output = tmp.path() / pathFromUtf8("\xe8\xbe\x93\xe5\x87\xba"); // 输出
        fs::create_directories(album);
        test::writeTestJpeg(album / pathFromUtf8(photo), 120, 80);
        test::writeTestJpeg(album / pathFromUtf8(cafe), 90, 60);

        const CliRun r = run({ utf8(album), "--output", utf8(output), "--percent", "50" });
        ASSERT_EQ(r.exitCode, 0) << r.err;
        EXPECT_NE(r.err.find("Done: 2 resized, 0 skipped, 0 failed"), std::string::npos) << r.err;
        ASSERT_TRUE(fs::is_directory(output)) << "no folder named " << utf8(output);
        EXPECT_EQ(namesIn(output), (std::set<std::string> { photo, cafe }));
        auto small = readWholeHeader<JpegDecoder>(test::readFile(output / pathFromUtf8(photo)), {});
        ASSERT_TRUE(small.ok());
        EXPECT_EQ(small->info.width, 60);
        EXPECT_EQ(small->info.height, 40);
        // The log names both ends in UTF-8.
        for (const std::string& name : { photo, cafe }) {
            const std::string line = "ok       " + utf8(fs::canonical(album) / pathFromUtf8(name))
                + " -> " + utf8(fs::canonical(output) / pathFromUtf8(name));
            EXPECT_NE(r.out.find(line), std::string::npos) << line << "\nnot in\n" << r.out;
        }
        // A line ends in a line feed alone, on Windows too.
        EXPECT_EQ(r.out.find('\r'), std::string::npos) << r.out;
        EXPECT_EQ(r.err.find('\r'), std::string::npos) << r.err;

        const CliRun json = run(
            { utf8(album), "--output", utf8(output), "--json", "--on-existing", "overwrite" });
        ASSERT_EQ(json.exitCode, 0) << json.err;
        EXPECT_EQ(json.out.find('\r'), std::string::npos);
        std::istringstream lines(json.out);
        std::set<std::string> inputs;
        std::set<std::string> outputs;
        std::string last;
        for (std::string line; std::getline(lines, line); last = line) {
            std::string why;
            const auto event = cli::parseJson(line, &why);
            ASSERT_TRUE(event) << why << ": " << line;
            if (event->stringAt("event") != "job-finished") {
                continue;
            }
            EXPECT_EQ(event->stringAt("status"), "ok") << line;
            ASSERT_TRUE(event->find("input") != nullptr && event->find("output") != nullptr)
                << line;
            inputs.insert(event->stringAt("input"));
            outputs.insert(event->stringAt("output"));
        }
        EXPECT_EQ(inputs,
            (std::set<std::string> { utf8(fs::canonical(album) / pathFromUtf8(photo)),
                utf8(fs::canonical(album) / pathFromUtf8(cafe)) }));
        EXPECT_EQ(outputs,
            (std::set<std::string> { utf8(fs::canonical(output) / pathFromUtf8(photo)),
                utf8(fs::canonical(output) / pathFromUtf8(cafe)) }));
        EXPECT_NE(last.find("\"ok\":2,\"skipped\":0,\"failed\":0,"), std::string::npos) << last;
        EXPECT_EQ(namesIn(output), (std::set<std::string> { photo, cafe }));
    }

    // The arguments alone, without writing: a folder named in Chinese is found (on Windows the
    // ANSI code page would have made it "??") and the plan names its files in UTF-8.
    TEST_F(CliTest, AFolderNamedInChineseIsFoundAndListedInUtf8)
    {
        const fs::path album = tmp.path() / pathFromUtf8("\xe7\x9b\xb8\xe5\x86\x8c"); // 相册
        fs::create_directories(album);
        test::writeTestJpeg(album / pathFromUtf8("caf\xc3\xa9.jpg"), 90, 60);
        const CliRun r = run({ utf8(album), "--dry-run" });
        EXPECT_EQ(r.exitCode, 0) << r.err;
        const std::string input = utf8(fs::canonical(album) / pathFromUtf8("caf\xc3\xa9.jpg"));
        EXPECT_EQ(r.out.rfind("resize " + input + " -> ", 0), 0u) << r.out;
        EXPECT_NE(r.out.find("1 to resize, 0 to skip, 0 would fail"), std::string::npos) << r.out;
    }

    // Each argument arrives as it was given: quotes, backslashes, spaces and an empty one (on
    // Windows they travel quoted in one command line and are split again by the program).
    TEST_F(CliTest, ArgumentsArriveExactlyAsGiven)
    {
        const std::string odd = "--odd \"quoted\" \\\\ two  spaces\\";
        const CliRun r = run({ odd });
        EXPECT_EQ(r.exitCode, 2);
        EXPECT_NE(r.err.find("unknown option " + odd + " (see --help)"), std::string::npos)
            << r.err;
        // An empty value is a value: dropped, --percent would take --help as its value instead.
        const CliRun empty = run({ "--percent", "", "--help" });
        EXPECT_EQ(empty.exitCode, 2);
        EXPECT_NE(empty.err.find("--percent needs"), std::string::npos) << empty.err;
        EXPECT_EQ(empty.err.find("not the option"), std::string::npos) << empty.err;
    }

    // A JPEG at quality 20: at its own size and quality 100 its output is larger than it.
    void writeSmallJpeg(const fs::path& path)
    {
        const Image image = test::makeTestImage(160, 120, 3);
        EncodeOptions options;
        options.jpegQuality = 20;
        auto bytes = JpegEncoder::encode(image.view(), options, {});
        ASSERT_TRUE(bytes.ok());
        test::writeFile(path, *bytes);
    }

#ifdef _WIN32
    constexpr std::uint32_t kNanoseconds = 987'654'300; // Windows keeps 100 ns steps
#else
    constexpr std::uint32_t kNanoseconds = 987'654'321;
#endif

    TEST_F(CliTest, OutputsKeepTheirInputsDateUnlessToldNot)
    {
        ASSERT_TRUE(test::setModifiedTime(in() / "a.jpg", { 4102444800, kNanoseconds }));
        ASSERT_TRUE(test::setModifiedTime(in() / "c.png", { 0, 0 }));
        const CliRun r = run({ utf8(in()) });
        ASSERT_EQ(r.exitCode, 0) << r.err;
        const fs::path out = in() / "ResizeImage";
        EXPECT_EQ(
            test::modifiedTime(out / "a.jpg"), (test::ModifiedTime { 4102444800, kNanoseconds }));
        EXPECT_EQ(test::modifiedTime(out / "c.png"), (test::ModifiedTime { 0, 0 }));

        const CliRun again = run({ utf8(in()), "--no-keep-dates", "--on-existing", "overwrite" });
        ASSERT_EQ(again.exitCode, 0) << again.err;
        const auto now = test::modifiedTime(out / "a.jpg");
        ASSERT_TRUE(now.has_value());
        EXPECT_GT(now->seconds, 1577836800); // written now, after 2020
        EXPECT_LT(now->seconds, 4102444800);
    }

    TEST_F(CliTest, IfBiggerSkipAndCopySayWhatTheyDidInTheLogAndInJson)
    {
        writeSmallJpeg(in() / "small.jpg");
        const auto original = test::readFile(in() / "small.jpg");
        const std::string input = utf8(in() / "small.jpg");
        const CliRun skipped
            = run({ input, "--percent", "100", "--quality", "100", "--if-bigger", "skip" });
        EXPECT_EQ(skipped.exitCode, 0) << skipped.err;
        EXPECT_NE(
            skipped.out.find("skipped  " + input + ": the output would be "), std::string::npos)
            << skipped.out;
        EXPECT_NE(skipped.out.find(", larger than the input's "), std::string::npos);
        EXPECT_FALSE(fs::exists(in() / "ResizeImage" / "small.jpg"));
        EXPECT_NE(skipped.err.find("0 resized, 1 skipped"), std::string::npos) << skipped.err;

        const CliRun copied = run(
            { input, "--percent", "100", "--quality", "100", "--if-bigger", "copy", "--json" });
        EXPECT_EQ(copied.exitCode, 0) << copied.err;
        const std::string line = copied.out.substr(copied.out.find("\"event\":\"job-finished\""));
        EXPECT_NE(line.find("\"status\":\"ok\""), std::string::npos) << line;
        EXPECT_NE(line.find("\"if_bigger\":\"copy\""), std::string::npos) << line;
        EXPECT_NE(line.find("the input copied unchanged"), std::string::npos) << line;
        EXPECT_NE(line.find("\"output_bytes\":" + std::to_string(original.size()) + ","),
            std::string::npos)
            << line;
        EXPECT_TRUE(cli::parseJson(line.substr(0, line.find('\n')).insert(0, "{")));
        EXPECT_EQ(test::readFile(in() / "ResizeImage" / "small.jpg"), original);
        EXPECT_EQ(test::readFile(in() / "small.jpg"), original);
    }

    TEST_F(CliTest, MaxBytesShowsTheChosenQualityAndPassesPngsByOnce)
    {
        test::writeTestJpeg(in() / "big.jpg", 600, 400);
        const CliRun r = run({ utf8(in()), "--max-bytes", "8K" });
        EXPECT_EQ(r.exitCode, 0) << r.err;
        const std::size_t at = r.out.find("big.jpg -> ");
        ASSERT_NE(at, std::string::npos) << r.out;
        const std::string line = r.out.substr(at, r.out.find('\n', at) - at);
        EXPECT_NE(line.find("  quality "), std::string::npos) << line;
        EXPECT_LE(fs::file_size(in() / "ResizeImage" / "big.jpg"), 8u * 1024);
        const std::string note
            = std::string("note: the target file size applies to lossy outputs (") + kLossyOutputs
            + ") only: 1 output is lossless (" + kLosslessOutputs + ") and written as usual\n";
        EXPECT_NE(r.err.find(note), std::string::npos) << r.err;
        EXPECT_EQ(r.err.find(note), r.err.rfind(note)) << "said once";

        const CliRun json = run({ utf8(in() / "big.jpg"), "--max-bytes", "8K", "--json",
            "--on-existing", "overwrite" });
        EXPECT_EQ(json.exitCode, 0) << json.err;
        EXPECT_NE(json.out.find("\"quality\":"), std::string::npos) << json.out;
    }

    TEST_F(CliTest, AMaxBytesNoQualityMeetsFailsWithTheReason)
    {
        const CliRun r = run({ utf8(in() / "a.jpg"), "--max-bytes", "1" });
        EXPECT_EQ(r.exitCode, 1);
        EXPECT_NE(r.err.find("even quality 1 gives "), std::string::npos) << r.err;
        EXPECT_NE(r.err.find(", over the 1 byte asked for"), std::string::npos) << r.err;
        EXPECT_FALSE(fs::exists(in() / "ResizeImage" / "a.jpg"));
    }

    TEST_F(CliTest, BadMaxBytesAndIfBiggerValuesAreUsageErrors)
    {
        for (const char* bad : { "1.5M", "10G", "0", "200KB", "K" }) {
            const CliRun r = run({ utf8(in()), "--max-bytes", bad });
            EXPECT_EQ(r.exitCode, 2) << bad;
            EXPECT_NE(r.err.find("--max-bytes needs a number of bytes"), std::string::npos)
                << r.err;
        }
        const CliRun r = run({ utf8(in()), "--if-bigger", "never" });
        EXPECT_EQ(r.exitCode, 2);
        EXPECT_NE(r.err.find("keep, skip or copy"), std::string::npos) << r.err;
        EXPECT_FALSE(fs::exists(in() / "ResizeImage"));
    }

    // The presets the window saves, read from the configuration folder the environment names.
    TEST_F(CliTest, ReadsAPresetFromTheConfigurationFolder)
    {
        const fs::path config = tmp.path() / "config";
        fs::create_directories(config);
        std::ofstream(config / "presets.tsv", std::ios::binary)
            << "Small\t--long-edge 50 --quality 70\n";
        const test::ScopedEnvironment env("DROPSIZE_CONFIG_DIR", utf8(config));
        const CliRun r = run({ utf8(in() / "a.jpg"), "--preset", "small", "--quality", "60" });
        EXPECT_EQ(r.exitCode, 0) << r.err;
        auto a = readWholeHeader<JpegDecoder>(test::readFile(in() / "ResizeImage" / "a.jpg"), {});
        ASSERT_TRUE(a.ok());
        EXPECT_EQ(a->info.width, 50);
        EXPECT_EQ(a->info.height, 25);

        const CliRun unknown = run({ utf8(in()), "--preset", "large" });
        EXPECT_EQ(unknown.exitCode, 2);
        EXPECT_NE(unknown.err.find("unknown preset \"large\""), std::string::npos) << unknown.err;
        EXPECT_NE(unknown.err.find("\"Small\""), std::string::npos) << unknown.err;

        const CliRun list = run({ "--list-presets" });
        EXPECT_EQ(list.exitCode, 0) << list.err;
        EXPECT_NE(list.out.find("email: E-mail (1280 px)"), std::string::npos) << list.out;
        EXPECT_NE(list.out.find("Small\n      --long-edge 50 --quality 70"), std::string::npos)
            << list.out;
    }

} // namespace
} // namespace dropsize

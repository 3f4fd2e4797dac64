// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/core/batch_planner.h"
#include "dropsize/core/batch_scheduler.h"
#include "dropsize/core/name_template.h"
#include "dropsize/core/path_text.h"
#include "support/test_support.h"

#include <algorithm>
#include <fstream>
#include <gtest/gtest.h>
#include <map>
#include <set>
#ifndef _WIN32
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

namespace dropsize {
namespace {

    namespace fs = std::filesystem;

    fs::path relativeOutput(const Job& job, const fs::path& root)
    {
        return fs::relative(job.output(), fs::canonical(root));
    }

    const Job* findJob(const BatchPlan& plan, const std::string& name)
    {
        for (const Job& j : plan.jobs) {
            if (j.input().filename() == name) {
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
        EXPECT_EQ(plan->ignored[0].reason.english(), "not a " + readableFormats() + " file");
    }

    TEST(BatchPlanner, SaysWhatAListedFileThatIsNoImageIs)
    {
        test::TempDir tmp;
        std::ofstream(tmp.path() / "notes.txt") << "a shopping list\n";
        fs::create_directories(tmp.path() / "folder");
        std::ofstream(tmp.path() / "folder" / "readme.txt") << "text";
        auto plan = BatchPlanner({}).plan({ tmp.path() / "notes.txt", tmp.path() / "folder" });
        ASSERT_TRUE(plan.ok());
        EXPECT_TRUE(plan->jobs.empty());
        ASSERT_EQ(plan->ignored.size(), 2u);
        // Listed by name: what it is. Found in a folder: only what it is not, as before.
        EXPECT_EQ(plan->ignored[0].reason.english(),
            "not a " + readableFormats() + " image: it looks like text");
        EXPECT_EQ(plan->ignored[1].reason.english(), "not a " + readableFormats() + " file");
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
        EXPECT_EQ(plan->jobs[0].action, JobAction::Skip) << "its output exists already";
    }

    // After a default run, a run with another output folder must not take ResizeImage/ again;
    // nor a folder an earlier run marked as its output, whatever its name.
    TEST(BatchPlanner, NeverReadsOutputsOfEarlierRuns)
    {
        test::TempDir tmp;
        test::TempDir elsewhere;
        const fs::path in = tmp.path() / "photos";
        fs::create_directories(in / "ResizeImage");
        fs::create_directories(in / "small");
        test::writeTestJpeg(in / "a.jpg", 8, 8);
        test::writeTestJpeg(in / "ResizeImage" / "a.jpg", 4, 4);
        test::writeTestJpeg(in / "small" / "a.jpg", 4, 4);
        test::writeFile(in / "small" / kOutputMarkerName, { 'x' });
        PlanOptions options;
        options.outputFolder = elsewhere.path() / "out";
        auto plan = BatchPlanner(options).plan({ in });
        ASSERT_TRUE(plan.ok()) << plan.error().message;
        ASSERT_EQ(plan->jobs.size(), 1u);
        EXPECT_EQ(plan->jobs[0].input(), fs::canonical(in / "a.jpg"));
        std::set<std::string> ignored;
        for (const IgnoredPath& i : plan->ignored) {
            ignored.insert(i.path.filename().string());
        }
        EXPECT_EQ(ignored, (std::set<std::string> { "ResizeImage", "small" }));

        // A marked folder given as an input is not read either, and says why.
        auto marked = BatchPlanner(options).plan({ in / "small" });
        ASSERT_TRUE(marked.ok());
        EXPECT_TRUE(marked->jobs.empty());
        ASSERT_EQ(marked->ignored.size(), 1u);
        EXPECT_NE(marked->ignored[0].reason.english().find(kOutputMarkerName), std::string::npos);
    }

    TEST(BatchPlanner, RefusesAnOutputFolderInsideAnInputTree)
    {
        test::TempDir tmp;
        const fs::path photos = tmp.path() / "Photos";
        fs::create_directories(photos / "2019");
        test::writeTestJpeg(photos / "beach.jpg", 8, 8);
        test::writeTestJpeg(photos / "2019" / "beach.jpg", 8, 8);
        for (const ExistingPolicy policy : { ExistingPolicy::Overwrite, ExistingPolicy::Skip }) {
            PlanOptions options;
            options.outputFolder = photos / "2019";
            options.onExisting = policy;
            auto plan = BatchPlanner(options).plan({ photos });
            ASSERT_FALSE(plan.ok());
            EXPECT_EQ(plan.error().code, ErrorCode::InvalidArgument);
            EXPECT_EQ(plan.error().path, fs::canonical(photos / "2019").string());
            EXPECT_NE(plan.error().message.find(
                          "inside the input folder " + fs::canonical(photos).string()),
                std::string::npos)
                << plan.error().message;
        }
    }

    TEST(BatchPlanner, RefusesAnOutputFolderThatContainsAnInput)
    {
        test::TempDir tmp;
        const fs::path photos = tmp.path() / "Photos";
        fs::create_directories(photos);
        test::writeTestJpeg(photos / "a.jpg", 8, 8);
        PlanOptions options;
        options.outputFolder = tmp.path();
        auto plan = BatchPlanner(options).plan({ photos });
        ASSERT_FALSE(plan.ok());
        EXPECT_NE(plan.error().message.find("contains the input folder"), std::string::npos);
        auto file = BatchPlanner(options).plan({ photos / "a.jpg" });
        ASSERT_FALSE(file.ok());
        EXPECT_NE(file.error().message.find("contains the input file"), std::string::npos);
    }

    // Two inputs and --output at one input's parent: the per-input folder would be that input.
    TEST(BatchPlanner, RefusesAPerInputOutputFolderThatIsAnInput)
    {
        test::TempDir tmp;
        fs::create_directories(tmp.path() / "A");
        fs::create_directories(tmp.path() / "other" / "B");
        test::writeTestJpeg(tmp.path() / "A" / "a.jpg", 8, 8);
        test::writeTestJpeg(tmp.path() / "other" / "B" / "b.jpg", 8, 8);
        PlanOptions options;
        options.outputFolder = tmp.path();
        auto plan = BatchPlanner(options).plan({ tmp.path() / "A", tmp.path() / "other" / "B" });
        ASSERT_FALSE(plan.ok());
        EXPECT_EQ(plan.error().path, fs::canonical(tmp.path() / "A").string());
    }

    TEST(BatchPlanner, RefusesTwoInputFoldersSharingAnOutputFolder)
    {
        test::TempDir tmp;
        test::TempDir out;
        fs::create_directories(tmp.path() / "a" / "photos");
        fs::create_directories(tmp.path() / "b" / "photos");
        PlanOptions options;
        options.outputFolder = out.path();
        auto plan = BatchPlanner(options).plan(
            { tmp.path() / "a" / "photos", tmp.path() / "b" / "photos" });
        ASSERT_FALSE(plan.ok());
        EXPECT_NE(plan.error().message.find("same output folder"), std::string::npos);
    }

    TEST(BatchPlanner, RefusesAnOutputFolderThatIsAFile)
    {
        test::TempDir tmp;
        test::TempDir out;
        fs::create_directories(tmp.path() / "in");
        test::writeTestJpeg(tmp.path() / "in" / "a.jpg", 8, 8);
        test::writeFile(out.path() / "file", { 1 });
        PlanOptions options;
        options.outputFolder = out.path() / "file";
        auto plan = BatchPlanner(options).plan({ tmp.path() / "in" });
        ASSERT_FALSE(plan.ok());
        EXPECT_NE(plan.error().message.find("is a file"), std::string::npos);
        options.outputFolder = out.path() / "file" / "deeper";
        auto deeper = BatchPlanner(options).plan({ tmp.path() / "in" });
        ASSERT_FALSE(deeper.ok());
        EXPECT_NE(deeper.error().message.find("is a file"), std::string::npos);
    }

    TEST(BatchPlanner, RefusesAnOutputFolderThatIsTheInputFolder)
    {
        test::TempDir tmp;
        test::writeTestJpeg(tmp.path() / "a.jpg", 8, 8);
        PlanOptions options;
        options.outputFolder = tmp.path();
        auto plan = BatchPlanner(options).plan({ tmp.path() });
        ASSERT_FALSE(plan.ok());
        EXPECT_NE(plan.error().message.find("inside the input folder"), std::string::npos);
        auto plan2 = BatchPlanner(options).plan({ tmp.path() / "a.jpg" });
        ASSERT_FALSE(plan2.ok());
    }

    TEST(BatchPlanner, GivesCollidingOutputsNamesFromTheInputAlone)
    {
        test::TempDir tmp;
        test::writeTestJpeg(tmp.path() / "a.jpg", 8, 8);
        test::writeTestPng(tmp.path() / "a.png", 8, 8);
        test::writeTestJpeg(tmp.path() / "b.jpeg", 8, 8);
        PlanOptions options;
        options.format = OutputFormat::Png;
        auto names = [&](const std::vector<fs::path>& inputs) {
            auto plan = BatchPlanner(options).plan(inputs);
            EXPECT_TRUE(plan.ok());
            std::map<std::string, std::string> out;
            for (const Job& j : plan->jobs) {
                out[j.input().filename().string()] = j.output().filename().string();
            }
            return out;
        };
        // a.png keeps its own name; a.jpg, which wants it too, carries its extension.
        const std::map<std::string, std::string> expected { { "a.jpg", "a_jpg.png" },
            { "a.png", "a.png" }, { "b.jpeg", "b.png" } };
        EXPECT_EQ(names({ tmp.path() }), expected);
        // The same names whatever the order of the inputs, and with a new input beside them.
        EXPECT_EQ(
            names({ tmp.path() / "a.png", tmp.path() / "b.jpeg", tmp.path() / "a.jpg" }), expected);
        test::writeTestJpeg(tmp.path() / "a.jpeg", 8, 8);
        auto more = names({ tmp.path() });
        EXPECT_EQ(more["a.jpg"], "a_jpg.png");
        EXPECT_EQ(more["a.png"], "a.png");
        EXPECT_EQ(more["a.jpeg"], "a_jpeg.png");
    }

    // Two inputs whose outputs would share a name: the second fails, and the advice names only
    // the fields the pattern lacks that would tell them apart.
    TEST(BatchPlanner, AdvisesOnlyTheFieldsThePatternLacks)
    {
        const auto failure = [](const fs::path& folder, const char* text) {
            PlanOptions options;
            auto pattern = NameTemplate::parse(text);
            EXPECT_TRUE(pattern.ok());
            options.nameTemplate = *pattern;
            auto plan = BatchPlanner(options).plan({ folder });
            EXPECT_TRUE(plan.ok());
            std::string message;
            for (const Job& j : plan->jobs) {
                for (const JobOutput& o : j.outputs) {
                    if (o.action == JobAction::Fail) {
                        message = o.reason->message;
                    }
                }
            }
            return message;
        };
        test::TempDir tmp;
        test::writeTestJpeg(tmp.path() / "a.jpg", 8, 8);
        test::writeTestJpeg(tmp.path() / "b.jpg", 8, 8);
        EXPECT_NE(failure(tmp.path(), "photo.{ext}")
                      .find("; put {name} or {n} in the name, or use --on-existing rename"),
            std::string::npos);
        EXPECT_NE(failure(tmp.path(), "{w}x{h}")
                      .find("; put {name} or {n} in the name, or use --on-existing rename"),
            std::string::npos);
        EXPECT_EQ(failure(tmp.path(), "{n}"), "") << "{n} tells every input apart";

        // Two long names that differ only where the name is shortened to fit 255 bytes: {name}
        // is there, so only {n} is advised.
        test::TempDir longNames;
        const std::string stem(240, 'x');
        test::writeTestJpeg(longNames.path() / (stem + "1.jpg"), 8, 8);
        test::writeTestJpeg(longNames.path() / (stem + "2.jpg"), 8, 8);
        const std::string message = failure(longNames.path(), "{name}-resized-copy.{ext}");
        EXPECT_NE(
            message.find("; put {n} in the name, or use --on-existing rename"), std::string::npos)
            << message;
        EXPECT_EQ(message.find("{name}"), std::string::npos) << message;
    }

    TEST(BatchPlanner, TakesTheTypeFromTheBytesAndFixesTheExtension)
    {
        test::TempDir tmp;
        test::writeTestPng(tmp.path() / "really-png.jpg", 8, 8);
        auto plan = BatchPlanner({}).plan({ tmp.path() });
        ASSERT_TRUE(plan.ok());
        ASSERT_EQ(plan->jobs.size(), 1u);
        EXPECT_EQ(plan->jobs[0].format, ImageFormat::Png);
        EXPECT_EQ(plan->jobs[0].output().filename(), "really-png.png");
    }

    // Each job's output format is decided once, here, with its name: the run encodes what the
    // name says.
    TEST(BatchPlanner, DecidesEachJobsOutputFormatWithItsName)
    {
        test::TempDir tmp;
        test::writeTestPng(tmp.path() / "really-png.jpg", 8, 8);
        test::writeTestJpeg(tmp.path() / "photo.jpg", 8, 8);
        const std::map<OutputFormat, std::map<std::string, std::pair<ImageFormat, std::string>>>
            expected {
                { OutputFormat::Keep,
                    { { "really-png.jpg", { ImageFormat::Png, "really-png.png" } },
                        { "photo.jpg", { ImageFormat::Jpeg, "photo.jpg" } } } },
                { OutputFormat::Jpeg,
                    { { "really-png.jpg", { ImageFormat::Jpeg, "really-png.jpg" } },
                        { "photo.jpg", { ImageFormat::Jpeg, "photo.jpg" } } } },
                { OutputFormat::Png,
                    { { "really-png.jpg", { ImageFormat::Png, "really-png.png" } },
                        { "photo.jpg", { ImageFormat::Png, "photo.png" } } } },
            };
        for (const auto& [format, jobs] : expected) {
            SCOPED_TRACE(static_cast<int>(format));
            PlanOptions options;
            options.format = format;
            auto plan = BatchPlanner(options).plan({ tmp.path() });
            ASSERT_TRUE(plan.ok()) << plan.error().message;
            ASSERT_EQ(plan->jobs.size(), jobs.size());
            for (const Job& job : plan->jobs) {
                const auto& [outputFormat, name] = jobs.at(job.input().filename().string());
                EXPECT_EQ(job.outputFormat, outputFormat) << name;
                EXPECT_EQ(job.output().filename().string(), name);
            }
        }
    }

    TEST(BatchPlanner, CarriesTheExistingFilePolicyToTheRun)
    {
        test::TempDir tmp;
        test::writeTestJpeg(tmp.path() / "a.jpg", 8, 8);
        for (const ExistingPolicy policy :
            { ExistingPolicy::Skip, ExistingPolicy::Overwrite, ExistingPolicy::Rename }) {
            PlanOptions options;
            options.onExisting = policy;
            auto plan = BatchPlanner(options).plan({ tmp.path() });
            ASSERT_TRUE(plan.ok()) << plan.error().message;
            EXPECT_EQ(plan->onExisting, policy);
        }
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
            reasons.insert(i.path.filename().string() + ": " + i.reason.english());
        }
        EXPECT_TRUE(reasons.count("escape.jpg: symbolic link leads out of the input folder"));
        EXPECT_TRUE(reasons.count("pipe.jpg: not a regular file (FIFO, socket or device)"));
        EXPECT_TRUE(reasons.count("b.jpg: same file already taken by another path"));
        EXPECT_TRUE(reasons.count("alias.jpg: a link to "
            + fs::canonical(tmp.path() / "in" / "a.jpg").string()
            + ", which is taken by its own path"));
    }

    // A folder linked from inside its own tree: the outputs follow the real folder, not the
    // alias, even when the alias comes first in name order.
    TEST(BatchPlanner, TakesAFolderReachedTwiceByItsRealPath)
    {
        test::TempDir tmp;
        fs::create_directories(tmp.path() / "in" / "z-real");
        test::writeTestJpeg(tmp.path() / "in" / "z-real" / "p.jpg", 8, 8);
        fs::create_directory_symlink(tmp.path() / "in" / "z-real", tmp.path() / "in" / "a-alias");
        auto plan = BatchPlanner({}).plan({ tmp.path() / "in" });
        ASSERT_TRUE(plan.ok());
        ASSERT_EQ(plan->jobs.size(), 1u);
        EXPECT_EQ(relativeOutput(plan->jobs[0], tmp.path() / "in"), "ResizeImage/z-real/p.jpg");
        ASSERT_EQ(plan->ignored.size(), 1u);
        EXPECT_EQ(plan->ignored[0].path.filename(), "a-alias");
        EXPECT_NE(
            plan->ignored[0].reason.english().find("taken by its own path"), std::string::npos);
    }

    TEST(BatchPlanner, RefusesASymlinkedOutputFolder)
    {
        test::TempDir tmp;
        test::TempDir elsewhere;
        fs::create_directories(tmp.path() / "in");
        test::writeTestJpeg(tmp.path() / "in" / "a.jpg", 8, 8);
        fs::create_directory_symlink(elsewhere.path(), tmp.path() / "in" / "ResizeImage");
        auto plan = BatchPlanner({}).plan({ tmp.path() / "in" });
        ASSERT_FALSE(plan.ok());
        EXPECT_NE(plan.error().message.find("symbolic link"), std::string::npos);

        fs::create_directory_symlink(elsewhere.path(), tmp.path() / "link");
        PlanOptions options;
        options.outputFolder = tmp.path() / "link";
        auto chosen = BatchPlanner(options).plan({ tmp.path() / "in" / "a.jpg" });
        ASSERT_FALSE(chosen.ok());
        EXPECT_NE(chosen.error().message.find("symbolic link"), std::string::npos);
    }

    // A file whose name says JPEG or PNG but that cannot be read as one fails, with the
    // reason; other files are ignored, with theirs.
    TEST(BatchPlanner, FailsImagesByNameThatCannotBeRead)
    {
        test::TempDir tmp;
        const fs::path in = tmp.path() / "in";
        fs::create_directories(in);
        test::writeFile(in / "empty.jpg", {});
        std::ofstream(in / "page.jpg") << "<!DOCTYPE html><html><body>404</body></html>";
        std::ofstream(in / "notes.PNG") << "just some words";
        std::ofstream(in / "anim.JPE") << "GIF89a....";
        std::ofstream(in / "readme.txt") << "not an image";
        fs::create_symlink(in / "gone.jpg", in / "broken.jpeg");
        fs::create_symlink(in / "gone.txt", in / "broken-other");
        auto plan = BatchPlanner({}).plan({ in });
        ASSERT_TRUE(plan.ok());
        std::map<std::string, std::string> failed;
        for (const Job& j : plan->jobs) {
            ASSERT_EQ(j.action, JobAction::Fail) << j.input();
            failed[j.input().filename().string()] = j.reason->message;
        }
        ASSERT_EQ(failed.size(), 5u);
        EXPECT_NE(failed["empty.jpg"].find("empty"), std::string::npos);
        EXPECT_NE(failed["page.jpg"].find("HTML"), std::string::npos);
        EXPECT_NE(failed["notes.PNG"].find("text"), std::string::npos);
        EXPECT_NE(failed["anim.JPE"].find("GIF"), std::string::npos);
        EXPECT_NE(failed["broken.jpeg"].find("broken symbolic link"), std::string::npos);
        std::set<std::string> ignored;
        for (const IgnoredPath& i : plan->ignored) {
            ignored.insert(i.path.filename().string());
        }
        EXPECT_EQ(ignored, (std::set<std::string> { "broken-other", "readme.txt" }));
    }

    TEST(BatchPlanner, FailsAnUnreadableImageAndAFolderThatCannotBeListed)
    {
        test::TempDir tmp;
        const fs::path in = tmp.path() / "in";
        fs::create_directories(in / "locked");
        test::writeTestJpeg(in / "private.jpg", 8, 8);
        test::writeTestJpeg(in / "locked" / "hidden.jpg", 8, 8);
        ::chmod((in / "private.jpg").c_str(), 0);
        ::chmod((in / "locked").c_str(), 0);
        const std::string failed = test::runWithoutPrivileges([&] {
            PlanOptions options;
            options.checkOutputs = false; // nobody cannot write here either
            auto plan = BatchPlanner(options).plan({ in });
            std::string out;
            for (const Job& j : plan->jobs) {
                out += j.input().filename().string() + ": " + (j.reason ? j.reason->message : "ok")
                    + "\n";
            }
            return out;
        });
        ::chmod((in / "locked").c_str(), 0755);
        EXPECT_EQ(failed,
            "private.jpg: cannot be read: Permission denied\n"
            "locked: cannot list the folder: Permission denied\n");
    }

    // (POSIX permissions: the test drops root's rights to see them refused.)
    TEST(BatchPlanner, RefusesAnOutputFolderThatCannotBeWritten)
    {
        test::TempDir tmp;
        test::TempDir locked; // the test's own, 0755: others cannot write in it
        fs::create_directories(tmp.path() / "in");
        test::writeTestJpeg(tmp.path() / "in" / "a.jpg", 8, 8);
        const std::string message = test::runWithoutPrivileges([&] {
            PlanOptions options;
            options.outputFolder = locked.path() / "out";
            auto plan = BatchPlanner(options).plan({ tmp.path() / "in" });
            return plan ? std::string("planned") : plan.error().path + ": " + plan.error().message;
        });
        EXPECT_EQ(message,
            (locked.path() / "out").string() + ": cannot write in the output folder "
                + locked.path().string() + ": Permission denied");
    }

    // PATH_MAX; Windows has no such limit with long paths (see the deep-tree tests).
    // A folder whose path is longer than the system takes fails with that reason, by name.
    TEST(BatchPlanner, FailsAFolderWhosePathIsTooLong)
    {
        test::TempDir tmp;
        fs::path deep = tmp.path() / "in";
        fs::create_directories(deep);
        const int fd0 = ::open(deep.c_str(), O_RDONLY | O_DIRECTORY);
        int fd = fd0;
        std::size_t length = deep.native().size();
        while (length < 4200) { // past PATH_MAX (4096), built with relative steps
            ASSERT_EQ(::mkdirat(fd, "d", 0755), 0);
            const int next = ::openat(fd, "d", O_RDONLY | O_DIRECTORY);
            if (fd != fd0) {
                ::close(fd);
            }
            fd = next;
            length += 2;
        }
        ::close(fd);
        PlanOptions options;
        options.checkOutputs = false;
        auto plan = BatchPlanner(options).plan({ deep });
        ASSERT_TRUE(plan.ok());
        ASSERT_EQ(plan->jobs.size(), 1u);
        EXPECT_EQ(plan->jobs[0].action, JobAction::Fail);
        EXPECT_NE(plan->jobs[0].reason->message.find("File name too long"), std::string::npos)
            << plan->jobs[0].reason->message;
        // Shorten the chain from the top, one level a step: remove_all needs whole paths.
        while (::renameat(fd0, "d/d", fd0, "next") == 0) {
            ::unlinkat(fd0, "d", AT_REMOVEDIR);
            ::renameat(fd0, "next", fd0, "d");
        }
        ::unlinkat(fd0, "d", AT_REMOVEDIR);
        ::close(fd0);
    }
#endif

    // Two cameras' IMG_0001.JPG given as files, written to one folder: each carries its
    // folder's name, whatever else is given beside them.
    TEST(BatchPlanner, NamesSameNamedFilesFromTwoFoldersAfterTheirFolders)
    {
        test::TempDir tmp;
        test::TempDir out;
        for (const char* folder : { "0", "A", "B" }) {
            fs::create_directories(tmp.path() / folder);
            test::writeTestJpeg(tmp.path() / folder / "x.jpg", 8, 8);
        }
        PlanOptions options;
        options.outputFolder = out.path();
        auto names = [&](const std::vector<fs::path>& inputs) {
            auto plan = BatchPlanner(options).plan(inputs);
            EXPECT_TRUE(plan.ok());
            std::map<std::string, std::string> got;
            for (const Job& j : plan->jobs) {
                got[j.input().parent_path().filename().string()] = j.output().filename().string();
            }
            return got;
        };
        const auto two = names({ tmp.path() / "A" / "x.jpg", tmp.path() / "B" / "x.jpg" });
        EXPECT_EQ(two,
            (std::map<std::string, std::string> { { "A", "x (A).jpg" }, { "B", "x (B).jpg" } }));
        const auto three = names(
            { tmp.path() / "0" / "x.jpg", tmp.path() / "B" / "x.jpg", tmp.path() / "A" / "x.jpg" });
        EXPECT_EQ(three.at("A"), "x (A).jpg");
        EXPECT_EQ(three.at("B"), "x (B).jpg");
        EXPECT_EQ(three.at("0"), "x (0).jpg");
    }

    // Names that differ in case only are one name where the file system ignores case (Windows):
    // written to one folder, the second would be skipped as existing, or replace the first.
    TEST(BatchPlanner, TellsOutputNamesApartAsTheFileSystemDoes)
    {
        test::TempDir tmp;
        test::TempDir out;
        fs::create_directories(tmp.path() / "A");
        fs::create_directories(tmp.path() / "B");
        test::writeTestJpeg(tmp.path() / "A" / "Photo.jpg", 8, 8);
        test::writeTestJpeg(tmp.path() / "B" / "photo.jpg", 8, 8);
        test::writeTestJpeg(tmp.path() / "x.jpg", 8, 8);
        test::writeTestPng(tmp.path() / "X.png", 8, 8);
        PlanOptions options;
        options.outputFolder = out.path();
        options.format = OutputFormat::Jpeg;
        auto plan = BatchPlanner(options).plan({ tmp.path() / "A" / "Photo.jpg",
            tmp.path() / "B" / "photo.jpg", tmp.path() / "x.jpg", tmp.path() / "X.png" });
        ASSERT_TRUE(plan.ok()) << plan.error().message;
        std::map<std::string, std::string> got;
        for (const Job& j : plan->jobs) {
            EXPECT_EQ(j.action, JobAction::Run);
            got[utf8(j.input().filename())] = utf8(j.output().filename());
        }
#ifdef _WIN32
        const std::map<std::string, std::string> expected { { "Photo.jpg", "Photo (A).jpg" },
            { "photo.jpg", "photo (B).jpg" }, { "x.jpg", "x.jpg" }, { "X.png", "X_png.jpg" } };
#else
        const std::map<std::string, std::string> expected { { "Photo.jpg", "Photo.jpg" },
            { "photo.jpg", "photo.jpg" }, { "x.jpg", "x.jpg" }, { "X.png", "X.jpg" } };
#endif
        EXPECT_EQ(got, expected);
        // And the run writes all four.
        const BatchSummary summary = BatchScheduler({}, nullptr).run(*plan);
        EXPECT_EQ(summary.ok, 4u);
        EXPECT_EQ(summary.skipped, 0u);
    }

    // Under rename, a taken name moves on to one that neither exists nor is another input's.
    TEST(BatchPlanner, RenamesOntoNoNameAnotherInputOwns)
    {
        test::TempDir tmp;
        test::writeTestJpeg(tmp.path() / "x.jpg", 8, 8);
        test::writeTestJpeg(tmp.path() / "x_1.jpg", 8, 8);
        fs::create_directories(tmp.path() / "ResizeImage");
        test::writeFile(tmp.path() / "ResizeImage" / "x.jpg", { 1 });
        PlanOptions options;
        options.onExisting = ExistingPolicy::Rename;
        auto plan = BatchPlanner(options).plan({ tmp.path() });
        ASSERT_TRUE(plan.ok());
        std::set<std::string> outputs;
        for (const Job& j : plan->jobs) {
            EXPECT_TRUE(outputs.insert(j.output().filename().string()).second)
                << "two jobs share " << j.output();
        }
        EXPECT_EQ(outputs, (std::set<std::string> { "x_1.jpg", "x_2.jpg" }));
    }

    // A name that would pass 255 bytes once a suffix is added is shortened, never refused.
    TEST(BatchPlanner, ShortensANameThatASuffixWouldMakeTooLong)
    {
        test::TempDir tmp;
        const std::string stem(251, 'a');
        test::writeTestJpeg(tmp.path() / (stem + ".jpg"), 8, 8);
        test::writeTestPng(tmp.path() / (stem + ".png"), 8, 8);
        PlanOptions options;
        options.format = OutputFormat::Png;
        auto plan = BatchPlanner(options).plan({ tmp.path() });
        ASSERT_TRUE(plan.ok());
        ASSERT_EQ(plan->jobs.size(), 2u);
        for (const Job& j : plan->jobs) {
            EXPECT_LE(j.output().filename().string().size(), 255u);
        }
        EXPECT_NE(plan->jobs[0].output().filename(), plan->jobs[1].output().filename());
        // The cut never splits a UTF-8 character: 245 bytes are kept, not 247.
        std::string cut(245, 'a');
        std::string kept = cut;
        cut.append("\xe7\x85\xa7"
                   "bbb");
        kept.append("_jpg.png");
        EXPECT_EQ(fittedName(cut, "_jpg.png"), kept);
    }

    // A folder below an output folder, or an input folder inside another, is never planned as a
    // root of its own: outputs do not depend on the order of the inputs.
    TEST(BatchPlanner, TakesNestedInputsThroughTheirTopFolder)
    {
        test::TempDir tmp;
        const fs::path a = tmp.path() / "A";
        fs::create_directories(a / "sub");
        test::writeTestJpeg(a / "sub" / "y.jpg", 8, 8);
        for (const auto& inputs :
            { std::vector<fs::path> { a, a / "sub" }, std::vector<fs::path> { a / "sub", a },
                std::vector<fs::path> { a / "sub" / "y.jpg", a } }) {
            auto plan = BatchPlanner({}).plan(inputs);
            ASSERT_TRUE(plan.ok());
            ASSERT_EQ(plan->jobs.size(), 1u);
            EXPECT_EQ(relativeOutput(plan->jobs[0], a), "ResizeImage/sub/y.jpg");
        }
        // Outputs of an earlier run, given by a folder below the marked one.
        fs::create_directories(tmp.path() / "out" / "sub");
        test::writeFile(tmp.path() / "out" / kOutputMarkerName, { 'x' });
        test::writeTestJpeg(tmp.path() / "out" / "sub" / "y.jpg", 8, 8);
        for (const fs::path& input :
            { tmp.path() / "out" / "sub", tmp.path() / "out" / "sub" / "y.jpg" }) {
            auto plan = BatchPlanner({}).plan({ input });
            ASSERT_TRUE(plan.ok());
            EXPECT_TRUE(plan->jobs.empty()) << input;
            ASSERT_EQ(plan->ignored.size(), 1u);
            EXPECT_NE(plan->ignored[0].reason.english().find("holds Dropsize's outputs"),
                std::string::npos);
        }
    }

    TEST(BatchPlanner, StopsWhenCancelled)
    {
        test::TempDir tmp;
        test::writeTestJpeg(tmp.path() / "a.jpg", 8, 8);
        CancelToken cancel;
        cancel.requestStop();
        PlanOptions options;
        options.cancel = &cancel;
        auto plan = BatchPlanner(options).plan({ tmp.path() });
        ASSERT_FALSE(plan.ok());
        EXPECT_EQ(plan.error().code, ErrorCode::Cancelled);
    }

    TEST(BatchPlanner, ReportsMissingInputs)
    {
        test::TempDir tmp;
        auto plan = BatchPlanner({}).plan({ tmp.path() / "nope" });
        ASSERT_TRUE(plan.ok());
        ASSERT_EQ(plan->jobs.size(), 1u);
        EXPECT_EQ(plan->jobs[0].action, JobAction::Fail);
        EXPECT_EQ(plan->jobs[0].reason->code, ErrorCode::NotFound);
    }

} // namespace
} // namespace dropsize

// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/core/atomic_file_writer.h"
#include "support/test_support.h"

#include <algorithm>
#include <csignal>
#include <fstream>
#include <gtest/gtest.h>
#include <set>
#ifndef _WIN32
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

namespace dropsize {
namespace {

    namespace fs = std::filesystem;

    const std::vector<std::uint8_t> kBytes(1000, 7);

    TEST(AtomicFileWriter, WritesTheFileAndLeavesNoTemporary)
    {
        test::TempDir tmp;
        const AtomicFileWriter writer;
        auto written = writer.write(tmp.path() / "sub" / "a.jpg", kBytes, ExistingPolicy::Skip);
        ASSERT_TRUE(written.ok()) << written.error().message;
        EXPECT_EQ(test::readFile(*written), kBytes);
        EXPECT_EQ(test::fileNames(tmp.path() / "sub"), std::vector<std::string> { "a.jpg" });
    }

    TEST(AtomicFileWriter, AppliesTheExistingFilePolicy)
    {
        test::TempDir tmp;
        const fs::path target = tmp.path() / "a.jpg";
        test::writeFile(target, { 1, 2, 3 });
        const AtomicFileWriter writer;

        auto skipped = writer.write(target, kBytes, ExistingPolicy::Skip);
        ASSERT_FALSE(skipped.ok());
        EXPECT_EQ(skipped.error().code, ErrorCode::Exists);
        EXPECT_EQ(test::readFile(target), (std::vector<std::uint8_t> { 1, 2, 3 }));

        auto renamed = writer.write(target, kBytes, ExistingPolicy::Rename);
        ASSERT_TRUE(renamed.ok());
        EXPECT_EQ(renamed->filename(), "a_1.jpg");
        EXPECT_EQ(test::readFile(target), (std::vector<std::uint8_t> { 1, 2, 3 }));

        auto replaced = writer.write(target, kBytes, ExistingPolicy::Overwrite);
        ASSERT_TRUE(replaced.ok());
        EXPECT_EQ(test::readFile(target), kBytes);
        EXPECT_EQ(test::fileNames(tmp.path()), (std::vector<std::string> { "a.jpg", "a_1.jpg" }));
    }

    TEST(AtomicFileWriter, NeverReplacesAProtectedInput)
    {
        test::TempDir tmp;
        const fs::path input = tmp.path() / "photo.jpg";
        test::writeFile(input, { 9, 9, 9 });
        const FileIdentitySet inputs { *fileIdentity(input) };
        const AtomicFileWriter writer(&inputs);
        auto result = writer.write(input, kBytes, ExistingPolicy::Overwrite);
        ASSERT_FALSE(result.ok());
        EXPECT_EQ(result.error().code, ErrorCode::Exists);
        EXPECT_EQ(test::readFile(input), (std::vector<std::uint8_t> { 9, 9, 9 }));
        EXPECT_EQ(test::fileNames(tmp.path()), std::vector<std::string> { "photo.jpg" });
    }

#ifndef _WIN32 // a file-size limit (setrlimit) stands in for the full disk
    TEST(AtomicFileWriter, AFullDiskLeavesNeitherOutputNorTemporary)
    {
        test::TempDir tmp;
        // A file-size limit makes write() fail as a full disk would (EFBIG instead of ENOSPC).
        std::signal(SIGXFSZ, SIG_IGN);
        rlimit old {};
        getrlimit(RLIMIT_FSIZE, &old);
        rlimit small = old;
        small.rlim_cur = 100;
        ASSERT_EQ(setrlimit(RLIMIT_FSIZE, &small), 0);
        auto result
            = AtomicFileWriter().write(tmp.path() / "big.jpg", kBytes, ExistingPolicy::Skip);
        setrlimit(RLIMIT_FSIZE, &old);
        ASSERT_FALSE(result.ok());
        EXPECT_NE(result.error().message.find("cannot write"), std::string::npos);
        EXPECT_TRUE(test::fileNames(tmp.path()).empty());
    }

    TEST(AtomicFileWriter, RemovesOnlyTemporariesOfDeadProcesses)
    {
        test::TempDir tmp;
        const std::string dead = ".dropsize-2147483646-0.tmp";
        const std::string alive = ".dropsize-" + std::to_string(::getpid()) + "-0.tmp";
        // Near misses of the pattern, all "owned" by the dead process: never touched.
        const std::vector<std::string> others { "photo.jpg", ".dropsize-2147483646-0.tmp.jpg",
            ".dropsize-2147483646-x.tmp", "x.dropsize-2147483646-0.tmp", ".dropsize-2147483646.tmp",
            ".dropsize--0.tmp", ".a.jpg.dropsize-2147483646-0.tmp" };
        const std::string noOwner = ".dropsize-0-0.tmp"; // the form, but no process of ours
        test::writeFile(tmp.path() / noOwner, { 1 });
        test::writeFile(tmp.path() / dead, { 1 });
        test::writeFile(tmp.path() / alive, { 1 });
        for (const std::string& name : others) {
            test::writeFile(tmp.path() / name, { 1 });
        }
        EXPECT_TRUE(AtomicFileWriter::isTemporaryName(dead));
        EXPECT_TRUE(AtomicFileWriter::isTemporaryName(alive));
        for (const std::string& name : others) {
            EXPECT_FALSE(AtomicFileWriter::isTemporaryName(name)) << name;
        }
        EXPECT_EQ(AtomicFileWriter::removeStaleTemporaries(tmp.path()), 1);
        std::vector<std::string> left = others;
        left.push_back(alive);
        left.push_back(noOwner);
        std::sort(left.begin(), left.end());
        EXPECT_EQ(test::fileNames(tmp.path()), left);
    }

    // A report's temporaries: its own name before the writer's form; only those of that name
    // whose process is gone are removed, never another file's or the writer's own.
    TEST(AtomicFileWriter, RemovesOnlyTheDeadTemporariesOfTheNameGiven)
    {
        test::TempDir tmp;
        const std::string tag = AtomicFileWriter::hostTag();
        const std::string prefix = ".r.jsonl";
        const std::string dead = prefix + ".dropsize-" + tag + "-2147483646-0.tmp";
        const std::string alive
            = prefix + ".dropsize-" + tag + "-" + std::to_string(::getpid()) + "-0.tmp";
        const std::vector<std::string> others { ".s.jsonl.dropsize-" + tag + "-2147483646-0.tmp",
            ".dropsize-" + tag + "-2147483646-0.tmp", prefix + ".dropsize-" + tag + "-x-0.tmp",
            "r.jsonl" };
        test::writeFile(tmp.path() / dead, { 1 });
        test::writeFile(tmp.path() / alive, { 1 });
        for (const std::string& name : others) {
            test::writeFile(tmp.path() / name, { 1 });
        }
        EXPECT_EQ(AtomicFileWriter::removeStaleTemporaries(tmp.path(), prefix), 1);
        std::vector<std::string> left = others;
        left.push_back(alive);
        std::sort(left.begin(), left.end());
        EXPECT_EQ(test::fileNames(tmp.path()), left);
        const std::string name = AtomicFileWriter::temporaryName(prefix);
        EXPECT_EQ(
            name.rfind(prefix + ".dropsize-" + tag + "-" + std::to_string(::getpid()) + "-", 0), 0u)
            << name;
        EXPECT_NE(AtomicFileWriter::temporaryName(prefix), name) << "a new name each time";
    }

    // What the program writes beside images takes its name without replacing anything, except a
    // regular file the caller accepts (a report of its own kind); a link is never replaced.
    TEST(AtomicFileWriter, MoveIntoPlaceReplacesOnlyAFileTheCallerAccepts)
    {
        test::TempDir tmp;
        const fs::path target = tmp.path() / "report.jsonl";
        const fs::path temporary = tmp.path() / ".report.jsonl.t";
        const auto never = [](const fs::path&) { return false; };
        const auto always = [](const fs::path&) { return true; };

        test::writeFile(temporary, { 1 });
        ASSERT_TRUE(moveIntoPlace(temporary, target, never).ok()) << "nothing was there";
        EXPECT_EQ(test::readFile(target), std::vector<std::uint8_t> { 1 });
        EXPECT_FALSE(fs::exists(temporary));

        test::writeFile(temporary, { 2 });
        const Status refused = moveIntoPlace(temporary, target, never);
        ASSERT_FALSE(refused.ok());
        EXPECT_EQ(refused.error().code, ErrorCode::Exists);
        EXPECT_EQ(test::readFile(target), std::vector<std::uint8_t> { 1 });
        EXPECT_TRUE(fs::exists(temporary)) << "the caller decides what to do with it";

        ASSERT_TRUE(moveIntoPlace(temporary, target, always).ok());
        EXPECT_EQ(test::readFile(target), std::vector<std::uint8_t> { 2 });

        const fs::path photo = tmp.path() / "photo.jpg";
        test::writeFile(photo, { 9 });
        const fs::path link = tmp.path() / "link.jsonl";
        fs::create_symlink(photo, link);
        test::writeFile(temporary, { 3 });
        EXPECT_EQ(moveIntoPlace(temporary, link, always).error().code, ErrorCode::Exists);
        EXPECT_TRUE(fs::is_symlink(link));
        EXPECT_EQ(test::readFile(photo), std::vector<std::uint8_t> { 9 });
        fs::create_directory(tmp.path() / "folder.jsonl");
        EXPECT_EQ(moveIntoPlace(temporary, tmp.path() / "folder.jsonl", always).error().code,
            ErrorCode::Exists);
        EXPECT_TRUE(fs::is_directory(tmp.path() / "folder.jsonl"));
    }

    TEST(AtomicFileWriter, NeverWritesThroughASymlinkedFolder)
    {
        test::TempDir tmp;
        const fs::path elsewhere = tmp.path() / "elsewhere";
        fs::create_directories(elsewhere);
        test::writeFile(elsewhere / "a.jpg", { 9 });
        fs::create_directory_symlink(elsewhere, tmp.path() / "ResizeImage");
        fs::create_directory_symlink(".", tmp.path() / "self");
        const AtomicFileWriter writer;
        for (const fs::path& target : { tmp.path() / "ResizeImage" / "a.jpg",
                 tmp.path() / "ResizeImage" / "new" / "b.jpg", tmp.path() / "self" / "c.jpg" }) {
            auto result = writer.write(target, kBytes, ExistingPolicy::Overwrite);
            ASSERT_FALSE(result.ok()) << target;
            EXPECT_NE(result.error().message.find("symbolic link"), std::string::npos)
                << result.error().message;
        }
        EXPECT_EQ(test::readFile(elsewhere / "a.jpg"), std::vector<std::uint8_t> { 9 });
        EXPECT_EQ(test::fileNames(elsewhere), std::vector<std::string> { "a.jpg" });
        EXPECT_EQ(test::fileNames(tmp.path()),
            (std::vector<std::string> { "ResizeImage", "elsewhere", "self" }));
    }

    TEST(AtomicFileWriter, ReplacesALinkNotWhatItPointsTo)
    {
        test::TempDir tmp;
        const fs::path original = tmp.path() / "original.jpg";
        test::writeFile(original, { 9 });
        fs::create_directories(tmp.path() / "out");
        fs::create_symlink(original, tmp.path() / "out" / "a.jpg");
        auto result = AtomicFileWriter().write(
            tmp.path() / "out" / "a.jpg", kBytes, ExistingPolicy::Overwrite);
        ASSERT_TRUE(result.ok()) << result.error().message;
        EXPECT_FALSE(fs::is_symlink(tmp.path() / "out" / "a.jpg"));
        EXPECT_EQ(test::readFile(original), std::vector<std::uint8_t> { 9 });
    }

    TEST(AtomicFileWriter, RefusesToReplaceAnInputUnderAnyPolicy)
    {
        test::TempDir tmp;
        const fs::path input = tmp.path() / "photo.jpg";
        test::writeFile(input, { 9 });
        fs::create_directories(tmp.path() / "out");
        fs::create_hard_link(input, tmp.path() / "out" / "photo.jpg"); // same inode
        const FileIdentitySet inputs { *fileIdentity(input) };
        const AtomicFileWriter writer(&inputs);
        for (const ExistingPolicy policy :
            { ExistingPolicy::Overwrite, ExistingPolicy::Skip, ExistingPolicy::Rename }) {
            auto result = writer.write(tmp.path() / "out" / "photo.jpg", kBytes, policy);
            ASSERT_FALSE(result.ok());
            EXPECT_EQ(result.error().code, ErrorCode::Exists);
        }
        EXPECT_EQ(test::readFile(input), std::vector<std::uint8_t> { 9 });
        EXPECT_EQ(test::fileNames(tmp.path() / "out"), std::vector<std::string> { "photo.jpg" });
    }

    TEST(AtomicFileWriter, WritesTheLongestNameTheFileSystemTakes)
    {
        test::TempDir tmp;
        // 78 Chinese characters of 3 bytes and ".jpg": 238 bytes; and a 255-byte name.
        std::string chinese;
        for (int i = 0; i < 78; ++i) {
            chinese += "\xe7\x85\xa7";
        }
        for (const std::string& name : { chinese + ".jpg", std::string(251, 'a') + ".jpg" }) {
            auto result = AtomicFileWriter().write(tmp.path() / name, kBytes, ExistingPolicy::Skip);
            ASSERT_TRUE(result.ok()) << result.error().message;
            EXPECT_EQ(test::readFile(tmp.path() / name), kBytes);
        }
    }

    TEST(AtomicFileWriter, TakesTheGivenPermissionsLessTheUmask)
    {
        test::TempDir tmp;
        const mode_t old = ::umask(022);
        auto privateFile
            = AtomicFileWriter().write(tmp.path() / "p.jpg", kBytes, ExistingPolicy::Skip, 0600);
        auto shared
            = AtomicFileWriter().write(tmp.path() / "s.jpg", kBytes, ExistingPolicy::Skip, 0666);
        ::umask(old);
        ASSERT_TRUE(privateFile.ok() && shared.ok());
        EXPECT_EQ(fs::status(tmp.path() / "p.jpg").permissions(),
            fs::perms::owner_read | fs::perms::owner_write);
        EXPECT_EQ(fs::status(tmp.path() / "s.jpg").permissions(),
            fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read
                | fs::perms::others_read);
    }
#endif

    // Windows keeps 100 ns steps: the digits below them are cut off there.
    FileTime asStored(FileTime time)
    {
#ifdef _WIN32
        time.nanoseconds -= time.nanoseconds % 100;
#endif
        return time;
    }

    test::ModifiedTime modifiedOf(const fs::path& path)
    {
        const auto time = test::modifiedTime(path);
        EXPECT_TRUE(time.has_value()) << path;
        return time.value_or(test::ModifiedTime {});
    }

    // 1970's first second, one before it, nanoseconds in 2100, and 2038's 32-bit edge passed.
    TEST(AtomicFileWriter, GivesTheFileTheModificationTimeAskedFor)
    {
        test::TempDir tmp;
        const FileTime times[]
            = { { 0, 0 }, { -1, 999'999'999 }, { 4102444800, 123'456'789 }, { 2147483648, 1 } };
        int n = 0;
        for (const FileTime& time : times) {
            SCOPED_TRACE(std::to_string(time.seconds) + "." + std::to_string(time.nanoseconds));
            const fs::path target = tmp.path() / ("t" + std::to_string(n++) + ".jpg");
            auto written = AtomicFileWriter().write(
                target, kBytes, WriteOptions { ExistingPolicy::Skip, 0644, time });
            ASSERT_TRUE(written.ok()) << written.error().message;
            EXPECT_EQ(written->path, target);
            EXPECT_TRUE(written->dateProblem.empty());
            const FileTime stored = asStored(time);
            EXPECT_EQ(
                modifiedOf(target), (test::ModifiedTime { stored.seconds, stored.nanoseconds }));
            EXPECT_EQ(test::readFile(target), kBytes);
        }
    }

    // The date is the temporary's before its rename: the name that is taken, under any
    // policy, has it.
    TEST(AtomicFileWriter, TheRenamedAndTheReplacedFileHaveTheDateToo)
    {
        test::TempDir tmp;
        const fs::path target = tmp.path() / "a.jpg";
        test::writeFile(target, { 1, 2, 3 });
        const FileTime time { 1000000000, 500 };
        for (const ExistingPolicy policy : { ExistingPolicy::Rename, ExistingPolicy::Overwrite }) {
            auto written
                = AtomicFileWriter().write(target, kBytes, WriteOptions { policy, 0644, time });
            ASSERT_TRUE(written.ok()) << written.error().message;
            EXPECT_EQ(modifiedOf(written->path),
                (test::ModifiedTime { 1000000000, asStored(time).nanoseconds }));
        }
        EXPECT_EQ(test::fileNames(tmp.path()), (std::vector<std::string> { "a.jpg", "a_1.jpg" }));
    }

    TEST(AtomicFileWriter, WithoutADateTheFileHasTheTimeItWasWritten)
    {
        test::TempDir tmp;
        const fs::path before = tmp.path() / "before";
        test::writeFile(before, { 1 });
        ASSERT_TRUE(test::setModifiedTime(before, { 0, 0 }));
        auto written = AtomicFileWriter().write(tmp.path() / "a.jpg", kBytes, WriteOptions {});
        ASSERT_TRUE(written.ok());
        EXPECT_TRUE(written->dateProblem.empty());
        // Written now: well after 2020, whatever this machine's clock says beyond that.
        EXPECT_GT(modifiedOf(written->path).seconds, 1577836800);
    }

    // A date the system cannot hold costs the date, not the file: POSIX refuses a nanosecond
    // count of a second or more; Windows holds nothing before 1601.
    TEST(AtomicFileWriter, ADateTheSystemRefusesLeavesTheFileWrittenAndSaysWhy)
    {
        test::TempDir tmp;
#ifdef _WIN32
        const FileTime refused { -11644473601, 0 };
#else
        const FileTime refused { 1000, 1'000'000'000 };
#endif
        const fs::path target = tmp.path() / "a.jpg";
        auto written = AtomicFileWriter().write(
            target, kBytes, WriteOptions { ExistingPolicy::Skip, 0644, refused });
        ASSERT_TRUE(written.ok()) << written.error().message;
        EXPECT_FALSE(written->dateProblem.empty());
        EXPECT_EQ(test::readFile(target), kBytes);
        EXPECT_EQ(test::fileNames(tmp.path()), std::vector<std::string> { "a.jpg" });
        EXPECT_GT(modifiedOf(target).seconds, 1577836800);
    }

#ifndef _WIN32
    // A folder it cannot write in: the write fails with the system's reason and leaves nothing,
    // the date asked for changing none of that.
    TEST(AtomicFileWriter, AReadOnlyFolderFailsTheWriteAndLeavesNothing)
    {
        test::TempDir tmp;
        const fs::path dir = tmp.path() / "locked";
        fs::create_directories(dir);
        fs::permissions(tmp.path(), fs::perms::all);
        ::chmod(dir.c_str(), 0555);
        const std::string outcome = test::runWithoutPrivileges([&] {
            auto written = AtomicFileWriter().write(dir / "a.jpg", kBytes,
                WriteOptions { ExistingPolicy::Skip, 0644, FileTime { 0, 0 } });
            return written.ok() ? std::string("written") : written.error().message;
        });
        ::chmod(dir.c_str(), 0755);
        EXPECT_NE(outcome.find("Permission denied"), std::string::npos) << outcome;
        EXPECT_TRUE(test::fileNames(dir).empty());
    }
#endif

} // namespace
} // namespace dropsize

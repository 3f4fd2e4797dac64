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
#include <unistd.h>
#endif

namespace dropsize {
namespace {

    namespace fs = std::filesystem;

    const std::vector<std::uint8_t> kBytes(1000, 7);

    std::vector<std::string> names(const fs::path& dir)
    {
        std::vector<std::string> out;
        for (const auto& e : fs::directory_iterator(dir)) {
            out.push_back(e.path().filename().string());
        }
        std::sort(out.begin(), out.end());
        return out;
    }

    TEST(AtomicFileWriter, WritesTheFileAndLeavesNoTemporary)
    {
        test::TempDir tmp;
        const AtomicFileWriter writer;
        auto written = writer.write(tmp.path() / "sub" / "a.jpg", kBytes, ExistingPolicy::Skip);
        ASSERT_TRUE(written.ok()) << written.error().message;
        EXPECT_EQ(test::readFile(*written), kBytes);
        EXPECT_EQ(names(tmp.path() / "sub"), std::vector<std::string> { "a.jpg" });
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
        EXPECT_EQ(names(tmp.path()), (std::vector<std::string> { "a.jpg", "a_1.jpg" }));
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
        EXPECT_EQ(names(tmp.path()), std::vector<std::string> { "photo.jpg" });
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
        EXPECT_TRUE(names(tmp.path()).empty());
    }

    TEST(AtomicFileWriter, RemovesOnlyTemporariesOfDeadProcesses)
    {
        test::TempDir tmp;
        const std::string dead = ".a.jpg.dropsize-2147483646-0.tmp";
        const std::string alive = ".b.jpg.dropsize-" + std::to_string(::getpid()) + "-0.tmp";
        test::writeFile(tmp.path() / dead, { 1 });
        test::writeFile(tmp.path() / alive, { 1 });
        test::writeFile(tmp.path() / "photo.jpg", { 1 });
        EXPECT_TRUE(AtomicFileWriter::isTemporaryName(dead));
        EXPECT_FALSE(AtomicFileWriter::isTemporaryName("photo.jpg"));
        EXPECT_EQ(AtomicFileWriter::removeStaleTemporaries(tmp.path()), 1);
        EXPECT_EQ(names(tmp.path()), (std::vector<std::string> { alive, "photo.jpg" }));
    }
#endif

} // namespace
} // namespace dropsize

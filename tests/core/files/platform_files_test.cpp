// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors

// The engine's file calls where Windows differs: folders deeper than MAX_PATH, "\\?\" and UNC
// paths, names that differ in case only, hidden temporaries. Windows' own behaviour is checked
// under #ifdef _WIN32; the deep tree runs everywhere.

#include "dropsize/core/batch_planner.h"
#include "dropsize/core/batch_scheduler.h"
#include "dropsize/core/path_text.h"
#include "files/platform_files.h"
#include "support/test_support.h"

#include <algorithm>
#include <gtest/gtest.h>
#include <set>
#ifdef _WIN32
#include <cwctype>
#include <windows.h>
#endif

namespace dropsize {
namespace {

    namespace fs = std::filesystem;

    /// Folders nested under `top` until the path is at least `length` characters long.
    fs::path nestedFolders(const fs::path& top, std::size_t length)
    {
        fs::path deep = top;
        fs::create_directory(deep);
        for (int i = 0; deep.native().size() < length; ++i) {
            deep /= "folder_" + std::to_string(i) + "_of_a_deep_tree";
            fs::create_directory(deep);
        }
        return deep;
    }

    /// The files the plan takes, as paths relative to `root` with '/' between names.
    std::set<std::string> relativeInputs(const BatchPlan& plan, const fs::path& root)
    {
        std::set<std::string> names;
        for (const Job& job : plan.jobs) {
            std::string name = utf8(job.input().lexically_relative(root));
            std::replace(name.begin(), name.end(), '\\', '/');
            names.insert(name);
        }
        return names;
    }

    class DeepTree : public testing::TestWithParam<std::size_t> { };

    TEST_P(DeepTree, IsPlannedAndResizedIntoTheMirroredPlace)
    {
        test::TempDir tmp;
        const fs::path in = fs::canonical(tmp.path()) / "in";
        const fs::path deep = nestedFolders(in, GetParam());
        ASSERT_GE(deep.native().size(), GetParam());
        test::writeTestJpeg(deep / "bottom.jpg", 40, 30);
        test::writeTestPng(deep / "beside.png", 20, 10);
        test::writeTestJpeg(in / "top.jpg", 16, 16);
        // One level up from the bottom, so that a listing cut short lists another folder's files.
        test::writeTestJpeg(deep.parent_path() / "above.jpg", 16, 16);
        const std::string down = utf8(deep.lexically_relative(in));
        std::string bottom = down;
        std::replace(bottom.begin(), bottom.end(), '\\', '/');
        std::string above = utf8(deep.parent_path().lexically_relative(in));
        std::replace(above.begin(), above.end(), '\\', '/');

        const fs::path out = fs::canonical(tmp.path()) / "out";
        PlanOptions options;
        options.outputFolder = out;
        auto plan = BatchPlanner(options).plan({ in });
        ASSERT_TRUE(plan.ok()) << plan.error().message;
        EXPECT_EQ(relativeInputs(*plan, in),
            (std::set<std::string> {
                "top.jpg", above + "/above.jpg", bottom + "/bottom.jpg", bottom + "/beside.png" }));
        for (const Job& job : plan->jobs) {
            EXPECT_EQ(job.action, JobAction::Run) << utf8(job.input());
            EXPECT_EQ(job.input().lexically_relative(in), job.output().lexically_relative(out));
        }

        const BatchSummary summary = BatchScheduler({}, nullptr).run(*plan);
        EXPECT_EQ(summary.ok, 4u);
        EXPECT_EQ(summary.failed, 0u);
        const fs::path mirrored = out / deep.lexically_relative(in);
        for (const char* name : { "bottom.jpg", "beside.png" }) {
            const auto kind = platform::entryKind(mirrored / name, false);
            ASSERT_TRUE(kind.ok());
            EXPECT_EQ(*kind, platform::EntryKind::Regular) << name;
        }
        // The deep output folder holds those two and nothing else.
        auto folder = platform::WalkedFolder::open(mirrored);
        ASSERT_TRUE(folder.ok()) << folder.error().message;
        auto names = folder->list();
        ASSERT_TRUE(names.ok());
        std::set<std::string> listed;
        for (const auto& name : *names) {
            listed.insert(utf8(name));
        }
        EXPECT_EQ(listed, (std::set<std::string> { "beside.png", "bottom.jpg" }));
    }

    INSTANTIATE_TEST_SUITE_P(
        LongerThanMaxPath, DeepTree, testing::Values(std::size_t { 300 }, std::size_t { 600 }));

#ifdef _WIN32
    std::wstring upper(std::wstring text)
    {
        std::transform(text.begin(), text.end(), text.begin(),
            [](wchar_t c) { return static_cast<wchar_t>(std::towupper(static_cast<wint_t>(c))); });
        return text;
    }

    TEST(PlatformFiles, GivesWin32TheExtendedFormOfEveryPath)
    {
        EXPECT_EQ(platform::extendedPath(LR"(C:\a\b)"), LR"(\\?\C:\a\b)");
        EXPECT_EQ(platform::extendedPath(LR"(C:\a\.\x\..\b)"), LR"(\\?\C:\a\b)");
        EXPECT_EQ(platform::extendedPath(L"C:/a/b"), LR"(\\?\C:\a\b)");
        EXPECT_EQ(platform::extendedPath(LR"(\\server\share\a)"), LR"(\\?\UNC\server\share\a)");
        EXPECT_EQ(platform::extendedPath(LR"(\\?\C:\a)"), LR"(\\?\C:\a)");
    }

    TEST(PlatformFiles, NormalisesPrefixedPathsToTheirPlainForm)
    {
        // lexically_normal() would make "\\?\C:\a" into "\?\C:\a", which names nothing.
        EXPECT_EQ(platform::absolutePath(LR"(\\?\C:\a\x\..\b\)").native(), LR"(C:\a\b\)");
        EXPECT_EQ(platform::absolutePath(LR"(\\?\UNC\server\share\a\..\b)").native(),
            LR"(\\server\share\b)");
        EXPECT_EQ(platform::absolutePath(L"C:/a/./b").native(), LR"(C:\a\b)");
        const auto [driveRoot, driveRest] = platform::splitRoot(LR"(C:\a\b)");
        EXPECT_EQ(driveRoot.native(), LR"(C:\)");
        EXPECT_EQ(driveRest.native(), LR"(a\b)");
        const auto [uncRoot, uncRest] = platform::splitRoot(LR"(\\server\share\a\b)");
        EXPECT_EQ(uncRoot.native(), LR"(\\server\share\)");
        EXPECT_EQ(uncRest.native(), LR"(a\b)");
        EXPECT_TRUE(platform::splitRoot(LR"(a\b)").first.empty());
    }

    TEST(PlatformFiles, PlansAFolderGivenInItsPrefixedForm)
    {
        test::TempDir tmp;
        const fs::path in = fs::canonical(tmp.path()) / "in";
        fs::create_directories(in / "sub");
        test::writeTestJpeg(in / "sub" / "a.jpg", 16, 16);
        const fs::path prefixed = LR"(\\?\)" + in.native();
        PlanOptions options;
        options.outputFolder = fs::path(LR"(\\?\)" + fs::canonical(tmp.path()).native()) / "out";
        auto plan = BatchPlanner(options).plan({ prefixed });
        ASSERT_TRUE(plan.ok()) << plan.error().message;
        ASSERT_EQ(plan->jobs.size(), 1u);
        EXPECT_EQ(plan->jobs[0].action, JobAction::Run);
        EXPECT_TRUE(platform::sameName(plan->jobs[0].input(), in / "sub" / "a.jpg"))
            << utf8(plan->jobs[0].input());
        const BatchSummary summary = BatchScheduler({}, nullptr).run(*plan);
        EXPECT_EQ(summary.ok, 1u);
        EXPECT_TRUE(fs::exists(fs::canonical(tmp.path()) / "out" / "sub" / "a.jpg"));
    }

    TEST(PlatformFiles, TakesOneFolderGivenInTwoCasesOnce)
    {
        test::TempDir tmp;
        const fs::path in = fs::canonical(tmp.path()) / "Photos";
        fs::create_directories(in);
        test::writeTestJpeg(in / "a.jpg", 16, 16);
        const fs::path other = upper(in.native());
        ASSERT_NE(other.native(), in.native());
        auto plan = BatchPlanner({}).plan({ in, other });
        ASSERT_TRUE(plan.ok()) << plan.error().message;
        EXPECT_EQ(plan->jobs.size(), 1u);
        EXPECT_EQ(plan->outputRoots.size(), 1u);
        ASSERT_EQ(plan->ignored.size(), 1u);
        EXPECT_EQ(plan->ignored[0].reason.english(), "given twice");
    }

    TEST(PlatformFiles, SeesAnOutputFolderInsideTheInputWhateverItsCase)
    {
        test::TempDir tmp;
        const fs::path in = fs::canonical(tmp.path()) / "Photos";
        fs::create_directories(in / "small");
        test::writeTestJpeg(in / "a.jpg", 16, 16);
        PlanOptions options;
        options.outputFolder = fs::path(upper(in.native())) / "Small";
        auto plan = BatchPlanner(options).plan({ in });
        ASSERT_FALSE(plan.ok());
        EXPECT_NE(plan.error().message.find("is inside the input folder"), std::string::npos)
            << plan.error().message;

        // The default output folder's name, in another case, is that folder too: never input.
        fs::create_directories(in / "resizeimage");
        test::writeTestJpeg(in / "resizeimage" / "a.jpg", 8, 8);
        auto walked = BatchPlanner({}).plan({ in });
        ASSERT_TRUE(walked.ok()) << walked.error().message;
        ASSERT_EQ(walked->jobs.size(), 1u);
        EXPECT_TRUE(platform::sameName(walked->jobs[0].input(), in / "a.jpg"));
    }

    /// The "\\?\" form of the absolute, normal `path`, written out: the tests make and remove
    /// entries through it whatever the engine's own calls do.
    std::wstring verbatim(const fs::path& path) { return LR"(\\?\)" + path.native(); }

    /// Removes its files, then its folders, through their "\\?\" form when it ends. MinGW's
    /// std::filesystem rewrites the names Win32 rewrites, and its remove_all() then never ends
    /// on them: these must be gone before a TempDir holding them is removed.
    struct ExactNames {
        std::vector<fs::path> files;
        std::vector<fs::path> folders;
        ExactNames() = default;
        ExactNames(const ExactNames&) = delete;
        ExactNames& operator=(const ExactNames&) = delete;
        ~ExactNames()
        {
            for (const fs::path& file : files) {
                ::DeleteFileW(verbatim(file).c_str());
            }
            for (auto folder = folders.rbegin(); folder != folders.rend(); ++folder) {
                ::RemoveDirectoryW(verbatim(*folder).c_str());
            }
        }
    };

    // Names Win32 rewrites when it normalises a path, which a folder on Windows can still hold
    // (made through "\\?\", by another system, on a shared drive): a name ending in a dot or a
    // space, and a device's name with an extension. Each is read as it is, and the folders are
    // written as they are; normalised, "dir." would be "dir" (another folder) and "aux.jpg" the
    // device AUX. An output's own name is made valid by the name pattern's rules (a device's name
    // gains a "_", as safeNameComponent() says), so that Explorer can open and delete it.
    TEST(PlatformFiles, TakesNamesThatWin32WouldRewriteAsTheyAre)
    {
        test::TempDir tmp;
        const fs::path in = fs::canonical(tmp.path()) / "in";
        const fs::path out = fs::canonical(tmp.path()) / "out";
        ExactNames exact; // after tmp: gone before it
        for (const fs::path& root : { in, out }) {
            exact.files.insert(exact.files.end(),
                { root / "dir." / "dotted.jpg", root / "space " / "spaced.jpg", root / "aux.jpg" });
            exact.folders.insert(exact.folders.end(), { root / "dir.", root / "space " });
        }
        fs::create_directories(in / "dir");
        test::writeTestJpeg(in / "dir" / "plain.jpg", 16, 16);
        for (const wchar_t* name : { L"dir.", L"space " }) {
            ASSERT_NE(::CreateDirectoryW(verbatim(in / name).c_str(), nullptr), 0)
                << utf8(in / name);
        }
        const std::vector<std::uint8_t> jpeg = test::readFile(in / "dir" / "plain.jpg");
        const auto writeExact = [&](const fs::path& path) {
            const HANDLE file = ::CreateFileW(verbatim(path).c_str(), GENERIC_WRITE, 0, nullptr,
                CREATE_NEW, FILE_ATTRIBUTE_NORMAL, nullptr);
            ASSERT_NE(file, INVALID_HANDLE_VALUE) << utf8(path);
            DWORD written = 0;
            EXPECT_NE(
                ::WriteFile(file, jpeg.data(), static_cast<DWORD>(jpeg.size()), &written, nullptr),
                0);
            ::CloseHandle(file);
        };
        writeExact(in / "dir." / "dotted.jpg");
        writeExact(in / "space " / "spaced.jpg");
        writeExact(in / "aux.jpg");
        EXPECT_EQ(platform::absolutePath(in / "dir." / "dotted.jpg"), in / "dir." / "dotted.jpg");
        EXPECT_EQ(platform::extendedPath(in / "aux.jpg"), LR"(\\?\)" + (in / "aux.jpg").native());

        PlanOptions options;
        options.outputFolder = out;
        auto plan = BatchPlanner(options).plan({ in });
        ASSERT_TRUE(plan.ok()) << plan.error().message;
        for (const IgnoredPath& ignored : plan->ignored) {
            ADD_FAILURE() << utf8(ignored.path) << ": " << ignored.reason.english();
        }
        EXPECT_EQ(relativeInputs(*plan, in),
            (std::set<std::string> {
                "aux.jpg", "dir/plain.jpg", "dir./dotted.jpg", "space /spaced.jpg" }));
        for (const Job& job : plan->jobs) {
            EXPECT_EQ(job.action, JobAction::Run) << utf8(job.input());
        }
        const BatchSummary summary = BatchScheduler({}, nullptr).run(*plan);
        EXPECT_EQ(summary.ok, 4u);
        EXPECT_EQ(summary.failed, 0u);
        for (const fs::path& written : { out / "aux_.jpg", out / "dir" / "plain.jpg",
                 out / "dir." / "dotted.jpg", out / "space " / "spaced.jpg" }) {
            const auto kind = platform::entryKind(written, false);
            ASSERT_TRUE(kind.ok()) << utf8(written);
            EXPECT_EQ(*kind, platform::EntryKind::Regular) << utf8(written);
        }
        const auto device = platform::entryKind(out / "aux.jpg", false);
        ASSERT_TRUE(device.ok());
        EXPECT_EQ(*device, platform::EntryKind::NotFound);
        // "dir." of the output holds its own image alone.
        auto folder = platform::WalkedFolder::open(out / "dir.");
        ASSERT_TRUE(folder.ok()) << folder.error().message;
        auto names = folder->list();
        ASSERT_TRUE(names.ok());
        EXPECT_EQ(*names, std::vector<platform::WalkedFolder::Name> { L"dotted.jpg" });
    }

    DWORD attributesOf(const fs::path& path)
    {
        return ::GetFileAttributesW(platform::extendedPath(path).c_str());
    }

    TEST(PlatformFiles, HidesTemporariesButNeverAnOutput)
    {
        test::TempDir tmp;
        const fs::path dir = fs::canonical(tmp.path());
        auto folder = platform::openOutputFolder(dir);
        ASSERT_TRUE(folder.ok());
        const std::uint8_t bytes[] = { 1, 2, 3 };
        ASSERT_TRUE(platform::writeNewFile(*folder, ".dropsize-1-1.tmp", bytes, 0644).ok());
        const DWORD temp = attributesOf(dir / ".dropsize-1-1.tmp");
        ASSERT_NE(temp, INVALID_FILE_ATTRIBUTES);
        EXPECT_NE(temp & FILE_ATTRIBUTE_HIDDEN, 0u);
        // The attribute is the file's own, not read from its dot name (as Wine does): moved
        // by plain Win32 to a name without a dot, the file is still hidden.
        ASSERT_NE(::MoveFileExW(platform::extendedPath(dir / ".dropsize-1-1.tmp").c_str(),
                      platform::extendedPath(dir / "plain.tmp").c_str(), 0),
            0);
        EXPECT_NE(attributesOf(dir / "plain.tmp") & FILE_ATTRIBUTE_HIDDEN, 0u);
        // Moved into place as an output, it is visible.
        ASSERT_TRUE(platform::moveNoReplace(*folder, "plain.tmp", "out.jpg").ok());
        const DWORD output = attributesOf(dir / "out.jpg");
        ASSERT_NE(output, INVALID_FILE_ATTRIBUTES);
        EXPECT_EQ(output & FILE_ATTRIBUTE_HIDDEN, 0u);

        // The writer's outputs, whatever the policy, are visible; the marker is hidden.
        AtomicFileWriter writer;
        for (const ExistingPolicy policy : { ExistingPolicy::Skip, ExistingPolicy::Overwrite }) {
            auto written = writer.write(dir / "written.jpg", bytes, policy);
            ASSERT_TRUE(written.ok()) << written.error().message;
            EXPECT_EQ(attributesOf(*written) & FILE_ATTRIBUTE_HIDDEN, 0u);
        }
        AtomicFileWriter::markOutputFolder(dir);
        EXPECT_NE(attributesOf(dir / kOutputMarkerName) & FILE_ATTRIBUTE_HIDDEN, 0u);
        EXPECT_NE(attributesOf(dir / kOutputMarkerName), INVALID_FILE_ATTRIBUTES);
    }
#endif

} // namespace
} // namespace dropsize

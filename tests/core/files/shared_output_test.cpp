// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors

// Writing into an output tree that many machines share (a sharded run on NFS, Lustre or an
// object-storage mount): direct writes for mounts that cannot rename, temporaries that name
// their machine, the cleanup of those left by a dead one, folders created by several writers
// at once, and the system's error number carried to the report (what says a job may be retried).

#include "codecs/jpeg/jpeg_encoder.h"
#include "dropsize/core/atomic_file_writer.h"
#include "dropsize/core/batch_planner.h"
#include "dropsize/core/batch_scheduler.h"
#include "dropsize/core/path_text.h"
#include "dropsize/core/size_list.h"
#include "files/platform_files.h"
#include "support/child_process.h"
#include "support/test_support.h"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <gtest/gtest.h>
#include <latch>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <thread>
#ifndef _WIN32
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>
#endif
#ifdef __linux__
#include <poll.h>
#include <sys/inotify.h>
#endif

namespace dropsize {
namespace {

    namespace fs = std::filesystem;

    const std::vector<std::uint8_t> kBytes(1000, 7);

    WriteOptions direct(ExistingPolicy policy, unsigned permissions = 0644,
        std::optional<FileTime> modified = std::nullopt)
    {
        WriteOptions options;
        options.policy = policy;
        options.permissions = permissions;
        options.modified = modified;
        options.direct = true;
        return options;
    }

#ifdef __linux__
    /// Every name created in (or moved into) one folder while it lives, as inotify saw them:
    /// what shows that a write made no temporary, even one it removed again.
    class CreatedNames {
    public:
        explicit CreatedNames(const fs::path& dir)
            : m_fd(::inotify_init1(IN_NONBLOCK | IN_CLOEXEC))
        {
            EXPECT_GE(m_fd, 0);
            EXPECT_GE(::inotify_add_watch(m_fd, dir.c_str(), IN_CREATE | IN_MOVED_TO), 0);
        }
        ~CreatedNames() { ::close(m_fd); }
        CreatedNames(const CreatedNames&) = delete;
        CreatedNames& operator=(const CreatedNames&) = delete;

        /// The names seen so far (each event is queued by the kernel as it happens).
        std::vector<std::string> take()
        {
            std::vector<std::string> out;
            alignas(inotify_event) char buffer[64 * 1024];
            for (;;) {
                const ssize_t n = ::read(m_fd, buffer, sizeof buffer);
                if (n <= 0) {
                    break;
                }
                for (ssize_t at = 0; at < n;) {
                    const auto* event = reinterpret_cast<const inotify_event*>(buffer + at);
                    if (event->len > 0) {
                        out.emplace_back(event->name);
                    }
                    at += static_cast<ssize_t>(sizeof(inotify_event) + event->len);
                }
            }
            return out;
        }

    private:
        int m_fd;
    };

    bool anyTemporary(const std::vector<std::string>& created)
    {
        return std::any_of(created.begin(), created.end(),
            [](const std::string& n) { return AtomicFileWriter::isTemporaryName(n); });
    }
#endif

    // ---- Direct writes -------------------------------------------------------------------

#ifndef _WIN32
    TEST(DirectWrite, GivesTheSameBytesPermissionsAndDateAsAnAtomicWrite)
    {
        test::TempDir tmp;
        const FileTime date { 1000000000, 123'456'789 };
        const mode_t old = ::umask(027);
        WriteOptions atomic = direct(ExistingPolicy::Skip, 0666, date);
        atomic.direct = false;
        auto a = AtomicFileWriter().write(tmp.path() / "atomic" / "x.jpg", kBytes, atomic);
        auto d = AtomicFileWriter().write(
            tmp.path() / "direct" / "x.jpg", kBytes, direct(ExistingPolicy::Skip, 0666, date));
        ::umask(old);
        ASSERT_TRUE(a.ok()) << a.error().message;
        ASSERT_TRUE(d.ok()) << d.error().message;
        EXPECT_EQ(d->path, tmp.path() / "direct" / "x.jpg");
        EXPECT_TRUE(d->dateProblem.empty());
        EXPECT_EQ(test::readFile(d->path), kBytes);
        EXPECT_EQ(test::readFile(d->path), test::readFile(a->path));
        EXPECT_EQ(fs::status(d->path).permissions(), fs::status(a->path).permissions());
        EXPECT_EQ(fs::status(d->path).permissions(),
            fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
        EXPECT_EQ(test::modifiedTime(d->path), test::modifiedTime(a->path));
        EXPECT_EQ(test::modifiedTime(d->path), (test::ModifiedTime { 1000000000, 123'456'789 }));
        EXPECT_EQ(test::fileNames(tmp.path() / "direct"), std::vector<std::string> { "x.jpg" });
    }
#endif

    TEST(DirectWrite, SkipRefusesAnExistingFileAndLeavesItByteForByte)
    {
        test::TempDir tmp;
        const fs::path target = tmp.path() / "a.jpg";
        test::writeFile(target, { 1, 2, 3 });
        ASSERT_TRUE(test::setModifiedTime(target, { 1234567890, 0 }));
        auto skipped = AtomicFileWriter().write(
            target, kBytes, direct(ExistingPolicy::Skip, 0644, FileTime { 0, 0 }));
        ASSERT_FALSE(skipped.ok());
        EXPECT_EQ(skipped.error().code, ErrorCode::Exists);
        EXPECT_EQ(test::readFile(target), (std::vector<std::uint8_t> { 1, 2, 3 }));
        EXPECT_EQ(test::modifiedTime(target), (test::ModifiedTime { 1234567890, 0 }));
        EXPECT_EQ(test::fileNames(tmp.path()), std::vector<std::string> { "a.jpg" });
    }

    TEST(DirectWrite, RenameTakesTheNextFreeName)
    {
        test::TempDir tmp;
        test::writeFile(tmp.path() / "a.jpg", { 1 });
        test::writeFile(tmp.path() / "a_1.jpg", { 2 });
        auto renamed = AtomicFileWriter().write(
            tmp.path() / "a.jpg", kBytes, direct(ExistingPolicy::Rename));
        ASSERT_TRUE(renamed.ok()) << renamed.error().message;
        EXPECT_EQ(renamed->path.filename(), "a_2.jpg");
        EXPECT_EQ(test::readFile(renamed->path), kBytes);
        EXPECT_EQ(test::readFile(tmp.path() / "a.jpg"), std::vector<std::uint8_t> { 1 });
        EXPECT_EQ(test::readFile(tmp.path() / "a_1.jpg"), std::vector<std::uint8_t> { 2 });
        EXPECT_EQ(test::fileNames(tmp.path()),
            (std::vector<std::string> { "a.jpg", "a_1.jpg", "a_2.jpg" }));
    }

    // The old output is removed and a new file created: another hard link to the old one (a
    // file elsewhere) keeps its bytes, as it does when an atomic write renames over it.
    TEST(DirectWrite, OverwriteReplacesAnOutputAndLeavesItsOtherLinksAlone)
    {
        test::TempDir tmp;
        const fs::path elsewhere = tmp.path() / "elsewhere.jpg";
        test::writeFile(elsewhere, { 5, 5 });
        fs::create_directories(tmp.path() / "out");
        const fs::path target = tmp.path() / "out" / "a.jpg";
        fs::create_hard_link(elsewhere, target);
        auto replaced = AtomicFileWriter().write(target, kBytes, direct(ExistingPolicy::Overwrite));
        ASSERT_TRUE(replaced.ok()) << replaced.error().message;
        EXPECT_EQ(replaced->path, target);
        EXPECT_EQ(test::readFile(target), kBytes);
        EXPECT_EQ(test::readFile(elsewhere), (std::vector<std::uint8_t> { 5, 5 }));
        EXPECT_EQ(test::fileNames(tmp.path() / "out"), std::vector<std::string> { "a.jpg" });
    }

    TEST(DirectWrite, RefusesToReplaceAnInputUnderAnyPolicy)
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
            auto result = writer.write(tmp.path() / "out" / "photo.jpg", kBytes, direct(policy));
            ASSERT_FALSE(result.ok());
            EXPECT_EQ(result.error().code, ErrorCode::Exists);
            EXPECT_EQ(test::readFile(input), std::vector<std::uint8_t> { 9 });
            EXPECT_EQ(
                test::fileNames(tmp.path() / "out"), std::vector<std::string> { "photo.jpg" });
        }
        EXPECT_EQ(fileIdentity(tmp.path() / "out" / "photo.jpg"), fileIdentity(input));
    }

#ifndef _WIN32
    TEST(DirectWrite, ReplacesALinkNotWhatItPointsTo)
    {
        test::TempDir tmp;
        const fs::path original = tmp.path() / "original.jpg";
        test::writeFile(original, { 9 });
        fs::create_directories(tmp.path() / "out");
        fs::create_symlink(original, tmp.path() / "out" / "a.jpg");
        auto result = AtomicFileWriter().write(
            tmp.path() / "out" / "a.jpg", kBytes, direct(ExistingPolicy::Overwrite));
        ASSERT_TRUE(result.ok()) << result.error().message;
        EXPECT_FALSE(fs::is_symlink(tmp.path() / "out" / "a.jpg"));
        EXPECT_EQ(test::readFile(tmp.path() / "out" / "a.jpg"), kBytes);
        EXPECT_EQ(test::readFile(original), std::vector<std::uint8_t> { 9 });
    }

    // A file-size limit (setrlimit) makes the write fail after its first 100 bytes, as a full
    // disk or a dropped connection would mid-way: the partial file is removed.
    TEST(DirectWrite, AWriteThatFailsMidWayLeavesNoFile)
    {
        test::TempDir tmp;
        std::signal(SIGXFSZ, SIG_IGN);
        rlimit old {};
        ::getrlimit(RLIMIT_FSIZE, &old);
        rlimit small = old;
        small.rlim_cur = 100;
        ASSERT_EQ(::setrlimit(RLIMIT_FSIZE, &small), 0);
        auto result = AtomicFileWriter().write(
            tmp.path() / "big.jpg", kBytes, direct(ExistingPolicy::Skip, 0644, FileTime { 0, 0 }));
        ::setrlimit(RLIMIT_FSIZE, &old);
        ASSERT_FALSE(result.ok());
        EXPECT_EQ(result.error().systemCode, EFBIG);
        EXPECT_NE(result.error().message.find("cannot write"), std::string::npos)
            << result.error().message;
        EXPECT_TRUE(test::fileNames(tmp.path()).empty());
    }
#endif

    // A name longer than the file system takes: the creation fails, and nothing is left.
    TEST(DirectWrite, ANameTheFileSystemRefusesLeavesNothing)
    {
        test::TempDir tmp;
        const fs::path target = tmp.path() / (std::string(300, 'a') + ".jpg");
        auto result = AtomicFileWriter().write(target, kBytes, direct(ExistingPolicy::Skip));
        ASSERT_FALSE(result.ok());
        EXPECT_NE(result.error().message.find("cannot create the output file"), std::string::npos)
            << result.error().message;
#ifndef _WIN32
        EXPECT_EQ(result.error().systemCode, ENAMETOOLONG);
#endif
        EXPECT_FALSE(isRetryable(result.error()));
        EXPECT_TRUE(test::fileNames(tmp.path()).empty());
    }

#ifdef __linux__
    TEST(DirectWrite, NeverCreatesATemporary)
    {
        test::TempDir tmp;
        const fs::path dir = tmp.path() / "out";
        fs::create_directories(dir);
        test::writeFile(dir / "old.jpg", { 1 });
        CreatedNames created(dir);
        const AtomicFileWriter writer;
        ASSERT_TRUE(writer.write(dir / "a.jpg", kBytes, direct(ExistingPolicy::Skip)).ok());
        ASSERT_TRUE(writer.write(dir / "a.jpg", kBytes, direct(ExistingPolicy::Rename)).ok());
        ASSERT_TRUE(writer.write(dir / "old.jpg", kBytes, direct(ExistingPolicy::Overwrite)).ok());
        EXPECT_EQ(created.take(), (std::vector<std::string> { "a.jpg", "a_1.jpg", "old.jpg" }));
        // The watch sees an atomic write's temporary, which is what makes the above mean
        // something.
        ASSERT_TRUE(writer.write(dir / "b.jpg", kBytes, ExistingPolicy::Skip).ok());
        const auto atomic = created.take();
        ASSERT_EQ(atomic.size(), 2u);
        EXPECT_TRUE(AtomicFileWriter::isTemporaryName(atomic[0])) << atomic[0];
        EXPECT_EQ(atomic[1], "b.jpg");
    }
#endif

    struct Recorder : BatchObserver {
        std::mutex mutex;
        std::vector<JobReport> reports;
        void onJobFinished(const JobReport& r) override
        {
            std::lock_guard lock(mutex);
            reports.push_back(r);
        }
    };

    std::vector<JobReport> runBatch(const std::vector<fs::path>& inputs, const PlanOptions& plan,
        const ProcessOptions& process, bool directWrite)
    {
        auto planned = BatchPlanner(plan).plan(inputs);
        EXPECT_TRUE(planned.ok()) << (planned ? "" : planned.error().message);
        if (!planned) {
            return {};
        }
        Recorder recorder;
        BatchOptions options;
        options.process = process;
        options.threads = 2;
        options.directWrite = directWrite;
        (void)BatchScheduler(options, &recorder).run(*planned);
        return recorder.reports;
    }

    // Every file under `root`, by its path relative to it: its bytes and date.
    std::map<std::string, std::pair<std::vector<std::uint8_t>, std::optional<test::ModifiedTime>>>
    tree(const fs::path& root)
    {
        std::map<std::string,
            std::pair<std::vector<std::uint8_t>, std::optional<test::ModifiedTime>>>
            files;
        for (const auto& e : fs::recursive_directory_iterator(root)) {
            if (e.is_regular_file()) {
                files[utf8(e.path().lexically_relative(root))]
                    = { test::readFile(e.path()), test::modifiedTime(e.path()) };
            }
        }
        return files;
    }

    // One batch with every kind of write the pipeline makes: two sizes of each input, a target
    // file size, and the input copied where the output would be larger.
    TEST(DirectWrite, ABatchWritesTheSameFilesAsAnAtomicOne)
    {
        test::TempDir tmp;
        const fs::path in = tmp.path() / "in";
        fs::create_directories(in);
        test::writeTestJpeg(in / "big.jpg", 400, 300);
        test::writeTestPng(in / "pic.png", 120, 90, 4);
        {
            // At full size and quality 100 it grows: its copy is written.
            const Image image = test::makeTestImage(160, 120, 3);
            EncodeOptions low;
            low.jpegQuality = 20;
            auto bytes = JpegEncoder::encode(image.view(), low, {});
            ASSERT_TRUE(bytes.ok());
            test::writeFile(in / "small.jpg", *bytes);
        }
        ASSERT_TRUE(test::setModifiedTime(in / "small.jpg", { 946684800, 0 }));
        ProcessOptions process;
        process.encode.jpegQuality = 100;
        process.ifBigger = IfBigger::Copy;
        process.maxBytes = 1 << 20;
        auto sizes = parseSizeList("100%,50%", process.spec);
        ASSERT_TRUE(sizes.ok());
        auto pattern = NameTemplate::parse("{name}_{size}");
        ASSERT_TRUE(pattern.ok());

        std::map<bool, fs::path> outs { { false, tmp.path() / "atomic" },
            { true, tmp.path() / "direct" } };
        std::map<bool, std::vector<JobReport>> reports;
#ifdef __linux__
        std::map<bool, std::vector<std::string>> created;
#endif
        for (const auto& [isDirect, out] : outs) {
            fs::create_directories(out);
#ifdef __linux__
            CreatedNames watch(out);
#endif
            PlanOptions plan;
            plan.outputFolder = out;
            plan.sizes = *sizes;
            plan.nameTemplate = *pattern;
            plan.process = process;
            reports[isDirect] = runBatch({ in }, plan, process, isDirect);
#ifdef __linux__
            created[isDirect] = watch.take();
#endif
        }
        ASSERT_EQ(reports[true].size(), 3u);
        bool copied = false;
        for (const JobReport& r : reports[true]) {
            EXPECT_EQ(r.status, JobStatus::Ok) << (r.error ? r.error->message : "");
            EXPECT_EQ(r.outputs.size(), 2u);
            for (const OutputReport& o : r.outputs) {
                copied = copied || o.ifBigger == IfBigger::Copy;
            }
        }
        EXPECT_TRUE(copied) << "the test needs an input copied as an output";
        auto atomicFiles = tree(outs[false]);
        auto directFiles = tree(outs[true]);
        EXPECT_EQ(atomicFiles.size(), 7u); // six outputs and the marker
        ASSERT_EQ(directFiles.count(kOutputMarkerName), 1u);
        ASSERT_EQ(atomicFiles.count(kOutputMarkerName), 1u);
        // The marker's date is the time it was written; its bytes are the same.
        EXPECT_EQ(directFiles[kOutputMarkerName].first, atomicFiles[kOutputMarkerName].first);
        directFiles.erase(kOutputMarkerName);
        atomicFiles.erase(kOutputMarkerName);
        EXPECT_EQ(directFiles, atomicFiles);
#ifdef __linux__
        EXPECT_TRUE(anyTemporary(created[false])) << "the watch must see the atomic temporaries";
        EXPECT_FALSE(anyTemporary(created[true]));
        EXPECT_EQ(created[true].size(), 7u);
#endif
    }

    // ---- Temporaries on shared storage ------------------------------------------------------

    TEST(SharedTemporaries, TheHostTagIsEightHexDigitsAndStable)
    {
        const std::string& tag = AtomicFileWriter::hostTag();
        ASSERT_EQ(tag.size(), 8u);
        EXPECT_EQ(tag.find_first_not_of("0123456789abcdef"), std::string::npos) << tag;
        EXPECT_EQ(&AtomicFileWriter::hostTag(), &tag);
        EXPECT_EQ(AtomicFileWriter::hostTag(), tag);
        EXPECT_FALSE(platform::machineIdentity().empty());
    }

    TEST(SharedTemporaries, BothNameFormsAreTemporariesAndNearMissesAreNot)
    {
        const std::string host = AtomicFileWriter::hostTag();
        for (const std::string& name : std::vector<std::string> { ".dropsize-" + host + "-42-7.tmp",
                 ".dropsize-0123abcd-1-0.tmp", ".dropsize-12345678-42-7.tmp", ".dropsize-42-7.tmp",
                 ".dropsize-12345678-7.tmp" }) {
            EXPECT_TRUE(AtomicFileWriter::isTemporaryName(name)) << name;
        }
        for (const char* name : { ".dropsize-0123ABCD-42-7.tmp", ".dropsize-0123abc-42-7.tmp",
                 ".dropsize-0123abcde-42-7.tmp", ".dropsize-0123abcd-42.tmp",
                 ".dropsize-0123abcd--7.tmp", ".dropsize-0123abcd-42-7.tmp.jpg",
                 ".dropsize-0123abcd-x-7.tmp", ".dropsize-0123abcd-42-7-1.tmp",
                 "x.dropsize-0123abcd-42-7.tmp", ".dropsize-0123abcg-42-7.tmp" }) {
            EXPECT_FALSE(AtomicFileWriter::isTemporaryName(name)) << name;
        }
    }

    // The planner never takes a temporary of either form as input, an image's bytes and all.
    TEST(SharedTemporaries, ThePlannerTakesNoTemporaryOfEitherForm)
    {
        test::TempDir tmp;
        const fs::path in = tmp.path() / "in";
        fs::create_directories(in);
        test::writeTestJpeg(in / "a.jpg", 20, 10);
        const auto jpeg = test::readFile(in / "a.jpg");
        test::writeFile(in / (".dropsize-" + AtomicFileWriter::hostTag() + "-1-0.tmp"), jpeg);
        test::writeFile(in / ".dropsize-1-0.tmp", jpeg);
        PlanOptions options;
        options.outputFolder = tmp.path() / "out";
        auto plan = BatchPlanner(options).plan({ in });
        ASSERT_TRUE(plan.ok()) << plan.error().message;
        ASSERT_EQ(plan->jobs.size(), 1u);
        EXPECT_EQ(plan->jobs[0].input().filename(), "a.jpg");
        // Each is accounted for: ignored, with the reason.
        ASSERT_EQ(plan->ignored.size(), 2u);
        for (const IgnoredPath& i : plan->ignored) {
            EXPECT_NE(i.reason.english().find("one of Dropsize's own files"), std::string::npos)
                << i.reason.english();
        }
    }

#ifdef __linux__
    TEST(SharedTemporaries, AWritesTemporaryNamesThisHostAndProcess)
    {
        test::TempDir tmp;
        CreatedNames created(tmp.path());
        ASSERT_TRUE(
            AtomicFileWriter().write(tmp.path() / "a.jpg", kBytes, ExistingPolicy::Skip).ok());
        const auto seen = created.take();
        ASSERT_EQ(seen.size(), 2u);
        const std::string prefix
            = ".dropsize-" + AtomicFileWriter::hostTag() + "-" + std::to_string(::getpid()) + "-";
        EXPECT_EQ(seen[0].rfind(prefix, 0), 0u) << seen[0];
        EXPECT_TRUE(AtomicFileWriter::isTemporaryName(seen[0]));
        EXPECT_LE(seen[0].size(), 48u) << "a temporary's name stays short";
    }
#endif

#ifndef _WIN32
    std::string otherHost()
    {
        return AtomicFileWriter::hostTag() == "00000000" ? "ffffffff" : "00000000";
    }

    // This host's and the older form's temporaries go with their process; another host's
    // only once unchanged for a day, whatever date its file was given (an input's, which a
    // temporary gets before its rename, may be years old).
    TEST(SharedTemporaries, RemovesAnotherHostsOnlyWhenLeftForADay)
    {
        test::TempDir tmp;
        const std::string me = AtomicFileWriter::hostTag();
        const std::string pid = std::to_string(::getpid());
        const std::string mineDead = ".dropsize-" + me + "-2147483646-0.tmp";
        const std::string mineAlive = ".dropsize-" + me + "-" + pid + "-0.tmp";
        const std::string oldDead = ".dropsize-2147483646-1.tmp";
        const std::string oldAlive = ".dropsize-" + pid + "-1.tmp";
        const std::string otherFresh = ".dropsize-" + otherHost() + "-2147483646-2.tmp";
        const std::string otherDated = ".dropsize-" + otherHost() + "-" + pid + "-3.tmp";
        for (const std::string& name :
            { mineDead, mineAlive, oldDead, oldAlive, otherFresh, otherDated }) {
            test::writeFile(tmp.path() / name, { 1 });
        }
        // Its modification time 25 hours back, as the input's date would put it.
        const auto now = std::chrono::duration_cast<std::chrono::seconds>(
            std::chrono::system_clock::now().time_since_epoch())
                             .count();
        ASSERT_TRUE(test::setModifiedTime(tmp.path() / otherDated, { now - 25 * 3600, 0 }));

        EXPECT_EQ(AtomicFileWriter::removeStaleTemporaries(tmp.path()), 2);
        std::vector<std::string> left { mineAlive, oldAlive, otherFresh, otherDated };
        std::sort(left.begin(), left.end());
        EXPECT_EQ(test::fileNames(tmp.path()), left);

        // 23 hours on, the other host's are still fresh; 25 hours on, they are a dead
        // machine's leftovers. A live process's temporary stays, however old.
        EXPECT_EQ(
            AtomicFileWriter::removeStaleTemporaries(tmp.path(), FileTime { now + 23 * 3600, 0 }),
            0);
        EXPECT_EQ(test::fileNames(tmp.path()), left);
        EXPECT_EQ(
            AtomicFileWriter::removeStaleTemporaries(tmp.path(), FileTime { now + 25 * 3600, 0 }),
            2);
        left = { mineAlive, oldAlive };
        std::sort(left.begin(), left.end());
        EXPECT_EQ(test::fileNames(tmp.path()), left);
    }
#endif

    // A temporary name that another writer holds (a machine cloned from this one, with the
    // same tag and process ID) is left alone: the write takes the next one.
    TEST(SharedTemporaries, ANewFileNeverRemovesAFileThatWasThere)
    {
        test::TempDir tmp;
        auto folder = platform::openOutputFolder(fs::absolute(tmp.path()));
        ASSERT_TRUE(folder.ok());
        test::writeFile(tmp.path() / "taken.tmp", { 4, 2 });
        auto written = platform::writeNewFile(*folder, "taken.tmp", kBytes, 0644);
        ASSERT_FALSE(written.ok());
        EXPECT_EQ(written.error().systemCode, EEXIST);
        EXPECT_EQ(test::readFile(tmp.path() / "taken.tmp"), (std::vector<std::uint8_t> { 4, 2 }));
    }

    // Shards that start at once create one output tree together: every one of them opens it,
    // and the marker is written once, whole.
    TEST(SharedTemporaries, SeveralWritersCreateOneOutputTreeAtOnce)
    {
        constexpr int kWriters = 8;
        for (int round = 0; round < 20; ++round) {
            test::TempDir tmp;
            const fs::path root = fs::absolute(tmp.path()) / "out";
            const fs::path deep = root / "a" / "b" / "c";
            std::latch start(kWriters);
            std::vector<std::string> failures(kWriters);
            {
                std::vector<std::jthread> writers;
                writers.reserve(kWriters);
                for (int w = 0; w < kWriters; ++w) {
                    writers.emplace_back([&, w] {
                        start.arrive_and_wait();
                        AtomicFileWriter::markOutputFolder(root);
                        auto written
                            = AtomicFileWriter().write(deep / ("f" + std::to_string(w) + ".jpg"),
                                kBytes, ExistingPolicy::Skip);
                        if (!written) {
                            failures[static_cast<std::size_t>(w)] = written.error().message;
                        }
                    });
                }
            }
            for (const std::string& failure : failures) {
                EXPECT_EQ(failure, "");
            }
            EXPECT_EQ(test::fileNames(root), (std::vector<std::string> { kOutputMarkerName, "a" }));
            const auto marker = test::readFile(root / kOutputMarkerName);
            const std::string text(marker.begin(), marker.end());
            EXPECT_EQ(text.rfind("This folder holds images resized by Dropsize.", 0), 0u) << text;
            EXPECT_EQ(text.back(), '\n');
            EXPECT_EQ(test::fileNames(deep).size(), static_cast<std::size_t>(kWriters));
            if (testing::Test::HasFailure()) {
                break;
            }
        }
    }

#ifdef __linux__
    constexpr const char* kSharedTreeVariable = "DROPSIZE_TEST_SHARED_TREE";

    // The child of the test below: one of several processes that start writing into one
    // output tree at once, as shards on several machines do. It waits for the "go" file, so
    // that the processes begin together, then marks the tree's root and writes one file deep in
    // it. Skipped when run on its own.
    TEST(SharedTemporaries, ChildProcessWritesIntoTheSharedTree)
    {
        const char* root = std::getenv(kSharedTreeVariable); // NOLINT(concurrency-mt-unsafe)
        if (root == nullptr) {
            GTEST_SKIP() << "run by SeveralProcessesCreateOneOutputTreeAtOnce";
        }
        const fs::path out = fs::path(root) / "out";
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
        while (!fs::exists(fs::path(root) / "go")) {
            ASSERT_LT(std::chrono::steady_clock::now(), deadline);
            std::this_thread::yield();
        }
        AtomicFileWriter::markOutputFolder(out);
        auto written = AtomicFileWriter().write(
            out / "a" / "b" / "c" / (std::to_string(::getpid()) + ".jpg"), kBytes,
            ExistingPolicy::Skip);
        ASSERT_TRUE(written.ok()) << written.error().message;
    }

    TEST(SharedTemporaries, SeveralProcessesCreateOneOutputTreeAtOnce)
    {
        constexpr int kProcesses = 4;
        test::TempDir tmp;
        const fs::path root = fs::absolute(tmp.path());
        const test::ScopedEnvironment variable(kSharedTreeVariable, utf8(root));
        // Each child runs the one test its filter names, whichever shard of the suite this
        // process runs (GoogleTest reads its sharding from the environment).
        const test::ScopedEnvironment noShards("GTEST_TOTAL_SHARDS", std::nullopt);
        const test::ScopedEnvironment noShardIndex("GTEST_SHARD_INDEX", std::nullopt);
        std::vector<std::unique_ptr<test::ChildProcess>> children;
        for (int i = 0; i < kProcesses; ++i) {
            const std::string n = std::to_string(i);
            children.push_back(
                std::make_unique<test::ChildProcess>(fs::read_symlink("/proc/self/exe"),
                    std::vector<std::string> {
                        "--gtest_filter=SharedTemporaries.ChildProcessWritesIntoTheSharedTree" },
                    root / ("stdout" + n), root / ("stderr" + n)));
        }
        test::writeFile(root / "go", {});
        for (int i = 0; i < kProcesses; ++i) {
            const std::string n = std::to_string(i);
            EXPECT_EQ(children[static_cast<std::size_t>(i)]->wait(), 0)
                << utf8(root / ("stdout" + n));
            const auto said = test::readFile(root / ("stdout" + n));
            EXPECT_NE(std::string(said.begin(), said.end()).find("[  PASSED  ] 1 test"),
                std::string::npos)
                << std::string(said.begin(), said.end());
        }
        EXPECT_EQ(
            test::fileNames(root / "out"), (std::vector<std::string> { kOutputMarkerName, "a" }));
        EXPECT_EQ(test::fileNames(root / "out" / "a" / "b" / "c").size(),
            static_cast<std::size_t>(kProcesses));
    }
#endif

    // ---- The system's error number ---------------------------------------------------------

    TEST(SystemCode, AMissingFileIsNotRetryable)
    {
        test::TempDir tmp;
        auto read = platform::readRegularFile(tmp.path() / "none.jpg", 1 << 20);
        ASSERT_FALSE(read.ok());
        EXPECT_EQ(read.error().systemCode, ENOENT);
        EXPECT_FALSE(isRetryable(read.error()));
        auto head = platform::readFileHead(tmp.path() / "none.jpg");
        ASSERT_FALSE(head.ok());
        EXPECT_EQ(head.error().systemCode, ENOENT);
    }

    TEST(SystemCode, AFolderWhereAFileIsExpectedIsNotRetryable)
    {
        test::TempDir tmp;
        fs::create_directories(tmp.path() / "dir.jpg");
        auto read = platform::readRegularFile(tmp.path() / "dir.jpg", 1 << 20);
        ASSERT_FALSE(read.ok());
        EXPECT_FALSE(isRetryable(read.error()));
        // Written over, under Overwrite, whichever way it is written.
        for (const bool isDirect : { false, true }) {
            WriteOptions options = direct(ExistingPolicy::Overwrite);
            options.direct = isDirect;
            auto written = AtomicFileWriter().write(tmp.path() / "dir.jpg", kBytes, options);
            ASSERT_FALSE(written.ok());
#ifdef _WIN32
            EXPECT_NE(written.error().systemCode, 0);
#else
            EXPECT_EQ(written.error().systemCode, EISDIR) << written.error().message;
#endif
            EXPECT_FALSE(isRetryable(written.error()));
            EXPECT_EQ(test::fileNames(tmp.path()), std::vector<std::string> { "dir.jpg" });
        }
    }

#ifndef _WIN32
    // The dry run's check of a folder it cannot write in keeps the system's number too.
    TEST(SystemCode, AFolderThatCannotBeWrittenInIsNotRetryable)
    {
        test::TempDir tmp;
        const fs::path dir = fs::absolute(tmp.path()) / "locked";
        fs::create_directories(dir);
        fs::permissions(tmp.path(), fs::perms::all);
        ::chmod(dir.c_str(), 0555);
        const std::string outcome = test::runWithoutPrivileges([&] {
            const Status usable = AtomicFileWriter::checkFolder(dir / "out");
            return usable.ok() ? std::string("usable")
                               : std::to_string(usable.error().systemCode) + " "
                    + (isRetryable(usable.error()) ? "retryable " : "final ")
                    + usable.error().message;
        });
        ::chmod(dir.c_str(), 0755);
        EXPECT_EQ(
            outcome.rfind(std::to_string(EACCES) + " final cannot write in the output folder ", 0),
            0u)
            << outcome;
        EXPECT_NE(outcome.find("Permission denied"), std::string::npos) << outcome;
    }
#endif

    TEST(SystemCode, StorageThatFailsForNowIsRetryable)
    {
        const Error io = platform::systemFailure(ErrorCode::Io, EIO, systemError(EIO), "x");
        EXPECT_EQ(io.systemCode, EIO);
        EXPECT_EQ(io.message, "Input/output error");
        EXPECT_TRUE(isRetryable(io));
        EXPECT_TRUE(isRetryable(
            platform::systemFailure(ErrorCode::NoSpace, ENOSPC, systemError(ENOSPC), "x")));
        EXPECT_TRUE(
            isRetryable(platform::systemFailure(ErrorCode::Io, ENOSPC, systemError(ENOSPC), "x")));
        EXPECT_FALSE(
            isRetryable(platform::systemFailure(ErrorCode::Io, EACCES, systemError(EACCES), "x")));
        EXPECT_FALSE(isRetryable(Error::of(ErrorCode::Io, Text::tr("cancelled"))));
    }

    // A job whose output cannot be written (a folder has its name) and one whose input went
    // missing after planning: each report's error keeps the system's number.
    TEST(SystemCode, ReachesTheJobsReport)
    {
        for (const bool isDirect : { false, true }) {
            SCOPED_TRACE(isDirect ? "direct" : "atomic");
            test::TempDir tmp;
            const fs::path in = tmp.path() / "in";
            fs::create_directories(in);
            test::writeTestJpeg(in / "a.jpg", 40, 30);
            test::writeTestJpeg(in / "gone.jpg", 40, 30);
            fs::create_directories(tmp.path() / "out" / "a.jpg");
            PlanOptions plan;
            plan.outputFolder = tmp.path() / "out";
            plan.onExisting = ExistingPolicy::Overwrite;
            auto planned = BatchPlanner(plan).plan({ in });
            ASSERT_TRUE(planned.ok()) << planned.error().message;
            fs::remove(in / "gone.jpg");
            Recorder recorder;
            BatchOptions options;
            options.threads = 1;
            options.directWrite = isDirect;
            (void)BatchScheduler(options, &recorder).run(*planned);
            ASSERT_EQ(recorder.reports.size(), 2u);
            for (const JobReport& r : recorder.reports) {
                ASSERT_EQ(r.status, JobStatus::Failed);
                ASSERT_TRUE(r.error.has_value());
                EXPECT_FALSE(isRetryable(*r.error));
                if (r.input.filename() == "gone.jpg") {
                    EXPECT_EQ(r.error->systemCode, ENOENT) << r.error->message;
                } else {
#ifdef _WIN32
                    EXPECT_NE(r.error->systemCode, 0) << r.error->message;
#else
                    EXPECT_EQ(r.error->systemCode, EISDIR) << r.error->message;
#endif
                    ASSERT_EQ(r.outputs.size(), 1u);
                    ASSERT_TRUE(r.outputs[0].error.has_value());
                    EXPECT_EQ(r.outputs[0].error->systemCode, r.error->systemCode);
                }
            }
        }
    }

} // namespace
} // namespace dropsize

// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/core/atomic_file_writer.h"
#include "dropsize/core/path_text.h"
#include "files/platform_files.h"

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <dirent.h>
#include <fcntl.h>
#include <new>
#include <optional>
#include <string_view>
#include <sys/stat.h>
#include <tuple>
#include <unistd.h>
#include <utility>

namespace fs = std::filesystem;

namespace dropsize {

std::optional<FileIdentity> fileIdentity(const fs::path& path) noexcept
{
    struct stat st { };
    if (::stat(path.c_str(), &st) != 0) {
        return std::nullopt;
    }
    return FileIdentity { static_cast<std::uintmax_t>(st.st_dev),
        static_cast<std::uintmax_t>(st.st_ino) };
}

namespace platform {

    namespace {

        // A descriptor never takes the number of standard input, output or error, which a
        // caller may have closed: anything printed later would land in the file.
        int awayFromStdio(int fd) noexcept
        {
            if (fd < 0 || fd > 2) {
                return fd;
            }
            const int moved = ::fcntl(fd, F_DUPFD_CLOEXEC, 3);
            const int err = errno;
            ::close(fd);
            errno = err;
            return moved;
        }

        // "what: the system's reason", with the error number kept.
        Error ioError(int err, Text what, const fs::path& path)
        {
            const ErrorCode code
                = err == ENOSPC || err == EDQUOT ? ErrorCode::NoSpace : ErrorCode::Io;
            return systemFailure(code, err,
                Text::tr("%1: %2").arg(std::move(what)).arg(systemError(err)), utf8(path));
        }

        // The system's reason alone, with the error number kept.
        Error reasonError(int err, const fs::path& path)
        {
            return systemFailure(ErrorCode::Io, err, systemError(err), utf8(path));
        }

    } // namespace

    namespace {

        // The first bytes of the file open on `fd` (closed here).
        Result<FileHead> readHeadOf(int fd, const fs::path& path);

    } // namespace

    Result<EntryKind> entryKind(const fs::path& path, bool followLinks)
    {
        struct stat st { };
        const int rc = followLinks ? ::stat(path.c_str(), &st) : ::lstat(path.c_str(), &st);
        if (rc != 0) {
            if (errno == ENOENT || errno == ENOTDIR) {
                return EntryKind::NotFound;
            }
            return reasonError(errno, path);
        }
        return S_ISDIR(st.st_mode) ? EntryKind::Directory
            : S_ISREG(st.st_mode)  ? EntryKind::Regular
            : S_ISLNK(st.st_mode)  ? EntryKind::Symlink
                                   : EntryKind::Other;
    }

    fs::path absolutePath(const fs::path& path) { return fs::absolute(path).lexically_normal(); }

    Result<fs::path> canonicalPath(const fs::path& path)
    {
        std::error_code ec;
        fs::path canonical = fs::canonical(path, ec);
        if (ec) {
            // The file system library's errors are errno values here: their text is strerror's.
            const bool isErrno = ec.category() == std::generic_category()
                || ec.category() == std::system_category();
            return systemFailure(
                ec == std::errc::no_such_file_or_directory ? ErrorCode::NotFound : ErrorCode::Io,
                isErrno ? ec.value() : 0,
                isErrno ? systemError(ec.value()) : Text::verbatim(ec.message()), utf8(path));
        }
        return canonical;
    }

    std::pair<fs::path, fs::path> splitRoot(const fs::path& path)
    {
        if (!path.is_absolute()) {
            return { fs::path(), path };
        }
        return { path.root_path(), path.relative_path() };
    }

    bool sameName(const fs::path& a, const fs::path& b) noexcept
    {
        return a.native() == b.native();
    }

    std::string nameKey(std::string_view name) { return std::string(name); }

    Result<FileHead> readFileHead(const fs::path& path)
    {
        const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
        if (fd < 0) {
            return reasonError(errno, path);
        }
        return readHeadOf(fd, path);
    }

    void Descriptor::reset(int fd) noexcept
    {
        if (m_fd >= 0) {
            ::close(m_fd);
        }
        m_fd = fd;
    }

    Result<WalkedFolder> WalkedFolder::open(const fs::path& path)
    {
        const int fd = awayFromStdio(::open(path.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
        if (fd < 0) {
            return reasonError(errno, path);
        }
        WalkedFolder folder;
        folder.m_path = path;
        folder.m_fd.reset(fd);
        return folder;
    }

    std::optional<FileIdentity> WalkedFolder::identity() const
    {
        struct stat st { };
        if (::fstat(m_fd.get(), &st) != 0) {
            return std::nullopt;
        }
        return FileIdentity { static_cast<std::uintmax_t>(st.st_dev),
            static_cast<std::uintmax_t>(st.st_ino) };
    }

    Result<std::vector<WalkedFolder::Name>> WalkedFolder::list() const
    {
        // fdopendir() takes the descriptor over: give it a copy, and rewind (a copy shares the
        // offset).
        const int copy
            = awayFromStdio(::openat(m_fd.get(), ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC));
        DIR* dir = copy < 0 ? nullptr : ::fdopendir(copy);
        if (dir == nullptr) {
            const int err = errno;
            if (copy >= 0) {
                ::close(copy);
            }
            return reasonError(err, m_path);
        }
        std::vector<Name> names;
        for (;;) {
            errno = 0;
            // readdir() shares state only within one DIR stream, which this thread alone holds.
            const dirent* entry = ::readdir(dir); // NOLINT(concurrency-mt-unsafe)
            if (entry == nullptr) {
                break;
            }
            const std::string_view name = entry->d_name;
            if (name != "." && name != "..") {
                names.emplace_back(name);
            }
        }
        const int err = errno;
        ::closedir(dir);
        if (err != 0) {
            return reasonError(err, m_path);
        }
        return names;
    }

    Result<WalkedFolder::Kind> WalkedFolder::kind(const Name& name) const
    {
        struct stat st { };
        if (::fstatat(m_fd.get(), name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) {
            const int err = errno; // before the path is built, which may allocate
            return reasonError(err, m_path / name);
        }
        return S_ISDIR(st.st_mode) ? Kind::Directory
            : S_ISREG(st.st_mode)  ? Kind::Regular
            : S_ISLNK(st.st_mode)  ? Kind::Symlink
                                   : Kind::Other;
    }

    bool WalkedFolder::has(const Name& name) const
    {
        struct stat st { };
        return ::fstatat(m_fd.get(), name.c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0;
    }

    std::optional<FileIdentity> WalkedFolder::identityOf(const Name& name) const
    {
        struct stat st { };
        if (::fstatat(m_fd.get(), name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) {
            return std::nullopt;
        }
        return FileIdentity { static_cast<std::uintmax_t>(st.st_dev),
            static_cast<std::uintmax_t>(st.st_ino) };
    }

    Result<FileHead> WalkedFolder::readHead(const Name& name) const
    {
        const int fd
            = awayFromStdio(::openat(m_fd.get(), name.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK));
        if (fd < 0) {
            const int err = errno; // before the path is built, which may allocate
            return reasonError(err, m_path / name);
        }
        return readHeadOf(fd, m_path / name);
    }

    bool WalkedFolder::remove(const Name& name) const noexcept
    {
        return ::unlinkat(m_fd.get(), name.c_str(), 0) == 0;
    }

    std::optional<FileTime> WalkedFolder::changedOf(const Name& name) const
    {
        struct stat st { };
        if (::fstatat(m_fd.get(), name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) {
            return std::nullopt;
        }
        // The status-change time moves on with every change, a date set on the file included,
        // and cannot itself be set back.
        const timespec& later = std::tie(st.st_mtim.tv_sec, st.st_mtim.tv_nsec)
                < std::tie(st.st_ctim.tv_sec, st.st_ctim.tv_nsec)
            ? st.st_ctim
            : st.st_mtim;
        return FileTime { static_cast<std::int64_t>(later.tv_sec),
            static_cast<std::uint32_t>(later.tv_nsec) };
    }

    Status WalkedFolder::enter(const Name& name)
    {
        const int fd = awayFromStdio(
            ::openat(m_fd.get(), name.c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
        if (fd < 0) {
            const int err = errno; // before the path is built, which may allocate
            return reasonError(err, m_path / name);
        }
        m_fd.reset(fd);
        m_path /= name;
        return {};
    }

    Status WalkedFolder::leave(const FileIdentity& parent)
    {
        const int fd
            = awayFromStdio(::openat(m_fd.get(), "..", O_RDONLY | O_DIRECTORY | O_CLOEXEC));
        if (fd < 0) {
            return reasonError(errno, m_path);
        }
        m_fd.reset(fd);
        m_path = m_path.parent_path();
        if (identity() != parent) {
            return Error::of(ErrorCode::Io,
                Text::tr("the folder was moved while it was being walked"), utf8(m_path));
        }
        return {};
    }

    namespace {

        Result<FileHead> readHeadOf(int fd, const fs::path& path)
        {
            struct stat st { };
            if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
                ::close(fd);
                return Error::of(ErrorCode::Io, Text::tr("not a regular file"), utf8(path));
            }
            FileHead head;
            head.fileSize = static_cast<std::uint64_t>(st.st_size);
            head.identity = { static_cast<std::uintmax_t>(st.st_dev),
                static_cast<std::uintmax_t>(st.st_ino) };
            for (;;) {
                const ssize_t n = ::read(fd, head.bytes, sizeof head.bytes);
                if (n < 0 && errno == EINTR) {
                    continue;
                }
                if (n < 0) {
                    const int err = errno;
                    ::close(fd);
                    return reasonError(err, path);
                }
                head.size = static_cast<std::size_t>(n);
                break;
            }
            ::close(fd);
            return head;
        }

    } // namespace

    // O_NONBLOCK and the fstat check keep a FIFO or device that replaced the file since
    // planning from blocking or being read.
    Result<FileBytes> readRegularFile(
        const fs::path& path, std::uint64_t limit, std::size_t maxRead)
    {
        const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
        if (fd < 0) {
            return ioError(errno, Text::tr("cannot open"), path);
        }
        struct stat st { };
        if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
            ::close(fd);
            return Error::of(ErrorCode::Io, Text::tr("not a regular file"), utf8(path));
        }
        const auto size = static_cast<std::uint64_t>(st.st_size);
        const auto permissions = static_cast<unsigned>(st.st_mode & 0777);
        if (size > limit) {
            ::close(fd);
            return Error::of(ErrorCode::LimitExceeded,
                Text::tr("file is larger than the memory limit"), utf8(path));
        }
        FileBytes bytes;
        bytes.size = static_cast<std::size_t>(std::min<std::uint64_t>(size, maxRead));
        bytes.fileSize = size;
        bytes.permissions = permissions;
        bytes.identity
            = { static_cast<std::uintmax_t>(st.st_dev), static_cast<std::uintmax_t>(st.st_ino) };
        bytes.modified = FileTime { static_cast<std::int64_t>(st.st_mtim.tv_sec),
            static_cast<std::uint32_t>(st.st_mtim.tv_nsec) };
        bytes.data.reset(new (std::nothrow) std::uint8_t[bytes.size]);
        if (!bytes.data) {
            ::close(fd);
            return Error::of(
                ErrorCode::OutOfMemory, Text::tr("out of memory reading the file"), utf8(path));
        }
        std::size_t done = 0;
        while (done < bytes.size) {
            const ssize_t n = ::read(fd, bytes.data.get() + done, bytes.size - done);
            if (n < 0 && errno == EINTR) {
                continue;
            }
            if (n <= 0) {
                const int err = n < 0 ? errno : 0;
                ::close(fd);
                if (err != 0) {
                    return ioError(err, Text::tr("cannot read"), path);
                }
                return Error::of(
                    ErrorCode::Io, Text::tr("file shrank while being read"), utf8(path));
            }
            done += static_cast<std::size_t>(n);
        }
        ::close(fd);
        return bytes;
    }

    // openat() with O_NOFOLLOW from "/" down: a link anywhere on the path stops the walk, so
    // no later call in the folder can land elsewhere, whatever is renamed meanwhile.
    Result<OutputFolder> openOutputFolder(const fs::path& dir)
    {
        if (!dir.is_absolute()) {
            return Error::of(
                ErrorCode::Internal, Text::tr("output folder is not an absolute path"), utf8(dir));
        }
        constexpr int kFlags = O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC;
        int fd = awayFromStdio(::open("/", kFlags));
        if (fd < 0) {
            return ioError(errno, Text::tr("cannot open the output folder"), dir);
        }
        fs::path sofar = dir.root_path();
        for (const fs::path& part : dir.relative_path()) {
            if (part.empty() || part == ".") {
                continue;
            }
            sofar /= part;
            if (part == "..") {
                ::close(fd);
                return Error::of(
                    ErrorCode::Internal, Text::tr("output folder path has '..'"), utf8(dir));
            }
            int next = awayFromStdio(::openat(fd, part.c_str(), kFlags));
            if (next < 0 && errno == ENOENT) {
                if (::mkdirat(fd, part.c_str(), 0777) != 0 && errno != EEXIST) {
                    const int err = errno;
                    ::close(fd);
                    return ioError(err, Text::tr("cannot create the output folder"), sofar);
                }
                next = awayFromStdio(::openat(fd, part.c_str(), kFlags));
            }
            if (next < 0) {
                const int err = errno;
                struct stat st { };
                const bool exists = ::fstatat(fd, part.c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0;
                ::close(fd);
                if (exists && S_ISLNK(st.st_mode)) {
                    return notAnOutputFolder(sofar, true);
                }
                if (exists && !S_ISDIR(st.st_mode)) {
                    return notAnOutputFolder(sofar, false);
                }
                return ioError(err, Text::tr("cannot open the output folder"), sofar);
            }
            ::close(fd);
            fd = next;
        }
        OutputFolder folder;
        folder.m_path = dir;
        folder.m_fd.reset(fd);
        return folder;
    }

    Result<Text> writeNewFile(const OutputFolder& folder, const fs::path& name,
        std::span<const std::uint8_t> bytes, unsigned permissions,
        const std::optional<FileTime>& modified, NewFile kind)
    {
        const fs::path path = folder.path() / name;
        const int fd = awayFromStdio(::openat(folder.fd(), name.c_str(),
            O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC,
            static_cast<mode_t>(permissions & 0777)));
        if (fd < 0) {
            // Nothing was created: whatever has the name (another writer's file) stays.
            return ioError(errno,
                kind == NewFile::Temporary ? Text::tr("cannot create a temporary file")
                                           : Text::tr("cannot create the output file"),
                path);
        }
        // From here on the file is this call's: a failure removes it, so that no partial file
        // is left under its name.
        const auto fail = [&](int err, Text what) {
            ::close(fd);
            ::unlinkat(folder.fd(), name.c_str(), 0);
            return ioError(err, std::move(what), path);
        };
        std::size_t done = 0;
        while (done < bytes.size()) {
            const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
            if (n < 0) {
                if (errno == EINTR) {
                    continue;
                }
                return fail(errno, Text::tr("cannot write"));
            }
            done += static_cast<std::size_t>(n);
        }
        Text dateProblem;
        if (modified) {
            // The access time is left as it is: only the modification time is the input's.
            timespec times[2] {};
            times[0].tv_nsec = UTIME_OMIT;
            times[1].tv_sec = static_cast<time_t>(modified->seconds);
            times[1].tv_nsec = static_cast<long>(modified->nanoseconds);
            if (static_cast<std::int64_t>(times[1].tv_sec) != modified->seconds) {
                dateProblem = Text::tr("the date is out of this system's range");
            } else if (::futimens(fd, times) != 0) {
                dateProblem = systemError(errno);
            }
        }
        if (::fsync(fd) != 0) {
            return fail(errno, Text::tr("cannot flush to disk"));
        }
        if (::close(fd) != 0) {
            // A network file system may say only now that the data did not reach the server.
            const int err = errno;
            ::unlinkat(folder.fd(), name.c_str(), 0);
            return ioError(err, Text::tr("cannot close"), path);
        }
        return dateProblem;
    }

    // renameat2(RENAME_NOREPLACE); link + unlink where the filesystem lacks it.
    Status moveNoReplace(const OutputFolder& folder, const fs::path& from, const fs::path& to)
    {
        const int dir = folder.fd();
        int err = 0;
#ifdef RENAME_NOREPLACE
        if (::renameat2(dir, from.c_str(), dir, to.c_str(), RENAME_NOREPLACE) == 0) {
            return {};
        }
        err = errno;
#endif
        if (err == 0 || err == EINVAL || err == ENOSYS) {
            if (::linkat(dir, from.c_str(), dir, to.c_str(), 0) == 0) {
                ::unlinkat(dir, from.c_str(), 0);
                return {};
            }
            err = errno;
        }
        if (err == EEXIST) {
            return Error::of(
                ErrorCode::Exists, Text::tr("output exists"), utf8(folder.path() / to));
        }
        return ioError(err, Text::tr("cannot move the output into place"), folder.path() / to);
    }

    Status moveReplace(const OutputFolder& folder, const fs::path& from, const fs::path& to)
    {
        if (::renameat(folder.fd(), from.c_str(), folder.fd(), to.c_str()) != 0) {
            return ioError(
                errno, Text::tr("cannot move the output into place"), folder.path() / to);
        }
        return {};
    }

    std::optional<FileIdentity> entryIdentity(const OutputFolder& folder, const fs::path& name)
    {
        struct stat st { };
        if (::fstatat(folder.fd(), name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) {
            return std::nullopt;
        }
        return FileIdentity { static_cast<std::uintmax_t>(st.st_dev),
            static_cast<std::uintmax_t>(st.st_ino) };
    }

    void removeFile(const OutputFolder& folder, const fs::path& name) noexcept
    {
        ::unlinkat(folder.fd(), name.c_str(), 0);
    }

    Status removeEntry(const OutputFolder& folder, const fs::path& name)
    {
        if (::unlinkat(folder.fd(), name.c_str(), 0) != 0 && errno != ENOENT) {
            const int err = errno; // before the path is built, which may allocate
            return ioError(err, Text::tr("cannot remove the old output"), folder.path() / name);
        }
        return {};
    }

    std::optional<Error> cannotWriteIn(const fs::path& dir)
    {
        if (::access(dir.c_str(), W_OK | X_OK) != 0) {
            return reasonError(errno, dir);
        }
        return std::nullopt;
    }

    bool isLink(const fs::path& path) noexcept
    {
        struct stat st { };
        return ::lstat(path.c_str(), &st) == 0 && S_ISLNK(st.st_mode);
    }

    unsigned long currentProcessId() noexcept { return static_cast<unsigned long>(::getpid()); }

#ifdef __linux__
    namespace {

        // The first line of a small file, or empty when it cannot be read.
        std::string firstLineOf(const char* path)
        {
            const int fd = ::open(path, O_RDONLY | O_CLOEXEC);
            if (fd < 0) {
                return {};
            }
            char buffer[128] = {};
            const ssize_t n = ::read(fd, buffer, sizeof buffer - 1);
            ::close(fd);
            std::string line(buffer, static_cast<std::size_t>(std::max<ssize_t>(n, 0)));
            return line.substr(0, line.find('\n'));
        }

    } // namespace
#endif

    std::string machineIdentity()
    {
        std::string identity;
        char host[256] = {};
        if (::gethostname(host, sizeof host - 1) == 0) {
            identity = host;
        }
#ifdef __linux__
        // Machines cloned from one image may share a host name, and containers on one machine
        // often do, each with process IDs of its own: the boot's ID tells the machines apart,
        // the PID namespace the containers.
        identity += '\n';
        identity += firstLineOf("/proc/sys/kernel/random/boot_id");
        char ns[64] = {};
        const ssize_t n = ::readlink("/proc/self/ns/pid", ns, sizeof ns - 1);
        identity += '\n';
        identity.append(ns, static_cast<std::size_t>(std::max<ssize_t>(n, 0)));
#endif
        return identity;
    }

    bool processIsGone(unsigned long pid) noexcept
    {
        return ::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH;
    }

} // namespace platform

} // namespace dropsize

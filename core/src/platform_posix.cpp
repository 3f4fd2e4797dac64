// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/core/atomic_file_writer.h"
#include "platform_files.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <new>
#include <sys/stat.h>
#include <unistd.h>

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

        Error ioError(int err, const std::string& what, const fs::path& path)
        {
            const ErrorCode code
                = err == ENOSPC || err == EDQUOT ? ErrorCode::NoSpace : ErrorCode::Io;
            return Error { code, what + ": " + std::strerror(err), path.string() };
        }

    } // namespace

    // O_NONBLOCK and the fstat check keep a FIFO or device that replaced the file since
    // planning from blocking or being read.
    Result<FileBytes> readRegularFile(const fs::path& path, std::uint64_t limit)
    {
        const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
        if (fd < 0) {
            return ioError(errno, "cannot open", path);
        }
        struct stat st { };
        if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
            ::close(fd);
            return Error { ErrorCode::Io, "not a regular file", path.string() };
        }
        const auto size = static_cast<std::uint64_t>(st.st_size);
        if (size > limit) {
            ::close(fd);
            return Error { ErrorCode::LimitExceeded, "file is larger than the memory limit",
                path.string() };
        }
        FileBytes bytes;
        bytes.size = static_cast<std::size_t>(size);
        bytes.data.reset(new (std::nothrow) std::uint8_t[bytes.size]);
        if (!bytes.data) {
            ::close(fd);
            return Error { ErrorCode::OutOfMemory, "out of memory reading the file",
                path.string() };
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
                    return ioError(err, "cannot read", path);
                }
                return Error { ErrorCode::Io, "file shrank while being read", path.string() };
            }
            done += static_cast<std::size_t>(n);
        }
        ::close(fd);
        return bytes;
    }

    Status writeNewFile(const fs::path& path, std::span<const std::uint8_t> bytes)
    {
        const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
        if (fd < 0) {
            return ioError(errno, "cannot create a temporary file", path);
        }
        std::size_t done = 0;
        while (done < bytes.size()) {
            const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
            if (n < 0) {
                if (errno == EINTR) {
                    continue;
                }
                const int err = errno;
                ::close(fd);
                return ioError(err, "cannot write", path);
            }
            done += static_cast<std::size_t>(n);
        }
        if (::fsync(fd) != 0) {
            const int err = errno;
            ::close(fd);
            return ioError(err, "cannot flush to disk", path);
        }
        if (::close(fd) != 0) {
            return ioError(errno, "cannot close", path);
        }
        return {};
    }

    // renameat2(RENAME_NOREPLACE); link + unlink where the filesystem lacks it.
    Status moveNoReplace(const fs::path& from, const fs::path& to)
    {
        int err = 0;
#ifdef RENAME_NOREPLACE
        if (::renameat2(AT_FDCWD, from.c_str(), AT_FDCWD, to.c_str(), RENAME_NOREPLACE) == 0) {
            return {};
        }
        err = errno;
#endif
        if (err == 0 || err == EINVAL || err == ENOSYS) {
            if (::link(from.c_str(), to.c_str()) == 0) {
                ::unlink(from.c_str());
                return {};
            }
            err = errno;
        }
        if (err == EEXIST) {
            return Error { ErrorCode::Exists, "output exists", to.string() };
        }
        return ioError(err, "cannot move the output into place", to);
    }

    Status moveReplace(const fs::path& from, const fs::path& to)
    {
        if (::rename(from.c_str(), to.c_str()) != 0) {
            return ioError(errno, "cannot move the output into place", to);
        }
        return {};
    }

    unsigned long currentProcessId() noexcept { return static_cast<unsigned long>(::getpid()); }

    bool processIsGone(unsigned long pid) noexcept
    {
        return ::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH;
    }

} // namespace platform

} // namespace dropsize

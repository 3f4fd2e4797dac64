// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/core/atomic_file_writer.h"

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <signal.h>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

namespace fs = std::filesystem;

namespace dropsize {

namespace {

    constexpr const char* kTempMarker = ".dropsize-";
    constexpr const char* kTempSuffix = ".tmp";

    std::atomic<unsigned> g_tempCounter { 0 }; // unique temporary names within this process

    Error ioError(int err, const std::string& what, const fs::path& path)
    {
        const ErrorCode code = err == ENOSPC || err == EDQUOT ? ErrorCode::NoSpace : ErrorCode::Io;
        return Error { code, what + ": " + std::strerror(err), path.string() };
    }

    // Renames without replacing an existing file; falls back to link+unlink where the filesystem
    // lacks RENAME_NOREPLACE.
    int renameNoReplace(const fs::path& from, const fs::path& to)
    {
#ifdef RENAME_NOREPLACE
        if (::renameat2(AT_FDCWD, from.c_str(), AT_FDCWD, to.c_str(), RENAME_NOREPLACE) == 0) {
            return 0;
        }
        if (errno != EINVAL && errno != ENOSYS) {
            return errno;
        }
#endif
        if (::link(from.c_str(), to.c_str()) != 0) {
            return errno;
        }
        ::unlink(from.c_str());
        return 0;
    }

    Status writeAll(int fd, std::span<const std::uint8_t> bytes, const fs::path& path)
    {
        std::size_t done = 0;
        while (done < bytes.size()) {
            const ssize_t n = ::write(fd, bytes.data() + done, bytes.size() - done);
            if (n < 0) {
                if (errno == EINTR) {
                    continue;
                }
                return ioError(errno, "cannot write", path);
            }
            done += static_cast<std::size_t>(n);
        }
        if (::fsync(fd) != 0) {
            return ioError(errno, "cannot flush to disk", path);
        }
        return {};
    }

} // namespace

std::optional<FileIdentity> fileIdentity(const fs::path& path) noexcept
{
    struct stat st { };
    if (::stat(path.c_str(), &st) != 0) {
        return std::nullopt;
    }
    return FileIdentity { static_cast<std::uintmax_t>(st.st_dev),
        static_cast<std::uintmax_t>(st.st_ino) };
}

fs::path numberedName(const fs::path& path, int n)
{
    return path.parent_path()
        / (path.stem().string() + "_" + std::to_string(n) + path.extension().string());
}

AtomicFileWriter::AtomicFileWriter(const FileIdentitySet* protectedFiles) noexcept
    : m_protected(protectedFiles)
{
}

bool AtomicFileWriter::isTemporaryName(const std::string& name) noexcept
{
    return name.size() > 1 && name[0] == '.' && name.find(kTempMarker) != std::string::npos
        && name.ends_with(kTempSuffix);
}

int AtomicFileWriter::removeStaleTemporaries(const fs::path& dir) noexcept
{
    int removed = 0;
    std::error_code ec;
    for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
        const std::string name = it->path().filename().string();
        if (!isTemporaryName(name) || !it->is_regular_file(ec)) {
            continue;
        }
        // ".<name>.dropsize-<pid>-<n>.tmp": stale when that process is gone.
        const std::size_t at = name.rfind(kTempMarker);
        const long pid = std::strtol(name.c_str() + at + std::strlen(kTempMarker), nullptr, 10);
        if (pid <= 0 || (::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH)) {
            if (fs::remove(it->path(), ec)) {
                ++removed;
            }
        }
    }
    return removed;
}

Result<fs::path> AtomicFileWriter::write(
    const fs::path& target, std::span<const std::uint8_t> bytes, ExistingPolicy policy) const
{
    const fs::path dir = target.parent_path();
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec) {
        return Error { ErrorCode::Io, "cannot create the output folder: " + ec.message(),
            dir.string() };
    }
    std::string tempName(1, '.');
    tempName.append(target.filename().string())
        .append(kTempMarker)
        .append(std::to_string(::getpid()))
        .append("-")
        .append(std::to_string(g_tempCounter.fetch_add(1)))
        .append(kTempSuffix);
    const fs::path temp = dir / tempName;
    const int fd = ::open(temp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
    if (fd < 0) {
        return ioError(errno, "cannot create a temporary file", temp);
    }
    Status written = writeAll(fd, bytes, temp);
    if (::close(fd) != 0 && written.ok()) {
        written = ioError(errno, "cannot close", temp);
    }
    if (!written) {
        ::unlink(temp.c_str());
        return std::move(written).error();
    }

    fs::path final = target;
    for (int attempt = 1;; ++attempt) {
        int err = 0;
        if (policy == ExistingPolicy::Overwrite) {
            const auto id = fileIdentity(final);
            if (id && m_protected != nullptr && m_protected->count(*id) != 0) {
                ::unlink(temp.c_str());
                return Error { ErrorCode::Exists, "refusing to replace an input file",
                    final.string() };
            }
            err = ::rename(temp.c_str(), final.c_str()) == 0 ? 0 : errno;
        } else {
            err = renameNoReplace(temp, final);
        }
        if (err == 0) {
            return final;
        }
        if (err == EEXIST && policy == ExistingPolicy::Rename && attempt < 10000) {
            final = numberedName(target, attempt);
            continue;
        }
        ::unlink(temp.c_str());
        if (err == EEXIST) {
            return Error { ErrorCode::Exists, "output exists", final.string() };
        }
        return ioError(err, "cannot move the output into place", final);
    }
}

} // namespace dropsize

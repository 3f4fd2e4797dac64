// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/core/atomic_file_writer.h"
#include "platform_files.h"

#ifndef NOMINMAX
#define NOMINMAX
#endif
#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#include <algorithm>
#include <new>
#include <string>
#include <system_error>
#include <windows.h>

namespace fs = std::filesystem;

namespace dropsize {

namespace {

    /// A Win32 file handle, closed with its owner.
    class Handle {
    public:
        explicit Handle(HANDLE h) noexcept
            : m_handle(h)
        {
        }
        ~Handle()
        {
            if (valid()) {
                ::CloseHandle(m_handle);
            }
        }
        Handle(const Handle&) = delete;
        Handle& operator=(const Handle&) = delete;
        bool valid() const noexcept
        {
            return m_handle != INVALID_HANDLE_VALUE && m_handle != nullptr;
        }
        HANDLE get() const noexcept { return m_handle; }
        /// Closes now; false when closing failed.
        bool close() noexcept
        {
            const bool ok = ::CloseHandle(m_handle) != 0;
            m_handle = INVALID_HANDLE_VALUE;
            return ok;
        }

    private:
        HANDLE m_handle;
    };

    Error winError(DWORD err, const std::string& what, const fs::path& path)
    {
        const ErrorCode code = (err == ERROR_DISK_FULL || err == ERROR_HANDLE_DISK_FULL)
            ? ErrorCode::NoSpace
            : ErrorCode::Io;
        return Error { code, what + ": " + std::system_category().message(static_cast<int>(err)),
            path.string() };
    }

    FileIdentity identityOf(const BY_HANDLE_FILE_INFORMATION& info) noexcept
    {
        return { static_cast<std::uintmax_t>(info.dwVolumeSerialNumber),
            (static_cast<std::uintmax_t>(info.nFileIndexHigh) << 32) | info.nFileIndexLow };
    }

    // Backup semantics open folders too; no access rights are needed to read the identity.
    // FILE_FLAG_OPEN_REPARSE_POINT in `flags` reads a link's own.
    std::optional<FileIdentity> identityAt(const fs::path& path, DWORD flags) noexcept
    {
        Handle file(
            ::CreateFileW(path.c_str(), 0, FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE,
                nullptr, OPEN_EXISTING, FILE_FLAG_BACKUP_SEMANTICS | flags, nullptr));
        BY_HANDLE_FILE_INFORMATION info {};
        if (!file.valid() || ::GetFileInformationByHandle(file.get(), &info) == 0) {
            return std::nullopt;
        }
        return identityOf(info);
    }

} // namespace

std::optional<FileIdentity> fileIdentity(const fs::path& path) noexcept
{
    return identityAt(path, 0);
}

namespace platform {

    Result<FileHead> readFileHead(const fs::path& path)
    {
        Handle file(::CreateFileW(path.c_str(), GENERIC_READ,
            FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr, OPEN_EXISTING,
            FILE_ATTRIBUTE_NORMAL, nullptr));
        if (!file.valid()) {
            const DWORD err = ::GetLastError();
            return Error { ErrorCode::Io, std::system_category().message(static_cast<int>(err)),
                path.string() };
        }
        BY_HANDLE_FILE_INFORMATION info {};
        if (::GetFileType(file.get()) != FILE_TYPE_DISK
            || ::GetFileInformationByHandle(file.get(), &info) == 0) {
            return Error { ErrorCode::Io, "not a regular file", path.string() };
        }
        FileHead head;
        head.fileSize = (static_cast<std::uint64_t>(info.nFileSizeHigh) << 32) | info.nFileSizeLow;
        head.identity = identityOf(info);
        DWORD got = 0;
        if (::ReadFile(file.get(), head.bytes, sizeof head.bytes, &got, nullptr) == 0) {
            const DWORD err = ::GetLastError();
            return Error { ErrorCode::Io, std::system_category().message(static_cast<int>(err)),
                path.string() };
        }
        head.size = got;
        return head;
    }

    void Descriptor::reset(int fd) noexcept { m_fd = fd; } // never set on Windows

    // Windows has no openat(): the folder is its path.
    Result<WalkedFolder> WalkedFolder::open(const fs::path& path)
    {
        std::error_code ec;
        if (!fs::is_directory(path, ec)) {
            return Error { ErrorCode::Io, ec ? ec.message() : "not a folder", path.string() };
        }
        WalkedFolder folder;
        folder.m_path = path;
        return folder;
    }

    std::optional<FileIdentity> WalkedFolder::identity() const { return fileIdentity(m_path); }

    Result<std::vector<WalkedFolder::Name>> WalkedFolder::list() const
    {
        std::vector<Name> names;
        std::error_code ec;
        for (fs::directory_iterator it(m_path, ec), end; !ec && it != end; it.increment(ec)) {
            names.push_back(it->path().filename().native());
        }
        if (ec) {
            return Error { ErrorCode::Io, ec.message(), m_path.string() };
        }
        return names;
    }

    Result<WalkedFolder::Kind> WalkedFolder::kind(const Name& name) const
    {
        std::error_code ec;
        const fs::file_status st = fs::symlink_status(m_path / name, ec);
        if (ec) {
            return Error { ErrorCode::Io, ec.message(), (m_path / name).string() };
        }
        return fs::is_symlink(st)     ? Kind::Symlink
            : fs::is_directory(st)    ? Kind::Directory
            : fs::is_regular_file(st) ? Kind::Regular
                                      : Kind::Other;
    }

    bool WalkedFolder::has(const Name& name) const
    {
        std::error_code ec;
        return fs::exists(fs::symlink_status(m_path / name, ec));
    }

    std::optional<FileIdentity> WalkedFolder::identityOf(const Name& name) const
    {
        return identityAt(m_path / name, FILE_FLAG_OPEN_REPARSE_POINT);
    }

    Result<FileHead> WalkedFolder::readHead(const Name& name) const
    {
        return readFileHead(m_path / name);
    }

    Status WalkedFolder::enter(const Name& name)
    {
        const fs::path next = m_path / name;
        if (isLink(next)) {
            return Error { ErrorCode::Io, "a link", next.string() };
        }
        std::error_code ec;
        if (!fs::is_directory(next, ec)) {
            return Error { ErrorCode::Io, ec ? ec.message() : "not a folder", next.string() };
        }
        m_path = next;
        return {};
    }

    Status WalkedFolder::leave(const FileIdentity& parent)
    {
        m_path = m_path.parent_path();
        if (identity() != parent) {
            return Error { ErrorCode::Io, "the folder was moved while it was being walked",
                m_path.string() };
        }
        return {};
    }

    Result<FileBytes> readRegularFile(
        const fs::path& path, std::uint64_t limit, std::size_t maxRead)
    {
        Handle file(::CreateFileW(path.c_str(), GENERIC_READ,
            FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr, OPEN_EXISTING,
            FILE_ATTRIBUTE_NORMAL | FILE_FLAG_SEQUENTIAL_SCAN, nullptr));
        if (!file.valid()) {
            return winError(::GetLastError(), "cannot open", path);
        }
        LARGE_INTEGER size {};
        if (::GetFileType(file.get()) != FILE_TYPE_DISK
            || ::GetFileSizeEx(file.get(), &size) == 0) {
            return Error { ErrorCode::Io, "not a regular file", path.string() };
        }
        if (size.QuadPart < 0 || static_cast<std::uint64_t>(size.QuadPart) > limit) {
            return Error { ErrorCode::LimitExceeded, "file is larger than the memory limit",
                path.string() };
        }
        FileBytes bytes;
        bytes.size = static_cast<std::size_t>(
            std::min<std::uint64_t>(static_cast<std::uint64_t>(size.QuadPart), maxRead));
        bytes.fileSize = static_cast<std::uint64_t>(size.QuadPart);
        BY_HANDLE_FILE_INFORMATION info {};
        if (::GetFileInformationByHandle(file.get(), &info) != 0) {
            bytes.identity = identityOf(info);
        }
        bytes.data.reset(new (std::nothrow) std::uint8_t[bytes.size]);
        if (!bytes.data) {
            return Error { ErrorCode::OutOfMemory, "out of memory reading the file",
                path.string() };
        }
        std::size_t done = 0;
        while (done < bytes.size) {
            const DWORD want
                = static_cast<DWORD>(std::min<std::size_t>(bytes.size - done, 1u << 30));
            DWORD got = 0;
            if (::ReadFile(file.get(), bytes.data.get() + done, want, &got, nullptr) == 0) {
                return winError(::GetLastError(), "cannot read", path);
            }
            if (got == 0) {
                return Error { ErrorCode::Io, "file shrank while being read", path.string() };
            }
            done += got;
        }
        return bytes;
    }

    // Windows has no openat(): each component is checked (and created) in turn, refusing
    // reparse points (symbolic links and junctions).
    Result<OutputFolder> openOutputFolder(const fs::path& dir)
    {
        if (!dir.is_absolute()) {
            return Error { ErrorCode::Internal, "output folder is not an absolute path",
                dir.string() };
        }
        fs::path sofar = dir.root_path();
        for (const fs::path& part : dir.relative_path()) {
            if (part.empty() || part == ".") {
                continue;
            }
            sofar /= part;
            DWORD attributes = ::GetFileAttributesW(sofar.c_str());
            if (attributes == INVALID_FILE_ATTRIBUTES) {
                if (::CreateDirectoryW(sofar.c_str(), nullptr) == 0
                    && ::GetLastError() != ERROR_ALREADY_EXISTS) {
                    return winError(::GetLastError(), "cannot create the output folder", sofar);
                }
                attributes = ::GetFileAttributesW(sofar.c_str());
            }
            if (attributes == INVALID_FILE_ATTRIBUTES) {
                return winError(::GetLastError(), "cannot open the output folder", sofar);
            }
            if ((attributes & FILE_ATTRIBUTE_REPARSE_POINT) != 0) {
                return Error { ErrorCode::InvalidArgument,
                    "the output folder " + sofar.string()
                        + " is a symbolic link; Dropsize never writes through a link (remove "
                          "the link or choose another output folder)",
                    sofar.string() };
            }
            if ((attributes & FILE_ATTRIBUTE_DIRECTORY) == 0) {
                return Error { ErrorCode::InvalidArgument,
                    "the output folder " + sofar.string() + " is a file, not a folder",
                    sofar.string() };
            }
        }
        OutputFolder folder;
        folder.m_path = dir;
        return folder;
    }

    std::optional<FileIdentity> entryIdentity(const OutputFolder& folder, const fs::path& name)
    {
        return identityAt(folder.path() / name, FILE_FLAG_OPEN_REPARSE_POINT);
    }

    void removeFile(const OutputFolder& folder, const fs::path& name) noexcept
    {
        std::error_code ec;
        fs::remove(folder.path() / name, ec);
    }

    // Windows' access rights need more than attributes to tell; a read-only folder attribute
    // does not stop new files. The first write says what is wrong.
    std::optional<std::string> cannotWriteIn(const fs::path& /*dir*/) { return std::nullopt; }

    bool isLink(const fs::path& path) noexcept
    {
        const DWORD attributes = ::GetFileAttributesW(path.c_str());
        return attributes != INVALID_FILE_ATTRIBUTES
            && (attributes & FILE_ATTRIBUTE_REPARSE_POINT) != 0;
    }

    Status writeNewFile(const OutputFolder& folder, const fs::path& name,
        std::span<const std::uint8_t> bytes, unsigned /*permissions*/)
    {
        const fs::path path = folder.path() / name;
        Handle file(::CreateFileW(
            path.c_str(), GENERIC_WRITE, 0, nullptr, CREATE_NEW, FILE_ATTRIBUTE_NORMAL, nullptr));
        if (!file.valid()) {
            return winError(::GetLastError(), "cannot create a temporary file", path);
        }
        std::size_t done = 0;
        while (done < bytes.size()) {
            const DWORD want
                = static_cast<DWORD>(std::min<std::size_t>(bytes.size() - done, 1u << 30));
            DWORD wrote = 0;
            if (::WriteFile(file.get(), bytes.data() + done, want, &wrote, nullptr) == 0) {
                return winError(::GetLastError(), "cannot write", path);
            }
            done += wrote;
        }
        if (::FlushFileBuffers(file.get()) == 0) {
            return winError(::GetLastError(), "cannot flush to disk", path);
        }
        if (!file.close()) {
            return winError(::GetLastError(), "cannot close", path);
        }
        return {};
    }

    Status moveNoReplace(
        const OutputFolder& folder, const fs::path& fromName, const fs::path& toName)
    {
        const fs::path from = folder.path() / fromName;
        const fs::path to = folder.path() / toName;
        // Without MOVEFILE_REPLACE_EXISTING the move fails when `to` exists.
        if (::MoveFileExW(from.c_str(), to.c_str(), MOVEFILE_WRITE_THROUGH) != 0) {
            return {};
        }
        const DWORD err = ::GetLastError();
        if (err == ERROR_ALREADY_EXISTS || err == ERROR_FILE_EXISTS) {
            return Error { ErrorCode::Exists, "output exists", to.string() };
        }
        return winError(err, "cannot move the output into place", to);
    }

    Status moveReplace(const OutputFolder& folder, const fs::path& fromName, const fs::path& toName)
    {
        const fs::path from = folder.path() / fromName;
        const fs::path to = folder.path() / toName;
        if (::MoveFileExW(
                from.c_str(), to.c_str(), MOVEFILE_REPLACE_EXISTING | MOVEFILE_WRITE_THROUGH)
            != 0) {
            return {};
        }
        return winError(::GetLastError(), "cannot move the output into place", to);
    }

    unsigned long currentProcessId() noexcept
    {
        return static_cast<unsigned long>(::GetCurrentProcessId());
    }

    bool processIsGone(unsigned long pid) noexcept
    {
        HANDLE process
            = ::OpenProcess(PROCESS_QUERY_LIMITED_INFORMATION, FALSE, static_cast<DWORD>(pid));
        if (process == nullptr) {
            return ::GetLastError() == ERROR_INVALID_PARAMETER; // no such process
        }
        DWORD code = 0;
        const bool exited = ::GetExitCodeProcess(process, &code) != 0 && code != STILL_ACTIVE;
        ::CloseHandle(process);
        return exited;
    }

} // namespace platform

} // namespace dropsize

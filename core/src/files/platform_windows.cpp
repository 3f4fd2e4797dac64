// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/core/atomic_file_writer.h"
#include "dropsize/core/path_text.h"
#include "files/platform_files.h"

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <new>
#include <optional>
#include <string>
#include <string_view>
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

    /// A FindFirstFileExW search, closed with its owner.
    class FindHandle {
    public:
        explicit FindHandle(HANDLE h) noexcept
            : m_handle(h)
        {
        }
        ~FindHandle()
        {
            if (m_handle != INVALID_HANDLE_VALUE) {
                ::FindClose(m_handle);
            }
        }
        FindHandle(const FindHandle&) = delete;
        FindHandle& operator=(const FindHandle&) = delete;
        HANDLE get() const noexcept { return m_handle; }

    private:
        HANDLE m_handle;
    };

    // The system's sentence in UTF-8: std::system_category() gives the ANSI code page's bytes,
    // which are not UTF-8 on most non-English systems.
    std::string formatMessage(DWORD err)
    {
        wchar_t* buffer = nullptr;
        const DWORD length = ::FormatMessageW(FORMAT_MESSAGE_ALLOCATE_BUFFER
                | FORMAT_MESSAGE_FROM_SYSTEM | FORMAT_MESSAGE_IGNORE_INSERTS,
            nullptr, err, 0, reinterpret_cast<wchar_t*>(&buffer), 0, nullptr);
        if (length == 0 || buffer == nullptr) {
            return "error " + std::to_string(err);
        }
        std::wstring text(buffer, length);
        ::LocalFree(buffer);
        // The sentence ends with ".\r\n"; the engine's messages go on after it.
        while (!text.empty()
            && (text.back() == L'\n' || text.back() == L'\r' || text.back() == L' '
                || text.back() == L'.')) {
            text.pop_back();
        }
        return utf8(fs::path(std::move(text)));
    }

    // The errno value of the same meaning as the Win32 error `err` whose sentence the engine
    // gives as POSIX's (systemError()), which the window translates; 0 for any other.
    int errnoWithSentence(DWORD err) noexcept
    {
        switch (err) {
        case ERROR_ACCESS_DENIED:
        case ERROR_NETWORK_ACCESS_DENIED:
        case ERROR_CANT_ACCESS_FILE:
            return EACCES;
        case ERROR_FILE_NOT_FOUND:
        case ERROR_PATH_NOT_FOUND:
        case ERROR_BAD_NETPATH:
            return ENOENT;
        case ERROR_DISK_FULL:
        case ERROR_HANDLE_DISK_FULL:
            return ENOSPC;
        case ERROR_WRITE_PROTECT:
            return EROFS;
        case ERROR_FILENAME_EXCED_RANGE:
            return ENAMETOOLONG;
        case ERROR_DIRECTORY:
            return ENOTDIR;
        case ERROR_ALREADY_EXISTS:
        case ERROR_FILE_EXISTS:
            return EEXIST;
        case ERROR_DIR_NOT_EMPTY:
            return ENOTEMPTY;
        case ERROR_CRC:
        case ERROR_IO_DEVICE:
        case ERROR_READ_FAULT:
        case ERROR_WRITE_FAULT:
            return EIO;
        case ERROR_TOO_MANY_OPEN_FILES:
            return EMFILE;
        case ERROR_NOT_ENOUGH_MEMORY:
        case ERROR_OUTOFMEMORY:
            return ENOMEM;
        case ERROR_NOT_SAME_DEVICE:
            return EXDEV;
        case ERROR_CANT_RESOLVE_FILENAME:
            return ELOOP;
        default:
            return 0;
        }
    }

    // The errno value of the same meaning as the Win32 error `err`, 0 when none has it: the
    // Error's systemCode. Past those of errnoWithSentence(), the failures of a network share
    // or a device that may pass (their sentence stays the system's own).
    int errnoOf(DWORD err) noexcept
    {
        if (const int code = errnoWithSentence(err); code != 0) {
            return code;
        }
        switch (err) {
        case ERROR_SHARING_VIOLATION:
        case ERROR_LOCK_VIOLATION:
        case ERROR_NETWORK_BUSY:
        case ERROR_BUSY:
            return EBUSY;
        case ERROR_NOT_READY:
        case ERROR_UNEXP_NET_ERR:
        case ERROR_BAD_NET_RESP:
        case ERROR_NET_WRITE_FAULT:
            return EIO;
        case ERROR_SEM_TIMEOUT:
            return ETIMEDOUT;
        case ERROR_NETNAME_DELETED:
            return ECONNRESET;
        case ERROR_NETWORK_UNREACHABLE:
            return ENETUNREACH;
        case ERROR_HOST_UNREACHABLE:
        case ERROR_REM_NOT_LIST:
            return EHOSTUNREACH;
        case ERROR_CONNECTION_ABORTED:
            return ECONNABORTED;
#ifdef EDQUOT
        case ERROR_DISK_QUOTA_EXCEEDED:
            return EDQUOT;
#endif
        default:
            return 0;
        }
    }

    // The system's reason: the Win32 errors a batch meets on files and folders as the same
    // sentences as POSIX's errno values (systemError()), which the window translates; any other
    // in the system's own words.
    Text errorText(DWORD err)
    {
        const int code = errnoWithSentence(err);
        return code != 0 ? systemError(code) : Text::verbatim(formatMessage(err));
    }

    // "what: the system's reason", with the error number (as errno) kept.
    Error winError(DWORD err, Text what, const fs::path& path)
    {
        const int code = errnoOf(err);
        const bool full = code == ENOSPC
#ifdef EDQUOT
            || code == EDQUOT
#endif
            ;
        return platform::systemFailure(full ? ErrorCode::NoSpace : ErrorCode::Io, code,
            Text::tr("%1: %2").arg(std::move(what)).arg(errorText(err)), utf8(path));
    }

    // The system's reason alone, with the error number (as errno) kept.
    Error reasonError(ErrorCode code, DWORD err, const fs::path& path)
    {
        return platform::systemFailure(code, errnoOf(err), errorText(err), utf8(path));
    }

    bool notFound(DWORD err) noexcept
    {
        return err == ERROR_FILE_NOT_FOUND || err == ERROR_PATH_NOT_FOUND
            || err == ERROR_INVALID_NAME || err == ERROR_BAD_NETPATH;
    }

    bool isSeparator(wchar_t c) noexcept { return c == L'\\' || c == L'/'; }

    bool hasPrefix(const std::wstring& text, std::wstring_view prefix) noexcept
    {
        return text.size() >= prefix.size()
            && std::equal(prefix.begin(), prefix.end(), text.begin(),
                [](wchar_t a, wchar_t b) { return a == b || (a == L'\\' && b == L'/'); });
    }

    // GetFullPathNameW resolves "." and "..", '/' and a relative path from the text alone, at
    // any length.
    std::wstring fullPathName(const std::wstring& path)
    {
        std::wstring out(std::max<std::size_t>(path.size() + 1, MAX_PATH), L'\0');
        for (;;) {
            const DWORD n = ::GetFullPathNameW(
                path.c_str(), static_cast<DWORD>(out.size()), out.data(), nullptr);
            if (n == 0) {
                return path;
            }
            if (n < out.size()) {
                out.resize(n);
                return out;
            }
            out.resize(n + 1);
        }
    }

    // A fully qualified path ("C:\a\b", "\\server\share\a") with '\' alone between names and
    // no empty, "." or ".." name: what the engine builds from the names a folder lists, which
    // must reach those entries exactly. GetFullPathNameW would rewrite it as Win32 rewrites a
    // typed path: drop the dot or spaces that end a name ("dir." is then "dir", another folder
    // or none) and take "aux.jpg" for the device AUX.
    bool isExactPath(const std::wstring& text) noexcept
    {
        std::size_t at = 0;
        if (text.size() >= 3 && text[1] == L':' && text[2] == L'\\') {
            at = 3;
        } else if (text.size() > 2 && text[0] == L'\\' && text[1] == L'\\' && text[2] != L'?'
            && text[2] != L'.') {
            // The server and the share, each a name.
            at = 2;
            for (int part = 0; part < 2; ++part) {
                const std::size_t end = std::min(text.find(L'\\', at), text.size());
                if (end == at) {
                    return false;
                }
                at = end + 1;
            }
        } else {
            return false;
        }
        while (at < text.size()) {
            const std::size_t end = std::min(text.find(L'\\', at), text.size());
            const std::wstring_view name(text.data() + at, end - at);
            if ((name.empty() && end < text.size()) || name == L"." || name == L".."
                || name.find(L'/') != std::wstring_view::npos) {
                return false;
            }
            at = end + 1;
        }
        return true;
    }

    /// Only symbolic links and junctions lead elsewhere; other reparse points (OneDrive's
    /// placeholders, deduplicated files) are the files they seem.
    bool isLinkTag(DWORD tag) noexcept
    {
        return tag == IO_REPARSE_TAG_SYMLINK || tag == IO_REPARSE_TAG_MOUNT_POINT;
    }

    // The reparse tag of the entry at `extended` itself, or 0 when it has none.
    DWORD reparseTag(const std::wstring& extended) noexcept
    {
        Handle file(::CreateFileW(extended.c_str(), FILE_READ_ATTRIBUTES,
            FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr, OPEN_EXISTING,
            FILE_FLAG_BACKUP_SEMANTICS | FILE_FLAG_OPEN_REPARSE_POINT, nullptr));
        FILE_ATTRIBUTE_TAG_INFO info {};
        if (!file.valid()
            || ::GetFileInformationByHandleEx(file.get(), FileAttributeTagInfo, &info, sizeof info)
                == 0) {
            // Unreadable: take it for a link, which the engine never follows.
            return IO_REPARSE_TAG_SYMLINK;
        }
        return (info.FileAttributes & FILE_ATTRIBUTE_REPARSE_POINT) != 0 ? info.ReparseTag : 0;
    }

    bool isLinkAt(const std::wstring& extended, DWORD attributes) noexcept
    {
        return (attributes & FILE_ATTRIBUTE_REPARSE_POINT) != 0 && isLinkTag(reparseTag(extended));
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
        try {
            Handle file(::CreateFileW(platform::extendedPath(path).c_str(), 0,
                FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr, OPEN_EXISTING,
                FILE_FLAG_BACKUP_SEMANTICS | flags, nullptr));
            BY_HANDLE_FILE_INFORMATION info {};
            if (!file.valid() || ::GetFileInformationByHandle(file.get(), &info) == 0) {
                return std::nullopt;
            }
            return identityOf(info);
        } catch (const std::bad_alloc&) {
            return std::nullopt;
        }
    }

    // Opens an existing file or folder for reading its identity and attributes.
    HANDLE openExisting(const std::wstring& extended, DWORD access, DWORD flags) noexcept
    {
        return ::CreateFileW(extended.c_str(), access,
            FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr, OPEN_EXISTING,
            FILE_FLAG_BACKUP_SEMANTICS | flags, nullptr);
    }

    // The plain form of a "\\?\" path: "\\?\C:\a" is "C:\a", "\\?\UNC\s\x" is "\\s\x".
    std::wstring withoutPrefix(std::wstring path)
    {
        if (hasPrefix(path, LR"(\\?\UNC\)")) {
            return L"\\" + path.substr(7);
        }
        if (hasPrefix(path, LR"(\\?\)") || hasPrefix(path, LR"(\??\)")) {
            return path.substr(4);
        }
        return path;
    }

} // namespace

std::optional<FileIdentity> fileIdentity(const fs::path& path) noexcept
{
    return identityAt(path, 0);
}

namespace platform {

    std::wstring extendedPath(const fs::path& path)
    {
        const std::wstring& text = path.native();
        if (hasPrefix(text, LR"(\\?\)") || hasPrefix(text, LR"(\\.\)")) {
            return text;
        }
        const std::wstring full = isExactPath(text) ? text : fullPathName(text);
        if (full.size() >= 2 && isSeparator(full[0]) && isSeparator(full[1])) {
            return LR"(\\?\UNC\)" + full.substr(2);
        }
        return LR"(\\?\)" + full;
    }

    fs::path absolutePath(const fs::path& path)
    {
        if (path.empty()) {
            return fullPathName(L".");
        }
        std::wstring plain = withoutPrefix(path.native());
        return isExactPath(plain) ? plain : fullPathName(plain);
    }

    Result<fs::path> canonicalPath(const fs::path& path)
    {
        const fs::path plain = absolutePath(path);
        Handle file(openExisting(extendedPath(plain), 0, 0));
        if (!file.valid()) {
            const DWORD err = ::GetLastError();
            return reasonError(notFound(err) ? ErrorCode::NotFound : ErrorCode::Io, err, plain);
        }
        std::wstring out(MAX_PATH, L'\0');
        for (;;) {
            const DWORD n = ::GetFinalPathNameByHandleW(file.get(), out.data(),
                static_cast<DWORD>(out.size()), FILE_NAME_NORMALIZED | VOLUME_NAME_DOS);
            if (n == 0) {
                // Not every file system can say (Wine cannot past MAX_PATH): the path as given,
                // which reaches the same file.
                return plain;
            }
            if (n < out.size()) {
                out.resize(n);
                return fs::path(withoutPrefix(std::move(out)));
            }
            out.resize(n + 1);
        }
    }

    std::pair<fs::path, fs::path> splitRoot(const fs::path& path)
    {
        const std::wstring& text = path.native();
        std::size_t rootEnd = 0;
        if (text.size() >= 3 && text[1] == L':' && isSeparator(text[2])) {
            rootEnd = 3;
        } else if (text.size() >= 2 && isSeparator(text[0]) && isSeparator(text[1])) {
            // "\\server\share\": the server and the share are the root.
            std::size_t at = text.find_first_of(L"\\/", 2);
            at = at == std::wstring::npos ? at : text.find_first_of(L"\\/", at + 1);
            rootEnd = at == std::wstring::npos ? text.size() : at + 1;
        }
        if (rootEnd == 0) {
            return { fs::path(), path };
        }
        std::wstring root = text.substr(0, rootEnd);
        if (!isSeparator(root.back())) {
            root.push_back(L'\\');
        }
        return { fs::path(root), fs::path(text.substr(std::min(rootEnd, text.size()))) };
    }

    bool sameName(const fs::path& a, const fs::path& b) noexcept
    {
        const std::wstring& x = a.native();
        const std::wstring& y = b.native();
        return ::CompareStringOrdinal(x.c_str(), static_cast<int>(x.size()), y.c_str(),
                   static_cast<int>(y.size()), TRUE)
            == CSTR_EQUAL;
    }

    std::string nameKey(std::string_view name)
    {
        const std::wstring wide = pathFromUtf8(name).native();
        if (wide.empty()) {
            return {};
        }
        // The invariant locale's upper case: no user locale's rules (the Turkish i), and one
        // UTF-16 unit for each, so the length stays.
        std::wstring folded(wide.size(), L'\0');
        const int n = ::LCMapStringEx(LOCALE_NAME_INVARIANT, LCMAP_UPPERCASE, wide.data(),
            static_cast<int>(wide.size()), folded.data(), static_cast<int>(folded.size()), nullptr,
            nullptr, 0);
        if (n <= 0) {
            return utf8(fs::path(wide));
        }
        folded.resize(static_cast<std::size_t>(n));
        return utf8(fs::path(std::move(folded)));
    }

    Result<EntryKind> entryKind(const fs::path& path, bool followLinks)
    {
        const std::wstring extended = extendedPath(path);
        DWORD attributes = ::GetFileAttributesW(extended.c_str());
        if (attributes == INVALID_FILE_ATTRIBUTES) {
            const DWORD err = ::GetLastError();
            if (notFound(err)) {
                return EntryKind::NotFound;
            }
            return reasonError(ErrorCode::Io, err, path);
        }
        if (isLinkAt(extended, attributes)) {
            if (!followLinks) {
                return EntryKind::Symlink;
            }
            Handle file(openExisting(extended, 0, 0));
            BY_HANDLE_FILE_INFORMATION info {};
            if (!file.valid() || ::GetFileInformationByHandle(file.get(), &info) == 0) {
                const DWORD err = ::GetLastError();
                if (notFound(err)) {
                    return EntryKind::NotFound; // a broken link
                }
                return reasonError(ErrorCode::Io, err, path);
            }
            attributes = info.dwFileAttributes;
        }
        return (attributes & FILE_ATTRIBUTE_DIRECTORY) != 0 ? EntryKind::Directory
                                                            : EntryKind::Regular;
    }

    Result<FileHead> readFileHead(const fs::path& path)
    {
        Handle file(::CreateFileW(extendedPath(path).c_str(), GENERIC_READ,
            FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr, OPEN_EXISTING,
            FILE_ATTRIBUTE_NORMAL, nullptr));
        if (!file.valid()) {
            return reasonError(ErrorCode::Io, ::GetLastError(), path);
        }
        BY_HANDLE_FILE_INFORMATION info {};
        if (::GetFileType(file.get()) != FILE_TYPE_DISK
            || ::GetFileInformationByHandle(file.get(), &info) == 0) {
            return Error::of(ErrorCode::Io, Text::tr("not a regular file"), utf8(path));
        }
        FileHead head;
        head.fileSize = (static_cast<std::uint64_t>(info.nFileSizeHigh) << 32) | info.nFileSizeLow;
        head.identity = identityOf(info);
        DWORD got = 0;
        if (::ReadFile(file.get(), head.bytes, sizeof head.bytes, &got, nullptr) == 0) {
            return reasonError(ErrorCode::Io, ::GetLastError(), path);
        }
        head.size = got;
        return head;
    }

    void Descriptor::reset(int fd) noexcept { m_fd = fd; } // never set on Windows

    // Windows has no openat(): the folder is its path, and every call gives Win32 its "\\?\"
    // form.
    Result<WalkedFolder> WalkedFolder::open(const fs::path& path)
    {
        auto kind = entryKind(path, true);
        if (!kind) {
            return std::move(kind).error();
        }
        if (*kind != EntryKind::Directory) {
            return Error::of(ErrorCode::Io,
                *kind == EntryKind::NotFound ? Text::tr("no such folder")
                                             : Text::tr("not a folder"),
                utf8(path));
        }
        WalkedFolder folder;
        folder.m_path = path;
        return folder;
    }

    std::optional<FileIdentity> WalkedFolder::identity() const { return fileIdentity(m_path); }

    Result<std::vector<WalkedFolder::Name>> WalkedFolder::list() const
    {
        std::vector<Name> names;
        WIN32_FIND_DATAW entry {};
        // A drive's root ends in its separator already (\\?\C:\): a second one would be an
        // empty name, which the \\?\ form passes to the file system as it is.
        std::wstring pattern = extendedPath(m_path);
        pattern += pattern.ends_with(L'\\') ? L"*" : L"\\*";
        FindHandle find(::FindFirstFileExW(pattern.c_str(), FindExInfoBasic, &entry,
            FindExSearchNameMatch, nullptr, FIND_FIRST_EX_LARGE_FETCH));
        if (find.get() == INVALID_HANDLE_VALUE) {
            const DWORD err = ::GetLastError();
            if (err == ERROR_FILE_NOT_FOUND) {
                return names; // a drive's empty root has not even "."
            }
            return reasonError(ErrorCode::Io, err, m_path);
        }
        do {
            const std::wstring_view name = entry.cFileName;
            if (name != L"." && name != L"..") {
                names.emplace_back(name);
            }
        } while (::FindNextFileW(find.get(), &entry) != 0);
        if (const DWORD err = ::GetLastError(); err != ERROR_NO_MORE_FILES) {
            return reasonError(ErrorCode::Io, err, m_path);
        }
        return names;
    }

    Result<WalkedFolder::Kind> WalkedFolder::kind(const Name& name) const
    {
        auto kind = entryKind(m_path / name, false);
        if (kind && *kind == EntryKind::NotFound) {
            return Error::of(
                ErrorCode::Io, Text::tr("no such file or folder"), utf8(m_path / name));
        }
        return kind;
    }

    bool WalkedFolder::has(const Name& name) const
    {
        const auto kind = entryKind(m_path / name, false);
        return kind && *kind != EntryKind::NotFound;
    }

    std::optional<FileIdentity> WalkedFolder::identityOf(const Name& name) const
    {
        return identityAt(m_path / name, FILE_FLAG_OPEN_REPARSE_POINT);
    }

    Result<FileHead> WalkedFolder::readHead(const Name& name) const
    {
        return readFileHead(m_path / name);
    }

    bool WalkedFolder::remove(const Name& name) const noexcept
    {
        try {
            return ::DeleteFileW(extendedPath(m_path / name).c_str()) != 0;
        } catch (const std::bad_alloc&) {
            return false;
        }
    }

    Status WalkedFolder::enter(const Name& name)
    {
        const fs::path next = m_path / name;
        auto kind = entryKind(next, false);
        if (!kind) {
            return std::move(kind).error();
        }
        if (*kind == EntryKind::Symlink) {
            return Error::of(ErrorCode::Io, Text::tr("a link"), utf8(next));
        }
        if (*kind != EntryKind::Directory) {
            return Error::of(ErrorCode::Io, Text::tr("not a folder"), utf8(next));
        }
        m_path = next;
        return {};
    }

    Status WalkedFolder::leave(const FileIdentity& parent)
    {
        m_path = m_path.parent_path();
        if (identity() != parent) {
            return Error::of(ErrorCode::Io,
                Text::tr("the folder was moved while it was being walked"), utf8(m_path));
        }
        return {};
    }

    namespace {

        // FILETIME counts 100 ns steps from 1601-01-01 UTC; FileTime counts from 1970.
        constexpr std::int64_t kSecondsFrom1601To1970 = 11644473600;
        constexpr std::int64_t kTicksPerSecond = 10'000'000;

        FileTime fromFiletime(const FILETIME& time) noexcept
        {
            const auto ticks = static_cast<std::int64_t>(
                (static_cast<std::uint64_t>(time.dwHighDateTime) << 32) | time.dwLowDateTime);
            return FileTime { ticks / kTicksPerSecond - kSecondsFrom1601To1970,
                static_cast<std::uint32_t>(ticks % kTicksPerSecond) * 100 };
        }

        // Nullopt for a time FILETIME cannot hold: before 1601, or past the year 30827, where
        // SetFileTime refuses it (and all ones means "leave it" there).
        std::optional<FILETIME> toFiletime(const FileTime& time) noexcept
        {
            constexpr std::int64_t kMaxSeconds
                = 0x7fffffffffffffff / kTicksPerSecond - kSecondsFrom1601To1970 - 1;
            if (time.seconds < -kSecondsFrom1601To1970 || time.seconds > kMaxSeconds) {
                return std::nullopt;
            }
            // Sub-100 ns digits are cut off, as Windows stores the time.
            const auto ticks = static_cast<std::uint64_t>(
                (time.seconds + kSecondsFrom1601To1970) * kTicksPerSecond + time.nanoseconds / 100);
            FILETIME out {};
            out.dwLowDateTime = static_cast<DWORD>(ticks & 0xffffffffu);
            out.dwHighDateTime = static_cast<DWORD>(ticks >> 32);
            return out;
        }

    } // namespace

    std::optional<FileTime> WalkedFolder::changedOf(const Name& name) const
    {
        try {
            Handle file(openExisting(
                extendedPath(m_path / name), FILE_READ_ATTRIBUTES, FILE_FLAG_OPEN_REPARSE_POINT));
            FILE_BASIC_INFO info {};
            if (!file.valid()
                || ::GetFileInformationByHandleEx(file.get(), FileBasicInfo, &info, sizeof info)
                    == 0) {
                return std::nullopt;
            }
            // The change time moves on with every change, a date set on the file included, and
            // SetFileTime() does not set it.
            const LARGE_INTEGER later = info.ChangeTime.QuadPart > info.LastWriteTime.QuadPart
                ? info.ChangeTime
                : info.LastWriteTime;
            FILETIME time {};
            time.dwLowDateTime = later.LowPart;
            time.dwHighDateTime = static_cast<DWORD>(later.HighPart);
            return fromFiletime(time);
        } catch (const std::bad_alloc&) {
            return std::nullopt;
        }
    }

    Result<FileBytes> readRegularFile(
        const fs::path& path, std::uint64_t limit, std::size_t maxRead)
    {
        Handle file(::CreateFileW(extendedPath(path).c_str(), GENERIC_READ,
            FILE_SHARE_READ | FILE_SHARE_WRITE | FILE_SHARE_DELETE, nullptr, OPEN_EXISTING,
            FILE_ATTRIBUTE_NORMAL | FILE_FLAG_SEQUENTIAL_SCAN, nullptr));
        if (!file.valid()) {
            return winError(::GetLastError(), Text::tr("cannot open"), path);
        }
        LARGE_INTEGER size {};
        if (::GetFileType(file.get()) != FILE_TYPE_DISK
            || ::GetFileSizeEx(file.get(), &size) == 0) {
            return Error::of(ErrorCode::Io, Text::tr("not a regular file"), utf8(path));
        }
        if (size.QuadPart < 0 || static_cast<std::uint64_t>(size.QuadPart) > limit) {
            return Error::of(ErrorCode::LimitExceeded,
                Text::tr("file is larger than the memory limit"), utf8(path));
        }
        FileBytes bytes;
        bytes.size = static_cast<std::size_t>(
            std::min<std::uint64_t>(static_cast<std::uint64_t>(size.QuadPart), maxRead));
        bytes.fileSize = static_cast<std::uint64_t>(size.QuadPart);
        BY_HANDLE_FILE_INFORMATION info {};
        if (::GetFileInformationByHandle(file.get(), &info) != 0) {
            bytes.identity = identityOf(info);
            bytes.modified = fromFiletime(info.ftLastWriteTime);
        }
        bytes.data.reset(new (std::nothrow) std::uint8_t[bytes.size]);
        if (!bytes.data) {
            return Error::of(
                ErrorCode::OutOfMemory, Text::tr("out of memory reading the file"), utf8(path));
        }
        std::size_t done = 0;
        while (done < bytes.size) {
            const DWORD want
                = static_cast<DWORD>(std::min<std::size_t>(bytes.size - done, 1u << 30));
            DWORD got = 0;
            if (::ReadFile(file.get(), bytes.data.get() + done, want, &got, nullptr) == 0) {
                return winError(::GetLastError(), Text::tr("cannot read"), path);
            }
            if (got == 0) {
                return Error::of(
                    ErrorCode::Io, Text::tr("file shrank while being read"), utf8(path));
            }
            done += got;
        }
        return bytes;
    }

    // Windows has no openat(): each component is checked (and created) in turn, refusing
    // symbolic links and junctions.
    Result<OutputFolder> openOutputFolder(const fs::path& dir)
    {
        const auto [root, rest] = splitRoot(dir);
        if (root.empty()) {
            return Error::of(
                ErrorCode::Internal, Text::tr("output folder is not an absolute path"), utf8(dir));
        }
        fs::path sofar = root;
        for (const fs::path& part : rest) {
            if (part.empty() || part == ".") {
                continue;
            }
            sofar /= part;
            const std::wstring extended = extendedPath(sofar);
            DWORD attributes = ::GetFileAttributesW(extended.c_str());
            if (attributes == INVALID_FILE_ATTRIBUTES) {
                if (::CreateDirectoryW(extended.c_str(), nullptr) == 0
                    && ::GetLastError() != ERROR_ALREADY_EXISTS) {
                    return winError(
                        ::GetLastError(), Text::tr("cannot create the output folder"), sofar);
                }
                attributes = ::GetFileAttributesW(extended.c_str());
            }
            if (attributes == INVALID_FILE_ATTRIBUTES) {
                return winError(::GetLastError(), Text::tr("cannot open the output folder"), sofar);
            }
            if (isLinkAt(extended, attributes)) {
                return notAnOutputFolder(sofar, true);
            }
            if ((attributes & FILE_ATTRIBUTE_DIRECTORY) == 0) {
                return notAnOutputFolder(sofar, false);
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
        try {
            ::DeleteFileW(extendedPath(folder.path() / name).c_str());
        } catch (const std::bad_alloc&) {
            // nothing more can be done: the temporary stays, and a later run removes it
        }
    }

    Status removeEntry(const OutputFolder& folder, const fs::path& name)
    {
        const fs::path path = folder.path() / name;
        // DeleteFileW removes a file or a link to a file itself; a folder, or a link to one,
        // it refuses.
        if (::DeleteFileW(extendedPath(path).c_str()) == 0) {
            const DWORD err = ::GetLastError();
            if (err != ERROR_FILE_NOT_FOUND) {
                return winError(err, Text::tr("cannot remove the old output"), path);
            }
        }
        return {};
    }

    // Windows' access rights need more than attributes to tell; a read-only folder attribute
    // does not stop new files. The first write says what is wrong.
    std::optional<Error> cannotWriteIn(const fs::path& /*dir*/) { return std::nullopt; }

    bool isLink(const fs::path& path) noexcept
    {
        try {
            const std::wstring extended = extendedPath(path);
            const DWORD attributes = ::GetFileAttributesW(extended.c_str());
            return attributes != INVALID_FILE_ATTRIBUTES && isLinkAt(extended, attributes);
        } catch (const std::bad_alloc&) {
            return true; // cannot tell: never reach through it
        }
    }

    namespace {

        bool startsWithDot(const fs::path& name) noexcept
        {
            return !name.native().empty() && name.native().front() == L'.';
        }

        // A file moved to a name without a leading dot is an output: visible, whatever it was
        // as a temporary. Done before the move, so that an output is never hidden, even for a
        // moment; a failure leaves a visible temporary, which a later run removes.
        void showUnlessDotName(const std::wstring& from, const fs::path& toName) noexcept
        {
            if (startsWithDot(toName)) {
                return;
            }
            const DWORD attributes = ::GetFileAttributesW(from.c_str());
            if (attributes != INVALID_FILE_ATTRIBUTES
                && (attributes & FILE_ATTRIBUTE_HIDDEN) != 0) {
                ::SetFileAttributesW(from.c_str(), attributes & ~DWORD { FILE_ATTRIBUTE_HIDDEN });
            }
        }

    } // namespace

    Result<Text> writeNewFile(const OutputFolder& folder, const fs::path& name,
        std::span<const std::uint8_t> bytes, unsigned /*permissions*/,
        const std::optional<FileTime>& modified, NewFile kind)
    {
        const fs::path path = folder.path() / name;
        const std::wstring extended = extendedPath(path);
        // Dot names are the temporaries and the output marker: hidden, as they are on POSIX.
        const DWORD attributes
            = startsWithDot(name) ? FILE_ATTRIBUTE_HIDDEN : FILE_ATTRIBUTE_NORMAL;
        Handle file(::CreateFileW(
            extended.c_str(), GENERIC_WRITE, 0, nullptr, CREATE_NEW, attributes, nullptr));
        if (!file.valid()) {
            // Nothing was created: whatever has the name (another writer's file) stays.
            return winError(::GetLastError(),
                kind == NewFile::Temporary ? Text::tr("cannot create a temporary file")
                                           : Text::tr("cannot create the output file"),
                path);
        }
        // From here on the file is this call's: a failure removes it (once closed: it is open
        // with no sharing), so that no partial file is left under its name.
        const auto fail = [&](DWORD err, Text what) {
            file.close();
            ::DeleteFileW(extended.c_str());
            return winError(err, std::move(what), path);
        };
        std::size_t done = 0;
        while (done < bytes.size()) {
            const DWORD want
                = static_cast<DWORD>(std::min<std::size_t>(bytes.size() - done, 1u << 30));
            DWORD wrote = 0;
            if (::WriteFile(file.get(), bytes.data() + done, want, &wrote, nullptr) == 0) {
                return fail(::GetLastError(), Text::tr("cannot write"));
            }
            done += wrote;
        }
        // On the handle, after the last write: no later write through it moves the time on,
        // and the rename keeps it.
        Text dateProblem;
        if (modified) {
            const auto time = toFiletime(*modified);
            if (!time) {
                dateProblem = Text::tr("Windows holds no date before 1601 or after 30827");
            } else if (::SetFileTime(file.get(), nullptr, nullptr, &*time) == 0) {
                dateProblem = errorText(::GetLastError());
            }
        }
        if (::FlushFileBuffers(file.get()) == 0) {
            return fail(::GetLastError(), Text::tr("cannot flush to disk"));
        }
        if (!file.close()) {
            const DWORD err = ::GetLastError();
            ::DeleteFileW(extended.c_str());
            return winError(err, Text::tr("cannot close"), path);
        }
        return dateProblem;
    }

    Status moveNoReplace(
        const OutputFolder& folder, const fs::path& fromName, const fs::path& toName)
    {
        const std::wstring from = extendedPath(folder.path() / fromName);
        const fs::path to = folder.path() / toName;
        showUnlessDotName(from, toName);
        // Without MOVEFILE_REPLACE_EXISTING the move fails when `to` exists.
        if (::MoveFileExW(from.c_str(), extendedPath(to).c_str(), MOVEFILE_WRITE_THROUGH) != 0) {
            return {};
        }
        const DWORD err = ::GetLastError();
        if (err == ERROR_ALREADY_EXISTS || err == ERROR_FILE_EXISTS) {
            return Error::of(ErrorCode::Exists, Text::tr("output exists"), utf8(to));
        }
        return winError(err, Text::tr("cannot move the output into place"), to);
    }

    Status moveReplace(const OutputFolder& folder, const fs::path& fromName, const fs::path& toName)
    {
        const std::wstring from = extendedPath(folder.path() / fromName);
        const fs::path to = folder.path() / toName;
        showUnlessDotName(from, toName);
        if (::MoveFileExW(from.c_str(), extendedPath(to).c_str(),
                MOVEFILE_REPLACE_EXISTING | MOVEFILE_WRITE_THROUGH)
            != 0) {
            return {};
        }
        return winError(::GetLastError(), Text::tr("cannot move the output into place"), to);
    }

    std::string machineIdentity()
    {
        wchar_t name[MAX_COMPUTERNAME_LENGTH + 1] = {};
        DWORD size = MAX_COMPUTERNAME_LENGTH + 1;
        if (::GetComputerNameW(name, &size) == 0) {
            return {};
        }
        return utf8(fs::path(std::wstring(name, size)));
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

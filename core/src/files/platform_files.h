// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

// The few file and process calls the engine needs that std::filesystem does not offer: reading
// an input that may have been swapped for a FIFO, opening an output folder without following a
// symbolic link anywhere on its path, writing a new file durably, renaming without replacing,
// and telling whether a process is still alive. platform_posix.cpp and platform_windows.cpp
// implement them; fileIdentity() (atomic_file_writer.h) lives there too.
//
// On Windows the engine never hands a path to std::filesystem where it may be long or a UNC
// path: MinGW's library lists folders through _wopendir, which cuts paths at MAX_PATH (and so
// lists nothing, or another folder), and parses neither "\\?\" nor "\\server\share" roots.
// The calls here take plain absolute paths ("C:\a", "\\server\share\a") and give Win32 their
// "\\?\" form, which has no length limit.

#include "dropsize/core/atomic_file_writer.h"
#include "dropsize/core/result.h"

#include <cstdint>
#include <filesystem>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace dropsize::platform {

/// Error::of(code, text, path) for a failure the system reported as the error number `err`
/// (errno; on Windows its code mapped to the errno value of the same meaning, 0 when none has
/// it): the Error keeps it as its systemCode, which isRetryable() reads.
inline Error systemFailure(ErrorCode code, int err, Text text, std::string path)
{
    Error error = Error::of(code, std::move(text), std::move(path));
    error.systemCode = err;
    return error;
}

/// A file, or its first bytes, in memory, not zero-filled first (it is read over at once).
struct FileBytes {
    std::unique_ptr<std::uint8_t[]> data;
    std::size_t size = 0; ///< bytes in `data`
    std::uint64_t fileSize = 0; ///< the whole file's
    unsigned permissions = 0644; ///< the file's permission bits (POSIX; 0644 elsewhere)
    FileIdentity identity;
    /// Its modification time, read through the same open as the bytes; none when the system
    /// gave none.
    std::optional<FileTime> modified;
    std::span<const std::uint8_t> span() const noexcept { return { data.get(), size }; }
};

/// A file's first bytes, its size and identity, read by one open of it.
struct FileHead {
    std::uint8_t bytes[64] {};
    std::size_t size = 0; ///< bytes read into `bytes`
    std::uint64_t fileSize = 0;
    FileIdentity identity;
    std::span<const std::uint8_t> span() const noexcept { return { bytes, size }; }
};

/// What an entry on disk is. On Windows only symbolic links and junctions count as links, not
/// the other reparse points (cloud placeholders, deduplicated files), which are files.
enum class EntryKind { NotFound, Directory, Regular, Symlink, Other };

/// What is at `path`, following a link when `followLinks` (a broken link is then NotFound). The
/// Error's message is the system's reason.
[[nodiscard]] Result<EntryKind> entryKind(const std::filesystem::path& path, bool followLinks);

/// `path` made absolute and normal ("." and ".." resolved, on Windows '/' made '\'), from the
/// text alone. On Windows a "\\?\" or "\\?\UNC\" prefix is taken off: the engine holds
/// plain paths, and every call here puts the prefix back. A path already absolute and normal
/// stays as it is there, a name that ends in a dot or a space and a device's name ("aux.jpg")
/// included: Win32 would rewrite those and reach another entry, or none.
std::filesystem::path absolutePath(const std::filesystem::path& path);

/// The absolute path of what `path` reaches, every link resolved (on Windows, in the case the
/// names have on disk). Error NotFound when nothing is there.
[[nodiscard]] Result<std::filesystem::path> canonicalPath(const std::filesystem::path& path);

/// The root of an absolute path ("/", "C:\", "\\server\share\") and the rest of it; the
/// root is empty when `path` is not absolute.
std::pair<std::filesystem::path, std::filesystem::path> splitRoot(
    const std::filesystem::path& path);

/// True when the names `a` and `b` reach the same entry of one folder: exact on POSIX,
/// case-insensitive on Windows (ordinal, as NTFS compares names).
bool sameName(const std::filesystem::path& a, const std::filesystem::path& b) noexcept;

/// The key under which the UTF-8 name `name` is kept where names must not collide: equal for two
/// names one folder cannot hold both of. `name` itself on POSIX; on Windows its upper case (the
/// invariant locale's), since names that differ in case only are one name there.
std::string nameKey(std::string_view name);

#ifdef _WIN32
/// The "\\?\" form of `path` (made absolute first, as absolutePath() does), which Win32 calls
/// take at any length and with every name exact: "C:\a" gives "\\?\C:\a", "\\server\share"
/// gives "\\?\UNC\server\share".
std::wstring extendedPath(const std::filesystem::path& path);
#endif

/// Opens a regular file (never blocking on a FIFO or device) and reads its first bytes. The
/// Error's message is the system's reason ("Permission denied", "File name too long").
[[nodiscard]] Result<FileHead> readFileHead(const std::filesystem::path& path);

/// An owned POSIX file descriptor, closed with its owner; move-only. Always -1 on Windows.
class Descriptor {
public:
    Descriptor() = default;
    explicit Descriptor(int fd) noexcept
        : m_fd(fd)
    {
    }
    Descriptor(Descriptor&& other) noexcept
        : m_fd(std::exchange(other.m_fd, -1))
    {
    }
    Descriptor& operator=(Descriptor&& other) noexcept
    {
        if (this != &other) {
            reset(std::exchange(other.m_fd, -1));
        }
        return *this;
    }
    Descriptor(const Descriptor&) = delete;
    Descriptor& operator=(const Descriptor&) = delete;
    ~Descriptor() { reset(); }

    int get() const noexcept { return m_fd; }
    /// Closes the descriptor held, and holds `fd` instead.
    void reset(int fd = -1) noexcept;

private:
    int m_fd = -1;
};

/// A folder the planner walks, moved down into sub-folders and back up. On POSIX it is one
/// open descriptor and every look inside is relative to it, so a folder 2,000 levels deep costs
/// what a shallow one does (a path's every use walks all its components) and only one
/// descriptor is open whatever the depth; elsewhere it is the folder's path.
class WalkedFolder {
public:
    using Name = std::filesystem::path::string_type;
    using Kind = EntryKind;

    /// Opens the folder `path` (an input folder: links on its path are followed).
    [[nodiscard]] static Result<WalkedFolder> open(const std::filesystem::path& path);

    /// The folder's identity; nullopt when it cannot be read.
    std::optional<FileIdentity> identity() const;
    /// The names in it, "." and ".." left out; the Error's message is the system's reason.
    [[nodiscard]] Result<std::vector<Name>> list() const;
    /// What the entry `name` is, not following a link.
    [[nodiscard]] Result<Kind> kind(const Name& name) const;
    /// True when the entry `name` exists (a link counts, whatever it points to).
    bool has(const Name& name) const;
    /// The identity of the entry `name`, not following a link.
    std::optional<FileIdentity> identityOf(const Name& name) const;
    /// The first bytes of the regular file `name` (a link followed), as readFileHead().
    [[nodiscard]] Result<FileHead> readHead(const Name& name) const;
    /// Removes the entry `name` (a file or a link, never what a link points to); false when
    /// it could not be removed.
    bool remove(const Name& name) const noexcept;
    /// When the entry `name` (not following a link) last changed: the later of its modification
    /// time and the time its status changed, so that a date set on it (an input's, given to a
    /// temporary) does not make it look old; nullopt when it cannot be read.
    std::optional<FileTime> changedOf(const Name& name) const;

    /// Moves down into the sub-folder `name`, never through a link.
    [[nodiscard]] Status enter(const Name& name);
    /// Moves back up to the parent, which must still be `parent` (a folder moved meanwhile
    /// is an error).
    [[nodiscard]] Status leave(const FileIdentity& parent);

private:
    std::filesystem::path m_path;
    Descriptor m_fd; // POSIX
};

/// Reads a regular file of at most `limit` bytes (checked before reading), or only its first
/// `maxRead` bytes. Never blocks on, nor reads, a FIFO or device that replaced the file; never
/// opens it for writing.
[[nodiscard]] Result<FileBytes> readRegularFile(const std::filesystem::path& path,
    std::uint64_t limit, std::size_t maxRead = static_cast<std::size_t>(-1));

/// An output folder, opened component by component from the root of its absolute path without
/// following a symbolic link (or, on Windows, any reparse point): what is written in it lands
/// in that folder and nowhere else, whatever links someone puts on the way.
class OutputFolder {
public:
    const std::filesystem::path& path() const noexcept { return m_path; }
    int fd() const noexcept { return m_fd.get(); } ///< POSIX: the open folder; -1 on Windows

private:
    friend Result<OutputFolder> openOutputFolder(const std::filesystem::path& dir);
    std::filesystem::path m_path;
    Descriptor m_fd;
};

/// Opens the absolute folder `dir`, creating what is missing of it. Fails with a message that
/// names the component when one is a symbolic link, a file, or cannot be created or entered.
[[nodiscard]] Result<OutputFolder> openOutputFolder(const std::filesystem::path& dir);

/// Why `path`, on the way to an output folder, cannot be one: a symbolic link (or a junction)
/// when `link`, else a file. Written once for the writer's check and both openOutputFolder()s.
[[nodiscard]] Error notAnOutputFolder(const std::filesystem::path& path, bool link);

/// What writeNewFile() creates, for the sentence that says it could not.
enum class NewFile { Temporary, Output };

/// Creates `name` in `folder` (it must not exist: never through a link) with `permissions`
/// (less the umask, given at its creation: no later change of mode), writes `bytes` in one
/// sequence, gives it the modification time `modified` (when there is one; on the open file,
/// after the last write, so that nothing changes it again), flushes it all to disk and closes
/// it. On failure the file it created is removed (one that was there already, the reason of an
/// error whose systemCode is EEXIST, is left alone). A name that starts with a dot is hidden on
/// POSIX by convention; on Windows such a file gets the hidden attribute. Returns why
/// `modified` could not be set (the system's reason), empty when it was: the file is complete
/// either way.
[[nodiscard]] Result<Text> writeNewFile(const OutputFolder& folder,
    const std::filesystem::path& name, std::span<const std::uint8_t> bytes, unsigned permissions,
    const std::optional<FileTime>& modified = std::nullopt, NewFile kind = NewFile::Temporary);

/// Renames `from` to `to` inside `folder`; Error Exists (and nothing changed) when `to` exists.
/// On Windows the file loses the hidden attribute first when `to` does not start with a dot
/// (a temporary becomes a visible output); so does moveReplace().
[[nodiscard]] Status moveNoReplace(
    const OutputFolder& folder, const std::filesystem::path& from, const std::filesystem::path& to);

/// Renames `from` to `to` inside `folder`, replacing what `to` was (a link is replaced, never
/// followed).
[[nodiscard]] Status moveReplace(
    const OutputFolder& folder, const std::filesystem::path& from, const std::filesystem::path& to);

/// The identity of the entry `name` in `folder`, not following a link; nullopt when none.
std::optional<FileIdentity> entryIdentity(
    const OutputFolder& folder, const std::filesystem::path& name);

/// Removes the file `name` from `folder`, if it is there.
void removeFile(const OutputFolder& folder, const std::filesystem::path& name) noexcept;

/// Removes the entry `name` (a file or a link itself, never a folder) from `folder`, for a
/// direct write that replaces it; success when it is not there. The Error says why it could
/// not be removed.
[[nodiscard]] Status removeEntry(const OutputFolder& folder, const std::filesystem::path& name);

/// Why nothing can be created in the folder `dir` (the system's reason alone, "Permission
/// denied", "Read-only file system", with its number), or nullopt when it can.
std::optional<Error> cannotWriteIn(const std::filesystem::path& dir);

/// True when `path` itself is a symbolic link (or a reparse point on Windows).
bool isLink(const std::filesystem::path& path) noexcept;

/// This process's ID.
unsigned long currentProcessId() noexcept;

/// What tells this machine from the others that may write in one shared folder: its host name
/// (gethostname; on Windows the computer name) and, on Linux, its boot's ID and this process's
/// PID namespace, so that two containers or two machines of one host name, whose process IDs
/// mean different processes, differ too. Empty parts are left out; the same all the process's
/// life.
std::string machineIdentity();

/// True when no process has ID `pid` any more (false when unsure).
bool processIsGone(unsigned long pid) noexcept;

} // namespace dropsize::platform

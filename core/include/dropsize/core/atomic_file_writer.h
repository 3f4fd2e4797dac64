// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/core/enum_names.h"
#include "dropsize/core/result.h"

#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <utility>

namespace dropsize {

/// What happens when an output's name is taken.
enum class ExistingPolicy {
    Skip, ///< leave the existing file; the job is skipped (re-running a batch resumes it)
    Overwrite, ///< replace it (never an input: inputs are protected whatever the policy)
    Rename, ///< write under the next free name: photo_1.jpg, photo_2.jpg, ...
};

template <> struct EnumNames<ExistingPolicy> {
    static constexpr EnumName<ExistingPolicy> names[] = {
        { ExistingPolicy::Skip, "skip" },
        { ExistingPolicy::Overwrite, "overwrite" },
        { ExistingPolicy::Rename, "rename" },
    };
};

/// A file's identity (device, inode), the same whichever path reaches it.
using FileIdentity = std::pair<std::uintmax_t, std::uintmax_t>;
using FileIdentitySet = std::set<FileIdentity>;

/// A file's modification time: whole seconds since 1970-01-01 00:00 UTC (negative before it) and
/// the nanoseconds past them. POSIX keeps nanoseconds; Windows keeps 100 ns steps from 1601 on.
struct FileTime {
    std::int64_t seconds = 0;
    std::uint32_t nanoseconds = 0; ///< 0 to 999,999,999

    bool operator==(const FileTime&) const = default;
};

/// How AtomicFileWriter::write() writes one file.
struct WriteOptions {
    ExistingPolicy policy = ExistingPolicy::Skip;
    unsigned permissions = 0644; ///< less the umask (POSIX); an output takes its input's
    /// The modification time to give the file, set before it takes its name; none: the time it
    /// is written.
    std::optional<FileTime> modified;
    /// Write under the final name itself, created new (under Overwrite once the old file, never
    /// an input, is removed), with no temporary file and no rename: for mounts that can only
    /// write new files in sequence (object storage). A failed or cancelled write removes what
    /// it wrote, but a crash can leave a partial file under the final name.
    bool direct = false;
};

/// A file write() put in place.
struct WrittenFile {
    std::filesystem::path path; ///< its final name
    /// Why the modification time asked for could not be set (the file is complete and in place
    /// all the same); empty when it was, or when none was asked for.
    Text dateProblem;
};

/// The file Dropsize leaves in every output folder it writes to: a folder holding it is never
/// read as input, in this run or a later one.
inline constexpr const char* kOutputMarkerName = ".dropsize-output";

/// The identity of the file at `path` (following symlinks), or nullopt if there is none.
std::optional<FileIdentity> fileIdentity(const std::filesystem::path& path) noexcept;

/// `stem` + `suffix`, the stem shortened (at a UTF-8 character boundary) so that the name fits
/// the 255 bytes a file system takes.
std::string fittedName(std::string stem, const std::string& suffix);

/// The next free name for `path` in the rename policy's scheme: "photo_1.jpg", "photo_2.jpg", ...
/// (the stem shortened when the name would not fit otherwise).
std::filesystem::path numberedName(const std::filesystem::path& path, int n);

/// Gives the finished file `temporary` the name `target` in the same folder (reached by its real
/// path), by a rename that never replaces anything, unless the entry at `target` is a regular
/// file (not a link) that `mayReplace` accepts: for what the program writes beside images (a
/// report), which may replace only a file of its own kind. Error Exists naming `target` (and
/// the temporary left as it is) when something else is there; Io with the system's reason
/// otherwise.
[[nodiscard]] Status moveIntoPlace(const std::filesystem::path& temporary,
    const std::filesystem::path& target,
    const std::function<bool(const std::filesystem::path&)>& mayReplace);

/// Writes a file so that its final name never holds partial content: the bytes go to a hidden
/// temporary file (".dropsize-<host>-<pid>-<n>.tmp", <host> this machine's hostTag()) in the
/// target folder, are flushed to disk, and are then renamed into place. A crash or kill leaves
/// at most a temporary file, which removeStaleTemporaries() cleans up. The target's folder is
/// opened (and created) without following a symbolic link on any component of its path: a
/// linked folder is refused. WriteOptions::direct writes under the final name instead, for
/// storage that cannot rename.
class AtomicFileWriter {
public:
    /// `protectedFiles` are never replaced, whatever the policy (the batch's inputs).
    explicit AtomicFileWriter(const FileIdentitySet* protectedFiles = nullptr) noexcept;

    /// Writes `bytes` to `target` (creating its folder) with `permissions` less the umask (an
    /// output takes its input's). Returns the final path, which differs from `target` under the
    /// Rename policy; Error Exists when skipped because the name is taken.
    [[nodiscard]] Result<std::filesystem::path> write(const std::filesystem::path& target,
        std::span<const std::uint8_t> bytes, ExistingPolicy policy,
        unsigned permissions = 0644) const;

    /// write() with a modification time: the temporary file gets it before it is renamed, so
    /// no file under the final name ever has another date. A date the file system refuses
    /// (one before 1601 on Windows, say) is not a failure: the file is written, and
    /// WrittenFile::dateProblem says why its date is the time it was written.
    [[nodiscard]] Result<WrittenFile> write(const std::filesystem::path& target,
        std::span<const std::uint8_t> bytes, const WriteOptions& options) const;

    /// True for exactly the names this writer gives its temporary files, and those of the
    /// versions before it that named no host (".dropsize-<pid>-<n>.tmp").
    static bool isTemporaryName(const std::string& filename) noexcept;

    /// The 8 lower-case hex digits that name this machine in its temporaries: a hash of its
    /// host name (gethostname; on Windows the computer name) and, on Linux, its boot's ID and
    /// this process's PID namespace, so that machines (or containers) writing in one shared
    /// folder neither take each other's temporary names nor judge each other's process IDs.
    static const std::string& hostTag();

    /// How long a temporary of another machine must have been left unchanged before
    /// removeStaleTemporaries() takes it for the leftover of a machine that died.
    static constexpr std::int64_t kForeignTemporaryAge = std::int64_t { 24 } * 60 * 60; // seconds

    /// Deletes temporaries in `dir` (never through a link) whose names have exactly this
    /// writer's form, or the older form without a host, and that no process writes any more:
    /// this machine's (and the older form's) whose process is no longer running here, and
    /// another machine's when they have not changed for kForeignTemporaryAge (that machine's
    /// process IDs mean nothing here; "changed" is the later of the modification and the
    /// status-change time, so that the input's date, which a temporary is given before its
    /// rename, does not make it look old). Returns how many were removed.
    static int removeStaleTemporaries(const std::filesystem::path& dir) noexcept;
    /// removeStaleTemporaries() with the clock at `now` (for the tests).
    static int removeStaleTemporaries(const std::filesystem::path& dir, FileTime now) noexcept;
    /// removeStaleTemporaries() for the temporaries temporaryName(`prefix`) names (and no
    /// others), by the same rules; with `looksOurs`, only those whose contents it accepts too
    /// (a folder that is not the writer's own may hold a file someone named so).
    static int removeStaleTemporaries(const std::filesystem::path& dir, std::string_view prefix,
        FileTime now,
        const std::function<bool(const std::filesystem::path&)>& looksOurs = {}) noexcept;
    static int removeStaleTemporaries(const std::filesystem::path& dir, std::string_view prefix,
        const std::function<bool(const std::filesystem::path&)>& looksOurs = {}) noexcept;

    /// A new temporary name of this writer's form with `prefix` before it: `prefix` +
    /// ".dropsize-<host>-<pid>-<n>.tmp", unique in this process. The writer's own have no
    /// prefix; a report's is its own name, so that each file's temporaries are told apart.
    static std::string temporaryName(std::string_view prefix = {});

    /// Whether write() could create files in the folder `dir`, checked without creating
    /// anything: no component of its path is a link or a file, and the deepest one that exists
    /// can be written. For the dry run.
    [[nodiscard]] static Status checkFolder(const std::filesystem::path& dir);

    /// Creates the output folder `dir` (never through a link) and leaves in it the marker file
    /// that keeps it from being read as input (kOutputMarkerName); quiet on failure, which the
    /// first write reports.
    static void markOutputFolder(const std::filesystem::path& dir) noexcept;

private:
    const FileIdentitySet* m_protected;
};

} // namespace dropsize

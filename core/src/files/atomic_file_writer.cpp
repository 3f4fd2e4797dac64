// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/core/atomic_file_writer.h"

#include "dropsize/core/path_text.h"
#include "files/platform_files.h"

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>

namespace fs = std::filesystem;

namespace dropsize {

namespace {

    // Temporaries are named ".dropsize-<host>-<pid>-<n>.tmp" exactly (<host> 8 lower-case hex
    // digits); the versions before named no host: ".dropsize-<pid>-<n>.tmp".
    constexpr const char* kTempMarker = ".dropsize-";
    constexpr const char* kTempSuffix = ".tmp";
    constexpr std::size_t kHostDigits = 8;

    std::atomic<unsigned> g_tempCounter { 0 }; // unique temporary names within this process

} // namespace

std::string fittedName(std::string stem, const std::string& suffix)
{
    constexpr std::size_t kNameMax = 255; // bytes, on the file systems Dropsize writes to
    if (stem.size() + suffix.size() > kNameMax) {
        std::size_t keep = suffix.size() < kNameMax ? kNameMax - suffix.size() : 0;
        // Never cut inside a UTF-8 character: back up over continuation bytes.
        while (keep > 0 && keep < stem.size()
            && (static_cast<unsigned char>(stem[keep]) & 0xc0) == 0x80) {
            --keep;
        }
        stem.resize(std::min(keep, stem.size()));
    }
    return stem + suffix;
}

fs::path numberedName(const fs::path& path, int n)
{
    return path.parent_path()
        / pathFromUtf8(
            fittedName(utf8(path.stem()), "_" + std::to_string(n) + utf8(path.extension())));
}

AtomicFileWriter::AtomicFileWriter(const FileIdentitySet* protectedFiles) noexcept
    : m_protected(protectedFiles)
{
}

namespace {

    // The digits of a decimal number at `at` in `name`, or nullopt; `at` moves past them.
    std::optional<unsigned long> digitsAt(const std::string& name, std::size_t& at) noexcept
    {
        const std::size_t begin = at;
        unsigned long value = 0;
        while (at < name.size() && name[at] >= '0' && name[at] <= '9' && at - begin < 10) {
            value = value * 10 + static_cast<unsigned long>(name[at] - '0');
            ++at;
        }
        if (at == begin || (at < name.size() && name[at] >= '0' && name[at] <= '9')) {
            return std::nullopt;
        }
        return value;
    }

    // 8 lower-case hex digits at `at` in `name`, then '-'; `at` moves past the '-'.
    std::optional<std::uint32_t> hostAt(const std::string& name, std::size_t& at) noexcept
    {
        std::uint32_t value = 0;
        for (std::size_t i = 0; i < kHostDigits; ++i) {
            if (at + i >= name.size()) {
                return std::nullopt;
            }
            const char c = name[at + i];
            const int digit = c >= '0' && c <= '9' ? c - '0'
                : c >= 'a' && c <= 'f'             ? c - 'a' + 10
                                                   : -1;
            if (digit < 0) {
                return std::nullopt;
            }
            value = (value << 4) | static_cast<std::uint32_t>(digit);
        }
        if (at + kHostDigits >= name.size() || name[at + kHostDigits] != '-') {
            return std::nullopt;
        }
        at += kHostDigits + 1;
        return value;
    }

    // Who wrote a temporary: its host (none in the older form) and process.
    struct TemporaryOwner {
        std::optional<std::uint32_t> host;
        unsigned long pid = 0;
    };

    // "<pid>-<n>.tmp" at `at` in `name`, to its end: the process ID.
    std::optional<unsigned long> pidAndCount(const std::string& name, std::size_t at) noexcept
    {
        const auto pid = digitsAt(name, at);
        if (!pid || at >= name.size() || name[at] != '-') {
            return std::nullopt;
        }
        ++at;
        if (!digitsAt(name, at) || name.compare(at, std::string::npos, kTempSuffix) != 0) {
            return std::nullopt;
        }
        return pid;
    }

    // The owner in a temporary's name, `prefix` + ".dropsize-<host>-<pid>-<n>.tmp" or the
    // older `prefix` + ".dropsize-<pid>-<n>.tmp", or nullopt when the name is not exactly of
    // either form. (Eight decimal digits could be either a host or a process ID: the count of
    // parts tells.)
    std::optional<TemporaryOwner> temporaryOwner(
        const std::string& name, std::string_view prefix = {}) noexcept
    {
        const std::string_view marker = kTempMarker;
        if (!name.starts_with(prefix) || name.compare(prefix.size(), marker.size(), marker) != 0) {
            return std::nullopt;
        }
        const std::size_t start = prefix.size() + marker.size();
        std::size_t at = start;
        if (const auto host = hostAt(name, at)) {
            if (const auto pid = pidAndCount(name, at)) {
                return TemporaryOwner { host, *pid };
            }
        }
        if (const auto pid = pidAndCount(name, start)) {
            return TemporaryOwner { std::nullopt, *pid };
        }
        return std::nullopt;
    }

    // This machine's tag as a number, as hostAt() reads it: the low half of the stable hash of
    // its identity (the shards' hash), the same across systems and builds, as it must be for the
    // tag to mean one machine in a folder that machines of every system share.
    std::uint32_t thisHost()
    {
        static const auto host
            = static_cast<std::uint32_t>(stablePathHash(platform::machineIdentity()));
        return host;
    }

    FileTime timeNow() noexcept
    {
        const auto since = std::chrono::system_clock::now().time_since_epoch();
        return FileTime { std::chrono::duration_cast<std::chrono::seconds>(since).count(), 0 };
    }

} // namespace

bool AtomicFileWriter::isTemporaryName(const std::string& name) noexcept
{
    return temporaryOwner(name).has_value();
}

const std::string& AtomicFileWriter::hostTag()
{
    static const std::string tag = [] {
        char digits[kHostDigits + 1] = {};
        std::snprintf(digits, sizeof digits, "%08x", static_cast<unsigned>(thisHost()));
        return std::string(digits, kHostDigits);
    }();
    return tag;
}

std::string AtomicFileWriter::temporaryName(std::string_view prefix)
{
    return std::string(prefix)
        .append(kTempMarker)
        .append(hostTag())
        .append("-")
        .append(std::to_string(platform::currentProcessId()))
        .append("-")
        .append(std::to_string(g_tempCounter.fetch_add(1)))
        .append(kTempSuffix);
}

int AtomicFileWriter::removeStaleTemporaries(const fs::path& dir) noexcept
{
    return removeStaleTemporaries(dir, timeNow());
}

int AtomicFileWriter::removeStaleTemporaries(const fs::path& dir, FileTime now) noexcept
{
    return removeStaleTemporaries(dir, {}, now);
}

int AtomicFileWriter::removeStaleTemporaries(const fs::path& dir, std::string_view prefix,
    const std::function<bool(const fs::path&)>& looksOurs) noexcept
{
    return removeStaleTemporaries(dir, prefix, timeNow(), looksOurs);
}

int AtomicFileWriter::removeStaleTemporaries(const fs::path& dir, std::string_view prefix,
    FileTime now, const std::function<bool(const fs::path&)>& looksOurs) noexcept
{
    try {
        if (platform::isLink(dir)) {
            return 0; // never reach through a link
        }
        // Listed through the platform's folder calls: std::filesystem's walk cuts long paths on
        // Windows, and could list (and clean) another folder.
        auto folder = platform::WalkedFolder::open(dir);
        if (!folder) {
            return 0;
        }
        auto names = folder->list();
        if (!names) {
            return 0;
        }
        int removed = 0;
        for (const platform::WalkedFolder::Name& name : *names) {
            const auto owner = temporaryOwner(utf8(name), prefix);
            if (!owner || owner->pid == 0) {
                continue;
            }
            const auto kind = folder->kind(name);
            if (!kind || *kind != platform::EntryKind::Regular) {
                continue;
            }
            bool stale = false;
            if (!owner->host || *owner->host == thisHost()) {
                stale = platform::processIsGone(owner->pid);
            } else {
                // Another machine's process IDs mean nothing here: only a temporary left
                // unchanged for long is the leftover of a machine that died mid-write.
                const auto changed = folder->changedOf(name);
                stale = changed && now.seconds - changed->seconds >= kForeignTemporaryAge;
            }
            if (stale && looksOurs && !looksOurs(dir / fs::path(name))) {
                stale = false;
            }
            if (stale && folder->remove(name)) {
                ++removed;
            }
        }
        return removed;
    } catch (const std::exception&) {
        return 0; // out of memory listing: the temporaries stay for a later run
    }
}

Status AtomicFileWriter::checkFolder(const fs::path& dir)
{
    const auto [root, rest] = platform::splitRoot(platform::absolutePath(dir));
    fs::path sofar = root;
    fs::path existing = sofar;
    for (const fs::path& part : rest) {
        if (part.empty() || part == ".") {
            continue;
        }
        sofar /= part;
        const auto kind = platform::entryKind(sofar, false);
        if (!kind || *kind == platform::EntryKind::NotFound) {
            break;
        }
        if (*kind == platform::EntryKind::Symlink) {
            return platform::notAnOutputFolder(sofar, true);
        }
        if (*kind != platform::EntryKind::Directory) {
            return platform::notAnOutputFolder(sofar, false);
        }
        existing = sofar;
    }
    if (auto reason = platform::cannotWriteIn(existing)) {
        return platform::systemFailure(ErrorCode::Io, reason->systemCode,
            Text::tr("cannot write in the output folder %1: %2")
                .arg(utf8(existing))
                .arg(reason->describe()),
            utf8(existing));
    }
    return {};
}

void AtomicFileWriter::markOutputFolder(const fs::path& dir) noexcept
{
    try {
        auto folder = platform::openOutputFolder(platform::absolutePath(dir));
        if (!folder || platform::entryIdentity(*folder, kOutputMarkerName)) {
            return;
        }
        constexpr std::string_view text
            = "This folder holds images resized by Dropsize. Dropsize never reads a folder that\n"
              "holds this file as input; delete the file to use the folder as input again.\n";
        (void)platform::writeNewFile(*folder, kOutputMarkerName,
            std::span(reinterpret_cast<const std::uint8_t*>(text.data()), text.size()), 0644);
    } catch (const std::exception&) {
        // out of memory building a path: the writes that follow will say what is wrong
    }
}

Result<fs::path> AtomicFileWriter::write(const fs::path& target,
    std::span<const std::uint8_t> bytes, ExistingPolicy policy, unsigned permissions) const
{
    WriteOptions options;
    options.policy = policy;
    options.permissions = permissions;
    auto written = write(target, bytes, options);
    if (!written) {
        return std::move(written).error();
    }
    return std::move(written->path);
}

namespace {

    // What write() gives for the file now under `name`: its path, and why its date could not
    // be set (empty when it was).
    WrittenFile writtenAs(
        const platform::OutputFolder& folder, const fs::path& name, Result<Text> dateProblem)
    {
        return WrittenFile { folder.path() / name, std::move(dateProblem).value() };
    }

    Error refusedInput(const platform::OutputFolder& folder, const fs::path& name)
    {
        return Error::of(ErrorCode::Exists, Text::tr("refusing to replace an input file"),
            utf8(folder.path() / name));
    }

    Error outputExists(const platform::OutputFolder& folder, const fs::path& name)
    {
        return Error::of(ErrorCode::Exists, Text::tr("output exists"), utf8(folder.path() / name));
    }

    // How often a direct write under Overwrite creates its file again when another writer
    // put one under the name between the removal of the old one and the creation of its own.
    constexpr int kOverwriteTries = 4;

    // WriteOptions::direct: the file is created under its final name (never through a link,
    // with its permissions given at creation), written in one sequence, dated and flushed, as
    // storage that takes only new files written in order (object storage) needs. Overwrite
    // removes the old file and creates a new one rather than truncating it: the result is the
    // atomic write's (a new file with the permissions asked for, another hard link to the old
    // one left as it was, a link at the name replaced and not followed), and a mount that
    // refuses to rewrite a file in place still takes a new one.
    Result<WrittenFile> writeDirect(const platform::OutputFolder& folder, const fs::path& absolute,
        std::span<const std::uint8_t> bytes, const WriteOptions& options,
        const FileIdentitySet* protectedFiles)
    {
        fs::path name = absolute.filename();
        for (int attempt = 1;; ++attempt) {
            // Whatever the planner decided, an input of the batch is never replaced.
            const auto id = platform::entryIdentity(folder, name);
            if (id && protectedFiles != nullptr && protectedFiles->count(*id) != 0) {
                return refusedInput(folder, name);
            }
            if (id && options.policy == ExistingPolicy::Overwrite) {
                if (Status removed = platform::removeEntry(folder, name); !removed) {
                    return std::move(removed).error();
                }
            }
            auto written = platform::writeNewFile(folder, name, bytes, options.permissions,
                options.modified, platform::NewFile::Output);
            if (written) {
                return writtenAs(folder, name, std::move(written));
            }
            if (written.error().systemCode != EEXIST) {
                return std::move(written).error();
            }
            if (options.policy == ExistingPolicy::Rename && attempt < 10000) {
                name = numberedName(absolute, attempt).filename();
                continue;
            }
            if (options.policy == ExistingPolicy::Overwrite && attempt < kOverwriteTries) {
                continue;
            }
            return outputExists(folder, name);
        }
    }

    // Temporary names tried before a write gives up: another writer with this host tag and
    // process ID (a clone of this machine) may hold one.
    constexpr int kTemporaryTries = 8;

} // namespace

Result<WrittenFile> AtomicFileWriter::write(
    const fs::path& target, std::span<const std::uint8_t> bytes, const WriteOptions& options) const
{
    const ExistingPolicy policy = options.policy;
    const fs::path absolute = platform::absolutePath(target);
    auto folder = platform::openOutputFolder(absolute.parent_path());
    if (!folder) {
        return std::move(folder).error();
    }
    if (options.direct) {
        return writeDirect(*folder, absolute, bytes, options, m_protected);
    }
    // A short name of its own, so that any output name the file system accepts can be written;
    // this machine's tag in it, so that machines sharing the folder never take the same one.
    fs::path temp;
    std::optional<Result<Text>> written;
    for (int attempt = 1; attempt <= kTemporaryTries; ++attempt) {
        temp = fs::path(temporaryName());
        written
            = platform::writeNewFile(*folder, temp, bytes, options.permissions, options.modified);
        if (written->ok() || written->error().systemCode != EEXIST) {
            break;
        }
    }
    if (!written->ok()) {
        // writeNewFile() removed what it created, and only that.
        return std::move(*written).error();
    }

    fs::path name = absolute.filename();
    for (int attempt = 1;; ++attempt) {
        // Belt and braces: whatever the planner decided, an input of the batch is never replaced.
        const auto id = platform::entryIdentity(*folder, name);
        if (id && m_protected != nullptr && m_protected->count(*id) != 0) {
            platform::removeFile(*folder, temp);
            return refusedInput(*folder, name);
        }
        const Status moved = policy == ExistingPolicy::Overwrite
            ? platform::moveReplace(*folder, temp, name)
            : platform::moveNoReplace(*folder, temp, name);
        if (moved) {
            return writtenAs(*folder, name, std::move(*written));
        }
        if (moved.error().code == ErrorCode::Exists && policy == ExistingPolicy::Rename
            && attempt < 10000) {
            name = numberedName(absolute, attempt).filename();
            continue;
        }
        platform::removeFile(*folder, temp);
        return Error(moved.error());
    }
}

Status moveIntoPlace(const fs::path& temporary, const fs::path& target,
    const std::function<bool(const fs::path&)>& mayReplace)
{
    auto dir = platform::canonicalPath(platform::absolutePath(target).parent_path());
    if (!dir) {
        return std::move(dir).error();
    }
    auto folder = platform::openOutputFolder(*dir);
    if (!folder) {
        return std::move(folder).error();
    }
    const fs::path from = temporary.filename();
    const fs::path to = target.filename();
    Status moved = platform::moveNoReplace(*folder, from, to);
    if (moved || moved.error().code != ErrorCode::Exists) {
        return moved;
    }
    const auto kind = platform::entryKind(*dir / to, false);
    if (kind && *kind == platform::EntryKind::Regular && mayReplace(*dir / to)) {
        return platform::moveReplace(*folder, from, to);
    }
    return Error::of(ErrorCode::Exists, Text::tr("another file has that name"), utf8(target));
}

Error platform::notAnOutputFolder(const fs::path& path, bool link)
{
    return Error::of(ErrorCode::InvalidArgument,
        link ? Text::tr("the output folder %1 is a symbolic link; Dropsize never writes through a "
                        "link (remove the link or choose another output folder)")
                   .arg(utf8(path))
             : Text::tr("the output folder %1 is a file, not a folder").arg(utf8(path)),
        utf8(path));
}

} // namespace dropsize

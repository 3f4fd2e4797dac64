// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/core/atomic_file_writer.h"

#include "dropsize/core/path_text.h"
#include "platform_files.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>

namespace fs = std::filesystem;

namespace dropsize {

namespace {

    // Temporaries are named ".dropsize-<pid>-<n>.tmp", exactly.
    constexpr const char* kTempMarker = ".dropsize-";
    constexpr const char* kTempSuffix = ".tmp";

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

    // The process ID in a temporary's name ".dropsize-<pid>-<n>.tmp", or nullopt when the name
    // is not exactly of that form.
    std::optional<unsigned long> temporaryOwner(const std::string& name) noexcept
    {
        const std::string_view marker = kTempMarker;
        if (!name.starts_with(marker)) {
            return std::nullopt;
        }
        std::size_t at = marker.size();
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

} // namespace

bool AtomicFileWriter::isTemporaryName(const std::string& name) noexcept
{
    return temporaryOwner(name).has_value();
}

int AtomicFileWriter::removeStaleTemporaries(const fs::path& dir) noexcept
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
            const auto pid = temporaryOwner(utf8(name));
            if (!pid || *pid == 0) {
                continue;
            }
            const auto kind = folder->kind(name);
            if (kind && *kind == platform::EntryKind::Regular && platform::processIsGone(*pid)
                && folder->remove(name)) {
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
            return Error::of(ErrorCode::InvalidArgument,
                Text::tr("the output folder %1 is a symbolic link; Dropsize never "
                         "writes through a link (remove the link or choose another "
                         "output folder)")
                    .arg(utf8(sofar)),
                utf8(sofar));
        }
        if (*kind != platform::EntryKind::Directory) {
            return Error::of(ErrorCode::InvalidArgument,
                Text::tr("the output folder %1 is a file, not a folder").arg(utf8(sofar)),
                utf8(sofar));
        }
        existing = sofar;
    }
    if (auto reason = platform::cannotWriteIn(existing)) {
        return Error::of(ErrorCode::Io,
            Text::tr("cannot write in the output folder %1: %2")
                .arg(utf8(existing))
                .arg(std::move(*reason)),
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
    auto written = write(target, bytes, WriteOptions { policy, permissions, std::nullopt });
    if (!written) {
        return std::move(written).error();
    }
    return std::move(written->path);
}

Result<WrittenFile> AtomicFileWriter::write(
    const fs::path& target, std::span<const std::uint8_t> bytes, const WriteOptions& options) const
{
    const ExistingPolicy policy = options.policy;
    const fs::path absolute = platform::absolutePath(target);
    auto folder = platform::openOutputFolder(absolute.parent_path());
    if (!folder) {
        return std::move(folder).error();
    }
    // A short name of its own, so that any output name the file system accepts can be written.
    std::string tempName(kTempMarker);
    tempName.append(std::to_string(platform::currentProcessId()))
        .append("-")
        .append(std::to_string(g_tempCounter.fetch_add(1)))
        .append(kTempSuffix);
    const fs::path temp(tempName);
    auto written
        = platform::writeNewFile(*folder, temp, bytes, options.permissions, options.modified);
    if (!written) {
        platform::removeFile(*folder, temp);
        return std::move(written).error();
    }

    fs::path name = absolute.filename();
    for (int attempt = 1;; ++attempt) {
        // Belt and braces: whatever the planner decided, an input of the batch is never replaced.
        const auto id = platform::entryIdentity(*folder, name);
        if (id && m_protected != nullptr && m_protected->count(*id) != 0) {
            platform::removeFile(*folder, temp);
            return Error::of(ErrorCode::Exists, Text::tr("refusing to replace an input file"),
                utf8(folder->path() / name));
        }
        const Status moved = policy == ExistingPolicy::Overwrite
            ? platform::moveReplace(*folder, temp, name)
            : platform::moveNoReplace(*folder, temp, name);
        if (moved) {
            return WrittenFile { folder->path() / name, std::move(written).value() };
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

} // namespace dropsize

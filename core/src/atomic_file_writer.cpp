// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/core/atomic_file_writer.h"

#include "platform_files.h"

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <string>

namespace fs = std::filesystem;

namespace dropsize {

namespace {

    constexpr const char* kTempMarker = ".dropsize-";
    constexpr const char* kTempSuffix = ".tmp";

    std::atomic<unsigned> g_tempCounter { 0 }; // unique temporary names within this process

    void removeQuietly(const fs::path& path) noexcept
    {
        std::error_code ec;
        fs::remove(path, ec);
    }

} // namespace

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
        const unsigned long pid
            = std::strtoul(name.c_str() + at + std::strlen(kTempMarker), nullptr, 10);
        if (pid == 0 || platform::processIsGone(pid)) {
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
        .append(std::to_string(platform::currentProcessId()))
        .append("-")
        .append(std::to_string(g_tempCounter.fetch_add(1)))
        .append(kTempSuffix);
    const fs::path temp = dir / tempName;
    if (Status written = platform::writeNewFile(temp, bytes); !written) {
        removeQuietly(temp);
        return std::move(written).error();
    }

    fs::path final = target;
    for (int attempt = 1;; ++attempt) {
        Status moved;
        if (policy == ExistingPolicy::Overwrite) {
            const auto id = fileIdentity(final);
            if (id && m_protected != nullptr && m_protected->count(*id) != 0) {
                removeQuietly(temp);
                return Error { ErrorCode::Exists, "refusing to replace an input file",
                    final.string() };
            }
            moved = platform::moveReplace(temp, final);
        } else {
            moved = platform::moveNoReplace(temp, final);
        }
        if (moved) {
            return final;
        }
        if (moved.error().code == ErrorCode::Exists && policy == ExistingPolicy::Rename
            && attempt < 10000) {
            final = numberedName(target, attempt);
            continue;
        }
        removeQuietly(temp);
        return std::move(moved).error();
    }
}

} // namespace dropsize

// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

// The few file and process calls the engine needs that std::filesystem does not offer: reading
// an input that may have been swapped for a FIFO, writing a new file durably, renaming without
// replacing, and telling whether a process is still alive. platform_posix.cpp and
// platform_windows.cpp implement them; fileIdentity() (atomic_file_writer.h) lives there too.

#include "dropsize/core/result.h"

#include <cstdint>
#include <filesystem>
#include <memory>
#include <span>

namespace dropsize::platform {

/// A whole file in memory, not zero-filled first (it is read over at once).
struct FileBytes {
    std::unique_ptr<std::uint8_t[]> data;
    std::size_t size = 0;
    std::span<const std::uint8_t> span() const noexcept { return { data.get(), size }; }
};

/// Reads a regular file of at most `limit` bytes. Never blocks on, nor reads, a FIFO or device
/// that replaced the file; never opens it for writing.
[[nodiscard]] Result<FileBytes> readRegularFile(
    const std::filesystem::path& path, std::uint64_t limit);

/// Creates `path`, which must not exist, writes `bytes` and flushes them to disk. On failure
/// the file may remain; the caller removes it.
[[nodiscard]] Status writeNewFile(
    const std::filesystem::path& path, std::span<const std::uint8_t> bytes);

/// Renames `from` to `to`; Error Exists (and nothing changed) when `to` exists.
[[nodiscard]] Status moveNoReplace(
    const std::filesystem::path& from, const std::filesystem::path& to);

/// Renames `from` to `to`, replacing what `to` was.
[[nodiscard]] Status moveReplace(
    const std::filesystem::path& from, const std::filesystem::path& to);

/// This process's ID.
unsigned long currentProcessId() noexcept;

/// True when no process has ID `pid` any more (false when unsure).
bool processIsGone(unsigned long pid) noexcept;

} // namespace dropsize::platform

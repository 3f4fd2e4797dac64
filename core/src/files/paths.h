// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

// Paths as the planner compares and builds them: inside or the same by their names (as the file
// system compares them) or by the identity of what exists, joined and cut without parsing
// every component, and checked against the system's length limit.

#include "dropsize/core/text.h"

#include <filesystem>
#include <optional>

namespace dropsize::paths {

using PathString = std::filesystem::path::string_type;

/// Without a trailing separator, so that component-wise comparisons work.
std::filesystem::path withoutTrailingSeparator(std::filesystem::path p);

/// `path` is `root` or lies below it (both absolute and normalised), by their text: each name
/// compared as the file system does (without case on Windows).
bool isInside(const std::filesystem::path& path, const std::filesystem::path& root);

/// Each inside the other (isInside()).
bool samePath(const std::filesystem::path& a, const std::filesystem::path& b);

/// `path` is the folder `folder` or lies below it, by the identity of `path`'s existing
/// ancestors (so whatever the case, the links or the mounts that spell them) or else by their
/// text.
bool isInsideFolder(const std::filesystem::path& path, const std::filesystem::path& folder);

/// Something is at `path` (a link counts, and so does what cannot be looked at).
bool entryExists(const std::filesystem::path& path);

/// `folder` holds an output folder's marker (kOutputMarkerName).
bool isMarkedOutput(const std::filesystem::path& folder);

/// The canonical form of the folder that exists deepest on `path`'s way, with the rest of
/// `path` after it.
std::filesystem::path weaklyCanonical(const std::filesystem::path& path);

/// `folder`/`name` as a string, without building a path's list of components.
PathString joined(const PathString& folder, const PathString& name);

/// The last component of a path string, without parsing the whole path into components.
std::filesystem::path leafName(const PathString& path);

/// Why the system cannot take `path` (it is too long for it), or nullopt.
std::optional<Text> pathTooLong(const PathString& path);

} // namespace dropsize::paths

// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "files/paths.h"

#include "dropsize/core/atomic_file_writer.h"
#include "files/platform_files.h"

#include <algorithm>
#include <cerrno>
#include <climits>

namespace fs = std::filesystem;

namespace dropsize::paths {

fs::path withoutTrailingSeparator(fs::path p)
{
    while (p.has_relative_path() && p.filename().empty()) {
        p = p.parent_path();
    }
    return p;
}

bool isInside(const fs::path& path, const fs::path& root)
{
    auto [r, p] = std::mismatch(root.begin(), root.end(), path.begin(), path.end(),
        [](const fs::path& a, const fs::path& b) { return platform::sameName(a, b); });
    return r == root.end();
}

bool samePath(const fs::path& a, const fs::path& b) { return isInside(a, b) && isInside(b, a); }

bool isInsideFolder(const fs::path& path, const fs::path& folder)
{
    if (isInside(path, folder)) {
        return true;
    }
    const auto id = fileIdentity(folder);
    if (!id) {
        return false;
    }
    for (fs::path up = path;; up = up.parent_path()) {
        if (fileIdentity(up) == id) {
            return true;
        }
        if (up == up.parent_path()) {
            return false;
        }
    }
}

bool entryExists(const fs::path& path)
{
    const auto kind = platform::entryKind(path, false);
    return !kind || *kind != platform::EntryKind::NotFound;
}

bool isMarkedOutput(const fs::path& folder) { return entryExists(folder / kOutputMarkerName); }

fs::path weaklyCanonical(const fs::path& path)
{
    fs::path rest;
    for (fs::path existing = path;; existing = existing.parent_path()) {
        if (auto canonical = platform::canonicalPath(existing)) {
            return rest.empty() ? *canonical : *canonical / rest;
        }
        if (existing == existing.parent_path()) {
            return path;
        }
        rest = rest.empty() ? existing.filename() : existing.filename() / rest;
    }
}

PathString joined(const PathString& folder, const PathString& name)
{
    PathString out;
    out.reserve(folder.size() + 1 + name.size());
    out.append(folder);
    if (!out.empty() && out.back() != fs::path::preferred_separator) {
        out.push_back(fs::path::preferred_separator);
    }
    out.append(name);
    return out;
}

fs::path leafName(const PathString& path)
{
#ifdef _WIN32
    const std::size_t slash = path.find_last_of(L"\\/");
#else
    const std::size_t slash = path.find_last_of('/');
#endif
    return slash == PathString::npos ? path : path.substr(slash + 1);
}

std::optional<Text> pathTooLong(const PathString& path)
{
#if defined(_WIN32)
    // The \\?\ form every Win32 call gets takes 32767 UTF-16 units at most.
    constexpr std::size_t kPathLimit = 32767 - 4;
    const auto units = [&] { return Text::tr("%1 characters").arg(path.size()); };
#elif defined(PATH_MAX)
    constexpr std::size_t kPathLimit = PATH_MAX;
    const auto units = [&] { return Text::tr("%1 bytes").arg(path.size()); };
#endif
#if defined(_WIN32) || defined(PATH_MAX)
    if (path.size() >= kPathLimit) {
        return Text::tr("the path is too long for the system (%1): %2")
            .arg(units())
            .arg(systemError(ENAMETOOLONG));
    }
#else
    (void)path;
#endif
    return std::nullopt;
}

} // namespace dropsize::paths

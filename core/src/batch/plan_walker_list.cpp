// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "batch/plan_walker.h"
#include "dropsize/core/path_text.h"

#include <algorithm>

namespace fs = std::filesystem;

namespace dropsize {

using paths::isInside;
using paths::joined;
using paths::PathString;
using paths::pathTooLong;
using paths::withoutTrailingSeparator;

Status PlanWalker::walkList(const std::vector<fs::path>& lines, const fs::path& root,
    const fs::path& given, const PathString& outFolder, std::uint32_t outputRoot)
{
    const fs::path givenRoot = withoutTrailingSeparator(platform::absolutePath(given));
    std::vector<Listed> listed;
    for (const fs::path& line : lines) {
        if (stopped()) {
            return cancelled();
        }
        if (line.empty()) {
            continue;
        }
        const fs::path abs = withoutTrailingSeparator(
            platform::absolutePath(line.is_absolute() ? line : givenRoot / line));
        fs::path rel;
        if (isInside(abs, givenRoot)) {
            rel = relativeTo(abs, givenRoot);
        } else if (isInside(abs, root)) {
            rel = relativeTo(abs, root);
        } else {
            m_lateFailures.push_back({ abs.native(), ErrorCode::InvalidArgument,
                Text::tr("outside the root folder %1").arg(utf8(given)) });
            continue;
        }
        listLine(root, rel, listed);
    }
    // The walk's order: each folder's files by name, then its sub-folders by name. The
    // spelling of the real path goes first among lines that reach one file.
    std::sort(listed.begin(), listed.end(), [](const Listed& a, const Listed& b) {
        if (a.key != b.key) {
            return a.key < b.key;
        }
        if (a.own != b.own) {
            return a.own;
        }
        return a.line < b.line;
    });
    std::vector<Candidate> files;
    for (std::size_t i = 0; i < listed.size(); ++i) {
        if (stopped()) {
            return cancelled();
        }
        Listed& entry = listed[i];
        if (i > 0 && listed[i - 1].key == entry.key) {
            // As the walk says it: a link to a file it finds by its real path, or the
            // same file twice.
            ignore(entry.line,
                !entry.own && !entry.message
                    ? Text::tr("a link to %1, which is taken by its own path")
                          .arg(utf8(fs::path(entry.path)))
                    : Text::tr("same file already taken by another path"));
        } else if (!entry.message) {
            if (auto candidate = takeFile(fs::path(entry.path))) {
                files.push_back(std::move(*candidate));
            }
        } else if (entry.fails) {
            fail(entry.path, entry.code, std::move(*entry.message));
        } else {
            problem(entry.path, entry.code, std::move(*entry.message));
        }
        if (i + 1 == listed.size() || listed[i + 1].parent != entry.parent) {
            addGroup(files, entry.parent.empty() ? outFolder : joined(outFolder, entry.parent),
                outputRoot);
        }
    }
    return {};
}

fs::path PlanWalker::relativeTo(const fs::path& path, const fs::path& root)
{
    auto at = path.begin();
    for (auto r = root.begin(); r != root.end() && at != path.end(); ++r) {
        ++at;
    }
    fs::path rel;
    for (; at != path.end(); ++at) {
        rel /= *at;
    }
    return rel;
}

PathString PlanWalker::walkKey(const fs::path& rel)
{
    PathString key;
    for (auto at = rel.begin(); at != rel.end();) {
        const PathString& name = at->native();
        const bool last = ++at == rel.end();
        key.push_back(static_cast<fs::path::value_type>(last ? 1 : 2));
        key.append(name);
        if (!last) {
            key.push_back(static_cast<fs::path::value_type>(0));
        }
    }
    return key;
}

void PlanWalker::listLine(const fs::path& root, const fs::path& rel, std::vector<Listed>& listed)
{
    const PathString line = rel.empty() ? root.native() : joined(root.native(), rel.native());
    const auto isOwnFile = [](const fs::path& name) {
        return isTemporaryLeftover(utf8(name)) || platform::sameName(name, kOutputMarkerName);
    };
    if (!rel.empty() && isOwnFile(rel.filename())) {
        ignore(line, ownFileReason()); // as the walk does
        return;
    }
    const auto placed
        = [&](const fs::path& at, PathString path, Text message, ErrorCode code, bool fails) {
              listed.push_back({ walkKey(at), at.parent_path().native(), std::move(path), line,
                  true, std::move(message), code, fails });
          };
    if (const auto& verdict = folderVerdict(root, rel.parent_path())) {
        ignore(line, *verdict);
        return;
    }
    const auto own = platform::entryKind(fs::path(line), false);
    if (!own) {
        placed(rel, line, Text::tr("cannot be read: %1").arg(own.error().describe()), ErrorCode::Io,
            false);
        return;
    }
    if (*own == platform::EntryKind::NotFound) {
        m_lateFailures.push_back({ line, ErrorCode::NotFound, Text::tr("no such file or folder") });
        return;
    }
    const bool isLink = *own == platform::EntryKind::Symlink;
    const auto canonical = isLink ? platform::canonicalPath(fs::path(line)) : realPathOf(root, rel);
    if (!canonical) {
        placed(rel, line,
            canonical.error().code == ErrorCode::NotFound
                ? Text::tr("broken symbolic link: its target does not exist")
                : Text::tr("broken symbolic link: %1").arg(canonical.error().describe()),
            ErrorCode::NotFound, false);
        return;
    }
    if (!isInside(*canonical, root)) {
        ignore(line, Text::tr("symbolic link leads out of the input folder"));
        return;
    }
    // Taken by its real path, as the walk takes it; its outputs follow that path.
    const fs::path real = relativeTo(*canonical, root);
    const bool ownSpelling = real == rel;
    if (!ownSpelling) {
        if (!real.empty() && isOwnFile(real.filename())) {
            return;
        }
        if (const auto& verdict = folderVerdict(root, real.parent_path())) {
            ignore(line, *verdict);
            return;
        }
    }
    if (auto tooLong = pathTooLong(canonical->native())) {
        placed(real, canonical->native(), std::move(*tooLong), ErrorCode::Io, true);
        return;
    }
    const auto kind
        = isLink ? platform::entryKind(*canonical, true) : Result<platform::EntryKind>(*own);
    if (!kind) {
        placed(real, canonical->native(),
            Text::tr("cannot be read: %1").arg(kind.error().describe()), ErrorCode::Io, false);
    } else if (*kind == platform::EntryKind::Directory) {
        ignore(line,
            Text::tr("a folder: a list names files, one a line; make one with %1")
                .arg("dropsize-cli --list FOLDER"));
    } else if (*kind == platform::EntryKind::Regular) {
        listed.push_back({ walkKey(real), real.parent_path().native(), canonical->native(), line,
            ownSpelling, std::nullopt, ErrorCode::Io, false });
    } else {
        ignore(line, Text::tr("not a regular file (FIFO, socket or device)"));
    }
}

Result<fs::path> PlanWalker::realPathOf(const fs::path& root, const fs::path& rel)
{
#ifdef _WIN32
    // Asked for each file: it also gives each name the case it has on disk.
    return platform::canonicalPath(root / rel);
#else
    const fs::path folder = rel.parent_path();
    auto at = m_realFolders.find(folder.native());
    if (at == m_realFolders.end()) {
        auto real = platform::canonicalPath(folder.empty() ? root : root / folder);
        if (!real) {
            return std::move(real).error();
        }
        at = m_realFolders.emplace(folder.native(), std::move(*real)).first;
    }
    return at->second / rel.filename();
#endif
}

const std::optional<Text>& PlanWalker::folderVerdict(const fs::path& root, const fs::path& rel)
{
    static const std::optional<Text> none;
    if (rel.empty()) {
        return none;
    }
    if (const auto at = m_folderVerdicts.find(rel.native()); at != m_folderVerdicts.end()) {
        return at->second;
    }
    std::optional<Text> verdict = folderVerdict(root, rel.parent_path());
    if (!verdict) {
        const fs::path dir = root / rel;
        const fs::path name = rel.filename();
        const auto id = fileIdentity(dir);
        // A folder whose marker cannot even be looked for (a path too long, no
        // permission) gets no verdict: the file's own look then fails, with the
        // system's reason, as a walk fails it.
        const auto marker = platform::entryKind(dir / kOutputMarkerName, false);
        if (platform::sameName(name, pathFromUtf8(m_options.outputFolderName))) {
            verdict = Text::tr("an output folder (%1), never read as input").arg(utf8(name));
        } else if (marker && *marker != platform::EntryKind::NotFound) {
            verdict = Text::tr("holds Dropsize's outputs (%1), never read as input")
                          .arg(kOutputMarkerName);
        } else if (id
            && std::find(m_outputRootIds.begin(), m_outputRootIds.end(), *id)
                != m_outputRootIds.end()) {
            verdict = Text::tr("the output folder of this batch");
        }
    }
    return m_folderVerdicts.emplace(rel.native(), std::move(verdict)).first->second;
}

} // namespace dropsize

// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "batch/plan_walker.h"

#include "codecs/codec_registry.h"
#include "dropsize/core/path_text.h"

#include <algorithm>

namespace fs = std::filesystem;

namespace dropsize {

using paths::isInside;
using paths::joined;
using paths::leafName;
using paths::PathString;
using paths::pathTooLong;
using paths::withoutTrailingSeparator;

bool PlanWalker::hasImageName(const fs::path& path)
{
    return codecForExtension(utf8(path.extension())) != nullptr;
}

bool PlanWalker::isTemporaryLeftover(const std::string& name)
{
    return AtomicFileWriter::isTemporaryName(name)
        || (name.size() > 1 && name[0] == '.' && name.find(".dropsize-") != std::string::npos
            && name.ends_with(".tmp"));
}

Text PlanWalker::ownFileReason()
{
    return Text::tr("one of Dropsize's own files (a run's temporary, or the mark of an "
                    "output folder), never read as input");
}

void PlanWalker::fail(const fs::path& path, ErrorCode code, Text message, int systemCode)
{
    Job job;
    job.id = m_plan.jobs.size();
    job.inputPath = path.native();
    job.action = JobAction::Fail;
    Error reason = Error::of(code, std::move(message));
    reason.systemCode = systemCode;
    job.reason = std::make_shared<const Error>(std::move(reason));
    job.shardHash = noteShard(m_jobShards, job.inputPath);
    m_plan.jobs.push_back(std::move(job));
}

void PlanWalker::ignore(const fs::path& path, Text reason)
{
    noteShard(m_ignoredShards, path.native());
    m_plan.ignored.push_back({ path, std::move(reason) });
}

void PlanWalker::keepShard(std::uint32_t index)
{
    // The batch's fingerprint, before the other parts' jobs go: a sum of the jobs'
    // hashes, each mixed (SplitMix64's finaliser), and of their number.
    std::uint64_t batch = m_plan.jobs.size();
    for (const Job& job : m_plan.jobs) {
        std::uint64_t z = job.shardHash + 0x9E3779B97F4A7C15ULL;
        z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
        z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
        batch += z ^ (z >> 31);
    }
    m_plan.batchHash = batch == 0 ? 1 : batch;
    std::vector<Job> jobs;
    std::unordered_set<PathString> dirs;
    for (std::size_t i = 0; i < m_plan.jobs.size(); ++i) {
        if (m_jobShards[i] != index) {
            continue;
        }
        for (const JobOutput& out : m_plan.jobs[i].outputs) {
            dirs.insert(fs::path(out.path).parent_path().native());
        }
        jobs.push_back(std::move(m_plan.jobs[i]));
    }
    m_plan.jobs = std::move(jobs);
    std::vector<IgnoredPath> ignored;
    for (std::size_t i = 0; i < m_plan.ignored.size(); ++i) {
        if (m_ignoredShards[i] == index) {
            ignored.push_back(std::move(m_plan.ignored[i]));
        }
    }
    m_plan.ignored = std::move(ignored);
    std::erase_if(
        m_plan.outputFolders, [&](const fs::path& dir) { return dirs.count(dir.native()) == 0; });
}

void PlanWalker::problem(const fs::path& path, ErrorCode code, Text message, int systemCode)
{
    if (hasImageName(path)) {
        fail(path, code, std::move(message), systemCode);
    } else {
        ignore(path, std::move(message));
    }
}

std::optional<PlanWalker::Candidate> PlanWalker::takeFile(const fs::path& path, bool given)
{
    return takeFile(path.native(), platform::readFileHead(path), given);
}

std::optional<PlanWalker::Candidate> PlanWalker::takeFile(
    const PathString& path, Result<platform::FileHead> head, bool given)
{
    if (!head) {
        problem(path, ErrorCode::Io, Text::tr("cannot be read: %1").arg(head.error().describe()),
            head.error().systemCode);
        return std::nullopt;
    }
    const ImageFormat format = sniffFormat(head->span());
    if (format == ImageFormat::Unknown) {
        if (hasImageName(path)) {
            fail(path, ErrorCode::UnsupportedFormat,
                describeContentText(head->span(), head->fileSize));
        } else if (given) {
            // Chosen by name, so say what it is ("it looks like text"), not only what
            // it is not.
            ignore(path, describeContentText(head->span(), head->fileSize));
        } else {
            ignore(path, Text::tr("not a %1 file").arg(readableFormatsText()));
        }
        return std::nullopt;
    }
    if (!m_plan.inputIdentities.insert(head->identity).second) {
        ignore(path, Text::tr("same file already taken by another path"));
        return std::nullopt;
    }
    return Candidate { path, head->fileSize, format };
}

Status PlanWalker::walk(platform::WalkedFolder& folder, const PathString& dir, const fs::path& root,
    const PathString& outFolder, std::uint32_t outputRoot)
{
    if (stopped()) {
        return cancelled();
    }
    const auto id = folder.identity();
    if (!id) {
        fail(dir, ErrorCode::Io, Text::tr("cannot open the folder"));
        return {};
    }
    if (!m_seenDirs.insert(*id).second) {
        ignore(dir, Text::tr("folder reached twice"));
        return {};
    }
    std::vector<Candidate> files;
    std::vector<PathString> folders;
    {
        auto names = folder.list();
        if (!names) {
            fail(dir, ErrorCode::Io,
                Text::tr("cannot list the folder: %1").arg(names.error().describe()),
                names.error().systemCode);
            return {};
        }
        std::sort(names->begin(), names->end());
        for (const PathString& name : *names) {
            if (stopped()) {
                return cancelled();
            }
            visit(folder, dir, name, root, files, folders);
        }
    }
    addGroup(files, outFolder, outputRoot);
    for (const PathString& sub : folders) {
        const PathString subPath = joined(dir, sub);
        if (Status entered = folder.enter(sub); !entered) {
            fail(subPath, ErrorCode::Io,
                Text::tr("cannot list the folder: %1").arg(entered.error().describe()),
                entered.error().systemCode);
            continue;
        }
        Status walked = walk(folder, subPath, root, joined(outFolder, sub), outputRoot);
        if (Status back = folder.leave(*id); !back) {
            return Error::of(ErrorCode::Io, back.error().describe(), utf8(dir));
        }
        if (!walked) {
            return walked;
        }
    }
    return {};
}

void PlanWalker::addGroup(
    std::vector<Candidate>& files, const PathString& outFolder, std::uint32_t outputRoot)
{
    if (files.empty()) {
        return;
    }
    m_groups.push_back({ m_plan.jobs.size(), files.size(), outFolder });
    for (Candidate& c : files) {
        Job job;
        job.id = m_plan.jobs.size();
        job.inputPath = std::move(c.input);
        job.inputBytes = c.bytes;
        job.format = c.format;
        job.outputFormat = outputFormatFor(m_options.format, c.format);
        job.outputRoot = outputRoot;
        job.shardHash = noteShard(m_jobShards, job.inputPath);
        m_plan.jobs.push_back(std::move(job));
    }
    files.clear();
}

void PlanWalker::addLateFailures()
{
    for (LateFailure& late : m_lateFailures) {
        fail(late.path, late.code, std::move(late.message));
    }
    m_lateFailures.clear();
}

void PlanWalker::visit(const platform::WalkedFolder& folder, const PathString& dir,
    const PathString& name, const fs::path& root, std::vector<Candidate>& files,
    std::vector<PathString>& folders)
{
    const std::string text = utf8(name);
    if (isTemporaryLeftover(text) || platform::sameName(name, kOutputMarkerName)) {
        ignore(joined(dir, name), ownFileReason());
        return;
    }
    const PathString path = joined(dir, name);
    if (auto tooLong = pathTooLong(path)) {
        // The run opens files by their path: one the system cannot take fails here,
        // whatever it is (a file or a folder) and whatever its name.
        fail(path, ErrorCode::Io, std::move(*tooLong));
        return;
    }
    auto kind = folder.kind(name);
    if (!kind) {
        problem(path, ErrorCode::Io, Text::tr("cannot be read: %1").arg(kind.error().describe()),
            kind.error().systemCode);
        return;
    }
    bool isDirectory = *kind == platform::WalkedFolder::Kind::Directory;
    bool isRegular = *kind == platform::WalkedFolder::Kind::Regular;
    if (*kind == platform::WalkedFolder::Kind::Symlink) {
        const auto canonical = platform::canonicalPath(fs::path(path));
        if (!canonical) {
            problem(path, ErrorCode::NotFound,
                canonical.error().code == ErrorCode::NotFound
                    ? Text::tr("broken symbolic link: its target does not exist")
                    : Text::tr("broken symbolic link: %1").arg(canonical.error().describe()));
            return;
        }
        const fs::path& target = *canonical;
        if (!isInside(target, root)) {
            ignore(path, Text::tr("symbolic link leads out of the input folder"));
            return;
        }
        const auto targetKind = platform::entryKind(target, true);
        const bool toFolder = targetKind && *targetKind == platform::EntryKind::Directory;
        if (toFolder || m_options.recursive) {
            // The walk reaches the real path; taking the alias too would name outputs
            // after it, or take the folder twice.
            ignore(
                path, Text::tr("a link to %1, which is taken by its own path").arg(utf8(target)));
            return;
        }
        isRegular = targetKind && *targetKind == platform::EntryKind::Regular;
    }
    if (isDirectory) {
        if (!m_options.recursive) {
            return;
        }
        if (platform::sameName(name, pathFromUtf8(m_options.outputFolderName))) {
            ignore(path, Text::tr("an output folder (%1), never read as input").arg(text));
        } else if (folder.has(joined(name, fs::path(kOutputMarkerName).native()))) {
            ignore(path,
                Text::tr("holds Dropsize's outputs (%1), never read as input")
                    .arg(kOutputMarkerName));
        } else if (isOutputRoot(folder, name)) {
            ignore(path, Text::tr("the output folder of this batch"));
        } else {
            folders.push_back(name);
        }
    } else if (isRegular) {
        if (auto candidate = takeFile(path, folder.readHead(name))) {
            files.push_back(std::move(*candidate));
        }
    } else {
        ignore(path, Text::tr("not a regular file (FIFO, socket or device)"));
    }
}

bool PlanWalker::isOutputRoot(const platform::WalkedFolder& folder, const PathString& name) const
{
    if (m_outputRootIds.empty()) {
        return false;
    }
    const auto id = folder.identityOf(name);
    return id
        && std::find(m_outputRootIds.begin(), m_outputRootIds.end(), *id) != m_outputRootIds.end();
}

std::uint64_t PlanWalker::noteShard(std::vector<std::uint32_t>& parts, const PathString& path) const
{
    if (!m_options.shard) {
        return 0;
    }
    PathString rel;
    const PathString& root = m_shardRoot;
    if (!root.empty() && path.size() > root.size() && path.starts_with(root)
        && (root.back() == fs::path::preferred_separator
            || path[root.size()] == fs::path::preferred_separator)) {
        rel = path.substr(root.size() + (root.back() == fs::path::preferred_separator ? 0 : 1));
    } else {
        rel = leafName(withoutTrailingSeparator(fs::path(path)).native()).native();
    }
#ifdef _WIN32
    const std::uint64_t hash = shardHash(utf8(fs::path(rel)));
#else
    const std::uint64_t hash = shardHash(rel);
#endif
    parts.push_back(static_cast<std::uint32_t>(hash % m_options.shard->count));
    return hash;
}

} // namespace dropsize

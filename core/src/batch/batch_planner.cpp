// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/core/batch_planner.h"

#include "codecs/codec_registry.h"
#include "dropsize/core/path_text.h"
#include "files/paths.h"
#include "files/platform_files.h"

#include <algorithm>
#include <cerrno>
#include <climits>
#include <unordered_map>
#include <unordered_set>

namespace fs = std::filesystem;

namespace dropsize {

namespace {

    using paths::entryExists;
    using paths::isInside;
    using paths::isInsideFolder;
    using paths::isMarkedOutput;
    using paths::joined;
    using paths::leafName;
    using paths::PathString;
    using paths::pathTooLong;
    using paths::samePath;
    using paths::weaklyCanonical;
    using paths::withoutTrailingSeparator;

    /// A name that says an image format (codec_registry.h), in any case: such a file that
    /// cannot be read fails.
    bool hasImageName(const fs::path& path)
    {
        return codecForExtension(utf8(path.extension())) != nullptr;
    }

    /// A writer's temporary: this version's exact form, or an older one that put the output's
    /// name first (".a.jpg.dropsize-<pid>-<n>.tmp"). Never an input.
    bool isTemporaryLeftover(const std::string& name)
    {
        return AtomicFileWriter::isTemporaryName(name)
            || (name.size() > 1 && name[0] == '.' && name.find(".dropsize-") != std::string::npos
                && name.ends_with(".tmp"));
    }

    /// Why a run's temporary or an output folder's marker is never an input.
    Text ownFileReason()
    {
        return Text::tr("one of Dropsize's own files (a run's temporary, or the mark of an "
                        "output folder), never read as input");
    }

    /// The input's own extension when it names `format` ("photo.JPEG" stays so), else the
    /// format's first.
    std::string outputExtension(const fs::path& input, ImageFormat format)
    {
        std::string ext = utf8(input.extension());
        const CodecEntry* codec = findCodec(format);
        if (codec == nullptr || codecForExtension(ext) == codec) {
            return ext;
        }
        return std::string(codec->extensions.front());
    }

    // A file found by the walk, before its output is named.
    struct Candidate {
        PathString input;
        std::uint64_t bytes = 0;
        ImageFormat format = ImageFormat::Unknown;
    };

    class Walker {
    public:
        Walker(const PlanOptions& options, BatchPlan& plan)
            : m_options(options)
            , m_plan(plan)
        {
        }

        void setOutputRootIds(std::vector<FileIdentity> ids) { m_outputRootIds = std::move(ids); }

        bool stopped() const noexcept
        {
            return m_options.cancel != nullptr && m_options.cancel->stopRequested();
        }

        /// `systemCode`: the system's error number of the cause, kept so that a failure an
        /// engine could retry (EIO on a network file system, say) is known as one.
        void fail(const fs::path& path, ErrorCode code, Text message, int systemCode = 0)
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

        void ignore(const fs::path& path, Text reason)
        {
            noteShard(m_ignoredShards, path.native());
            m_plan.ignored.push_back({ path, std::move(reason) });
        }

        /// With a shard: the paths of jobs and ignored paths are made relative to this folder
        /// (an input folder's canonical path, or the list's root) for shardOf(); empty: each is
        /// known by its file name (a given file).
        void setShardRoot(PathString root) { m_shardRoot = std::move(root); }

        /// Keeps only the jobs and ignored paths of part `index`, once every output is named,
        /// and only the output folders that the kept jobs write to. Job ids stay those of the
        /// whole batch.
        void keepShard(std::uint32_t index)
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
            std::erase_if(m_plan.outputFolders,
                [&](const fs::path& dir) { return dirs.count(dir.native()) == 0; });
        }

        /// A file that could not be looked at: it fails when its name says it is an image,
        /// and is ignored (with the reason) otherwise.
        void problem(const fs::path& path, ErrorCode code, Text message, int systemCode = 0)
        {
            if (hasImageName(path)) {
                fail(path, code, std::move(message), systemCode);
            } else {
                ignore(path, std::move(message));
            }
        }

        /// Opens the file, reads its first bytes and decides: an image to take, a failure, or
        /// ignored. `given`: the file is an input itself, not found in a folder.
        std::optional<Candidate> takeFile(const fs::path& path, bool given = false)
        {
            return takeFile(path.native(), platform::readFileHead(path), given);
        }

        /// Decides on a file from its first bytes (or why they could not be read): an image to
        /// take, a failure, or ignored.
        std::optional<Candidate> takeFile(
            const PathString& path, Result<platform::FileHead> head, bool given = false)
        {
            if (!head) {
                problem(path, ErrorCode::Io,
                    Text::tr("cannot be read: %1").arg(head.error().describe()),
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

        /// Walks `folder`, whose path is `dir` (inside the input folder `root`), its outputs
        /// going to `outFolder`. It moves down into each sub-folder and back, so that every look is
        /// relative to the folder at hand and paths are only strings: time and memory stay
        /// linear in the number of entries whatever the depth. Returns with `folder` where it
        /// was.
        Status walk(platform::WalkedFolder& folder, const PathString& dir, const fs::path& root,
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

        /// Makes the jobs of files that share an output folder, in the order given; their
        /// outputs are named by nameOutputs() once every job is known.
        void addGroup(
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

        /// Names every output of every group (see baseNames() for the inputs' own names), then
        /// settles the names two outputs want and those taken on disk. An output another one of
        /// this batch named first is renamed under the Rename policy and fails otherwise, so
        /// that no two ever write one file. Fails only when cancelled.
        Status nameOutputs()
        {
            const std::size_t sizeCount = std::max<std::size_t>(m_options.sizes.size(), 1);
            NameTemplate pattern = m_options.nameTemplate;
            if (sizeCount > 1 && !pattern.namesSize()) {
                pattern = pattern.inSizeFolder();
            }
            m_pattern = pattern;
            const int numberWidth = static_cast<int>(std::to_string(m_plan.jobs.size()).size());
            const bool readHeaders = pattern.usesOutputSize() && m_options.checkOutputs;
            for (const Group& group : m_groups) {
                const std::vector<std::string> names = baseNames(group);
                std::unordered_set<std::string> wanted; // by name key, within the group
                std::vector<std::vector<std::string>> relative(group.count);
                for (std::size_t i = 0; i < group.count; ++i) {
                    if (stopped()) {
                        return cancelled();
                    }
                    Job& job = m_plan.jobs[group.first + i];
                    std::vector<Size> sizes(sizeCount);
                    if (readHeaders) {
                        auto inspection = inspectFile(job.input(), m_options.process);
                        if (!inspection) {
                            Error error = std::move(inspection).error();
                            error.path.clear();
                            job.action = JobAction::Fail;
                            job.reason = std::make_shared<const Error>(std::move(error));
                            continue;
                        }
                        for (std::size_t k = 0; k < sizeCount; ++k) {
                            sizes[k] = makeResizePlan(inspection->inspected.header.info, specOf(k))
                                           .output;
                        }
                    }
                    const fs::path base = pathFromUtf8(names[i]);
                    const std::string stem = utf8(base.stem());
                    const std::string ext = utf8(base.extension()).substr(1);
                    for (std::size_t k = 0; k < sizeCount; ++k) {
                        const std::string label = labelOf(k);
                        const NameFields fields { stem, ext, sizes[k], label, job.id + 1,
                            numberWidth };
                        JobOutput out;
                        out.size = static_cast<std::uint32_t>(k);
                        out.named = readHeaders ? sizes[k] : Size {};
                        relative[i].push_back(pattern.expand(fields));
                        wanted.insert(platform::nameKey(relative[i].back()));
                        out.path = joined(group.outFolder,
                            pathFromUtf8(relative[i].back()).make_preferred().native());
                        job.outputs.push_back(std::move(out));
                    }
                }
                // Names are settled within the group: every output is its group's folder plus a
                // relative path of as many components as the pattern has, so outputs of two
                // groups (whose folders differ, or lie at different depths) never meet.
                std::unordered_map<std::string, std::size_t> claimed; // by name key, job id
                for (std::size_t i = 0; i < group.count; ++i) {
                    Job& job = m_plan.jobs[group.first + i];
                    const bool ours
                        = !m_options.shard || m_jobShards[job.id] == m_options.shard->index;
                    for (std::size_t k = 0; k < job.outputs.size(); ++k) {
                        settle(job, job.outputs[k], relative[i][k], wanted, claimed, ours);
                        PathString dir = fs::path(job.outputs[k].path).parent_path().native();
                        if (m_outputFolders.insert(dir).second) {
                            m_plan.outputFolders.push_back(std::move(dir));
                        }
                    }
                    job.action = jobAction(job);
                    if (!job.runs() && !job.reason) {
                        for (const JobOutput& out : job.outputs) {
                            if (out.reason) {
                                job.reason = out.reason;
                                break;
                            }
                        }
                    }
                }
            }
            m_groups.clear();
            return {};
        }

        /// Plans the files that `lines` name relative to the input folder `root` (canonical;
        /// `given` is its path as given, which a line may spell too) as walk() would plan them
        /// had it found just those files: the same positions in the order of jobs, the same
        /// groups, the same outputs, the same reasons. No folder is listed; what is learnt of a
        /// folder (whether the walk would enter it) is kept for the other lines in it.
        Status walkList(const std::vector<fs::path>& lines, const fs::path& root,
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
                    addGroup(files,
                        entry.parent.empty() ? outFolder : joined(outFolder, entry.parent),
                        outputRoot);
                }
            }
            return {};
        }

        /// The jobs of lines that name no file of the tree (missing, outside the root), which
        /// the walk would never have found: they come after every other job, so that the others
        /// have the walk's ids (and numbers in names).
        void addLateFailures()
        {
            for (LateFailure& late : m_lateFailures) {
                fail(late.path, late.code, std::move(late.message));
            }
            m_lateFailures.clear();
        }

        static Error cancelled() { return Error::of(ErrorCode::Cancelled, Text::tr("cancelled")); }

    private:
        // A line of a list, in the form walkList() sorts and takes it.
        struct Listed {
            PathString key; // walkKey() of where the walk would find it
            PathString parent; // its folder relative to the root, "" for the root itself
            PathString path; // the file to take (the real path), or what fails or is ignored
            PathString line; // the line's path, below the root
            bool own = true; // the line spells the real path
            std::optional<Text> message; // set: not a file to take, but a problem or a failure
            ErrorCode code = ErrorCode::Io;
            bool fails = false; // fail() whatever the name, not problem()
        };

        struct LateFailure {
            PathString path;
            ErrorCode code = ErrorCode::Io;
            Text message;
        };

        /// `path` (lying inside `root`) relative to it, component by component.
        static fs::path relativeTo(const fs::path& path, const fs::path& root)
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

        /// A key whose order is the walk's: at each level a file ('\1' and its name) comes
        /// before a folder ('\2', its name, '\0'), and names compare as the walk sorts them.
        static PathString walkKey(const fs::path& rel)
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

        /// Looks at one line, `rel` below `root`: ignores it now, or adds it to `listed` to be
        /// taken (or to fail) in the walk's order, or to m_lateFailures.
        void listLine(const fs::path& root, const fs::path& rel, std::vector<Listed>& listed)
        {
            const PathString line
                = rel.empty() ? root.native() : joined(root.native(), rel.native());
            const auto isOwnFile = [](const fs::path& name) {
                return isTemporaryLeftover(utf8(name))
                    || platform::sameName(name, kOutputMarkerName);
            };
            if (!rel.empty() && isOwnFile(rel.filename())) {
                ignore(line, ownFileReason()); // as the walk does
                return;
            }
            const auto placed = [&](const fs::path& at, PathString path, Text message,
                                    ErrorCode code, bool fails) {
                listed.push_back({ walkKey(at), at.parent_path().native(), std::move(path), line,
                    true, std::move(message), code, fails });
            };
            if (const auto& verdict = folderVerdict(root, rel.parent_path())) {
                ignore(line, *verdict);
                return;
            }
            const auto own = platform::entryKind(fs::path(line), false);
            if (!own) {
                placed(rel, line, Text::tr("cannot be read: %1").arg(own.error().describe()),
                    ErrorCode::Io, false);
                return;
            }
            if (*own == platform::EntryKind::NotFound) {
                m_lateFailures.push_back(
                    { line, ErrorCode::NotFound, Text::tr("no such file or folder") });
                return;
            }
            const bool isLink = *own == platform::EntryKind::Symlink;
            const auto canonical
                = isLink ? platform::canonicalPath(fs::path(line)) : realPathOf(root, rel);
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
            const auto kind = isLink ? platform::entryKind(*canonical, true)
                                     : Result<platform::EntryKind>(*own);
            if (!kind) {
                placed(real, canonical->native(),
                    Text::tr("cannot be read: %1").arg(kind.error().describe()), ErrorCode::Io,
                    false);
            } else if (*kind == platform::EntryKind::Directory) {
                ignore(line,
                    Text::tr("a folder: a list names files, one a line; make one with %1")
                        .arg("dropsize-cli --list FOLDER"));
            } else if (*kind == platform::EntryKind::Regular) {
                listed.push_back({ walkKey(real), real.parent_path().native(), canonical->native(),
                    line, ownSpelling, std::nullopt, ErrorCode::Io, false });
            } else {
                ignore(line, Text::tr("not a regular file (FIFO, socket or device)"));
            }
        }

        /// The real path of `rel` below `root`, which is no link itself: the real path of its
        /// folder (kept per folder: a list holds many files of one folder), then its name.
        Result<fs::path> realPathOf(const fs::path& root, const fs::path& rel)
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

        /// Why the walk would never enter the folder `rel` below `root` (or one above it), with
        /// the walk's words; nullopt when it would. Kept per folder, for the next line in it.
        const std::optional<Text>& folderVerdict(const fs::path& root, const fs::path& rel)
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
                    verdict
                        = Text::tr("an output folder (%1), never read as input").arg(utf8(name));
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

        // Jobs [first, first + count) of plan.jobs, whose outputs go to outFolder.
        struct Group {
            std::size_t first = 0;
            std::size_t count = 0;
            PathString outFolder;
        };

        const ResizeSpec& specOf(std::size_t k) const
        {
            return m_options.sizes.empty() ? m_options.process.spec : m_options.sizes[k].spec;
        }

        std::string labelOf(std::size_t k) const
        {
            return m_options.sizes.empty() ? sizeLabel(m_options.process.spec)
                                           : m_options.sizes[k].label;
        }

        /// The name each input of a group has for its own ({name}.{ext}). A name two inputs of
        /// one folder want (x.jpg and x.png written as JPEG) goes to the input that has that
        /// name already, if any; every other gets its own extension in its name (x_png.jpg).
        /// Inputs from different folders (given files) that want one name each get their
        /// folder's name in it: "x (A).jpg". So names depend on the inputs alone, not on their
        /// order or on earlier runs. Names are told apart as the file system does
        /// (platform::nameKey): on Windows "Photo.jpg" and "photo.jpg" want one name.
        std::vector<std::string> baseNames(const Group& group) const
        {
            const auto jobAt
                = [&](std::size_t i) -> const Job& { return m_plan.jobs[group.first + i]; };
            std::vector<std::string> names(group.count);
            std::unordered_map<std::string, int> wanted; // by name key
            for (std::size_t i = 0; i < group.count; ++i) {
                const fs::path name = leafName(jobAt(i).inputPath);
                names[i]
                    = fittedName(utf8(name.stem()), outputExtension(name, jobAt(i).outputFormat));
                ++wanted[platform::nameKey(names[i])];
            }
            // Given files from different folders that want one name (two cameras' IMG_0001.JPG)
            // each carry their folder's name: "IMG_0001 (A).JPG", "IMG_0001 (B).JPG".
            std::unordered_map<std::string, std::unordered_set<PathString>> parents;
            for (std::size_t i = 0; i < group.count; ++i) {
                const std::string key = platform::nameKey(names[i]);
                if (wanted[key] > 1) {
                    parents[key].insert(fs::path(jobAt(i).inputPath).parent_path().native());
                }
            }
            bool renamed = false;
            for (std::size_t i = 0; i < group.count; ++i) {
                const auto at = parents.find(platform::nameKey(names[i]));
                if (at != parents.end() && at->second.size() > 1) {
                    const fs::path in(jobAt(i).inputPath);
                    const fs::path name = pathFromUtf8(names[i]);
                    names[i] = fittedName(
                        utf8(name.stem()) + " (" + utf8(in.parent_path().filename()) + ")",
                        utf8(name.extension()));
                    renamed = true;
                }
            }
            if (renamed) {
                wanted.clear();
                for (const std::string& name : names) {
                    ++wanted[platform::nameKey(name)];
                }
            }
            std::unordered_set<std::string> used; // by name key
            std::vector<bool> named(group.count, false);
            for (std::size_t i = 0; i < group.count; ++i) {
                const std::string key = platform::nameKey(names[i]);
                const bool alone = wanted[key] == 1;
                if ((alone || utf8(leafName(jobAt(i).inputPath)) == names[i])
                    && used.insert(key).second) {
                    named[i] = true;
                }
            }
            for (std::size_t i = 0; i < group.count; ++i) {
                if (named[i]) {
                    continue;
                }
                const fs::path in = leafName(jobAt(i).inputPath);
                const std::string stem = utf8(in.stem());
                const std::string ext = utf8(pathFromUtf8(names[i]).extension());
                const std::string own = utf8(in.extension());
                std::string name
                    = own.size() > 1 ? fittedName(stem, "_" + own.substr(1) + ext) : "";
                for (int n = 2; name.empty() || used.count(platform::nameKey(name)) != 0
                     || wanted.count(platform::nameKey(name)) != 0;
                     ++n) {
                    name = fittedName(stem, "_" + std::to_string(n) + ext);
                }
                used.insert(platform::nameKey(name));
                names[i] = std::move(name);
            }
            return names;
        }

        /// Why an output of `job` fails when the output of job `other` (maybe itself, another
        /// size) has its name, and what would tell them apart: only the fields the pattern
        /// lacks that would ({size} between sizes of one input; {name} and {n} between inputs),
        /// and --on-existing rename.
        Text collisionText(const Job& job, std::size_t other) const
        {
            const bool sameInput = other == job.id;
            Text whose = sameInput ? Text::tr("another size of this input")
                                   : Text::verbatim(utf8(m_plan.jobs[other].input()));
            std::vector<const char*> fields;
            if (sameInput && !m_pattern.namesSize()) {
                fields.push_back("{size}");
            }
            if (!sameInput && !m_pattern.usesName()) {
                fields.push_back("{name}");
            }
            if (!sameInput && !m_pattern.usesNumber()) {
                fields.push_back("{n}");
            }
            const char* rename = "--on-existing rename";
            switch (fields.size()) {
            case 0:
                return Text::tr("another output of this batch has this name (from %1); use %2")
                    .arg(std::move(whose))
                    .arg(rename);
            case 1:
                return Text::tr("another output of this batch has this name (from %1); put %2 in "
                                "the name, or use %3")
                    .arg(std::move(whose))
                    .arg(fields[0])
                    .arg(rename);
            default:
                return Text::tr("another output of this batch has this name (from %1); put %2 or "
                                "%3 in the name, or use %4")
                    .arg(std::move(whose))
                    .arg(fields[0])
                    .arg(fields[1])
                    .arg(rename);
            }
        }

        /// Decides one output's fate: its name against the outputs of its group named before
        /// it (by `relative`'s key) and against what is on disk, by the policy. `ours`: false
        /// for a job of another part (PlanOptions::shard), whose name is claimed without looking
        /// at the disk: under Skip and Overwrite what is there decides only that job's own
        /// action, and each part would otherwise look up every output of the batch.
        void settle(const Job& job, JobOutput& out, const std::string& relative,
            const std::unordered_set<std::string>& wanted,
            std::unordered_map<std::string, std::size_t>& claimed, bool ours)
        {
            const std::string key = platform::nameKey(relative);
            const auto takenBy = [&](const std::string& k) -> std::optional<std::size_t> {
                const auto at = claimed.find(k);
                return at == claimed.end() ? std::nullopt : std::optional(at->second);
            };
            const auto claim = [&](const std::string& k) { claimed.emplace(k, job.id); };
            const auto fails = [&](ErrorCode code, Text message) {
                out.action = JobAction::Fail;
                out.reason = std::make_shared<const Error>(Error::of(code, std::move(message)));
            };
            if (const auto other = takenBy(key)) {
                // Two sizes that give one image its same size under one name (a small image
                // kept as it is, named {w}x{h}) make the same file: it is written once.
                for (const JobOutput& earlier : job.outputs) {
                    if (&earlier == &out) {
                        break;
                    }
                    if (*other == job.id && earlier.named == out.named
                        && (out.named.width != 0 || out.named.height != 0)
                        && platform::nameKey(utf8(earlier.output()))
                            == platform::nameKey(utf8(out.output()))) {
                        out.action = JobAction::Skip;
                        out.reason = std::make_shared<const Error>(Error::of(ErrorCode::Exists,
                            Text::tr("the same image as its %1 output, which has this name")
                                .arg(labelOf(earlier.size))));
                        return;
                    }
                }
                if (m_options.onExisting != ExistingPolicy::Rename) {
                    fails(ErrorCode::Exists, collisionText(job, *other));
                    return;
                }
            } else if (!ours && m_options.onExisting != ExistingPolicy::Rename) {
                claim(key);
                return;
            } else {
                const auto outId = fileIdentity(out.output());
                if (outId && m_plan.inputIdentities.count(*outId) != 0) {
                    out.action = JobAction::Skip;
                    out.reason = std::make_shared<const Error>(Error::of(ErrorCode::Exists,
                        Text::tr("the output would replace an input file; choose another output "
                                 "folder")));
                    claim(key);
                    return;
                }
                if (!outId || m_options.onExisting != ExistingPolicy::Rename) {
                    if (outId && m_options.onExisting == ExistingPolicy::Skip) {
                        out.action = JobAction::Skip;
                        out.reason = std::make_shared<const Error>(
                            Error::of(ErrorCode::Exists, Text::tr("output exists")));
                    }
                    claim(key);
                    return;
                }
            }
            // The next name that is neither on disk nor another output's, nor one that another
            // input of the group wants.
            const fs::path wantedPath = out.output();
            const fs::path wantedRelative = pathFromUtf8(relative);
            for (int n = 1;; ++n) {
                const fs::path candidate = numberedName(wantedPath, n);
                const std::string k = platform::nameKey(utf8(numberedName(wantedRelative, n)));
                if (!entryExists(candidate) && !takenBy(k) && wanted.count(k) == 0) {
                    out.path = candidate.native();
                    claim(k);
                    return;
                }
            }
        }

        static JobAction jobAction(const Job& job)
        {
            bool failed = false;
            for (const JobOutput& out : job.outputs) {
                if (out.runs()) {
                    return JobAction::Run;
                }
                failed = failed || out.action == JobAction::Fail;
            }
            return failed || job.outputs.empty() ? JobAction::Fail : JobAction::Skip;
        }

        void visit(const platform::WalkedFolder& folder, const PathString& dir,
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
                problem(path, ErrorCode::Io,
                    Text::tr("cannot be read: %1").arg(kind.error().describe()),
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
                            : Text::tr("broken symbolic link: %1")
                                  .arg(canonical.error().describe()));
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
                    ignore(path,
                        Text::tr("a link to %1, which is taken by its own path").arg(utf8(target)));
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

        bool isOutputRoot(const platform::WalkedFolder& folder, const PathString& name) const
        {
            if (m_outputRootIds.empty()) {
                return false;
            }
            const auto id = folder.identityOf(name);
            return id
                && std::find(m_outputRootIds.begin(), m_outputRootIds.end(), *id)
                != m_outputRootIds.end();
        }

        /// Appends the part of `path` (see setShardRoot()) to `parts`, when the plan is split,
        /// and returns the hash it is chosen by (0 when the plan is not split).
        std::uint64_t noteShard(std::vector<std::uint32_t>& parts, const PathString& path) const
        {
            if (!m_options.shard) {
                return 0;
            }
            PathString rel;
            const PathString& root = m_shardRoot;
            if (!root.empty() && path.size() > root.size() && path.starts_with(root)
                && (root.back() == fs::path::preferred_separator
                    || path[root.size()] == fs::path::preferred_separator)) {
                rel = path.substr(
                    root.size() + (root.back() == fs::path::preferred_separator ? 0 : 1));
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

        const PlanOptions& m_options;
        BatchPlan& m_plan;
        PathString m_shardRoot;
        std::vector<std::uint32_t> m_jobShards; // with a shard: the part of each job
        std::vector<std::uint32_t> m_ignoredShards; // and of each ignored path
        std::vector<FileIdentity> m_outputRootIds;
        FileIdentitySet m_seenDirs;
        std::unordered_set<PathString> m_outputFolders;
        std::vector<Group> m_groups;
        std::unordered_map<PathString, std::optional<Text>> m_folderVerdicts; // walkList()'s
        std::unordered_map<PathString, fs::path> m_realFolders; // and the real paths it found
        std::vector<LateFailure> m_lateFailures;
        NameTemplate m_pattern; // what nameOutputs() names with (a folder per size added)
    };

    Error refuse(const fs::path& output, Text message)
    {
        return Error::of(ErrorCode::InvalidArgument, std::move(message), utf8(output));
    }

    // The options no plan can be made with.
    Status checkOptions(const PlanOptions& options)
    {
        if (options.outputFolder && options.outputFolder->empty()) {
            // The window's "one folder" with its field cleared: said, not thrown by the path calls.
            return Error::of(
                ErrorCode::InvalidArgument, Text::tr("no output folder is given: choose one"));
        }
        if (options.shard) {
            if (options.shard->count == 0 || options.shard->index >= options.shard->count) {
                return Error::of(ErrorCode::InvalidArgument,
                    Text::tr(
                        "part %1 of %2 does not exist: a part is a number from 0 to the number "
                        "of parts less one")
                        .arg(options.shard->index)
                        .arg(options.shard->count));
            }
            if (options.onExisting == ExistingPolicy::Rename) {
                return Error::of(ErrorCode::InvalidArgument,
                    Text::tr(
                        "a batch split into parts cannot use %1: the names would depend on what "
                        "other parts have already written, so the parts would not name outputs "
                        "as one run does; use %2 or %3")
                        .arg("--on-existing rename")
                        .arg("--on-existing skip")
                        .arg("--on-existing overwrite"));
            }
        }
        return {};
    }

    // One input as given: a file or a folder, its path canonical.
    struct Root {
        fs::path path; // canonical
        bool folder;
        fs::path given; // as given, for messages
        std::uint32_t output = 0; // index into plan.outputRoots
    };

    // The inputs that exist and can be read, each folder once; the others are failed or
    // ignored in the walker's plan.
    Result<std::vector<Root>> givenRoots(const std::vector<fs::path>& givenInputs, Walker& walker)
    {
        std::vector<Root> roots;
        FileIdentitySet seenFolders; // by identity, so that one folder spelt two ways is one
        for (const fs::path& given : givenInputs) {
            if (walker.stopped()) {
                return Walker::cancelled();
            }
            const fs::path abs = withoutTrailingSeparator(platform::absolutePath(given));
            const auto own = platform::entryKind(abs, false);
            if (!own || *own == platform::EntryKind::NotFound) {
                walker.fail(given, ErrorCode::NotFound,
                    own ? Text::tr("no such file or folder")
                        : Text::tr("cannot be read: %1").arg(own.error().describe()));
                continue;
            }
            const auto kind = platform::entryKind(abs, true);
            if (!kind || *kind == platform::EntryKind::NotFound) {
                walker.fail(given, ErrorCode::NotFound,
                    Text::tr("broken symbolic link: its target does not exist"));
                continue;
            }
            const auto canonicalPath = platform::canonicalPath(abs);
            if (!canonicalPath) {
                walker.fail(given, ErrorCode::Io,
                    Text::tr("cannot be read: %1").arg(canonicalPath.error().describe()),
                    canonicalPath.error().systemCode);
                continue;
            }
            const fs::path& canonical = *canonicalPath;
            if (*kind == platform::EntryKind::Directory) {
                const auto id = fileIdentity(canonical);
                if (isMarkedOutput(canonical)) {
                    walker.ignore(given,
                        Text::tr("holds Dropsize's outputs (%1), never read as input; delete that "
                                 "file to use the folder as input")
                            .arg(kOutputMarkerName));
                } else if (id && !seenFolders.insert(*id).second) {
                    walker.ignore(given, Text::tr("given twice"));
                } else {
                    roots.push_back({ canonical, true, given });
                }
            } else if (*kind == platform::EntryKind::Regular) {
                roots.push_back({ canonical, false, given });
            } else {
                walker.ignore(given, Text::tr("not a regular file (FIFO, socket or device)"));
            }
        }
        return roots;
    }

    // An input inside a folder Dropsize wrote outputs to is an output; one inside another input
    // folder is taken by that folder's walk, so that where its outputs go does not depend on
    // the order of the inputs.
    std::vector<Root> withoutNested(
        const std::vector<Root>& roots, const PlanOptions& options, Walker& walker)
    {
        std::vector<Root> kept;
        for (const Root& root : roots) {
            auto reason = [&]() -> Text {
                for (fs::path up = root.path.parent_path(); up.has_relative_path();
                     up = up.parent_path()) {
                    if (isMarkedOutput(up)) {
                        return Text::tr(
                            "inside %1, which holds Dropsize's outputs (%2), never read "
                            "as input")
                            .arg(utf8(up))
                            .arg(kOutputMarkerName);
                    }
                }
                for (const Root& other : roots) {
                    const bool walksIt
                        = options.recursive || samePath(root.path.parent_path(), other.path);
                    if (other.folder && &other != &root && walksIt
                        && !samePath(root.path, other.path)
                        && isInsideFolder(root.path, other.path)) {
                        return Text::tr("inside the input folder %1, which takes it")
                            .arg(utf8(other.path));
                    }
                }
                return {};
            }();
            if (reason.empty()) {
                kept.push_back(root);
            } else {
                walker.ignore(root.given, std::move(reason));
            }
        }
        return kept;
    }

    // Where each input's outputs go (Root::output, plan.outputRoots), decided before the walk so
    // that no output folder is read; the output folder chosen, if one is.
    Result<std::optional<fs::path>> placeOutputs(
        std::vector<Root>& roots, const PlanOptions& options, BatchPlan& plan)
    {
        std::optional<fs::path> chosen;
        if (options.outputFolder) {
            const fs::path abs
                = withoutTrailingSeparator(platform::absolutePath(*options.outputFolder));
            chosen = abs.has_relative_path()
                ? withoutTrailingSeparator(weaklyCanonical(abs.parent_path())) / abs.filename()
                : abs;
        }
        std::vector<std::pair<fs::path, const Root*>> folderOwners;
        for (Root& root : roots) {
            fs::path out;
            if (root.folder) {
                out = !chosen          ? root.path / options.outputFolderName
                    : roots.size() > 1 ? *chosen / root.path.filename()
                                       : *chosen;
                const auto owner = std::find_if(folderOwners.begin(), folderOwners.end(),
                    [&](const auto& entry) { return samePath(entry.first, out); });
                if (owner != folderOwners.end()) {
                    return refuse(out,
                        Text::tr("two input folders would write to the same output folder: %1 and "
                                 "%2; resize them one at a time")
                            .arg(utf8(owner->second->path))
                            .arg(utf8(root.path)));
                }
                folderOwners.emplace_back(out, &root);
            } else {
                out = chosen ? *chosen : root.path.parent_path() / options.outputFolderName;
            }
            auto at = std::find_if(plan.outputRoots.begin(), plan.outputRoots.end(),
                [&](const fs::path& known) { return samePath(known, out); });
            if (at == plan.outputRoots.end()) {
                plan.outputRoots.push_back(out);
                at = plan.outputRoots.end() - 1;
            }
            root.output = static_cast<std::uint32_t>(at - plan.outputRoots.begin());
        }
        return chosen;
    }

    // That no output folder holds an input, or lies inside an input folder it was not made for,
    // and that the writer can use each.
    Status checkOutputRoots(const std::vector<Root>& roots, const std::optional<fs::path>& chosen,
        const PlanOptions& options, const BatchPlan& plan)
    {
        for (const fs::path& out : plan.outputRoots) {
            for (const Root& root : roots) {
                const bool ownDefault
                    = !chosen && root.folder && samePath(out, root.path / options.outputFolderName);
                if (root.folder && chosen && isInsideFolder(out, root.path)) {
                    return refuse(out,
                        Text::tr("the output folder is inside the input folder %1; choose a "
                                 "folder outside it (without %2, each input folder gets its own "
                                 "%3 folder)")
                            .arg(utf8(root.path))
                            .arg("--output")
                            .arg(options.outputFolderName));
                }
                if (!ownDefault && isInsideFolder(root.path, out)) {
                    return refuse(out,
                        (root.folder ? Text::tr("the output folder contains the input folder %1; "
                                                "choose another output folder")
                                     : Text::tr("the output folder contains the input file %1; "
                                                "choose another output folder"))
                            .arg(utf8(root.path)));
                }
            }
            // The writer's own check: no link or file on the way, writable where it begins.
            if (Status usable = AtomicFileWriter::checkFolder(out); !usable) {
                return refuse(out, usable.error().describe());
            }
        }
        return {};
    }

    // Walks each input folder (or the list), and names the given files, those that share an
    // output folder together, in path order.
    Status walkRoots(const std::vector<fs::path>& inputs, const std::vector<Root>& roots,
        const PlanOptions& options, Walker& walker, const BatchPlan& plan)
    {
        // Given files that share an output folder are named together, in path order.
        std::vector<std::vector<Candidate>> fileGroups(plan.outputRoots.size());
        for (const Root& root : roots) {
            if (walker.stopped()) {
                return Walker::cancelled();
            }
            walker.setShardRoot({}); // a given file is known by its name
            if (options.listRoot) {
                walker.setShardRoot(root.path.native());
                if (Status walked = walker.walkList(inputs, root.path, root.given,
                        plan.outputRoots[root.output].native(), root.output);
                    !walked) {
                    return std::move(walked).error();
                }
            } else if (root.folder) {
                walker.setShardRoot(root.path.native());
                auto folder = platform::WalkedFolder::open(root.path);
                if (!folder) {
                    walker.fail(root.given, ErrorCode::Io,
                        Text::tr("cannot open the folder: %1").arg(folder.error().describe()),
                        folder.error().systemCode);
                    continue;
                }
                if (Status walked = walker.walk(*folder, root.path.native(), root.path,
                        plan.outputRoots[root.output].native(), root.output);
                    !walked) {
                    return std::move(walked).error();
                }
            } else if (auto candidate = walker.takeFile(root.path, true)) {
                fileGroups[root.output].push_back(std::move(*candidate));
            }
        }
        if (!options.listRoot) {
            walker.setShardRoot({});
        }
        for (std::uint32_t i = 0; i < fileGroups.size(); ++i) {
            std::sort(fileGroups[i].begin(), fileGroups[i].end(),
                [](const Candidate& a, const Candidate& b) { return a.input < b.input; });
            walker.addGroup(fileGroups[i], plan.outputRoots[i].native(), i);
        }
        return {};
    }

} // namespace

BatchPlanner::BatchPlanner(PlanOptions options)
    : m_options(std::move(options))
{
}

Result<BatchPlan> BatchPlanner::plan(const std::vector<fs::path>& inputs) const
{
    if (Status usable = checkOptions(m_options); !usable) {
        return std::move(usable).error();
    }
    BatchPlan plan;
    plan.onExisting = m_options.onExisting;
    Walker walker(m_options, plan);
    // With a list, its root is the one input folder, and the inputs are its lines.
    const std::vector<fs::path> listRoot = m_options.listRoot
        ? std::vector<fs::path> { *m_options.listRoot }
        : std::vector<fs::path> {};
    auto given = givenRoots(m_options.listRoot ? listRoot : inputs, walker);
    if (!given) {
        return std::move(given).error();
    }
    std::vector<Root> roots = withoutNested(*given, m_options, walker);
    if (m_options.listRoot && (roots.size() != 1 || !roots.front().folder)) {
        // Said by the job or the ignored path made of it above.
        const Text why = !plan.jobs.empty() && plan.jobs.back().reason
            ? plan.jobs.back().reason->describe()
            : !plan.ignored.empty() ? plan.ignored.back().reason
                                    : Text::tr("not a folder");
        return Error::of(ErrorCode::InvalidArgument,
            Text::tr("the root folder of the list cannot be used: %1").arg(why),
            utf8(*m_options.listRoot));
    }
    const auto chosen = placeOutputs(roots, m_options, plan);
    if (!chosen) {
        return chosen.error();
    }
    if (m_options.checkOutputs) {
        if (Status usable = checkOutputRoots(roots, *chosen, m_options, plan); !usable) {
            return std::move(usable).error();
        }
    }
    std::vector<FileIdentity> outputIds;
    for (const fs::path& out : plan.outputRoots) {
        if (const auto id = fileIdentity(out)) {
            outputIds.push_back(*id);
        }
    }
    walker.setOutputRootIds(std::move(outputIds));
    if (Status walked = walkRoots(inputs, roots, m_options, walker, plan); !walked) {
        return std::move(walked).error();
    }
    if (Status named = walker.nameOutputs(); !named) {
        return std::move(named).error();
    }
    walker.addLateFailures();
    if (m_options.shard) {
        walker.keepShard(m_options.shard->index);
    }
    plan.sizes = m_options.sizes;
    return plan;
}

} // namespace dropsize

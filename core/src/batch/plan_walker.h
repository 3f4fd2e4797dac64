// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/core/batch_planner.h"
#include "files/paths.h"
#include "files/platform_files.h"

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace dropsize {

/// The planner's walk: what BatchPlanner::plan() finds in the input folders (walk()) or a list
/// (walkList()) becomes jobs, in groups of files that share an output folder; nameOutputs() then
/// names every output of every group, and keepShard() keeps one shard's. Each look at a file
/// ends as a job (to run, or failed with its reason) or an ignored path with its reason.
/// plan_walker.cpp holds the walk, plan_walker_list.cpp a list's lines, plan_walker_names.cpp
/// the naming.
class PlanWalker {
public:
    using PathString = paths::PathString;

    /// A file found by the walk, before its output is named.
    struct Candidate {
        PathString input;
        std::uint64_t bytes = 0;
        ImageFormat format = ImageFormat::Unknown;
    };

    PlanWalker(const PlanOptions& options, BatchPlan& plan)
        : m_options(options)
        , m_plan(plan)
    {
    }

    /// The identities of the batch's output folders, which the walk never enters.
    void setOutputRootIds(std::vector<FileIdentity> ids) { m_outputRootIds = std::move(ids); }

    /// Whether the batch was cancelled.
    bool stopped() const noexcept
    {
        return m_options.cancel != nullptr && m_options.cancel->stopRequested();
    }

    /// `systemCode`: the system's error number of the cause, kept so that a failure an
    /// engine could retry (EIO on a network file system, say) is known as one.
    void fail(const std::filesystem::path& path, ErrorCode code, Text message, int systemCode = 0);

    /// Ignores `path`, with the reason, in the plan's list of ignored paths.
    void ignore(const std::filesystem::path& path, Text reason);

    /// With a shard: the paths of jobs and ignored paths are made relative to this folder
    /// (an input folder's canonical path, or the list's root) for shardOf(); empty: each is
    /// known by its file name (a given file).
    void setShardRoot(PathString root) { m_shardRoot = std::move(root); }

    /// Keeps only the jobs and ignored paths of part `index`, once every output is named,
    /// and only the output folders that the kept jobs write to. Job ids stay those of the
    /// whole batch.
    void keepShard(std::uint32_t index);

    /// A file that could not be looked at: it fails when its name says it is an image,
    /// and is ignored (with the reason) otherwise.
    void problem(
        const std::filesystem::path& path, ErrorCode code, Text message, int systemCode = 0);

    /// Opens the file, reads its first bytes and decides: an image to take, a failure, or
    /// ignored. `given`: the file is an input itself, not found in a folder.
    std::optional<Candidate> takeFile(const std::filesystem::path& path, bool given = false);

    /// Decides on a file from its first bytes (or why they could not be read): an image to
    /// take, a failure, or ignored.
    std::optional<Candidate> takeFile(
        const PathString& path, Result<platform::FileHead> head, bool given = false);

    /// Walks `folder`, whose path is `dir` (inside the input folder `root`), its outputs
    /// going to `outFolder`. It moves down into each sub-folder and back, so that every look is
    /// relative to the folder at hand and paths are only strings: time and memory stay
    /// linear in the number of entries whatever the depth. Returns with `folder` where it
    /// was.
    Status walk(platform::WalkedFolder& folder, const PathString& dir,
        const std::filesystem::path& root, const PathString& outFolder, std::uint32_t outputRoot);

    /// Makes the jobs of files that share an output folder, in the order given; their
    /// outputs are named by nameOutputs() once every job is known.
    void addGroup(
        std::vector<Candidate>& files, const PathString& outFolder, std::uint32_t outputRoot);

    /// Names every output of every group (see baseNames() for the inputs' own names), then
    /// settles the names two outputs want and those taken on disk. An output another one of
    /// this batch named first is renamed under the Rename policy and fails otherwise, so
    /// that no two ever write one file. Fails only when cancelled.
    Status nameOutputs();

    /// Plans the files that `lines` name relative to the input folder `root` (canonical;
    /// `given` is its path as given, which a line may spell too) as walk() would plan them
    /// had it found just those files: the same positions in the order of jobs, the same
    /// groups, the same outputs, the same reasons. No folder is listed; what is learnt of a
    /// folder (whether the walk would enter it) is kept for the other lines in it.
    Status walkList(const std::vector<std::filesystem::path>& lines,
        const std::filesystem::path& root, const std::filesystem::path& given,
        const PathString& outFolder, std::uint32_t outputRoot);

    /// The jobs of lines that name no file of the tree (missing, outside the root), which
    /// the walk would never have found: they come after every other job, so that the others
    /// have the walk's ids (and numbers in names).
    void addLateFailures();

    /// The error of a plan that was cancelled.
    static Error cancelled() { return Error::of(ErrorCode::Cancelled, Text::tr("cancelled")); }

private:
    /// A name that says an image format (codec_registry.h), in any case: such a file that
    /// cannot be read fails.
    static bool hasImageName(const std::filesystem::path& path);

    /// A writer's temporary: this version's exact form, or an older one that put the output's
    /// name first (".a.jpg.dropsize-<pid>-<n>.tmp"). Never an input.
    static bool isTemporaryLeftover(const std::string& name);

    /// Why a run's temporary or an output folder's marker is never an input.
    static Text ownFileReason();

    /// The input's own extension when it names `format` ("photo.JPEG" stays so), else the
    /// format's first.
    static std::string outputExtension(const std::filesystem::path& input, ImageFormat format);

    /// A line of a list, in the form walkList() sorts and takes it.
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

    /// A line's failure, made a job by addLateFailures().
    struct LateFailure {
        PathString path;
        ErrorCode code = ErrorCode::Io;
        Text message;
    };

    /// `path` (lying inside `root`) relative to it, component by component.
    static std::filesystem::path relativeTo(
        const std::filesystem::path& path, const std::filesystem::path& root);

    /// A key whose order is the walk's: at each level a file ('\1' and its name) comes
    /// before a folder ('\2', its name, '\0'), and names compare as the walk sorts them.
    static PathString walkKey(const std::filesystem::path& rel);

    /// Looks at one line, `rel` below `root`: ignores it now, or adds it to `listed` to be
    /// taken (or to fail) in the walk's order, or to m_lateFailures.
    void listLine(const std::filesystem::path& root, const std::filesystem::path& rel,
        std::vector<Listed>& listed);

    /// The real path of `rel` below `root`, which is no link itself: the real path of its
    /// folder (kept per folder: a list holds many files of one folder), then its name.
    Result<std::filesystem::path> realPathOf(
        const std::filesystem::path& root, const std::filesystem::path& rel);

    /// Why the walk would never enter the folder `rel` below `root` (or one above it), with
    /// the walk's words; nullopt when it would. Kept per folder, for the next line in it.
    const std::optional<Text>& folderVerdict(
        const std::filesystem::path& root, const std::filesystem::path& rel);

    /// Jobs [first, first + count) of plan.jobs, whose outputs go to outFolder.
    struct Group {
        std::size_t first = 0;
        std::size_t count = 0;
        PathString outFolder;
    };

    /// The spec and the label of size `k` of the batch (the one size when --sizes is not given).
    const ResizeSpec& specOf(std::size_t k) const;
    std::string labelOf(std::size_t k) const;

    /// The name each input of a group has for its own ({name}.{ext}). A name two inputs of
    /// one folder want (x.jpg and x.png written as JPEG) goes to the input that has that
    /// name already, if any; every other gets its own extension in its name (x_png.jpg).
    /// Inputs from different folders (given files) that want one name each get their
    /// folder's name in it: "x (A).jpg". So names depend on the inputs alone, not on their
    /// order or on earlier runs. Names are told apart as the file system does
    /// (platform::nameKey): on Windows "Photo.jpg" and "photo.jpg" want one name.
    std::vector<std::string> baseNames(const Group& group) const;

    /// Why an output of `job` fails when the output of job `other` (maybe itself, another
    /// size) has its name, and what would tell them apart: only the fields the pattern
    /// lacks that would ({size} between sizes of one input; {name} and {n} between inputs),
    /// and --on-existing rename.
    Text collisionText(const Job& job, std::size_t other) const;

    /// Decides one output's fate: its name against the outputs of its group named before
    /// it (by `relative`'s key) and against what is on disk, by the policy. `ours`: false
    /// for a job of another part (PlanOptions::shard), whose name is claimed without looking
    /// at the disk: under Skip and Overwrite what is there decides only that job's own
    /// action, and each part would otherwise look up every output of the batch.
    void settle(const Job& job, JobOutput& out, const std::string& relative,
        const std::unordered_set<std::string>& wanted,
        std::unordered_map<std::string, std::size_t>& claimed, bool ours);

    /// What a job does, from its outputs': it runs when one does, else it fails when one
    /// fails (or it has none), else it is skipped.
    static JobAction jobAction(const Job& job);

    /// Decides on one entry `name` of `folder` (whose path is `dir`): a file to take (added to
    /// `files`), a sub-folder to walk (to `folders`), a failure, or ignored.
    void visit(const platform::WalkedFolder& folder, const PathString& dir, const PathString& name,
        const std::filesystem::path& root, std::vector<Candidate>& files,
        std::vector<PathString>& folders);

    /// Whether the entry `name` of `folder` is one of the batch's output folders.
    bool isOutputRoot(const platform::WalkedFolder& folder, const PathString& name) const;

    /// Appends the part of `path` (see setShardRoot()) to `parts`, when the plan is split,
    /// and returns the hash it is chosen by (0 when the plan is not split).
    std::uint64_t noteShard(std::vector<std::uint32_t>& parts, const PathString& path) const;

    const PlanOptions& m_options;
    BatchPlan& m_plan;
    PathString m_shardRoot;
    std::vector<std::uint32_t> m_jobShards; // with a shard: the part of each job
    std::vector<std::uint32_t> m_ignoredShards; // and of each ignored path
    std::vector<FileIdentity> m_outputRootIds;
    FileIdentitySet m_seenDirs;
    std::unordered_set<PathString> m_outputFolders;
    std::vector<Group> m_groups;
    // walkList()'s verdicts on folders, and the real paths it found.
    std::unordered_map<PathString, std::optional<Text>> m_folderVerdicts;
    std::unordered_map<PathString, std::filesystem::path> m_realFolders;
    std::vector<LateFailure> m_lateFailures;
    NameTemplate m_pattern; // what nameOutputs() names with (a folder per size added)
};

} // namespace dropsize

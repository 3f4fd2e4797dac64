// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/core/batch_planner.h"

#include "batch/plan_walker.h"
#include "dropsize/core/path_text.h"
#include "files/paths.h"
#include "files/platform_files.h"

#include <algorithm>

namespace fs = std::filesystem;

namespace dropsize {

namespace {

    using paths::isInsideFolder;
    using paths::isMarkedOutput;
    using paths::samePath;
    using paths::weaklyCanonical;
    using paths::withoutTrailingSeparator;

    using Candidate = PlanWalker::Candidate;

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
    Result<std::vector<Root>> givenRoots(
        const std::vector<fs::path>& givenInputs, PlanWalker& walker)
    {
        std::vector<Root> roots;
        FileIdentitySet seenFolders; // by identity, so that one folder spelt two ways is one
        for (const fs::path& given : givenInputs) {
            if (walker.stopped()) {
                return PlanWalker::cancelled();
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
        const std::vector<Root>& roots, const PlanOptions& options, PlanWalker& walker)
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
        const PlanOptions& options, PlanWalker& walker, const BatchPlan& plan)
    {
        // Given files that share an output folder are named together, in path order.
        std::vector<std::vector<Candidate>> fileGroups(plan.outputRoots.size());
        for (const Root& root : roots) {
            if (walker.stopped()) {
                return PlanWalker::cancelled();
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
    PlanWalker walker(m_options, plan);
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

// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "batch/plan_walker.h"
#include "codecs/codec_registry.h"
#include "dropsize/core/path_text.h"

#include <algorithm>

namespace fs = std::filesystem;

namespace dropsize {

using paths::entryExists;
using paths::joined;
using paths::leafName;
using paths::PathString;

std::string PlanWalker::outputExtension(const fs::path& input, ImageFormat format)
{
    std::string ext = utf8(input.extension());
    const CodecEntry* codec = findCodec(format);
    if (codec == nullptr || codecForExtension(ext) == codec) {
        return ext;
    }
    return std::string(codec->extensions.front());
}

Status PlanWalker::nameOutputs()
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
                    sizes[k] = makeResizePlan(inspection->inspected.header.info, specOf(k)).output;
                }
            }
            const fs::path base = pathFromUtf8(names[i]);
            const std::string stem = utf8(base.stem());
            const std::string ext = utf8(base.extension()).substr(1);
            for (std::size_t k = 0; k < sizeCount; ++k) {
                const std::string label = labelOf(k);
                const NameFields fields { stem, ext, sizes[k], label, job.id + 1, numberWidth };
                JobOutput out;
                out.size = static_cast<std::uint32_t>(k);
                out.named = readHeaders ? sizes[k] : Size {};
                relative[i].push_back(pattern.expand(fields));
                wanted.insert(platform::nameKey(relative[i].back()));
                out.path = joined(
                    group.outFolder, pathFromUtf8(relative[i].back()).make_preferred().native());
                job.outputs.push_back(std::move(out));
            }
        }
        // Names are settled within the group: every output is its group's folder plus a
        // relative path of as many components as the pattern has, so outputs of two
        // groups (whose folders differ, or lie at different depths) never meet.
        std::unordered_map<std::string, std::size_t> claimed; // by name key, job id
        for (std::size_t i = 0; i < group.count; ++i) {
            Job& job = m_plan.jobs[group.first + i];
            const bool ours = !m_options.shard || m_jobShards[job.id] == m_options.shard->index;
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

const ResizeSpec& PlanWalker::specOf(std::size_t k) const
{
    return m_options.sizes.empty() ? m_options.process.spec : m_options.sizes[k].spec;
}

std::string PlanWalker::labelOf(std::size_t k) const
{
    return m_options.sizes.empty() ? sizeLabel(m_options.process.spec) : m_options.sizes[k].label;
}

std::vector<std::string> PlanWalker::baseNames(const Group& group) const
{
    const auto jobAt = [&](std::size_t i) -> const Job& { return m_plan.jobs[group.first + i]; };
    std::vector<std::string> names(group.count);
    std::unordered_map<std::string, int> wanted; // by name key
    for (std::size_t i = 0; i < group.count; ++i) {
        const fs::path name = leafName(jobAt(i).inputPath);
        names[i] = fittedName(utf8(name.stem()), outputExtension(name, jobAt(i).outputFormat));
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
            names[i]
                = fittedName(utf8(name.stem()) + " (" + utf8(in.parent_path().filename()) + ")",
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
        if ((alone || utf8(leafName(jobAt(i).inputPath)) == names[i]) && used.insert(key).second) {
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
        std::string name = own.size() > 1 ? fittedName(stem, "_" + own.substr(1) + ext) : "";
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

Text PlanWalker::collisionText(const Job& job, std::size_t other) const
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

void PlanWalker::settle(const Job& job, JobOutput& out, const std::string& relative,
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

JobAction PlanWalker::jobAction(const Job& job)
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

} // namespace dropsize

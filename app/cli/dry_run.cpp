// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "cli/dry_run.h"

#include "cli/cli_reporter.h"
#include "dropsize/core/batch_scheduler.h"
#include "dropsize/core/path_text.h"

#include <algorithm>
#include <filesystem>
#include <map>
#include <optional>
#include <string>

namespace dropsize::cli {

namespace {

    std::string sizeText(Size s)
    {
        return std::to_string(s.width) + "x" + std::to_string(s.height);
    }

} // namespace

DryRunCounts printDryRun(
    const BatchPlan& plan, const CliOptions& options, std::FILE* out, const CancelToken* cancel)
{
    DryRunCounts counts;
    // What a write in each output folder would meet, checked once a folder. Keyed by the path
    // itself: a round trip through std::string would name another folder on Windows.
    std::map<std::filesystem::path, std::optional<Error>> folders;
    auto folderProblem = [&](const JobOutput& planned) -> const std::optional<Error>& {
        const std::filesystem::path dir = planned.output().parent_path();
        auto at = folders.find(dir);
        if (at == folders.end()) {
            const Status usable = AtomicFileWriter::checkFolder(dir);
            at = folders.emplace(dir, usable ? std::nullopt : std::optional<Error>(usable.error()))
                     .first;
        }
        return at->second;
    };
    auto print = [&](const std::string& line) {
        return std::fputs(line.c_str(), out) >= 0 && std::fflush(out) == 0;
    };
    const bool several = plan.sizes.size() > 1;
    for (const Job& job : plan.jobs) {
        if (cancel != nullptr && cancel->stopRequested()) {
            return counts;
        }
        // The job's verdict first, then each output's: a file's problem is every output's.
        std::string jobAction = "resize";
        std::string jobDetail;
        std::optional<FileInspection> inspection;
        if (job.action == JobAction::Fail && job.outputs.empty()) {
            jobAction = "fail";
            jobDetail = job.reason ? job.reason->message : "";
        } else if (job.runs()) {
            auto read = inspectFile(job.input(), options.batch.process);
            if (!read) {
                jobAction = "fail";
                jobDetail = read.error().message;
            } else {
                inspection = std::move(read).value();
            }
        }
        std::string jsonOutputs;
        std::string text;
        Size from;
        Size firstTo;
        std::string firstNote;
        std::string firstAction = jobAction;
        std::string firstDetail = jobDetail;
        if (inspection) {
            from = { inspection->inspected.header.info.width,
                inspection->inspected.header.info.height };
        }
        const std::size_t outputCount = std::max<std::size_t>(job.outputs.size(), 1);
        for (std::size_t k = 0; k < outputCount; ++k) {
            const JobOutput* planned = k < job.outputs.size() ? &job.outputs[k] : nullptr;
            std::string action = jobAction;
            std::string detail = jobDetail;
            std::string note;
            Size to;
            if (planned != nullptr && !planned->runs() && action == "resize") {
                action = planned->action == JobAction::Skip ? "skip" : "fail";
                detail = planned->reason ? planned->reason->message : "";
            } else if (planned != nullptr && action == "resize") {
                if (const std::optional<Error>& folder = folderProblem(*planned)) {
                    action = "fail";
                    detail = folder->message;
                } else if (inspection) {
                    const ResizeSpec& spec = planned->size < plan.sizes.size()
                        ? plan.sizes[planned->size].spec
                        : options.batch.process.spec;
                    to = makeResizePlan(inspection->inspected.header.info, spec).output;
                    // As the run's log says it: why its size was kept or only cropped, and what
                    // the decoder did otherwise than the file asked.
                    note = sizeNote(inspection->inspected.header.info, spec).english();
                    const std::string warning = inspection->inspected.header.warning.english();
                    if (!warning.empty()) {
                        note += (note.empty() ? "" : "; ") + warning;
                    }
                }
            }
            if (k == 0) {
                firstTo = to;
                firstNote = note;
                firstAction = action;
                firstDetail = detail;
            }
            ++(action == "resize" ? counts.resize : action == "skip" ? counts.skip : counts.failed);
            const std::string output = planned != nullptr ? utf8(planned->output()) : std::string();
            const std::string label = planned != nullptr && planned->size < plan.sizes.size()
                ? plan.sizes[planned->size].label
                : std::string();
            if (options.json) {
                jsonOutputs += std::string(k == 0 ? "" : ",") + "{\"size\":" + jsonString(label)
                    + ",\"action\":\"" + action + "\",\"output\":" + jsonString(output)
                    + ",\"output_size\":[" + std::to_string(to.width) + ","
                    + std::to_string(to.height) + "],\"reason\":" + jsonString(detail)
                    + (note.empty() ? "" : ",\"note\":" + jsonString(note)) + "}";
            } else if (detail.empty()) {
                text += action + " " + printable(utf8(job.input())) + " -> " + printable(output)
                    + "  " + sizeText(from) + " -> " + sizeText(to)
                    + (note.empty() ? "" : "  (" + note + ")") + "\n";
            } else {
                // With several sizes, the output says which one.
                text += (action == "skip" ? "skip   " : "fail   ") + printable(utf8(job.input()))
                    + (several && !output.empty() ? " -> " + printable(output) : "") + ": "
                    + printable(detail) + "\n";
            }
            if (planned == nullptr) {
                break;
            }
            if (!jobDetail.empty() && !options.json) {
                // The file's own problem: one line says it, for each of its outputs.
                counts.failed += outputCount - 1 - k;
                break;
            }
        }
        std::string line = text;
        if (options.json) {
            // With one output the file's verdict is that output's, as before sizes were lists.
            const bool one = job.outputs.size() == 1;
            const std::string verdict = one     ? firstAction
                : !jobDetail.empty()            ? jobAction
                : job.action == JobAction::Skip ? "skip"
                : job.action == JobAction::Fail ? "fail"
                                                : "resize";
            const std::string reason = one    ? firstDetail
                : !jobDetail.empty()          ? jobDetail
                : (job.runs() || !job.reason) ? std::string()
                                              : job.reason->message;
            line = "{\"event\":\"plan\",\"id\":" + std::to_string(job.id) + ",\"action\":\"";
            line.append(verdict).append("\",\"input\":").append(jsonString(utf8(job.input())));
            line.append(",\"output\":").append(jsonString(utf8(job.output())));
            line.append(",\"input_size\":[").append(std::to_string(from.width)).append(",");
            line.append(std::to_string(from.height)).append("],\"output_size\":[");
            line.append(std::to_string(firstTo.width)).append(",");
            line.append(std::to_string(firstTo.height)).append("],\"reason\":");
            line.append(jsonString(reason));
            if (!firstNote.empty()) {
                line.append(",\"note\":").append(jsonString(firstNote));
            }
            line.append(",\"outputs\":[").append(jsonOutputs).append("]}\n");
        }
        ++counts.inputs;
        if (!print(line)) {
            return counts;
        }
    }
    for (const IgnoredPath& ignored : plan.ignored) {
        ++counts.ignored;
        const std::string line = options.json
            ? "{\"event\":\"ignored\",\"path\":" + jsonString(utf8(ignored.path))
                + ",\"reason\":" + jsonString(ignored.reason.english()) + "}\n"
            : "ignore " + printable(utf8(ignored.path)) + ": " + printable(ignored.reason.english())
                + "\n";
        if (!print(line)) {
            return counts;
        }
    }
    if (several) {
        std::fprintf(options.json ? stderr : out,
            "%zu outputs to write, %zu to skip, %zu would fail (%zu inputs at %zu sizes), %zu "
            "other paths ignored\n",
            counts.resize, counts.skip, counts.failed, counts.inputs, plan.sizes.size(),
            counts.ignored);
    } else {
        std::fprintf(options.json ? stderr : out,
            "%zu to resize, %zu to skip, %zu would fail, %zu other paths ignored\n", counts.resize,
            counts.skip, counts.failed, counts.ignored);
    }
    return counts;
}

} // namespace dropsize::cli

// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "cli/dry_run.h"

#include "cli/cli_reporter.h"
#include "dropsize/core/batch_scheduler.h"

#include <optional>
#include <string>
#include <unordered_map>

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
    // What a write in each output folder would meet, checked once a folder.
    std::unordered_map<std::string, std::optional<Error>> folders;
    auto folderProblem = [&](const Job& job) -> const std::optional<Error>& {
        const std::string dir = job.output().parent_path().string();
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
    for (const Job& job : plan.jobs) {
        if (cancel != nullptr && cancel->stopRequested()) {
            return counts;
        }
        std::string action = "resize";
        std::string detail;
        std::string note;
        Size from;
        Size to;
        if (job.action != JobAction::Run) {
            action = job.action == JobAction::Skip ? "skip" : "fail";
            detail = job.reason ? job.reason->message : "";
        } else if (const std::optional<Error>& folder = folderProblem(job)) {
            action = "fail";
            detail = folder->message;
        } else if (auto preview = BatchScheduler::preview(job.input(), options.batch.process);
                   !preview) {
            action = "fail";
            detail = preview.error().message;
        } else {
            from = { preview->inspected.header.info.width, preview->inspected.header.info.height };
            to = preview->inspected.plan.output;
            note = preview->note;
        }
        ++(action == "resize" ? counts.resize : action == "skip" ? counts.skip : counts.failed);
        std::string line;
        if (options.json) {
            line = "{\"event\":\"plan\",\"id\":" + std::to_string(job.id) + ",\"action\":\""
                + action + "\",\"input\":" + jsonString(job.input().string())
                + ",\"output\":" + jsonString(job.output().string()) + ",\"input_size\":["
                + std::to_string(from.width) + "," + std::to_string(from.height)
                + "],\"output_size\":[" + std::to_string(to.width) + "," + std::to_string(to.height)
                + "],\"reason\":" + jsonString(detail)
                + (note.empty() ? "" : ",\"note\":" + jsonString(note)) + "}\n";
        } else if (detail.empty()) {
            line = action + " " + printable(job.input().string()) + " -> "
                + printable(job.output().string()) + "  " + sizeText(from) + " -> " + sizeText(to)
                + (note.empty() ? "" : "  (" + note + ")") + "\n";
        } else {
            line = (action == "skip" ? "skip   " : "fail   ") + printable(job.input().string())
                + ": " + printable(detail) + "\n";
        }
        if (!print(line)) {
            return counts;
        }
    }
    for (const IgnoredPath& ignored : plan.ignored) {
        ++counts.ignored;
        const std::string line = options.json
            ? "{\"event\":\"ignored\",\"path\":" + jsonString(ignored.path.string())
                + ",\"reason\":" + jsonString(ignored.reason) + "}\n"
            : "ignore " + printable(ignored.path.string()) + ": " + printable(ignored.reason)
                + "\n";
        if (!print(line)) {
            return counts;
        }
    }
    std::fprintf(options.json ? stderr : out,
        "%zu to resize, %zu to skip, %zu would fail, %zu other paths ignored\n", counts.resize,
        counts.skip, counts.failed, counts.ignored);
    return counts;
}

} // namespace dropsize::cli

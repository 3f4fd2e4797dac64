// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "cli/dry_run.h"

#include "cli/cli_reporter.h"
#include "dropsize/core/batch_scheduler.h"
#include "dropsize/core/path_text.h"

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
    auto folderProblem = [&](const Job& job) -> const std::optional<Error>& {
        const std::filesystem::path dir = job.output().parent_path();
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
                + action + "\",\"input\":" + jsonString(utf8(job.input()))
                + ",\"output\":" + jsonString(utf8(job.output())) + ",\"input_size\":["
                + std::to_string(from.width) + "," + std::to_string(from.height)
                + "],\"output_size\":[" + std::to_string(to.width) + "," + std::to_string(to.height)
                + "],\"reason\":" + jsonString(detail)
                + (note.empty() ? "" : ",\"note\":" + jsonString(note)) + "}\n";
        } else if (detail.empty()) {
            line = action + " " + printable(utf8(job.input())) + " -> "
                + printable(utf8(job.output())) + "  " + sizeText(from) + " -> " + sizeText(to)
                + (note.empty() ? "" : "  (" + note + ")") + "\n";
        } else {
            line = (action == "skip" ? "skip   " : "fail   ") + printable(utf8(job.input())) + ": "
                + printable(detail) + "\n";
        }
        if (!print(line)) {
            return counts;
        }
    }
    for (const IgnoredPath& ignored : plan.ignored) {
        ++counts.ignored;
        const std::string line = options.json
            ? "{\"event\":\"ignored\",\"path\":" + jsonString(utf8(ignored.path))
                + ",\"reason\":" + jsonString(ignored.reason) + "}\n"
            : "ignore " + printable(utf8(ignored.path)) + ": " + printable(ignored.reason) + "\n";
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

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

    // A verdict on a job or one of its outputs: "resize", "skip" or "fail", and why.
    struct Verdict {
        std::string action = "resize";
        std::string detail;
        std::string note; // an output's: why its size was kept, what the decoder did
        Size to; // an output's size, when it is resized
    };

    class DryRun {
    public:
        DryRun(const BatchPlan& plan, const CliOptions& options, std::FILE* out)
            : m_plan(plan)
            , m_options(options)
            , m_out(out)
        {
        }

        // One input's line (or JSON object) with its outputs'; false when `out` is closed.
        bool printJob(const Job& job)
        {
            std::optional<FileInspection> inspection;
            const Verdict verdict = jobVerdict(job, inspection);
            Size from;
            if (inspection) {
                from = { inspection->inspected.header.info.width,
                    inspection->inspected.header.info.height };
            }
            std::string jsonOutputs;
            std::string text;
            Verdict first = verdict;
            const std::size_t outputCount = std::max<std::size_t>(job.outputs.size(), 1);
            for (std::size_t k = 0; k < outputCount; ++k) {
                const JobOutput* planned = k < job.outputs.size() ? &job.outputs[k] : nullptr;
                const Verdict v = outputVerdict(planned, verdict, inspection);
                if (k == 0) {
                    first = v;
                }
                ++(v.action == "resize"      ? m_counts.resize
                        : v.action == "skip" ? m_counts.skip
                                             : m_counts.failed);
                const std::string output
                    = planned != nullptr ? utf8(planned->output()) : std::string();
                if (m_options.json) {
                    jsonOutputs += (k == 0 ? "" : ",") + jsonOutput(planned, v, output);
                } else {
                    text += textLine(job, v, output, from);
                }
                if (planned == nullptr) {
                    break;
                }
                if (!verdict.detail.empty() && !m_options.json) {
                    // The file's own problem: one line says it, for each of its outputs.
                    m_counts.failed += outputCount - 1 - k;
                    break;
                }
            }
            ++m_counts.inputs;
            return print(m_options.json ? jsonLine(job, verdict, first, from, jsonOutputs) : text);
        }

        // The paths left out, each with its reason; false when `out` is closed.
        bool printIgnored()
        {
            for (const IgnoredPath& ignored : m_plan.ignored) {
                ++m_counts.ignored;
                const std::string line = m_options.json
                    ? "{\"event\":\"ignored\",\"path\":" + jsonString(utf8(ignored.path))
                        + ",\"reason\":" + jsonString(ignored.reason.english()) + "}\n"
                    : "ignore " + printable(utf8(ignored.path)) + ": "
                        + printable(ignored.reason.english()) + "\n";
                if (!print(line)) {
                    return false;
                }
            }
            return true;
        }

        void printSummary() const
        {
            if (several()) {
                std::fprintf(m_options.json ? stderr : m_out,
                    "%zu outputs to write, %zu to skip, %zu would fail (%zu inputs at %zu sizes), "
                    "%zu other paths ignored\n",
                    m_counts.resize, m_counts.skip, m_counts.failed, m_counts.inputs,
                    m_plan.sizes.size(), m_counts.ignored);
            } else {
                std::fprintf(m_options.json ? stderr : m_out,
                    "%zu to resize, %zu to skip, %zu would fail, %zu other paths ignored\n",
                    m_counts.resize, m_counts.skip, m_counts.failed, m_counts.ignored);
            }
        }

        const DryRunCounts& counts() const noexcept { return m_counts; }

    private:
        bool several() const noexcept { return m_plan.sizes.size() > 1; }

        bool print(const std::string& line)
        {
            m_counts.outputClosed = m_counts.outputClosed || std::fputs(line.c_str(), m_out) < 0
                || std::fflush(m_out) != 0;
            return !m_counts.outputClosed;
        }

        // What a write in each output folder would meet, checked once a folder. Keyed by the
        // path itself: a round trip through std::string would name another folder on Windows.
        const std::optional<Error>& folderProblem(const JobOutput& planned)
        {
            const std::filesystem::path dir = planned.output().parent_path();
            auto at = m_folders.find(dir);
            if (at == m_folders.end()) {
                const Status usable = AtomicFileWriter::checkFolder(dir);
                at = m_folders
                         .emplace(dir, usable ? std::nullopt : std::optional<Error>(usable.error()))
                         .first;
            }
            return at->second;
        }

        // The job's verdict, before its outputs': a file's problem is every output's.
        Verdict jobVerdict(const Job& job, std::optional<FileInspection>& inspection) const
        {
            Verdict v;
            if (job.action == JobAction::Fail && job.outputs.empty()) {
                v.action = "fail";
                v.detail = job.reason ? job.reason->message : "";
            } else if (job.runs()) {
                auto read = inspectFile(job.input(), m_options.batch.process);
                if (!read) {
                    v.action = "fail";
                    v.detail = read.error().message;
                } else {
                    inspection = std::move(read).value();
                }
            }
            return v;
        }

        Verdict outputVerdict(const JobOutput* planned, const Verdict& job,
            const std::optional<FileInspection>& inspection)
        {
            Verdict v { job.action, job.detail, {}, {} };
            if (planned != nullptr && !planned->runs() && v.action == "resize") {
                v.action = planned->action == JobAction::Skip ? "skip" : "fail";
                v.detail = planned->reason ? planned->reason->message : "";
            } else if (planned != nullptr && v.action == "resize") {
                if (const std::optional<Error>& folder = folderProblem(*planned)) {
                    v.action = "fail";
                    v.detail = folder->message;
                } else if (inspection) {
                    const ResizeSpec& spec = planned->size < m_plan.sizes.size()
                        ? m_plan.sizes[planned->size].spec
                        : m_options.batch.process.spec;
                    const ImageInfo& info = inspection->inspected.header.info;
                    v.to = makeResizePlan(info, spec).output;
                    // As the run's log says it: why its size was kept or only cropped, and what
                    // the decoder did otherwise than the file asked.
                    v.note = sizeNote(info, spec).english();
                    const std::string warning = inspection->inspected.header.warning.english();
                    if (!warning.empty()) {
                        v.note += (v.note.empty() ? "" : "; ") + warning;
                    }
                }
            }
            return v;
        }

        std::string jsonOutput(
            const JobOutput* planned, const Verdict& v, const std::string& output) const
        {
            const std::string label = planned != nullptr && planned->size < m_plan.sizes.size()
                ? m_plan.sizes[planned->size].label
                : std::string();
            return "{\"size\":" + jsonString(label) + ",\"action\":\"" + v.action + "\",\"output\":"
                + jsonString(output) + ",\"output_size\":[" + std::to_string(v.to.width) + ","
                + std::to_string(v.to.height) + "],\"reason\":" + jsonString(v.detail)
                + (v.note.empty() ? "" : ",\"note\":" + jsonString(v.note)) + "}";
        }

        std::string textLine(
            const Job& job, const Verdict& v, const std::string& output, Size from) const
        {
            if (v.detail.empty()) {
                return v.action + " " + printable(utf8(job.input())) + " -> " + printable(output)
                    + "  " + sizeText(from) + " -> " + sizeText(v.to)
                    + (v.note.empty() ? "" : "  (" + v.note + ")") + "\n";
            }
            // With several sizes, the output says which one.
            return (v.action == "skip" ? "skip   " : "fail   ") + printable(utf8(job.input()))
                + (several() && !output.empty() ? " -> " + printable(output) : "") + ": "
                + printable(v.detail) + "\n";
        }

        // The "plan" event of a job: with one output the file's verdict is that output's, as
        // before sizes were lists.
        static std::string jsonLine(const Job& job, const Verdict& verdict, const Verdict& first,
            Size from, const std::string& outputs)
        {
            const bool one = job.outputs.size() == 1;
            const std::string action = one      ? first.action
                : !verdict.detail.empty()       ? verdict.action
                : job.action == JobAction::Skip ? "skip"
                : job.action == JobAction::Fail ? "fail"
                                                : "resize";
            const std::string reason = one    ? first.detail
                : !verdict.detail.empty()     ? verdict.detail
                : (job.runs() || !job.reason) ? std::string()
                                              : job.reason->message;
            std::string line
                = "{\"event\":\"plan\",\"id\":" + std::to_string(job.id) + ",\"action\":\"";
            line.append(action).append("\",\"input\":").append(jsonString(utf8(job.input())));
            line.append(",\"output\":").append(jsonString(utf8(job.output())));
            line.append(",\"input_size\":[").append(std::to_string(from.width)).append(",");
            line.append(std::to_string(from.height)).append("],\"output_size\":[");
            line.append(std::to_string(first.to.width)).append(",");
            line.append(std::to_string(first.to.height)).append("],\"reason\":");
            line.append(jsonString(reason));
            if (!first.note.empty()) {
                line.append(",\"note\":").append(jsonString(first.note));
            }
            line.append(",\"outputs\":[").append(outputs).append("]}\n");
            return line;
        }

        const BatchPlan& m_plan;
        const CliOptions& m_options;
        std::FILE* m_out;
        DryRunCounts m_counts;
        std::map<std::filesystem::path, std::optional<Error>> m_folders;
    };

} // namespace

DryRunCounts printDryRun(
    const BatchPlan& plan, const CliOptions& options, std::FILE* out, const CancelToken* cancel)
{
    DryRun run(plan, options, out);
    for (const Job& job : plan.jobs) {
        if (cancel != nullptr && cancel->stopRequested()) {
            return run.counts();
        }
        if (!run.printJob(job)) {
            return run.counts();
        }
    }
    if (run.printIgnored()) {
        run.printSummary();
    }
    return run.counts();
}

} // namespace dropsize::cli

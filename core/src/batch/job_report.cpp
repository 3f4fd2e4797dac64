// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "batch/job_report.h"

#include "dropsize/core/path_text.h"

#include <utility>

namespace dropsize {

JobReport startReport(const Job& job, std::span<const OutputSize> sizes)
{
    JobReport report;
    report.id = job.id;
    report.shardHash = job.shardHash;
    report.input = job.input();
    report.inputBytes = job.inputBytes;
    report.device = Device::Cpu;
    for (const JobOutput& out : job.outputs) {
        OutputReport o;
        o.size = out.size;
        o.label = out.size < sizes.size() ? sizes[out.size].label : std::string();
        o.path = out.output();
        if (!out.runs()) {
            o.pending = false;
            o.status = out.action == JobAction::Skip ? JobStatus::Skipped : JobStatus::Failed;
            o.error = out.reason ? *out.reason
                                 : Error::of(ErrorCode::Internal, Text::tr("not written"));
            if (o.error->path.empty()) {
                o.error->path = utf8(o.path);
            }
        }
        report.outputs.push_back(std::move(o));
    }
    if (!job.runs() && !report.outputs.empty()) {
        finishReport(report);
        return report;
    }
    if (job.action == JobAction::Skip) {
        report.status = JobStatus::Skipped;
        report.output = job.output(); // the file that is there already
        report.error = job.reason ? std::optional<Error>(*job.reason) : std::nullopt;
    } else if (job.action == JobAction::Fail) {
        report.status = JobStatus::Failed;
        report.error = job.reason ? std::optional<Error>(*job.reason) : std::nullopt;
    }
    if (report.error && report.error->path.empty()) {
        report.error->path = job.action == JobAction::Skip ? utf8(job.output()) : utf8(job.input());
    }
    return report;
}

void failReport(JobReport& report, Error error)
{
    report.status = error.code == ErrorCode::Cancelled ? JobStatus::Cancelled : JobStatus::Failed;
    if (error.path.empty()) {
        error.path = utf8(report.input);
    }
    for (std::size_t i = 0; i < report.outputs.size(); ++i) {
        if (report.outputs[i].pending) {
            failOutput(report, i, error);
        }
    }
    report.error = std::move(error);
}

void failOutput(JobReport& report, std::size_t output, Error error)
{
    OutputReport& o = report.outputs[output];
    o.pending = false;
    o.status = error.code == ErrorCode::Cancelled ? JobStatus::Cancelled : JobStatus::Failed;
    if (error.path.empty()) {
        error.path = utf8(report.input);
    }
    o.error = std::move(error);
}

void finishReport(JobReport& report)
{
    if (report.outputs.empty()) {
        return;
    }
    const auto first = [&](JobStatus status) -> const OutputReport* {
        for (OutputReport& o : report.outputs) {
            if (o.pending) {
                o.pending = false;
                o.status = JobStatus::Cancelled;
                o.error
                    = Error::of(ErrorCode::Cancelled, Text::tr("cancelled"), utf8(report.input));
            }
        }
        for (const OutputReport& o : report.outputs) {
            if (o.status == status) {
                return &o;
            }
        }
        return nullptr;
    };
    const OutputReport* ok = first(JobStatus::Ok);
    const OutputReport* worst = nullptr;
    for (const JobStatus status : { JobStatus::Failed, JobStatus::Cancelled }) {
        if (worst == nullptr) {
            worst = first(status);
        }
    }
    const OutputReport* skipped = first(JobStatus::Skipped);
    report.status = worst != nullptr ? worst->status
        : ok != nullptr              ? JobStatus::Ok
                                     : JobStatus::Skipped;
    const OutputReport* said = worst != nullptr ? worst : ok != nullptr ? nullptr : skipped;
    report.error = said != nullptr ? said->error : std::nullopt;
    // A skipped job names the file that is there already, if that is why it was skipped.
    const bool taken = report.status == JobStatus::Skipped && skipped != nullptr && skipped->error
        && skipped->error->code == ErrorCode::Exists;
    report.output = ok != nullptr ? ok->path : taken ? skipped->path : std::filesystem::path();
    const OutputReport& shown = ok != nullptr ? *ok : report.outputs.front();
    report.outputSize = shown.outputSize;
    report.device = shown.device;
    report.quality = shown.quality;
    report.ifBigger = shown.ifBigger;
    if (report.outputs.size() == 1) {
        report.note = shown.note;
    }
    report.warning = Text();
    for (const OutputReport& o : report.outputs) {
        if (!o.warning.empty()) {
            report.warning = o.warning;
            break;
        }
    }
    report.outputBytes = 0;
    for (const OutputReport& o : report.outputs) {
        if (o.status == JobStatus::Ok) {
            report.outputBytes += o.bytes;
        }
    }
}

} // namespace dropsize

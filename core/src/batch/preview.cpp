// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/core/preview.h"

#include "batch/job_pipeline.h"
#include "batch/memory_budget.h"
#include "dropsize/core/path_text.h"

#include <algorithm>
#include <exception>
#include <omp.h>
#include <utility>

namespace fs = std::filesystem;

namespace dropsize {

namespace {

    // The run's options for a batch of this one image, as BatchScheduler::run() sets them: one
    // CPU worker, so each image may use every thread (which changes no byte of the output).
    ProcessOptions oneImageOptions(const BatchOptions& batch)
    {
        ProcessOptions process = batch.process;
        process.threadsPerImage
            = std::max(1, batch.threads > 0 ? batch.threads : omp_get_num_procs());
        return process;
    }

    Result<Preview> previewJob(const BatchPlan& plan, Job job, const BatchOptions& batch,
        const CancelToken& cancel, std::optional<std::size_t> onlyOutput)
    {
        Preview preview;
        preview.inputFormat = job.format;
        preview.outputFormat = job.outputFormat;
        preview.encoded.resize(job.outputs.size());
        preview.exists.resize(job.outputs.size(), false);
        // An output skipped because its file is there is made all the same: the preview shows
        // what the settings give, and says that the batch will leave the file as it is.
        bool anyRuns = false;
        for (std::size_t i = 0; i < job.outputs.size(); ++i) {
            JobOutput& out = job.outputs[i];
            if (out.action == JobAction::Skip && out.reason
                && out.reason->code == ErrorCode::Exists) {
                preview.exists[i] = true;
                out.action = JobAction::Run;
                out.reason.reset();
            }
            if (onlyOutput && *onlyOutput != out.size && out.runs()) {
                out.action = JobAction::Skip;
                out.reason = std::make_shared<const Error>(
                    Error::of(ErrorCode::Cancelled, Text::tr("not previewed"), {}));
            }
            anyRuns = anyRuns || out.runs();
        }
        if (job.action == JobAction::Skip && anyRuns) {
            job.action = JobAction::Run;
            job.reason.reset();
        }

        MemoryBudget memory(batch.memoryBudget);
        const OutputSink sink = [&](std::size_t output, std::span<const std::uint8_t> bytes) {
            preview.encoded[output].assign(bytes.begin(), bytes.end());
        };
        const JobPipeline pipeline(oneImageOptions(batch), plan.sizes, plan.onExisting,
            plan.inputIdentities, memory, cancel, &sink);
        preview.report = pipeline.run(job);
        if (cancel.stopRequested()) {
            return Error::of(ErrorCode::Cancelled, Text::tr("cancelled"), utf8(job.input()));
        }
        // Only what the batch would write is kept: an output that failed or was skipped after
        // it was encoded (the larger-than-input rule) holds nothing.
        for (std::size_t i = 0; i < preview.report.outputs.size() && i < preview.encoded.size();
             ++i) {
            if (preview.report.outputs[i].status != JobStatus::Ok) {
                preview.encoded[i].clear();
            }
        }
        return preview;
    }

} // namespace

Result<Preview> makePreview(const fs::path& input, const PlanOptions& plan,
    const BatchOptions& batch, const CancelToken* cancel, std::optional<std::size_t> onlyOutput)
{
    try {
        const CancelToken never;
        const CancelToken& stop = cancel != nullptr ? *cancel : never;
        PlanOptions options = plan;
        // The output folders are the batch's business: a preview writes nothing there.
        options.checkOutputs = false;
        options.cancel = &stop;
        auto planned = BatchPlanner(options).plan({ input });
        if (!planned) {
            return std::move(planned).error();
        }
        if (planned->jobs.empty()) {
            if (!planned->ignored.empty()) {
                return Error::of(ErrorCode::UnsupportedFormat,
                    Text::tr("the batch does not take this file: %1")
                        .arg(planned->ignored.front().reason),
                    utf8(input));
            }
            return Error::of(ErrorCode::NotFound, Text::tr("no image to preview"), utf8(input));
        }
        const BatchPlan& batchPlan = *planned;
        return previewJob(batchPlan, batchPlan.jobs.front(), batch, stop, onlyOutput);
    } catch (const std::exception& e) {
        return Error { ErrorCode::Internal, e.what(), utf8(input) };
    }
}

Result<Image> decodeForView(std::span<const std::uint8_t> file, int maxWidth, int maxHeight,
    const DecodeLimits& limits, const CancelToken* cancel, bool shrinkOnLoad)
{
    try {
        ProcessOptions options;
        options.limits = limits;
        if (maxWidth > 0 && maxHeight > 0) {
            options.spec.mode = SizeMode::Fit;
            options.spec.width = maxWidth;
            options.spec.height = maxHeight;
            options.spec.enlarge = false;
            options.spec.filter = Filter::Bilinear;
        } else {
            options.spec.mode = SizeMode::Percent;
            options.spec.percent = 100.0;
        }
        const ImageProcessor processor(options);
        auto opened = processor.open(file);
        if (!opened) {
            return std::move(opened).error();
        }
        if (auto finished = opened->finishHeader(); !finished) {
            return std::move(finished).error();
        }
        ImageInfo info = opened->inspected().header.info;
        if (!shrinkOnLoad) {
            info.dctScalable = false; // the same fit, from pixels decoded at full size
        }
        return opened->render(makeResizePlan(info, options.spec), cancel);
    } catch (const std::exception& e) {
        return Error { ErrorCode::Internal, e.what(), {} };
    }
}

} // namespace dropsize

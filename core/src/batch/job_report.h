// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

// A job's report as its pipeline fills it in: started with every output pending, each output
// ended once (written, skipped, failed or cancelled), then the job's own status from its
// outputs'. The CPU workers, the GPU worker and the run use these, so that a job is reported the
// same wherever it ran.

#include "dropsize/core/batch_observer.h"
#include "dropsize/core/size_list.h"

#include <cstddef>
#include <span>

namespace dropsize {

/// A job's report before it runs, with an OutputReport for each output (labelled by `sizes`,
/// the plan's): a job or output planned as skipped or failed is final here.
JobReport startReport(const Job& job, std::span<const OutputSize> sizes = {});
/// Ends `report` with `error`, and every output still pending with it: cancelled for
/// ErrorCode::Cancelled, failed otherwise; the error names the input when it names no file.
void failReport(JobReport& report, Error error);
/// Ends output `output` with `error`, as failReport() does the job.
void failOutput(JobReport& report, std::size_t output, Error error);
/// The job's status, error, output, bytes and notes from its outputs' (see JobReport); pending
/// outputs count as cancelled.
void finishReport(JobReport& report);

} // namespace dropsize

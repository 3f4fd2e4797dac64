// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/core/batch_observer.h"

#include "dropsize/core/option_names.h"

namespace dropsize {

const char* jobStatusName(JobStatus status) noexcept { return nameOf(status); }

const char* deviceName(Device device) noexcept { return nameOf(device); }

} // namespace dropsize

// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/core/image.h"
#include "dropsize/core/resize_plan.h"
#include "dropsize/core/result.h"

#include <cstdint>
#include <memory>
#include <string>

namespace dropsize {

/// A GPU the scheduler hands resizes to: decoded pixels in, resized (and oriented) pixels out,
/// exactly CpuResizer's. It has slotCount() jobs in flight at once, so one image's copies overlap
/// another's kernels. Errors: OutOfMemory concerns that image only (it runs on the CPU);
/// any other error means the device is lost for the rest of the batch.
class GpuDevice {
public:
    virtual ~GpuDevice() = default;

    /// "NVIDIA GeForce RTX 4090"
    virtual std::string name() const = 0;
    virtual int slotCount() const = 0;

    /// Starts `plan` on `decoded` in `slot` and returns; `decoded` may be freed at once. `out`
    /// (plan.output, the decoded channel count) must live until collect(slot).
    [[nodiscard]] virtual Status submit(
        int slot, const ResizePlan& plan, ConstImageView decoded, ImageView out)
        = 0;

    /// Waits for the slot's job; its pixels are then in the `out` given to submit().
    [[nodiscard]] virtual Status collect(int slot) = 0;
};

/// The machine's CUDA device, whose buffers may use up to `memoryBudget` bytes; or why there is
/// none to use, in plain words ("the NVIDIA driver is missing or too old for CUDA 13 (…)").
[[nodiscard]] Result<std::unique_ptr<GpuDevice>> openCudaDevice(std::uint64_t memoryBudget);

} // namespace dropsize

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

/// An image left in GPU memory by GpuDevice::resizeOnDevice(): packed rows (width × channels
/// bytes each) at data(), a CUDA device pointer on device(); freed with this object.
class GpuPixels {
public:
    virtual ~GpuPixels() = default;

    virtual std::uint8_t* data() const = 0;
    /// The CUDA device's number.
    virtual int device() const = 0;
    virtual Size size() const = 0;
    virtual int channels() const = 0;

    /// Copies the pixels into `out` (this size and channel count) and waits for the copy.
    [[nodiscard]] virtual Status copyTo(ImageView out) const = 0;
};

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

    /// Runs `plan` on `decoded` in `slot` (not in flight) and waits for it, leaving the result
    /// in GPU memory of its own: for callers that hand device memory on (the Python module).
    /// The same pixels as submit() and collect() give; errors as theirs.
    [[nodiscard]] virtual Result<std::unique_ptr<GpuPixels>> resizeOnDevice(
        int slot, const ResizePlan& plan, ConstImageView decoded)
        = 0;
};

/// The machine's CUDA device, whose buffers may use up to `memoryBudget` bytes; or why there is
/// none to use, in plain words ("the NVIDIA driver is missing or too old for CUDA 13 (…)").
[[nodiscard]] Result<std::unique_ptr<GpuDevice>> openCudaDevice(std::uint64_t memoryBudget);

} // namespace dropsize

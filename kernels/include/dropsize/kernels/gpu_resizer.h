// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

// The one public header of the GPU half: plain C++, no CUDA types, so core compiles the same
// with or without the CUDA toolkit. core decides everything on the host (the plan and its
// ResampleSteps, with every coefficient and index table) and hands the GPU a ResizeProgram; the
// kernels only apply it, with the per-pixel arithmetic of dropsize::pixel's pixel_math.h.

#include "dropsize/pixel/image_view.h"
#include "dropsize/pixel/resample_steps.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace dropsize::kernels {

enum class GpuStatus {
    Ok,
    Unavailable, ///< built without CUDA, no driver, a driver too old, no device, device too old
    OutOfMemory, ///< this image does not fit the device memory budget (or the device)
    Error, ///< a CUDA error: the device should not be used for the rest of the batch
};

/// What the machine offers: whether a device can be used, its name, or why not (plain words).
struct GpuProbe {
    GpuStatus status = GpuStatus::Unavailable;
    std::string deviceName;
    std::string reason;
    std::size_t memoryBytes = 0;
};

/// The outcome of one GPU call.
struct GpuResult {
    GpuStatus status = GpuStatus::Ok;
    std::string message;
    explicit operator bool() const noexcept { return status == GpuStatus::Ok; }
};

/// Every step the GPU takes for one decoded image, in order, as core's CpuResizer takes them: the
/// resample steps (premultiply → reduce → resample → unpremultiply) from steps.source to
/// steps.out, then the orientation (giving `out`). Images are packed on the device.
struct ResizeProgram {
    int channels = 3;
    ResampleSteps steps;
    int orientation = 1; ///< EXIF orientation 1..8
    Size out;
};

/// One image in device memory, owned: packed rows (width × channels bytes each) at data(), a
/// CUDA device pointer on device(); freed with its owner. What resizeToDevice() leaves for
/// callers that take device memory as it is (DLPack, __cuda_array_interface__). Empty when
/// default-made or moved from.
class GpuImage {
public:
    GpuImage() noexcept = default;
    ~GpuImage();
    GpuImage(GpuImage&& other) noexcept;
    GpuImage& operator=(GpuImage&& other) noexcept;
    GpuImage(const GpuImage&) = delete;
    GpuImage& operator=(const GpuImage&) = delete;

    std::uint8_t* data() const noexcept { return m_data; }
    int width() const noexcept { return m_width; }
    int height() const noexcept { return m_height; }
    int channels() const noexcept { return m_channels; }
    int device() const noexcept { return m_device; }
    explicit operator bool() const noexcept { return m_data != nullptr; }

    /// Copies the pixels into `out` (this size and channel count) and waits for the copy.
    GpuResult copyTo(ImageView out) const;

private:
    friend class GpuResizer;
    void release() noexcept;

    std::uint8_t* m_data = nullptr;
    int m_width = 0;
    int m_height = 0;
    int m_channels = 0;
    int m_device = 0;
};

/// Owner of one CUDA device. It has slotCount() slots, each with its own stream, device buffers and
/// pinned buffers, reused from image to image: while one slot's kernels run, the other's image
/// is copied, so copies overlap kernels. Without CUDA (the stub), probe() says why and open()
/// fails: core runs every job on the CPU. One GpuResizer serves one thread at a time.
class GpuResizer {
public:
    GpuResizer();
    ~GpuResizer();
    GpuResizer(const GpuResizer&) = delete;
    GpuResizer& operator=(const GpuResizer&) = delete;

    /// Finds out whether a device can be used; never throws, never prints.
    static GpuProbe probe();

    /// Takes device 0; its buffers may grow to `memoryBudget` bytes. Every call works on device 0
    /// and leaves the calling thread's current device as it found it.
    GpuResult open(std::size_t memoryBudget);

    /// Jobs that can be in flight at once.
    static int slotCount() noexcept;

    /// Starts `program` on `in` (of size program.steps.source) in `slot` and returns: `in` may be
    /// freed at once; `out` (of size program.out) must live until collect(slot) has returned.
    GpuResult submit(int slot, const ResizeProgram& program, ConstImageView in, ImageView out);

    /// Waits for the slot's job and writes its pixels to the `out` given to submit().
    GpuResult collect(int slot);

    /// Runs `program` on `in` in `slot` (not in flight), waits for it, and leaves the result in
    /// device memory of its own, owned by `out` (not counted in the budget): nothing is copied
    /// back, and the pixels are ready for any stream once it returns.
    GpuResult resizeToDevice(
        int slot, const ResizeProgram& program, ConstImageView in, GpuImage& out);

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

} // namespace dropsize::kernels

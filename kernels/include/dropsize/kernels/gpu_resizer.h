// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

// The one public header of the GPU half: plain C++, no CUDA types, so core compiles the same
// with or without the CUDA toolkit. core decides everything on the host (plan, coefficient
// tables, index tables) and hands the GPU a ResizeProgram; the kernels only apply it, with the
// per-pixel arithmetic of core's pixel_math.h.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

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

/// One separable pass: output index i reads bounds[2i+1] samples from bounds[2i] on, weighted by
/// weights[i * kernelSize ...] (22-bit fixed point).
struct PassTable {
    int outSize = 0;
    int kernelSize = 0;
    std::vector<int> bounds;
    std::vector<std::int32_t> weights;
};

/// Every step the GPU takes for one decoded image, in order, as core's CpuResizer takes them:
/// premultiply → reduce → resample (copy, crop, nearest or separable passes) → unpremultiply →
/// orient. Sizes are in pixels; images are packed (stride = width × channels).
struct ResizeProgram {
    enum class Resample { Copy, Crop, Nearest, Separable };

    int channels = 3;
    int inWidth = 0;
    int inHeight = 0;
    bool resize = true; ///< false: only the orientation is applied
    bool premultiply = false; ///< and unpremultiply after the resample
    int reduceX = 1; ///< reduce() factors; 1 × 1 skips the step
    int reduceY = 1;
    int reduceBox[4] = { 0, 0, 0, 0 }; ///< x0, y0, x1, y1 of the input
    /// reduce()'s multipliers for a block of full rows and columns, full rows and the last
    /// columns, the last rows and full columns, the last rows and columns.
    std::uint32_t reduceMultipliers[4] = { 0, 0, 0, 0 };
    int reducedWidth = 0;
    int reducedHeight = 0;
    Resample resample = Resample::Copy;
    int cropX = 0;
    int cropY = 0;
    std::vector<int> nearestX; ///< source column per output column, -1 = black
    std::vector<int> nearestY;
    bool horizontal = false;
    bool vertical = false;
    PassTable kx;
    PassTable ky; ///< bounds relative to firstRow when there is a horizontal pass
    int firstRow = 0;
    int tempRows = 0;
    int resampledWidth = 0;
    int resampledHeight = 0;
    int orientation = 1;
    int outWidth = 0;
    int outHeight = 0;
};

/// Pixels on the host: `height` rows of `width × channels` samples, `stride` bytes apart.
struct HostImage {
    std::uint8_t* data = nullptr;
    int width = 0;
    int height = 0;
    int channels = 0;
    std::size_t stride = 0;
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

    /// Takes device 0; its buffers may grow to `memoryBudget` bytes.
    GpuResult open(std::size_t memoryBudget);

    /// Jobs that can be in flight at once.
    static int slotCount() noexcept;

    /// Starts `program` on `in` (inWidth × inHeight) in `slot` and returns: `in` may be freed at
    /// once; `out` (outWidth × outHeight) must live until collect(slot) has returned.
    GpuResult submit(
        int slot, const ResizeProgram& program, const HostImage& in, const HostImage& out);

    /// Waits for the slot's job and writes its pixels to the `out` given to submit().
    GpuResult collect(int slot);

private:
    struct Impl;
    std::unique_ptr<Impl> m_impl;
};

} // namespace dropsize::kernels

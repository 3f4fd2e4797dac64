// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/core/gpu_device.h"
#include "dropsize/core/image.h"

#include <cstdint>
#include <memory>
#include <pybind11/pybind11.h>
#include <string>
#include <vector>

namespace dropsize::python {

/// An engine image handed to Python: it owns the pixels, and every view made of them (a numpy
/// array through the buffer protocol, __array_interface__ or DLPack, a memoryview) reads them in
/// place and keeps this object alive. Rows are packed: C-contiguous, height × width × channels.
class Pixels {
public:
    /// `keepChannelAxis`: a one-channel image is (height, width, 1) rather than (height, width),
    /// for a resize() of such an array.
    explicit Pixels(Image image, bool keepChannelAxis = false) noexcept;

    const Image& image() const noexcept { return m_image; }
    Image& image() noexcept { return m_image; }
    int width() const noexcept { return m_image.width(); }
    int height() const noexcept { return m_image.height(); }
    int channels() const noexcept { return m_image.channels(); }
    const std::uint8_t* data() const noexcept { return m_image.data(); }
    /// Where the pixels are: "cpu".
    static std::string device() { return "cpu"; }

    /// (height, width) for grey as Pillow's "L" gives it to numpy, else (height, width, channels).
    std::vector<std::int64_t> shape() const;
    /// The same in bytes, C order.
    std::vector<std::int64_t> strides() const;
    /// Pillow's mode of the same samples: "L", "LA", "RGB" or "RGBA".
    const char* mode() const noexcept;

private:
    Image m_image;
    bool m_keepChannelAxis = false;
};

/// An image left in GPU memory (thumbnail(..., on_gpu=True)), handed to Python as
/// dropsize.GpuPixels: DLPack with a CUDA device and __cuda_array_interface__ read it in place
/// and keep this object alive; the memory is freed with it. Shaped as Pixels.
class PixelsOnGpu {
public:
    explicit PixelsOnGpu(std::unique_ptr<GpuPixels> pixels) noexcept;

    const GpuPixels& pixels() const noexcept { return *m_pixels; }
    int width() const { return m_pixels->size().width; }
    int height() const { return m_pixels->size().height; }
    int channels() const { return m_pixels->channels(); }
    /// A CUDA device pointer.
    std::uint8_t* data() const { return m_pixels->data(); }
    /// Where the pixels are: "cuda:N".
    std::string device() const { return "cuda:" + std::to_string(m_pixels->device()); }
    std::vector<std::int64_t> shape() const;
    std::vector<std::int64_t> strides() const;
    const char* mode() const noexcept;

private:
    std::unique_ptr<GpuPixels> m_pixels;
};

/// Registers dropsize._native.Pixels and GpuPixels.
void registerPixels(pybind11::module_& module);

/// A numpy array over `pixels` (a Pixels object), with the object as its base: no copy.
pybind11::object numpyArray(const pybind11::object& pixels);

} // namespace dropsize::python

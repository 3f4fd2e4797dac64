// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/core/image.h"

#include <cstdint>
#include <pybind11/pybind11.h>
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

/// Registers dropsize._native.Pixels.
void registerPixels(pybind11::module_& module);

/// A numpy array over `pixels` (a Pixels object), with the object as its base: no copy.
pybind11::object numpyArray(const pybind11::object& pixels);

} // namespace dropsize::python

// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/core/cancel_token.h"
#include "dropsize/core/device_info.h"
#include "dropsize/core/gpu_device.h"
#include "dropsize/core/image.h"
#include "dropsize/core/resize_spec.h"
#include "dropsize/core/result.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <pybind11/pybind11.h>
#include <span>
#include <string>
#include <variant>

namespace dropsize::python {

/// A Python object's bytes, held for as long as this lives: a contiguous view (the buffer
/// protocol's simplest request, so a view that is not contiguous is refused with BufferError) that
/// also keeps a bytearray from being resized meanwhile. Made and destroyed with the GIL held.
class ByteView {
public:
    explicit ByteView(const pybind11::handle& object);
    ~ByteView();
    ByteView(const ByteView&) = delete;
    ByteView& operator=(const ByteView&) = delete;

    std::span<const std::uint8_t> bytes() const noexcept
    {
        return { static_cast<const std::uint8_t*>(m_view.buf),
            static_cast<std::size_t>(m_view.len) };
    }

private:
    Py_buffer m_view {};
};

/// What one thumbnail() asks: Pillow's Image.thumbnail(size, resample, reducing_gap), then
/// ImageOps.exif_transpose() when `exifTranspose`.
struct ThumbnailRequest {
    int width = 0; ///< the box, floored as thumbnail() floors it; in the stored orientation
    int height = 0;
    /// Over 0: the box is W·P/100 × H·P/100 of each image instead (the old tool's call).
    double percent = 0;
    Filter filter = Filter::Bicubic;
    std::optional<double> reducingGap = 2.0;
    bool exifTranspose = false;
    DeviceChoice device = DeviceChoice::Auto;
    /// Leave the result in GPU memory when a GPU makes it (never with DeviceChoice::Cpu).
    bool onGpu = false;
};

/// A thumbnail: in host memory, or in GPU memory when the request said onGpu and a GPU made it.
using Thumbnail = std::variant<Image, std::unique_ptr<GpuPixels>>;

/// Decodes `file` (a whole image file's bytes) and makes its thumbnail as Pillow would: the
/// pixels of np.asarray(im) after Image.open, thumbnail() and, when asked, exif_transpose(). The
/// resize runs on the GPU when the request allows one and it is usable (the same pixels), else on
/// the CPU; with onGpu, the GPU's result stays in its memory (an image that already fits is
/// copied there). Thread-safe.
[[nodiscard]] Result<Thumbnail> makeThumbnail(std::span<const std::uint8_t> file,
    const ThumbnailRequest& request, const CancelToken* cancel = nullptr);

/// The Python object of a thumbnail: a numpy array over a Pixels, or, for a request that said
/// onGpu, the Pixels itself or a GpuPixels.
pybind11::object toPython(Thumbnail thumbnail, bool onGpu);

/// Why the GPU is not used for `device` ("gpu" or "auto"): empty when it is usable (it is opened
/// on the first call), else the reason in plain words.
std::string gpuUnavailableReason();

/// Registers thumbnail(), resize() and gpu_status() of dropsize._native.
void registerThumbnail(pybind11::module_& module);

/// The request from the Python arguments (validated: a ValueError says what is wrong).
/// `percent` over 0 asks for that percentage of each image instead of the box.
ThumbnailRequest thumbnailRequest(int width, int height, double percent, int filter,
    std::optional<double> reducingGap, bool exifTranspose, const std::string& device, bool onGpu);

/// Raises dropsize.ImageError for an engine error of `source` (a str: the path as the caller
/// wrote it, which may hold surrogate escapes of bytes that are not UTF-8, or "<bytes>").
[[noreturn]] void raiseImageError(const Error& error, const pybind11::str& source);

} // namespace dropsize::python

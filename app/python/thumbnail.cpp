// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "thumbnail.h"

#include "dropsize/core/gpu_device.h"
#include "dropsize/core/image_processor.h"
#include "dropsize/core/limits.h"
#include "dropsize/core/number_text.h"
#include "dropsize/core/resize_plan.h"
#include "pixels.h"

#include <array>
#include <cmath>
#include <memory>
#include <mutex>
#include <pybind11/stl.h>

namespace py = pybind11;

namespace dropsize::python {

namespace {

    PyObject* g_imageError = nullptr; // dropsize.ImageError, made at import; never freed

    // Pillow's numbers for its filters (Image.Resampling), which dropsize.Resampling repeats.
    std::optional<Filter> filterOf(int pillowNumber)
    {
        switch (pillowNumber) {
        case 0:
            return Filter::Nearest;
        case 1:
            return Filter::Lanczos;
        case 2:
            return Filter::Bilinear;
        case 3:
            return Filter::Bicubic;
        case 4:
            return Filter::Box;
        case 5:
            return Filter::Hamming;
        default:
            return std::nullopt;
        }
    }

    // The machine's GPU, opened once for the process on first use and shared by every call
    // (one job at a time on it: thumbnail() calls from several threads take turns).
    class SharedGpu {
    public:
        static SharedGpu& instance()
        {
            static SharedGpu gpu;
            return gpu;
        }

        std::string unavailableReason()
        {
            const std::lock_guard lock(m_mutex);
            openLocked();
            return m_reason;
        }

        bool usable()
        {
            const std::lock_guard lock(m_mutex);
            openLocked();
            return m_device != nullptr;
        }

        /// The plan's output from `decoded` on the GPU; nullopt when it cannot take it (no
        /// device, out of its memory, lost): the caller resizes on the CPU.
        std::optional<Result<Image>> resize(const ResizePlan& plan, ConstImageView decoded)
        {
            return run<Image>([&](GpuDevice& gpu) -> Result<Image> {
                auto out = Image::allocate(plan.output.width, plan.output.height, decoded.channels);
                if (!out) {
                    return out;
                }
                Status done = gpu.submit(0, plan, decoded, out->view());
                if (done) {
                    done = gpu.collect(0);
                }
                if (!done) {
                    return std::move(done).error();
                }
                return out;
            });
        }

        /// The same, left in the GPU's memory.
        std::optional<Result<std::unique_ptr<GpuPixels>>> keep(
            const ResizePlan& plan, ConstImageView decoded)
        {
            return run<std::unique_ptr<GpuPixels>>(
                [&](GpuDevice& gpu) { return gpu.resizeOnDevice(0, plan, decoded); });
        }

    private:
        // `job` on the device, one at a time; nullopt (the CPU's turn) without a device, when
        // the image does not fit its memory, or when the device fails (it is then let go).
        template <class T, class Job> std::optional<Result<T>> run(const Job& job)
        {
            const std::lock_guard lock(m_mutex);
            openLocked();
            if (!m_device) {
                return std::nullopt;
            }
            Result<T> done = job(*m_device);
            if (done) {
                return done;
            }
            if (done.error().code != ErrorCode::OutOfMemory) {
                m_reason = "the GPU stopped working: " + done.error().describe().english();
                m_device.reset();
            }
            return std::nullopt;
        }

        void openLocked()
        {
            if (m_tried) {
                return;
            }
            m_tried = true;
            auto opened = openCudaDevice(std::uint64_t { 1 } << 30);
            if (opened) {
                m_device = std::move(opened).value();
            } else {
                m_reason = opened.error().describe().english();
            }
        }

        std::mutex m_mutex;
        bool m_tried = false;
        std::unique_ptr<GpuDevice> m_device;
        std::string m_reason;
    };

    py::object thumbnailOf(const py::object& file, int width, int height, double percent,
        int filter, std::optional<double> reducingGap, bool exifTranspose,
        const std::string& device, bool onGpu, const py::str& source)
    {
        const ThumbnailRequest request = thumbnailRequest(
            width, height, percent, filter, reducingGap, exifTranspose, device, onGpu);
        const ByteView bytes(file);
        const std::span<const std::uint8_t> data = bytes.bytes();
        std::optional<Result<Thumbnail>> made;
        {
            const py::gil_scoped_release unlocked;
            made.emplace(makeThumbnail(data, request));
        }
        if (!*made) {
            raiseImageError(made->error(), source);
        }
        return toPython(std::move(*made).value(), request.onGpu);
    }

    // Pillow's resize() checks the box it resamples: after the reduce step, when there is one,
    // the box in the reduced image (so a box a little past the edge may pass, as in Pillow).
    ResizePlan boxPlan(Size image, int channels, Size out, Filter filter,
        const std::optional<std::array<double, 4>>& box, std::optional<double> reducingGap)
    {
        double b[4] = { 0, 0, static_cast<double>(image.width), static_cast<double>(image.height) };
        for (std::size_t i = 0; box && i < 4; ++i) {
            const double v = (*box)[i];
            // Beyond any image the engine takes: refused before the plan's integer arithmetic.
            if (!std::isfinite(v) || std::abs(v) > 4.0 * kMaxSide) {
                throw py::value_error(v < 0 ? "box offset can't be negative"
                                            : "box can't exceed original image size");
            }
            b[i] = v;
        }
        if (out.width < 1 || out.height < 1) {
            throw py::value_error("height and width must be > 0");
        }
        if (out.width > kMaxSide || out.height > kMaxSide) {
            throw py::value_error("the size is larger than the engine's largest side");
        }
        const ResizePlan plan = makeBoxResizePlan(image, channels, out, filter, b, reducingGap);
        const bool reduces = plan.reduceX > 1 || plan.reduceY > 1;
        const double checked[4] = { plan.box[0], plan.box[1], plan.box[2], plan.box[3] };
        if (Status ok
            = reduces ? checkBoxResize(plan.reduced, out, checked) : checkBoxResize(image, out, b);
            !ok) {
            throw py::value_error(ok.error().message);
        }
        return plan;
    }

    py::object resizeArray(const py::buffer& array, std::array<int, 2> size, int filter,
        std::optional<std::array<double, 4>> box, std::optional<double> reducingGap)
    {
        const py::buffer_info in = array.request();
        const bool grey2d = in.ndim == 2;
        if (in.itemsize != 1 || in.format != py::format_descriptor<std::uint8_t>::format()) {
            throw py::type_error("the array must hold uint8 samples");
        }
        if (!grey2d && (in.ndim != 3 || in.shape[2] < 1 || in.shape[2] > 4)) {
            throw py::value_error(
                "the array must be (height, width) or (height, width, channels) with 1 to 4 "
                "channels (L, LA, RGB, RGBA)");
        }
        const int channels = grey2d ? 1 : static_cast<int>(in.shape[2]);
        const py::ssize_t rowBytes = in.shape[1] * channels;
        if ((in.ndim == 3 && in.strides[2] != 1) || in.strides[1] != channels
            || in.strides[0] < rowBytes) {
            throw py::value_error("the array's rows must be packed (C-contiguous)");
        }
        if (in.shape[0] > kMaxSide || in.shape[1] > kMaxSide) {
            throw py::value_error("the array is larger than the engine's largest side");
        }
        const std::optional<Filter> f = filterOf(filter);
        if (!f) {
            throw py::value_error("unknown resample filter " + std::to_string(filter));
        }
        if (reducingGap && !(*reducingGap >= 1.0)) {
            throw py::value_error("reducing_gap must be 1.0 or more");
        }
        const Size image { static_cast<int>(in.shape[1]), static_cast<int>(in.shape[0]) };
        const Size out { size[0], size[1] };
        const ResizePlan plan = boxPlan(image, channels, out, *f, box, reducingGap);
        const ConstImageView view(static_cast<const std::uint8_t*>(in.ptr), image.width,
            image.height, channels, in.strides[0]);
        std::optional<Result<Image>> resized;
        {
            const py::gil_scoped_release unlocked;
            resized.emplace(resizePixels(view, plan));
        }
        if (!*resized) {
            throw py::value_error(resized->error().message);
        }
        return numpyArray(py::cast(Pixels(std::move(*resized).value(), !grey2d)));
    }

} // namespace

ThumbnailRequest thumbnailRequest(int width, int height, double percent, int filter,
    std::optional<double> reducingGap, bool exifTranspose, const std::string& device, bool onGpu)
{
    ThumbnailRequest r;
    const std::optional<Filter> f = filterOf(filter);
    if (!f) {
        throw py::value_error("unknown resample filter " + std::to_string(filter));
    }
    if (percent <= 0 && (width < 1 || height < 1 || width > kMaxSide || height > kMaxSide)) {
        throw py::value_error("the size's sides must be from 1 to " + std::to_string(kMaxSide)
            + " (Pillow divides by zero below 1)");
    }
    if (percent > 0 && !(percent >= kMinPercent && percent <= kMaxPercent)) {
        throw py::value_error("the percentage must be from " + numberText(kMinPercent) + " to "
            + numberText(kMaxPercent));
    }
    if (reducingGap && !(*reducingGap >= 1.0)) {
        throw py::value_error("reducing_gap must be 1.0 or more, or None");
    }
    const std::optional<DeviceChoice> d = parseName<DeviceChoice>(device);
    if (!d) {
        throw py::value_error(
            "device must be \"auto\", \"cpu\" or \"gpu\", not \"" + device + "\"");
    }
    if (onGpu && *d == DeviceChoice::Cpu) {
        throw py::value_error("on_gpu needs device \"gpu\" or \"auto\", not \"cpu\"");
    }
    r.width = width;
    r.height = height;
    r.percent = percent;
    r.filter = *f;
    r.reducingGap = reducingGap;
    r.exifTranspose = exifTranspose;
    r.device = *d;
    r.onGpu = onGpu;
    return r;
}

Result<Thumbnail> makeThumbnail(
    std::span<const std::uint8_t> file, const ThumbnailRequest& request, const CancelToken* cancel)
{
    ProcessOptions options;
    options.spec.mode = request.percent > 0 ? SizeMode::Percent : SizeMode::Fit;
    options.spec.percent = request.percent;
    options.spec.width = request.width;
    options.spec.height = request.height;
    options.spec.filter = request.filter;
    options.spec.reducingGap = request.reducingGap;
    const ImageProcessor processor(options);
    auto opened = processor.open(file);
    if (!opened) {
        return std::move(opened).error();
    }
    if (Status header = opened->finishHeader(); !header) {
        return header.error();
    }
    // thumbnail()'s box is the stored image's; the engine's is the shown image's.
    ImageInfo info = opened->inspected().header.info;
    ResizeSpec spec = options.spec;
    if (!request.exifTranspose) {
        info.orientation = 1;
    } else if (orientationSwapsAxes(info.orientation)) {
        std::swap(spec.width, spec.height);
    }
    const ResizePlan plan = makeResizePlan(info, spec);
    // Without a usable GPU the rows stream from the decoder through the resize, as in a batch.
    const bool gpuWork = plan.resample || request.onGpu;
    if (request.device == DeviceChoice::Cpu || !gpuWork || !SharedGpu::instance().usable()) {
        auto rendered = opened->render(plan, cancel);
        if (!rendered) {
            return std::move(rendered).error();
        }
        return Thumbnail(std::move(rendered).value());
    }
    auto decoded = opened->decode(plan, cancel);
    if (!decoded) {
        return std::move(decoded).error();
    }
    if (request.onGpu) {
        if (auto kept = SharedGpu::instance().keep(plan, decoded->view())) {
            if (!*kept) {
                return std::move(*kept).error();
            }
            return Thumbnail(std::move(*kept).value());
        }
    } else if (auto resized = SharedGpu::instance().resize(plan, decoded->view())) {
        if (!*resized) {
            return std::move(*resized).error();
        }
        return Thumbnail(std::move(*resized).value());
    }
    auto resized = resizePixels(std::as_const(*decoded).view(), plan, 1, cancel);
    if (!resized) {
        return std::move(resized).error();
    }
    return Thumbnail(std::move(resized).value());
}

py::object toPython(Thumbnail thumbnail, bool onGpu)
{
    if (auto* kept = std::get_if<std::unique_ptr<GpuPixels>>(&thumbnail)) {
        return py::cast(PixelsOnGpu(std::move(*kept)));
    }
    py::object pixels = py::cast(Pixels(std::get<Image>(std::move(thumbnail))));
    return onGpu ? pixels : numpyArray(pixels);
}

std::string gpuUnavailableReason() { return SharedGpu::instance().unavailableReason(); }

ByteView::ByteView(const py::handle& object)
{
    if (PyObject_GetBuffer(object.ptr(), &m_view, PyBUF_SIMPLE) != 0) {
        throw py::error_already_set();
    }
}

ByteView::~ByteView() { PyBuffer_Release(&m_view); }

[[noreturn]] void raiseImageError(const Error& error, const py::str& source)
{
    const py::str reason(error.describe().english());
    py::object instance = py::reinterpret_borrow<py::object>(g_imageError)(
        py::str("{}: {}").format(source, reason));
    instance.attr("source") = source;
    instance.attr("reason") = reason;
    instance.attr("code") = nameOf(error.code);
    PyErr_SetObject(g_imageError, instance.ptr());
    throw py::error_already_set();
}

void registerThumbnail(py::module_& module)
{
    g_imageError = PyErr_NewExceptionWithDoc("dropsize.ImageError",
        "An image Dropsize could not read or resize: .source names it, .reason says why, "
        ".code is the engine's kind of failure (\"corrupt-data\", \"unsupported-format\", ...).",
        PyExc_OSError, nullptr);
    if (g_imageError == nullptr) {
        throw py::error_already_set();
    }
    module.add_object("ImageError", py::reinterpret_borrow<py::object>(g_imageError));
    module.def("thumbnail", &thumbnailOf, py::arg("file"), py::arg("width"), py::arg("height"),
        py::arg("percent"), py::arg("filter"), py::arg("reducing_gap"), py::arg("exif_transpose"),
        py::arg("device"), py::arg("on_gpu"), py::arg("source"));
    module.def("resize", &resizeArray, py::arg("array"), py::arg("size"), py::arg("filter"),
        py::arg("box"), py::arg("reducing_gap"));
    module.def("gpu_unavailable_reason", &gpuUnavailableReason);
}

} // namespace dropsize::python

// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "pixels.h"

#include <cstring>
#include <dlpack/dlpack.h>
#include <memory>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>
#include <stdexcept>
#include <string>

namespace py = pybind11;

namespace dropsize::python {

namespace {

    constexpr const char* kCapsuleName = "dltensor";
    constexpr const char* kUsedCapsuleName = "used_dltensor";

    // What one __dlpack__ call hands out: the tensor, its shape and strides (in elements), and
    // a reference to the Pixels object that owns the samples, dropped by the deleter.
    struct DlpackExport {
        DLManagedTensor managed {};
        std::int64_t shape[3] = { 0, 0, 0 };
        std::int64_t strides[3] = { 0, 0, 0 };
        PyObject* owner = nullptr;
    };

    // Called by the consumer when it is done, on any thread, with or without the GIL.
    void deleteExport(DLManagedTensor* managed)
    {
        auto* exported = static_cast<DlpackExport*>(managed->manager_ctx);
        const PyGILState_STATE gil = PyGILState_Ensure();
        Py_XDECREF(exported->owner);
        PyGILState_Release(gil);
        delete exported; // NOLINT(cppcoreguidelines-owning-memory): DLPack's C ownership
    }

    // A capsule that no consumer took (still named "dltensor") frees its tensor itself.
    void destroyCapsule(PyObject* capsule)
    {
        if (PyCapsule_IsValid(capsule, kCapsuleName) == 0) {
            return;
        }
        auto* managed = static_cast<DLManagedTensor*>(PyCapsule_GetPointer(capsule, kCapsuleName));
        if (managed != nullptr && managed->deleter != nullptr) {
            managed->deleter(managed);
        }
    }

    // A capsule of `shape` (strides in bytes, which are elements: one byte a sample) at `data` on
    // `device`, holding a reference to `owner`, the object that owns the samples.
    py::capsule exportDlpack(py::object owner, std::uint8_t* data, DLDevice device,
        const std::vector<std::int64_t>& shape, const std::vector<std::int64_t>& strides)
    {
        auto exported = std::make_unique<DlpackExport>();
        for (std::size_t i = 0; i < shape.size(); ++i) {
            exported->shape[i] = shape[i];
            exported->strides[i] = strides[i];
        }
        DLTensor& t = exported->managed.dl_tensor;
        t.data = data;
        t.device = device;
        t.ndim = static_cast<int>(shape.size());
        t.dtype = { kDLUInt, 8, 1 };
        t.shape = exported->shape;
        t.strides = exported->strides;
        t.byte_offset = 0;
        exported->managed.deleter = deleteExport;
        exported->managed.manager_ctx = exported.get();
        exported->owner = owner.release().ptr();
        DlpackExport* raw = exported.release();
        PyObject* capsule = PyCapsule_New(&raw->managed, kCapsuleName, destroyCapsule);
        if (capsule == nullptr) {
            deleteExport(&raw->managed);
            throw py::error_already_set();
        }
        return py::reinterpret_steal<py::capsule>(capsule);
    }

    py::capsule dlpack(py::object self, const py::object& stream)
    {
        if (!stream.is_none()) {
            throw py::value_error("stream must be None for an array in host memory");
        }
        const Pixels& pixels = self.cast<const Pixels&>();
        // DLPack's data pointer is not const; consumers that write do so to the owner's pixels.
        auto* data = const_cast<std::uint8_t*>(pixels.image().data()); // NOLINT
        return exportDlpack(std::move(self), data, { kDLCPU, 0 }, pixels.shape(), pixels.strides());
    }

    // The pixels are ready when thumbnail() returns (it waited for the device), so a consumer's
    // stream, whichever it is, needs no synchronisation: `stream` is checked, not used.
    py::capsule dlpackOnGpu(py::object self, const py::object& stream)
    {
        if (!stream.is_none() && !py::isinstance<py::int_>(stream)) {
            throw py::type_error("stream must be None or an int (a CUDA stream)");
        }
        const PixelsOnGpu& pixels = self.cast<const PixelsOnGpu&>();
        const GpuPixels& p = pixels.pixels();
        return exportDlpack(
            std::move(self), p.data(), { kDLCUDA, p.device() }, pixels.shape(), pixels.strides());
    }

    // numpy's __array_interface__ (version 3) of host pixels, and the fields Numba's CUDA Array
    // Interface shares with it for GPU pixels: packed rows (no strides), writable uint8.
    template <class T> py::dict arrayInterface(const T& pixels)
    {
        py::dict d;
        d["shape"] = py::tuple(py::cast(pixels.shape()));
        d["typestr"] = "|u1";
        d["data"] = py::make_tuple(reinterpret_cast<std::uintptr_t>(pixels.data()), false);
        d["strides"] = py::none();
        d["version"] = 3;
        return d;
    }

    // The CUDA Array Interface, version 3: "stream" None, since nothing is left to wait for.
    py::dict cudaArrayInterface(const PixelsOnGpu& pixels)
    {
        py::dict d = arrayInterface(pixels);
        d["stream"] = py::none();
        return d;
    }

    // A copy of GPU pixels in host memory, as a numpy array over a Pixels.
    py::object copyToHost(const PixelsOnGpu& pixels)
    {
        const GpuPixels& p = pixels.pixels();
        auto image = Image::allocate(p.size().width, p.size().height, p.channels());
        if (!image) {
            throw std::bad_alloc();
        }
        Status copied;
        {
            const py::gil_scoped_release unlocked;
            copied = p.copyTo(image->view());
        }
        if (!copied) {
            throw std::runtime_error(copied.error().describe().english());
        }
        return numpyArray(py::cast(Pixels(std::move(image).value())));
    }

    // For Dropsize's tests only: "GPU" pixels in host memory (a copy of an image), so that the
    // CUDA hand-off (the capsule's fields, the interface, lifetimes) is tested without a GPU.
    void copyRows(ConstImageView from, ImageView to)
    {
        const auto rowBytes
            = static_cast<std::size_t>(from.width) * static_cast<std::size_t>(from.channels);
        for (int y = 0; y < from.height; ++y) {
            std::memcpy(to.row(y), from.row(y), rowBytes);
        }
    }

    class HostStandIn final : public GpuPixels {
    public:
        explicit HostStandIn(Image image) noexcept
            : m_image(std::move(image))
        {
        }
        std::uint8_t* data() const override
        {
            return const_cast<std::uint8_t*>(m_image.data()); // NOLINT: as a device pointer
        }
        int device() const override { return 0; }
        Size size() const override { return { m_image.width(), m_image.height() }; }
        int channels() const override { return m_image.channels(); }
        Status copyTo(ImageView out) const override
        {
            copyRows(m_image.view(), out);
            return {};
        }

    private:
        Image m_image;
    };

    PixelsOnGpu standInFor(const Pixels& pixels)
    {
        const Image& from = pixels.image();
        auto copy = Image::allocate(from.width(), from.height(), from.channels());
        if (!copy) {
            throw std::bad_alloc();
        }
        copyRows(from.view(), copy->view());
        return PixelsOnGpu(std::make_unique<HostStandIn>(std::move(copy).value()));
    }

} // namespace

Pixels::Pixels(Image image, bool keepChannelAxis) noexcept
    : m_image(std::move(image))
    , m_keepChannelAxis(keepChannelAxis)
{
}

namespace {

    std::vector<std::int64_t> shapeOf(int width, int height, int channels, bool keepChannelAxis)
    {
        if (channels == 1 && !keepChannelAxis) {
            return { height, width };
        }
        return { height, width, channels };
    }

    // In bytes: `row` from row to row.
    std::vector<std::int64_t> stridesOf(std::int64_t row, int channels, bool keepChannelAxis)
    {
        if (channels == 1 && !keepChannelAxis) {
            return { row, 1 };
        }
        return { row, channels, 1 };
    }

    const char* modeOf(int channels) noexcept
    {
        switch (channels) {
        case 1:
            return "L";
        case 2:
            return "LA";
        case 3:
            return "RGB";
        default:
            return "RGBA";
        }
    }

} // namespace

std::vector<std::int64_t> Pixels::shape() const
{
    return shapeOf(m_image.width(), m_image.height(), m_image.channels(), m_keepChannelAxis);
}

std::vector<std::int64_t> Pixels::strides() const
{
    return stridesOf(m_image.stride(), m_image.channels(), m_keepChannelAxis);
}

const char* Pixels::mode() const noexcept { return modeOf(m_image.channels()); }

PixelsOnGpu::PixelsOnGpu(std::unique_ptr<GpuPixels> pixels) noexcept
    : m_pixels(std::move(pixels))
{
}

std::vector<std::int64_t> PixelsOnGpu::shape() const
{
    return shapeOf(m_pixels->size().width, m_pixels->size().height, m_pixels->channels(), false);
}

std::vector<std::int64_t> PixelsOnGpu::strides() const
{
    // Packed rows.
    return stridesOf(static_cast<std::int64_t>(m_pixels->size().width) * m_pixels->channels(),
        m_pixels->channels(), false);
}

const char* PixelsOnGpu::mode() const noexcept { return modeOf(m_pixels->channels()); }

py::object numpyArray(const py::object& pixels)
{
    const Pixels& p = pixels.cast<const Pixels&>();
    const std::vector<std::int64_t> shape = p.shape();
    const std::vector<std::int64_t> strides = p.strides();
    const std::vector<py::ssize_t> s(shape.begin(), shape.end());
    const std::vector<py::ssize_t> st(strides.begin(), strides.end());
    // The array's base is the Pixels object: numpy keeps it alive and copies nothing.
    return py::array(py::dtype::of<std::uint8_t>(), s, st, p.image().data(), pixels);
}

namespace {

    // What both kinds of pixels show alike.
    template <class T> void addImageProperties(py::class_<T>& type, const char* addressText)
    {
        type.def_property_readonly(
                "shape", [](const T& p) { return py::tuple(py::cast(p.shape())); },
                "(height, width) or (height, width, channels)")
            .def_property_readonly("width", &T::width)
            .def_property_readonly("height", &T::height)
            .def_property_readonly("channels", &T::channels)
            .def_property_readonly(
                "mode", &T::mode, "Pillow's mode of these samples: L, LA, RGB or RGBA")
            .def_property_readonly(
                "device", [](const T& p) { return p.device(); },
                "where the pixels are: \"cpu\", or \"cuda:N\" for a GPU")
            .def_property_readonly(
                "address", [](const T& p) { return reinterpret_cast<std::uintptr_t>(p.data()); },
                addressText);
    }

    void registerPixelsOnGpu(py::module_& module)
    {
        py::class_<PixelsOnGpu> type(module, "GpuPixels", R"(
Pixels that Dropsize left in GPU memory (thumbnail(..., on_gpu=True)): 8-bit samples, rows
packed, shaped as numpy shows the same image from Pillow. torch.from_dlpack(), cupy.from_dlpack()
and anything that reads __cuda_array_interface__ take them in place, with no copy, and keep this
object alive; the memory is freed with the last of them. They are ready on return: no stream
needs to wait. .numpy() copies them to host memory.)");
        addImageProperties(type, "the device address of the first sample");
        type.def_property_readonly("__cuda_array_interface__", &cudaArrayInterface)
            .def("__dlpack__", &dlpackOnGpu, py::arg("stream") = py::none(),
                "A DLPack capsule of these pixels (CUDA, uint8), for torch.from_dlpack() and "
                "cupy.from_dlpack(): no copy")
            .def("__dlpack_device__",
                [](const PixelsOnGpu& p) {
                    return py::make_tuple(static_cast<int>(kDLCUDA), p.pixels().device());
                })
            .def("numpy", &copyToHost,
                "A copy of these pixels in host memory, as a numpy array (the one copy there is)")
            .def("__array__",
                [](const PixelsOnGpu&, const py::args&, const py::kwargs&) -> py::object {
                    throw py::type_error("these pixels are in GPU memory: .numpy() copies them to "
                                         "host memory, torch.from_dlpack() takes them as they are");
                })
            .def("__repr__", [](const PixelsOnGpu& p) {
                return "<dropsize.GpuPixels " + std::string(p.mode()) + " "
                    + std::to_string(p.width()) + "x" + std::to_string(p.height()) + " on "
                    + p.device() + ">";
            });
        type.attr("__module__") = "dropsize";
        module.def(
            "_stand_in_gpu_pixels", [](const Pixels& pixels) { return standInFor(pixels); },
            py::arg("pixels"),
            "For Dropsize's tests only: a GpuPixels whose memory is a host copy of `pixels`, so "
            "that the CUDA hand-off is tested without a GPU. Its address is not device memory: "
            "no consumer may read it.");
    }

} // namespace

void registerPixels(py::module_& module)
{
    py::class_<Pixels> pixels(module, "Pixels", py::buffer_protocol(), R"(
Pixels that Dropsize made, in memory it owns: 8-bit samples, rows packed (C order), shaped as
numpy shows the same image from Pillow ((height, width) for "L", else (height, width, channels)).
numpy.asarray(), memoryview() and numpy.from_dlpack() read them in place; each keeps this object
alive. dropsize's calls return numpy arrays whose .base is one of these.)");
    pixels.def_buffer([](Pixels& p) {
        const std::vector<std::int64_t> shape = p.shape();
        const std::vector<std::int64_t> strides = p.strides();
        return py::buffer_info(p.image().data(), 1, py::format_descriptor<std::uint8_t>::format(),
            static_cast<py::ssize_t>(shape.size()),
            std::vector<py::ssize_t>(shape.begin(), shape.end()),
            std::vector<py::ssize_t>(strides.begin(), strides.end()));
    });
    addImageProperties(pixels, "where the first sample is in memory");
    pixels.def_property_readonly("__array_interface__", &arrayInterface<Pixels>)
        .def("__dlpack__", &dlpack, py::arg("stream") = py::none(),
            "A DLPack capsule of these pixels (CPU, uint8), for numpy.from_dlpack() and "
            "torch.from_dlpack(): no copy")
        .def("__dlpack_device__",
            [](const Pixels&) { return py::make_tuple(static_cast<int>(kDLCPU), 0); })
        .def(
            "numpy", [](const py::object& self) { return numpyArray(self); },
            "A numpy array over these pixels (no copy); its .base is this object")
        .def("__repr__", [](const Pixels& p) {
            return "<dropsize.Pixels " + std::string(p.mode()) + " " + std::to_string(p.width())
                + "x" + std::to_string(p.height()) + ">";
        });
    // Shown as dropsize.Pixels, where people meet it.
    pixels.attr("__module__") = "dropsize";
    registerPixelsOnGpu(module);
}

} // namespace dropsize::python

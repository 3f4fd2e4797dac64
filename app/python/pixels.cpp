// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "pixels.h"

#include <dlpack/dlpack.h>
#include <memory>
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

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

    py::capsule dlpack(py::object self, const py::object& stream)
    {
        if (!stream.is_none()) {
            throw py::value_error("stream must be None for an array in host memory");
        }
        const Pixels& pixels = self.cast<const Pixels&>();
        auto exported = std::make_unique<DlpackExport>();
        const std::vector<std::int64_t> shape = pixels.shape();
        const std::vector<std::int64_t> strides = pixels.strides();
        for (std::size_t i = 0; i < shape.size(); ++i) {
            exported->shape[i] = shape[i];
            exported->strides[i] = strides[i]; // bytes are elements: one byte a sample
        }
        DLTensor& t = exported->managed.dl_tensor;
        // DLPack's data pointer is not const; consumers that write do so to the owner's pixels.
        t.data = const_cast<std::uint8_t*>(pixels.image().data()); // NOLINT
        t.device = { kDLCPU, 0 };
        t.ndim = static_cast<int>(shape.size());
        t.dtype = { kDLUInt, 8, 1 };
        t.shape = exported->shape;
        t.strides = exported->strides;
        t.byte_offset = 0;
        exported->managed.deleter = deleteExport;
        exported->managed.manager_ctx = exported.get();
        exported->owner = self.release().ptr();
        DlpackExport* raw = exported.release();
        PyObject* capsule = PyCapsule_New(&raw->managed, kCapsuleName, destroyCapsule);
        if (capsule == nullptr) {
            deleteExport(&raw->managed);
            throw py::error_already_set();
        }
        return py::reinterpret_steal<py::capsule>(capsule);
    }

    py::dict arrayInterface(const Pixels& pixels)
    {
        py::dict d;
        d["shape"] = py::tuple(py::cast(pixels.shape()));
        d["typestr"] = "|u1";
        d["data"] = py::make_tuple(reinterpret_cast<std::uintptr_t>(pixels.image().data()), false);
        d["strides"] = py::none();
        d["version"] = 3;
        return d;
    }

} // namespace

Pixels::Pixels(Image image, bool keepChannelAxis) noexcept
    : m_image(std::move(image))
    , m_keepChannelAxis(keepChannelAxis)
{
}

std::vector<std::int64_t> Pixels::shape() const
{
    if (m_image.channels() == 1 && !m_keepChannelAxis) {
        return { m_image.height(), m_image.width() };
    }
    return { m_image.height(), m_image.width(), m_image.channels() };
}

std::vector<std::int64_t> Pixels::strides() const
{
    if (m_image.channels() == 1 && !m_keepChannelAxis) {
        return { m_image.stride(), 1 };
    }
    return { m_image.stride(), m_image.channels(), 1 };
}

const char* Pixels::mode() const noexcept
{
    switch (m_image.channels()) {
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

void registerPixels(py::module_& module)
{
    auto pixels
        = py::class_<Pixels>(module, "Pixels", py::buffer_protocol(), R"(
Pixels that Dropsize made, in memory it owns: 8-bit samples, rows packed (C order), shaped as
numpy shows the same image from Pillow ((height, width) for "L", else (height, width, channels)).
numpy.asarray(), memoryview() and numpy.from_dlpack() read them in place; each keeps this object
alive. dropsize's calls return numpy arrays whose .base is one of these.)")
              .def_buffer([](Pixels& p) {
                  const std::vector<std::int64_t> shape = p.shape();
                  const std::vector<std::int64_t> strides = p.strides();
                  return py::buffer_info(p.image().data(), 1,
                      py::format_descriptor<std::uint8_t>::format(),
                      static_cast<py::ssize_t>(shape.size()),
                      std::vector<py::ssize_t>(shape.begin(), shape.end()),
                      std::vector<py::ssize_t>(strides.begin(), strides.end()));
              })
              .def_property_readonly(
                  "shape", [](const Pixels& p) { return py::tuple(py::cast(p.shape())); },
                  "(height, width) or (height, width, channels)")
              .def_property_readonly("width", [](const Pixels& p) { return p.image().width(); })
              .def_property_readonly("height", [](const Pixels& p) { return p.image().height(); })
              .def_property_readonly(
                  "channels", [](const Pixels& p) { return p.image().channels(); })
              .def_property_readonly(
                  "mode", &Pixels::mode, "Pillow's mode of these samples: L, LA, RGB or RGBA")
              .def_property_readonly(
                  "address",
                  [](const Pixels& p) {
                      return reinterpret_cast<std::uintptr_t>(p.image().data());
                  },
                  "where the first sample is in memory")
              .def_property_readonly("__array_interface__", &arrayInterface)
              .def("__dlpack__", &dlpack, py::arg("stream") = py::none(),
                  "A DLPack capsule of these pixels (CPU, uint8), for numpy.from_dlpack() and "
                  "torch.from_dlpack(): no copy")
              .def("__dlpack_device__",
                  [](const Pixels&) { return py::make_tuple(static_cast<int>(kDLCPU), 0); })
              .def(
                  "numpy", [](const py::object& self) { return numpyArray(self); },
                  "A numpy array over these pixels (no copy); its .base is this object")
              .def("__repr__", [](const Pixels& p) {
                  return "<dropsize.Pixels " + std::string(p.mode()) + " "
                      + std::to_string(p.image().width()) + "x" + std::to_string(p.image().height())
                      + ">";
              });
    // Shown as dropsize.Pixels, where people meet it.
    pixels.attr("__module__") = "dropsize";
}

} // namespace dropsize::python

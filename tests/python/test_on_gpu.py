# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: Dropsize contributors
"""Results left in GPU memory (on_gpu=True): the hand-off (DLPack with a CUDA device,
__cuda_array_interface__, lifetimes), the fallback where no GPU is usable, and on a GPU the
pixels themselves, equal to the CPU's.

Runs under pytest here, and as a plain script (python3 test_on_gpu.py) in the GPU check
(tests/gpu/run.sh), where pytest and the shared test images may be missing: the images are then
the JPEGs and PNGs in $DROPSIZE_GPU_CHECK_IMAGES. Without a GPU, the hand-off is checked on a
stand-in whose memory is host memory (dropsize._native._stand_in_gpu_pixels), read through
ctypes only, and the tests that need a GPU skip, saying why."""
import ctypes
import os
import pathlib
import sys
import traceback
import warnings

import numpy as np

import dropsize

try:
    import pytest
except ImportError:  # the GPU check's plain run
    pytest = None

KDL_CPU, KDL_CUDA = 1, 2


class Skipped(Exception):
    pass


_AS_SCRIPT = False  # set by the plain run at the end


def skip(why):
    if pytest is not None and not _AS_SCRIPT:
        pytest.skip(why)
    raise Skipped(why)


def gpu_reason():
    """Why no GPU is used here ("" where one is usable)."""
    return dropsize._native.gpu_unavailable_reason()


def require_gpu():
    reason = gpu_reason()
    if reason:
        skip(f"no usable GPU here ({reason}): skipping")


def images():
    """Test images: $DROPSIZE_GPU_CHECK_IMAGES' JPEGs and PNGs, else some of the shared ones."""
    folder = os.environ.get("DROPSIZE_GPU_CHECK_IMAGES")
    if folder:
        found = sorted(p for p in pathlib.Path(folder).iterdir()
                       if p.suffix.lower() in (".jpg", ".jpeg", ".png"))
    else:
        root = pathlib.Path(os.environ.get("DROPSIZE_TESTDATA")
                            or pathlib.Path(__file__).resolve().parents[3] / "shared" / "testdata")
        found = [root / name for name in (
            "exif-orientation/Landscape_1.jpg", "exif-orientation/Portrait_6.jpg",
            "libjpeg-turbo/testorig.jpg", "pngsuite/basn6a08.png", "pngsuite/basn0g08.png",
            "pngsuite/basn4a08.png")]
        found = [p for p in found if p.is_file()]
    if not found:
        skip("no test images (the shared ones, or $DROPSIZE_GPU_CHECK_IMAGES)")
    return found


# DLPack 0.6's structures, to read a capsule as a consumer would.
class DLDevice(ctypes.Structure):
    _fields_ = [("device_type", ctypes.c_int), ("device_id", ctypes.c_int)]


class DLDataType(ctypes.Structure):
    _fields_ = [("code", ctypes.c_uint8), ("bits", ctypes.c_uint8), ("lanes", ctypes.c_uint16)]


class DLTensor(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("device", DLDevice), ("ndim", ctypes.c_int),
                ("dtype", DLDataType), ("shape", ctypes.POINTER(ctypes.c_int64)),
                ("strides", ctypes.POINTER(ctypes.c_int64)), ("byte_offset", ctypes.c_uint64)]


class DLManagedTensor(ctypes.Structure):
    pass


DLManagedTensor._fields_ = [
    ("dl_tensor", DLTensor), ("manager_ctx", ctypes.c_void_p),
    ("deleter", ctypes.CFUNCTYPE(None, ctypes.POINTER(DLManagedTensor)))]

_get_pointer = ctypes.pythonapi.PyCapsule_GetPointer
_get_pointer.restype = ctypes.c_void_p
_get_pointer.argtypes = [ctypes.py_object, ctypes.c_char_p]
_set_name = ctypes.pythonapi.PyCapsule_SetName
_set_name.restype = ctypes.c_int
_set_name.argtypes = [ctypes.py_object, ctypes.c_char_p]


def tensor_of(capsule):
    return DLManagedTensor.from_address(_get_pointer(capsule, b"dltensor"))


def check_hand_off(g):
    """What a consumer of GPU memory reads of `g` (a GpuPixels), without reading the memory."""
    assert isinstance(g, dropsize.GpuPixels)
    h, w = g.height, g.width
    shape = (h, w) if g.channels == 1 else (h, w, g.channels)
    assert g.shape == shape
    assert g.mode == {1: "L", 2: "LA", 3: "RGB", 4: "RGBA"}[g.channels]
    number = int(g.device.split(":")[1])
    assert g.device == f"cuda:{number}" and g.__dlpack_device__() == (KDL_CUDA, number)
    assert repr(g) == f"<dropsize.GpuPixels {g.mode} {w}x{h} on {g.device}>"
    cai = g.__cuda_array_interface__
    assert cai == {"shape": shape, "typestr": "|u1", "data": (g.address, False),
                   "strides": None, "version": 3, "stream": None}
    assert g.address != 0
    capsule = g.__dlpack__()
    t = tensor_of(capsule).dl_tensor
    assert t.data == g.address and t.byte_offset == 0
    assert (t.device.device_type, t.device.device_id) == (KDL_CUDA, number)
    assert (t.dtype.code, t.dtype.bits, t.dtype.lanes) == (1, 8, 1)  # kDLUInt, 8 bits
    assert t.ndim == len(shape)
    assert tuple(t.shape[i] for i in range(t.ndim)) == shape
    row = w * g.channels
    strides = (row, 1) if g.channels == 1 else (row, g.channels, 1)
    assert tuple(t.strides[i] for i in range(t.ndim)) == strides
    # Any consumer stream: the pixels are ready, nothing to wait for.
    for stream in (None, 1, 2, 12345):
        held = g.__dlpack__(stream=stream)  # the tensor lives as long as its capsule
        assert tensor_of(held).dl_tensor.data == g.address


def test_gpu_pixels_hand_off_without_copying():
    host = dropsize.thumbnail(images()[0], (120, 90)).base
    g = dropsize._native._stand_in_gpu_pixels(host)
    check_hand_off(g)
    assert g.shape == host.shape and g.mode == host.mode and g.address != host.address
    # .numpy(): the one copy, to host memory, over a Pixels of its own.
    back = g.numpy()
    assert isinstance(back.base, dropsize.Pixels) and back.base.device == "cpu"
    assert np.array_equal(back, np.asarray(host)) and back.ctypes.data != g.address
    grey = dropsize._native._stand_in_gpu_pixels(
        dropsize.resize(np.arange(12, dtype=np.uint8).reshape(3, 4), (2, 2)).base)
    check_hand_off(grey)
    assert grey.shape == (2, 2)


def test_gpu_pixels_are_not_taken_for_host_memory():
    g = dropsize._native._stand_in_gpu_pixels(dropsize.thumbnail(images()[0], (40, 40)).base)
    for read in (np.asarray, np.array):
        try:
            read(g)
        except TypeError as e:
            assert "GPU memory" in str(e) and ".numpy()" in str(e)
        else:
            raise AssertionError(f"{read.__name__} took GPU pixels")
    try:
        memoryview(g)
    except TypeError:
        pass
    else:
        raise AssertionError("memoryview took GPU pixels")
    try:
        np.from_dlpack(g)  # numpy reads host memory only: it refuses the CUDA capsule
    except (RuntimeError, BufferError, TypeError, ValueError):
        pass
    else:
        raise AssertionError("numpy.from_dlpack took a CUDA capsule")
    try:
        g.__dlpack__(stream="default")
    except TypeError:
        pass
    else:
        raise AssertionError("a stream that is not an int was taken")


def test_a_capsule_keeps_its_gpu_pixels_alive_until_the_consumer_lets_go():
    g = dropsize._native._stand_in_gpu_pixels(dropsize.thumbnail(images()[1], (64, 64)).base)
    before = sys.getrefcount(g)
    unused = g.__dlpack__()
    assert sys.getrefcount(g) == before + 1
    del unused  # nobody took it: the capsule frees its tensor, and its reference
    assert sys.getrefcount(g) == before
    taken = g.__dlpack__()
    managed = tensor_of(taken)
    assert _set_name(taken, b"used_dltensor") == 0  # what a consumer does when it takes it
    del taken  # taken: the capsule no longer frees anything
    assert sys.getrefcount(g) == before + 1
    managed.deleter(ctypes.pointer(managed))  # the consumer is done
    assert sys.getrefcount(g) == before


def test_on_gpu_without_a_gpu_gives_host_pixels_and_says_why_once():
    reason = gpu_reason()
    if not reason:
        skip("a GPU is usable here: the fallback is not taken")
    path = images()[0]
    dropsize._gpu_said = dropsize._gpu_kept_said = False
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        dropsize.thumbnail(path, (100, 100), device="gpu")  # its own warning, said first
        a = dropsize.thumbnail(path, (100, 100), on_gpu=True)
        b = dropsize.thumbnail(path, (100, 100), device="gpu", on_gpu=True)
        many = list(dropsize.thumbnails(images(), (50, 50), on_gpu=True, threads=2))
    said = [str(w.message) for w in caught if issubclass(w.category, RuntimeWarning)]
    assert len(said) == 2, said
    assert reason in said[0] and "host memory" not in said[0]
    assert reason in said[1] and said[1].endswith("the results are in host memory")
    cpu = dropsize.thumbnail(path, (100, 100), device="cpu")
    for p in (a, b):
        assert isinstance(p, dropsize.Pixels) and p.device == "cpu"
        assert np.array_equal(np.asarray(p), cpu)
    for p, source in zip(many, images()):
        assert isinstance(p, dropsize.Pixels)
        assert np.array_equal(np.asarray(p), dropsize.thumbnail(source, (50, 50), device="cpu"))
    for call in (lambda: dropsize.thumbnail(path, (10, 10), device="cpu", on_gpu=True),
                 lambda: dropsize.thumbnails([path], (10, 10), device="cpu", on_gpu=True)):
        try:
            call()
        except ValueError as e:
            assert "on_gpu" in str(e)
        else:
            raise AssertionError("device=\"cpu\" with on_gpu=True was taken")


def test_on_a_gpu_the_result_stays_there_and_is_the_cpus_pixels():
    require_gpu()
    for path in images():
        for size, transpose in (((200, 150), False), ((97, 61), True), ((100000, 100000), False),
                                ("10%", True)):
            g = dropsize.thumbnail(path, size, on_gpu=True, exif_transpose=transpose)
            cpu = dropsize.thumbnail(path, size, device="cpu", exif_transpose=transpose)
            assert isinstance(g, dropsize.GpuPixels), (path, size, type(g))
            check_hand_off(g)
            assert np.array_equal(g.numpy(), cpu), (path, size, transpose)


def test_on_a_gpu_thumbnails_leave_every_result_there():
    require_gpu()
    paths = images() * 3
    results = list(dropsize.thumbnails(paths, "25%", on_gpu=True, threads=4))
    assert len(results) == len(paths)
    for g, path in zip(results, paths):
        assert isinstance(g, dropsize.GpuPixels)
        assert np.array_equal(g.numpy(), dropsize.thumbnail(path, "25%", device="cpu"))
    assert len({g.address for g in results}) == len(results)  # each its own memory


def test_on_a_gpu_torch_takes_the_pixels_in_place():
    require_gpu()
    try:
        import torch
    except ImportError:
        skip("PyTorch is not installed here: torch.from_dlpack is not tried")
    g = dropsize.thumbnail(images()[0], (300, 300), on_gpu=True)
    t = torch.from_dlpack(g)
    assert t.is_cuda and t.data_ptr() == g.address and tuple(t.shape) == g.shape
    assert np.array_equal(t.cpu().numpy(), g.numpy())
    t2 = torch.as_tensor(g, device="cuda")  # through __cuda_array_interface__
    assert t2.data_ptr() == g.address


if __name__ == "__main__":
    # The GPU check's run: every test, in order; a failure ends it with status 1.
    _AS_SCRIPT = True
    failed = 0
    for name, test in list(globals().items()):
        if not name.startswith("test_") or not callable(test):
            continue
        try:
            test()
            print(f"passed: {name}")
        except Skipped as e:
            print(f"skipped: {name}: {e}")
        except Exception as e:  # noqa: BLE001 - reported, then the next test runs
            failed += 1
            print(f"FAILED: {name}: {type(e).__name__}: {e}")
            traceback.print_exc(file=sys.stdout)
    sys.exit(1 if failed else 0)

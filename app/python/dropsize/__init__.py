# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: Dropsize contributors
"""Dropsize for Python: Pillow's thumbnail() and resize(), byte for byte, on every core.

Four calls, each giving what Pillow gives, as numpy arrays that own the engine's pixels (no copy
on the way out; ``numpy.from_dlpack`` and ``torch.from_dlpack`` take them without one either):

    thumbnail(source, size, ...)     one image file -> its thumbnail, as Image.thumbnail() makes it
    resize(array, size, ...)         an array -> Image.fromarray(array).resize(...)
    thumbnails(sources, size, ...)   many files on worker threads, in order, as an iterator
    resize_folder(input, ...)        the batch engine of dropsize-cli, with its options

With on_gpu=True, thumbnail() and thumbnails() leave what a GPU made in its memory, as GpuPixels
(DLPack with a CUDA device, __cuda_array_interface__), for torch.from_dlpack and the like.

An image that cannot be read raises ImageError, whose .source names it and .reason says why.
See docs/python.md in Dropsize's sources for the guide.
"""
from __future__ import annotations

import enum
import math
import operator
import os
import warnings
from typing import Any, Callable, Iterable, Iterator, Optional, Sequence, Tuple, Union

import numpy as np

from . import _native
from ._native import GpuPixels, ImageError, Pixels

__all__ = ["GpuPixels", "ImageError", "Pixels", "Resampling", "resize", "resize_folder",
           "thumbnail", "thumbnails", "__version__"]
__version__: str = _native.__version__

#: A source: a path (str or os.PathLike), the file's bytes (bytes, bytearray, memoryview or any
#: object with the buffer protocol), or a binary file object (anything with .read()).
Source = Union[str, "os.PathLike[str]", bytes, bytearray, memoryview, Any]
#: A box (width, height), or a percentage of each image as text: "50%" is the box
#: (W * 50 / 100, H * 50 / 100), the call the old Dropsize tool made.
Size = Union[Tuple[float, float], str]


class Resampling(enum.IntEnum):
    """The resampling filters, with Pillow's numbers: Image.Resampling.LANCZOS works as well."""
    NEAREST = 0
    LANCZOS = 1
    BILINEAR = 2
    BICUBIC = 3
    BOX = 4
    HAMMING = 5


_NAMES = {m.name.lower(): m for m in Resampling}
_MAX_SIDE = _native.MAX_SIDE
_gpu_said = False  # device="gpu" without a GPU: said
_gpu_kept_said = False  # on_gpu=True without a GPU: said


def _filter(resample: Union[int, str, None]) -> int:
    """Pillow's number of a filter given as a number (any integer type), a name, or None (its
    default for 8-bit images, bicubic)."""
    if resample is None:
        return int(Resampling.BICUBIC)
    if isinstance(resample, str):
        try:
            return int(_NAMES[resample.lower()])
        except KeyError:
            raise ValueError(f"unknown resample filter {resample!r}: one of "
                             f"{', '.join(_NAMES)}") from None
    number = operator.index(resample)
    if number not in range(6):
        raise ValueError(f"unknown resample filter {resample!r}")
    return number


def _box(size: Size) -> Tuple[int, int, float]:
    """(width, height, 0) of a box, floored as thumbnail() floors it, or (0, 0, P) of "P%"."""
    if isinstance(size, str):
        text = size.strip()
        try:
            if not text.endswith("%"):
                raise ValueError
            percent = float(text[:-1])
            if not (percent > 0 and math.isfinite(percent)):
                raise ValueError
            return 0, 0, percent
        except ValueError:
            raise ValueError(f'size must be (width, height) or a percentage over 0 such as '
                             f'"50%", not {size!r}') from None
    try:
        width, height = size
    except (TypeError, ValueError):
        raise TypeError(f"size must be (width, height), not {size!r}") from None
    # A side past the engine's largest image side gives the same size as that side would (an
    # image is never larger): clamped, so that any number Pillow takes is taken.
    return (min(math.floor(width), _MAX_SIDE), min(math.floor(height), _MAX_SIDE), 0.0)


def _gap(reducing_gap: Optional[float]) -> Optional[float]:
    if reducing_gap is None:
        return None
    gap = float(reducing_gap)
    if not gap >= 1.0:
        raise ValueError("reducing_gap must be 1.0 or more, or None")
    return gap


def _say_gpu(device: str, on_gpu: bool) -> None:
    # Asked for the GPU (by device="gpu", or for results in its memory) where there is none:
    # the reason, once a process for each, as the command line says it; the work runs on the CPU.
    global _gpu_said, _gpu_kept_said
    if on_gpu:
        if _gpu_kept_said:
            return
    elif device != "gpu" or _gpu_said:
        return
    reason = _native.gpu_unavailable_reason()
    if not reason:
        return
    if on_gpu:
        _gpu_kept_said = True
        warnings.warn(f"dropsize: GPU not used: {reason}; resizing on the CPU; the results are "
                      f"in host memory", RuntimeWarning, stacklevel=3)
    else:
        _gpu_said = True
        warnings.warn(f"dropsize: GPU not used: {reason}; resizing on the CPU", RuntimeWarning,
                      stacklevel=3)


def _check_on_gpu(device: str, on_gpu: bool) -> None:
    if on_gpu and device == "cpu":
        raise ValueError('on_gpu needs device "gpu" or "auto", not "cpu"')


def _source_name(source: Any) -> str:
    if isinstance(source, (str, os.PathLike)):
        return os.fsdecode(source)
    if isinstance(source, bytes):
        return "<bytes>"
    name = getattr(source, "name", None)
    return name if isinstance(name, str) else f"<{type(source).__name__}>"


def _is_path(source: Any) -> bool:
    return isinstance(source, (str, os.PathLike))


def _read(source: Any) -> Any:
    """The bytes of a file object, or a bytes-like source: as it is when its bytes are in one
    piece, else copied into one (a strided memoryview)."""
    if hasattr(source, "read"):
        source = source.read()
        if not isinstance(source, (bytes, bytearray, memoryview)):
            raise TypeError("a file object source must be opened in binary mode")
    view = memoryview(source)
    return source if view.c_contiguous else view.tobytes()


def thumbnail(source: Source, size: Size, resample: Union[int, str, None] = Resampling.BICUBIC,
              reducing_gap: Optional[float] = 2.0, exif_transpose: bool = False,
              device: str = "auto",
              on_gpu: bool = False) -> Union[np.ndarray, Pixels, GpuPixels]:
    """Pillow's thumbnail of one image, as a numpy array.

    Equal, sample for sample, to::

        im = Image.open(source)
        im.thumbnail(size, resample, reducing_gap)
        im = ImageOps.exif_transpose(im)      # only when exif_transpose=True
        np.asarray(im)

    for every format Dropsize reads (JPEG, PNG, WebP, HEIC, AVIF) and 8-bit L, LA, RGB and RGBA
    results. Pillow's other modes come out as those: a palette image as RGB (RGBA with a
    transparent colour), 16-bit samples as their high byte, a CMYK JPEG as RGB through its
    profile (docs/python.md lists each case). Like thumbnail(), it never enlarges: an image that
    already fits comes back at its size.

    source: a path, the file's bytes (or any buffer), or a binary file object.
    size: the (width, height) box, in the stored image's orientation as Pillow's; floored. Or a
        percentage as text, "50%": the box (W * 50 / 100, H * 50 / 100) of each image.
    resample: a Resampling (or Pillow's Image.Resampling) member, or its name.
    reducing_gap: Pillow's; None decodes and resamples the whole image (slowest, finest).
    exif_transpose: turn the result upright by its EXIF orientation, as ImageOps.exif_transpose.
    device: "auto" (the GPU when one is usable), "cpu" or "gpu" (the same pixels everywhere;
        without a usable GPU, "gpu" says why once, as a RuntimeWarning, and runs on the CPU).
    on_gpu: leave the result in GPU memory (device "auto" or "gpu"): a GpuPixels, which
        torch.from_dlpack() and cupy take without a copy. Where no GPU is usable (said once, as
        a RuntimeWarning) or an image does not fit its memory, the result is made on the CPU
        and comes as a Pixels in host memory (.device says which; both have __dlpack__).

    Returns a (height, width) array for grey, else (height, width, channels), uint8; its .base
    is the dropsize.Pixels that owns the pixels (with on_gpu, a GpuPixels or Pixels itself).
    Raises ImageError naming the source when it cannot be read, OSError when a path cannot be
    opened.
    """
    width, height, percent = _box(size)
    name = _source_name(source)
    if _is_path(source):
        with open(source, "rb") as f:
            data = f.read()
    else:
        data = _read(source)
    _check_on_gpu(device, on_gpu)
    _say_gpu(device, bool(on_gpu))
    return _native.thumbnail(data, width, height, percent, _filter(resample),
                             _gap(reducing_gap), bool(exif_transpose), device, bool(on_gpu),
                             name)


def resize(array: Any, size: Tuple[int, int], resample: Optional[Union[int, str]] = None,
           box: Optional[Sequence[float]] = None,
           reducing_gap: Optional[float] = None) -> np.ndarray:
    """Pillow's Image.resize() of an array, as a numpy array.

    Equal, sample for sample, to
    ``np.asarray(Image.fromarray(array).resize(size, resample, box, reducing_gap))`` for uint8
    arrays shaped (height, width) (L), or (height, width, 2 | 3 | 4) (LA, RGB, RGBA); a
    (height, width, 1) array is resized as L and keeps its shape. The array is read in place
    when its rows are packed (a C-contiguous array, or rows of one); otherwise it is copied once.

    size: (width, height) of the result, exactly (no aspect kept).
    resample: as for thumbnail(); None is Pillow's default, BICUBIC.
    box: (x0, y0, x1, y1) of the array to resize, in pixels, fractions allowed; None: all of it.
    reducing_gap: Pillow's; None (its default here) resamples the whole box.
    """
    a = np.asarray(array)
    if a.dtype != np.uint8:
        raise TypeError(f"the array must be uint8, not {a.dtype}")
    packed = a.ndim in (2, 3) and a.strides[-1] == a.itemsize and (
        a.ndim == 2 or a.strides[-2] == a.shape[-1]) and a.strides[0] >= a.shape[1] * (
        a.shape[2] if a.ndim == 3 else 1)
    if not packed:
        a = np.ascontiguousarray(a)
    try:
        width, height = (operator.index(v) for v in size)
    except (TypeError, ValueError):
        raise TypeError(f"size must be (width, height) in whole pixels, not {size!r}") from None
    if box is not None:
        box = tuple(float(v) for v in box)
        if len(box) != 4:
            raise TypeError("box must be (x0, y0, x1, y1)")
    return _native.resize(a, (width, height),
                          _filter(Resampling.BICUBIC if resample is None else resample), box,
                          _gap(reducing_gap))


def thumbnails(sources: Iterable[Source], size: Size,
               resample: Union[int, str, None] = Resampling.BICUBIC,
               reducing_gap: Optional[float] = 2.0, exif_transpose: bool = False,
               device: str = "auto", threads: int = 0, errors: str = "raise",
               on_gpu: bool = False) -> Iterator[Union[np.ndarray, Pixels, GpuPixels,
                                                       ImageError]]:
    """thumbnail() of many sources on the engine's worker threads, yielded in their order.

    The sources are taken from the iterable as the workers need them (a few per thread ahead),
    read and decoded on the workers without the GIL, so the other Python threads run meanwhile;
    memory stays that of the images in flight whatever the number of sources.

    threads: worker threads, up to 1024; 0, one per core.
    errors: "raise" raises the ImageError of a source that fails, at its place in the order (the
        sources before it are yielded, the iteration ends there); "yield" yields the ImageError
        in place of its array and goes on. A file object that cannot be read raises its own
        error at once.
    The other arguments are thumbnail()'s. Breaking out of the loop (or closing the generator)
    stops the workers.
    """
    if errors not in ("raise", "yield"):
        raise ValueError('errors must be "raise" or "yield"')
    threads = operator.index(threads)
    if not 0 <= threads <= 1024:
        raise ValueError("threads must be from 0 (one per core) to 1024")
    width, height, percent = _box(size)
    _check_on_gpu(device, on_gpu)
    _say_gpu(device, bool(on_gpu))
    pool = _native.ThumbnailPool(width, height, percent, _filter(resample), _gap(reducing_gap),
                                 bool(exif_transpose), device, bool(on_gpu), threads)
    return _in_order(pool, iter(sources), 2 * (threads or os.cpu_count() or 1), errors)


def _in_order(pool: Any, sources: Iterator[Source], ahead: int,
              errors: str) -> Iterator[Union[np.ndarray, ImageError]]:
    """thumbnails()'s generator: keeps `ahead` sources in the pool, yields their results."""
    try:
        exhausted = False
        while True:
            while not exhausted and pool.pending() < ahead:
                try:
                    source = next(sources)
                except StopIteration:
                    exhausted = True
                    break
                name = _source_name(source)
                if _is_path(source):
                    pool.submit_path(name, os.fsencode(source))  # NUL refused, as open() does
                else:
                    pool.submit_bytes(name, _read(source))  # held by the pool until its result
            if pool.pending() == 0:
                return
            try:
                result = pool.next()
            except ImageError as e:
                if errors == "raise":
                    raise
                yield e
                continue
            yield result
    finally:
        pool.close()


def _argument(value: Any) -> bytes:
    if isinstance(value, (bytes, os.PathLike)):
        return os.fsencode(value)
    if isinstance(value, (list, tuple)):
        return b",".join(_argument(v) for v in value)
    return str(value).encode("utf-8", "surrogateescape")


def _arguments(inputs: Sequence[Any], options: dict) -> list:
    """The command line of a resize_folder() call: a flag for each option (its value joined with
    "=", so that a value starting with "-" stays a value), then "--" and the inputs."""
    args = []
    for name, value in options.items():
        if value is None or value is False:
            continue
        flag = ("--" + name.replace("_", "-")).encode()
        args.append(flag if value is True else flag + b"=" + _argument(value))
    return args + [b"--"] + [os.fsencode(p) for p in inputs]


def resize_folder(input: Union[Source, Sequence[Source]], output: Optional[Source] = None,
                  percent: Optional[float] = None, *,
                  on_event: Optional[Callable[[dict], Any]] = None, **options: Any) -> dict:
    """Runs Dropsize's batch engine, as dropsize-cli does, and returns its summary.

    input: a folder or image file, or a list of them. output: the folder the results go to
        (--output); None: a ResizeImage folder beside each input, as the old tool did.
    percent: --percent (the default size is 50 %); give another size option instead, if any.
    on_event: called on this thread with each event as a dict, the objects of
        ``dropsize-cli --json`` ("batch-started", "job-started", "job-finished", "ignored",
        "notice", "batch-finished").
    options: the command line's other flags by name, "-" written "_": fit="800x600",
        long_edge=2048, filter="lanczos", quality=85, format="webp", no_recursive=True,
        threads=2, device="cpu", sizes=["50%", "long:1024"], preset="Web"... (dropsize-cli --help
        lists them; True gives a switch, False or None leaves a flag out).

    Ctrl-C (KeyboardInterrupt) cancels the batch: the files being written are finished or
    removed, nothing half-written keeps a final name, every file not done gets its
    "job-finished" event with status "cancelled", and the KeyboardInterrupt is raised once the
    batch has stopped. (A Ctrl-C that comes while on_event runs interrupts that call, as it
    would any Python code.) Any other exception raised by on_event cancels the batch the same
    way and is raised at the end; on_event is not called again. A bad file fails alone (its
    "job-finished" event says why). Returns the "batch-finished" event as a dict: total, ok,
    skipped, failed, cancelled, ignored, input_bytes, output_bytes, seconds...
    """
    inputs = list(input) if isinstance(input, (list, tuple)) else [input]
    flags = dict(options)
    if output is not None:
        flags["output"] = output
    if percent is not None:
        flags["percent"] = percent
    summary = _native.resize_folder(_arguments(inputs, flags), on_event)
    return summary if summary is not None else {}

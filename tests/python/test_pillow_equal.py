# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: Dropsize contributors
"""dropsize.thumbnail() and dropsize.resize() against Debian's Pillow, sample for sample.

Every shared test image (JPEG and PNG) and every fixture (JPEG variants, orientation sources,
WebP, CMYK) goes through thumbnail() at several sizes, with and without exif_transpose, and a
set of them with all six filters and four reducing gaps; arrays of every mode go through resize()
with boxes, filters and gaps. The reference is Pillow itself, run here, with the documented
cases where Dropsize gives other samples than np.asarray(Pillow's image), each named:

  * PNG modes Pillow keeps but Dropsize decodes to 8-bit L/LA/RGB/RGBA (palette, 1-bit, 16-bit,
    a tRNS colour key): the reference is Pillow's thumbnail of the image first brought to those
    samples (tests/golden/make_golden.py's normalise_png), as the golden tables do;
  * a CMYK JPEG: Pillow gives CMYK samples, Dropsize RGB through the profile (the golden
    cmyk table checks those);
  * files Pillow reads and Dropsize refuses on purpose (make_golden.REJECTED): ImageError;
  * a box below one pixel on a side: Pillow divides by zero; dropsize raises ValueError.
"""
import io
import os
import sys

import numpy as np
import pytest
from PIL import Image, ImageOps

import dropsize
from conftest import FIXTURES, GOLDEN

sys.path.insert(0, str(GOLDEN))
from make_golden import REJECTED, normalise_png  # noqa: E402

FILTERS = list(dropsize.Resampling)


def shared_images(root):
    files = sorted(p for p in root.rglob("*") if p.suffix.lower() in (".jpg", ".png"))
    files += sorted(p for p in FIXTURES.rglob("*") if p.suffix.lower() in (".jpg", ".png",
                                                                          ".webp"))
    return files


def opened(path):
    im = Image.open(path)
    if im.format == "PNG":
        im = normalise_png(im, str(path))
    return im


def pillow_thumbnail(path, size, resample=Image.Resampling.BICUBIC, reducing_gap=2.0,
                     transpose=False):
    im = opened(path)
    if im is None:
        return None
    im.thumbnail(size, resample, reducing_gap)
    if transpose:
        im = ImageOps.exif_transpose(im)
    return np.asarray(im)


def reference_or_skip(path):
    """None when Pillow cannot read the file as Dropsize would (the cases named above)."""
    try:
        im = Image.open(path)
        im.load()
    except Exception:  # Pillow refuses it: Dropsize's own tests check its message
        return None
    if im.mode == "CMYK":
        return None
    return im


def relative(path, root):
    for base in (root, FIXTURES.parent):
        try:
            return path.relative_to(base).as_posix()
        except ValueError:
            pass
    return path.name


def check_thumbnail(path, size, **options):
    transpose = options.get("exif_transpose", False)
    resample = options.get("resample", Image.Resampling.BICUBIC)
    gap = options.get("reducing_gap", 2.0)
    want = pillow_thumbnail(path, size, resample, gap, transpose)
    if want is None:
        return False  # 16-bit RGB with a colour key: Pillow has dropped the low bytes it compares
    got = dropsize.thumbnail(path, size, **options)
    assert got.shape == want.shape, f"{path.name} {size} {options}"
    assert np.array_equal(got, want), (
        f"{path.name} {size} {options}: {np.count_nonzero(got != want)} samples differ")
    return True


def test_every_image_at_several_sizes(testdata):
    checked = 0
    for path in shared_images(testdata):
        name = relative(path, testdata)
        im = reference_or_skip(path)
        if name in REJECTED:
            with pytest.raises(dropsize.ImageError) as e:
                dropsize.thumbnail(path, (16, 16))
            assert e.value.source == str(path) and e.value.reason  # its words: the codec tests
            continue
        if im is None:
            continue
        w, h = im.size
        for size in [(w * 0.5, h * 0.5), (w / 3, h / 3), (w / 10, h / 10), (64, 64), (w, h)]:
            size = (max(1, size[0]), max(1, size[1]))
            for transpose in (False, True):
                checked += check_thumbnail(path, size, exif_transpose=transpose)
    assert checked > 1000


def test_every_image_with_every_filter(testdata):
    """Every shared image and fixture with each filter: thumbnail() at a third (the reducing gap
    turning over 2, None and 1 with the filter) and resize() of its decoded pixels to a half,
    with and without a gap, both against Pillow."""
    gaps = [2.0, None, 1.0]
    checked = 0
    for path in shared_images(testdata):
        if relative(path, testdata) in REJECTED or reference_or_skip(path) is None:
            continue
        decoded = opened(path)
        if decoded is None:
            continue
        pixels = np.asarray(decoded)
        w, h = decoded.size
        for i, resample in enumerate(FILTERS):
            checked += check_thumbnail(path, (max(1, w / 3), max(1, h / 3)), resample=resample,
                                       reducing_gap=gaps[i % 3], exif_transpose=True)
            size = (max(1, w // 2), max(1, h // 2))
            for gap in (None, 2.0):
                want = pillow_resize(pixels, size, resample, None, gap)
                assert np.array_equal(dropsize.resize(pixels, size, resample, None, gap), want), (
                    f"{path.name} resize {size} {resample!r} {gap}")
                checked += 1
    assert checked > 3000


ALL_FILTER_FILES = [
    "exif-orientation/Landscape_1.jpg", "exif-orientation/Portrait_6.jpg",
    "libjpeg-turbo/testorig.jpg", "libjpeg-turbo/testimgint.jpg", "libjpeg-turbo/testorig.png",
    "pngsuite/basn6a08.png", "pngsuite/basn3p08.png", "pngsuite/basn0g08.png",
    "pngsuite/basn4a08.png", "pngsuite/basn2c16.png",
]


@pytest.mark.parametrize("name", ALL_FILTER_FILES)
def test_all_filters_and_gaps(testdata, name):
    path = testdata / name
    w, h = Image.open(path).size
    for resample in FILTERS:
        for gap in (1.0, 1.5, 2.0, 3.0, None):
            for size in [(w * 0.5, h * 0.5), (w / 8.5, h / 8.5), (w * 0.03, h * 0.4)]:
                if min(size) < 1:
                    continue
                check_thumbnail(path, size, resample=resample, reducing_gap=gap,
                                exif_transpose=True)


def test_fixtures_all_filters():
    files = sorted(p for p in FIXTURES.rglob("*") if p.suffix in (".jpg", ".png", ".webp"))
    assert len(files) > 20
    for path in files:
        if reference_or_skip(path) is None:
            continue
        w, h = Image.open(path).size
        for resample in FILTERS:
            check_thumbnail(path, (w * 0.3, h * 0.3), resample=resample, exif_transpose=True)


def test_sources_bytes_and_file_objects(testdata):
    path = testdata / "exif-orientation" / "Portrait_5.jpg"
    want = pillow_thumbnail(path, (50, 70), transpose=True)
    data = path.read_bytes()
    for source in (path, str(path), data, bytearray(data), memoryview(data),
                   io.BytesIO(data)):
        assert np.array_equal(dropsize.thumbnail(source, (50, 70), exif_transpose=True), want)
    with open(path, "rb") as f:
        assert np.array_equal(dropsize.thumbnail(f, (50, 70), exif_transpose=True), want)
    # Buffers of other shapes: their bytes, in order (a strided view is copied into one piece).
    backwards = bytearray(data[::-1])
    words = np.frombuffer(data[:len(data) // 4 * 4], np.uint32)
    for source in (memoryview(backwards)[::-1], words if len(data) % 4 == 0 else data):
        assert np.array_equal(dropsize.thumbnail(source, (50, 70), exif_transpose=True), want)
    got = list(dropsize.thumbnails([memoryview(backwards)[::-1], data], (50, 70),
                                   exif_transpose=True))
    assert all(np.array_equal(g, want) for g in got)
    with pytest.raises(ValueError, match="null byte"):
        list(dropsize.thumbnails([str(path) + "\0.png"], (50, 70)))
    with pytest.raises(dropsize.ImageError) as e:
        list(dropsize.thumbnails([""], (50, 70)))
    assert e.value.code == "not-found"


def test_never_enlarges_and_floors_the_box(testdata):
    path = testdata / "libjpeg-turbo" / "testorig.jpg"
    im = Image.open(path)
    assert dropsize.thumbnail(path, (10 * im.width, 10 * im.height)).shape[:2] == (
        im.height, im.width)
    assert np.array_equal(dropsize.thumbnail(path, (100.9, 80.99)),
                          pillow_thumbnail(path, (100.9, 80.99)))
    with pytest.raises(ValueError):
        dropsize.thumbnail(path, (0.5, 10))  # Pillow: ZeroDivisionError
    for size in [(2_000_000, 100), (2e6, 2e6), (2**40, 3), (50, 2**33)]:  # past any image
        assert np.array_equal(dropsize.thumbnail(path, size), pillow_thumbnail(path, size))
    # resample=None is Pillow's default; any integer type is taken.
    assert np.array_equal(dropsize.thumbnail(path, (60, 60), None),
                          pillow_thumbnail(path, (60, 60)))
    assert np.array_equal(dropsize.thumbnail(path, (60, 60), np.int64(1)),
                          pillow_thumbnail(path, (60, 60), Image.Resampling.LANCZOS))
    with pytest.raises(TypeError):
        dropsize.thumbnail(path, (60, 60), 3.0)


def arrays(testdata):
    rgb = np.asarray(Image.open(testdata / "libjpeg-turbo" / "testorig.jpg").convert("RGB"))
    rgba = np.asarray(Image.open(testdata / "pngsuite" / "basn6a08.png"))
    yield "L", np.ascontiguousarray(rgb[:, :, 1])
    yield "LA", np.ascontiguousarray(rgba[:, :, [0, 3]])
    yield "RGB", rgb
    yield "RGBA", rgba
    rng = np.random.default_rng(29)
    yield "RGBA noise", rng.integers(0, 256, (37, 53, 4), dtype=np.uint8)
    yield "RGB noise", rng.integers(0, 256, (61, 29, 3), dtype=np.uint8)


def pillow_resize(a, size, resample, box, gap):
    return np.asarray(Image.fromarray(a).resize(size, resample, box, gap))


def test_resize_every_mode_filter_box_and_gap(testdata):
    checked = 0
    for mode, a in arrays(testdata):
        h, w = a.shape[:2]
        sizes = [(max(1, w // 2), max(1, h // 2)), (max(1, w // 7), max(1, h // 3)),
                 (w + 13, h * 2), (1, 1), (w, h)]
        boxes = [None, (0.5, 1.25, w - 3.5, h - 0.75), (w / 4, h / 4, w / 2, h * 0.9)]
        for resample in FILTERS:
            for size in sizes:
                for box in boxes:
                    for gap in (None, 1.0, 2.0, 3.3):
                        want = pillow_resize(a, size, resample, box, gap)
                        got = dropsize.resize(a, size, resample, box, gap)
                        assert got.shape == want.shape
                        assert np.array_equal(got, want), (
                            f"{mode} {size} {resample!r} {box} {gap}")
                        checked += 1
    assert checked > 2000


def test_resize_defaults_and_checks():
    a = np.arange(40 * 30 * 3, dtype=np.uint8).reshape(30, 40, 3)
    assert np.array_equal(dropsize.resize(a, (17, 9)), pillow_resize(a, (17, 9), None, None,
                                                                     None))
    copy = dropsize.resize(a, (40, 30))
    assert np.array_equal(copy, a) and not np.shares_memory(copy, a)
    for box, words in [((-1, 0, 10, 10), "negative"), ((0, 0, 41, 10), "exceed"),
                       ((5, 5, 4, 10), "empty")]:
        with pytest.raises(ValueError, match=words):
            dropsize.resize(a, (10, 10), box=box)
        with pytest.raises(ValueError, match=words):
            Image.fromarray(a).resize((10, 10), box=box)
    with pytest.raises(ValueError, match="must be > 0"):
        dropsize.resize(a, (0, 10))
    with pytest.raises(TypeError):
        dropsize.resize(a.astype(np.uint16), (10, 10))
    with pytest.raises(ValueError):
        dropsize.resize(np.zeros((4, 4, 5), np.uint8), (2, 2))
    one = np.ascontiguousarray(a[:, :, :1])
    out = dropsize.resize(one, (10, 7))
    assert out.shape == (7, 10, 1)
    assert np.array_equal(out[:, :, 0], pillow_resize(one[:, :, 0], (10, 7), None, None, None))


def test_resize_checks_the_box_after_the_reduce_as_pillow_does():
    a = np.random.default_rng(3).integers(0, 256, (40, 101, 3), dtype=np.uint8)
    # Past the right edge by one: refused without a reduce, taken after one (Pillow checks the
    # box it resamples, in the reduced image).
    for box, size, gap in [((0, 0, 102, 20), (10, 2), 2.0), ((0, 0, 102, 20), (10, 2), None),
                           ((-0.5, 0, 100, 40), (10, 4), 2.0), ((0, 0, 101, 41), (3, 3), 3.0)]:
        try:
            want = pillow_resize(a, size, Image.Resampling.BICUBIC, box, gap)
        except ValueError as e:
            with pytest.raises(ValueError, match=str(e)):
                dropsize.resize(a, size, "bicubic", box, gap)
            continue
        assert np.array_equal(dropsize.resize(a, size, "bicubic", box, gap), want), box
    for box in [(float("nan"), 0, 10, 10), (0, 0, float("inf"), 10), (0, 0, 1e30, 10)]:
        with pytest.raises(ValueError):
            dropsize.resize(a, (5, 5), box=box)


def test_resize_strided_and_flipped_arrays(testdata):
    rgb = np.asarray(Image.open(testdata / "libjpeg-turbo" / "testorig.jpg").convert("RGB"))
    for view in (rgb[10:90, 20:140], rgb[::-1], rgb[:, ::2], rgb[::3, ::-1, :]):
        want = pillow_resize(np.ascontiguousarray(view), (33, 21), Image.Resampling.LANCZOS,
                             None, None)
        assert np.array_equal(dropsize.resize(view, (33, 21), "lanczos"), want)


def test_percent_sizes_are_the_old_tools_box(testdata):
    for name in ("exif-orientation/Portrait_7.jpg", "libjpeg-turbo/testimgint.jpg",
                 "pngsuite/basn4a08.png"):
        path = testdata / name
        w, h = Image.open(path).size
        for percent in (50, 33.3, 12.5, 10):
            want = pillow_thumbnail(path, (w * percent / 100, h * percent / 100),
                                    Image.Resampling.LANCZOS, transpose=True)
            got = dropsize.thumbnail(path, f"{percent}%", "lanczos", exif_transpose=True)
            assert np.array_equal(got, want), f"{name} {percent}%"
    for bad in ("50", "x%", "0%", "-5%", "nan%", "inf%", "20000%"):
        with pytest.raises(ValueError):
            dropsize.thumbnail(testdata / "libjpeg-turbo/testorig.jpg", bad)

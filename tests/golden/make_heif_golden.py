#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: Dropsize contributors
"""Makes the HEIC and AVIF fixtures in fixtures/heif/ and writes heif_golden.tsv: what Pillow's
thumbnail() makes of the pixels libheif decodes from each, as size and the CRC-32 of the pixels
(the same columns as pillow_golden.tsv; golden_test.cpp reads both).

Debian 12's Pillow 9.4 reads neither HEIC nor AVIF, so the reference decode is libheif's own,
called here through ctypes exactly as Dropsize calls it: the primary image, its transforms
applied, as interleaved 8-bit RGB or RGBA (10 and 12 bits reduced by libheif). The script checks
that decode against heif-convert's PNG of each file. Then, per case:
    im.thumbnail((W * p / 100, H * p / 100), resample=FILTER)
with no exif_transpose(): libheif has applied the file's transforms (irot, imir), which HEIF
makes the orientation, and the EXIF orientation tag must not rotate the image a second time.

Needs Debian 12's python3-pil, python3-numpy, libheif1 and libheif-examples (heif-enc, heif-convert):
    /usr/bin/python3 tests/golden/make_heif_golden.py [TESTDATA_DIR]
The tests need none of them: they read the committed TSV and fixtures.

The fixtures, made small from the shared test images (each under 30 KB):
  * photo.heic, photo.avif: libjpeg-turbo's testorig.jpg; the HEIC carries an sRGB ICC profile;
  * alpha.heic, alpha.avif: the same photo with a radial alpha;
  * deep10.heic, deep12.avif: libjpeg-turbo's 16-bit monkey16.png at 10 and 12 bits;
  * exif6-no-transform.heic: heif-enc of a small copy of Landscape_6.jpg. heif-enc 1.15 keeps the
    EXIF (orientation 6) and writes no irot/imir, so libheif shows the stored, sideways pixels,
    and so must Dropsize: a file whose EXIF says 6 but whose transforms say nothing is not
    rotated;
  * orient-1.heic .. orient-8.heic, orient-5.avif, orient-6.avif: the stored pixels of
    Landscape_N.jpg, made small, with irot/imir boxes equal to EXIF orientation N (libheif's
    encoding option image_orientation; heif-enc has no such option) and the EXIF kept, as phones
    write both. Each one displays upright, as Landscape_N.jpg does.
"""
import ctypes
import os
import subprocess
import sys
import tempfile
import zlib

import numpy as np
from PIL import Image, ImageCms

FILTERS = {
    "nearest": Image.Resampling.NEAREST,
    "box": Image.Resampling.BOX,
    "bilinear": Image.Resampling.BILINEAR,
    "hamming": Image.Resampling.HAMMING,
    "bicubic": Image.Resampling.BICUBIC,
    "lanczos": Image.Resampling.LANCZOS,
}
PERCENTS = [7, 33.3, 50, 77]
ALL_FILTER_FIXTURES = ["photo.heic", "photo.avif", "alpha.heic", "alpha.avif"]

# libheif's enums (heif.h, 1.15).
HEIF_COLORSPACE_RGB = 1
HEIF_CHROMA_INTERLEAVED_RGB = 10
HEIF_CHROMA_INTERLEAVED_RGBA = 11
HEIF_CHANNEL_INTERLEAVED = 10
HEIF_COMPRESSION_HEVC = 1
HEIF_COMPRESSION_AV1 = 4


class HeifError(ctypes.Structure):
    _fields_ = [("code", ctypes.c_int), ("subcode", ctypes.c_int), ("message", ctypes.c_char_p)]


class EncodingOptions(ctypes.Structure):
    """struct heif_encoding_options up to its version 5 field, image_orientation."""
    _fields_ = [("version", ctypes.c_uint8), ("save_alpha_channel", ctypes.c_uint8),
                ("macOS_compatibility_workaround", ctypes.c_uint8),
                ("save_two_colr_boxes_when_ICC_and_nclx_available", ctypes.c_uint8),
                ("output_nclx_profile", ctypes.c_void_p),
                ("macOS_compatibility_workaround_no_nclx_profile", ctypes.c_uint8),
                ("image_orientation", ctypes.c_int)]


def load_libheif():
    lib = ctypes.CDLL("libheif.so.1")
    p, i, vp = ctypes.c_void_p, ctypes.c_int, ctypes.POINTER(ctypes.c_void_p)
    sig = {
        "heif_context_alloc": (p, []),
        "heif_context_free": (None, [p]),
        "heif_context_read_from_file": (HeifError, [p, ctypes.c_char_p, p]),
        "heif_context_get_primary_image_handle": (HeifError, [p, vp]),
        "heif_image_handle_has_alpha_channel": (i, [p]),
        "heif_image_handle_release": (None, [p]),
        "heif_decode_image": (HeifError, [p, vp, i, i, p]),
        "heif_image_get_plane_readonly": (ctypes.POINTER(ctypes.c_uint8),
                                          [p, i, ctypes.POINTER(i)]),
        "heif_image_get_plane": (ctypes.POINTER(ctypes.c_uint8), [p, i, ctypes.POINTER(i)]),
        "heif_image_get_width": (i, [p, i]),
        "heif_image_get_height": (i, [p, i]),
        "heif_image_release": (None, [p]),
        "heif_image_create": (HeifError, [i, i, i, i, vp]),
        "heif_image_add_plane": (HeifError, [p, i, i, i, i]),
        "heif_context_get_encoder_for_format": (HeifError, [p, i, vp]),
        "heif_encoder_set_lossy_quality": (HeifError, [p, i]),
        "heif_encoder_release": (None, [p]),
        "heif_encoding_options_alloc": (ctypes.POINTER(EncodingOptions), []),
        "heif_encoding_options_free": (None, [ctypes.POINTER(EncodingOptions)]),
        "heif_context_encode_image": (HeifError, [p, p, p, ctypes.POINTER(EncodingOptions), vp]),
        "heif_context_add_exif_metadata": (HeifError, [p, p, ctypes.c_char_p, i]),
        "heif_context_write_to_file": (HeifError, [p, ctypes.c_char_p]),
    }
    for name, (restype, argtypes) in sig.items():
        f = getattr(lib, name)
        f.restype = restype
        f.argtypes = argtypes
    return lib


def check(err, what):
    if err.code != 0:
        raise RuntimeError(f"{what}: {err.message.decode()}")


def libheif_decode(lib, path):
    """The primary image as Dropsize decodes it: RGB or RGBA, 8 bits, transforms applied."""
    ctx = lib.heif_context_alloc()
    handle, image = ctypes.c_void_p(), ctypes.c_void_p()
    try:
        check(lib.heif_context_read_from_file(ctx, path.encode(), None), path)
        check(lib.heif_context_get_primary_image_handle(ctx, ctypes.byref(handle)), path)
        alpha = lib.heif_image_handle_has_alpha_channel(handle) != 0
        chroma = HEIF_CHROMA_INTERLEAVED_RGBA if alpha else HEIF_CHROMA_INTERLEAVED_RGB
        check(lib.heif_decode_image(handle, ctypes.byref(image), HEIF_COLORSPACE_RGB, chroma,
                                    None), path)
        w = lib.heif_image_get_width(image, HEIF_CHANNEL_INTERLEAVED)
        h = lib.heif_image_get_height(image, HEIF_CHANNEL_INTERLEAVED)
        stride = ctypes.c_int()
        plane = lib.heif_image_get_plane_readonly(image, HEIF_CHANNEL_INTERLEAVED,
                                                  ctypes.byref(stride))
        c = 4 if alpha else 3
        base = ctypes.addressof(plane.contents)
        data = b"".join(ctypes.string_at(base + y * stride.value, w * c) for y in range(h))
        return Image.frombytes("RGBA" if alpha else "RGB", (w, h), data)
    finally:
        if image:
            lib.heif_image_release(image)
        if handle:
            lib.heif_image_handle_release(handle)
        lib.heif_context_free(ctx)


def libheif_encode(lib, im, path, compression, quality, orientation, exif):
    """Writes `im` (RGB) with irot/imir boxes for EXIF orientation `orientation` and `exif`."""
    ctx = lib.heif_context_alloc()
    image, encoder, handle = ctypes.c_void_p(), ctypes.c_void_p(), ctypes.c_void_p()
    options = lib.heif_encoding_options_alloc()
    try:
        check(lib.heif_image_create(im.width, im.height, HEIF_COLORSPACE_RGB,
                                    HEIF_CHROMA_INTERLEAVED_RGB, ctypes.byref(image)), "create")
        check(lib.heif_image_add_plane(image, HEIF_CHANNEL_INTERLEAVED, im.width, im.height, 8),
              "plane")
        stride = ctypes.c_int()
        plane = lib.heif_image_get_plane(image, HEIF_CHANNEL_INTERLEAVED, ctypes.byref(stride))
        rows = im.tobytes()
        base = ctypes.addressof(plane.contents)
        for y in range(im.height):
            ctypes.memmove(base + y * stride.value, rows[y * im.width * 3:(y + 1) * im.width * 3],
                           im.width * 3)
        check(lib.heif_context_get_encoder_for_format(ctx, compression, ctypes.byref(encoder)),
              "encoder")
        check(lib.heif_encoder_set_lossy_quality(encoder, quality), "quality")
        assert options.contents.version >= 5, "libheif too old for image_orientation"
        options.contents.image_orientation = orientation
        check(lib.heif_context_encode_image(ctx, image, encoder, options, ctypes.byref(handle)),
              "encode")
        check(lib.heif_context_add_exif_metadata(ctx, handle, exif, len(exif)), "exif")
        check(lib.heif_context_write_to_file(ctx, path.encode()), path)
    finally:
        lib.heif_encoding_options_free(options)
        for release, thing in ((lib.heif_image_handle_release, handle),
                               (lib.heif_encoder_release, encoder),
                               (lib.heif_image_release, image)):
            if thing:
                release(thing)
        lib.heif_context_free(ctx)


def heif_enc(source, out, *options):
    subprocess.run(["heif-enc", *options, "-o", out, source], check=True, capture_output=True)


def small(path, divisor):
    im = Image.open(path)
    return im, im.resize((im.width // divisor, im.height // divisor), Image.Resampling.LANCZOS)


def make_fixtures(lib, root, fixture_dir):
    os.makedirs(fixture_dir, exist_ok=True)
    photo = os.path.join(root, "libjpeg-turbo", "testorig.jpg")
    deep = os.path.join(root, "libjpeg-turbo", "monkey16.png")
    out = lambda name: os.path.join(fixture_dir, name)
    with tempfile.TemporaryDirectory() as tmp:
        rgb = Image.open(photo).convert("RGB")
        srgb = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes()
        with_icc = os.path.join(tmp, "icc.jpg")
        rgb.save(with_icc, quality=95, icc_profile=srgb)
        heif_enc(with_icc, out("photo.heic"), "-q", "80")
        heif_enc(photo, out("photo.avif"), "-q", "60")
        alpha = Image.radial_gradient("L").resize(rgb.size).point(lambda v: 255 - min(255, v))
        rgba = rgb.copy()
        rgba.putalpha(alpha)
        with_alpha = os.path.join(tmp, "alpha.png")
        rgba.save(with_alpha)
        heif_enc(with_alpha, out("alpha.heic"), "-q", "80")
        heif_enc(with_alpha, out("alpha.avif"), "-q", "60")
        heif_enc(deep, out("deep10.heic"), "-q", "50", "-b", "10")
        heif_enc(deep, out("deep12.avif"), "-q", "50", "-b", "12")
        full, six = small(os.path.join(root, "exif-orientation", "Landscape_6.jpg"), 25)
        six_jpg = os.path.join(tmp, "six.jpg")
        six.save(six_jpg, quality=95, exif=full.info["exif"])
        heif_enc(six_jpg, out("exif6-no-transform.heic"), "-q", "90")
    oriented = [(n, "heic") for n in range(1, 9)] + [(5, "avif"), (6, "avif")]
    for n, ext in oriented:
        full, stored = small(os.path.join(root, "exif-orientation", f"Landscape_{n}.jpg"), 25)
        compression = HEIF_COMPRESSION_HEVC if ext == "heic" else HEIF_COMPRESSION_AV1
        libheif_encode(lib, stored.convert("RGB"), out(f"orient-{n}.{ext}"), compression,
                       90 if ext == "heic" else 70, n, full.info["exif"])
    names = sorted(os.listdir(fixture_dir))
    for name in names:
        size = os.path.getsize(out(name))
        assert size <= 30 << 10, f"{name} is {size} bytes: keep fixtures small"
    return names


def check_decode(lib, path):
    """libheif's decode through ctypes is heif-convert's (its PNG's high bytes when deep)."""
    im = libheif_decode(lib, path)
    with tempfile.TemporaryDirectory() as tmp:
        png = os.path.join(tmp, "out.png")
        subprocess.run(["heif-convert", path, png], check=True, capture_output=True)
        ref = Image.open(png)
        ref.load()
    if ref.mode != im.mode or not np.array_equal(np.asarray(ref), np.asarray(im)):
        raise RuntimeError(f"{path}: ctypes decode differs from heif-convert's")
    return im


def check_upright(images):
    """Every orient-N decodes to the upright orient-1 (lossy, so close, not equal), and not to
    any of its mirror images or rotations."""
    upright = np.asarray(images["orient-1.heic"]).astype(np.int64)
    wrong = [np.fliplr(upright), np.flipud(upright), np.rot90(upright, 2)]
    for name, im in images.items():
        if not name.startswith("orient-"):
            continue
        a = np.asarray(im).astype(np.int64)
        assert a.shape == upright.shape, f"{name} is {im.size}, not upright"
        diff = np.abs(a - upright).mean()
        assert diff < 6, f"{name} differs from the upright image by {diff:.1f} on average"
        assert all(np.abs(a - w).mean() > 3 * diff for w in wrong), f"{name} is mirrored"
    six = images["exif6-no-transform.heic"]
    assert six.size == (48, 72), "a file without transforms keeps its stored (sideways) pixels"


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "..", "..", "shared",
                                                             "testdata")
    fixture_dir = os.path.join(here, "fixtures", "heif")
    lib = load_libheif()
    names = make_fixtures(lib, root, fixture_dir)
    decoded = {name: check_decode(lib, os.path.join(fixture_dir, name)) for name in names}
    check_upright(decoded)
    rows = []
    for name in names:
        filters = FILTERS if name in ALL_FILTER_FIXTURES else ["lanczos", "bicubic"]
        for filt in filters:
            for percent in PERCENTS:
                im = decoded[name].copy()
                box = (max(1, im.width * percent / 100), max(1, im.height * percent / 100))
                im.thumbnail(box, resample=FILTERS[filt])
                channels = {"RGB": 3, "RGBA": 4}[im.mode]
                digest = zlib.crc32(im.tobytes())
                rows.append(f"fixtures/heif/{name}\t{percent:g}\t{filt}\t{im.width}\t{im.height}"
                            f"\t{channels}\t{digest:08x}")
    out = os.path.join(here, "heif_golden.tsv")
    with open(out, "w") as f:
        f.write("# Made by make_heif_golden.py with Pillow " + Image.__version__
                + " on libheif's decode; do not edit.\n")
        f.write("# file\tpercent\tfilter\twidth\theight\tchannels\tcrc32\n")
        f.write("\n".join(rows) + "\n")
    print(f"{len(names)} fixtures, {len(rows)} cases written to {out}", file=sys.stderr)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: Dropsize contributors
"""Makes the WebP fixtures in fixtures/webp/ from the shared test images and writes
webp_golden.tsv: what Pillow's thumbnail() + exif_transpose() make of each, as size and the CRC-32
of the pixels (the format of pillow_golden.tsv; tests/core/convert/golden_test.cpp reads both).

Needs Debian 12's python3-pil (Pillow 9.4 with libwebp 1.2.4), python3-numpy and webpmux (the
webp package), run with Debian's Python:
    /usr/bin/python3 tests/golden/make_webp_golden.py [TESTDATA_DIR]
The tests need none of them: they read the committed TSV and fixtures.

The reference for one case is the old tool's call on the WebP file itself:
    im = Image.open(path)
    im.thumbnail((max(1, W * p / 100), max(1, H * p / 100)), resample=FILTER)
    im = ImageOps.exif_transpose(im)
Pillow reads a WebP file through libwebp's animation decoder: RGB when the file has no alpha,
RGBA when it has, and an animation's first frame on its canvas.
"""
import io
import os
import subprocess
import sys
import tempfile
import zlib

import numpy as np
from PIL import Image, ImageCms, ImageOps

FILTERS = {
    "nearest": Image.Resampling.NEAREST,
    "box": Image.Resampling.BOX,
    "bilinear": Image.Resampling.BILINEAR,
    "hamming": Image.Resampling.HAMMING,
    "bicubic": Image.Resampling.BICUBIC,
    "lanczos": Image.Resampling.LANCZOS,
}
PERCENTS = [7, 25, 33.3, 50, 71, 99]
# Every filter for these; Lanczos and bicubic (Pillow's default) for the others.
ALL_FILTER_FIXTURES = {"lossy.webp", "lossless-alpha.webp", "orientation-6.webp",
                       "animated.webp"}
TRANSPOSE = {
    2: Image.Transpose.FLIP_LEFT_RIGHT, 3: Image.Transpose.ROTATE_180,
    4: Image.Transpose.FLIP_TOP_BOTTOM, 5: Image.Transpose.TRANSPOSE,
    6: Image.Transpose.ROTATE_270, 7: Image.Transpose.TRANSVERSE, 8: Image.Transpose.ROTATE_90,
}


def with_alpha(rgb):
    """The colour image with an alpha channel that has every kind of value: a gradient, a fully
    transparent band (whose colours a lossy encoder may change) and an opaque corner."""
    a = np.array(rgb.convert("RGB"))
    h, w = a.shape[:2]
    y, x = np.mgrid[0:h, 0:w]
    alpha = ((x * 255) // max(1, w - 1)).astype(np.uint8)
    alpha[h // 3: h // 3 + 12, :] = 0
    alpha[: h // 4, : w // 4] = 255
    return Image.fromarray(np.dstack([a, alpha]), "RGBA")


def save(im, path, **options):
    im.save(path, "WEBP", **options)


def make_fixtures(root, out_dir):
    os.makedirs(out_dir, exist_ok=True)
    colour = Image.open(os.path.join(root, "libjpeg-turbo", "testorig.jpg")).convert("RGB")
    grey = Image.open(os.path.join(root, "libjpeg-turbo", "testorig.png")).convert("L")
    # A small profile (the shared test1.icc is half a megabyte): littlecms's sRGB.
    # Its header's creation date (bytes 24-35) and profile ID (84-99, an MD5 of the rest) are
    # zeroed so that the fixture is the same on every run ("no ID" is allowed).
    icc = bytearray(ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes())
    icc[24:36] = bytes(12)
    icc[84:100] = bytes(16)
    icc = bytes(icc)
    path = lambda name: os.path.join(out_dir, name)

    save(colour, path("lossy.webp"), quality=80)
    # Lossless files of the whole photo are over 30 KB: a part of it, at the most effort.
    part = colour.crop((0, 0, 180, 120))
    save(part, path("lossless.webp"), lossless=True, quality=100, method=6)
    save(grey, path("grey-lossy.webp"), quality=80)  # Pillow writes grey as RGB
    save(grey.crop((0, 0, 180, 120)), path("grey-lossless.webp"), lossless=True, quality=100,
         method=6)
    save(with_alpha(colour), path("lossy-alpha.webp"), quality=80)
    save(with_alpha(part), path("lossless-alpha.webp"), lossless=True, quality=100, method=6)
    save(colour, path("icc.webp"), quality=80, icc_profile=icc)
    # A strip whose short side becomes one pixel at small percents.
    save(colour.resize((300, 4), Image.Resampling.BOX), path("strip.webp"), lossless=True)

    # The orientation photos, made small, with their own EXIF (orientation 1 to 8).
    for n in range(1, 9):
        photo = Image.open(os.path.join(root, "exif-orientation", f"Landscape_{n}.jpg"))
        exif = photo.info["exif"]
        small = photo.convert("RGB").resize((photo.width // 12, photo.height // 12),
                                            Image.Resampling.BOX)
        save(small, path(f"orientation-{n}.webp"), quality=80, exif=exif)

    with tempfile.TemporaryDirectory() as tmp:
        # EXIF stored with JPEG's "Exif\0\0" prefix, as some writers do (Pillow strips it).
        photo = Image.open(os.path.join(root, "exif-orientation", "Landscape_6.jpg"))
        exif_file = os.path.join(tmp, "exif.bin")
        with open(exif_file, "wb") as f:
            f.write(photo.info["exif"])
        subprocess.run(["webpmux", "-set", "exif", exif_file, path("orientation-6.webp"), "-o",
                        path("exif-prefixed.webp")], check=True, capture_output=True)

        # An animation whose first frame covers part of the canvas only (at an offset), the
        # rest of which stays transparent black; and one with alpha, written by Pillow.
        first = os.path.join(tmp, "first.webp")
        second = os.path.join(tmp, "second.webp")
        save(colour.crop((20, 10, 140, 100)), first, quality=80)
        save(colour.transpose(Image.Transpose.FLIP_LEFT_RIGHT), second, quality=80)
        subprocess.run(["webpmux", "-frame", first, "+100+30+20", "-frame", second, "+100+0+0",
                        "-loop", "0", "-o", path("animated.webp")], check=True,
                       capture_output=True)
    frames = [with_alpha(colour), with_alpha(colour.transpose(Image.Transpose.FLIP_TOP_BOTTOM))]
    frames[0].save(path("animated-alpha.webp"), "WEBP", save_all=True,
                   append_images=frames[1:], duration=100, loop=0, quality=80)
    return sorted(name for name in os.listdir(out_dir) if name.endswith(".webp"))


def reference(path, percent, filter_name):
    im = Image.open(path)
    orientation = im.getexif().get(0x0112)
    box = (max(1, im.width * percent / 100), max(1, im.height * percent / 100))
    im.thumbnail(box, resample=FILTERS[filter_name])
    method = TRANSPOSE.get(orientation)
    if method is not None:
        im = im.transpose(method)
    return im


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "..", "..", "shared",
                                                             "testdata")
    names = make_fixtures(root, os.path.join(here, "fixtures", "webp"))
    rows = []
    for name in names:
        filters = FILTERS if name in ALL_FILTER_FIXTURES else ("bicubic", "lanczos")
        percents = PERCENTS + ([1, 3] if name == "strip.webp" else [])
        rel = f"fixtures/webp/{name}"
        for filt in filters:
            for percent in percents:
                im = reference(os.path.join(here, rel), percent, filt)
                channels = {"RGB": 3, "RGBA": 4}[im.mode]
                digest = zlib.crc32(im.tobytes())
                rows.append(f"{rel}\t{percent:g}\t{filt}\t{im.width}\t{im.height}\t{channels}"
                            f"\t{digest:08x}")
    out = os.path.join(here, "webp_golden.tsv")
    with open(out, "w") as f:
        f.write("# Made by make_webp_golden.py with Pillow " + Image.__version__
                + "; do not edit.\n")
        f.write("# file\tpercent\tfilter\twidth\theight\tchannels\tcrc32\n")
        f.write("\n".join(rows) + "\n")
    print(f"{len(names)} fixtures, {len(rows)} cases written to {out}", file=sys.stderr)


if __name__ == "__main__":
    main()

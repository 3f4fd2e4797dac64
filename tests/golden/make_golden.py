#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: Dropsize contributors
"""Writes pillow_golden.tsv: what Pillow's thumbnail() + exif_transpose() make of the shared test
images, as size and the CRC-32 of the pixels (Python's zlib.crc32; the tests compute the same with
zlib, which they link), for the golden tests to compare against.

Needs Debian 12's python3-pil (Pillow 9.4, libjpeg-turbo 2.1.5) and python3-numpy:
    python3 tests/golden/make_golden.py [TESTDATA_DIR]
and cjpeg (libjpeg-turbo-progs) for the JPEG fixtures in tests/golden/fixtures/. The tests need
none of them: they read the committed TSV and fixtures.

The reference for one case is the old tool's call:
    im = Image.open(path)
    im.thumbnail((W * p / 100, H * p / 100), resample=FILTER)
    im = ImageOps.exif_transpose(im)
with two documented differences that Dropsize makes on purpose:
  * a box side below 1 pixel is taken as 1 (Pillow divides by zero there);
  * PNG modes that Pillow would not resample as 8-bit colour are first brought to what Dropsize
    decodes: palette and 1-bit to RGB/RGBA/L, 16-bit grey to its high byte, and a tRNS colour
    key to an alpha channel. Pillow then resamples those pixels; only that step is compared.
"""
import os
import subprocess
import sys
import tempfile
import zlib

import numpy as np
from PIL import Image, ImageOps

FILTERS = {
    "nearest": Image.Resampling.NEAREST,
    "box": Image.Resampling.BOX,
    "bilinear": Image.Resampling.BILINEAR,
    "hamming": Image.Resampling.HAMMING,
    "bicubic": Image.Resampling.BICUBIC,
    "lanczos": Image.Resampling.LANCZOS,
}

PHOTOS = sorted(
    [f"exif-orientation/{n}_{i}.jpg" for n in ("Landscape", "Portrait") for i in range(9)]
    + [f"libjpeg-turbo/{n}" for n in ("testorig.jpg", "testimgint.jpg", "testimgari.jpg",
                                      "testorig.png", "monkey16.png", "vgl_5674_0098.png")]
)
PHOTO_PERCENTS = [1, 5, 10, 12.5, 25, 33.3, 50, 66.7, 75, 99]
PNG_PERCENTS = [1, 10, 33.3, 50, 77, 99]
ALL_FILTER_PERCENTS = [3, 12.5, 50, 71, 99]
ALL_FILTER_FILES = [
    "exif-orientation/Landscape_1.jpg", "exif-orientation/Portrait_6.jpg",
    "exif-orientation/Landscape_5.jpg", "libjpeg-turbo/testorig.jpg",
    "libjpeg-turbo/testimgint.jpg", "pngsuite/basn6a08.png", "pngsuite/basn3p08.png",
    "pngsuite/basn0g08.png", "pngsuite/basn4a08.png", "pngsuite/basn2c16.png",
    "testpngs/gray-16-tRNS.png",
]
# Files Pillow reads but Dropsize rejects on purpose (the codec tests check the messages).
REJECTED = {
    "testpngs/badcrc.png": "CRC error in IDAT: the image data is damaged",
}
TRANSPOSE = {
    2: Image.Transpose.FLIP_LEFT_RIGHT, 3: Image.Transpose.ROTATE_180,
    4: Image.Transpose.FLIP_TOP_BOTTOM, 5: Image.Transpose.TRANSPOSE,
    6: Image.Transpose.ROTATE_270, 7: Image.Transpose.TRANSVERSE, 8: Image.Transpose.ROTATE_90,
}


# JPEG variants the shared photos lack, made here from libjpeg-turbo's testorig.png with cjpeg
# (Debian's libjpeg-turbo-progs) and committed: name -> cjpeg options.
FIXTURES = {
    "grey.jpg": ["-grayscale"],
    "s444.jpg": ["-sample", "1x1"],
    "s422.jpg": ["-sample", "2x1"],
    "s440.jpg": ["-sample", "1x2"],
    "s411.jpg": ["-sample", "4x1"],
    "progressive-restart.jpg": ["-progressive", "-restart", "1"],
    "arithmetic-420.jpg": ["-arithmetic", "-sample", "2x2"],
}


def make_fixtures(root, fixture_dir):
    os.makedirs(fixture_dir, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        ppm = os.path.join(tmp, "testorig.ppm")
        Image.open(os.path.join(root, "libjpeg-turbo", "testorig.png")).convert("RGB").save(ppm)
        for name, options in FIXTURES.items():
            out = os.path.join(fixture_dir, name)
            subprocess.run(["cjpeg", "-quality", "90", *options, "-outfile", out, ppm], check=True)
    return [f"fixtures/{name}" for name in FIXTURES]


def png_header(path):
    with open(path, "rb") as f:
        head = f.read(33)
    return head[24], head[25]  # bit depth, colour type


def normalise_png(im, path):
    """Brings a PNG to the 8-bit L/LA/RGB/RGBA pixels that Dropsize's decoder gives."""
    depth, colour_type = png_header(path)
    trns = im.info.get("transparency")
    if im.mode == "P":
        return im.convert("RGBA" if trns is not None else "RGB")
    if im.mode in ("1", "L", "I"):
        a = np.array(im.convert("L") if im.mode == "1" else im)
        if im.mode == "I":
            grey = (a.astype(np.int64) >> 8).astype(np.uint8)
        else:
            grey = a.astype(np.uint8)
        if trns is None:
            return Image.fromarray(grey, "L")
        if im.mode == "I":
            key = a == trns
        else:
            scale = 255 // ((1 << depth) - 1) if depth < 8 else 1
            key = a.astype(np.int64) == trns * scale
        alpha = np.where(key, 0, 255).astype(np.uint8)
        return Image.fromarray(np.dstack([grey, alpha]), "LA")
    if im.mode == "RGB" and trns is not None:
        if depth == 16:
            return None  # Pillow has already dropped the low bytes the key compares
        a = np.array(im)
        key = np.all(a == np.array(trns, dtype=np.uint8), axis=2)
        alpha = np.where(key, 0, 255).astype(np.uint8)
        return Image.fromarray(np.dstack([a, alpha]), "RGBA")
    if im.mode == "RGBA" and colour_type == 4:
        # Pillow widens 16-bit grey+alpha to RGBA with R = G = B; its resample treats each
        # channel alone, so channels 0 and 3 are exactly its LA result.
        a = np.array(im)
        return Image.fromarray(np.ascontiguousarray(a[:, :, [0, 3]]), "LA")
    if im.mode in ("LA", "RGB", "RGBA"):
        im.load()
        return im
    return None


def reference(path, percent, filter_name):
    im = Image.open(path)
    orientation = im.getexif().get(0x0112)
    if im.format == "PNG":
        im = normalise_png(im, path)
        if im is None:
            return None
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
    fixture_dir = os.path.join(here, "fixtures")
    fixtures = make_fixtures(root, fixture_dir)
    cases = []
    for rel in fixtures:
        cases += [(rel, p, f) for f in FILTERS for p in (7, 33.3, 50)]
    for rel in PHOTOS:
        cases += [(rel, p, "lanczos") for p in PHOTO_PERCENTS]
    for folder in ("pngsuite", "testpngs"):
        for name in sorted(os.listdir(os.path.join(root, folder))):
            if name.endswith(".png"):
                cases += [(f"{folder}/{name}", p, "lanczos") for p in PNG_PERCENTS]
    for rel in ALL_FILTER_FILES:
        cases += [(rel, p, f) for f in FILTERS for p in ALL_FILTER_PERCENTS if f != "lanczos"
                  or p not in PHOTO_PERCENTS + PNG_PERCENTS]
    seen = set()
    rows = []
    skipped = {}
    for rel, percent, filt in cases:
        if (rel, percent, filt) in seen:
            continue
        if rel in REJECTED:
            skipped[rel] = "rejected by Dropsize: " + REJECTED[rel]
            continue
        seen.add((rel, percent, filt))
        try:
            base = here if rel.startswith("fixtures/") else root
            im = reference(os.path.join(base, rel), percent, filt)
        except Exception as e:  # a file Pillow cannot read has no golden result
            skipped[rel] = f"{type(e).__name__}: {e}"
            continue
        if im is None:
            skipped[rel] = "no 8-bit equivalent in Pillow"
            continue
        channels = {"L": 1, "LA": 2, "RGB": 3, "RGBA": 4}[im.mode]
        digest = zlib.crc32(im.tobytes())
        rows.append(f"{rel}\t{percent:g}\t{filt}\t{im.width}\t{im.height}\t{channels}\t{digest:08x}")
    out = os.path.join(here, "pillow_golden.tsv")
    with open(out, "w") as f:
        f.write("# Made by make_golden.py with Pillow " + Image.__version__ + "; do not edit.\n")
        f.write("# file\tpercent\tfilter\twidth\theight\tchannels\tcrc32\n")
        f.write("\n".join(rows) + "\n")
    for rel, why in sorted(skipped.items()):
        print(f"no golden for {rel}: {why}", file=sys.stderr)
    print(f"{len(rows)} cases written to {out}", file=sys.stderr)


if __name__ == "__main__":
    main()

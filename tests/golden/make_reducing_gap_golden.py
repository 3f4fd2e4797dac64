#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: Dropsize contributors
"""Writes reducing_gap_golden.tsv: what Pillow's thumbnail() makes of the shared test images with
reducing gaps other than its default 2.0 (1.0, 1.5, 3.0 and None), as size and the CRC-32 of the
pixels, for the golden tests to compare against (--reducing-gap). The files, their PNG
normalisation and the orientation table are make_golden.py's; this script leaves the other
tables alone.

Needs Debian 12's python3-pil (Pillow 9.4, libjpeg-turbo 2.1.5) and python3-numpy:
    python3 tests/golden/make_reducing_gap_golden.py [TESTDATA_DIR]
(run make_golden.py first on a fresh checkout: it makes the JPEG fixtures this script reads).

The reference for one case, with GAP the reducing gap (None: Python's None) and the box as the
size spec says:
    im = Image.open(path)
    im.thumbnail(box, resample=FILTER, reducing_gap=GAP)
    im = ImageOps.exif_transpose(im)
P%        box = (W * P / 100, H * P / 100), as make_golden.py (a side below 1 taken as 1)
fit:WxH   box = (W, H), or (H, W) for orientations 5 to 8 (the box is the shown image's)
long:N    box = (N, N)
A JPEG is then drafted to the DCT scale the gap allows (none: never), and an image without
alpha reduced by the factors it allows before the resample; these are the cases where that
differs from the default gap.
"""
import os
import sys
import zlib

from PIL import Image

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_golden import FILTERS, REJECTED, TRANSPOSE, normalise_png  # noqa: E402

GAPS = [1.0, 1.5, 3.0, None]
PHOTOS = [
    "exif-orientation/Landscape_1.jpg", "exif-orientation/Landscape_6.jpg",
    "exif-orientation/Portrait_3.jpg", "exif-orientation/Portrait_8.jpg",
    "libjpeg-turbo/testorig.jpg", "libjpeg-turbo/testimgint.jpg", "fixtures/grey.jpg",
    "fixtures/s422.jpg", "fixtures/s411.jpg", "libjpeg-turbo/testorig.png",
    "libjpeg-turbo/vgl_5674_0098.png",
]
PHOTO_SPECS = ["50%", "33%", "25%", "12.5%", "10%", "5%", "1%", "fit:300x300", "long:100",
               "fit:599x401"]
PNGS = ["pngsuite/basn0g08.png", "pngsuite/basn2c08.png", "pngsuite/basn4a08.png",
        "pngsuite/basn6a08.png"]
PNG_SPECS = ["50%", "25%", "10%", "fit:7x5"]
ALL_FILTER_FILES = ["exif-orientation/Landscape_1.jpg", "pngsuite/basn2c08.png"]
ALL_FILTER_SPECS = ["25%", "10%"]


def box_of(im, spec, orientation):
    if spec.endswith("%"):
        p = float(spec[:-1])
        return (max(1, im.width * p / 100), max(1, im.height * p / 100))
    kind, value = spec.split(":")
    if kind == "long":
        return (int(value), int(value))
    w, h = (int(v) for v in value.split("x"))
    return (h, w) if orientation in (5, 6, 7, 8) else (w, h)


def reference(path, spec, gap, filter_name):
    im = Image.open(path)
    orientation = im.getexif().get(0x0112)
    if im.format == "PNG":
        im = normalise_png(im, path)
        if im is None:
            return None
    im.thumbnail(box_of(im, spec, orientation), resample=FILTERS[filter_name], reducing_gap=gap)
    method = TRANSPOSE.get(orientation)
    return im.transpose(method) if method is not None else im


def gap_text(gap):
    return "none" if gap is None else f"{gap:g}"


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "..", "..", "shared",
                                                             "testdata")
    cases = []
    for rel in PHOTOS:
        cases += [(rel, s, g, f) for s in PHOTO_SPECS for g in GAPS for f in ("bicubic", "lanczos")]
    for rel in PNGS:
        cases += [(rel, s, g, "bicubic") for s in PNG_SPECS for g in GAPS]
    for rel in ALL_FILTER_FILES:
        cases += [(rel, s, g, f) for s in ALL_FILTER_SPECS for g in GAPS for f in FILTERS]
    seen = set()
    rows = []
    for case in cases:
        rel, spec, gap, filt = case
        if case in seen or rel in REJECTED:
            continue
        seen.add(case)
        base = here if rel.startswith("fixtures/") else root
        im = reference(os.path.join(base, rel), spec, gap, filt)
        channels = {"L": 1, "LA": 2, "RGB": 3, "RGBA": 4}[im.mode]
        rows.append(f"{rel}\t{spec}\t{gap_text(gap)}\t{filt}\t{im.width}\t{im.height}"
                    f"\t{channels}\t{zlib.crc32(im.tobytes()):08x}")
    out = os.path.join(here, "reducing_gap_golden.tsv")
    with open(out, "w") as f:
        f.write("# Made by make_reducing_gap_golden.py with Pillow " + Image.__version__
                + "; do not edit.\n")
        f.write("# file\tspec\tgap\tfilter\twidth\theight\tchannels\tcrc32\n")
        f.write("\n".join(rows) + "\n")
    print(f"{len(rows)} cases written to {out}", file=sys.stderr)


if __name__ == "__main__":
    main()

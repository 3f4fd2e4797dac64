#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: Dropsize contributors
"""Writes sizing_golden.tsv: what Pillow makes of the shared test images for the short-edge and
fill sizes, as size and the CRC-32 of the pixels, for the golden tests to compare against. The
files, their PNG normalisation and the orientation table are make_golden.py's; this script
leaves pillow_golden.tsv alone.

Needs Debian 12's python3-pil (Pillow 9.4, libjpeg-turbo 2.1.5) and python3-numpy:
    python3 tests/golden/make_sizing_golden.py [TESTDATA_DIR]
(run make_golden.py first on a fresh checkout: it makes the JPEG fixtures this script reads).

The reference for one case, with (W, H) the stored size, `o` the EXIF orientation and
TRANSPOSE[o] the exif_transpose() step, applied last:

short:N  im.thumbnail(box, FILTER) with box = (ceil(N*W/H), N) when W >= H, else
         (N, ceil(N*H/W)): thumbnail() keeps the box side that limits and rounds the other, so
         the short side becomes N (the short side is the same in both orientations). With
         --enlarge and N above the short side thumbnail() would do nothing: the reference is
         then im.resize(size, FILTER) to the size its aspect rule gives (no draft, no reduce, as
         a resize that grows never has them).
fill:WxH ImageOps.fit(im, box, FILTER) with box = (W', H') = (w, h), or (h, w) for orientations 5
         to 8: fit() crops the box's aspect from the centre and calls resize(box, FILTER,
         box=crop) with no reducing_gap, so no draft and no reduce. That is the reference with
         --enlarge, and without it when the image is at least the box on both sides (then fit()
         never enlarges). Otherwise (no enlarging, and the image smaller than the box on a side)
         the reference is a plain crop in display orientation:
             im = exif_transpose(im); (Wd, Hd) = im.size
             if Wd*h <= Hd*w: (w', h') = (Wd, round(Wd*h/w)) else (round(Hd*w/h), Hd)
             im = im.crop((l, t, l + w', t + h')) with l = (Wd - w') // 2, t = (Hd - h') // 2
         (round to nearest, halves down, at least 1): the largest part of the box's shape the
         image holds, with no resampling.
"""
import math
import os
import sys
import zlib

from PIL import Image, ImageOps

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from make_golden import FILTERS, REJECTED, TRANSPOSE, normalise_png  # noqa: E402

ORIENTED = [f"exif-orientation/{n}_{i}.jpg" for n in ("Landscape", "Portrait") for i in range(9)]
OTHER_PHOTOS = [
    "libjpeg-turbo/testorig.jpg", "libjpeg-turbo/testimgint.jpg", "libjpeg-turbo/testorig.png",
    "libjpeg-turbo/vgl_5674_0098.png", "fixtures/grey.jpg", "fixtures/s422.jpg",
]
# (spec, enlarge): boxes wider and taller than the photos' 3:2, square, tiny, the exact size, one
# a side too big (plain crop), with an odd margin to check the centring under every orientation.
PHOTO_SPECS = [
    ("short:1", False), ("short:100", False), ("short:149", False), ("short:600", False),
    ("short:1199", False), ("short:1200", False), ("short:1500", True),
    ("fill:1x1", False), ("fill:7x3", False), ("fill:3x7", False), ("fill:500x500", False),
    ("fill:640x480", False), ("fill:300x100", False), ("fill:100x300", False),
    ("fill:1200x1800", False), ("fill:1800x1200", False), ("fill:2400x1001", False),
    ("fill:1001x2400", False), ("fill:4000x3000", False), ("fill:2400x1001", True),
    ("fill:250x149", False),
]
PNG_SPECS = [
    ("short:1", False), ("short:13", False), ("short:48", True), ("fill:1x1", False),
    ("fill:20x10", False), ("fill:7x13", False), ("fill:32x16", False), ("fill:64x48", False),
    ("fill:64x48", True),
]
ALL_FILTER_FILES = [
    "exif-orientation/Landscape_1.jpg", "exif-orientation/Landscape_5.jpg",
    "exif-orientation/Portrait_6.jpg", "libjpeg-turbo/testorig.jpg", "pngsuite/basn6a08.png",
    "pngsuite/basn4a08.png", "pngsuite/basn0g08.png", "pngsuite/basn2c08.png",
]
ALL_FILTER_SPECS = [("short:50", False), ("fill:64x48", False), ("fill:20x30", False),
                    ("fill:45x31", True), ("fill:32x16", False)]


def rounded_quotient(n, d):
    """n / d to nearest, halves down, at least 1."""
    q, r = divmod(n, d)
    return max(1, q + (1 if 2 * r > d else 0))


def aspect_size(im, box):
    """thumbnail()'s preserve_aspect_ratio() on a floored box, without its early return."""
    x, y = box
    aspect = im.width / im.height

    def round_aspect(number, key):
        return max(min(math.floor(number), math.ceil(number), key=key), 1)

    if x / y >= aspect:
        x = round_aspect(y * aspect, key=lambda n: abs(aspect - n / y))
    else:
        y = round_aspect(x / aspect, key=lambda n: 0 if n == 0 else abs(aspect - x / n))
    return x, y


def transpose(im, orientation):
    method = TRANSPOSE.get(orientation)
    return im.transpose(method) if method is not None else im


def reference(path, spec, enlarge, filter_name):
    im = Image.open(path)
    orientation = im.getexif().get(0x0112)
    if im.format == "PNG":
        im = normalise_png(im, path)
        if im is None:
            return None
    kind, value = spec.split(":")
    resample = FILTERS[filter_name]
    if kind == "short":
        n = int(value)
        w, h = im.size
        box = (-(-n * w // h), n) if w >= h else (n, -(-n * h // w))
        if enlarge and n > min(w, h):
            im = im.resize(aspect_size(im, box), resample)
        else:
            im.thumbnail(box, resample=resample)
        return transpose(im, orientation)
    w, h = (int(v) for v in value.split("x"))
    box = (h, w) if orientation in (5, 6, 7, 8) else (w, h)
    if enlarge or (im.width >= box[0] and im.height >= box[1]):
        return transpose(ImageOps.fit(im, box, resample), orientation)
    im = transpose(im, orientation)
    shown_w, shown_h = im.size
    if shown_w * h <= shown_h * w:
        out = (shown_w, min(shown_h, rounded_quotient(shown_w * h, w)))
    else:
        out = (min(shown_w, rounded_quotient(shown_h * w, h)), shown_h)
    left = (shown_w - out[0]) // 2
    top = (shown_h - out[1]) // 2
    return im.crop((left, top, left + out[0], top + out[1]))


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(here, "..", "..", "..", "shared",
                                                             "testdata")
    cases = []
    for rel in ORIENTED + OTHER_PHOTOS:
        cases += [(rel, s, e, "lanczos") for s, e in PHOTO_SPECS]
    for folder in ("pngsuite", "testpngs"):
        for name in sorted(os.listdir(os.path.join(root, folder))):
            if name.endswith(".png"):
                cases += [(f"{folder}/{name}", s, e, "lanczos") for s, e in PNG_SPECS]
    for rel in ALL_FILTER_FILES:
        cases += [(rel, s, e, f) for f in FILTERS for s, e in ALL_FILTER_SPECS]
    seen = set()
    rows = []
    skipped = {}
    for case in cases:
        rel, spec, enlarge, filt = case
        if case in seen:
            continue
        seen.add(case)
        if rel in REJECTED:
            skipped[rel] = "rejected by Dropsize: " + REJECTED[rel]
            continue
        try:
            base = here if rel.startswith("fixtures/") else root
            im = reference(os.path.join(base, rel), spec, enlarge, filt)
        except Exception as e:  # a file Pillow cannot read has no golden result
            skipped[rel] = f"{type(e).__name__}: {e}"
            continue
        if im is None:
            skipped[rel] = "no 8-bit equivalent in Pillow"
            continue
        channels = {"L": 1, "LA": 2, "RGB": 3, "RGBA": 4}[im.mode]
        digest = zlib.crc32(im.tobytes())
        rows.append(f"{rel}\t{spec}\t{int(enlarge)}\t{filt}\t{im.width}\t{im.height}\t{channels}"
                    f"\t{digest:08x}")
    out = os.path.join(here, "sizing_golden.tsv")
    with open(out, "w") as f:
        f.write("# Made by make_sizing_golden.py with Pillow " + Image.__version__
                + "; do not edit.\n")
        f.write("# file\tspec\tenlarge\tfilter\twidth\theight\tchannels\tcrc32\n")
        f.write("\n".join(rows) + "\n")
    for rel, why in sorted(skipped.items()):
        print(f"no golden for {rel}: {why}", file=sys.stderr)
    print(f"{len(rows)} cases written to {out}", file=sys.stderr)


if __name__ == "__main__":
    main()

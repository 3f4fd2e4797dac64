#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: Dropsize contributors
"""Writes the CMYK and YCCK JPEG fixtures in tests/golden/fixtures/cmyk/ and cmyk_golden.tsv:
what Pillow's thumbnail() makes of each once its CMYK pixels are turned into sRGB by lcms2, as
size and the CRC-32 of the pixels (as make_golden.py does), for tests/core/codecs/cmyk_test.cpp.

Needs Debian 12's python3-pil (Pillow 9.4 with lcms2 2.14 in ImageCms) and python3-numpy, a C
compiler with libjpeg62-turbo-dev and liblcms2-dev (for cmyk_fixture_tool.c, which writes what
Pillow cannot), and the standard CMYK profile Dropsize builds in, from scribus-data:
    python3 tests/golden/make_cmyk_golden.py [STANDARD_CMYK_PROFILE]
The tests need none of them: they read the committed TSV and fixtures.

The reference for one case is Dropsize's CMYK pipeline written with Pillow:
    im = Image.open(path); im.draft(None, twice the thumbnail size)    # DCT scaling on CMYK
    im = ImageCms.profileToProfile(im, profile, sRGB, relative colorimetric, "RGB")
    im = im.resize(thumbnail size, FILTER, box, reducing_gap=2.0)       # what thumbnail() does
where the profile is the embedded one when lcms2 can read CMYK with it, else the standard one.
Pillow reads every CMYK JPEG as Adobe software writes it (inverted); a file without Adobe's
marker is inverted back first, as libjpeg gives its samples and Dropsize reads them.
"""
import io
import math
import os
import subprocess
import sys
import tempfile
import zlib

import numpy as np
from PIL import Image, ImageChops, ImageCms

FILTERS = {
    "nearest": Image.Resampling.NEAREST,
    "box": Image.Resampling.BOX,
    "bilinear": Image.Resampling.BILINEAR,
    "hamming": Image.Resampling.HAMMING,
    "bicubic": Image.Resampling.BICUBIC,
    "lanczos": Image.Resampling.LANCZOS,
}
# 5% and 12.5% of 80x60 decode at 1/8 and 1/4, 25% at 1/2, the others at full size.
PERCENTS = [5, 12.5, 25, 50, 77, 100]
ALL_FILTER_PERCENTS = [25, 77]
WIDTH, HEIGHT = 80, 60
RELATIVE = 1  # lcms2's INTENT_RELATIVE_COLORIMETRIC, as Dropsize uses (and libvips by default)
DEFAULT_STANDARD = "/usr/share/scribus/profiles/ISOcoated_v2_300_bas.icc"

# name -> (writer, stored as, profile, which profile Dropsize must use):
# "embedded" when lcms2 can read the file's CMYK with its own profile, "standard" when the file
# has none, "fallback" when it has one lcms2 cannot use (Dropsize says so on the job).
FIXTURES = {
    "adobe-icc.jpg": ("pillow", "cmyk", "test", "embedded"),
    "adobe.jpg": ("pillow", "cmyk", None, "standard"),
    "progressive-icc.jpg": ("pillow-progressive", "cmyk", "test", "embedded"),
    "plain-icc.jpg": ("tool-plain", "cmyk", "test", "embedded"),
    "ycck-icc.jpg": ("tool-adobe", "ycck", "test", "embedded"),
    "ycck.jpg": ("tool-adobe", "ycck", None, "standard"),
    "rgb-profile.jpg": ("pillow", "cmyk", "srgb", "fallback"),
    "broken-profile.jpg": ("pillow", "cmyk", "broken", "fallback"),
    "cut-profile.jpg": ("pillow", "cmyk", "cut", "fallback"),
    "no-a2b-profile.jpg": ("pillow", "cmyk", "no-a2b", "fallback"),
}


def ink_pattern():
    """Ink in 0..255 (255 = full ink): ramps, a hard edge and a little seeded noise, so that
    every ink and the DCT's edges matter."""
    y, x = np.mgrid[0:HEIGHT, 0:WIDTH].astype(np.float64)
    c = 255 * x / (WIDTH - 1)
    m = 255 * y / (HEIGHT - 1)
    yy = np.where((x // 10 + y // 10) % 2 == 0, 230.0, 20.0)
    k = 200 * np.clip(1 - np.hypot(x - WIDTH / 2, y - HEIGHT / 2) / 45, 0, 1)
    noise = np.random.default_rng(12).normal(0, 6, (HEIGHT, WIDTH, 4))
    ink = np.dstack([c, m, yy, k]) + noise
    return np.clip(np.rint(ink), 0, 255).astype(np.uint8)


def fixed_date(icc):
    """The profile with its header's creation date (which lcms2 sets to now) made 2026-01-01, so
    that the fixtures come out the same each time."""
    date = b"".join(v.to_bytes(2, "big") for v in (2026, 1, 1, 0, 0, 0))
    return icc[:24] + date + icc[36:]


def make_profiles(tool, tmp):
    test = os.path.join(tmp, "test.icc")
    no_a2b = os.path.join(tmp, "no-a2b.icc")
    subprocess.run([tool, "profile", test], check=True)
    subprocess.run([tool, "profile", no_a2b, "no-a2b"], check=True)
    with open(test, "rb") as f:
        test_bytes = fixed_date(f.read())
    with open(no_a2b, "rb") as f:
        no_a2b_bytes = fixed_date(f.read())
    srgb = fixed_date(ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes())
    # The test profile with its header's "acsp" signature spoilt: no ICC profile to lcms2.
    broken = test_bytes[:36] + b"xxxx" + test_bytes[40:]
    return {
        "test": test_bytes,
        "srgb": srgb,
        "broken": broken,
        "cut": test_bytes[: len(test_bytes) // 3],  # its tag table points past the end
        "no-a2b": no_a2b_bytes,
    }


def write_fixture(name, spec, ink, profiles, tool, fixture_dir, tmp):
    writer, stored, profile_name, _ = spec
    out = os.path.join(fixture_dir, name)
    icc = profiles[profile_name] if profile_name else None
    if writer.startswith("pillow"):
        # Pillow stores CMYK as Adobe software does: inverted, with Adobe's marker.
        options = {"quality": 90, "progressive": writer.endswith("progressive")}
        if icc is not None:
            options["icc_profile"] = icc
        Image.fromarray(ink, "CMYK").save(out, "JPEG", **options)
        return
    raw = os.path.join(tmp, "ink.raw")
    adobe = writer == "tool-adobe"
    # Adobe's convention is inverted samples; a file without its marker holds ink as it is.
    (255 - ink if adobe else ink).tofile(raw)
    args = [tool, "jpeg", raw, str(WIDTH), str(HEIGHT), out, stored,
            "adobe" if adobe else "plain"]
    if icc is not None:
        icc_path = os.path.join(tmp, "profile.icc")
        with open(icc_path, "wb") as f:
            f.write(icc)
        args.append(icc_path)
    subprocess.run(args, check=True)


def cmyk_profile_for(icc, standard, srgb):
    """The embedded profile when lcms2 reads CMYK with it (as Dropsize decides), else None."""
    if not icc:
        return None
    try:
        profile = ImageCms.ImageCmsProfile(io.BytesIO(icc))
        if profile.profile.xcolor_space.strip() != "CMYK":
            return None
        ImageCms.buildTransform(profile, srgb, "CMYK", "RGB", RELATIVE)
        return profile
    except (ImageCms.PyCMSError, OSError):
        return None


def thumbnail_size(width, height, box):
    """thumbnail()'s size for a box (Pillow 9.4), or None when it leaves the image as it is."""
    x, y = map(math.floor, box)
    if x >= width and y >= height:
        return None
    aspect = width / height

    def round_aspect(number, key):
        return max(min(math.floor(number), math.ceil(number), key=key), 1)

    if x / y >= aspect:
        x = round_aspect(y * aspect, key=lambda n: abs(aspect - n / y))
    else:
        y = round_aspect(x / aspect, key=lambda n: 0 if n == 0 else abs(aspect - x / n))
    return x, y


def reference(path, percent, filter_name, standard, srgb):
    im = Image.open(path)
    icc = im.info.get("icc_profile")
    profile = cmyk_profile_for(icc, standard, srgb)
    used = "embedded" if profile is not None else ("fallback" if icc else "standard")
    box = (max(1, im.width * percent / 100), max(1, im.height * percent / 100))
    size = thumbnail_size(im.width, im.height, box)
    crop = None
    if size is not None:
        _, crop = im.draft(None, (size[0] * 2.0, size[1] * 2.0))
    im.load()
    if "adobe" not in im.info:
        im = ImageChops.invert(im)
    im = ImageCms.profileToProfile(im, profile or standard, srgb, renderingIntent=RELATIVE,
                                   outputMode="RGB")
    if size is not None and im.size != size:
        im = im.resize(size, FILTERS[filter_name], box=crop, reducing_gap=2.0)
    return im, used


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    standard_path = sys.argv[1] if len(sys.argv) > 1 else DEFAULT_STANDARD
    standard = ImageCms.ImageCmsProfile(standard_path)
    srgb = ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB"))
    fixture_dir = os.path.join(here, "fixtures", "cmyk")
    os.makedirs(fixture_dir, exist_ok=True)
    ink = ink_pattern()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        tool = os.path.join(tmp, "cmyk_fixture_tool")
        subprocess.run(["cc", "-O1", "-o", tool, os.path.join(here, "cmyk_fixture_tool.c"),
                        "-ljpeg", "-llcms2"], check=True)
        profiles = make_profiles(tool, tmp)
        for name, spec in FIXTURES.items():
            write_fixture(name, spec, ink, profiles, tool, fixture_dir, tmp)
    for name, spec in FIXTURES.items():
        path = os.path.join(fixture_dir, name)
        cases = [(p, "lanczos") for p in PERCENTS]
        cases += [(p, f) for p in ALL_FILTER_PERCENTS for f in FILTERS if f != "lanczos"]
        for percent, filt in cases:
            im, used = reference(path, percent, filt, standard, srgb)
            if used != spec[3]:
                sys.exit(f"{name}: lcms2 used the {used} profile, not the {spec[3]} one")
            digest = zlib.crc32(im.tobytes())
            rows.append(f"fixtures/cmyk/{name}\t{percent:g}\t{filt}\t{im.width}\t{im.height}\t"
                        f"{used}\t{digest:08x}")
    out = os.path.join(here, "cmyk_golden.tsv")
    with open(out, "w") as f:
        f.write(f"# Made by make_cmyk_golden.py with Pillow {Image.__version__} and "
                f"{ImageCms.getOpenProfile(standard_path).profile.profile_description} as the "
                "standard CMYK profile; do not edit.\n")
        f.write("# file\tpercent\tfilter\twidth\theight\tprofile\tcrc32\n")
        f.write("\n".join(rows) + "\n")
    print(f"{len(rows)} cases written to {out}", file=sys.stderr)


if __name__ == "__main__":
    main()

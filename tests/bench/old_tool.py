#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: Dropsize contributors
"""The old tool's way, for the benchmarks: Pillow's thumbnail() per file, one thread per core.
    old_tool.py PERCENT OUTDIR THREADS FILE...
OLD_TOOL_FORMAT=webp in the environment writes WebP (quality 80, Pillow's default) instead of the
input's format, OLD_TOOL_FORMAT=jpeg JPEG (quality 85).
"""
import os
import sys
from concurrent.futures import ThreadPoolExecutor

from PIL import Image, ImageOps


FORMAT = os.environ.get("OLD_TOOL_FORMAT", "")


def resize(path, percent, outdir):
    im = Image.open(path)
    im.thumbnail((im.width * percent / 100, im.height * percent / 100))  # BICUBIC, its default
    im = ImageOps.exif_transpose(im)
    name = os.path.basename(path)
    if FORMAT == "webp":
        im.save(os.path.join(outdir, os.path.splitext(name)[0] + ".webp"), quality=80)
    elif FORMAT == "jpeg":
        im.save(os.path.join(outdir, os.path.splitext(name)[0] + ".jpg"), quality=85)
    else:
        im.save(os.path.join(outdir, name), quality=85)


def main():
    percent, outdir, threads = float(sys.argv[1]), sys.argv[2], int(sys.argv[3])
    with ThreadPoolExecutor(threads) as pool:
        list(pool.map(lambda p: resize(p, percent, outdir), sys.argv[4:]))


if __name__ == "__main__":
    main()

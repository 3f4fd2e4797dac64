#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: Dropsize contributors
"""The old tool's way, for the benchmark: Pillow's thumbnail() per file, one thread per core.
    old_tool.py PERCENT OUTDIR THREADS FILE...
"""
import os
import sys
from concurrent.futures import ThreadPoolExecutor

from PIL import Image, ImageOps


def resize(path, percent, outdir):
    im = Image.open(path)
    im.thumbnail((im.width * percent / 100, im.height * percent / 100))  # BICUBIC, its default
    im = ImageOps.exif_transpose(im)
    im.save(os.path.join(outdir, os.path.basename(path)), quality=85)


def main():
    percent, outdir, threads = float(sys.argv[1]), sys.argv[2], int(sys.argv[3])
    with ThreadPoolExecutor(threads) as pool:
        list(pool.map(lambda p: resize(p, percent, outdir), sys.argv[4:]))


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: Dropsize contributors
"""The Python module's benchmark (run by tests/bench/python.sh, which says what it needs).

1. Images per second, photos to numpy arrays of their thumbnail at P % (the box W·P/100 ×
   H·P/100, as the old tool asked): Pillow's Image.open + thumbnail + np.asarray in a loop, the
   same on a thread pool of one thread per core, and dropsize.thumbnails(paths, "P%"); best of
   REPEATS, interleaved. Every Dropsize array is checked equal to Pillow's first.
2. The hand-off: an N×N RGB image already made, to a numpy array. Pillow: np.asarray(image);
   Dropsize: np.asarray(pixels) and np.from_dlpack(pixels) of the dropsize.Pixels its calls
   return. Time (median of runs) and what the hand-off allocates (tracemalloc's peak: numpy
   reports its buffers to it).

    python3 tests/bench/python_bench.py REPEATS PHOTO...
Prints Markdown tables.
"""
import concurrent.futures
import os
import statistics
import sys
import time
import tracemalloc

import numpy as np
from PIL import Image

import dropsize


def pillow_one(path, percent):
    im = Image.open(path)
    im.thumbnail((im.width * percent / 100, im.height * percent / 100))
    return np.asarray(im)


def pillow_loop(paths, percent):
    return [pillow_one(p, percent) for p in paths]


def pillow_pool(paths, percent):
    with concurrent.futures.ThreadPoolExecutor(os.cpu_count()) as pool:
        return list(pool.map(lambda p: pillow_one(p, percent), paths))


def dropsize_thumbnails(paths, percent):
    return list(dropsize.thumbnails(paths, f"{percent}%"))


def rates(paths, repeats):
    print("| photos to arrays | images/s at 50 % | images/s at 10 % |")
    print("|---|---|---|")
    runs = {"Pillow, a loop (one thread)": pillow_loop,
            f"Pillow, a thread pool ({os.cpu_count()} threads)": pillow_pool,
            "dropsize.thumbnails()": dropsize_thumbnails}
    best = {}
    for percent in (50, 10):
        want = pillow_loop(paths, percent)
        got = dropsize_thumbnails(paths, percent)
        assert all(np.array_equal(a, b) for a, b in zip(want, got)), "pixels differ from Pillow's"
        del want, got
        for _ in range(repeats):
            for name, run in runs.items():
                start = time.perf_counter()
                run(paths, percent)
                seconds = time.perf_counter() - start
                key = (name, percent)
                best[key] = min(best.get(key, seconds), seconds)
    loop = {p: len(paths) / best[("Pillow, a loop (one thread)", p)] for p in (50, 10)}
    for name in runs:
        cells = []
        for p in (50, 10):
            rate = len(paths) / best[(name, p)]
            cells.append(f"{rate:.2f} ({rate / loop[p]:.2f}×)")
        print(f"| {name} | {cells[0]} | {cells[1]} |")


def measure(make_array, runs=7):
    times = []
    peak = 0
    for _ in range(runs):
        tracemalloc.start()
        start = time.perf_counter()
        a = make_array()
        times.append(time.perf_counter() - start)
        peak = max(peak, tracemalloc.get_traced_memory()[1])
        tracemalloc.stop()
        del a
    return statistics.median(times), peak


def size_text(n):
    return f"{n / 2**20:.0f} MiB" if n >= 2**20 else f"{n / 1024:.0f} KiB" if n >= 1024 else (
        f"{n} B")


def hand_off():
    print()
    print("| N×N RGB | image bytes | Pillow np.asarray(im): time, allocated | Dropsize "
          "np.asarray(pixels): time, allocated | np.from_dlpack(pixels): time, allocated |")
    print("|---|---|---|---|---|")
    for n in (128, 512, 1024, 2048, 4096, 8192):
        source = np.random.default_rng(n).integers(0, 256, (n, n, 3), dtype=np.uint8)
        im = Image.fromarray(source)
        pixels = dropsize.resize(source, (n, n)).base  # an engine image of the same pixels
        cells = []
        for make in (lambda: np.asarray(im), lambda: np.asarray(pixels),
                     lambda: np.from_dlpack(pixels)):
            seconds, peak = measure(make)
            cells.append(f"{seconds * 1e3:.3f} ms, {size_text(peak)}")
        assert np.array_equal(np.asarray(im), np.asarray(pixels))
        print(f"| {n}² | {size_text(n * n * 3)} | {cells[0]} | {cells[1]} | {cells[2]} |")
        del source, im, pixels


def main():
    repeats = int(sys.argv[1])
    paths = sys.argv[2:]
    rates(paths, repeats)
    hand_off()


if __name__ == "__main__":
    main()

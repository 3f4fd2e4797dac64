#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: Dropsize contributors
#
# How soon the window's preview of a 24 MP photo appears: the time from a request to both sides
# being ready, the median of RUNS (default 7), for a few settings, with the original decoded at
# libjpeg's DCT scale (shrink-on-load) and at full size. Prints a Markdown table for
# docs/speed-and-memory.md.
#     bash tests/bench/preview.sh [BUILD_DIR] [WORK_DIR]
# Needs a build with the tests (the dev preset: cmake --preset dev && cmake --build --preset dev)
# and the shared test images (../shared/testdata). The photo is one of them, enlarged by the
# engine to 6000x4000 in WORK_DIR (never committed).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
build="${1:-$root/build/dev}"
work="$(realpath -m "${2:-$build/bench}")"
data="${DROPSIZE_TESTDATA:-$root/../shared/testdata}"
runs="${RUNS:-7}"
tool="$build/tests/dropsize-preview-bench"
[[ -x "$tool" ]] || { echo "build the tests first: $tool is missing" >&2; exit 1; }
[[ -d "$data" ]] || { echo "shared test images not found at $data" >&2; exit 1; }
mkdir -p "$work"
photo="$work/photo-24mp.jpg"
[[ -f "$photo" ]] || "$tool" make "$data/exif-orientation/Landscape_1.jpg" "$photo" 24
echo "$(nproc) cores, $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')"
"$tool" measure "$photo" "$runs"

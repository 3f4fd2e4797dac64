#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The Python module against Pillow (tests/bench/python_bench.py): images per second of the
# benchmark's photos to numpy arrays at 50 % and 10 % (Pillow in a loop, Pillow on a thread pool,
# dropsize.thumbnails()), and the cost of handing an N×N image to numpy (128² to 8192²). Not a
# test: it prints Markdown tables for docs/python.md and the README.
#
#   bash tests/bench/python.sh [BUILD_DIR] [WORK_DIR]
#
# Needs a build with the module (bash .ci/run-app makes a release one); Debian's python3-pil
# and python3-numpy (installed here when missing).
set -euo pipefail
cd "$(dirname "$0")/../.."

build=${1:-build/release}
work=$(realpath -m "${2:-build/bench}")
count=${COUNT:-40}
repeats=${REPEATS:-3}

bash .ci/setup python3-pil python3-numpy imagemagick
[[ -d $build/python/dropsize ]] || { echo "build the Python module first: $build/python" >&2; exit 1; }
bash tests/bench/photos.sh "$work/photos" "$count"
mapfile -t files < <(find "$work/photos" -name '*.jpg' | sort)
megapixels=$(identify -format '%w %h\n' "${files[@]}" | awk '{s += $1 * $2} END {printf "%.0f", s / 1e6}')
echo "${#files[@]} photos, $megapixels megapixels in all; $(nproc) cores; best of $repeats"
echo
PYTHONPATH="$build/python" /usr/bin/python3 tests/bench/python_bench.py "$repeats" "${files[@]}"

#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The benchmarks' photos: COUNT large JPEGs made from the shared test photos, upscaled to 4..24
# megapixels with grain added so that they compress like camera JPEGs, quality 92. Made once
# into DIR (kept while COUNT is the same).
#
#   bash tests/bench/photos.sh DIR [COUNT]      (needs ImageMagick's convert)
set -euo pipefail
cd "$(dirname "$0")/../.."

photos=$1
count=${2:-40}
threads=${THREADS:-$(nproc)}
testdata=${DROPSIZE_TESTDATA:-../shared/testdata}

if [[ -f $photos/.done-$count ]]; then
    exit 0
fi
rm -rf "$photos" && mkdir -p "$photos"
sources=("$testdata"/exif-orientation/Landscape_1.jpg "$testdata"/exif-orientation/Portrait_1.jpg)
for ((i = 0; i < count; i++)); do
    mp=$((4 + (i * 20) / (count > 1 ? count - 1 : 1)))   # 4 .. 24 megapixels
    src=${sources[$((i % 2))]}
    if ((i % 2 == 0)); then w=$(python3 -c "print(int(($mp*1e6*1.5)**0.5))"); h=$((w * 2 / 3));
    else h=$(python3 -c "print(int(($mp*1e6*1.5)**0.5))"); w=$((h * 2 / 3)); fi
    convert "$src" -resize "${w}x${h}!" -attenuate 0.4 +noise Gaussian -quality 92 \
        "$photos/photo_$(printf %02d "$i").jpg" &
    (( (i + 1) % threads == 0 )) && wait
done
wait
touch "$photos/.done-$count"

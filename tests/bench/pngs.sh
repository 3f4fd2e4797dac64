#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# The benchmarks' PNGs: the first COUNT photos of PHOTOS_DIR (tests/bench/photos.sh) written as
# PNG by ImageMagick (8-bit RGB), into DIR. Made once (kept while DIR's .done is there).
#
#   bash tests/bench/pngs.sh PHOTOS_DIR DIR COUNT      (needs ImageMagick's convert)
set -euo pipefail
photos=$1 png=$2 count=$3
[[ -f $png/.done ]] && exit 0
rm -rf "$png" && mkdir -p "$png"
find "$photos" -name '*.jpg' | sort | head -n "$count" | while read -r f; do
    convert "$f" "$png/$(basename "${f%.jpg}").png"
done
touch "$png/.done"

#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: Dropsize contributors
# Makes the benchmark's HEIC corpus: each JPEG in SRC_DIR (the benchmark's photos) encoded as
# HEIC by Debian's heif-enc (libheif with x265, quality 80), into OUT_DIR, at most COUNT of them;
# a file already there is kept. Not a test.
#
#   bash tests/bench/make_heic_corpus.sh SRC_DIR OUT_DIR [COUNT]
set -euo pipefail
cd "$(dirname "$0")/../.."

src=${1:?SRC_DIR}
out=${2:?OUT_DIR}
count=${3:-10}
threads=${THREADS:-$(nproc)}

bash .ci/setup libheif-examples
mkdir -p "$out"
mapfile -t files < <(find "$src" -maxdepth 1 -name '*.jpg' | sort | head -n "$count")
((${#files[@]} > 0)) || { echo "no JPEG files in $src" >&2; exit 1; }
printf '%s\n' "${files[@]}" | xargs -P "$threads" -I{} sh -c \
    'f="$1"; o="$2/$(basename "$f" .jpg).heic"; [ -s "$o" ] || heif-enc -q 80 -o "$o" "$f" >/dev/null' \
    sh {} "$out"
echo "$(find "$out" -name '*.heic' | wc -l) HEIC files in $out"

#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Speed and memory of dropsize-cli against sharp (npm's, libvips inside), vipsthumbnail,
# ImageMagick, the old Pillow tool and the floor (djpeg -scale 1/k | cjpeg), on one folder of
# large photos, at 50%, 25% and 10%; then sharp's own published task (tests/bench/sharp_task.sh).
# Not a test: it prints a Markdown table for docs/speed-and-memory.md.
#
#   bash tests/bench/benchmark.sh [BUILD_DIR] [WORK_DIR]
#
# Needs a release build (bash .ci/run-app makes one) and installs the other tools from Debian.
set -euo pipefail
cd "$(dirname "$0")/../.."

build=${1:-build/release}
work=$(realpath -m "${2:-build/bench}") # absolute: vipsthumbnail -o is relative to the input
cli="$build/app/dropsize-cli"
threads=${THREADS:-$(nproc)}
count=${COUNT:-40}

bash .ci/setup libvips-tools imagemagick libjpeg-turbo-progs python3-pil time
[[ -x $cli ]] || { echo "build dropsize-cli first: $cli" >&2; exit 1; }

photos="$work/photos"
bash tests/bench/photos.sh "$photos" "$count"
mapfile -t files < <(find "$photos" -name '*.jpg' | sort)
megapixels=$(identify -format '%w %h\n' "${files[@]}" | awk '{s += $1 * $2} END {printf "%.0f", s / 1e6}')

source tests/bench/timing.sh # timed, seconds, least
sharp="$work/sharp"
sharpVersion=$(bash tests/bench/sharp.sh "$sharp")
draft_scale() { # Pillow's draft() scale for one file at a percentage
    /usr/bin/python3 - "$1" "$2" <<'PY'
import math, sys
from PIL import Image
im = Image.open(sys.argv[1]); p = float(sys.argv[2]); W, H = im.size
x, y = math.floor(W * p / 100), math.floor(H * p / 100)
s = min(W // (x * 2.0), H // (y * 2.0))
print(next(a for a in (8, 4, 2, 1) if s >= a or a == 1))
PY
}

# One run of one tool at one percentage; sets t (seconds) and raises mem[tool] to its peak.
run_tool() {
    local tool=$1 p=$2 out="$work/out/$1"
    rm -rf "$out" && mkdir -p "$out"
    case $tool in
    dropsize)
        timed t "$cli" "$photos" --percent "$p" --output "$out" --threads "$threads" \
            --quality 85 --on-existing overwrite ;;
    gap1)
        timed t "$cli" "$photos" --percent "$p" --output "$out" --threads "$threads" \
            --quality 85 --on-existing overwrite --reducing-gap 1 ;;
    vips)
        timed t xargs -a "$work/sizes-$p.txt" -P "$threads" -L1 env VIPS_CONCURRENCY=1 sh -c \
            'vipsthumbnail "$0" --size "$1" -o "'"$out"'/%s.jpg[Q=85]"' ;;
    magick)
        timed t xargs -a "$work/sizes-$p.txt" -P "$threads" -L1 env MAGICK_THREAD_LIMIT=1 sh -c \
            'convert "$0" -resize '"$p"'% -quality 85 "'"$out"'/$(basename "$0")"' ;;
    pillow)
        timed t /usr/bin/python3 tests/bench/old_tool.py "$p" "$out" "$threads" "${files[@]}" ;;
    sharp)
        timed t env UV_THREADPOOL_SIZE="$threads" NODE_PATH="$sharp/node_modules" node \
            tests/bench/sharp_resize.cjs batch "$work/sizes-$p.txt" "$out" "$threads" jpeg 85 ;;
    floor)
        timed t xargs -a "$work/scales-$p.txt" -P "$threads" -L1 sh -c \
            'djpeg -scale 1/"$1" "$0" | cjpeg -quality 85 > "'"$out"'/$(basename "$0")"' ;;
    esac
    mem[$tool]=$((peak_kb > ${mem[$tool]:-0} ? peak_kb : ${mem[$tool]:-0}))
}

# Wall times vary by a fifth from run to run on a shared machine: every tool runs $repeats times,
# interleaved with the others, and the best time counts.
repeats=${REPEATS:-3}
tools=(dropsize gap1 sharp vips magick pillow floor)
declare -A best mem
for p in 50 25 10; do
    # Per-file arguments are computed beforehand, so only the tools themselves are timed.
    identify -format "%d/%f %[fx:floor(w*$p/100)]x%[fx:floor(h*$p/100)]\n" "${files[@]}" > "$work/sizes-$p.txt"
    for f in "${files[@]}"; do echo "$f $(draft_scale "$f" "$p")"; done > "$work/scales-$p.txt"
    for ((r = 0; r < repeats; r++)); do
        for tool in "${tools[@]}"; do
            run_tool "$tool" "$p"
            key="$tool-$p"
            best[$key]=$(least "$t" "${best[$key]:-}")
        done
    done
    echo "done: $p%" >&2
done
cell() { printf '| %.2f s ' "${best[$1-$2]}"; }
ratio() { python3 -c "import sys; print(f'{float(sys.argv[1]) / float(sys.argv[2]):.2f}')" "${best[$1-$3]}" "${best[$2-$3]}"; }
declare -A label=([dropsize]="dropsize-cli" [gap1]="dropsize-cli --reducing-gap 1" [sharp]="$sharpVersion ($threads at a time)"
    [vips]="vipsthumbnail (one process per file)"
    [magick]="ImageMagick convert (one per file)" [pillow]="old tool (Pillow thumbnail, $threads threads)"
    [floor]="floor: djpeg -scale 1/k \\| cjpeg")
echo "| tool | 50% | 25% | 10% | peak memory |"
echo "|---|---|---|---|---|"
for tool in "${tools[@]}"; do
    per=""
    [[ $tool == vips || $tool == magick ]] && per=" per process"
    memory=""
    [[ $tool != floor ]] && memory="$((mem[$tool] / 1024)) MB$per"
    echo "| ${label[$tool]} $(cell "$tool" 50)$(cell "$tool" 25)$(cell "$tool" 10)| $memory |"
done
echo "| dropsize / sharp | $(ratio dropsize sharp 50)× | $(ratio dropsize sharp 25)× | $(ratio dropsize sharp 10)× | |"
echo "| dropsize --reducing-gap 1 / sharp | $(ratio gap1 sharp 50)× | $(ratio gap1 sharp 25)× | $(ratio gap1 sharp 10)× | |"
echo "| dropsize / vipsthumbnail | $(ratio dropsize vips 50)× | $(ratio dropsize vips 25)× | $(ratio dropsize vips 10)× | |"
echo "| dropsize / floor | $(ratio dropsize floor 50)× | $(ratio dropsize floor 25)× | $(ratio dropsize floor 10)× | |"
echo
echo "$count photos, $megapixels megapixels in all, $threads threads, JPEG quality 85, $(nproc) cores; best of $repeats runs."

# sharp's own published task, both tools: tests/bench/sharp_task.sh.
bash tests/bench/sharp_task.sh "$build" "$work"

# WebP output and HEIC input: tests/bench/formats.sh.

# Memory does not grow with the number of files: the same run on 10x as many.
many="$work/many"
if [[ ! -f $many/.done-$count ]]; then
    rm -rf "$many" && mkdir -p "$many"
    for r in $(seq 1 10); do mkdir -p "$many/$r" && cp "${files[@]}" "$many/$r/"; done
    touch "$many/.done-$count"
fi
timed t "$cli" "$photos" --percent 10 --output "$work/out/one" --threads "$threads" --on-existing overwrite
one=$peak_kb
timed t10 "$cli" "$many" --percent 10 --output "$work/out/ten" --threads "$threads" --on-existing overwrite
echo "Peak memory at 10%: $((one / 1024)) MB for $count files, $((peak_kb / 1024)) MB for $((count * 10)) files ($t s and $t10 s)."

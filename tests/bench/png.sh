#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# PNG in: the benchmark's photos as PNG (the first COUNT, 8-bit RGB, written by ImageMagick)
# halved and written as PNG and as JPEG, by dropsize-cli, sharp, vipsthumbnail and the old Pillow
# tool, interleaved, best of REPEATS; then the sizes of the PNGs dropsize-cli writes (libdeflate)
# against the old tool's of the same pixels (Pillow, zlib level 6), file by file. Not a test: it
# prints Markdown tables for docs/speed-and-memory.md.
#
#   bash tests/bench/png.sh [BUILD_DIR] [WORK_DIR]
#
# Needs a release build (bash .ci/run-app makes one) and installs the other tools from Debian
# (sharp from npm, into WORK_DIR).
set -euo pipefail
cd "$(dirname "$0")/../.."

build=${1:-build/release}
work=$(realpath -m "${2:-build/bench}") # absolute: vipsthumbnail -o is relative to the input
cli="$build/app/dropsize-cli"
threads=${THREADS:-$(nproc)}
count=${COUNT:-12}
repeats=${REPEATS:-3}

bash .ci/setup libvips-tools imagemagick python3-pil time
[[ -x $cli ]] || { echo "build dropsize-cli first: $cli" >&2; exit 1; }
source tests/bench/timing.sh # timed, seconds, least
sharp="$work/sharp"
sharpVersion=$(bash tests/bench/sharp.sh "$sharp")

# The same PNGs as tests/bench/compare_builds.sh reads: the first COUNT photos, converted.
bash tests/bench/photos.sh "$work/photos" 40
png="$work/png-$count"
bash tests/bench/pngs.sh "$work/photos" "$png" "$count"
mapfile -t pngs < <(find "$png" -name '*.png' | sort)
megapixels=$(identify -format '%w %h\n' "${pngs[@]}" | awk '{s += $1 * $2} END {printf "%.0f", s / 1e6}')
identify -format "%d/%f %[fx:floor(w/2)]x%[fx:floor(h/2)]\n" "${pngs[@]}" >"$work/png-sizes.txt"

run_tool() { # run_tool TOOL OUT (png or jpeg): sets t and raises mem[TOOL-OUT]
    local tool=$1 kind=$2 out="$work/out/png-$1-$2"
    rm -rf "$out" && mkdir -p "$out"
    case $tool in
    dropsize)
        local format=(--format png)
        [[ $kind == jpeg ]] && format=(--format jpeg --quality 85)
        timed t "$cli" "$png" --percent 50 --output "$out" --threads "$threads" "${format[@]}" \
            --on-existing overwrite ;;
    vips)
        local suffix='%s.png'
        [[ $kind == jpeg ]] && suffix='%s.jpg[Q=85]'
        timed t xargs -a "$work/png-sizes.txt" -P "$threads" -L1 env VIPS_CONCURRENCY=1 sh -c \
            'vipsthumbnail "$0" --size "$1" -o "'"$out"'/'"$suffix"'"' ;;
    sharp)
        timed t env UV_THREADPOOL_SIZE="$threads" NODE_PATH="$sharp/node_modules" node \
            tests/bench/sharp_resize.cjs batch "$work/png-sizes.txt" "$out" "$threads" "$kind" 85 ;;
    pillow)
        local format=""
        [[ $kind == jpeg ]] && format=jpeg
        timed t env OLD_TOOL_FORMAT="$format" /usr/bin/python3 tests/bench/old_tool.py 50 "$out" \
            "$threads" "${pngs[@]}" ;;
    esac
    mem[$tool-$kind]=$((peak_kb > ${mem[$tool-$kind]:-0} ? peak_kb : ${mem[$tool-$kind]:-0}))
}

declare -A best mem
tools=(dropsize sharp vips pillow)
for kind in png jpeg; do
    for ((r = 0; r < repeats; r++)); do
        for tool in "${tools[@]}"; do
            run_tool "$tool" "$kind"
            best[$tool-$kind]=$(least "$t" "${best[$tool-$kind]:-}")
        done
    done
    echo "done: PNG to $kind" >&2
done
ratio() { # ratio KIND TOOL: dropsize's time over TOOL's
    python3 -c "import sys; print(f'{float(sys.argv[1]) / float(sys.argv[2]):.2f}×')" \
        "${best[dropsize-$1]}" "${best[$2-$1]}"
}
declare -A label=([dropsize]="dropsize-cli" [sharp]="$sharpVersion ($threads at a time)"
    [vips]="vipsthumbnail (one process per file)"
    [pillow]="old tool (Pillow thumbnail, $threads threads)")
echo "| tool | PNG → PNG 50% | peak | PNG → JPEG 50% | peak |"
echo "|---|---|---|---|---|"
for tool in "${tools[@]}"; do
    printf '| %s | %.2f s | %s MB | %.2f s | %s MB |\n' "${label[$tool]}" "${best[$tool-png]}" \
        "$((mem[$tool-png] / 1024))" "${best[$tool-jpeg]}" "$((mem[$tool-jpeg] / 1024))"
done
for tool in sharp vips pillow; do
    echo "| dropsize / ${label[$tool]%% (*} | $(ratio png "$tool") | | $(ratio jpeg "$tool") | |"
done
echo
echo "$count PNGs, $megapixels megapixels in all, $threads threads, $(nproc) cores; JPEG quality 85; best of $repeats runs."
echo

# The PNGs' sizes: dropsize-cli's against the old tool's, the same pixels (both are Pillow's
# thumbnail), and against sharp's (libvips' own filter choice, zlib level 6).
/usr/bin/python3 - "$work/out/png-dropsize-png" "$work/out/png-pillow-png" "$work/out/png-sharp-png" <<'PY'
import os, statistics, sys
from PIL import Image
ours, pillow, sharp = sys.argv[1:4]
names = sorted(n for n in os.listdir(ours) if n.endswith(".png"))
for n in names:
    a, b = Image.open(os.path.join(ours, n)), Image.open(os.path.join(pillow, n))
    if a.tobytes() != b.tobytes():
        sys.exit(f"{n}: dropsize-cli's pixels differ from Pillow's")
def ratios(other):
    return [os.path.getsize(os.path.join(ours, n)) / os.path.getsize(os.path.join(other, n)) for n in names]
for what, other in (("the old tool's (Pillow, zlib level 6)", pillow), ("sharp's (zlib level 6)", sharp)):
    r = ratios(other)
    print(f"dropsize-cli's PNG size / {what}: median {statistics.median(r):.3f}, "
          f"from {min(r):.3f} to {max(r):.3f} ({len(r)} files, the same pixels)")
PY

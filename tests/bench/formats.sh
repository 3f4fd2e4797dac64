#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Speed and memory of the formats beyond JPEG in and out: the benchmark's photos written as WebP
# (dropsize-cli --format webp against sharp, vipsthumbnail and the old Pillow tool saving WebP), and a
# HEIC corpus made from them with heif-enc read and written as JPEG (against vipsthumbnail, which
# reads HEIC through the same libheif). Not a test: it prints a Markdown table for
# docs/speed-and-memory.md.
#
#   bash tests/bench/formats.sh [BUILD_DIR] [WORK_DIR]
#
# Needs a release build (bash .ci/run-app makes one) and installs the other tools from Debian.
# COUNT (default 12) photos; HEIC encoding with x265 is slow, the corpus is made once.
set -euo pipefail
cd "$(dirname "$0")/../.."

build=${1:-build/release}
work=$(realpath -m "${2:-build/bench}") # absolute: vipsthumbnail -o is relative to the input
cli="$build/app/dropsize-cli"
threads=${THREADS:-$(nproc)}
count=${COUNT:-12}
repeats=${REPEATS:-3}

bash .ci/setup libvips-tools imagemagick libheif-examples python3-pil time
[[ -x $cli ]] || { echo "build dropsize-cli first: $cli" >&2; exit 1; }
source tests/bench/timing.sh # timed, seconds, least
sharp="$work/sharp"
sharpVersion=$(bash tests/bench/sharp.sh "$sharp")

photos="$work/photos-$count"
bash tests/bench/photos.sh "$photos" "$count"
mapfile -t jpegs < <(find "$photos" -name '*.jpg' | sort)

# The HEIC corpus: each photo through heif-enc at quality 80 (x265), as a phone would write it.
heic="$work/heic-$count"
bash tests/bench/make_heic_corpus.sh "$photos" "$heic" "$count" >/dev/null
mapfile -t heics < <(find "$heic" -name '*.heic' | sort)
megapixels=$(identify -format '%w %h\n' "${jpegs[@]}" | awk '{s += $1 * $2} END {printf "%.0f", s / 1e6}')

# Each tool's arguments for one case: CASE is webp-P (JPEG in, WebP out) or heic-P (HEIC in,
# JPEG out), P the percentage.
run_tool() { # run_tool TOOL CASE: sets t and raises mem[TOOL-KIND]
    local tool=$1 kind=${2%-*} p=${2#*-} out="$work/out/$1-$2" in list
    rm -rf "$out" && mkdir -p "$out"
    if [[ $kind == webp ]]; then in=$photos; list=("${jpegs[@]}"); else in=$heic; list=("${heics[@]}"); fi
    case $tool in
    dropsize)
        local format=(--format jpeg --quality 85)
        [[ $kind == webp ]] && format=(--format webp --webp-quality 80)
        timed t "$cli" "$in" --percent "$p" --output "$out" --threads "$threads" "${format[@]}" \
            --on-existing overwrite ;;
    vips)
        local suffix='%s.jpg[Q=85]'
        [[ $kind == webp ]] && suffix='%s.webp[Q=80]'
        identify -format "%d/%f %[fx:floor(w*$p/100)]x%[fx:floor(h*$p/100)]\n" "${list[@]}" > "$work/sizes.txt"
        timed t xargs -a "$work/sizes.txt" -P "$threads" -L1 env VIPS_CONCURRENCY=1 sh -c \
            'vipsthumbnail "$0" --size "$1" -o "'"$out"'/'"$suffix"'"' ;;
    sharp)
        identify -format "%d/%f %[fx:floor(w*$p/100)]x%[fx:floor(h*$p/100)]\n" "${list[@]}" > "$work/sizes.txt"
        timed t env UV_THREADPOOL_SIZE="$threads" NODE_PATH="$sharp/node_modules" node \
            tests/bench/sharp_resize.cjs batch "$work/sizes.txt" "$out" "$threads" webp 80 ;;
    pillow)
        timed t env OLD_TOOL_FORMAT=webp /usr/bin/python3 tests/bench/old_tool.py "$p" "$out" \
            "$threads" "${list[@]}" ;;
    esac
    mem[$tool-$kind]=$((peak_kb > ${mem[$tool-$kind]:-0} ? peak_kb : ${mem[$tool-$kind]:-0}))
}

declare -A best mem
cases=(webp-50 webp-10 heic-50 heic-10)
for c in "${cases[@]}"; do
    tools=(dropsize vips)
    # Debian's Pillow 9.4 cannot read HEIC, nor can sharp's own libvips (no HEVC decoder in it).
    [[ $c == webp-* ]] && tools+=(sharp pillow)
    for ((r = 0; r < repeats; r++)); do
        for tool in "${tools[@]}"; do
            run_tool "$tool" "$c"
            best[$tool-$c]=$(least "$t" "${best[$tool-$c]:-}")
        done
    done
    echo "done: $c" >&2
done
cell() { [[ -n ${best[$1-$2]:-} ]] && printf '%.2f s' "${best[$1-$2]}" || printf '—'; }
memory() { [[ -n ${mem[$1-$2]:-} ]] && printf '%s MB' "$((mem[$1-$2] / 1024))" || printf '—'; }
ratio() { # ratio CASE [TOOL]: dropsize's time over TOOL's (vips by default)
    [[ -n ${best[${2:-vips}-$1]:-} ]] || { printf '—'; return; }
    python3 -c "import sys; print(f'{float(sys.argv[1]) / float(sys.argv[2]):.2f}×')" "${best[dropsize-$1]}" "${best[${2:-vips}-$1]}"
}
declare -A label=([dropsize]="dropsize-cli" [sharp]="$sharpVersion ($threads at a time)"
    [vips]="vipsthumbnail (one process per file)"
    [pillow]="old tool (Pillow thumbnail, $threads threads)")
echo "| tool | JPEG → WebP 50% | JPEG → WebP 10% | peak | HEIC → JPEG 50% | HEIC → JPEG 10% | peak |"
echo "|---|---|---|---|---|---|---|"
for tool in dropsize sharp vips pillow; do
    echo "| ${label[$tool]} | $(cell "$tool" webp-50) | $(cell "$tool" webp-10) | $(memory "$tool" webp) | $(cell "$tool" heic-50) | $(cell "$tool" heic-10) | $(memory "$tool" heic) |"
done
echo "| dropsize / sharp | $(ratio webp-50 sharp) | $(ratio webp-10 sharp) | | — | — | |"
echo "| dropsize / vipsthumbnail | $(ratio webp-50) | $(ratio webp-10) | | $(ratio heic-50) | $(ratio heic-10) | |"
echo
echo "$count photos, $megapixels megapixels in all, $threads threads, $(nproc) cores; WebP quality 80, JPEG quality 85; best of $repeats runs."

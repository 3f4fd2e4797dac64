#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Whether a change made dropsize-cli slower: two builds' dropsize-cli on the benchmark's photos
# (JPEG at 50%, 25% and 10%) and on PNG copies of some of them (PNG and JPEG out at 50%), each
# run REPEATS times interleaved with the other build (which goes first alternates), the best
# time counting. Not a test: it prints a Markdown table (old, new, new / old) for a change's
# note.
#
#   bash tests/bench/compare_builds.sh OLD_BUILD NEW_BUILD [WORK_DIR]
#
# Each BUILD is a release build folder (its app/dropsize-cli); build the old one from a worktree
# of the commit before the change (cmake --preset release).
set -Eeuo pipefail # -E: run()'s ERR trap names a build that fails
(($# >= 2)) || { echo "usage: $0 OLD_BUILD NEW_BUILD [WORK_DIR]" >&2; exit 2; }
# The paths as the caller gave them, before the cd below.
old=$(realpath -m "$1/app/dropsize-cli")
new=$(realpath -m "$2/app/dropsize-cli")
work=$(realpath -m "${3:-$(dirname "$0")/../../build/bench}")
cd "$(dirname "$0")/../.."
threads=${THREADS:-$(nproc)}
count=${COUNT:-40}
pngs=${PNGS:-12}
repeats=${REPEATS:-3}

bash .ci/setup imagemagick time
for cli in "$old" "$new"; do
    [[ -x $cli ]] || { echo "no dropsize-cli at $cli" >&2; exit 1; }
done
source tests/bench/timing.sh # timed, seconds, least

photos="$work/photos"
bash tests/bench/photos.sh "$photos" "$count"
png="$work/png-$pngs"
bash tests/bench/pngs.sh "$photos" "$png" "$pngs"

# CASE: jpeg-P (the photos at P%), png-png or png-jpeg (the PNGs at 50%, written as PNG or JPEG).
run() { # run BUILD_NAME CLI CASE: sets t; a build that fails is named
    local out="$work/out/compare-$1"
    rm -rf "$out" && mkdir -p "$out"
    trap "echo 'the $1 build failed on $3' >&2" ERR # the names now, not where it fires
    case $3 in
    jpeg-*) timed t "$2" "$photos" --percent "${3#jpeg-}" --output "$out" --threads "$threads" \
        --quality 85 --on-existing overwrite ;;
    png-png) timed t "$2" "$png" --percent 50 --output "$out" --threads "$threads" \
        --on-existing overwrite ;;
    png-jpeg) timed t "$2" "$png" --percent 50 --output "$out" --threads "$threads" \
        --format jpeg --quality 85 --on-existing overwrite ;;
    esac
    trap - ERR
}

cases=(jpeg-50 jpeg-25 jpeg-10 png-png png-jpeg)
declare -A best
for c in "${cases[@]}"; do
    for ((r = 0; r < repeats; r++)); do
        order=(old new)
        ((r % 2 == 1)) && order=(new old) # neither build always runs second, on warm caches
        for b in "${order[@]}"; do
            cli=$old
            [[ $b == new ]] && cli=$new
            run "$b" "$cli" "$c"
            best[$b-$c]=$(least "$t" "${best[$b-$c]:-}")
        done
    done
    echo "done: $c" >&2
done
declare -A label=([jpeg-50]="JPEG 50%" [jpeg-25]="JPEG 25%" [jpeg-10]="JPEG 10%"
    [png-png]="PNG 50% → PNG" [png-jpeg]="PNG 50% → JPEG")
echo "| case | old | new | new / old |"
echo "|---|---|---|---|"
for c in "${cases[@]}"; do
    ratio=$(python3 -c "import sys; print(f'{float(sys.argv[2]) / float(sys.argv[1]):.2f}')" \
        "${best[old-$c]}" "${best[new-$c]}")
    printf '| %s | %.2f s | %.2f s | %s× |\n' "${label[$c]}" "${best[old-$c]}" "${best[new-$c]}" "$ratio"
done
echo
echo "$count photos and $pngs PNGs, $threads threads, $(nproc) cores; best of $repeats runs each."

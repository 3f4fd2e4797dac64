#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# sharp's own published task (its docs/performance.md and test/bench/perf.js): a 2725x2225 JPEG
# to 720x588 with Lanczos 3 at quality 80, images per second. sharp as perf.js runs it (one image
# after another, libvips' threads on every core, its cache off); dropsize-cli on as many copies
# of the file, its way (one image a thread). The photo is made from the shared test photos, as
# the benchmark's are (sharp's own is not in its npm package).
# Not a test: it prints a Markdown table for docs/speed-and-memory.md.
#
#   bash tests/bench/sharp_task.sh [BUILD_DIR] [WORK_DIR]
set -euo pipefail
cd "$(dirname "$0")/../.."

build=${1:-build/release}
work=$(realpath -m "${2:-build/bench}")
cli="$build/app/dropsize-cli"
threads=${THREADS:-$(nproc)}
repeats=${REPEATS:-3}
taskCount=${TASK_COUNT:-40}

bash .ci/setup imagemagick python3 time
[[ -x $cli ]] || { echo "build dropsize-cli first: $cli" >&2; exit 1; }
source tests/bench/timing.sh # timed, seconds, least
sharp="$work/sharp"
sharpVersion=$(bash tests/bench/sharp.sh "$sharp")

task="$work/task"
if [[ ! -f $task/.done ]]; then
    rm -rf "$task" && mkdir -p "$task/in"
    convert ../shared/testdata/exif-orientation/Landscape_1.jpg -resize '2725x2225!' \
        -attenuate 0.4 +noise Gaussian -quality 92 "$task/photo.jpg"
    # Copies, not links: dropsize-cli takes one file once, by its identity.
    for i in $(seq -w 1 "$taskCount"); do cp "$task/photo.jpg" "$task/in/photo_$i.jpg"; done
    touch "$task/.done"
fi
declare -A rate
for ((r = 0; r < repeats; r++)); do
    rm -rf "$work/out/task" && mkdir -p "$work/out/task"
    ops=$(NODE_PATH="$sharp/node_modules" node tests/bench/sharp_resize.cjs task "$task/photo.jpg" "$taskCount" "$work/out/task")
    rate[sharp]=$(python3 -c "import sys; print(max(float(v) for v in sys.argv[1:] if v))" "$ops" "${rate[sharp]:-}")
    timed t "$cli" "$task/in" --fit 720x588 --filter lanczos --quality 80 --output "$work/out/task" \
        --threads "$threads" --on-existing overwrite
    ops=$(python3 -c "import sys; print(f'{int(sys.argv[1]) / float(sys.argv[2]):.2f}')" "$taskCount" "$t")
    rate[dropsize]=$(python3 -c "import sys; print(max(float(v) for v in sys.argv[1:] if v))" "$ops" "${rate[dropsize]:-}")
    timed t "$cli" "$task/in" --fit 720x588 --filter lanczos --quality 80 --output "$work/out/task" \
        --threads "$threads" --on-existing overwrite --reducing-gap 1
    ops=$(python3 -c "import sys; print(f'{int(sys.argv[1]) / float(sys.argv[2]):.2f}')" "$taskCount" "$t")
    rate[gap1]=$(python3 -c "import sys; print(max(float(v) for v in sys.argv[1:] if v))" "$ops" "${rate[gap1]:-}")
done
echo
echo "| sharp's task: 2725x2225 JPEG → 720x588, Lanczos 3, quality 80 | images per second |"
echo "|---|---|"
echo "| $sharpVersion, as its perf.js runs it | ${rate[sharp]} |"
echo "| dropsize-cli, $threads threads | ${rate[dropsize]} |"
echo "| dropsize-cli --reducing-gap 1, $threads threads | ${rate[gap1]} |"
echo "| dropsize / sharp | $(python3 -c "import sys; print(f'{float(sys.argv[1]) / float(sys.argv[2]):.2f}')" "${rate[dropsize]}" "${rate[sharp]}")× the rate |"
echo
echo "$taskCount images each, best of $repeats runs."

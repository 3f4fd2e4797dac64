#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# What sharding costs on one machine: a 4-shard run (the 4 shards of a manifest at once, as a
# job array's tasks on one node would run) against one run of the same images, and what a shard
# spends on the whole manifest before its own part (a shard of 64, which has almost nothing of
# its own to do). Wall time, images/s and images/s per core. Not a test: it prints a Markdown
# table for docs/scale-out.md.
#
#   bash tests/bench/shards.sh [BUILD_DIR] [WORK_DIR]
#
# Two image sets, made by dropsize-make-samples: "small", COUNT (default 3000) images of 320x240
# to 799x599 in four folders (--tree); "photos", PHOTOS (default 640) copies of its eight
# photo-like JPEGs of 1600x1100 to 1920x1200. Each is resized to a long edge of 256 as JPEG.
# BEST (default 2): runs of each, the best time counts. Then what planning the whole manifest
# costs a shard: shard 0 of 1000 of a manifest of PLAN_FILES (default 50000) copies of one
# 64x48 JPEG, 1,000 a folder, with its wall time and peak memory (GNU time).
set -euo pipefail
cd "$(dirname "$0")/../.."

build=${1:-build/release}
work=$(realpath -m "${2:-build/bench-shards}")
cli=$(realpath -m "$build/app/dropsize-cli")
make=$(realpath -m "$build/tests/tools/dropsize-make-samples")
count=${COUNT:-3000}
photos=${PHOTOS:-640}
best=${BEST:-2}
plan_files=${PLAN_FILES:-50000}
shards=4
[[ -x $cli ]] || { echo "build dropsize-cli first: $cli" >&2; exit 1; }
[[ -x $make ]] || { echo "build dropsize-make-samples first: $make" >&2; exit 1; }
[[ -x /usr/bin/time ]] || { echo "GNU time is needed for peak memory: apt-get install time" >&2; exit 1; }
cores=$(nproc)
mkdir -p "$work"

# The sets, made once.
if [[ ! -f $work/small/.done ]]; then
    rm -rf "$work/small"
    "$make" --tree "$work/small" "$count" >/dev/null
    touch "$work/small/.done"
fi
if [[ ! -f $work/photos/.done ]]; then
    rm -rf "$work/photos" "$work/seed"
    "$make" "$work/seed" >/dev/null
    mapfile -t seeds < <(find "$work/seed" -name '*.jpg' | sort)
    for ((i = 0; i < photos; i++)); do
        folder=$work/photos/f$((i / 100))
        mkdir -p "$folder"
        cp "${seeds[i % ${#seeds[@]}]}" "$folder/p$i.jpg"
    done
    touch "$work/photos/.done"
fi

# Seconds of the best of $best runs of "$@", each after `rm -rf $work/out`.
best_of()
{
    local b="" t0 t1 s i
    for ((i = 0; i < best; i++)); do
        rm -rf "$work/out" "$work/reports"
        mkdir -p "$work/reports"
        t0=$(date +%s.%N)
        local rc=0
        "$@" >/dev/null 2>&1 || rc=$?
        # The small set's damaged file fails: 1.
        ((rc <= 1)) || { echo "failed ($rc): $*" >&2; exit 1; }
        t1=$(date +%s.%N)
        s=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f", b - a }')
        if [[ -z $b ]] || awk -v s="$s" -v b="$b" 'BEGIN { exit !(s < b) }'; then b=$s; fi
    done
    echo "$b"
}

shards_at_once()
{
    local set=$1
    shift
    local i pids=()
    for ((i = 0; i < shards; i++)); do
        "$cli" "$@" --files-from "$work/$set.list" --root "$work/$set" --output "$work/out" \
            --shard "$i/$shards" --report "$work/reports" >/dev/null 2>&1 &
        pids+=($!)
    done
    local rc=0
    for i in "${pids[@]}"; do wait "$i" || rc=$?; done
    ((rc <= 1))
}

row()
{ # row SET IMAGES WHAT SECONDS
    [[ -n $4 ]] || exit 1
    awk -v set="$1" -v n="$2" -v what="$3" -v s="$4" -v c="$cores" 'BEGIN {
        printf "| %s | %d | %s | %.2f s | %.0f | %.0f |\n", set, n, what, s, n / s, n / s / c }'
}

echo "machine: $(nproc) cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)),"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg); best of $best runs"
echo
echo "| set | images | run | wall | images/s | images/s per core |"
echo "|---|---|---|---|---|---|"
for set in small photos; do
    settings=(--format jpeg --long-edge 256)
    "$cli" --list "$work/$set" >"$work/$set.list"
    n=$(wc -l <"$work/$set.list")
    one=$(best_of "$cli" "${settings[@]}" --output "$work/out" "$work/$set")
    row "$set" "$n" "one run, $cores threads" "$one"
    # As many threads as the 4 shards have together: on a machine that others load too, more
    # threads get a larger share of it, whatever the sharding.
    many=$(best_of "$cli" "${settings[@]}" --threads $((shards * cores)) --output "$work/out" \
        "$work/$set")
    row "$set" "$n" "one run, $((shards * cores)) threads" "$many"
    four=$(best_of shards_at_once "$set" "${settings[@]}")
    row "$set" "$n" "$shards shards at once, $cores threads each" "$four"
    four1=$(best_of shards_at_once "$set" "${settings[@]}" --threads 1)
    row "$set" "$n" "$shards shards at once, 1 thread each" "$four1"
    # A shard of 64: its part is 1/64 of the set, the whole manifest is planned.
    tiny=$(best_of "$cli" "${settings[@]}" --files-from "$work/$set.list" --root "$work/$set" \
        --output "$work/out" --shard 0/64 --report "$work/reports")
    part=$("$cli" --list --files-from "$work/$set.list" --root "$work/$set" --shard 0/64 | wc -l)
    echo "| $set | $part of $n | shard 0/64 alone (planning the whole manifest) | $tiny s | | |"
done
echo

# Planning: a manifest of tiny files, of which shard 0/1000 does 1 in 1000.
if [[ ! -f $work/plan/.done ]]; then
    rm -rf "$work/plan" "$work/plan-seed"
    "$cli" --format jpeg --long-edge 64 --output "$work/plan-seed" "$work/small/c" >/dev/null 2>&1 ||
        true
    seed=$(find "$work/plan-seed" -name '*.jpg' -print -quit)
    for ((d = 0; d * 1000 < plan_files; d++)); do
        mkdir -p "$work/plan/f$d"
        names=()
        for ((i = d * 1000; i < plan_files && i < (d + 1) * 1000; i++)); do
            names+=("$work/plan/f$d/p$i.jpg")
        done
        tee "${names[@]}" <"$seed" >/dev/null
    done
    touch "$work/plan/.done"
fi
"$cli" --list "$work/plan" >"$work/plan.list"
echo "| manifest | shard 0/1000 (its images) | wall | peak memory |"
echo "|---|---|---|---|"
rm -rf "$work/out"
/usr/bin/time -f "%e %M" -o "$work/plan.time" "$cli" --format jpeg --long-edge 32 \
    --files-from "$work/plan.list" --root "$work/plan" --output "$work/out" --shard 0/1000 \
    >/dev/null 2>&1
read -r wall kb <"$work/plan.time"
part=$("$cli" --list --files-from "$work/plan.list" --root "$work/plan" --shard 0/1000 | wc -l)
echo "| $(wc -l <"$work/plan.list") files | $part | $wall s | $((kb / 1024)) MB |"
echo
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"

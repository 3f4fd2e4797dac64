#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: Dropsize contributors
#
# The GPU check, for a machine with an NVIDIA GPU, its driver and the CUDA toolkit:
#     bash tests/gpu/check.sh
# 1. installs what is missing and builds the gpu preset (kernels for this machine's GPU);
# 2. runs the tests labelled gpu (the CUDA device against the CPU path) and the emulation tests;
# 3. resizes a folder of generated photos and PNGs with --device cpu, gpu and auto and compares
#    the outputs byte for byte, then with cpu and gpu for --fill and --short-edge;
# 4. prints the throughput of each device choice and where one image's time goes.
# A fresh machine needs about 8 minutes, most of it installing packages and building.
# DROPSIZE_GPU_CHECK_WITHOUT_GPU=1 runs it without a GPU (everything falls back to the CPU), to
# check the script itself.
set -euo pipefail
cd "$(dirname "$0")/../.."
started=$(date +%s)

bash .ci/setup
configure=()
if [[ "${DROPSIZE_GPU_CHECK_WITHOUT_GPU:-0}" == 1 ]]; then
    configure=(-DCMAKE_CUDA_ARCHITECTURES=75) # `native` needs a GPU
fi
cmake --preset gpu "${configure[@]}" >/dev/null
cmake --build --preset gpu -j "$(nproc)"
cli=build/gpu/app/dropsize-cli
bench=build/gpu/tests/dropsize-stage-bench

echo "== devices"
"$cli" --version
if ! "$cli" --version | grep -q '(GPU)'; then
    if [[ "${DROPSIZE_GPU_CHECK_WITHOUT_GPU:-0}" != 1 ]]; then
        echo "no usable GPU: see the Devices line above" >&2
        exit 1
    fi
    echo "(no GPU: going on because DROPSIZE_GPU_CHECK_WITHOUT_GPU=1)"
fi

echo "== tests: the GPU against the CPU path, and the emulated kernels"
ctest --preset gpu -L 'gpu|kernels' -j "$(nproc)"

work=build/gpu-check
rm -rf "$work" && mkdir -p "$work"
"$bench" make "$work/photos" 24 12

echo "== the same bytes with --device cpu, gpu and auto; throughput"
printf '| percent | device | seconds | images/s | on the GPU |\n|---|---|---|---|---|\n' > "$work/table.md"
for percent in 50 10 150; do
    extra=()
    ((percent > 100)) && extra=(--enlarge)
    for device in cpu gpu auto; do
        out="$work/out-$percent-$device"
        t0=$(date +%s.%N)
        "$cli" "$work/photos" --percent "$percent" "${extra[@]}" --device "$device" \
            --output "$out" --json > "$work/$percent-$device.json"
        t1=$(date +%s.%N)
        summary=$(grep '"event":"batch-finished"' "$work/$percent-$device.json")
        ok=$(sed -n 's/.*"ok":\([0-9]*\).*/\1/p' <<< "$summary")
        gpu=$(sed -n 's/.*"ok_on_gpu":\([0-9]*\).*/\1/p' <<< "$summary")
        awk -v p="$percent" -v d="$device" -v a="$t0" -v b="$t1" -v n="$ok" -v g="$gpu" \
            'BEGIN { s = b - a; printf "| %s%% | %s | %.2f | %.1f | %s of %s |\n", p, d, s, n / s, g, n }' \
            >> "$work/table.md"
    done
    diff -r "$work/out-$percent-cpu" "$work/out-$percent-gpu" >/dev/null \
        || { echo "GPU output differs from CPU output at $percent%" >&2; exit 1; }
    diff -r "$work/out-$percent-cpu" "$work/out-$percent-auto" >/dev/null \
        || { echo "auto output differs from CPU output at $percent%" >&2; exit 1; }
    echo "$percent%: the 48 outputs of cpu, gpu and auto are identical"
done
cat "$work/table.md"

echo "== the same bytes with --device cpu and gpu for the other sizing modes"
for sizing in "--fill 640x480" "--fill 5000x700" "--fill 333x333 --enlarge" "--short-edge 300"; do
    read -ra flags <<< "$sizing"
    for device in cpu gpu; do
        "$cli" "$work/photos" "${flags[@]}" --device "$device" --output "$work/sizing-$device" \
            > /dev/null
    done
    diff -r "$work/sizing-cpu" "$work/sizing-gpu" >/dev/null \
        || { echo "GPU output differs from CPU output with $sizing" >&2; exit 1; }
    rm -rf "$work/sizing-cpu" "$work/sizing-gpu"
    echo "$sizing: the outputs of cpu and gpu are identical"
done

echo "== where one image's time goes (one thread)"
for percent in 50 10; do
    "$bench" measure "$percent" "$work/photos" | tail -4
done
echo "GPU check passed in $(( $(date +%s) - started )) s"

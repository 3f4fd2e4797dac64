#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# How planning and a whole run scale with the number of files and the depth of folders: wall
# time and peak memory of dropsize-cli --dry-run (planning, then each file's header) and of a
# full run, on generated trees of small JPEGs. Not a test: it prints Markdown tables for
# docs/speed-and-memory.md.
#
#   bash tests/bench/scale.sh [BUILD_DIR] [WORK_DIR]
#
# FILES (default "10000 100000 1000000"): tree sizes, 1,000 files a folder, each file a copy of
# one of four 64x48 JPEGs (copies, not hard links: a file reached twice is taken once).
# DEPTHS (default "250 500 1000 2000"): depths of a chain of one-letter folders with one image
# at the bottom. FULL_RUN_MAX (default 1000000): the largest tree that is also resized.
# LARGE (default 6) PNGs of LARGE_MP (default 20) megapixels, stored without compression (60 MB
# files), resized with as many threads: the memory budget (512 MiB) must hold, whatever the
# file sizes. Needs a release build (bash .ci/run-app makes one); the largest tree takes about
# 4 GB of disk.
set -euo pipefail
cd "$(dirname "$0")/../.."

build=${1:-build/release}
work=$(realpath -m "${2:-build/bench-scale}")
cli=$(realpath "$build/app/dropsize-cli")
read -r -a sizes <<<"${FILES:-10000 100000 1000000}"
read -r -a depths <<<"${DEPTHS:-250 500 1000 2000}"
full_max=${FULL_RUN_MAX:-1000000}
large=${LARGE:-6}
large_mp=${LARGE_MP:-20}
bash .ci/setup time python3-pil
[[ -x $cli ]] || { echo "build dropsize-cli first: $build/app/dropsize-cli" >&2; exit 1; }
mkdir -p "$work"

seeds="$work/seeds"
if [[ ! -f $seeds/3.jpg ]]; then
    mkdir -p "$seeds"
    /usr/bin/python3 - "$seeds" <<'PY'
import sys
from PIL import Image
for i in range(4):
    im = Image.new("RGB", (64, 48))
    im.putdata([((x * 4 + i * 60) % 256, (y * 5) % 256, (x * y + i * 30) % 256)
                for y in range(48) for x in range(64)])
    im.save(f"{sys.argv[1]}/{i}.jpg", quality=85)
PY
fi

make_tree() { # make_tree DIR FILES
    [[ -f $1/.done ]] && return
    rm -rf "$1"
    /usr/bin/python3 - "$1" "$2" "$seeds" <<'PY'
import os, sys
root, count, seeds = sys.argv[1], int(sys.argv[2]), sys.argv[3]
data = [open(f"{seeds}/{i}.jpg", "rb").read() for i in range(4)]
for n in range(count):
    folder = os.path.join(root, f"folder{n // 1000:04d}")
    if n % 1000 == 0:
        os.makedirs(folder)
    with open(os.path.join(folder, f"photo{n % 1000:03d}.jpg"), "wb") as f:
        f.write(data[n % 4])
PY
    touch "$1/.done"
}

measure() { # measure command...: prints "seconds peak_MB"
    local log
    log=$(mktemp)
    /usr/bin/time -o "$log" -f '%e %M' "$@" >/dev/null 2>&1 || true
    tail -n 1 "$log" | awk '{printf "%.1f %.0f\n", $1, $2 / 1024}'
    rm -f "$log"
}

if ((${#sizes[@]} > 0)); then
echo "| files | dry run (plan + headers) | peak memory | full run at 50% | peak memory |"
echo "|---|---|---|---|---|"
fi
for n in "${sizes[@]}"; do
    tree="$work/tree-$n"
    make_tree "$tree" "$n"
    read -r dry dry_mb < <(measure "$cli" "$tree" --dry-run --json)
    full="-"; full_mb="-"
    if ((n <= full_max)); then
        rm -rf "$work/out"
        read -r full full_mb < <(measure "$cli" "$tree" --percent 50 --output "$work/out")
        full="$full s"; full_mb="$full_mb MB"
        rm -rf "$work/out"
    fi
    printf '| %s | %s s | %s MB | %s | %s |\n' "$n" "$dry" "$dry_mb" "$full" "$full_mb"
done

if ((${#depths[@]} > 0)); then
echo
echo "| depth | dry run | peak memory |"
echo "|---|---|---|"
fi
for d in "${depths[@]}"; do
    chain="$work/chain-$d"
    if [[ ! -f $chain.done ]]; then
        rm -rf "$chain"
        /usr/bin/python3 - "$chain" "$d" "$seeds/0.jpg" <<'PY'
import os, sys
root, depth, seed = sys.argv[1], int(sys.argv[2]), sys.argv[3]
os.makedirs(root)
fd = os.open(root, os.O_RDONLY)
for _ in range(depth):  # relative steps: the whole path may pass PATH_MAX
    os.mkdir("d", dir_fd=fd)
    nxt = os.open("d", os.O_RDONLY, dir_fd=fd)
    os.close(fd)
    fd = nxt
out = os.open("photo.jpg", os.O_WRONLY | os.O_CREAT, 0o644, dir_fd=fd)
os.write(out, open(seed, "rb").read())
os.close(out)
PY
        touch "$chain.done"
    fi
    read -r dry dry_mb < <(measure "$cli" "$chain" --dry-run)
    printf '| %s | %s s | %s MB |\n' "$d" "$dry" "$dry_mb"
done

if ((large > 0)); then
    big="$work/large-$large-$large_mp"
    if [[ ! -f $big/.done ]]; then
        rm -rf "$big" && mkdir -p "$big"
        /usr/bin/python3 - "$big" "$large" "$large_mp" <<'PY'
import os, sys
from PIL import Image
root, count, mp = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
w = int((mp * 1e6 * 4 / 3) ** 0.5); h = int(w * 3 / 4)
for i in range(count):
    Image.frombytes("RGB", (w, h), os.urandom(w * h * 3)).save(f"{root}/big{i}.png", compress_level=0)
PY
        touch "$big/.done"
    fi
    rm -rf "$work/out"
    read -r secs mb < <(measure "$cli" "$big" --percent 50 --threads "$large" --png-compression 0 --output "$work/out")
    rm -rf "$work/out"
    echo
    echo "| large files | threads | full run at 50% | peak memory |"
    echo "|---|---|---|---|"
    printf '| %s PNGs of %s MP (%s MB each) | %s | %s s | %s MB |\n' "$large" "$large_mp" \
        "$(( $(stat -c %s "$big/big0.png") / 1000000 ))" "$large" "$secs" "$mb"
fi

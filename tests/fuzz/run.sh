#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Builds the libFuzzer targets (fuzz preset: clang, AddressSanitizer + UndefinedBehaviorSanitizer)
# and runs each for SECONDS (default 300) on seeds from the shared test images, copied into a
# temporary corpus, as many at a time as there are cores (DROPSIZE_FUZZ_JOBS: another number). Whatever crashes, leaks, runs out of memory or hangs is kept in
# build/fuzz/findings/<target>/ and each target's log in build/fuzz/logs/; the exit status is 1
# when any target found something. DROPSIZE_FUZZ_CORPUS=DIR keeps the corpora in DIR/<target>/
# from one run to the next instead of in a temporary folder.
# Usage: bash tests/fuzz/run.sh [SECONDS_PER_TARGET] [TARGET...]
#   (targets: jpeg png exif cli lists webp heif; webp and heif only in a build with them)
set -euo pipefail
cd "$(dirname "$0")/../.."
source .ci/phases.sh

seconds=${1:-300}
shift || true
targets=("$@")
if ((${#targets[@]} == 0)); then
    targets=(jpeg png exif cli lists)
    # webp and heif: only in a build with them (DROPSIZE_WITH_WEBP, _HEIF, on by default).
    grep -q '^DROPSIZE_WITH_WEBP:BOOL=OFF' build/fuzz/CMakeCache.txt 2>/dev/null || targets+=(webp)
    grep -q '^DROPSIZE_WITH_HEIF:BOOL=OFF' build/fuzz/CMakeCache.txt 2>/dev/null || targets+=(heif)
fi
[[ $seconds =~ ^[0-9]+$ ]] || { echo "SECONDS_PER_TARGET must be a whole number" >&2; exit 2; }

# clang and its libFuzzer runtime, LLVM's OpenMP (core's resizer) and llvm-symbolizer (readable
# stack traces).
bash .ci/setup clang-14 libclang-rt-14-dev libomp-14-dev llvm-14

phase "fuzz: build (fuzz preset)"
cmake --preset fuzz >/dev/null
cmake --build --preset fuzz -j "$(nproc)"

bin=build/fuzz/tests/fuzz
findings_root=build/fuzz/findings
logs=build/fuzz/logs
mkdir -p "$logs"
testdata=${DROPSIZE_TESTDATA:-../shared/testdata}
work=$(mktemp -d)
trap 'status=$?; rm -rf "$work"; phases_exit $status' EXIT

if [[ -d $testdata ]]; then
    echo "seeds: $testdata"
    have_testdata=1
else
    echo "seeds: no shared test images at $testdata; running on minimal seeds only"
    have_testdata=0
fi

# Copies the named files that exist into a corpus, leaving out those over 64 KiB: a large seed
# makes every mutation slow and adds little that the small ones lack.
add_seeds() {
    local corpus=$1
    shift
    local f
    for f in "$@"; do
        [[ -f $f ]] && (($(stat -c %s "$f") <= 65536)) && cp "$f" "$corpus/" || true
    done
}

# Where a JPEG's EXIF APP1 segment starts (its 0xFFE1 marker), or nothing.
exif_segment_at() {
    local hits
    # grep -o prints the match too, NUL bytes and all: only the offset before the colon is kept.
    hits=$(LC_ALL=C grep -m 1 -obUaP '(?s)\xff\xe1..Exif\x00\x00' "$1" | tr -d '\0' || true)
    hits=${hits%%$'\n'*}
    echo "${hits%%:*}"
}

bytes() { # FILE OFFSET COUNT: COUNT bytes of FILE from OFFSET
    dd if="$1" bs=1 skip="$2" count="$3" status=none
}

segment_length() { # the 2-byte big-endian length after a marker at $2
    od -An -tu1 -j $(($2 + 2)) -N 2 "$1" | awk '{ print $1 * 256 + $2 }'
}

seed_jpeg() {
    local corpus=$1 f at len n=0
    add_seeds "$corpus" tests/golden/fixtures/*.jpg tests/golden/fixtures/orientation/*.jpg
    # CMYK and YCCK, with a profile, none, or one lcms2 cannot use (make_cmyk_golden.py).
    add_seeds "$corpus" tests/golden/fixtures/cmyk/*.jpg
    ((have_testdata)) || return 0
    add_seeds "$corpus" "$testdata"/libjpeg-turbo/*.jpg
    # Small JPEGs with EXIF: libjpeg-turbo's test image with the APP1 segment of each
    # orientation's photo (the photos themselves are too large to be good seeds).
    for f in "$testdata"/exif-orientation/Landscape_*.jpg; do
        at=$(exif_segment_at "$f")
        [[ -n $at ]] || continue
        len=$(segment_length "$f" "$at")
        {
            head -c 2 "$testdata/libjpeg-turbo/testorig.jpg"
            bytes "$f" "$at" $((len + 2))
            tail -c +3 "$testdata/libjpeg-turbo/testorig.jpg"
        } >"$corpus/exif_$((n++)).jpg"
    done
}

seed_png() {
    local corpus=$1
    # A 1x1 grey PNG.
    printf '%b' '\x89\x50\x4e\x47\x0d\x0a\x1a\x0a\x00\x00\x00\x0d\x49\x48\x44\x52\x00\x00\x00\x01' \
        '\x00\x00\x00\x01\x08\x00\x00\x00\x00\x3a\x7e\x9b\x55\x00\x00\x00\x0a\x49\x44\x41' \
        '\x54\x78\xda\x63\x68\x00\x00\x00\x82\x00\x81\xda\x45\x08\x3b\x00\x00\x00\x00\x49' \
        '\x45\x4e\x44\xae\x42\x60\x82' \
        >"$corpus/grey1x1.png"
    # Every source of orientation: eXIf, "exif" text, raw profiles and XMP in each text chunk.
    add_seeds "$corpus" tests/golden/fixtures/orientation/*.png
    ((have_testdata)) || return 0
    add_seeds "$corpus" "$testdata"/pngsuite/*.png "$testdata"/testpngs/*.png \
        "$testdata"/libjpeg-turbo/*.png
}

seed_exif() {
    local corpus=$1 f at len
    # Orientation 6 in both byte orders.
    printf 'MM\0*\0\0\0\x08\0\x01\x01\x12\0\x03\0\0\0\x01\0\x06\0\0\0\0\0\0' >"$corpus/mm6.tiff"
    printf 'II*\0\x08\0\0\0\x01\0\x12\x01\x03\0\x01\0\0\0\x06\0\0\0\0\0\0\0' >"$corpus/ii6.tiff"
    ((have_testdata)) || return 0
    # The TIFF structure of each photo's EXIF: past the marker, length and "Exif\0\0".
    for f in "$testdata"/exif-orientation/*.jpg; do
        at=$(exif_segment_at "$f")
        [[ -n $at ]] || continue
        len=$(segment_length "$f" "$at")
        bytes "$f" $((at + 10)) $((len - 8)) >"$corpus/$(basename "$f" .jpg).tiff"
    done
}

seed_heif() {
    local corpus=$1
    # The committed HEIC and AVIF fixtures (make_heif_golden.py): alpha, 10 and 12 bits, grids,
    # irot/imir, EXIF and ICC.
    add_seeds "$corpus" tests/golden/fixtures/heif/*.heic tests/golden/fixtures/heif/*.avif
}

seed_cli() {
    local corpus=$1 n=0 line
    # Command lines as docs/cli.md and --help show them; arguments separated by NUL bytes.
    while IFS= read -r line; do
        read -r -a words <<<"$line"
        printf '%s\0' "${words[@]}" >"$corpus/args_$((n++))"
    done <<'EOF'
photos
photos --percent 25
photos --fit 1920x1080 --filter bicubic --enlarge
photos --long-edge 2048 --format png --png-compression 9
a.jpg b.png --size 640x480 --quality 90 --subsampling 444 --progressive
photos --output out --on-existing rename --strip-metadata --no-recursive
photos --threads 4 --device cpu --max-megapixels 50 --max-memory-mb 512
photos --format avif --avif-quality 50 --avif-speed 9
photos --dry-run --json
--help
--version
-- --percent
EOF
}

seed_lists() {
    local corpus=$1
    # Lists (by lines, written on Windows, NUL-separated), a finished report of a shard, and
    # name patterns (the first line).
    printf 'a.jpg\nsub/b c.png\n\nlast.jpg\n' >"$corpus/list"
    printf 'a.jpg\r\nb.jpg\r\n' >"$corpus/list-crlf"
    printf 'two\nlines.jpg\0cr\r.jpg\0' >"$corpus/list-nul"
    printf '%s\n' '{"event":"job-finished","id":0,"status":"ok","input":"/p/a.jpg","output":"/o/a.jpg","part":"0123456789abcdef","retry":false}' \
        '{"event":"ignored","path":"/p/n.txt","reason":"not an image"}' \
        '{"event":"shard-finished","shard":1,"shards":2,"total":1,"ok":1,"skipped":0,"failed":0,"left":0,"exit":0,"host":"h"}' \
        >"$corpus/report"
    printf '{name}_{size}\n' >"$corpus/pattern-size"
    printf '{size}/{name}_{w}x{h}\n' >"$corpus/pattern-folders"
    printf '{n}-{name}.{ext}\n' >"$corpus/pattern-ext"
}

seed_webp() {
    local corpus=$1
    # The committed fixtures: every kind of WebP file, all small.
    add_seeds "$corpus" tests/golden/fixtures/webp/*.webp
}

# fuzz TARGET: runs it for SECONDS; its summary line goes to $work/TARGET.summary, and the
# report of what it found to $work/TARGET.report (nothing found: no report).
fuzz() {
    local t=$1 exe=$bin/dropsize_fuzz_$1 corpus findings dict=() log rc=0 runs found first
    corpus=${DROPSIZE_FUZZ_CORPUS:-$work}/$t
    findings=$findings_root/$t
    rm -rf "$findings"
    mkdir -p "$corpus" "$findings"
    "seed_$t" "$corpus"
    [[ -f tests/fuzz/$t.dict ]] && dict=(-dict="tests/fuzz/$t.dict")
    echo "== $t: ${seconds} s on $(find "$corpus" -type f | wc -l) seeds"
    log=$logs/$t.log
    ASAN_OPTIONS=${ASAN_OPTIONS:-allocator_may_return_null=1:detect_leaks=1} \
        LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$PWD/tests/fuzz/lsan.supp:print_suppressions=0} \
        UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1} \
        "$exe" -max_total_time="$seconds" -rss_limit_mb=2048 -timeout=25 -print_final_stats=1 \
        -artifact_prefix="$findings/" "${dict[@]}" "$corpus" >"$log" 2>&1 || rc=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    found=$(find "$findings" -type f | wc -l)
    if ((rc != 0 || found > 0)); then
        # The report: from the sanitizer's or libFuzzer's first line about the finding.
        first=$(grep -n -m 1 -E '^==[0-9]+==|runtime error|^ALARM|out-of-memory|deadly signal' \
            "$log" | cut -d: -f1 || true)
        if [[ -n $first ]]; then sed -n "${first},+59p" "$log"; else tail -n 40 "$log"; fi \
            >"$work/$t.report"
        echo "$t: FOUND something after ${runs:-?} executions (exit $rc); kept in $findings/" \
            >"$work/$t.summary"
    else
        echo "$t: ${runs:-?} executions in ${seconds} s, nothing found" >"$work/$t.summary"
    fi
}

for t in "${targets[@]}"; do
    [[ -x $bin/dropsize_fuzz_$t ]] || { echo "unknown target $t (jpeg, png, exif, cli, lists, webp, heif)" >&2; exit 2; }
done
# As many targets at a time as there are cores: each fuzzes on one, for its SECONDS all the same.
parallel=${DROPSIZE_FUZZ_JOBS:-$(nproc)}
phase "fuzz: ${#targets[@]} targets, ${seconds} s each, $parallel at a time"
running=0
for t in "${targets[@]}"; do
    if ((running >= parallel)); then
        wait -n || true # a target's result is in its files
        running=$((running - 1))
    fi
    fuzz "$t" &
    running=$((running + 1))
done
wait || true

status=0
echo "== fuzzing summary"
for t in "${targets[@]}"; do
    if [[ -f $work/$t.report ]]; then
        status=1
        echo "-- $t found:"
        cat "$work/$t.report"
    fi
done
for t in "${targets[@]}"; do
    cat "$work/$t.summary" 2>/dev/null || { echo "$t: no result (the run failed)"; status=1; }
done
exit "$status"

#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: Dropsize contributors
#
# The GPU check, run from a folder made by tests/gpu/bundle.sh (nothing is built or installed):
#     bash tests/gpu/run.sh DIR        (or, in the folder itself: bash run.sh .)
# 1. the devices (dropsize-cli --version): no usable GPU is a failure, unless
#    DROPSIZE_GPU_CHECK_WITHOUT_GPU=1 (CI, or a check of the script): then everything runs on the
#    CPU, on smaller sets, and the report says so at its top;
# 2. the tests labelled gpu and kernels (the list bundle.sh made), their XML beside the report;
# 3. the Python module's results left on the GPU (where the machine has its Python and numpy);
# 4. --device cpu, gpu and auto on a JPEG and a PNG set at 50%, 10% and 150% (--enlarge), and
#    cpu and gpu with --fill and --short-edge: every output file compared byte for byte with the
#    CPU's, and counted;
# 5. the throughput of each device choice and the GPU's share; where one image's time goes
#    (dropsize-stage-bench); the CPU alone at 1, 2, 4, 8 and 16 threads (outputs compared too).
# The report is $OUT/report.md when OUT is set (a device machine brings $OUT back), else
# DIR/report.md. Exit status 1 after any failure or difference (every step runs regardless).
# The test images are made here by dropsize-stage-bench: it takes seconds and carrying them
# would not fit. About 2 minutes on 16 cores with a GPU; DROPSIZE_GPU_CHECK_SCALE_COPIES (4)
# sizes the thread-scaling set.
set -euo pipefail
if (($# != 1)); then
    echo "usage: bash run.sh DIR (a folder made by tests/gpu/bundle.sh)" >&2
    exit 2
fi
bundle=$(cd "$1" && pwd)
bin=$bundle/bin
[[ -x "$bin/dropsize-cli" && -f "$bundle/MANIFEST" ]] \
    || { echo "$bundle is not a folder made by tests/gpu/bundle.sh" >&2; exit 2; }
report_dir=${OUT:-$bundle}
mkdir -p "$report_dir"
report=$report_dir/report.md
work=$(mktemp -d "${TMPDIR:-/tmp}/dropsize-gpu-check.XXXXXX")
trap 'rm -rf "$work"' EXIT

# The carried libraries; on a glibc older than the carried libstdc++ needs, the machine's own
# libstdc++ and libgcc_s (every program needs less than those two).
older() { [[ "$1" != "$2" && "$(printf '%s\n%s\n' "$1" "$2" | sort -V | head -1)" == "$1" ]]; }
have_glibc=$(getconf GNU_LIBC_VERSION 2>/dev/null | awk '{ print $2 }')
need_glibc=$(sed -n 's/^glibc: //p' "$bundle/MANIFEST")
need_glibc_own=$(sed -n 's/^glibc-with-own-libstdc++: //p' "$bundle/MANIFEST")
libs=$bundle/lib
libs_note="the carried libraries (lib/)"
if [[ -n "$have_glibc" ]] && older "$have_glibc" "$need_glibc"; then
    if older "$have_glibc" "$need_glibc_own"; then
        echo "FAILED: this machine's glibc $have_glibc is older than the $need_glibc_own the bundle needs" \
            | tee "$report" >&2
        exit 1
    fi
    libs=$work/lib
    mkdir -p "$libs"
    for lib in "$bundle"/lib/*; do
        case "$(basename "$lib")" in libstdc++.so* | libgcc_s.so*) ;; *) ln -s "$lib" "$libs/" ;; esac
    done
    libs_note="the carried libraries but libstdc++ and libgcc_s: glibc $have_glibc is older than the $need_glibc the carried ones need"
fi
export LD_LIBRARY_PATH="$libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
if [[ -d "$bundle/lib/heif-plugins" ]]; then
    export LIBHEIF_PLUGIN_PATH="$bundle/lib/heif-plugins"
fi
started=$(date +%s)
failures=0
cores=$(nproc)

say() { printf '%s\n' "$@" | tee -a "$report"; }
fail() {
    failures=$((failures + 1))
    say "" "**FAILED: $***" ""
}
: > "$report"
say "# Dropsize GPU check: ${HOSTNAME:-$(uname -n)}, $(date -u +%Y-%m-%dT%H:%M:%SZ)"
say ""
say "$(uname -srm), $cores cores, $(free -g 2>/dev/null | awk '/^Mem:/ { print $2 " GiB" }')"
say '```'
sed -n '1,/^libraries:/p' "$bundle/MANIFEST" | grep -v '^libraries:' | tee -a "$report"
say '```'
say "glibc ${have_glibc:-unknown}; libraries: $libs_note."

# The carried files as they were built (a carry cut short, a file changed on the way).
if sed -n '/^sha256:/,$p' "$bundle/MANIFEST" | tail -n +2 | sed 's/^  //' \
    | (cd "$bundle" && sha256sum --check --quiet --strict) >> "$report" 2>&1; then
    say "Every carried file matches MANIFEST."
else
    fail "files differ from MANIFEST (above)"
fi

say "" "## Devices" ""
say '```'
"$bin/dropsize-cli" --version 2>&1 | tee -a "$report" "$work/version" || fail "dropsize-cli --version"
if command -v nvidia-smi >/dev/null; then
    nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader 2>&1 \
        | tee -a "$report" || say "(nvidia-smi failed)"
fi
say '```'
with_gpu=1
if ! grep -q '(GPU)' "$work/version"; then
    with_gpu=0
    if [[ "${DROPSIZE_GPU_CHECK_WITHOUT_GPU:-0}" == 1 ]]; then
        say "" "> **NO USABLE GPU (see the Devices line above): every job below ran on the CPU,"
        say "> on the smaller sets (DROPSIZE_GPU_CHECK_WITHOUT_GPU=1). This checks the bundle and the"
        say "> script, not the GPU.**"
    else
        fail "no usable GPU (see the Devices line above); DROPSIZE_GPU_CHECK_WITHOUT_GPU=1 runs everything on the CPU"
        echo "report: $report" >&2
        exit 1
    fi
fi

# The sets: JPEG photos of 6 to 15 MP and PNGs of a quarter of that with a GPU; smaller on the
# CPU alone (CI has 2 cores). DROPSIZE_GPU_CHECK_SETS=full or small chooses.
sets=${DROPSIZE_GPU_CHECK_SETS:-}
[[ -n "$sets" ]] || { ((with_gpu)) && sets=full || sets=small; }
if [[ $sets == full ]]; then
    count=24 megapixels=12 copies=${DROPSIZE_GPU_CHECK_SCALE_COPIES:-4}
else
    count=6 megapixels=3 copies=${DROPSIZE_GPU_CHECK_SCALE_COPIES:-1}
fi

say "" "## Tests labelled gpu and kernels" ""
for filter in "$bundle"/tests/*.filter; do
    program=$(basename "$filter" .filter)
    xml=$report_dir/gtest-$program.xml
    if "$bin/$program" --gtest_filter="$(cat "$filter")" --gtest_output="xml:$xml" \
        > "$work/$program.log" 2>&1; then
        status=passed
    else
        status=FAILED
        tail -40 "$work/$program.log" >> "$report"
    fi
    tests=$(grep -c '<testcase ' "$xml" 2>/dev/null || true)
    skipped=$(grep -c 'result="skipped"' "$xml" 2>/dev/null || true)
    listed=$(tr ':' '\n' < "$filter" | grep -c .)
    say "- $program: $status, ${tests:-0} run of the $listed listed, ${skipped:-0} skipped ($(basename "$xml"))"
    [[ $status == passed ]] || fail "$program"
    [[ "${tests:-0}" == "$listed" ]] || fail "$program ran ${tests:-0} tests, not the $listed listed"
    # With a GPU nothing may skip: a skip means the test found none.
    if ((with_gpu)) && [[ "${skipped:-0}" != 0 ]]; then
        fail "$program skipped tests on a machine with a GPU"
    fi
done

t0=$(date +%s.%N)
"$bin/dropsize-stage-bench" make "$work/made" "$count" "$megapixels" > /dev/null
mkdir -p "$work/jpeg" "$work/png" "$work/scaling"
mv "$work"/made/*.jpg "$work/jpeg/"
mv "$work"/made/*.png "$work/png/"
for ((i = 0; i < copies; ++i)); do
    mkdir -p "$work/scaling/$i"
    cp "$work"/jpeg/* "$work"/png/* "$work/scaling/$i/"
done
made=$(awk -v a="$t0" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }')
say "" "Test images: $count JPEGs ($(du -sh "$work/jpeg" | cut -f1)) and $count PNGs ($(du -sh "$work/png" | cut -f1)), made in $made s"

# The Python module's results left on the GPU (tests/python/test_on_gpu.py, run as a script: no
# pytest needed), on a few of the images, where the machine has the Python it was built for and
# numpy; without them it is said and skipped.
say "" "## The Python module: results left on the GPU" ""
python_version=$(sed -n 's/^python module: for Python \([0-9.]*\) .*/\1/p' "$bundle/MANIFEST")
# The interpreter: DROPSIZE_GPU_CHECK_PYTHON, else the system's (the one the module is built
# for on Debian), else the first python3 on PATH; it must be that version and have numpy.
python=
for candidate in ${DROPSIZE_GPU_CHECK_PYTHON:-} /usr/bin/python3 "python$python_version" python3; do
    if [[ -n "$python_version" ]] && "$candidate" -c "import sys, numpy; sys.exit(sys.version_info[:2] != tuple(map(int, '$python_version'.split('.'))))" \
        > /dev/null 2>&1; then
        python=$candidate
        break
    fi
done
if [[ -z "$python_version" ]]; then
    say "Not checked: this bundle has no Python module."
elif [[ -z "$python" ]]; then
    say "**Not checked**: the module is for Python $python_version with numpy, and none of" \
        "${DROPSIZE_GPU_CHECK_PYTHON:-} /usr/bin/python3 python$python_version python3 is that" \
        "(DROPSIZE_GPU_CHECK_PYTHON names another)."
else
    mkdir -p "$work/python-images"
    cp "$(ls "$work"/jpeg/*.jpg | head -1)" "$(ls "$work"/jpeg/*.jpg | tail -1)" \
        "$(ls "$work"/png/*.png | head -1)" "$work/python-images/"
    say "With $("$python" -c 'import sys, numpy; print("Python", sys.version.split()[0], "and numpy", numpy.__version__)') ($python):"
    say '```'
    python_status=0
    DROPSIZE_GPU_CHECK_IMAGES=$work/python-images PYTHONPATH=$bundle/python \
        "$python" "$bundle/tests/test_on_gpu.py" > "$work/python.log" 2>&1 || python_status=$?
    tee -a "$report" < "$work/python.log"
    say '```'
    ((python_status == 0)) || fail "the Python module's GPU tests"
    if ((with_gpu)) && grep -q '^skipped: .*no usable GPU' "$work/python.log"; then
        fail "the Python module's GPU tests found no GPU on a machine with one"
    fi
fi

# compare NAME EXPECTED A B: the same file names in A and B, EXPECTED of them, each the same bytes
# (the output tree's marker, .dropsize-output, is no output).
compare() {
    local name=$1 expected=$2 a=$3 b=$4
    (cd "$a" && find . -type f ! -name .dropsize-output | LC_ALL=C sort) > "$work/list-a"
    (cd "$b" && find . -type f ! -name .dropsize-output | LC_ALL=C sort) > "$work/list-b"
    if ! cmp -s "$work/list-a" "$work/list-b"; then
        fail "$name: the outputs are not the same files: $(diff "$work/list-a" "$work/list-b" | head -5 | tr '\n' ' ')"
        return
    fi
    local n
    n=$(wc -l < "$work/list-a")
    if ((n != expected)); then
        fail "$name: $n outputs, not $expected"
        return
    fi
    local differ=0 file
    while read -r file; do
        cmp -s "$a/$file" "$b/$file" || { differ=$((differ + 1)); say "  differs: $name $file"; }
    done < "$work/list-a"
    ((differ == 0)) || fail "$name: $differ of $n files differ"
}

# resize OUTPUT FLAGS...: one run with --json; sets ok, gpu (ok_on_gpu) and seconds (wall).
resize() {
    local out=$1
    shift
    rm -rf "$out"
    local t0 t1
    t0=$(date +%s.%N)
    local rc=0
    "$bin/dropsize-cli" "$@" --output "$out" --json > "$out.json" 2> "$out.err" || rc=$?
    ((rc == 0)) || fail "dropsize-cli $* exited with $rc ($(tail -3 "$out.err" | tr '\n' ' '))"
    t1=$(date +%s.%N)
    local summary
    summary=$(grep '"event":"batch-finished"' "$out.json" || true)
    ok=$(sed -n 's/.*"ok":\([0-9]*\).*/\1/p' <<< "$summary")
    gpu=$(sed -n 's/.*"ok_on_gpu":\([0-9]*\).*/\1/p' <<< "$summary")
    ok=${ok:-0} gpu=${gpu:-0}
    seconds=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }')
}

say "" "## The same bytes from cpu, gpu and auto; throughput" ""
say "| set | percent | device | seconds | images/s | on the GPU |"
say "|---|---|---|---|---|---|"
for set in jpeg png; do
    for percent in 50 10 150; do
        extra=()
        ((percent > 100)) && extra=(--enlarge)
        for device in cpu gpu auto; do
            resize "$work/out-$set-$percent-$device" "$work/$set" --percent "$percent" \
                "${extra[@]}" --device "$device"
            say "$(awk -v s="$set" -v p="$percent" -v d="$device" -v t="$seconds" -v n="$ok" -v g="$gpu" \
                'BEGIN { printf "| %s | %s%% | %s | %.2f | %.1f | %s of %s |", s, p, d, t, (t > 0 ? n / t : 0), g, n }')"
            ((ok == count)) || fail "$set $percent% $device: $ok of $count resized"
            if ((with_gpu)) && [[ $device == gpu ]] && ((gpu == 0)); then
                fail "$set $percent% gpu: no image was resized on the GPU"
            fi
        done
        for device in gpu auto; do
            compare "$set $percent% $device" "$count" "$work/out-$set-$percent-cpu" \
                "$work/out-$set-$percent-$device"
        done
        rm -rf "$work/out-$set-$percent-"*
    done
done
say "" "Every output of gpu and auto above was compared with cpu's, file by file (cmp), unless a failure says otherwise."

say "" "## The same bytes from cpu and gpu with the other sizing modes" ""
for sizing in "--fill 640x480" "--fill 5000x700" "--fill 333x333 --enlarge" "--short-edge 300"; do
    read -ra flags <<< "$sizing"
    for set in jpeg png; do
        resize "$work/sizing-cpu" "$work/$set" "${flags[@]}" --device cpu
        resize "$work/sizing-gpu" "$work/$set" "${flags[@]}" --device gpu
        ((ok == count)) || fail "$set $sizing gpu: $ok of $count resized"
        compare "$set $sizing" "$count" "$work/sizing-cpu" "$work/sizing-gpu"
        say "- $sizing, $set: $count outputs compared, $gpu of $ok on the GPU"
    done
done

say "" "## Where one image's time goes (dropsize-stage-bench, one thread)" ""
say '```'
for percent in 50 10; do
    "$bin/dropsize-stage-bench" measure "$percent" "$work/jpeg" "$work/png" 2>&1 | tee -a "$report" \
        || fail "dropsize-stage-bench measure $percent"
done
say '```'

total=$(find "$work/scaling" -type f | wc -l)
say "" "## The CPU alone at 1 to 16 threads ($total images at 50%: $copies copies of both sets)" ""
say "| threads | seconds | images/s | speed-up |"
say "|---|---|---|---|"
single=
for threads in 1 2 4 8 16; do
    resize "$work/scale-$threads" "$work/scaling" --percent 50 --device cpu --threads "$threads"
    ((ok == total)) || fail "$threads threads: $ok of $total resized"
    single=${single:-$seconds}
    say "$(awk -v n="$threads" -v t="$seconds" -v k="$ok" -v s="$single" \
        'BEGIN { printf "| %d | %.2f | %.1f | %.2f |", n, t, (t > 0 ? k / t : 0), (t > 0 ? s / t : 0) }')"
    if ((threads > 1)); then
        compare "$threads threads" "$total" "$work/scale-1" "$work/scale-$threads"
        rm -rf "$work/scale-$threads"
    fi
done
((cores >= 16)) || say "" "(this machine has $cores cores: the speed-up stops at $cores threads)"

say "" "## Result" ""
elapsed=$(($(date +%s) - started))
if ((failures == 0)); then
    say "**PASSED** in $elapsed s$( ((with_gpu)) || echo ' (without a GPU: everything on the CPU)')."
else
    say "**FAILED**: $failures failures (marked above), in $elapsed s."
fi
if ((elapsed > 300)); then
    say "(over 5 minutes: a device run must fit in one; DROPSIZE_GPU_CHECK_SCALE_COPIES=2 shortens it)"
fi
echo "report: $report"
((failures == 0))

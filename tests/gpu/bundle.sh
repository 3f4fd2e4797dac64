#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: Dropsize contributors
#
# The GPU check as one folder, built here (no GPU needed, the CUDA toolkit is) and carried to a
# machine that has a GPU but no package registry:
#     bash tests/gpu/bundle.sh DIR          then, there:   bash tests/gpu/run.sh DIR
# It builds, in the release tree (build/release, the release preset with CUDA, which the packages
# are made from too: the engine is compiled once for both), only what the check runs:
# dropsize-cli, dropsize-stage-bench and the test programs of the tests labelled gpu or kernels
# (DROPSIZE_GPU_CHECK_PROGRAMS adds them there, outside "all");
# copies them into DIR/bin with every shared library they load that a bare Linux machine with an
# NVIDIA driver may lack into DIR/lib (all but glibc's own and the driver's), the list of the
# gpu and kernels tests, run.sh itself, and DIR/MANIFEST (checksums, revision, architectures,
# library versions). The test images are made on the GPU machine by dropsize-stage-bench (a few
# seconds there; carried, the JPEGs alone would pass the 64 MiB a carry may hold).
# The release tree's CUDA architectures are cmake/DropsizeCuda.cmake's default, which includes
# sm_90 for the H200. DROPSIZE_GPU_BUNDLE_ARCHS (a CMAKE_CUDA_ARCHITECTURES list) builds for those
# instead, in a tree of its own (build/gpu-bundle, without the window), so that the packages'
# architectures stay the release's.
set -euo pipefail
if (($# != 1)); then
    echo "usage: bash tests/gpu/bundle.sh DIR" >&2
    exit 2
fi
cd "$(dirname "$0")/../.."
source_dir=$PWD
if [[ -d "$1" && -n "$(ls -A "$1")" && ! -f "$1/MANIFEST" ]]; then
    echo "$1 holds files but no MANIFEST: not a bundle to replace" >&2
    exit 2
fi
mkdir -p "$1"
bundle=$(cd "$1" && pwd)
started=$(date +%s)

if [[ ! -x /usr/local/cuda/bin/nvcc ]] && ! command -v nvcc >/dev/null; then
    echo "the bundle needs the CUDA toolkit (nvcc): none found" >&2
    exit 1
fi
if [[ -n "${DROPSIZE_GPU_BUNDLE_ARCHS:-}" ]]; then
    build=build/gpu-bundle
    archs=$(cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DDROPSIZE_WITH_CUDA=ON \
        -DDROPSIZE_GPU_CHECK_PROGRAMS=ON -DDROPSIZE_WITH_GUI=OFF \
        "-DCMAKE_CUDA_ARCHITECTURES=${DROPSIZE_GPU_BUNDLE_ARCHS}" \
        | sed -n 's/^-- Dropsize: CUDA kernels for //p')
else
    build=build/release
    archs=$(cmake --preset release -DDROPSIZE_WITH_CUDA=ON -DDROPSIZE_GPU_CHECK_PROGRAMS=ON \
        | sed -n 's/^-- Dropsize: CUDA kernels for //p')
fi
grep -q '^DROPSIZE_WITH_CUDA:BOOL=ON' "$build/CMakeCache.txt" \
    || { echo "CUDA is not on in $build" >&2; exit 1; }

# The test programs behind the gpu and kernels labels; the list made by ctest below must name
# no other (a new one is added here).
test_programs=(dropsize_gpu_tests dropsize_kernels_tests)
# The Python module too, where the tree has it: its results left on the GPU are checked there.
python_target=()
grep -q '^DROPSIZE_WITH_PYTHON:BOOL=ON' "$build/CMakeCache.txt" && python_target=(dropsize_python)
cmake --build "$build" -j "${DROPSIZE_GPU_BUNDLE_JOBS:-$(nproc)}" \
    --target dropsize-cli dropsize-stage-bench "${test_programs[@]}" "${python_target[@]}"

rm -rf "${bundle:?}/bin" "${bundle:?}/lib" "${bundle:?}/tests" "${bundle:?}/python" \
    "${bundle:?}/MANIFEST" "${bundle:?}/run.sh" "${bundle:?}/report.md" "${bundle:?}"/gtest-*.xml
mkdir -p "$bundle/bin" "$bundle/lib" "$bundle/tests"
cp "$build/app/dropsize-cli" "$build/tests/dropsize-stage-bench" "$bundle/bin/"
for program in "${test_programs[@]}"; do
    cp "$build/tests/$program" "$bundle/bin/"
done
python_version=
python_line=none
if ((${#python_target[@]})); then
    # The module the tree builds now (an older one for another Python may lie beside it), and the
    # interpreter it is for: _native.cpython-311-x86_64-linux-gnu.so is Python 3.11.
    module=$(ls -t "$build"/python/dropsize/_native.cpython-*.so | head -1)
    python_version=$(basename "$module" | sed -n 's/^_native\.cpython-\([0-9]\)\([0-9]*\)-.*/\1.\2/p')
    [[ -n "$python_version" ]] || { echo "no Python version in the module's name: $module" >&2; exit 1; }
    mkdir -p "$bundle/python/dropsize"
    cp "$build"/python/dropsize/*.py "$module" "$bundle/python/dropsize/"
    cp tests/python/test_on_gpu.py "$bundle/tests/"
    python_line="for Python $python_version (python/dropsize)"
fi
cp tests/gpu/run.sh "$bundle/run.sh"

# Each program's gpu and kernels tests as a --gtest_filter, from the tests ctest knows.
ctest --test-dir "$build" --show-only=json-v1 -L 'gpu|kernels' > "$build/gpu-tests.json"
python3 - "$build/gpu-tests.json" "$bundle/tests" "${test_programs[@]}" <<'EOF'
import json, os, sys
listing, folder, programs = sys.argv[1], sys.argv[2], sys.argv[3:]
names = {}
for test in json.load(open(listing))["tests"]:
    program = os.path.basename(test["command"][0])
    filters = [a for a in test["command"] if a.startswith("--gtest_filter=")]
    if program not in programs:
        sys.exit(f"{test['name']} is labelled gpu or kernels but runs {program}: add it to bundle.sh")
    names.setdefault(program, []).append(filters[0].split("=", 1)[1])
for program in programs:
    if not names.get(program):
        sys.exit(f"{program}: no gpu or kernels tests listed")
    with open(os.path.join(folder, program + ".filter"), "w") as f:
        f.write(":".join(names[program]) + "\n")
    print(f"{program}: {len(names[program])} tests")
EOF

# Every library the programs load but glibc's own (the machine has its glibc) and the NVIDIA
# driver's (the static CUDA runtime opens libcuda at run time; ldd does not list it).
# libstdc++ and libgcc_s are carried: the GPU machine's may be older than the ones built against.
# The programs and, where carried, the Python module.
loaded=("$bundle"/bin/*)
if [[ -n "$python_version" ]]; then
    loaded+=("$bundle"/python/dropsize/*.so)
fi
carried=()
while read -r lib; do
    case "$(basename "$lib")" in
    libc.so.* | libm.so.* | libpthread.so.* | libdl.so.* | librt.so.* | ld-linux*.so.* | libcuda.so.*) ;;
    *) cp -L "$lib" "$bundle/lib/" && carried+=("$lib") ;;
    esac
done < <(ldd "${loaded[@]}" | awk '$2 == "=>" && $3 ~ /^\// { print $3 }' | sort -u)
if ldd "${loaded[@]}" | grep -q 'not found'; then
    echo "a library the programs need was not found here" >&2
    exit 1
fi
# libheif may load its codecs as plugins at run time (from 1.14 on, when built so), which ldd
# does not list. Debian 12's 1.15 has no plugin folder: it links libde265, aom, dav1d and x265
# directly (carried above; strace of a HEIC decode opens no other library). A libheif built
# with one has its folder carried, and run.sh sets LIBHEIF_PLUGIN_PATH to it.
heif=$(find "$bundle/lib" -name 'libheif.so.*' | head -1)
if [[ -n "$heif" ]]; then
    plugins=$(strings "$heif" | grep -m1 '/libheif/plugins$' || true)
    if [[ -n "$plugins" && -d "$plugins" ]] && compgen -G "$plugins/*.so" >/dev/null; then
        mkdir -p "$bundle/lib/heif-plugins"
        cp -L "$plugins"/*.so "$bundle/lib/heif-plugins/"
    fi
fi

# The newest glibc the carried files need, with and without the carried libstdc++ and libgcc_s
# (Debian 12's need 2.36; the programs and the other libraries less): on an older glibc run.sh
# uses the machine's own libstdc++ and libgcc_s instead.
newest_glibc() { objdump -T "$@" 2>/dev/null | grep -o 'GLIBC_[0-9.]*' | sed 's/GLIBC_//' | sort -uV | tail -1; }
glibc=$(newest_glibc "${loaded[@]}" "$bundle"/lib/*.so*)
mapfile -t others < <(find "$bundle/lib" -name '*.so*' ! -name 'libstdc++.so*' ! -name 'libgcc_s.so*')
glibc_own_cxx=$(newest_glibc "${loaded[@]}" "${others[@]}")

{
    echo "# Dropsize GPU check bundle (tests/gpu/bundle.sh); run: bash run.sh ."
    echo "revision: $(git -C "$source_dir" rev-parse HEAD)$(git -C "$source_dir" diff --quiet HEAD || echo ' (with uncommitted changes)')"
    echo "built: $(date -u +%Y-%m-%dT%H:%M:%SZ) on $(uname -m), $(ldd --version | head -1)"
    echo "glibc: $glibc"
    echo "glibc-with-own-libstdc++: $glibc_own_cxx"
    echo "needs: glibc $glibc or newer ($glibc_own_cxx with the machine's own libstdc++), an NVIDIA driver for CUDA $(/usr/local/cuda/bin/nvcc --version 2>/dev/null | sed -n 's/.*release \([0-9.]*\).*/\1/p' || nvcc --version | sed -n 's/.*release \([0-9.]*\).*/\1/p')"
    echo "cuda architectures: $archs"
    echo "python module: $python_line"
    echo "libraries:"
    for lib in "${carried[@]}"; do
        # The package that installed it (Debian's merged /usr: try the /usr spelling too).
        package=$(dpkg -S "$lib" 2>/dev/null || dpkg -S "/usr$lib" 2>/dev/null || true)
        package=${package%%: *}
        version=
        [[ -n "$package" ]] && version="$package $(dpkg-query -W -f='${Version}' "$package")"
        echo "  $(basename "$lib") ${version:-(not from a package)}"
    done
    echo "sha256:"
    (cd "$bundle" && find . -type f ! -name MANIFEST ! -name 'report*' ! -name 'gtest-*.xml' \
        | sed 's|^\./||' | LC_ALL=C sort | xargs sha256sum | sed 's/^/  /')
} > "$bundle/MANIFEST"

size=$(du -sb "$bundle" | cut -f1)
echo "bundle: $bundle, $((size / 1024 / 1024)) MiB ($size bytes), kernels for $archs, built in $(($(date +%s) - started)) s"
if ((size > 60 * 1024 * 1024)); then
    echo "the bundle is over 60 MiB: a device run carries at most 64" >&2
    exit 1
fi

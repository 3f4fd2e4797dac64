#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# SPDX-FileCopyrightText: Dropsize contributors
#
# The GPU check on a machine that has an NVIDIA GPU, its driver, the CUDA toolkit and a package
# registry (one without a registry runs a bundle made elsewhere: tests/gpu/bundle.sh, run.sh):
#     bash tests/gpu/check.sh
# installs what is missing, makes the bundle here (build/gpu-check; kernels for this machine's
# GPU only, `native`) and runs it: the gpu and kernels tests, cpu == gpu == auto byte for byte,
# throughput, per-stage times and the CPU's scaling (tests/gpu/run.sh says what). The report is
# build/gpu-check/report.md. DROPSIZE_GPU_CHECK_WITHOUT_GPU=1 runs it without a GPU (everything
# on the CPU), to check the scripts themselves.
set -euo pipefail
cd "$(dirname "$0")/../.."

bash .ci/setup
if [[ "${DROPSIZE_GPU_CHECK_WITHOUT_GPU:-0}" == 1 ]]; then
    archs=${DROPSIZE_GPU_BUNDLE_ARCHS:-90} # `native` needs a GPU
else
    archs=${DROPSIZE_GPU_BUNDLE_ARCHS:-native}
fi
DROPSIZE_GPU_BUNDLE_ARCHS=$archs bash tests/gpu/bundle.sh build/gpu-check
bash tests/gpu/run.sh build/gpu-check

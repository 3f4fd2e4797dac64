// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/core/gpu_device.h"

#include <initializer_list>

namespace dropsize::test {

/// GpuDevice::resizeOnDevice() in `slot` against CpuResizer, byte for byte, as gtest failures
/// that name the case: a width × height test image of 1 to 4 channels, upright or turned
/// (orientations 6 and 3), Lanczos at each of `percents` (100: the image is only copied there).
void expectResultsKeptOnTheDeviceAreTheCpus(
    GpuDevice& gpu, int slot, int width, int height, std::initializer_list<double> percents);

} // namespace dropsize::test

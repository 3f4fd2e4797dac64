// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/core/resize_spec.h"
#include "dropsize/pixel/resample_tables.h"

#include <cstdint>

namespace dropsize {

/// Pillow's precompute_coeffs() + normalize_coeffs_8bpc(): the span [in0, in1) of an axis of
/// `inSize` samples mapped onto `outSize` samples with `filter` (not Nearest).
ResampleCoefficients computeCoefficients(
    int inSize, float in0, float in1, int outSize, Filter filter);

/// The multiplier Pillow's reduce() uses for a block of n pixels: (uint32)(2^32f / (256·n)),
/// computed in 32-bit float as there.
std::uint32_t reduceMultiplier(std::uint32_t n) noexcept;

} // namespace dropsize

// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

// Row-level kernels of the Pillow-exact passes, shared by the whole-image CpuResizer and the
// row-streaming StreamingResizer so that both run the very same arithmetic. Private to core.

#include "resize/resample_coefficients.h"

#include <cstddef>
#include <cstdint>

namespace dropsize::detail {

/// Pillow's reduce() for one output row: `rowCount` (1..fy) input rows, each read from column
/// x0 for `width` pixels, averaged in blocks of fx columns (the last block keeps what exists).
void reduceRow(const std::uint8_t* const* rows, int rowCount, int channels, int x0, int width,
    int fx, std::uint8_t* out);

/// One row of the horizontal pass.
void horizontalRow(
    const std::uint8_t* in, std::uint8_t* out, int channels, const ResampleCoefficients& k);

/// Rows the strip form of the horizontal pass handles together.
constexpr int kStripRows = 8;

/// Stores row `r` (< kStripRows) of a strip column-interleaved: the C samples of pixel x go to
/// strip[(x * kStripRows + r) * C]. A strip holds `width` × kStripRows × C bytes. Rows must be
/// stored in order 0, 1, 2, ...: a row may write one byte into the next row's slot.
void putStripRow(const std::uint8_t* row, int width, int channels, int r, std::uint8_t* strip);

/// The horizontal pass over a whole strip: the same sums as horizontalRow(), but with the rows
/// side by side, so the inner loop runs over kStripRows × C contiguous samples and vectorises.
/// Writes the first `rowCount` rows to `outRows`.
/// `portable` forces the plain C++ kernel even where the AVX2 one could run (for tests).
void horizontalStrip(const std::uint8_t* strip, int channels, const ResampleCoefficients& k,
    std::uint8_t* const* outRows, int rowCount, bool portable = false);

/// One row of the vertical pass: `count` input rows weighted by `weights`, `rowBytes` samples
/// each; `acc` is scratch of rowBytes int32. `portable` forces the plain C++ loop (for tests).
void verticalRow(const std::uint8_t* const* rows, const std::int32_t* weights, int count,
    int rowBytes, std::int32_t* acc, std::uint8_t* out, bool portable = false);

/// True when the AVX2 kernels are built in and the CPU runs them.
bool usesAvx2Kernels() noexcept;

/// Coefficients that copy: output i reads input i with weight 1.0 (for a pass Pillow skips).
ResampleCoefficients identityCoefficients(int size);

} // namespace dropsize::detail

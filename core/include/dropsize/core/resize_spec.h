// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/core/result.h"

#include <optional>
#include <string_view>

namespace dropsize {

/// Resampling filters, named as Pillow names them.
enum class Filter { Nearest, Box, Bilinear, Hamming, Bicubic, Lanczos };

/// How the wanted size is given.
enum class SizeMode {
    Percent, ///< both sides scaled by a percentage (the old tool's only mode)
    Fit, ///< the largest size that fits a W×H box, aspect kept
    LongEdge, ///< the longer side becomes N pixels, aspect kept
    Exact, ///< exactly W×H, aspect not kept
};

/// What the user asked for, before any image is seen. Sizes are in display orientation.
struct ResizeSpec {
    SizeMode mode = SizeMode::Percent;
    double percent = 50.0;
    int width = 0; ///< Fit and Exact
    int height = 0; ///< Fit and Exact
    int longEdge = 0; ///< LongEdge
    bool enlarge = false; ///< allow outputs larger than the input
    /// Pillow's default for thumbnail(), which the old tool called without a filter. Lanczos is
    /// the sharper choice.
    Filter filter = Filter::Bicubic;

    bool operator==(const ResizeSpec&) const = default;
};

/// Checks the numbers of a spec; the message says which value is wrong and why.
[[nodiscard]] Status validate(const ResizeSpec& spec);

/// "lanczos" → Filter::Lanczos; nullopt for an unknown name.
std::optional<Filter> parseFilter(std::string_view name) noexcept;
const char* filterName(Filter filter) noexcept;

/// Pillow's support radius of a filter (0 for nearest).
double filterSupport(Filter filter) noexcept;

} // namespace dropsize

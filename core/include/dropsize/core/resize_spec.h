// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/core/result.h"

#include <optional>
#include <string>
#include <string_view>

namespace dropsize {

/// Resampling filters, named as Pillow names them.
enum class Filter { Nearest, Box, Bilinear, Hamming, Bicubic, Lanczos };

/// How the wanted size is given.
enum class SizeMode {
    Percent, ///< both sides scaled by a percentage (the old tool's only mode)
    Fit, ///< the largest size that fits a W×H box, aspect kept
    LongEdge, ///< the longer side becomes N pixels, aspect kept
    Exact, ///< exactly W×H, aspect not kept (stretches)
    ShortEdge, ///< the shorter side becomes N pixels, aspect kept
    /// covers a W×H box, aspect kept, then crops to it, centred (Pillow's ImageOps.fit); without
    /// enlarge, an image smaller than the box on a side is cropped to the box's shape instead
    Fill,
};

template <> struct EnumNames<SizeMode> {
    static constexpr EnumName<SizeMode> names[] = {
        { SizeMode::Percent, "percent" },
        { SizeMode::Fit, "fit" },
        { SizeMode::LongEdge, "long-edge" },
        { SizeMode::Exact, "exact" },
        { SizeMode::ShortEdge, "short-edge" },
        { SizeMode::Fill, "fill" },
    };
};

template <> struct EnumNames<Filter> {
    static constexpr EnumName<Filter> names[] = {
        { Filter::Nearest, "nearest" },
        { Filter::Box, "box" },
        { Filter::Bilinear, "bilinear" },
        { Filter::Hamming, "hamming" },
        { Filter::Bicubic, "bicubic" },
        { Filter::Lanczos, "lanczos" },
    };
};

/// What the user asked for, before any image is seen. Sizes are in display orientation.
struct ResizeSpec {
    SizeMode mode = SizeMode::Percent;
    double percent = 50.0;
    int width = 0; ///< Fit, Exact and Fill
    int height = 0; ///< Fit, Exact and Fill
    int longEdge = 0; ///< LongEdge
    int shortEdge = 0; ///< ShortEdge
    bool enlarge = false; ///< allow outputs larger than the input
    /// Pillow's default for thumbnail(), which the old tool called without a filter. Lanczos is
    /// the sharper choice.
    Filter filter = Filter::Bicubic;
    /// Pillow's thumbnail(reducing_gap): a JPEG is decoded at the smallest DCT scale that keeps
    /// it at least this many times the output (draft), and an image without alpha is reduced by
    /// whole factors while it stays this many times the output (reduce), before the resample.
    /// Smaller is faster, larger nearer a resample of the whole image; nullopt ("none") never
    /// drafts or reduces. From kMinReducingGap to kMaxReducingGap; Pillow's default is 2.
    std::optional<double> reducingGap = 2.0;

    bool operator==(const ResizeSpec&) const = default;
};

/// Checks the numbers of a spec; the message says which value is wrong and why.
[[nodiscard]] Status validate(const ResizeSpec& spec);

/// One sizing spec as text, for lists of sizes and labels: "50%" (percent, decimals allowed),
/// "fit:800x600", "long:2048" or just "2048" (long edge), "short:1080", "fill:512x512" and
/// "exact:640x480". The mode and its numbers replace those of `base`; its enlarge and filter are
/// kept. Checks the syntax and each number's limits, not the enlarge rule (validate() does, once
/// every option is known); the message quotes the text and names the forms.
[[nodiscard]] Result<ResizeSpec> parseSizeSpec(std::string_view text, const ResizeSpec& base = {});

/// The text parseSizeSpec() reads back as the same mode and numbers: "50%", "fit:800x600",
/// "long:2048", "short:1080", "fill:512x512", "exact:640x480".
std::string sizeSpecText(const ResizeSpec& spec);

/// A reducing gap as text: a plain decimal from kMinReducingGap to kMaxReducingGap ("1.5"), or
/// "none"; the message quotes the text and says what is taken.
[[nodiscard]] Result<std::optional<double>> parseReducingGap(std::string_view text);

/// The text parseReducingGap() reads back as the same gap: "2", "1.5", "none".
std::string reducingGapText(std::optional<double> gap);

/// Pillow's support radius of a filter (0 for nearest).
double filterSupport(Filter filter) noexcept;

} // namespace dropsize

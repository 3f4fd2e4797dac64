// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

// The reference for CMYK JPEGs, built for the tests alone: libjpeg's own CMYK samples of a file
// and lcms2's own transform of them to sRGB, written plainly here (lcms2's default context, the
// whole image at once, inverted by hand) and sharing no code with core's decoder.

#include <cstdint>
#include <span>
#include <vector>

namespace dropsize::test {

/// A CMYK or YCCK JPEG as libjpeg decodes it to CMYK at 1/scale, with what its markers say.
struct RawCmyk {
    int width = 0;
    int height = 0;
    std::vector<std::uint8_t> samples; ///< 4 per pixel, as stored (inverted when `adobe`)
    bool adobe = false; ///< the file has Adobe's APP14 marker
    std::vector<std::uint8_t> icc; ///< its ICC profile, empty when none
};

/// Decodes with libjpeg directly (JDCT_ISLOW, fancy upsampling: its defaults, as core decodes).
RawCmyk decodeRawCmyk(std::span<const std::uint8_t> jpeg, int scale);

/// lcms2's transform of the samples (inverted to ink first when `inverted`) with `profile` to
/// sRGB, relative colorimetric, 3 bytes a pixel; empty when lcms2 cannot make the transform.
std::vector<std::uint8_t> lcmsToRgb(
    const RawCmyk& raw, std::span<const std::uint8_t> profile, bool inverted);

} // namespace dropsize::test

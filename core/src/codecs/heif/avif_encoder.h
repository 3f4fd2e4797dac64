// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/core/cancel_token.h"
#include "dropsize/core/codec.h"
#include "dropsize/core/image.h"

#include <cstdint>
#include <vector>

namespace dropsize {

/// AVIF encoding through libheif's aom encoder: 8-bit RGB(A) or grey(+alpha) in, YCbCr 4:2:0
/// out at EncodeOptions' avifQuality and avifSpeed, alpha kept, ICC profile and EXIF written as
/// given (ImageProcessor has set the EXIF orientation to 1). No irot/imir box is written: the
/// pixels stand upright.
class AvifEncoder {
public:
    /// aom encodes the image in one call that cannot be interrupted (at speed 0 a large image
    /// takes minutes). With a `cancel`, that call runs on a thread of its own and a cancel
    /// answers Cancelled at once, leaving the call to finish alone and free what it used; the
    /// pixels are copied into libheif's image first, so `image` may go as soon as this returns.
    /// Until it ends, that encode holds its memory (outside any batch's budget) and a core.
    [[nodiscard]] static Result<std::vector<std::uint8_t>> encode(ConstImageView image,
        const EncodeOptions& options, const Metadata& metadata,
        const CancelToken* cancel = nullptr);

    /// Encodes given up on by a cancel that are still running, for the tests.
    [[nodiscard]] static int abandonedEncodes() noexcept;
};

} // namespace dropsize

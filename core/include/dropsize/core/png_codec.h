// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/core/cancel_token.h"
#include "dropsize/core/codec.h"
#include "dropsize/core/image.h"

namespace dropsize {

/// PNG decoding through libpng into 8-bit grey, grey+alpha, RGB or RGBA: palettes expanded
/// (tRNS to alpha), low bit depths scaled up, 16 bits cut to their high byte, interlace undone.
class PngDecoder {
public:
    [[nodiscard]] static Result<ImageHeader> readHeader(
        std::span<const std::uint8_t> data, const DecodeLimits& limits);
    [[nodiscard]] static Result<Image> decode(std::span<const std::uint8_t> data,
        const DecodeLimits& limits, const CancelToken* cancel = nullptr);
};

/// PNG encoding through libpng, 8 bits per sample, keeping ICC and EXIF (eXIf) when given.
class PngEncoder {
public:
    /// Polls `cancel` between rows: a stop request ends it with ErrorCode::Cancelled.
    [[nodiscard]] static Result<std::vector<std::uint8_t>> encode(ConstImageView image,
        const EncodeOptions& options, const Metadata& metadata,
        const CancelToken* cancel = nullptr);
};

} // namespace dropsize

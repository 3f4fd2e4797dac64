// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/core/cancel_token.h"
#include "dropsize/core/codec.h"
#include "dropsize/core/image.h"

#include <cstdint>
#include <vector>

namespace dropsize {

/// WebP encoding through libwebp: lossy at EncodeOptions::webpQuality, or lossless (the exact
/// pixels, transparent ones included); grey is written as RGB, alpha is kept. ICC and EXIF go
/// into ICCP and EXIF chunks through libwebp's muxer when given.
class WebpEncoder {
public:
    /// WebP's largest side.
    static constexpr int kMaxSide = 16383;

    /// Polls `cancel` as libwebp reports progress: a stop request ends it with
    /// ErrorCode::Cancelled.
    [[nodiscard]] static Result<std::vector<std::uint8_t>> encode(ConstImageView image,
        const EncodeOptions& options, const Metadata& metadata,
        const CancelToken* cancel = nullptr);
};

} // namespace dropsize

// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/core/cancel_token.h"
#include "dropsize/core/codec.h"
#include "dropsize/core/image.h"

#include <cstdint>
#include <vector>

namespace dropsize {

/// JPEG encoding through libjpeg-turbo. Alpha is composited over white (JPEG has none).
class JpegEncoder {
public:
    /// Rows given to libjpeg per call (at most).
    static constexpr int kRowsPerCall = 16;

    /// Polls `cancel` between rows: a stop request ends it with ErrorCode::Cancelled.
    [[nodiscard]] static Result<std::vector<std::uint8_t>> encode(ConstImageView image,
        const EncodeOptions& options, const Metadata& metadata,
        const CancelToken* cancel = nullptr);
};

} // namespace dropsize

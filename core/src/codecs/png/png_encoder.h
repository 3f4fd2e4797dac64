// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/core/cancel_token.h"
#include "dropsize/core/codec.h"
#include "dropsize/core/image.h"

#include <cstdint>
#include <vector>

namespace dropsize {

/// PNG encoding, 8 bits per sample, keeping ICC and EXIF (eXIf) when given: libpng writes the
/// chunks, libdeflate compresses the image data.
class PngEncoder {
public:
    /// Polls `cancel` between rows: a stop request ends it with ErrorCode::Cancelled.
    [[nodiscard]] static Result<std::vector<std::uint8_t>> encode(ConstImageView image,
        const EncodeOptions& options, const Metadata& metadata,
        const CancelToken* cancel = nullptr);
};

} // namespace dropsize

// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/core/cancel_token.h"
#include "dropsize/core/codec.h"
#include "dropsize/core/image.h"

#include <functional>

namespace dropsize {

/// JPEG decoding through libjpeg-turbo, with DCT-domain scaling as Pillow's draft() uses it.
class JpegDecoder {
public:
    /// Reads markers up to the first scan; checks the pixel limit.
    [[nodiscard]] static Result<ImageHeader> readHeader(
        std::span<const std::uint8_t> data, const DecodeLimits& limits);

    /// Decodes at 1/dctScale (1, 2, 4 or 8) into 1 (grey) or 3 (RGB; CMYK converted) channels.
    [[nodiscard]] static Result<Image> decode(std::span<const std::uint8_t> data, int dctScale,
        const DecodeLimits& limits, const CancelToken* cancel = nullptr);

    /// Receives decoded rows top to bottom: `count` rows `stride` bytes apart, which it may
    /// change in place. An error it returns stops the decode and is returned by decodeRows().
    using RowConsumer = std::function<Status(std::uint8_t* rows, std::ptrdiff_t stride, int count)>;

    /// Rows handed to a RowConsumer at a time (at most).
    static constexpr int kRowsPerCall = 16;

    /// Decodes like decode() but hands the rows on in small groups instead of keeping the whole
    /// image, so memory stays a few rows. `expected` is the size the plan computed.
    [[nodiscard]] static Status decodeRows(std::span<const std::uint8_t> data, int dctScale,
        Size expected, const DecodeLimits& limits, const RowConsumer& consume,
        const CancelToken* cancel = nullptr);
};

/// JPEG encoding through libjpeg-turbo. Alpha is composited over white (JPEG has none).
class JpegEncoder {
public:
    /// Polls `cancel` between rows: a stop request ends it with ErrorCode::Cancelled.
    [[nodiscard]] static Result<std::vector<std::uint8_t>> encode(ConstImageView image,
        const EncodeOptions& options, const Metadata& metadata,
        const CancelToken* cancel = nullptr);
};

} // namespace dropsize

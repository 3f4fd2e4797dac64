// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "codecs/image_decoder.h"

#include <cstdint>
#include <memory>

namespace dropsize {

namespace jpeg {
    struct Decompressor;
} // namespace jpeg

/// JPEG decoding through libjpeg-turbo, with DCT-domain scaling as Pillow's draft() uses it:
/// 1 (grey) or 3 (RGB; CMYK and YCCK converted) channels. The libjpeg decompressor that read
/// the header decodes the pixels; opened on a file's first bytes, it reads from a source that
/// suspends at their end and goes on when extend() gives it more.
/// libjpeg's max_memory_to_use for a limit of `bytes`: it is a `long`, 32 bits on Windows, so a
/// limit of 2 GiB or more is the largest it holds there (a plain conversion would wrap 5 GiB to
/// 1 GiB, and 3 GiB to a negative number).
long jpegMemoryLimit(std::uint64_t bytes) noexcept;

class JpegDecoder final : public ImageDecoder {
public:
    /// Rows handed to a RowConsumer at a time (at most), and read from libjpeg per call.
    static constexpr int kRowsPerCall = 16;

    /// True when the first bytes are a JPEG's (a start-of-image marker and another marker).
    static bool sniff(std::span<const std::uint8_t> head) noexcept;

    /// Reads markers up to the first scan, or as far as `file` goes when it is not the whole
    /// file; checks the component count and the pixel limit.
    [[nodiscard]] static Result<std::unique_ptr<ImageDecoder>> open(
        std::span<const std::uint8_t> file, const DecodeLimits& limits, bool wholeFile = true);

    ~JpegDecoder() override;

    bool hasHeader() const noexcept override { return m_hasHeader; }
    const ImageHeader& header() const noexcept override { return m_header; }
    bool headerFinal() const noexcept override { return m_hasHeader; } ///< all before the scans
    [[nodiscard]] Status extend(std::span<const std::uint8_t> file, bool wholeFile) override;
    std::uint64_t workingMemory(Size decoded, bool rows) const noexcept override;
    [[nodiscard]] Result<Image> decode(int dctScale, const CancelToken* cancel = nullptr) override;
    [[nodiscard]] Status decodeRows(int dctScale, Size expected, const RowConsumer& consume,
        const CancelToken* cancel = nullptr) override;

private:
    explicit JpegDecoder(const DecodeLimits& limits);
    /// Reads on in the header; fills m_header once it is all there.
    Status readHeaderOn();
    /// Sets up the decode at 1/dctScale: the output size lands in the decompressor.
    Status startPixels(int dctScale);

    std::unique_ptr<jpeg::Decompressor> m_d; ///< null once the pixels are out
    DecodeLimits m_limits;
    ImageHeader m_header;
    bool m_hasHeader = false;
};

} // namespace dropsize

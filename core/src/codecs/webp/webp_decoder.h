// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "codecs/image_decoder.h"

#include <cstdint>
#include <memory>

namespace dropsize {

/// WebP decoding through libwebp, as Pillow 9.4 reads a WebP file (through libwebp's animation
/// decoder): RGB when the file has no alpha, RGBA when it has; lossy, lossless and extended
/// files alike. An animation gives its first frame on its canvas, which is what Pillow's
/// thumbnail() makes of it. The ICCP and EXIF chunks (those the VP8X flags announce, as
/// libwebp's demuxer reads them) become the metadata, EXIF without a leading "Exif\0\0".
/// Opened on a file's first bytes, it has its header once they reach the image's bitstream
/// header; the metadata chunks of an extended file may follow the image data.
class WebpDecoder final : public ImageDecoder {
public:
    /// Rows handed to a RowConsumer at a time (at most), so that a cancel is seen during a large
    /// image too.
    static constexpr int kRowsPerCall = 64;

    /// True when the first bytes are a RIFF header of the WEBP form.
    static bool sniff(std::span<const std::uint8_t> head) noexcept;

    /// Reads the chunks up to the image's bitstream header, or as far as `file` goes when it is
    /// not the whole file; checks the pixel and memory limits before any pixel is allocated. A
    /// whole file's chunk structure is checked as libwebp's demuxer checks it.
    [[nodiscard]] static Result<std::unique_ptr<ImageDecoder>> open(
        std::span<const std::uint8_t> file, const DecodeLimits& limits, bool wholeFile = true);

    ~WebpDecoder() override;

    bool hasHeader() const noexcept override { return m_hasHeader; }
    const ImageHeader& header() const noexcept override { return m_header; }
    /// True for a whole file, and for part of one whose announced ICCP and EXIF chunks are all
    /// among the bytes given (a simple file announces none).
    bool headerFinal() const noexcept override
    {
        return m_hasHeader && (m_whole || m_metadataFound);
    }
    [[nodiscard]] Status extend(std::span<const std::uint8_t> file, bool wholeFile) override;
    /// libwebp's own buffers: a lossless image's decoded pixels (4 bytes each), a lossy one's
    /// alpha plane, an animation's two canvases; and, for decodeRows(), the whole image.
    std::uint64_t workingMemory(Size decoded, bool rows) const noexcept override;
    /// `dctScale` must be 1: a WebP cannot be decoded smaller.
    [[nodiscard]] Result<Image> decode(int dctScale, const CancelToken* cancel = nullptr) override;
    /// Decodes the whole image, then hands it on in groups of rows.
    [[nodiscard]] Status decodeRows(int dctScale, Size expected, const RowConsumer& consume,
        const CancelToken* cancel = nullptr) override;

private:
    explicit WebpDecoder(const DecodeLimits& limits);
    /// Reads the header from the bytes given (all of it again: the chunk table is small).
    Status readHeaderOn();

    std::span<const std::uint8_t> m_file; ///< the bytes given so far
    bool m_whole = false;
    DecodeLimits m_limits;
    ImageHeader m_header;
    bool m_hasHeader = false;
    bool m_metadataFound = false; ///< every announced metadata chunk is among the bytes given
    bool m_animated = false;
    int m_bitstream = 0; ///< libwebp's format: 0 mixed or unknown, 1 lossy, 2 lossless
    bool m_pixelsRead = false;
};

} // namespace dropsize

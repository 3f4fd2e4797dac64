// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "codecs/image_decoder.h"

#include <memory>

namespace dropsize {

namespace png {
    struct ReadState;
} // namespace png

/// PNG decoding through libpng into 8-bit grey, grey+alpha, RGB or RGBA: palettes expanded
/// (tRNS to alpha), low bit depths scaled up, 16 bits cut to their high byte, interlace undone.
/// libpng's progressive reader is fed the file in pieces: the header from whatever part of the
/// file is given, the rows from the same reader once the whole file is; a plain PNG's rows
/// (8 bits, no palette or tRNS, not interlaced) are inflated by libdeflate instead when its
/// image data is flawless (png::inflateImageData()).
class PngDecoder final : public ImageDecoder {
public:
    /// Rows handed to a RowConsumer at a time (at most), so that a cancel is seen during a large
    /// image too.
    static constexpr int kRowsPerCall = 64;

    /// True when the first bytes are the PNG signature.
    static bool sniff(std::span<const std::uint8_t> head) noexcept;

    /// Reads the chunks before the image data, or as far as `file` goes when it is not the whole
    /// file; checks the pixel and memory limits before libpng allocates a row.
    [[nodiscard]] static Result<std::unique_ptr<ImageDecoder>> open(
        std::span<const std::uint8_t> file, const DecodeLimits& limits, bool wholeFile = true);

    ~PngDecoder() override;

    bool hasHeader() const noexcept override { return m_hasHeader; }
    const ImageHeader& header() const noexcept override { return m_header; }
    /// Only the whole file: any chunk after the image data may change the orientation.
    bool headerFinal() const noexcept override { return m_hasHeader && m_whole; }
    [[nodiscard]] Status extend(std::span<const std::uint8_t> file, bool wholeFile) override;
    std::uint64_t workingMemory(Size decoded, bool rows) const noexcept override;
    /// `dctScale` must be 1: a PNG cannot be decoded smaller.
    [[nodiscard]] Result<Image> decode(int dctScale, const CancelToken* cancel = nullptr) override;
    /// Decodes the whole image (interlacing needs it), then hands it on in groups of rows.
    [[nodiscard]] Status decodeRows(int dctScale, Size expected, const RowConsumer& consume,
        const CancelToken* cancel = nullptr) override;

private:
    explicit PngDecoder(const DecodeLimits& limits);
    /// Feeds libpng on up to the image data; fills m_header once it is all there.
    Status readHeaderOn();
    /// Reads the orientation and EXIF from the chunks given (see png::readOrientation()).
    void readOrientation();

    std::unique_ptr<png::ReadState> m_s; ///< null once the pixels are out
    std::span<const std::uint8_t> m_file; ///< the bytes given so far
    bool m_whole = false;
    DecodeLimits m_limits;
    ImageHeader m_header;
    bool m_hasHeader = false;
};

} // namespace dropsize

// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "codecs/image_decoder.h"

#include <memory>

namespace dropsize {

namespace heif {
    struct ReadState;
} // namespace heif

/// HEIC/HEIF and AVIF decoding through libheif (libde265 for HEVC, aom or dav1d for AV1) into
/// 8-bit RGB, or RGBA when the image has alpha; 10 and 12 bits are reduced to 8 by libheif. The
/// primary image is read, with its ICC profile and EXIF.
///
/// Orientation: libheif applies the file's transforms (irot, imir, clap) as it decodes, and the
/// HEIF standard makes them the orientation: the EXIF orientation tag is information only. So
/// the header's orientation is always 1, whatever the EXIF says, and the EXIF carried to the
/// output says 1 too (ImageProcessor resets it).
///
/// libheif 1.15 reads the data of every item (the coded image too) as it parses a file's boxes:
/// the header is read from the whole file only, and hasHeader() is false for any part of it.
class HeifDecoder final : public ImageDecoder {
public:
    /// Rows handed to a RowConsumer at a time (at most), so that a cancel is seen during a large
    /// image too.
    static constexpr int kRowsPerCall = 64;

    /// True when the ftyp box's brands say HEIF with HEVC (heic, heix, heim, heis, hevc, hevx),
    /// or only the generic mif1/msf1 (libheif reads whatever the primary image is coded with).
    static bool sniffHeif(std::span<const std::uint8_t> head) noexcept;
    /// True when the ftyp box's brands say AVIF (avif, avis); checked before sniffHeif().
    static bool sniffAvif(std::span<const std::uint8_t> head) noexcept;

    /// Parses the boxes when `file` is the whole file (else waits for extend()); checks the
    /// primary image's size (and its auxiliary images') against the limits before anything is
    /// decoded.
    [[nodiscard]] static Result<std::unique_ptr<ImageDecoder>> open(
        std::span<const std::uint8_t> file, const DecodeLimits& limits, bool wholeFile = true);

    ~HeifDecoder() override;

    bool hasHeader() const noexcept override { return m_hasHeader; }
    const ImageHeader& header() const noexcept override { return m_header; }
    bool headerFinal() const noexcept override { return m_hasHeader; } ///< from the whole file
    [[nodiscard]] Status extend(std::span<const std::uint8_t> file, bool wholeFile) override;
    /// libheif's decoded planes, its colour conversion's copy and the compressed data it reads.
    std::uint64_t workingMemory(Size decoded, bool rows) const noexcept override;
    /// `dctScale` must be 1. libheif decodes in one call: a cancel is seen before and after it.
    [[nodiscard]] Result<Image> decode(int dctScale, const CancelToken* cancel = nullptr) override;
    /// Decodes the whole image, then hands libheif's rows on in groups, without a copy.
    [[nodiscard]] Status decodeRows(int dctScale, Size expected, const RowConsumer& consume,
        const CancelToken* cancel = nullptr) override;

private:
    HeifDecoder(ImageFormat format, const DecodeLimits& limits);
    /// Parses the boxes once the whole file is given; fills m_header.
    Status readHeaderOn();
    /// Takes the first EXIF block, past its offset header.
    void readExif();

    std::unique_ptr<heif::ReadState> m_s; ///< libheif's context and handle; null once decoded
    std::span<const std::uint8_t> m_file; ///< the bytes given so far
    bool m_whole = false;
    DecodeLimits m_limits;
    ImageHeader m_header;
    bool m_hasHeader = false;
};

} // namespace dropsize

// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/core/build_config.h"
#include "dropsize/core/enum_names.h"
#include "dropsize/core/image.h"
#include "dropsize/core/text.h"

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace dropsize {

enum class ImageFormat : std::uint8_t {
    Unknown,
    Jpeg,
    Png,
#if DROPSIZE_WITH_WEBP
    Webp,
#endif
#if DROPSIZE_WITH_HEIF
    Heif, ///< HEIC and other HEIF images read by libheif; written as JPEG (no HEIF encoder)
    Avif,
#endif
};

/// The format a file's first bytes announce, whatever its name says.
ImageFormat sniffFormat(std::span<const std::uint8_t> head) noexcept;
const char* formatName(ImageFormat format) noexcept;
/// As people write it, for messages: "JPEG", "PNG", "WebP", "HEIC", "AVIF".
const char* formatTitle(ImageFormat format) noexcept;
/// The formats this build reads, for messages: "JPEG, PNG, WebP, HEIC or AVIF".
std::string readableFormats(std::string_view lastSeparator = " or ");
/// readableFormats() as a sentence the window translates (its "or").
Text readableFormatsText();

/// The file name extensions the batch takes as images, of every format this build reads, lower
/// case without the dot ("jpg", "jpeg", ...): what the window's file dialog offers.
std::vector<std::string> imageExtensions();

/// What a file that is neither JPEG nor PNG seems to hold, from its first bytes, in words for a
/// message: "empty", "looks like HTML", "a GIF image", "looks like text", ...
Text describeContentText(std::span<const std::uint8_t> head, std::uint64_t fileSize);
/// describeContentText() in English.
std::string describeContent(std::span<const std::uint8_t> head, std::uint64_t fileSize);

/// Checked from the header, before any pixel buffer is allocated.
struct DecodeLimits {
    std::uint64_t maxPixels = 200'000'000; ///< width × height of the stored image
    std::uint64_t maxMemoryBytes = 1ull << 30; ///< what one decode may allocate
    int maxScans = 256; ///< progressive JPEG scans
};

/// What travels from input to output unless stripped. EXIF is the TIFF structure without the
/// "Exif\0\0" prefix of JPEG's APP1 segment.
struct Metadata {
    std::vector<std::uint8_t> icc;
    std::vector<std::uint8_t> exif;
};

/// A header as read by a decoder: enough to plan, check limits and carry metadata.
struct ImageHeader {
    ImageFormat format = ImageFormat::Unknown;
    ImageInfo info;
    Metadata metadata;
    int bitDepth = 8;
    bool cmyk = false; ///< JPEG stored as CMYK or YCCK; decoded to RGB
    bool progressive = false;
    /// Something the decoder did otherwise than the file asked, for the job's note; empty when
    /// nothing: a CMYK JPEG's ICC profile that lcms2 could not use, say.
    Text warning;
};

enum class ChromaSubsampling { S444, S422, S420 };

template <> struct EnumNames<ChromaSubsampling> {
    static constexpr EnumName<ChromaSubsampling> names[] = {
        { ChromaSubsampling::S444, "444" },
        { ChromaSubsampling::S422, "422" },
        { ChromaSubsampling::S420, "420" },
    };
};

/// Output choices for the encoders.
struct EncodeOptions {
    int jpegQuality = 85;
    ChromaSubsampling subsampling = ChromaSubsampling::S420;
    bool progressive = false;
    int pngCompression = 6;
    /// libheif's AVIF quality, 0-100. At 60 a 1782x1188 photo takes 47% of the bytes of JPEG
    /// quality 85 at 2 dB lower PSNR (AV1 blurs where JPEG rings; 70 matches its PSNR at 63%).
    int avifQuality = 60;
    /// aom's speed, 0 (slowest) to 9. For that photo on one core: 6 (libheif's default) 2.0 s,
    /// 8 0.9 s with 4% fewer bytes and 0.6 dB less, 9 0.3 s and 0.2 dB less again.
    int avifSpeed = 8;
    int webpQuality = 80; ///< Pillow's default; with webpLossless, the effort
    bool webpLossless = false;

    bool operator==(const EncodeOptions&) const = default;
};

} // namespace dropsize

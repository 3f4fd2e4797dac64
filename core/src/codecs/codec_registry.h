// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "codecs/image_decoder.h"
#include "dropsize/core/codec.h"

#include <cstdint>
#include <memory>
#include <span>
#include <string_view>
#include <vector>

namespace dropsize {

/// Encodes pixels as one format, keeping the metadata given; polls `cancel` between rows.
using EncodeFunction = Result<std::vector<std::uint8_t>> (*)(ConstImageView image,
    const EncodeOptions& options, const Metadata& metadata, const CancelToken* cancel);

/// Opens a decoder on a file of one format (see openDecoder()).
using OpenFunction = Result<std::unique_ptr<ImageDecoder>> (*)(
    std::span<const std::uint8_t> file, const DecodeLimits& limits, bool wholeFile);

/// Everything the engine knows of one image format. Adding a format (WebP, AVIF, HEIC) is a
/// decoder, an encoder, an ImageFormat value and one line in the table in codec_registry.cpp.
struct CodecEntry {
    ImageFormat format;
    const char* name; ///< lower case, as formatName() gives it
    bool (*sniff)(std::span<const std::uint8_t> head) noexcept; ///< from the file's first bytes
    OpenFunction open;
    EncodeFunction encode; ///< null for a format that is read only (HEIF)
    /// File name extensions, lower case with the dot; an output gets the first.
    std::span<const std::string_view> extensions;
};

/// Every format, in the order their signatures are tried.
std::span<const CodecEntry> codecs() noexcept;

/// The entry of `format`; null for ImageFormat::Unknown.
const CodecEntry* findCodec(ImageFormat format) noexcept;

/// The entry whose signature the first bytes carry; null when none does.
const CodecEntry* sniffCodec(std::span<const std::uint8_t> head) noexcept;

/// The entry one of whose extensions `extension` is ("JPG" and ".jpg" alike); null when none.
const CodecEntry* codecForExtension(std::string_view extension) noexcept;

} // namespace dropsize

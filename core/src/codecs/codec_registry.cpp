// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "codecs/codec_registry.h"

#if DROPSIZE_WITH_HEIF
#include "codecs/heif/avif_encoder.h"
#include "codecs/heif/heif_decoder.h"
#endif
#include "codecs/jpeg/jpeg_decoder.h"
#include "codecs/jpeg/jpeg_encoder.h"
#include "codecs/png/png_decoder.h"
#include "codecs/png/png_encoder.h"
#if DROPSIZE_WITH_WEBP
#include "codecs/webp/webp_decoder.h"
#include "codecs/webp/webp_encoder.h"
#endif

#include <algorithm>
#include <cctype>

namespace dropsize {

namespace {

    constexpr std::string_view kPngExtensions[] = { ".png" };
    constexpr std::string_view kJpegExtensions[] = { ".jpg", ".jpeg", ".jpe" };
#if DROPSIZE_WITH_WEBP
    constexpr std::string_view kWebpExtensions[] = { ".webp" };
#endif
#if DROPSIZE_WITH_HEIF
    constexpr std::string_view kHeifExtensions[] = { ".heic", ".heif", ".hif" };
    constexpr std::string_view kAvifExtensions[] = { ".avif" };
#endif

    // One line a format.
    const CodecEntry kCodecs[] = {
        { ImageFormat::Png, "png", PngDecoder::sniff, PngDecoder::open, PngEncoder::encode,
            kPngExtensions },
        { ImageFormat::Jpeg, "jpeg", JpegDecoder::sniff, JpegDecoder::open, JpegEncoder::encode,
            kJpegExtensions },
#if DROPSIZE_WITH_WEBP
        { ImageFormat::Webp, "webp", WebpDecoder::sniff, WebpDecoder::open, WebpEncoder::encode,
            kWebpExtensions },
#endif
#if DROPSIZE_WITH_HEIF
        { ImageFormat::Avif, "avif", HeifDecoder::sniffAvif, HeifDecoder::open, AvifEncoder::encode,
            kAvifExtensions },
        // Read only: a HEIF kept in its format is written as JPEG (outputFormatFor()).
        { ImageFormat::Heif, "heif", HeifDecoder::sniffHeif, HeifDecoder::open, nullptr,
            kHeifExtensions },
#endif
    };

} // namespace

std::span<const CodecEntry> codecs() noexcept { return kCodecs; }

const CodecEntry* findCodec(ImageFormat format) noexcept
{
    const auto* found = std::find_if(std::begin(kCodecs), std::end(kCodecs),
        [&](const CodecEntry& c) { return c.format == format; });
    return found != std::end(kCodecs) ? found : nullptr;
}

const CodecEntry* sniffCodec(std::span<const std::uint8_t> head) noexcept
{
    const auto* found = std::find_if(
        std::begin(kCodecs), std::end(kCodecs), [&](const CodecEntry& c) { return c.sniff(head); });
    return found != std::end(kCodecs) ? found : nullptr;
}

const CodecEntry* codecForExtension(std::string_view extension) noexcept
{
    if (extension.starts_with('.')) {
        extension.remove_prefix(1);
    }
    const auto same = [&](std::string_view known) {
        known.remove_prefix(1); // the dot
        return std::equal(known.begin(), known.end(), extension.begin(), extension.end(),
            [](char a, char b) { return a == std::tolower(static_cast<unsigned char>(b)); });
    };
    const auto* found
        = std::find_if(std::begin(kCodecs), std::end(kCodecs), [&](const CodecEntry& c) {
              return std::any_of(c.extensions.begin(), c.extensions.end(), same);
          });
    return found != std::end(kCodecs) ? found : nullptr;
}

} // namespace dropsize

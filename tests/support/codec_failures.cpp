// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "support/codec_failures.h"

#include "codecs/image_decoder.h"
#include "codecs/jpeg/jpeg_encoder.h"
#include "codecs/png/png_encoder.h"
#include "dropsize/core/build_config.h"
#include "support/test_support.h"

#if DROPSIZE_WITH_WEBP
#include "codecs/webp/webp_encoder.h"
#endif
#if DROPSIZE_WITH_HEIF
#include "codecs/heif/avif_encoder.h"
#endif

#include <algorithm>
#include <cstring>

namespace dropsize::test {

namespace {

    using Bytes = std::vector<std::uint8_t>;

    Bytes encoded(Result<Bytes> made) { return made ? std::move(made).value() : Bytes {}; }

    // The error of opening `file` and decoding its pixels; a decode that succeeds is no error.
    Error decodeError(const Bytes& file, const DecodeLimits& limits = {})
    {
        auto decoder = openDecoder(file, limits);
        if (!decoder) {
            return std::move(decoder).error();
        }
        auto decoded = (*decoder)->decode(1);
        if (!decoded) {
            return std::move(decoded).error();
        }
        return Error { ErrorCode::Internal, "the bad input was decoded" };
    }

    template <class T> Error errorOf(Result<T> result)
    {
        if (!result) {
            return std::move(result).error();
        }
        return Error { ErrorCode::Internal, "the bad input was encoded" };
    }

    Bytes firstHalf(const Bytes& file)
    {
        return Bytes(file.begin(), file.begin() + static_cast<std::ptrdiff_t>(file.size() / 2));
    }

    // Where `tag` first occurs in `file`, or its size.
    std::size_t find(const Bytes& file, std::string_view tag)
    {
        const auto at = std::search(file.begin(), file.end(), tag.begin(), tag.end(),
            [](std::uint8_t a, char b) { return a == static_cast<std::uint8_t>(b); });
        return static_cast<std::size_t>(at - file.begin());
    }

} // namespace

std::vector<CodecFailure> codecFailures()
{
    std::vector<CodecFailure> out;
    const Image image = makeTestImage(64, 48, 3);
    DecodeLimits small;
    small.maxPixels = 100;

    const Bytes jpeg = encoded(JpegEncoder::encode(image.view(), {}, {}));
    out.push_back({ "truncated JPEG", decodeError(firstHalf(jpeg)), true });
    // SOF0's sample precision (after its marker and length) set to 12 bits.
    Bytes precision = jpeg;
    if (const std::size_t sof = find(jpeg, "\xff\xc0"); sof + 4 < jpeg.size()) {
        precision[sof + 4] = 12;
    }
    out.push_back({ "12-bit JPEG", decodeError(precision), true });
    out.push_back({ "JPEG over the pixel limit", decodeError(jpeg, small), false });
    EncodeOptions progressive;
    progressive.progressive = true;
    DecodeLimits fewScans;
    fewScans.maxScans = 2;
    out.push_back({ "JPEG over the scan limit",
        decodeError(encoded(JpegEncoder::encode(image.view(), progressive, {})), fewScans),
        false });
    out.push_back({ "JPEG not encodable",
        errorOf(
            JpegEncoder::encode(ConstImageView(image.data(), 0, 48, 3, image.stride()), {}, {})),
        false });

    const Bytes png = encoded(PngEncoder::encode(image.view(), {}, {}));
    out.push_back({ "truncated PNG", decodeError(firstHalf(png)), false });
    // IHDR's width changed under its checksum.
    Bytes crc = png;
    if (crc.size() > 20) {
        crc[19] ^= 0x01;
    }
    out.push_back({ "PNG with a bad checksum", decodeError(crc), true });
    out.push_back({ "PNG over the pixel limit", decodeError(png, small), false });
    out.push_back({ "PNG not encodable",
        errorOf(
            PngEncoder::encode(ConstImageView(image.data(), 64, 48, 5, image.stride()), {}, {})),
        false });

#if DROPSIZE_WITH_WEBP
    EncodeOptions lossless;
    lossless.webpLossless = true;
    const Bytes webp = encoded(WebpEncoder::encode(image.view(), lossless, {}));
    out.push_back({ "truncated WebP", decodeError(firstHalf(webp)), false });
    // The lossless bitstream overwritten in its middle: its entropy codes no longer decode.
    Bytes damaged = webp;
    for (std::size_t i = 40; i < 56 && i < damaged.size(); ++i) {
        damaged[i] = 0xff;
    }
    out.push_back({ "damaged WebP", decodeError(damaged), false });
    out.push_back({ "WebP over the pixel limit", decodeError(webp, small), false });
    out.push_back({ "WebP not encodable",
        errorOf(WebpEncoder::encode(
            ConstImageView(image.data(), WebpEncoder::kMaxSide + 1, 1, 3, image.stride()), {}, {})),
        false });
#endif

#if DROPSIZE_WITH_HEIF
    EncodeOptions fast;
    fast.avifSpeed = 9;
    const Bytes avif = encoded(AvifEncoder::encode(image.view(), fast, {}));
    out.push_back({ "truncated AVIF", decodeError(firstHalf(avif)), false });
    // The primary item's id in 'pitm' pointed at nothing: libheif refuses the file.
    Bytes pitm = avif;
    if (const std::size_t at = find(avif, "pitm"); at + 9 < avif.size()) {
        pitm[at + 9] = 0x7f;
    }
    out.push_back({ "AVIF without its primary image", decodeError(pitm), true });
    out.push_back({ "AVIF over the pixel limit", decodeError(avif, small), false });
    out.push_back({ "AVIF not encodable",
        errorOf(
            AvifEncoder::encode(ConstImageView(image.data(), 64, 48, 5, image.stride()), {}, {})),
        false });
#endif

    const Bytes text = { 'h', 'e', 'l', 'l', 'o' };
    out.push_back({ "not an image", decodeError(text), false });
    return out;
}

} // namespace dropsize::test

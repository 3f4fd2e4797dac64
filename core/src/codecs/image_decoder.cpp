// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "codecs/image_decoder.h"

#include "codecs/codec_registry.h"

#include <atomic>

namespace dropsize {

namespace {

    // The only state the decoders share: a count for tests, as atomic_file_writer.cpp's counter
    // of temporary names is.
    std::atomic<std::uint64_t> g_headerReads { 0 };

    std::uint64_t megapixels(std::uint64_t pixels) { return (pixels + 500'000) / 1'000'000; }

} // namespace

void ImageDecoder::countHeaderRead() noexcept
{
    g_headerReads.fetch_add(1, std::memory_order_relaxed);
}

std::uint64_t headerReadsStarted() noexcept
{
    return g_headerReads.load(std::memory_order_relaxed);
}

Result<std::unique_ptr<ImageDecoder>> openDecoder(
    std::span<const std::uint8_t> file, const DecodeLimits& limits, bool wholeFile)
{
    const CodecEntry* codec = sniffCodec(file);
    if (codec == nullptr) {
        return Error::of(
            ErrorCode::UnsupportedFormat, Text::tr("not a %1 or %2 file").arg("JPEG").arg("PNG"));
    }
    return codec->open(file, limits, wholeFile);
}

Text limitText(std::uint64_t width, std::uint64_t height, std::uint64_t maxPixels)
{
    return Text::tr("image is %1x%2 (%3 megapixels), over the limit of %4 megapixels")
        .arg(width)
        .arg(height)
        .arg(megapixels(width * height))
        .arg(megapixels(maxPixels));
}

std::string limitMessage(std::uint64_t width, std::uint64_t height, std::uint64_t maxPixels)
{
    return limitText(width, height, maxPixels).english();
}

Error decodeMemoryError()
{
    return Error::of(
        ErrorCode::LimitExceeded, Text::tr("decoded image would exceed the memory limit"));
}

} // namespace dropsize

// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "image_decoder.h"

#include "codec_registry.h"

#include <atomic>

namespace dropsize {

namespace {

    // The only state the decoders share: a count for tests, as atomic_file_writer.cpp's counter
    // of temporary names is.
    std::atomic<std::uint64_t> g_headerReads { 0 };

    std::string megapixels(std::uint64_t pixels)
    {
        return std::to_string((pixels + 500'000) / 1'000'000) + " megapixels";
    }

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
        return Error { ErrorCode::UnsupportedFormat, "not a JPEG or PNG file", {} };
    }
    return codec->open(file, limits, wholeFile);
}

std::string limitMessage(std::uint64_t width, std::uint64_t height, std::uint64_t maxPixels)
{
    return "image is " + std::to_string(width) + "x" + std::to_string(height) + " ("
        + megapixels(width * height) + "), over the limit of " + megapixels(maxPixels);
}

} // namespace dropsize

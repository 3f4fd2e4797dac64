// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/core/image_processor.h"

#include "dropsize/core/jpeg_codec.h"
#include "dropsize/core/png_codec.h"
#include "resampler.h"
#include "streaming_resizer.h"

#include <algorithm>
#include <new>

namespace dropsize {

namespace {

    std::uint64_t bytes(Size s, int channels)
    {
        return Image::byteSize(s.width, s.height, channels);
    }

    // Peak memory of one image: the file, what the decoder keeps, the resize's buffers, the
    // oriented copy and the encoded output (at most about the raw output size).
    std::uint64_t estimateMemory(std::uint64_t fileSize, const ImageHeader& h, const ResizePlan& p)
    {
        const int c = h.info.channels;
        std::uint64_t decoder = 0;
        if (h.format == ImageFormat::Jpeg && h.progressive) {
            // libjpeg keeps every DCT coefficient of a progressive image: 2 bytes per sample.
            decoder = bytes({ h.info.width, h.info.height }, 3) * 2;
        }
        const std::uint64_t out = bytes(p.resampled, c);
        std::uint64_t resize = 0;
        if (StreamingResizer::canStream(p)) {
            // JPEG rows stream; a PNG is decoded whole first.
            resize = StreamingResizer::memoryEstimate(p, c)
                + (h.format == ImageFormat::Png ? bytes(p.decoded, c) : 0);
        } else {
            const std::uint64_t reduced
                = (p.reduceX > 1 || p.reduceY > 1) ? bytes(p.reduced, c) : 0;
            resize = bytes(p.decoded, c) + reduced
                + bytes({ p.resampled.width, p.reduced.height }, c) + out;
        }
        return fileSize + decoder + resize + 2 * out;
    }

} // namespace

ImageFormat outputFormatFor(OutputFormat wanted, ImageFormat input) noexcept
{
    switch (wanted) {
    case OutputFormat::Jpeg:
        return ImageFormat::Jpeg;
    case OutputFormat::Png:
        return ImageFormat::Png;
    case OutputFormat::Keep:
        break;
    }
    return input;
}

ImageProcessor::ImageProcessor(ProcessOptions options)
    : m_options(std::move(options))
{
}

Result<InspectedImage> ImageProcessor::inspect(
    std::span<const std::uint8_t> file, std::uint64_t fileSize) const
{
    const ImageFormat format = sniffFormat(file);
    Result<ImageHeader> header = [&]() -> Result<ImageHeader> {
        switch (format) {
        case ImageFormat::Jpeg:
            return JpegDecoder::readHeader(file, m_options.limits);
        case ImageFormat::Png:
            return PngDecoder::readHeader(file, m_options.limits);
        case ImageFormat::Unknown:
            break;
        }
        return Error { ErrorCode::UnsupportedFormat, "not a JPEG or PNG file", {} };
    }();
    if (!header) {
        return std::move(header).error();
    }
    InspectedImage inspected;
    inspected.header = std::move(header).value();
    inspected.plan = makeResizePlan(inspected.header.info, m_options.spec);
    inspected.memoryEstimate
        = estimateMemory(fileSize != 0 ? fileSize : file.size(), inspected.header, inspected.plan);
    if (inspected.memoryEstimate > m_options.limits.maxMemoryBytes) {
        return Error { ErrorCode::LimitExceeded,
            "needs about " + std::to_string(inspected.memoryEstimate >> 20)
                + " MiB, over the memory limit of "
                + std::to_string(m_options.limits.maxMemoryBytes >> 20) + " MiB",
            {} };
    }
    return inspected;
}

Result<Image> ImageProcessor::decode(std::span<const std::uint8_t> file,
    const InspectedImage& inspected, const CancelToken* cancel) const
{
    const ResizePlan& plan = inspected.plan;
    Result<Image> decoded = inspected.header.format == ImageFormat::Jpeg
        ? JpegDecoder::decode(file, plan.dctScale, m_options.limits, cancel)
        : PngDecoder::decode(file, m_options.limits, cancel);
    if (!decoded) {
        return decoded;
    }
    if (decoded->width() != plan.decoded.width || decoded->height() != plan.decoded.height) {
        return Error { ErrorCode::Internal, "decoded size differs from the plan", {} };
    }
    return decoded;
}

Result<Image> ImageProcessor::render(std::span<const std::uint8_t> file,
    const InspectedImage& inspected, const CancelToken* cancel) const
{
    const ResizePlan& plan = inspected.plan;
    const bool jpeg = inspected.header.format == ImageFormat::Jpeg;
    if (!StreamingResizer::canStream(plan)) {
        Result<Image> decoded = decode(file, inspected, cancel);
        if (!decoded) {
            return decoded;
        }
        const CpuResizer resizer(m_options.threadsPerImage);
        return resizer.resize(std::move(decoded).value(), plan, cancel);
    }

    // Rows flow from the decoder through reduce and both passes; JPEG never holds the decoded
    // image, PNG (whose interlacing needs the whole image) holds only that.
    auto resizer = StreamingResizer::create(plan, inspected.header.info.channels);
    if (!resizer) {
        return std::move(resizer).error();
    }
    if (jpeg) {
        const Status decoded = JpegDecoder::decodeRows(
            file, plan.dctScale, plan.decoded, m_options.limits,
            [&](std::uint8_t* rows, std::ptrdiff_t stride, int count) {
                return resizer->pushRows(rows, stride, count);
            },
            cancel);
        if (!decoded) {
            return decoded.error();
        }
    } else {
        auto decoded = PngDecoder::decode(file, m_options.limits, cancel);
        if (!decoded) {
            return decoded;
        }
        if (decoded->width() != plan.decoded.width || decoded->height() != plan.decoded.height
            || decoded->channels() != inspected.header.info.channels) {
            return Error { ErrorCode::Internal, "decoded size differs from the plan", {} };
        }
        // In groups, so that a cancel is seen during a large image too.
        constexpr int kRowsPerPush = 64;
        for (int y = 0; y < decoded->height(); y += kRowsPerPush) {
            if (cancel != nullptr && cancel->stopRequested()) {
                return Error { ErrorCode::Cancelled, "cancelled", {} };
            }
            const int count = std::min(kRowsPerPush, decoded->height() - y);
            if (auto pushed = resizer->pushRows(decoded->view().row(y), decoded->stride(), count);
                !pushed) {
                return pushed.error();
            }
        }
    }
    if (cancel != nullptr && cancel->stopRequested()) {
        return Error { ErrorCode::Cancelled, "cancelled", {} };
    }
    auto resampled = resizer->finish();
    if (!resampled) {
        return resampled;
    }
    return CpuResizer::finish(std::move(resampled).value(), plan);
}

Result<std::vector<std::uint8_t>> ImageProcessor::encode(ConstImageView pixels, ImageFormat format,
    const Metadata& metadata, const CancelToken* cancel) const
{
    Metadata kept;
    if (!m_options.stripMetadata) {
        kept = metadata;
        // The pixels now stand upright.
        (void)resetExifOrientation(kept.exif);
    }
    if (format == ImageFormat::Png) {
        return PngEncoder::encode(pixels, m_options.encode, kept, cancel);
    }
    return JpegEncoder::encode(pixels, m_options.encode, kept, cancel);
}

Result<ProcessedImage> ImageProcessor::process(
    std::span<const std::uint8_t> file, OutputFormat format, const CancelToken* cancel) const
{
    try {
        auto inspected = inspect(file);
        if (!inspected) {
            return std::move(inspected).error();
        }
        auto pixels = render(file, *inspected, cancel);
        if (!pixels) {
            return std::move(pixels).error();
        }
        if (cancel != nullptr && cancel->stopRequested()) {
            return Error { ErrorCode::Cancelled, "cancelled", {} };
        }
        const ImageFormat output = outputFormatFor(format, inspected->header.format);
        auto encoded = encode(pixels->view(), output, inspected->header.metadata, cancel);
        if (!encoded) {
            return std::move(encoded).error();
        }
        return ProcessedImage { std::move(inspected).value(), output, std::move(encoded).value() };
    } catch (const std::bad_alloc&) {
        return Error { ErrorCode::OutOfMemory, "out of memory", {} };
    }
}

} // namespace dropsize

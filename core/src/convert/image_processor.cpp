// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/core/image_processor.h"

#include "codecs/codec_registry.h"
#include "codecs/exif.h"
#include "codecs/image_decoder.h"
#include "resize/cpu_resizer.h"
#include "resize/streaming_resizer.h"

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
    std::uint64_t estimateMemory(
        std::uint64_t fileSize, const ImageDecoder& decoder, const ResizePlan& p)
    {
        const int c = decoder.header().info.channels;
        const bool rows = StreamingResizer::canStream(p);
        const std::uint64_t held = decoder.workingMemory(p.decoded, rows);
        const std::uint64_t out = bytes(p.resampled, c);
        std::uint64_t resize = 0;
        if (rows) {
            resize = StreamingResizer::memoryEstimate(p, c);
        } else {
            const std::uint64_t reduced
                = (p.reduceX > 1 || p.reduceY > 1) ? bytes(p.reduced, c) : 0;
            resize = bytes(p.decoded, c) + reduced
                + bytes({ p.resampled.width, p.reduced.height }, c) + out;
        }
        return fileSize + held + resize + 2 * out;
    }

    Error cancelled() { return Error::of(ErrorCode::Cancelled, Text::tr("cancelled")); }

    // The bytes beyond the file that making one output from a decoded image it shares with
    // other outputs takes: the reduce and resample buffers, the result and its oriented copy and
    // encoding.
    std::uint64_t sharedResizeMemory(const ResizePlan& p, int c)
    {
        const std::uint64_t out = bytes(p.resampled, c);
        const std::uint64_t reduced = (p.reduceX > 1 || p.reduceY > 1) ? bytes(p.reduced, c) : 0;
        return reduced + bytes({ p.resampled.width, p.reduced.height }, c) + out + 2 * out;
    }

    Result<Image> decodePlanned(
        ImageDecoder& decoder, const ResizePlan& plan, const CancelToken* cancel)
    {
        Result<Image> decoded = decoder.decode(plan.dctScale, cancel);
        if (!decoded) {
            return decoded;
        }
        if (decoded->width() != plan.decoded.width || decoded->height() != plan.decoded.height) {
            return Error::of(ErrorCode::Internal, Text::tr("decoded size differs from the plan"));
        }
        return decoded;
    }

    Result<Image> renderPlanned(ImageDecoder& decoder, const ResizePlan& plan, int channels,
        int threads, const CancelToken* cancel)
    {
        if (!StreamingResizer::canStream(plan)) {
            Result<Image> decoded = decodePlanned(decoder, plan, cancel);
            if (!decoded) {
                return decoded;
            }
            const CpuResizer resizer(threads);
            return resizer.resize(std::move(decoded).value(), plan, cancel);
        }

        // Rows flow from the decoder through reduce and both passes: a JPEG never holds the
        // decoded image, a PNG (whose interlacing needs the whole image) holds only that.
        auto resizer = StreamingResizer::create(plan, channels);
        if (!resizer) {
            return std::move(resizer).error();
        }
        const Status decoded = decoder.decodeRows(
            plan.dctScale, plan.decoded,
            [&](std::uint8_t* rows, std::ptrdiff_t stride, int count) {
                return resizer->pushRows(rows, stride, count);
            },
            cancel);
        if (!decoded) {
            return decoded.error();
        }
        if (cancel != nullptr && cancel->stopRequested()) {
            return cancelled();
        }
        auto resampled = resizer->finish();
        if (!resampled) {
            return resampled;
        }
        return CpuResizer::finish(std::move(resampled).value(), plan);
    }

} // namespace

ImageFormat outputFormatFor(OutputFormat wanted, ImageFormat input) noexcept
{
    switch (wanted) {
    case OutputFormat::Jpeg:
        return ImageFormat::Jpeg;
    case OutputFormat::Png:
        return ImageFormat::Png;
#if DROPSIZE_WITH_WEBP
    case OutputFormat::Webp:
        return ImageFormat::Webp;
#endif
#if DROPSIZE_WITH_HEIF
    case OutputFormat::Avif:
        return ImageFormat::Avif;
#endif
    case OutputFormat::Keep:
        break;
    }
#if DROPSIZE_WITH_HEIF
    // HEIF is read, never written: a HEIC kept in "its" format becomes JPEG, as phones share
    // their photos, which every program reads.
    if (input == ImageFormat::Heif) {
        return ImageFormat::Jpeg;
    }
#endif
    return input;
}

OpenedImage::OpenedImage() noexcept = default;
OpenedImage::OpenedImage(OpenedImage&&) noexcept = default;
OpenedImage& OpenedImage::operator=(OpenedImage&&) noexcept = default;
OpenedImage::~OpenedImage() = default;

OpenedImage::OpenedImage(const ProcessOptions& options, std::unique_ptr<ImageDecoder> decoder,
    std::span<const std::uint8_t> file, std::uint64_t fileSize)
    : m_options(options)
    , m_decoder(std::move(decoder))
    , m_file(file)
    , m_fileSize(fileSize)
{
}

bool OpenedImage::hasHeader() const noexcept { return m_decoder && m_decoder->hasHeader(); }

bool OpenedImage::headerFinal() const noexcept { return m_decoder && m_decoder->headerFinal(); }

Status OpenedImage::inspect()
{
    const ImageHeader& header = m_decoder->header();
    m_inspected.header = header;
    m_inspected.plan = makeResizePlan(header.info, m_options.spec);
    m_inspected.memoryEstimate = estimateMemory(m_fileSize, *m_decoder, m_inspected.plan);
    if (m_options.maxBytes != 0) {
        // A target file size holds two outputs at once: the best that fits and the next try.
        m_inspected.memoryEstimate += bytes(m_inspected.plan.resampled, header.info.channels);
    }
    if (m_inspected.memoryEstimate > m_options.limits.maxMemoryBytes) {
        return Error::of(ErrorCode::LimitExceeded,
            Text::tr("needs about %1 MiB, over the memory limit of %2 MiB")
                .arg(m_inspected.memoryEstimate >> 20)
                .arg(m_options.limits.maxMemoryBytes >> 20));
    }
    return {};
}

Status OpenedImage::extend(std::span<const std::uint8_t> file)
{
    if (!m_decoder) {
        return Error::of(ErrorCode::Internal, Text::tr("no image is open"));
    }
    const bool final = m_decoder->headerFinal();
    if (auto extended = m_decoder->extend(file, file.size() >= m_fileSize); !extended) {
        return extended;
    }
    m_file = file;
    if (!m_decoder->hasHeader() || final) {
        return {};
    }
    return inspect();
}

Status OpenedImage::finishHeader()
{
    if (!m_decoder) {
        return Error::of(ErrorCode::Internal, Text::tr("no image is open"));
    }
    if (m_decoder->hasHeader()) {
        return {};
    }
    // Told that the bytes end here, the decoder reads on to their end and fails as it does for
    // a file cut inside its header.
    if (auto ended = m_decoder->extend(m_file, true); !ended) {
        return ended;
    }
    return m_decoder->hasHeader()
        ? inspect()
        : Status { Error::of(ErrorCode::CorruptData, Text::tr("file ends inside its header")) };
}

Result<Image> OpenedImage::decode(const CancelToken* cancel)
{
    return decode(m_inspected.plan, cancel);
}

Result<Image> OpenedImage::render(const CancelToken* cancel)
{
    return render(m_inspected.plan, cancel);
}

Result<ImageDecoder*> OpenedImage::freshDecoder()
{
    if (!hasHeader()) {
        return Error::of(ErrorCode::Internal, Text::tr("no image is open"));
    }
    if (m_decoderUsed) {
        // A decoder reads the pixels once: another size at another scale needs its own.
        auto reopened = openDecoder(m_file, m_options.limits);
        if (!reopened) {
            return std::move(reopened).error();
        }
        m_decoder = std::move(reopened).value();
    }
    m_decoderUsed = true;
    return m_decoder.get();
}

Result<Image> OpenedImage::decode(const ResizePlan& plan, const CancelToken* cancel)
{
    auto decoder = freshDecoder();
    if (!decoder) {
        return std::move(decoder).error();
    }
    return decodePlanned(**decoder, plan, cancel);
}

Result<Image> OpenedImage::render(const ResizePlan& plan, const CancelToken* cancel)
{
    auto decoder = freshDecoder();
    if (!decoder) {
        return std::move(decoder).error();
    }
    return renderPlanned(
        **decoder, plan, m_inspected.header.info.channels, m_options.threadsPerImage, cancel);
}

std::uint64_t OpenedImage::memoryFor(std::span<const ResizePlan> plans) const
{
    if (!m_decoder) {
        return 0;
    }
    const int c = m_inspected.header.info.channels;
    std::uint64_t peak = 0;
    for (std::size_t i = 0; i < plans.size(); ++i) {
        const int scale = plans[i].dctScale;
        bool seen = false;
        std::uint64_t shared = 0;
        std::size_t count = 0;
        for (std::size_t j = 0; j < plans.size(); ++j) {
            if (plans[j].dctScale == scale) {
                seen = seen || j < i;
                shared = std::max(shared, sharedResizeMemory(plans[j], c));
                ++count;
            }
        }
        if (seen) {
            continue; // its scale's group was counted with its first plan
        }
        const std::uint64_t group = count == 1
            ? estimateMemory(m_fileSize, *m_decoder, plans[i])
            : m_fileSize + m_decoder->workingMemory(plans[i].decoded, false)
                + bytes(plans[i].decoded, c) + shared;
        peak = std::max(peak, group);
    }
    return peak;
}

ImageProcessor::ImageProcessor(ProcessOptions options)
    : m_options(options)
{
}

Result<OpenedImage> ImageProcessor::open(
    std::span<const std::uint8_t> file, std::uint64_t fileSize) const
{
    const std::uint64_t size = fileSize != 0 ? fileSize : file.size();
    auto decoder = openDecoder(file, m_options.limits, file.size() >= size);
    if (!decoder) {
        return std::move(decoder).error();
    }
    OpenedImage image(m_options, std::move(decoder).value(), file, size);
    if (image.hasHeader()) {
        if (auto inspected = image.inspect(); !inspected) {
            return std::move(inspected).error();
        }
    }
    return image;
}

Result<InspectedImage> ImageProcessor::inspect(
    std::span<const std::uint8_t> file, std::uint64_t fileSize) const
{
    auto image = open(file, fileSize);
    if (!image) {
        return std::move(image).error();
    }
    if (auto finished = image->finishHeader(); !finished) {
        return std::move(finished).error();
    }
    return image->inspected();
}

Result<Image> ImageProcessor::decode(std::span<const std::uint8_t> file,
    const InspectedImage& inspected, const CancelToken* cancel) const
{
    auto decoder = openDecoder(file, m_options.limits);
    if (!decoder) {
        return std::move(decoder).error();
    }
    return decodePlanned(**decoder, inspected.plan, cancel);
}

Result<Image> ImageProcessor::render(std::span<const std::uint8_t> file,
    const InspectedImage& inspected, const CancelToken* cancel) const
{
    auto decoder = openDecoder(file, m_options.limits);
    if (!decoder) {
        return std::move(decoder).error();
    }
    return renderPlanned(**decoder, inspected.plan, inspected.header.info.channels,
        m_options.threadsPerImage, cancel);
}

Result<std::vector<std::uint8_t>> ImageProcessor::encode(ConstImageView pixels, ImageFormat format,
    const Metadata& metadata, const CancelToken* cancel) const
{
    return encode(pixels, format, metadata, m_options.encode, cancel);
}

Result<std::vector<std::uint8_t>> ImageProcessor::encode(ConstImageView pixels, ImageFormat format,
    const Metadata& metadata, const EncodeOptions& encodeOptions, const CancelToken* cancel) const
{
    const CodecEntry* codec = findCodec(format);
    if (codec == nullptr || codec->encode == nullptr) {
        return Error::of(ErrorCode::InvalidArgument, Text::tr("no encoder for this format"));
    }
    Metadata kept;
    if (!m_options.stripMetadata) {
        kept = metadata;
        // The pixels now stand upright, at their new size, and the old picture's thumbnail
        // would show what is no longer there. An EXIF whose orientation cannot be set to 1 would
        // have viewers turn the upright pixels again: it is not kept.
        if (!resetExifOrientation(kept.exif)) {
            kept.exif.clear();
        }
        fitExifToOutput(kept.exif, static_cast<std::uint32_t>(pixels.width),
            static_cast<std::uint32_t>(pixels.height));
    }
    return codec->encode(pixels, encodeOptions, kept, cancel);
}

Result<ProcessedImage> ImageProcessor::process(
    std::span<const std::uint8_t> file, OutputFormat format, const CancelToken* cancel) const
{
    try {
        auto image = open(file);
        if (!image) {
            return std::move(image).error();
        }
        auto pixels = image->render(cancel);
        if (!pixels) {
            return std::move(pixels).error();
        }
        if (cancel != nullptr && cancel->stopRequested()) {
            return cancelled();
        }
        const InspectedImage& inspected = image->inspected();
        const ImageFormat output = outputFormatFor(format, inspected.header.format);
        auto encoded = encode(pixels->view(), output, inspected.header.metadata, cancel);
        if (!encoded) {
            return std::move(encoded).error();
        }
        return ProcessedImage { inspected, output, std::move(encoded).value() };
    } catch (const std::bad_alloc&) {
        return Error::of(ErrorCode::OutOfMemory, Text::tr("out of memory"));
    }
}

Result<Image> resizePixels(
    ConstImageView pixels, const ResizePlan& plan, int threads, const CancelToken* cancel)
{
    if (pixels.width != plan.decoded.width || pixels.height != plan.decoded.height) {
        return Error::of(ErrorCode::InvalidArgument, Text::tr("image size differs from the plan"));
    }
    return CpuResizer(threads).resizeShared(pixels, false, plan, cancel);
}

} // namespace dropsize

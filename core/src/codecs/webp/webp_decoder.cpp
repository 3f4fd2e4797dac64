// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "codecs/webp/webp_decoder.h"

#include "codecs/exif.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>
#include <webp/decode.h>
#include <webp/demux.h>

namespace dropsize {

namespace {

    // The compressed bytes given to libwebp's incremental decoder between two looks at the
    // cancel token.
    constexpr std::size_t kFeedBytes = std::size_t { 64 } << 10;

    // The bitstream bytes WebPGetFeatures() reads: a VP8 frame header is 10 bytes, a VP8L
    // header 5.
    constexpr std::uint64_t kBitstreamHeaderBytes = 10;

    struct DemuxerDelete {
        void operator()(WebPDemuxer* d) const noexcept { WebPDemuxDelete(d); }
    };
    using Demuxer = std::unique_ptr<WebPDemuxer, DemuxerDelete>;

    struct IncrementalDelete {
        void operator()(WebPIDecoder* d) const noexcept { WebPIDelete(d); }
    };
    using IncrementalDecoder = std::unique_ptr<WebPIDecoder, IncrementalDelete>;

    struct AnimationDelete {
        void operator()(WebPAnimDecoder* d) const noexcept { WebPAnimDecoderDelete(d); }
    };
    using AnimationDecoder = std::unique_ptr<WebPAnimDecoder, AnimationDelete>;

    Error corrupt(Text why)
    {
        return Error::of(
            ErrorCode::CorruptData, Text::tr("%1: %2").arg("WebP").arg(std::move(why)));
    }

    Error versionMismatch()
    {
        return Error::of(ErrorCode::Internal,
            Text::tr("%1: %2").arg("WebP").arg(Text::tr("%1 version mismatch").arg("libwebp")));
    }

    Error cancelled() { return Error::of(ErrorCode::Cancelled, Text::tr("cancelled")); }

    std::uint32_t le32(const std::uint8_t* p) noexcept
    {
        return std::uint32_t { p[0] } | (std::uint32_t { p[1] } << 8)
            | (std::uint32_t { p[2] } << 16) | (std::uint32_t { p[3] } << 24);
    }

    bool isTag(const std::uint8_t* p, const char (&tag)[5]) noexcept
    {
        return std::memcmp(p, tag, 4) == 0;
    }

    // libwebp's demuxer on the bytes given (WebPDemuxPartial() takes a whole file too), and what
    // it says of them: the chunk structure as Pillow's reader (libwebp's animation decoder, over
    // the same demuxer) checks it.
    struct Demuxed {
        Demuxer demuxer;
        WebPDemuxState state = WEBP_DEMUX_PARSE_ERROR;
    };

    Demuxed demux(std::span<const std::uint8_t> data)
    {
        const WebPData bytes { data.data(), data.size() };
        Demuxed d;
        d.demuxer.reset(WebPDemuxPartial(&bytes, &d.state));
        return d;
    }

    // The demuxer leaves a file that ends before its RIFF header says it does unfinished.
    Error truncated(std::span<const std::uint8_t> data)
    {
        if (data.size() < 12) {
            return corrupt(Text::tr("file is truncated inside its RIFF header"));
        }
        return corrupt(Text::tr("file is truncated: its RIFF header says %1 bytes, the file has %2")
                           .arg(std::uint64_t { le32(data.data() + 4) } + 8)
                           .arg(data.size()));
    }

    Error damagedChunks()
    {
        return corrupt(
            Text::tr("the chunk structure is damaged (a chunk's size, order or frame is wrong)"));
    }

    // Whether the bytes given end before the RIFF header says the file does (or inside it).
    bool endsEarly(std::span<const std::uint8_t> data) noexcept
    {
        return data.size() < 12 || std::uint64_t { le32(data.data() + 4) } + 8 > data.size();
    }

    Text statusText(VP8StatusCode status)
    {
        switch (status) {
        case VP8_STATUS_OK:
            return Text::tr("no error");
        case VP8_STATUS_OUT_OF_MEMORY:
            return Text::tr("out of memory");
        case VP8_STATUS_INVALID_PARAM:
            return Text::tr("invalid parameter");
        case VP8_STATUS_BITSTREAM_ERROR:
            return Text::tr("damaged bitstream");
        case VP8_STATUS_UNSUPPORTED_FEATURE:
            return Text::tr("a feature this libwebp cannot read");
        case VP8_STATUS_SUSPENDED:
        case VP8_STATUS_NOT_ENOUGH_DATA:
            return Text::tr("the bitstream ends early");
        case VP8_STATUS_USER_ABORT:
            return Text::tr("stopped");
        }
        return Text::tr("status %1").arg(static_cast<int>(status));
    }

    Error headerError(VP8StatusCode status)
    {
        if (status == VP8_STATUS_UNSUPPORTED_FEATURE) {
            return Error::of(ErrorCode::UnsupportedFormat,
                Text::tr("%1: %2").arg("WebP").arg(
                    Text::tr("the image header uses %1").arg(statusText(status))));
        }
        return corrupt(Text::tr("the image header is damaged (%1)").arg(statusText(status)));
    }

    Error pixelError(VP8StatusCode status)
    {
        switch (status) {
        case VP8_STATUS_OUT_OF_MEMORY:
            return Error::of(ErrorCode::OutOfMemory,
                Text::tr("%1: %2").arg("WebP").arg(Text::tr("out of memory")));
        case VP8_STATUS_UNSUPPORTED_FEATURE:
            return Error::of(ErrorCode::UnsupportedFormat,
                Text::tr("%1: %2").arg("WebP").arg(
                    Text::tr("the image data uses %1").arg(statusText(status))));
        case VP8_STATUS_SUSPENDED:
        case VP8_STATUS_NOT_ENOUGH_DATA:
            return corrupt(Text::tr("the image data ends before the image does"));
        default:
            return corrupt(Text::tr("the image data is damaged (%1)").arg(statusText(status)));
        }
    }

    // Whether the bytes given reach as far as WebPGetFeatures() reads: the first bytes of the
    // image's bitstream (its VP8 or VP8L chunk), or an animation's VP8X chunk, which says all.
    // Before that, what it says of part of an extended file is the VP8X chunk's alone, which
    // an ALPH chunk can still change.
    bool reachesBitstream(std::span<const std::uint8_t> data) noexcept
    {
        std::uint64_t at = 12;
        while (at + 8 <= data.size()) {
            const std::uint8_t* chunk = data.data() + at;
            const std::uint64_t length = le32(chunk + 4);
            const std::uint64_t there = data.size() - at - 8;
            if (isTag(chunk, "VP8 ") || isTag(chunk, "VP8L")) {
                return there >= std::min(length, kBitstreamHeaderBytes);
            }
            if (isTag(chunk, "VP8X")) {
                if (there < 1) {
                    return false;
                }
                if ((chunk[8] & ANIMATION_FLAG) != 0) {
                    return true;
                }
            }
            at += 8 + length + (length & 1);
        }
        return false;
    }

    // Whether a chunk among the bytes given claims to run past the end of the RIFF form.
    bool chunkOverruns(std::span<const std::uint8_t> data) noexcept
    {
        if (data.size() < 12) {
            return false;
        }
        const std::uint64_t end = std::uint64_t { le32(data.data() + 4) } + 8;
        std::uint64_t at = 12;
        while (at + 8 <= data.size() && at + 8 <= end) {
            const std::uint64_t length = le32(data.data() + at + 4);
            if (at + 8 + length > end) {
                return true;
            }
            at += 8 + length + (length & 1);
        }
        return false;
    }

    // What the demuxer refused in a file: the bitstream header it reads too (a frame's VP8 or
    // VP8L header), or else the chunks around it.
    Error whyRefused(std::span<const std::uint8_t> data)
    {
        if (chunkOverruns(data)) {
            return corrupt(Text::tr("the chunk structure is damaged: a chunk's size runs past "
                                    "the end its RIFF header gives"));
        }
        if (!reachesBitstream(data)) {
            return damagedChunks();
        }
        WebPBitstreamFeatures features {};
        const VP8StatusCode status = WebPGetFeatures(data.data(), data.size(), &features);
        if (status != VP8_STATUS_OK && status != VP8_STATUS_NOT_ENOUGH_DATA) {
            return headerError(status);
        }
        return damagedChunks();
    }

    // The first chunk of a type, as Pillow takes it; false when the demuxer holds none.
    bool takeChunk(const WebPDemuxer* demuxer, const char* fourcc, std::vector<std::uint8_t>* out)
    {
        WebPChunkIterator it {};
        if (WebPDemuxGetChunk(demuxer, fourcc, 1, &it) == 0) {
            return false;
        }
        out->assign(it.chunk.bytes, it.chunk.bytes + it.chunk.size);
        WebPDemuxReleaseChunkIterator(&it);
        return true;
    }

} // namespace

WebpDecoder::WebpDecoder(const DecodeLimits& limits)
    : m_limits(limits)
{
}

WebpDecoder::~WebpDecoder() = default;

bool WebpDecoder::sniff(std::span<const std::uint8_t> head) noexcept
{
    return head.size() >= 12 && std::memcmp(head.data(), "RIFF", 4) == 0
        && std::memcmp(head.data() + 8, "WEBP", 4) == 0;
}

Result<std::unique_ptr<ImageDecoder>> WebpDecoder::open(
    std::span<const std::uint8_t> file, const DecodeLimits& limits, bool wholeFile)
{
    std::unique_ptr<WebpDecoder> decoder(new WebpDecoder(limits));
    decoder->m_file = file;
    decoder->m_whole = wholeFile;
    countHeaderRead();
    if (auto read = decoder->readHeaderOn(); !read) {
        return std::move(read).error();
    }
    return std::unique_ptr<ImageDecoder>(std::move(decoder));
}

Status WebpDecoder::readHeaderOn()
{
    const Demuxed d = demux(m_file);
    if (!d.demuxer) {
        if (d.state == WEBP_DEMUX_PARSING_HEADER && endsEarly(m_file)) {
            return m_whole ? Status { truncated(m_file) } : Status {};
        }
        return whyRefused(m_file);
    }
    if (m_whole && d.state != WEBP_DEMUX_DONE) {
        return truncated(m_file);
    }
    if (!m_hasHeader) {
        if (!m_whole && !reachesBitstream(m_file)) {
            return {}; // the header goes on past the bytes given
        }
        WebPBitstreamFeatures features {};
        const VP8StatusCode status = WebPGetFeatures(m_file.data(), m_file.size(), &features);
        if (status == VP8_STATUS_NOT_ENOUGH_DATA && !m_whole) {
            return {};
        }
        if (status != VP8_STATUS_OK) {
            return headerError(status);
        }
        if (features.width < 1 || features.height < 1) {
            return corrupt(Text::tr("the image header gives no size"));
        }
        const auto width = static_cast<std::uint64_t>(features.width);
        const auto height = static_cast<std::uint64_t>(features.height);
        if (width * height > m_limits.maxPixels) {
            return Error::of(
                ErrorCode::LimitExceeded, limitText(width, height, m_limits.maxPixels));
        }
        m_animated = features.has_animation != 0;
        m_bitstream = features.format;
        m_header.format = ImageFormat::Webp;
        m_header.info.width = features.width;
        m_header.info.height = features.height;
        // Pillow's mode: RGBA when libwebp says the file has alpha, else RGB ("RGBX").
        m_header.info.channels = features.has_alpha != 0 ? 4 : 3;
        m_header.info.dctScalable = false;
        m_header.bitDepth = 8;
        const Size size { features.width, features.height };
        if (Image::byteSize(size.width, size.height, m_header.info.channels)
                + workingMemory(size, false)
            > m_limits.maxMemoryBytes) {
            return decodeMemoryError();
        }
    }
    // The metadata chunks found so far; those an extended file announces may follow the image.
    const std::uint32_t flags = d.state == WEBP_DEMUX_PARSING_HEADER
        ? 0
        : WebPDemuxGetI(d.demuxer.get(), WEBP_FF_FORMAT_FLAGS);
    Metadata metadata;
    const bool icc = takeChunk(d.demuxer.get(), "ICCP", &metadata.icc);
    const bool exif = takeChunk(d.demuxer.get(), "EXIF", &metadata.exif);
    static constexpr std::uint8_t kExifPrefix[6] = { 'E', 'x', 'i', 'f', 0, 0 };
    if (metadata.exif.size() >= 6
        && std::equal(kExifPrefix, kExifPrefix + 6, metadata.exif.begin())) {
        metadata.exif.erase(metadata.exif.begin(), metadata.exif.begin() + 6);
    }
    m_metadataFound = ((flags & ICCP_FLAG) == 0 || icc) && ((flags & EXIF_FLAG) == 0 || exif);
    m_header.info.orientation = exifOrientation(metadata.exif);
    m_header.metadata = std::move(metadata);
    m_hasHeader = true;
    return {};
}

Status WebpDecoder::extend(std::span<const std::uint8_t> file, bool wholeFile)
{
    if (m_pixelsRead || file.size() < m_file.size()) {
        return Error::of(
            ErrorCode::Internal, Text::tr("a %1 decoder was given less than it had").arg("WebP"));
    }
    m_file = file;
    m_whole = wholeFile;
    return readHeaderOn();
}

std::uint64_t WebpDecoder::workingMemory(Size decoded, bool rows) const noexcept
{
    const std::uint64_t pixels = static_cast<std::uint64_t>(m_header.info.width)
        * static_cast<std::uint64_t>(m_header.info.height);
    std::uint64_t held = 0;
    if (m_animated) {
        held = 8 * pixels; // the canvas and the disposed previous one, RGBA each
    } else if (m_bitstream != 1) {
        held = 4 * pixels; // VP8L decodes the whole image as ARGB words first
    } else if (m_header.info.channels == 4) {
        held = pixels; // the alpha plane
    }
    if (rows) {
        held += Image::byteSize(decoded.width, decoded.height, m_header.info.channels);
    }
    return held;
}

namespace {

    // A still image: its frame's bitstream (ALPH + VP8, or VP8L), decoded as libwebp's animation
    // decoder decodes a first frame, a piece at a time so that a cancel is seen.
    Status decodeStill(std::span<const std::uint8_t> file, ImageView out, const CancelToken* cancel)
    {
        const WebPData bytes { file.data(), file.size() };
        const Demuxer demuxer(WebPDemux(&bytes));
        if (!demuxer) {
            return damagedChunks();
        }
        WebPIterator frame {};
        if (WebPDemuxGetFrame(demuxer.get(), 1, &frame) == 0) {
            return corrupt(Text::tr("the file holds no image"));
        }
        const std::uint8_t* bitstream = frame.fragment.bytes;
        const std::size_t length = frame.fragment.size;
        const bool whole = frame.width == out.width && frame.height == out.height;
        WebPDemuxReleaseIterator(&frame);
        if (!whole) {
            return corrupt(Text::tr("the image's size differs from its header's"));
        }
        WebPDecBuffer buffer {};
        if (WebPInitDecBuffer(&buffer) == 0) {
            return versionMismatch();
        }
        buffer.colorspace = out.channels == 4 ? MODE_RGBA : MODE_RGB;
        buffer.is_external_memory = 1;
        buffer.u.RGBA.rgba = out.data;
        buffer.u.RGBA.stride = static_cast<int>(out.stride);
        buffer.u.RGBA.size
            = static_cast<std::size_t>(out.stride) * static_cast<std::size_t>(out.height);
        const IncrementalDecoder decoder(WebPINewDecoder(&buffer));
        if (!decoder) {
            return Error::of(ErrorCode::OutOfMemory,
                Text::tr("%1: %2").arg("WebP").arg(Text::tr("cannot create the decoder")));
        }
        VP8StatusCode status = VP8_STATUS_SUSPENDED;
        std::size_t given = 0;
        while (status == VP8_STATUS_SUSPENDED && given < length) {
            if (cancel != nullptr && cancel->stopRequested()) {
                return cancelled();
            }
            given = std::min(length, given + kFeedBytes);
            status = WebPIUpdate(decoder.get(), bitstream, given);
        }
        if (status != VP8_STATUS_OK) {
            return pixelError(status);
        }
        return {};
    }

    // An animation: its first frame on the canvas, as Pillow's thumbnail() gives it (libwebp's
    // animation decoder, RGBA, as Pillow opens it; the alpha dropped when there is none).
    Status decodeFirstFrame(
        std::span<const std::uint8_t> file, ImageView out, const CancelToken* cancel)
    {
        WebPAnimDecoderOptions options {};
        if (WebPAnimDecoderOptionsInit(&options) == 0) {
            return versionMismatch();
        }
        options.color_mode = MODE_RGBA;
        options.use_threads = 0;
        const WebPData bytes { file.data(), file.size() };
        const AnimationDecoder decoder(WebPAnimDecoderNew(&bytes, &options));
        if (!decoder) {
            return corrupt(Text::tr("the animation cannot be read"));
        }
        WebPAnimInfo info {};
        if (WebPAnimDecoderGetInfo(decoder.get(), &info) == 0
            || info.canvas_width != static_cast<std::uint32_t>(out.width)
            || info.canvas_height != static_cast<std::uint32_t>(out.height)) {
            return corrupt(Text::tr("the animation's canvas differs from its header's"));
        }
        if (cancel != nullptr && cancel->stopRequested()) {
            return cancelled();
        }
        std::uint8_t* canvas = nullptr;
        int timestamp = 0;
        if (WebPAnimDecoderGetNext(decoder.get(), &canvas, &timestamp) == 0 || canvas == nullptr) {
            return corrupt(Text::tr("the animation's first frame is damaged"));
        }
        const auto canvasStride = static_cast<std::ptrdiff_t>(out.width) * 4;
        for (int y = 0; y < out.height; ++y) {
            const std::uint8_t* s = canvas + y * canvasStride;
            std::uint8_t* t = out.row(y);
            if (out.channels == 4) {
                std::memcpy(t, s, static_cast<std::size_t>(canvasStride));
                continue;
            }
            for (int x = 0; x < out.width; ++x, s += 4, t += 3) {
                t[0] = s[0];
                t[1] = s[1];
                t[2] = s[2];
            }
        }
        return {};
    }

} // namespace

Result<Image> WebpDecoder::decode(int dctScale, const CancelToken* cancel)
{
    if (!m_hasHeader || m_pixelsRead) {
        return Error::of(ErrorCode::Internal,
            Text::tr("a %1's pixels are read once, after its header").arg("WebP"));
    }
    if (!m_whole) {
        return Error::of(
            ErrorCode::Internal, Text::tr("a %1 decoder has only part of the file").arg("WebP"));
    }
    if (dctScale != 1) {
        return Error::of(
            ErrorCode::InvalidArgument, Text::tr("a %1 is decoded at full size only").arg("WebP"));
    }
    m_pixelsRead = true;
    auto made = Image::allocate(m_header.info.width, m_header.info.height, m_header.info.channels);
    if (!made) {
        return made;
    }
    const Status decoded = m_animated ? decodeFirstFrame(m_file, made->view(), cancel)
                                      : decodeStill(m_file, made->view(), cancel);
    if (!decoded) {
        return decoded.error();
    }
    return made;
}

Status WebpDecoder::decodeRows(
    int dctScale, Size expected, const RowConsumer& consume, const CancelToken* cancel)
{
    if (m_header.info.width != expected.width || m_header.info.height != expected.height) {
        return Error::of(ErrorCode::Internal, Text::tr("decoded size differs from the plan"));
    }
    auto decoded = decode(dctScale, cancel);
    if (!decoded) {
        return std::move(decoded).error();
    }
    for (int y = 0; y < decoded->height(); y += kRowsPerCall) {
        if (cancel != nullptr && cancel->stopRequested()) {
            return cancelled();
        }
        const int count = std::min(kRowsPerCall, decoded->height() - y);
        if (auto taken = consume(decoded->view().row(y), decoded->stride(), count); !taken) {
            return taken;
        }
    }
    return {};
}

} // namespace dropsize

// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "codecs/png/png_decoder.h"

#include "codecs/png/png_chunks.h"
#include "codecs/png/png_error.h"
#include "codecs/png/png_image_data.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

// The setjmp rule of png_error.h holds here: startC() and feedC() are the only functions with
// setjmp(), and onInfo() and onRow(), which libpng calls inside them, hold no object with a
// destructor either.

namespace dropsize {

namespace {

    constexpr png_alloc_size_t kChunkMemoryLimit = 32u << 20;

    // libpng's progressive reader is fed the file in pieces, so decoding can stop as soon as the
    // last row is in: the sequential reader would inflate whatever follows to the end of the
    // stream, and a zlib stream can inflate to a thousand times its size.
    constexpr std::size_t kFeedBytes = std::size_t { 32 } << 10;

} // namespace

namespace png {

    struct ReadState {
        png_structp png = nullptr;
        png_infop info = nullptr;
        ErrorState err {};
        std::uint64_t maxPixels = 0;
        std::uint64_t maxMemory = 0;
        // Filled by the info callback:
        bool infoReady = false;
        png_uint_32 width = 0;
        png_uint_32 height = 0;
        int bitDepth = 0;
        int colorType = 0;
        int channels = 0;
        int finalPass = 0;
        bool plain = false; // 8 bits, no palette, no tRNS, not interlaced: see inflateImageData()
        png_bytep icc = nullptr;
        png_uint_32 iccLength = 0;
        // The rows go here once it is set:
        unsigned char* out = nullptr;
        std::ptrdiff_t stride = 0;
        bool rowsDone = false;
        std::size_t fed = 0; // bytes of the file given to libpng so far

        ReadState() = default;
        ReadState(const ReadState&) = delete;
        ReadState& operator=(const ReadState&) = delete;
        ~ReadState()
        {
            if (png != nullptr) {
                png_destroy_read_struct(&png, info != nullptr ? &info : nullptr, nullptr);
            }
        }
    };

} // namespace png

namespace {

    using png::ReadState;

    void onInfo(png_structp png, png_infop info)
    {
        auto* s = static_cast<ReadState*>(png_get_progressive_ptr(png));
        int interlace = PNG_INTERLACE_NONE;
        png_get_IHDR(png, info, &s->width, &s->height, &s->bitDepth, &s->colorType, &interlace,
            nullptr, nullptr);
        // Our limits are checked here, before libpng allocates its rows; pngError() words them.
        if (std::uint64_t { s->width } * s->height > s->maxPixels) {
            s->err.limitHit = true;
            png_error(png, "over the pixel limit");
        }
        if (s->colorType == PNG_COLOR_TYPE_PALETTE) {
            png_set_palette_to_rgb(png);
        }
        if (s->colorType == PNG_COLOR_TYPE_GRAY && s->bitDepth < 8) {
            png_set_expand_gray_1_2_4_to_8(png);
        }
        const bool tRNS = png_get_valid(png, info, PNG_INFO_tRNS) != 0;
        if (tRNS) {
            png_set_tRNS_to_alpha(png);
        }
        s->plain = s->bitDepth == 8 && s->colorType != PNG_COLOR_TYPE_PALETTE && !tRNS
            && interlace == PNG_INTERLACE_NONE;
        if (s->bitDepth == 16) {
            png_set_strip_16(png);
        }
        // With interlace handling every pass reports every row; the last pass is 6 (Adam7).
        s->finalPass = png_set_interlace_handling(png) > 1 ? 6 : 0;
        png_read_update_info(png, info);
        s->channels = png_get_channels(png, info);
        if (Image::byteSize(static_cast<int>(s->width), static_cast<int>(s->height), s->channels)
            > s->maxMemory) {
            s->err.limitHit = true;
            png_error(png, "over the memory limit");
        }
        int compression = 0;
        png_charp name = nullptr;
        if (png_get_iCCP(png, info, &name, &compression, &s->icc, &s->iccLength) == 0) {
            s->icc = nullptr;
            s->iccLength = 0;
        }
        s->infoReady = true;
    }

    void onRow(png_structp png, png_bytep row, png_uint_32 rowNumber, int pass)
    {
        auto* s = static_cast<ReadState*>(png_get_progressive_ptr(png));
        if (s->out != nullptr && row != nullptr && rowNumber < s->height) {
            png_progressive_combine_row(
                png, s->out + static_cast<std::ptrdiff_t>(rowNumber) * s->stride, row);
        }
        if (pass == s->finalPass && rowNumber + 1 == s->height) {
            s->rowsDone = true;
        }
    }

    // Where the header ends: just past the first IDAT chunk's length and type, which is where
    // libpng reports the header. All the bytes given when there is no IDAT among them (libpng
    // says what is wrong, or waits for more).
    std::size_t headerEnd(std::span<const std::uint8_t> data)
    {
        const std::size_t idat
            = png::walkChunks(data, [](const char* type, const std::uint8_t*, std::size_t, bool) {
                  return std::memcmp(type, "IDAT", 4) != 0;
              });
        return idat < data.size() ? idat + 8 : data.size();
    }

    // Where the IEND chunk starts; the whole file when there is none. Pillow never reads IEND's
    // CRC, so libpng is not given the chunk: a file whose only fault is a bad IEND CRC decodes.
    std::size_t iendStart(std::span<const std::uint8_t> data)
    {
        return png::walkChunks(data, [](const char* type, const std::uint8_t*, std::size_t, bool) {
            return std::memcmp(type, "IEND", 4) != 0;
        });
    }

    enum class ReadEnd { Done, Failed, Cancelled };

    // Feeds the file from s->fed up to `until`, stopping early once every row is in.
    ReadEnd feedC(
        ReadState* s, const unsigned char* data, std::size_t until, const CancelToken* cancel)
    {
        if (setjmp(png_jmpbuf(s->png))) {
            return ReadEnd::Failed;
        }
        while (s->fed < until && !s->rowsDone) {
            if (cancel != nullptr && cancel->stopRequested()) {
                return ReadEnd::Cancelled;
            }
            const std::size_t n = until - s->fed < kFeedBytes ? until - s->fed : kFeedBytes;
            png_process_data(s->png, s->info, const_cast<unsigned char*>(data + s->fed), n);
            s->fed += n;
        }
        return ReadEnd::Done;
    }

    bool startC(ReadState* s, png_uint_32 maxSide)
    {
        if (setjmp(png_jmpbuf(s->png))) {
            return false;
        }
        png_set_progressive_read_fn(s->png, s, onInfo, onRow, nullptr);
        png_set_user_limits(s->png, maxSide, maxSide);
        png_set_chunk_malloc_max(s->png, kChunkMemoryLimit);
        png_set_chunk_cache_max(s->png, 1000);
        return true;
    }

    Error cannotCreate()
    {
        return Error::of(ErrorCode::OutOfMemory,
            Text::tr("%1: %2").arg("PNG").arg(Text::tr("cannot create the decoder")));
    }

    Error pngError(const ReadState& s)
    {
        if (s.err.limitHit) {
            if (std::uint64_t { s.width } * s.height > s.maxPixels) {
                return Error::of(
                    ErrorCode::LimitExceeded, limitText(s.width, s.height, s.maxPixels));
            }
            return decodeMemoryError();
        }
        return Error::of(ErrorCode::CorruptData,
            Text::tr("%1: %2").arg("PNG").arg(png::describe(s.err.message)));
    }

} // namespace

PngDecoder::PngDecoder(const DecodeLimits& limits)
    : m_s(std::make_unique<ReadState>())
    , m_limits(limits)
{
}

PngDecoder::~PngDecoder() = default;

bool PngDecoder::sniff(std::span<const std::uint8_t> head) noexcept
{
    static constexpr std::uint8_t kSignature[8] = { 0x89, 'P', 'N', 'G', 0x0d, 0x0a, 0x1a, 0x0a };
    return head.size() >= 8 && std::memcmp(head.data(), kSignature, 8) == 0;
}

Result<std::unique_ptr<ImageDecoder>> PngDecoder::open(
    std::span<const std::uint8_t> file, const DecodeLimits& limits, bool wholeFile)
{
    std::unique_ptr<PngDecoder> decoder(new PngDecoder(limits));
    decoder->m_file = file;
    decoder->m_whole = wholeFile;
    ReadState& s = *decoder->m_s;
    png::resetErrors(&s.err);
    s.maxPixels = limits.maxPixels;
    s.maxMemory = limits.maxMemoryBytes;
    countHeaderRead();
    s.png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &s.err, png::onError, png::onWarning);
    if (s.png == nullptr) {
        return cannotCreate();
    }
    s.info = png_create_info_struct(s.png);
    if (s.info == nullptr) {
        return cannotCreate();
    }
    // libpng's own side limit is set to PNG's largest: its error would be CorruptData, while
    // onInfo() checks the pixel limit itself, before any row is allocated, and says which.
    constexpr png_uint_32 kLargestPngSide = 0x7fffffffu;
    if (!startC(&s, kLargestPngSide)) {
        return pngError(s);
    }
    if (auto read = decoder->readHeaderOn(); !read) {
        return std::move(read).error();
    }
    return std::unique_ptr<ImageDecoder>(std::move(decoder));
}

Status PngDecoder::readHeaderOn()
{
    ReadState& s = *m_s;
    if (feedC(&s, m_file.data(), headerEnd(m_file), nullptr) != ReadEnd::Done) {
        return pngError(s);
    }
    if (!s.infoReady) {
        if (!m_whole) {
            return {}; // the header goes on past the bytes given
        }
        return Error::of(ErrorCode::CorruptData,
            Text::tr("%1: %2").arg("PNG").arg(Text::tr("file is truncated before the image data")));
    }
    m_header.format = ImageFormat::Png;
    m_header.info.width = static_cast<int>(s.width);
    m_header.info.height = static_cast<int>(s.height);
    m_header.info.channels = s.channels;
    m_header.info.dctScalable = false;
    m_header.bitDepth = s.bitDepth;
    if (s.icc != nullptr) {
        m_header.metadata.icc.assign(s.icc, s.icc + s.iccLength);
    }
    readOrientation();
    m_hasHeader = true;
    return {};
}

void PngDecoder::readOrientation()
{
    png::PngOrientation found = png::readOrientation(m_file);
    m_header.metadata.exif = std::move(found.exif);
    m_header.info.orientation = found.orientation;
}

Status PngDecoder::extend(std::span<const std::uint8_t> file, bool wholeFile)
{
    if (!m_s || file.size() < m_file.size()) {
        return Error::of(
            ErrorCode::Internal, Text::tr("a %1 decoder was given less than it had").arg("PNG"));
    }
    const bool wasWhole = m_whole;
    m_file = file;
    m_whole = wholeFile;
    if (!m_hasHeader) {
        return readHeaderOn();
    }
    if (m_whole && !wasWhole) {
        readOrientation(); // what follows the image data may say it, or say it again
    }
    return {};
}

std::uint64_t PngDecoder::workingMemory(Size decoded, bool rows) const noexcept
{
    // A plain PNG's image data may be joined into one buffer to inflate (at most the file), and
    // its rows take a byte each more while they are unfiltered (png::inflateImageData()).
    const std::uint64_t inflate = m_s && m_s->plain
        ? static_cast<std::uint64_t>(m_file.size()) + static_cast<std::uint64_t>(decoded.height)
        : 0;
    return inflate
        + (rows ? Image::byteSize(decoded.width, decoded.height, m_header.info.channels) : 0);
}

Result<Image> PngDecoder::decode(int dctScale, const CancelToken* cancel)
{
    if (!m_hasHeader || !m_s) {
        return Error::of(ErrorCode::Internal,
            Text::tr("a %1's pixels are read once, after its header").arg("PNG"));
    }
    if (!m_whole) {
        return Error::of(
            ErrorCode::Internal, Text::tr("a %1 decoder has only part of the file").arg("PNG"));
    }
    if (dctScale != 1) {
        return Error::of(
            ErrorCode::InvalidArgument, Text::tr("a %1 is decoded at full size only").arg("PNG"));
    }
    ReadState& s = *m_s;
    // A plain PNG's image data is inflated by libdeflate, into the image's own buffer (its
    // filter bytes in the spare room); libpng reads all others, and a plain one with a flaw.
    const auto height = static_cast<std::size_t>(m_header.info.height);
    auto made = Image::allocate(
        m_header.info.width, m_header.info.height, m_header.info.channels, s.plain ? height : 0);
    if (!made) {
        return made;
    }
    if (s.plain) {
        const bool inflated = png::inflateImageData(m_file, made->data(),
            static_cast<std::size_t>(made->stride()), height, m_header.info.channels, cancel);
        if (inflated) {
            m_s.reset();
            return made;
        }
    }
    s.out = made->data();
    s.stride = made->stride();
    Result<Image> result = Error::of(ErrorCode::Internal, Text::tr("no %1 decode").arg("PNG"));
    switch (feedC(&s, m_file.data(), iendStart(m_file), cancel)) {
    case ReadEnd::Done:
        if (s.rowsDone) {
            result = std::move(made);
        } else {
            // The data ran out, or libpng gave up on it with a warning (a bad checksum).
            // The warning is libpng's own sentence (a template when png::describe() knows it).
            const Text why = s.err.warning[0] != '\0' ? png::describe(s.err.warning)
                                                      : Text::tr("file is truncated");
            result = Error::of(ErrorCode::CorruptData, Text::tr("%1: %2").arg("PNG").arg(why));
        }
        break;
    case ReadEnd::Cancelled:
        result = Error::of(ErrorCode::Cancelled, Text::tr("cancelled"));
        break;
    case ReadEnd::Failed:
        result = pngError(s);
        break;
    }
    m_s.reset(); // libpng's buffers are not held while the job resizes and encodes
    return result;
}

Status PngDecoder::decodeRows(
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
            return Error::of(ErrorCode::Cancelled, Text::tr("cancelled"));
        }
        const int count = std::min(kRowsPerCall, decoded->height() - y);
        if (auto taken = consume(decoded->view().row(y), decoded->stride(), count); !taken) {
            return taken;
        }
    }
    return {};
}

} // namespace dropsize

// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/core/png_codec.h"

#include <algorithm>
#include <csetjmp>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <png.h>
#include <string>
#include <vector>

// libpng reports fatal errors by longjmp: every function here that calls setjmp() is C-style,
// with no object that has a destructor alive in it. The RAII owners live in the C++ callers.

namespace dropsize {

namespace {

    constexpr std::size_t kMessageSize = 256;
    constexpr png_alloc_size_t kChunkMemoryLimit = 32u << 20;

    struct ErrorState {
        char message[kMessageSize];
        char warning[kMessageSize]; // the last one: says why rows went missing
    };

    void onError(png_structp png, png_const_charp message)
    {
        auto* state = static_cast<ErrorState*>(png_get_error_ptr(png));
        std::snprintf(state->message, kMessageSize, "%s", message);
        png_longjmp(png, 1);
    }

    void onWarning(png_structp png, png_const_charp message)
    {
        auto* state = static_cast<ErrorState*>(png_get_error_ptr(png));
        std::snprintf(state->warning, kMessageSize, "%s", message);
    }

    // libpng's progressive reader is fed the file in pieces, so decoding can stop as soon as the
    // last row is in: the sequential reader would inflate whatever follows to the end of the
    // stream, and a zlib stream can inflate to a thousand times its size.
    constexpr std::size_t kFeedBytes = 32 * 1024;

    struct ReadState {
        png_structp png = nullptr;
        png_infop info = nullptr;
        ErrorState err {};
        // Filled by the info callback:
        bool infoReady = false;
        png_uint_32 width = 0;
        png_uint_32 height = 0;
        int bitDepth = 0;
        int colorType = 0;
        int channels = 0;
        int finalPass = 0;
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

    void onInfo(png_structp png, png_infop info)
    {
        auto* s = static_cast<ReadState*>(png_get_progressive_ptr(png));
        png_get_IHDR(png, info, &s->width, &s->height, &s->bitDepth, &s->colorType, nullptr,
            nullptr, nullptr);
        if (s->colorType == PNG_COLOR_TYPE_PALETTE) {
            png_set_palette_to_rgb(png);
        }
        if (s->colorType == PNG_COLOR_TYPE_GRAY && s->bitDepth < 8) {
            png_set_expand_gray_1_2_4_to_8(png);
        }
        if (png_get_valid(png, info, PNG_INFO_tRNS) != 0) {
            png_set_tRNS_to_alpha(png);
        }
        if (s->bitDepth == 16) {
            png_set_strip_16(png);
        }
        // With interlace handling every pass reports every row; the last pass is 6 (Adam7).
        s->finalPass = png_set_interlace_handling(png) > 1 ? 6 : 0;
        png_read_update_info(png, info);
        s->channels = png_get_channels(png, info);
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

    // Walks the chunks of a PNG file in memory: calls visit(type, data, length) for each whole
    // chunk until visit returns false or the file ends; returns where the walk stopped.
    template <class Visit> std::size_t walkChunks(std::span<const std::uint8_t> data, Visit visit)
    {
        std::size_t at = 8;
        while (at + 12 <= data.size()) {
            const std::size_t length = (std::size_t { data[at] } << 24)
                | (std::size_t { data[at + 1] } << 16) | (std::size_t { data[at + 2] } << 8)
                | data[at + 3];
            const char* type = reinterpret_cast<const char*>(data.data() + at + 4);
            if (!visit(type, data.data() + at + 8, std::min(length, data.size() - at - 8))) {
                return at;
            }
            if (length > data.size() - at - 12) {
                break;
            }
            at += 12 + length;
        }
        return data.size();
    }

    // Where the header ends: just past the first IDAT chunk's length and type, which is where
    // libpng reports the header. The whole file when there is no IDAT (libpng says what is wrong).
    std::size_t headerEnd(std::span<const std::uint8_t> data)
    {
        const std::size_t idat
            = walkChunks(data, [](const char* type, const std::uint8_t*, std::size_t) {
                  return std::memcmp(type, "IDAT", 4) != 0;
              });
        return idat < data.size() ? idat + 8 : data.size();
    }

    // Where the IEND chunk starts; the whole file when there is none. Pillow never reads IEND's
    // CRC, so libpng is not given the chunk: a file whose only fault is a bad IEND CRC decodes.
    std::size_t iendStart(std::span<const std::uint8_t> data)
    {
        return walkChunks(data, [](const char* type, const std::uint8_t*, std::size_t) {
            return std::memcmp(type, "IEND", 4) != 0;
        });
    }

    // The eXIf chunk, before or after the image data (libpng's progressive reader skips it).
    std::vector<std::uint8_t> exifChunk(std::span<const std::uint8_t> data)
    {
        std::vector<std::uint8_t> exif;
        walkChunks(data, [&](const char* type, const std::uint8_t* bytes, std::size_t length) {
            if (std::memcmp(type, "eXIf", 4) == 0) {
                exif.assign(bytes, bytes + length);
                return false;
            }
            return std::memcmp(type, "IEND", 4) != 0;
        });
        return exif;
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

    Error pngError(const ReadState& s)
    {
        std::string message = s.err.message;
        ErrorCode code = ErrorCode::CorruptData;
        if (message.find("exceeds") != std::string::npos
            || message.find("limit") != std::string::npos
            || message.find("too large") != std::string::npos) {
            code = ErrorCode::LimitExceeded;
        }
        return Error { code, "PNG: " + message, {} };
    }

    std::string megapixels(std::uint64_t pixels)
    {
        return std::to_string((pixels + 500'000) / 1'000'000) + " megapixels";
    }

    // Creates the libpng structs and feeds the file up to the first IDAT; the header fields end up
    // in `s`.
    Status openRead(ReadState& s, std::span<const std::uint8_t> data, const DecodeLimits& limits)
    {
        s.err.message[0] = '\0';
        s.err.warning[0] = '\0';
        s.png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &s.err, onError, onWarning);
        if (s.png == nullptr) {
            return Error { ErrorCode::OutOfMemory, "PNG: cannot create the decoder", {} };
        }
        s.info = png_create_info_struct(s.png);
        if (s.info == nullptr) {
            return Error { ErrorCode::OutOfMemory, "PNG: cannot create the decoder", {} };
        }
        const auto maxSide
            = static_cast<png_uint_32>(std::min<std::uint64_t>(limits.maxPixels, 0x7fffffffu));
        if (!startC(&s, maxSide)
            || feedC(&s, data.data(), headerEnd(data), nullptr) != ReadEnd::Done) {
            return pngError(s);
        }
        if (!s.infoReady) {
            return Error { ErrorCode::CorruptData, "PNG: file is truncated before the image data",
                {} };
        }
        const std::uint64_t pixels = std::uint64_t { s.width } * s.height;
        if (pixels > limits.maxPixels) {
            return Error { ErrorCode::LimitExceeded,
                "image is " + std::to_string(s.width) + "x" + std::to_string(s.height) + " ("
                    + megapixels(pixels) + "), over the limit of " + megapixels(limits.maxPixels),
                {} };
        }
        if (Image::byteSize(static_cast<int>(s.width), static_cast<int>(s.height), s.channels)
            > limits.maxMemoryBytes) {
            return Error { ErrorCode::LimitExceeded, "decoded image would exceed the memory limit",
                {} };
        }
        return {};
    }

} // namespace

Result<ImageHeader> PngDecoder::readHeader(
    std::span<const std::uint8_t> data, const DecodeLimits& limits)
{
    ReadState s;
    if (auto opened = openRead(s, data, limits); !opened) {
        return std::move(opened).error();
    }
    ImageHeader h;
    h.format = ImageFormat::Png;
    h.info.width = static_cast<int>(s.width);
    h.info.height = static_cast<int>(s.height);
    h.info.channels = s.channels;
    h.info.dctScalable = false;
    h.bitDepth = s.bitDepth;
    if (s.icc != nullptr) {
        h.metadata.icc.assign(s.icc, s.icc + s.iccLength);
    }
    h.metadata.exif = exifChunk(data);
    h.info.orientation = exifOrientation(h.metadata.exif);
    return h;
}

Result<Image> PngDecoder::decode(
    std::span<const std::uint8_t> data, const DecodeLimits& limits, const CancelToken* cancel)
{
    ReadState s;
    if (auto opened = openRead(s, data, limits); !opened) {
        return std::move(opened).error();
    }
    auto made = Image::allocate(static_cast<int>(s.width), static_cast<int>(s.height), s.channels);
    if (!made) {
        return made;
    }
    s.out = made->data();
    s.stride = made->stride();
    switch (feedC(&s, data.data(), iendStart(data), cancel)) {
    case ReadEnd::Done:
        if (!s.rowsDone) {
            // The data ran out, or libpng gave up on it with a warning (a bad checksum).
            const std::string why = s.err.warning[0] != '\0' ? s.err.warning : "file is truncated";
            return Error { ErrorCode::CorruptData, "PNG: " + why, {} };
        }
        return made;
    case ReadEnd::Cancelled:
        return Error { ErrorCode::Cancelled, "cancelled", {} };
    case ReadEnd::Failed:
        break;
    }
    return pngError(s);
}

namespace {

    // A growable output buffer in plain memory: libpng's write callback must not throw.
    struct MemoryWriter {
        unsigned char* data = nullptr;
        std::size_t size = 0;
        std::size_t capacity = 0;
    };

    void writeToMemory(png_structp png, png_bytep in, png_size_t length)
    {
        auto* w = static_cast<MemoryWriter*>(png_get_io_ptr(png));
        if (length > w->capacity - w->size) {
            std::size_t capacity = std::max<std::size_t>(w->capacity * 2, 64 * 1024);
            while (capacity - w->size < length) {
                capacity *= 2;
            }
            auto* grown = static_cast<unsigned char*>(std::realloc(w->data, capacity));
            if (grown == nullptr) {
                png_error(png, "out of memory");
            }
            w->data = grown;
            w->capacity = capacity;
        }
        std::memcpy(w->data + w->size, in, length);
        w->size += length;
    }

    void flushMemory(png_structp) { }

    struct WriteState {
        png_structp png = nullptr;
        png_infop info = nullptr;
        ErrorState err {};
        MemoryWriter writer {};
        bool cancelled = false;

        WriteState() = default;
        WriteState(const WriteState&) = delete;
        WriteState& operator=(const WriteState&) = delete;
        ~WriteState()
        {
            if (png != nullptr) {
                png_destroy_write_struct(&png, info != nullptr ? &info : nullptr);
            }
            std::free(writer.data);
        }
    };

    struct PngEncodeJob {
        const unsigned char* pixels;
        std::ptrdiff_t stride;
        int width;
        int height;
        int colorType;
        int compression;
        const unsigned char* icc;
        png_uint_32 iccSize;
        unsigned char* exif;
        png_uint_32 exifSize;
        const CancelToken* cancel;
    };

    bool encodeC(WriteState* s, const PngEncodeJob* job)
    {
        if (setjmp(png_jmpbuf(s->png))) {
            return false;
        }
        png_set_write_fn(s->png, &s->writer, writeToMemory, flushMemory);
        // A profile libpng finds unfit (a CMYK profile on RGB pixels) is dropped with a warning
        // instead of failing the image.
        png_set_benign_errors(s->png, 1);
        png_set_IHDR(s->png, s->info, static_cast<png_uint_32>(job->width),
            static_cast<png_uint_32>(job->height), 8, job->colorType, PNG_INTERLACE_NONE,
            PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
        png_set_compression_level(s->png, job->compression);
        if (job->icc != nullptr) {
            png_set_iCCP(
                s->png, s->info, "ICC profile", PNG_COMPRESSION_TYPE_BASE, job->icc, job->iccSize);
        }
        if (job->exif != nullptr) {
            png_set_eXIf_1(s->png, s->info, job->exifSize, job->exif);
        }
        png_write_info(s->png, s->info);
        for (int y = 0; y < job->height; ++y) {
            if (job->cancel != nullptr && job->cancel->stopRequested()) {
                s->cancelled = true;
                return false;
            }
            png_write_row(s->png, job->pixels + static_cast<std::ptrdiff_t>(y) * job->stride);
        }
        png_write_end(s->png, nullptr);
        return true;
    }

} // namespace

Result<std::vector<std::uint8_t>> PngEncoder::encode(ConstImageView image,
    const EncodeOptions& options, const Metadata& metadata, const CancelToken* cancel)
{
    static constexpr int kColorTypes[5] = { 0, PNG_COLOR_TYPE_GRAY, PNG_COLOR_TYPE_GRAY_ALPHA,
        PNG_COLOR_TYPE_RGB, PNG_COLOR_TYPE_RGB_ALPHA };
    if (image.channels < 1 || image.channels > 4 || image.width < 1 || image.height < 1) {
        return Error { ErrorCode::InvalidArgument, "image not encodable as PNG", {} };
    }
    WriteState s;
    s.err.message[0] = '\0';
    s.png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &s.err, onError, onWarning);
    if (s.png == nullptr || (s.info = png_create_info_struct(s.png)) == nullptr) {
        return Error { ErrorCode::OutOfMemory, "PNG: cannot create the encoder", {} };
    }
    // png_set_eXIf_1 takes a non-const pointer; give it a copy it may keep.
    std::vector<std::uint8_t> exif = metadata.exif;
    const PngEncodeJob job { image.data, image.stride, image.width, image.height,
        kColorTypes[image.channels], std::clamp(options.pngCompression, 0, 9),
        metadata.icc.empty() ? nullptr : metadata.icc.data(),
        static_cast<png_uint_32>(metadata.icc.size()), exif.empty() ? nullptr : exif.data(),
        static_cast<png_uint_32>(exif.size()), cancel };
    if (!encodeC(&s, &job)) {
        if (s.cancelled) {
            return Error { ErrorCode::Cancelled, "cancelled", {} };
        }
        return Error { ErrorCode::Internal, std::string("PNG encoder: ") + s.err.message, {} };
    }
    return std::vector<std::uint8_t>(s.writer.data, s.writer.data + s.writer.size);
}

} // namespace dropsize

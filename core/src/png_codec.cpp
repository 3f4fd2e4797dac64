// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/core/png_codec.h"

#include <algorithm>
#include <csetjmp>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include <png.h>

// libpng reports fatal errors by longjmp: every function here that calls setjmp() is C-style,
// with no object that has a destructor alive in it. The RAII owners live in the C++ callers.

namespace dropsize {

namespace {

    constexpr std::size_t kMessageSize = 256;
    constexpr png_alloc_size_t kChunkMemoryLimit = 32u << 20;

    struct ErrorState {
        char message[kMessageSize];
    };

    void onError(png_structp png, png_const_charp message)
    {
        auto* state = static_cast<ErrorState*>(png_get_error_ptr(png));
        std::snprintf(state->message, kMessageSize, "%s", message);
        png_longjmp(png, 1);
    }

    void onWarning(png_structp, png_const_charp) { }

    struct MemoryReader {
        const unsigned char* data;
        std::size_t size;
        std::size_t position;
    };

    void readFromMemory(png_structp png, png_bytep out, png_size_t length)
    {
        auto* reader = static_cast<MemoryReader*>(png_get_io_ptr(png));
        if (length > reader->size - reader->position) {
            png_error(png, "file is truncated");
        }
        std::memcpy(out, reader->data + reader->position, length);
        reader->position += length;
    }

    struct ReadState {
        png_structp png = nullptr;
        png_infop info = nullptr;
        ErrorState err {};
        MemoryReader reader {};
        // Filled by setupReadC:
        png_uint_32 width = 0;
        png_uint_32 height = 0;
        int bitDepth = 0;
        int colorType = 0;
        int channels = 0;
        int passes = 1;
        png_bytep icc = nullptr;
        png_uint_32 iccLength = 0;
        png_bytep exif = nullptr;
        png_uint_32 exifLength = 0;

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

    bool setupReadC(ReadState* s, png_uint_32 maxSide)
    {
        if (setjmp(png_jmpbuf(s->png))) {
            return false;
        }
        png_set_read_fn(s->png, &s->reader, readFromMemory);
        png_set_user_limits(s->png, maxSide, maxSide);
        png_set_chunk_malloc_max(s->png, kChunkMemoryLimit);
        png_set_chunk_cache_max(s->png, 1000);
        png_read_info(s->png, s->info);
        png_get_IHDR(s->png, s->info, &s->width, &s->height, &s->bitDepth, &s->colorType, nullptr,
            nullptr, nullptr);
        if (s->colorType == PNG_COLOR_TYPE_PALETTE) {
            png_set_palette_to_rgb(s->png);
        }
        if (s->colorType == PNG_COLOR_TYPE_GRAY && s->bitDepth < 8) {
            png_set_expand_gray_1_2_4_to_8(s->png);
        }
        if (png_get_valid(s->png, s->info, PNG_INFO_tRNS) != 0) {
            png_set_tRNS_to_alpha(s->png);
        }
        if (s->bitDepth == 16) {
            png_set_strip_16(s->png);
        }
        s->passes = png_set_interlace_handling(s->png);
        png_read_update_info(s->png, s->info);
        s->channels = png_get_channels(s->png, s->info);
        int compression = 0;
        png_charp name = nullptr;
        if (png_get_iCCP(s->png, s->info, &name, &compression, &s->icc, &s->iccLength) == 0) {
            s->icc = nullptr;
            s->iccLength = 0;
        }
        if (png_get_eXIf_1(s->png, s->info, &s->exifLength, &s->exif) == 0) {
            s->exif = nullptr;
            s->exifLength = 0;
        }
        return true;
    }

    enum class ReadEnd { Done, Failed, Cancelled };

    ReadEnd readRowsC(ReadState* s, unsigned char* out, std::ptrdiff_t stride,
        const CancelToken* cancel)
    {
        if (setjmp(png_jmpbuf(s->png))) {
            return ReadEnd::Failed;
        }
        for (int pass = 0; pass < s->passes; ++pass) {
            for (png_uint_32 y = 0; y < s->height; ++y) {
                if ((y & 63u) == 0 && cancel != nullptr && cancel->stopRequested()) {
                    return ReadEnd::Cancelled;
                }
                png_read_row(s->png, out + static_cast<std::ptrdiff_t>(y) * stride, nullptr);
            }
        }
        return ReadEnd::Done;
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

    // Creates the libpng structs and reads up to the first IDAT; the header fields end up in `s`.
    Status openRead(ReadState& s, std::span<const std::uint8_t> data, const DecodeLimits& limits)
    {
        s.reader = { data.data(), data.size(), 0 };
        s.err.message[0] = '\0';
        s.png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &s.err, onError, onWarning);
        if (s.png == nullptr) {
            return Error { ErrorCode::OutOfMemory, "PNG: cannot create the decoder", {} };
        }
        s.info = png_create_info_struct(s.png);
        if (s.info == nullptr) {
            return Error { ErrorCode::OutOfMemory, "PNG: cannot create the decoder", {} };
        }
        const auto maxSide = static_cast<png_uint_32>(std::min<std::uint64_t>(limits.maxPixels, 0x7fffffffu));
        if (!setupReadC(&s, maxSide)) {
            return pngError(s);
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

Result<ImageHeader> PngDecoder::readHeader(std::span<const std::uint8_t> data,
    const DecodeLimits& limits)
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
    if (s.exif != nullptr) {
        h.metadata.exif.assign(s.exif, s.exif + s.exifLength);
    }
    h.info.orientation = exifOrientation(h.metadata.exif);
    return h;
}

Result<Image> PngDecoder::decode(std::span<const std::uint8_t> data, const DecodeLimits& limits,
    const CancelToken* cancel)
{
    ReadState s;
    if (auto opened = openRead(s, data, limits); !opened) {
        return std::move(opened).error();
    }
    auto made = Image::allocate(static_cast<int>(s.width), static_cast<int>(s.height), s.channels);
    if (!made) {
        return made;
    }
    switch (readRowsC(&s, made->data(), made->stride(), cancel)) {
    case ReadEnd::Done:
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
            png_set_iCCP(s->png, s->info, "ICC profile", PNG_COMPRESSION_TYPE_BASE, job->icc,
                job->iccSize);
        }
        if (job->exif != nullptr) {
            png_set_eXIf_1(s->png, s->info, job->exifSize, job->exif);
        }
        png_write_info(s->png, s->info);
        for (int y = 0; y < job->height; ++y) {
            png_write_row(s->png, job->pixels + static_cast<std::ptrdiff_t>(y) * job->stride);
        }
        png_write_end(s->png, nullptr);
        return true;
    }

} // namespace

Result<std::vector<std::uint8_t>> PngEncoder::encode(ConstImageView image,
    const EncodeOptions& options, const Metadata& metadata)
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
        static_cast<png_uint_32>(exif.size()) };
    if (!encodeC(&s, &job)) {
        return Error { ErrorCode::Internal, std::string("PNG encoder: ") + s.err.message, {} };
    }
    return std::vector<std::uint8_t>(s.writer.data, s.writer.data + s.writer.size);
}

} // namespace dropsize

// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "codecs/png/png_encoder.h"

#include "codecs/png/png_error.h"
#include "codecs/png/png_image_data.h"

#include <algorithm>
#include <csetjmp>
#include <cstdlib>
#include <cstring>
#include <string>

// libpng writes the chunks around the image data (IHDR, iCCP, which it checks, and eXIf); the
// image data is filtered and compressed by png::compressImageData() (libdeflate) and written as
// IDAT chunks through libpng's png_write_chunk().
//
// The setjmp rule of png_error.h holds here: encodeC() is the only function with setjmp(), and
// writeToMemory(), which libpng calls inside it, holds no object with a destructor either.

namespace dropsize {

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
            std::size_t capacity = std::max<std::size_t>(w->capacity * 2, std::size_t { 64 } << 10);
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
        png::ErrorState err {};
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
        int width;
        int height;
        int colorType;
        const unsigned char* icc;
        png_uint_32 iccSize;
        unsigned char* exif;
        png_uint_32 exifSize;
        const std::vector<unsigned char>* imageData; // the zlib stream of compressImageData()
    };

    // The image data in chunks of at most 1 MiB (a chunk may hold 2 GiB, but readers that take
    // a chunk whole need not hold that much).
    constexpr std::size_t kIdatChunk = std::size_t { 1 } << 20;

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
        if (job->icc != nullptr) {
            png_set_iCCP(
                s->png, s->info, "ICC profile", PNG_COMPRESSION_TYPE_BASE, job->icc, job->iccSize);
        }
        if (job->exif != nullptr) {
            png_set_eXIf_1(s->png, s->info, job->exifSize, job->exif);
        }
        png_write_info(s->png, s->info);
        // png_write_end() would look for rows written through libpng: the end is written here.
        const std::vector<unsigned char>& data = *job->imageData;
        for (std::size_t at = 0; at < data.size(); at += kIdatChunk) {
            png_write_chunk(s->png, reinterpret_cast<png_const_bytep>("IDAT"), data.data() + at,
                std::min(kIdatChunk, data.size() - at));
        }
        png_write_chunk(s->png, reinterpret_cast<png_const_bytep>("IEND"), nullptr, 0);
        return true;
    }

} // namespace

Result<std::vector<std::uint8_t>> PngEncoder::encode(ConstImageView image,
    const EncodeOptions& options, const Metadata& metadata, const CancelToken* cancel)
{
    static constexpr int kColorTypes[5] = { 0, PNG_COLOR_TYPE_GRAY, PNG_COLOR_TYPE_GRAY_ALPHA,
        PNG_COLOR_TYPE_RGB, PNG_COLOR_TYPE_RGB_ALPHA };
    if (image.channels < 1 || image.channels > 4 || image.width < 1 || image.height < 1) {
        return Error::of(
            ErrorCode::InvalidArgument, Text::tr("image not encodable as %1").arg("PNG"));
    }
    std::vector<std::uint8_t> data;
    try {
        data = png::compressImageData(image, std::clamp(options.pngCompression, 0, 9), cancel);
    } catch (const std::bad_alloc&) {
        return Error::of(ErrorCode::OutOfMemory, Text::tr("out of memory"));
    }
    if (data.empty()) {
        return Error::of(ErrorCode::Cancelled, Text::tr("cancelled"));
    }
    WriteState s;
    png::resetErrors(&s.err);
    s.png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &s.err, png::onError, png::onWarning);
    if (s.png == nullptr || (s.info = png_create_info_struct(s.png)) == nullptr) {
        return Error::of(ErrorCode::OutOfMemory,
            Text::tr("%1: %2").arg("PNG").arg(Text::tr("cannot create the encoder")));
    }
    // png_set_eXIf_1 takes a non-const pointer; give it a copy it may keep.
    std::vector<std::uint8_t> exif = metadata.exif;
    const PngEncodeJob job { image.width, image.height, kColorTypes[image.channels],
        metadata.icc.empty() ? nullptr : metadata.icc.data(),
        static_cast<png_uint_32>(metadata.icc.size()), exif.empty() ? nullptr : exif.data(),
        static_cast<png_uint_32>(exif.size()), &data };
    if (!encodeC(&s, &job)) {
        return Error::of(ErrorCode::Internal,
            Text::tr("%1 encoder: %2").arg("PNG").arg(png::describe(s.err.message)));
    }
    return std::vector<std::uint8_t>(s.writer.data, s.writer.data + s.writer.size);
}

} // namespace dropsize

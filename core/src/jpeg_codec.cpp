// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/core/jpeg_codec.h"

#include <algorithm>
#include <csetjmp>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>
#include <string>

extern "C" {
#include <jerror.h>
#include <jpeglib.h>
}

// libjpeg reports fatal errors by longjmp. Every function below that contains setjmp() is
// C-style: no object with a destructor is alive in it, so a jump skips no cleanup. The RAII
// owners (Decompressor, Compressor) live in the C++ callers, outside the jump's reach.

namespace dropsize {

namespace {

    struct ErrorManager {
        jpeg_error_mgr pub;
        std::jmp_buf jump;
        char message[JMSG_LENGTH_MAX];
        int maxScans;
    };

    [[noreturn]] void onError(j_common_ptr cinfo)
    {
        auto* err = reinterpret_cast<ErrorManager*>(cinfo->err);
        (*cinfo->err->format_message)(cinfo, err->message);
        std::longjmp(err->jump, 1);
    }

    void onMessage(j_common_ptr cinfo, int level)
    {
        if (level >= 0) {
            return; // trace messages
        }
        // Warnings that mean the pixels are damaged (truncation, bad Huffman data) fail the file,
        // as Pillow does; harmless ones are ignored.
        switch (cinfo->err->msg_code) {
        case JWRN_EXTRANEOUS_DATA:
        case JWRN_ADOBE_XFORM:
        case JWRN_JFIF_MAJOR:
        case JWRN_BOGUS_ICC:
            return;
        default:
            onError(cinfo);
        }
    }

    void onProgress(j_common_ptr cinfo)
    {
        if (!cinfo->is_decompressor) {
            return;
        }
        auto* err = reinterpret_cast<ErrorManager*>(cinfo->err);
        const auto* d = reinterpret_cast<j_decompress_ptr>(cinfo);
        if (d->input_scan_number > err->maxScans) {
            std::snprintf(err->message, sizeof err->message,
                "progressive JPEG with more than %d scans (a limit against hostile files)",
                err->maxScans);
            std::longjmp(err->jump, 1);
        }
    }

    void setupErrors(ErrorManager* err, int maxScans)
    {
        jpeg_std_error(&err->pub);
        err->pub.error_exit = onError;
        err->pub.emit_message = onMessage;
        err->message[0] = '\0';
        err->maxScans = maxScans;
    }

    struct Decompressor {
        jpeg_decompress_struct cinfo {};
        ErrorManager err {};
        jpeg_progress_mgr progress {};
        bool created = false;
        JOCTET* icc = nullptr;
        unsigned int iccLength = 0;

        Decompressor() = default;
        Decompressor(const Decompressor&) = delete;
        Decompressor& operator=(const Decompressor&) = delete;
        ~Decompressor()
        {
            if (created) {
                jpeg_destroy_decompress(&cinfo);
            }
            std::free(icc);
        }
    };

    bool readHeaderC(Decompressor* d, const unsigned char* data, unsigned long size, int maxScans,
        unsigned long memoryLimit)
    {
        setupErrors(&d->err, maxScans);
        d->cinfo.err = &d->err.pub;
        if (setjmp(d->err.jump)) {
            return false;
        }
        jpeg_CreateDecompress(&d->cinfo, JPEG_LIB_VERSION, sizeof(d->cinfo));
        d->created = true;
        d->cinfo.mem->max_memory_to_use = static_cast<long>(memoryLimit);
        d->progress.progress_monitor = onProgress;
        d->cinfo.progress = &d->progress;
        jpeg_mem_src(&d->cinfo, data, size);
        jpeg_save_markers(&d->cinfo, JPEG_APP0 + 1, 0xffff);
        jpeg_save_markers(&d->cinfo, JPEG_APP0 + 2, 0xffff);
        jpeg_read_header(&d->cinfo, TRUE);
        if (!jpeg_read_icc_profile(&d->cinfo, &d->icc, &d->iccLength)) {
            d->icc = nullptr;
            d->iccLength = 0;
        }
        return true;
    }

    bool calcOutputC(Decompressor* d, int scale, J_COLOR_SPACE space)
    {
        if (setjmp(d->err.jump)) {
            return false;
        }
        d->cinfo.scale_num = 1;
        d->cinfo.scale_denom = static_cast<unsigned int>(scale);
        d->cinfo.out_color_space = space;
        jpeg_calc_output_dimensions(&d->cinfo);
        return true;
    }

    // CMYK as Adobe writes it is inverted: the stored value is 255 - ink.
    void cmykRowToRgb(const unsigned char* in, unsigned char* out, int width, bool inverted)
    {
        for (int x = 0; x < width; ++x, in += 4, out += 3) {
            const unsigned k = inverted ? in[3] : 255u - in[3];
            for (int c = 0; c < 3; ++c) {
                const unsigned v = inverted ? in[c] : 255u - in[c];
                out[c] = static_cast<unsigned char>((v * k + 127u) / 255u);
            }
        }
    }

    enum class DecodeEnd { Done, Failed, Cancelled, Stopped };

    // Where decoded rows go: next() says where to put up to *maxRows rows (rows `stride` apart),
    // done() takes them; done() returning false stops the decode. Plain function pointers: this
    // is called from the setjmp function below.
    struct RowSink {
        unsigned char* (*next)(void* context, int* maxRows, std::ptrdiff_t* stride);
        bool (*done)(void* context, int count);
        void* context;
    };

    DecodeEnd decodeC(Decompressor* d, const RowSink* sink, unsigned char* cmykRow,
        bool invertedCmyk, const CancelToken* cancel)
    {
        if (setjmp(d->err.jump)) {
            return DecodeEnd::Failed;
        }
        jpeg_start_decompress(&d->cinfo);
        const auto width = static_cast<int>(d->cinfo.output_width);
        while (d->cinfo.output_scanline < d->cinfo.output_height) {
            if (cancel != nullptr && cancel->stopRequested()) {
                return DecodeEnd::Cancelled;
            }
            int maxRows = 0;
            std::ptrdiff_t stride = 0;
            unsigned char* dst = sink->next(sink->context, &maxRows, &stride);
            const JDIMENSION left = d->cinfo.output_height - d->cinfo.output_scanline;
            JDIMENSION n = left < 16 ? left : 16;
            if (n > static_cast<JDIMENSION>(maxRows)) {
                n = static_cast<JDIMENSION>(maxRows);
            }
            if (cmykRow != nullptr) {
                for (JDIMENSION i = 0; i < n; ++i) {
                    JSAMPROW row = cmykRow;
                    jpeg_read_scanlines(&d->cinfo, &row, 1);
                    cmykRowToRgb(cmykRow, dst + static_cast<std::ptrdiff_t>(i) * stride, width,
                        invertedCmyk);
                }
            } else {
                JSAMPROW rows[16];
                for (JDIMENSION i = 0; i < n; ++i) {
                    rows[i] = dst + static_cast<std::ptrdiff_t>(i) * stride;
                }
                JDIMENSION read = 0;
                while (read < n) {
                    read += jpeg_read_scanlines(&d->cinfo, rows + read, n - read);
                }
            }
            if (!sink->done(sink->context, static_cast<int>(n))) {
                return DecodeEnd::Stopped;
            }
        }
        return DecodeEnd::Done;
    }

    Error jpegError(const Decompressor& d)
    {
        std::string message = d.err.message;
        ErrorCode code = ErrorCode::CorruptData;
        if (message.find("scans") != std::string::npos
            || message.find("memory") != std::string::npos
            || message.find("Maximum supported image dimension") != std::string::npos) {
            code = ErrorCode::LimitExceeded;
        } else if (message.find("Unsupported") != std::string::npos) {
            code = ErrorCode::UnsupportedFormat;
        }
        return Error { code, "JPEG: " + message, {} };
    }

    bool isCmyk(const jpeg_decompress_struct& cinfo)
    {
        return cinfo.jpeg_color_space == JCS_CMYK || cinfo.jpeg_color_space == JCS_YCCK;
    }

    std::string megapixels(std::uint64_t pixels)
    {
        return std::to_string((pixels + 500'000) / 1'000'000) + " megapixels";
    }

} // namespace

Result<ImageHeader> JpegDecoder::readHeader(
    std::span<const std::uint8_t> data, const DecodeLimits& limits)
{
    Decompressor d;
    if (!readHeaderC(&d, data.data(), static_cast<unsigned long>(data.size()), limits.maxScans,
            static_cast<unsigned long>(limits.maxMemoryBytes))) {
        return jpegError(d);
    }
    const jpeg_decompress_struct& c = d.cinfo;
    ImageHeader h;
    h.format = ImageFormat::Jpeg;
    h.info.width = static_cast<int>(c.image_width);
    h.info.height = static_cast<int>(c.image_height);
    h.info.dctScalable = true;
    h.progressive = c.progressive_mode != 0;
    h.cmyk = isCmyk(c);
    if (c.num_components == 1) {
        h.info.channels = 1;
    } else if (c.num_components == 3 || h.cmyk) {
        h.info.channels = 3;
    } else {
        return Error { ErrorCode::UnsupportedFormat,
            "JPEG with " + std::to_string(c.num_components) + " colour components is not supported",
            {} };
    }
    const std::uint64_t pixels = std::uint64_t { c.image_width } * c.image_height;
    if (pixels > limits.maxPixels) {
        return Error { ErrorCode::LimitExceeded,
            "image is " + std::to_string(c.image_width) + "x" + std::to_string(c.image_height)
                + " (" + megapixels(pixels) + "), over the limit of "
                + megapixels(limits.maxPixels),
            {} };
    }
    for (jpeg_saved_marker_ptr m = c.marker_list; m != nullptr; m = m->next) {
        if (m->marker == JPEG_APP0 + 1 && m->data_length > 6
            && std::memcmp(m->data, "Exif\0\0", 6) == 0 && h.metadata.exif.empty()) {
            h.metadata.exif.assign(m->data + 6, m->data + m->data_length);
        }
    }
    // CMYK is decoded to RGB, which a CMYK profile does not describe: it is not carried on.
    if (d.icc != nullptr && !h.cmyk) {
        h.metadata.icc.assign(d.icc, d.icc + d.iccLength);
    }
    h.info.orientation = exifOrientation(h.metadata.exif);
    return h;
}

namespace {

    // A decompressor past its header and output-size setup, ready for decodeC().
    struct PreparedDecode {
        std::unique_ptr<Decompressor> d;
        int width = 0;
        int height = 0;
        int channels = 0;
        std::unique_ptr<unsigned char[]> cmykRow;
        bool inverted = false;
    };

    Result<PreparedDecode> prepareDecode(
        std::span<const std::uint8_t> data, int dctScale, const DecodeLimits& limits)
    {
        if (dctScale != 1 && dctScale != 2 && dctScale != 4 && dctScale != 8) {
            return Error { ErrorCode::InvalidArgument, "DCT scale must be 1, 2, 4 or 8", {} };
        }
        PreparedDecode p;
        p.d = std::make_unique<Decompressor>();
        Decompressor& d = *p.d;
        if (!readHeaderC(&d, data.data(), static_cast<unsigned long>(data.size()), limits.maxScans,
                static_cast<unsigned long>(limits.maxMemoryBytes))) {
            return jpegError(d);
        }
        const std::uint64_t pixels = std::uint64_t { d.cinfo.image_width } * d.cinfo.image_height;
        if (pixels > limits.maxPixels) {
            return Error { ErrorCode::LimitExceeded,
                "image is " + megapixels(pixels) + ", over the limit of "
                    + megapixels(limits.maxPixels),
                {} };
        }
        const bool cmyk = isCmyk(d.cinfo);
        const bool grey = d.cinfo.num_components == 1;
        if (!grey && !cmyk && d.cinfo.num_components != 3) {
            return Error { ErrorCode::UnsupportedFormat, "unsupported JPEG colour components", {} };
        }
        const J_COLOR_SPACE space = grey ? JCS_GRAYSCALE : (cmyk ? JCS_CMYK : JCS_RGB);
        if (!calcOutputC(&d, dctScale, space)) {
            return jpegError(d);
        }
        p.width = static_cast<int>(d.cinfo.output_width);
        p.height = static_cast<int>(d.cinfo.output_height);
        p.channels = grey ? 1 : 3;
        if (cmyk) {
            p.cmykRow.reset(
                new (std::nothrow) unsigned char[static_cast<std::size_t>(p.width) * 4]);
            if (!p.cmykRow) {
                return Error { ErrorCode::OutOfMemory, "not enough memory for a CMYK row", {} };
            }
        }
        p.inverted = d.cinfo.saw_Adobe_marker != 0;
        return p;
    }

    Status runDecode(PreparedDecode& p, const RowSink& sink, const CancelToken* cancel)
    {
        switch (decodeC(p.d.get(), &sink, p.cmykRow.get(), p.inverted, cancel)) {
        case DecodeEnd::Done:
        case DecodeEnd::Stopped:
            return {};
        case DecodeEnd::Cancelled:
            return Error { ErrorCode::Cancelled, "cancelled", {} };
        case DecodeEnd::Failed:
            break;
        }
        return jpegError(*p.d);
    }

    // Rows straight into one image.
    struct ImageSink {
        ImageView view;
        int y = 0;

        static unsigned char* next(void* context, int* maxRows, std::ptrdiff_t* stride)
        {
            auto* self = static_cast<ImageSink*>(context);
            *maxRows = self->view.height - self->y;
            *stride = self->view.stride;
            return self->view.row(self->y);
        }
        static bool done(void* context, int count)
        {
            static_cast<ImageSink*>(context)->y += count;
            return true;
        }
    };

    // Rows through a small buffer to a consumer.
    struct ConsumerSink {
        std::uint8_t* buffer;
        std::ptrdiff_t stride;
        const JpegDecoder::RowConsumer* consume;
        Status status;

        static unsigned char* next(void* context, int* maxRows, std::ptrdiff_t* stride)
        {
            auto* self = static_cast<ConsumerSink*>(context);
            *maxRows = JpegDecoder::kRowsPerCall;
            *stride = self->stride;
            return self->buffer;
        }
        static bool done(void* context, int count)
        {
            auto* self = static_cast<ConsumerSink*>(context);
            try {
                self->status = (*self->consume)(self->buffer, self->stride, count);
            } catch (const std::bad_alloc&) {
                self->status = Error { ErrorCode::OutOfMemory, "out of memory", {} };
            }
            return self->status.ok();
        }
    };

} // namespace

Result<Image> JpegDecoder::decode(std::span<const std::uint8_t> data, int dctScale,
    const DecodeLimits& limits, const CancelToken* cancel)
{
    auto prepared = prepareDecode(data, dctScale, limits);
    if (!prepared) {
        return std::move(prepared).error();
    }
    PreparedDecode& p = *prepared;
    if (Image::byteSize(p.width, p.height, p.channels) > limits.maxMemoryBytes) {
        return Error { ErrorCode::LimitExceeded, "decoded image would exceed the memory limit",
            {} };
    }
    auto made = Image::allocate(p.width, p.height, p.channels);
    if (!made) {
        return made;
    }
    ImageSink target { made->view() };
    const RowSink sink { ImageSink::next, ImageSink::done, &target };
    if (auto status = runDecode(p, sink, cancel); !status) {
        return std::move(status).error();
    }
    return made;
}

Status JpegDecoder::decodeRows(std::span<const std::uint8_t> data, int dctScale, Size expected,
    const DecodeLimits& limits, const RowConsumer& consume, const CancelToken* cancel)
{
    auto prepared = prepareDecode(data, dctScale, limits);
    if (!prepared) {
        return std::move(prepared).error();
    }
    PreparedDecode& p = *prepared;
    if (p.width != expected.width || p.height != expected.height) {
        return Error { ErrorCode::Internal, "decoded size differs from the plan", {} };
    }
    auto buffer = Image::allocate(p.width, kRowsPerCall, p.channels);
    if (!buffer) {
        return std::move(buffer).error();
    }
    ConsumerSink target { buffer->data(), buffer->stride(), &consume, {} };
    const RowSink sink { ConsumerSink::next, ConsumerSink::done, &target };
    if (auto status = runDecode(p, sink, cancel); !status) {
        return status;
    }
    return std::move(target.status);
}

namespace {

    struct Compressor {
        jpeg_compress_struct cinfo {};
        ErrorManager err {};
        bool created = false;
        bool cancelled = false;
        unsigned char* buffer = nullptr;
        unsigned long size = 0;

        Compressor() = default;
        Compressor(const Compressor&) = delete;
        Compressor& operator=(const Compressor&) = delete;
        ~Compressor()
        {
            if (created) {
                jpeg_destroy_compress(&cinfo);
            }
            std::free(buffer);
        }
    };

    struct EncodeJob {
        const unsigned char* pixels;
        std::ptrdiff_t stride;
        int width;
        int height;
        int channels; // 1 or 3
        int quality;
        ChromaSubsampling subsampling;
        bool progressive;
        const unsigned char* exif;
        std::size_t exifSize;
        const unsigned char* icc;
        std::size_t iccSize;
        const CancelToken* cancel;
    };

    bool encodeC(Compressor* c, const EncodeJob* job)
    {
        setupErrors(&c->err, 0);
        c->cinfo.err = &c->err.pub;
        if (setjmp(c->err.jump)) {
            return false;
        }
        jpeg_CreateCompress(&c->cinfo, JPEG_LIB_VERSION, sizeof(c->cinfo));
        c->created = true;
        jpeg_mem_dest(&c->cinfo, &c->buffer, &c->size);
        c->cinfo.image_width = static_cast<JDIMENSION>(job->width);
        c->cinfo.image_height = static_cast<JDIMENSION>(job->height);
        c->cinfo.input_components = job->channels;
        c->cinfo.in_color_space = job->channels == 1 ? JCS_GRAYSCALE : JCS_RGB;
        jpeg_set_defaults(&c->cinfo);
        jpeg_set_quality(&c->cinfo, job->quality, TRUE);
        if (job->channels == 3) {
            const int h = job->subsampling == ChromaSubsampling::S444 ? 1 : 2;
            const int v = job->subsampling == ChromaSubsampling::S420 ? 2 : 1;
            c->cinfo.comp_info[0].h_samp_factor = h;
            c->cinfo.comp_info[0].v_samp_factor = v;
        }
        if (job->progressive) {
            jpeg_simple_progression(&c->cinfo);
        }
        jpeg_start_compress(&c->cinfo, TRUE);
        if (job->exif != nullptr && job->exifSize + 6 <= 65533) {
            jpeg_write_m_header(
                &c->cinfo, JPEG_APP0 + 1, static_cast<unsigned int>(job->exifSize + 6));
            for (char ch : { 'E', 'x', 'i', 'f', '\0', '\0' }) {
                jpeg_write_m_byte(&c->cinfo, ch);
            }
            for (std::size_t i = 0; i < job->exifSize; ++i) {
                jpeg_write_m_byte(&c->cinfo, job->exif[i]);
            }
        }
        if (job->icc != nullptr) {
            jpeg_write_icc_profile(&c->cinfo, job->icc, static_cast<unsigned int>(job->iccSize));
        }
        while (c->cinfo.next_scanline < c->cinfo.image_height) {
            if (job->cancel != nullptr && job->cancel->stopRequested()) {
                c->cancelled = true;
                return false;
            }
            JSAMPROW rows[16];
            const JDIMENSION y = c->cinfo.next_scanline;
            const JDIMENSION left = c->cinfo.image_height - y;
            const JDIMENSION n = left < 16 ? left : 16;
            for (JDIMENSION i = 0; i < n; ++i) {
                rows[i] = const_cast<unsigned char*>(job->pixels)
                    + static_cast<std::ptrdiff_t>(y + i) * job->stride;
            }
            jpeg_write_scanlines(&c->cinfo, rows, n);
        }
        jpeg_finish_compress(&c->cinfo);
        return true;
    }

    // JPEG has no alpha: composite over white, as a viewer shows a transparent image.
    Result<Image> flattenAlpha(ConstImageView in)
    {
        const int outChannels = in.channels == 2 ? 1 : 3;
        auto made = Image::allocate(in.width, in.height, outChannels);
        if (!made) {
            return made;
        }
        ImageView o = made->view();
        for (int y = 0; y < in.height; ++y) {
            const std::uint8_t* s = in.row(y);
            std::uint8_t* t = o.row(y);
            for (int x = 0; x < in.width; ++x, s += in.channels, t += outChannels) {
                const unsigned a = s[in.channels - 1];
                for (int c = 0; c < outChannels; ++c) {
                    t[c] = static_cast<std::uint8_t>((s[c] * a + 255u * (255u - a) + 127u) / 255u);
                }
            }
        }
        return made;
    }

} // namespace

Result<std::vector<std::uint8_t>> JpegEncoder::encode(ConstImageView image,
    const EncodeOptions& options, const Metadata& metadata, const CancelToken* cancel)
{
    if (image.width < 1 || image.height < 1 || image.width > JPEG_MAX_DIMENSION
        || image.height > JPEG_MAX_DIMENSION) {
        return Error { ErrorCode::InvalidArgument, "image size not encodable as JPEG", {} };
    }
    Image flattened;
    if (image.channels == 2 || image.channels == 4) {
        auto f = flattenAlpha(image);
        if (!f) {
            return std::move(f).error();
        }
        flattened = std::move(f).value();
        image = flattened.view();
    }
    const EncodeJob job { image.data, image.stride, image.width, image.height, image.channels,
        std::clamp(options.jpegQuality, 1, 100), options.subsampling, options.progressive,
        metadata.exif.empty() ? nullptr : metadata.exif.data(), metadata.exif.size(),
        metadata.icc.empty() ? nullptr : metadata.icc.data(), metadata.icc.size(), cancel };
    Compressor c;
    if (!encodeC(&c, &job)) {
        if (c.cancelled) {
            return Error { ErrorCode::Cancelled, "cancelled", {} };
        }
        return Error { ErrorCode::Internal, std::string("JPEG encoder: ") + c.err.message, {} };
    }
    return std::vector<std::uint8_t>(c.buffer, c.buffer + c.size);
}

} // namespace dropsize

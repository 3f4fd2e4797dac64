// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "codecs/jpeg/jpeg_encoder.h"

#include "codecs/jpeg/jpeg_error.h"

#include <algorithm>
#include <cstdlib>
#include <string>

// The setjmp rule of jpeg_error.h holds here: encodeC() is the only function with setjmp(), and
// no object with a destructor is alive in it.

namespace dropsize {

namespace {

    struct Compressor {
        jpeg_compress_struct cinfo {};
        jpeg::ErrorManager err {};
        bool created = false;
        bool destination = false; ///< jpeg_mem_dest() is done: `buffer` may move from here on
        bool cancelled = false;
        unsigned char* buffer = nullptr;
        unsigned long size = 0;

        Compressor() = default;
        Compressor(const Compressor&) = delete;
        Compressor& operator=(const Compressor&) = delete;
        ~Compressor()
        {
            // The memory destination gives its buffer back (`buffer`) only when it ends: one
            // that grew since, and was freed by the destination, would be freed twice here,
            // and the one it holds now would leak. An encode stopped early (cancelled, or by
            // an error) ends it here first.
            if (destination && cinfo.dest != nullptr) {
                cinfo.dest->term_destination(&cinfo);
            }
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
        constexpr auto kRows = static_cast<JDIMENSION>(JpegEncoder::kRowsPerCall);
        jpeg::setupErrors(&c->err, 0);
        c->cinfo.err = &c->err.pub;
        if (setjmp(c->err.jump)) {
            return false;
        }
        jpeg_CreateCompress(&c->cinfo, JPEG_LIB_VERSION, sizeof(c->cinfo));
        c->created = true;
        jpeg_mem_dest(&c->cinfo, &c->buffer, &c->size);
        c->destination = true;
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
            JSAMPROW rows[kRows];
            const JDIMENSION y = c->cinfo.next_scanline;
            const JDIMENSION left = c->cinfo.image_height - y;
            const JDIMENSION n = left < kRows ? left : kRows;
            for (JDIMENSION i = 0; i < n; ++i) {
                rows[i] = const_cast<unsigned char*>(job->pixels)
                    + static_cast<std::ptrdiff_t>(y + i) * job->stride;
            }
            jpeg_write_scanlines(&c->cinfo, rows, n);
        }
        jpeg_finish_compress(&c->cinfo); // ends the destination: `buffer` is final
        c->destination = false;
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
        return Error::of(
            ErrorCode::InvalidArgument, Text::tr("image size not encodable as %1").arg("JPEG"));
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
            return Error::of(ErrorCode::Cancelled, Text::tr("cancelled"));
        }
        return Error::of(
            ErrorCode::Internal, Text::tr("%1 encoder: %2").arg("JPEG").arg(jpeg::describe(c.err)));
    }
    return std::vector<std::uint8_t>(c.buffer, c.buffer + c.size);
}

} // namespace dropsize

// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "codecs/webp/webp_encoder.h"

#include <algorithm>
#include <memory>
#include <string>
#include <webp/encode.h>
#include <webp/mux.h>

namespace dropsize {

namespace {

    struct Picture {
        WebPPicture picture {};
        bool initialised = false;

        Picture() = default;
        Picture(const Picture&) = delete;
        Picture& operator=(const Picture&) = delete;
        ~Picture()
        {
            if (initialised) {
                WebPPictureFree(&picture);
            }
        }
    };

    struct MemoryWriter {
        WebPMemoryWriter writer {};

        MemoryWriter() { WebPMemoryWriterInit(&writer); }
        MemoryWriter(const MemoryWriter&) = delete;
        MemoryWriter& operator=(const MemoryWriter&) = delete;
        ~MemoryWriter() { WebPMemoryWriterClear(&writer); }
    };

    struct MuxDelete {
        void operator()(WebPMux* mux) const noexcept { WebPMuxDelete(mux); }
    };
    using Mux = std::unique_ptr<WebPMux, MuxDelete>;

    struct AssembledData {
        WebPData data {};

        AssembledData() { WebPDataInit(&data); }
        AssembledData(const AssembledData&) = delete;
        AssembledData& operator=(const AssembledData&) = delete;
        ~AssembledData() { WebPDataClear(&data); }
    };

    Error internal(Text why)
    {
        return Error::of(
            ErrorCode::Internal, Text::tr("%1 encoder: %2").arg("WebP").arg(std::move(why)));
    }

    Error outOfMemory()
    {
        return Error::of(ErrorCode::OutOfMemory,
            Text::tr("%1 encoder: %2").arg("WebP").arg(Text::tr("out of memory")));
    }

    // libwebp calls this as the encode goes on; returning 0 stops it.
    int onProgress(int, const WebPPicture* picture)
    {
        const auto* cancel = static_cast<const CancelToken*>(picture->user_data);
        return cancel == nullptr || !cancel->stopRequested() ? 1 : 0;
    }

    // WebP has no grey: grey becomes RGB, grey+alpha RGBA.
    Result<Image> widenGrey(ConstImageView in)
    {
        const int outChannels = in.channels == 2 ? 4 : 3;
        auto made = Image::allocate(in.width, in.height, outChannels);
        if (!made) {
            return made;
        }
        ImageView o = made->view();
        for (int y = 0; y < in.height; ++y) {
            const std::uint8_t* s = in.row(y);
            std::uint8_t* t = o.row(y);
            for (int x = 0; x < in.width; ++x, s += in.channels, t += outChannels) {
                t[0] = t[1] = t[2] = s[0];
                if (outChannels == 4) {
                    t[3] = s[1];
                }
            }
        }
        return made;
    }

    Error encodeError(WebPEncodingError code)
    {
        switch (code) {
        case VP8_ENC_ERROR_USER_ABORT:
            return Error::of(ErrorCode::Cancelled, Text::tr("cancelled"));
        case VP8_ENC_ERROR_OUT_OF_MEMORY:
        case VP8_ENC_ERROR_BITSTREAM_OUT_OF_MEMORY:
            return outOfMemory();
        case VP8_ENC_ERROR_BAD_DIMENSION:
            return internal(Text::tr("the image's size is not encodable"));
        case VP8_ENC_ERROR_PARTITION0_OVERFLOW:
        case VP8_ENC_ERROR_PARTITION_OVERFLOW:
            return internal(
                Text::tr("the image is too large for a lossy %1 at this quality").arg("WebP"));
        case VP8_ENC_ERROR_FILE_TOO_BIG:
            return internal(Text::tr("the result would be over %1's 4 GiB").arg("WebP"));
        default:
            return internal(Text::tr("%1 error %2").arg("libwebp").arg(static_cast<int>(code)));
        }
    }

    // The bitstream in a file with ICCP and EXIF chunks (the muxer sets the VP8X flags).
    Result<std::vector<std::uint8_t>> withMetadata(
        const WebPMemoryWriter& encoded, const Metadata& metadata)
    {
        const Mux mux(WebPMuxNew());
        if (!mux) {
            return outOfMemory();
        }
        const WebPData image { encoded.mem, encoded.size };
        if (WebPMuxSetImage(mux.get(), &image, 0) != WEBP_MUX_OK) {
            return internal(Text::tr("cannot put the image in a container"));
        }
        const WebPData icc { metadata.icc.data(), metadata.icc.size() };
        if (!metadata.icc.empty() && WebPMuxSetChunk(mux.get(), "ICCP", &icc, 0) != WEBP_MUX_OK) {
            return internal(Text::tr("cannot add the ICC profile"));
        }
        const WebPData exif { metadata.exif.data(), metadata.exif.size() };
        if (!metadata.exif.empty() && WebPMuxSetChunk(mux.get(), "EXIF", &exif, 0) != WEBP_MUX_OK) {
            return internal(Text::tr("cannot add the EXIF data"));
        }
        AssembledData out;
        if (WebPMuxAssemble(mux.get(), &out.data) != WEBP_MUX_OK) {
            return internal(Text::tr("cannot assemble the file"));
        }
        return std::vector<std::uint8_t>(out.data.bytes, out.data.bytes + out.data.size);
    }

} // namespace

Result<std::vector<std::uint8_t>> WebpEncoder::encode(ConstImageView image,
    const EncodeOptions& options, const Metadata& metadata, const CancelToken* cancel)
{
    if (image.channels < 1 || image.channels > 4 || image.width < 1 || image.height < 1
        || image.width > kMaxSide || image.height > kMaxSide) {
        return Error::of(ErrorCode::InvalidArgument,
            Text::tr("image size not encodable as %1 (at most %2 pixels a side)")
                .arg("WebP")
                .arg(kMaxSide));
    }
    Image widened;
    if (image.channels <= 2) {
        auto w = widenGrey(image);
        if (!w) {
            return std::move(w).error();
        }
        widened = std::move(w).value();
        image = widened.view();
    }
    WebPConfig config {};
    if (WebPConfigInit(&config) == 0) {
        return internal(Text::tr("%1 version mismatch").arg("libwebp"));
    }
    config.quality = static_cast<float>(std::clamp(options.webpQuality, 0, 100));
    config.lossless = options.webpLossless ? 1 : 0;
    // Lossless means the pixels read back as they were, transparent ones included, which
    // libwebp would otherwise change for a smaller file.
    config.exact = config.lossless;
    if (WebPValidateConfig(&config) == 0) {
        return internal(Text::tr("invalid configuration"));
    }
    Picture p;
    if (WebPPictureInit(&p.picture) == 0) {
        return internal(Text::tr("%1 version mismatch").arg("libwebp"));
    }
    p.initialised = true;
    p.picture.use_argb = config.lossless;
    p.picture.width = image.width;
    p.picture.height = image.height;
    const int stride = static_cast<int>(image.stride);
    const int imported = image.channels == 4 ? WebPPictureImportRGBA(&p.picture, image.data, stride)
                                             : WebPPictureImportRGB(&p.picture, image.data, stride);
    if (imported == 0) {
        return outOfMemory();
    }
    MemoryWriter w;
    p.picture.writer = WebPMemoryWrite;
    p.picture.custom_ptr = &w.writer;
    p.picture.progress_hook = onProgress;
    p.picture.user_data = const_cast<CancelToken*>(cancel);
    if (WebPEncode(&config, &p.picture) == 0) {
        return encodeError(p.picture.error_code);
    }
    if (metadata.icc.empty() && metadata.exif.empty()) {
        return std::vector<std::uint8_t>(w.writer.mem, w.writer.mem + w.writer.size);
    }
    return withMetadata(w.writer, metadata);
}

} // namespace dropsize

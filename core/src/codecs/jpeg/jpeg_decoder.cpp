// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "codecs/jpeg/jpeg_decoder.h"

#include "codecs/exif.h"
#include "codecs/jpeg/jpeg_error.h"
#include "dropsize/core/build_config.h"

#if DROPSIZE_WITH_LCMS2
#include "codecs/cmyk_transform.h"

#include <optional>
#endif

#include <algorithm>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <new>
#include <span>
#include <string>
#include <utility>
#include <vector>

extern "C" {
#include <jerror.h>
}

// The setjmp rule of jpeg_error.h holds here: createC(), readHeaderC(), calcOutputC() and
// decodeC() are the only functions with setjmp(), and no object with a destructor is alive in
// them.

namespace dropsize {

namespace jpeg {

    // The file in memory as libjpeg's data source, given in one piece or in longer and longer
    // prefixes. At the end of a prefix it suspends: libjpeg returns JPEG_SUSPENDED, keeps what it
    // has read, and reads on from the same byte once rebase() points it at more of the file. At
    // the end of the whole file it does what jpeg_mem_src() does.
    struct MemorySource {
        jpeg_source_mgr pub;
        const JOCTET* data; // the bytes given so far
        std::size_t size;
        std::size_t skip; // bytes libjpeg skipped past the end of `data`, to skip once given
        bool whole; // `data` is all of the file
        bool ended; // libjpeg read past the whole file and was given an EOI marker instead
    };

    struct Decompressor {
        jpeg_decompress_struct cinfo {};
        ErrorManager err {};
        jpeg_progress_mgr progress {};
        MemorySource source {};
        bool created = false;
#if DROPSIZE_WITH_LCMS2
        // A CMYK image's transform to sRGB, made with the header (its profile is known then, and
        // a profile it cannot use is said on the job from there).
        std::optional<CmykTransform> cmyk;
#endif
        // Set up for decodeC() by startPixels():
        std::unique_ptr<unsigned char[]> cmykRow;
        bool invertedCmyk = false;

        Decompressor() = default;
        Decompressor(const Decompressor&) = delete;
        Decompressor& operator=(const Decompressor&) = delete;
        ~Decompressor()
        {
            if (created) {
                jpeg_destroy_decompress(&cinfo);
            }
        }
    };

} // namespace jpeg

namespace {

    using jpeg::Decompressor;
    using jpeg::MemorySource;

    // A JPEG's ICC profile, put together from its APP2 "ICC_PROFILE" segments as Pillow 9.4 does
    // (libjpeg's jpeg_read_icc_profile() is stricter): the segments sorted by their bytes (so by
    // sequence number), and joined when the first says as many parts as there are; else there
    // is no profile, and `problem` says why.
    struct IccProfile {
        std::vector<std::uint8_t> bytes;
        Text problem;
    };

    IccProfile iccProfileOf(jpeg_saved_marker_ptr markers)
    {
        constexpr std::size_t kHead = 14; // "ICC_PROFILE\0", sequence number, number of parts
        std::vector<std::span<const std::uint8_t>> parts;
        for (jpeg_saved_marker_ptr m = markers; m != nullptr; m = m->next) {
            if (m->marker == JPEG_APP0 + 2 && m->data_length >= 12
                && std::memcmp(m->data, "ICC_PROFILE\0", 12) == 0) {
                parts.emplace_back(m->data, m->data_length);
            }
        }
        IccProfile profile;
        if (parts.empty()) {
            return profile;
        }
        std::stable_sort(parts.begin(), parts.end(), [](const auto& a, const auto& b) {
            return std::lexicographical_compare(a.begin(), a.end(), b.begin(), b.end());
        });
        if (parts.front().size() < kHead) {
            profile.problem = Text::tr("its first part is cut short");
            return profile;
        }
        if (parts.front()[13] != parts.size()) {
            profile.problem = Text::tr("its parts do not add up: it says %1, the file holds %2")
                                  .arg(int { parts.front()[13] })
                                  .arg(parts.size());
            return profile;
        }
        for (const auto& part : parts) {
            if (part.size() > kHead) {
                profile.bytes.insert(profile.bytes.end(), part.begin() + kHead, part.end());
            }
        }
        return profile;
    }

    void initSource(j_decompress_ptr) { }

    void termSource(j_decompress_ptr) { }

    boolean fillInput(j_decompress_ptr cinfo)
    {
        auto* src = reinterpret_cast<MemorySource*>(cinfo->src);
        if (!src->whole) {
            return FALSE; // suspends; the rest of the file comes by rebase()
        }
        // As jpeg_mem_src(): the data ends early, which is a warning (an error for us), and an
        // EOI marker ends what libjpeg reads.
        static const JOCTET kEoi[2] = { 0xff, JPEG_EOI };
        cinfo->err->msg_code = JWRN_JPEG_EOF;
        (*cinfo->err->emit_message)(reinterpret_cast<j_common_ptr>(cinfo), -1);
        src->ended = true;
        src->pub.next_input_byte = kEoi;
        src->pub.bytes_in_buffer = 2;
        return TRUE;
    }

    void skipInput(j_decompress_ptr cinfo, long count)
    {
        auto* src = reinterpret_cast<MemorySource*>(cinfo->src);
        if (count <= 0) {
            return;
        }
        auto n = static_cast<std::size_t>(count);
        while (n > src->pub.bytes_in_buffer) {
            n -= src->pub.bytes_in_buffer;
            if (!src->whole) {
                // A skip cannot suspend: the source skips the rest once it is given.
                src->pub.next_input_byte += src->pub.bytes_in_buffer;
                src->pub.bytes_in_buffer = 0;
                src->skip += n;
                return;
            }
            (void)fillInput(cinfo);
        }
        src->pub.next_input_byte += n;
        src->pub.bytes_in_buffer -= n;
    }

    void startSource(MemorySource* src, const JOCTET* data, std::size_t size, bool whole)
    {
        src->pub.init_source = initSource;
        src->pub.fill_input_buffer = fillInput;
        src->pub.skip_input_data = skipInput;
        src->pub.resync_to_restart = jpeg_resync_to_restart;
        src->pub.term_source = termSource;
        src->pub.next_input_byte = data;
        src->pub.bytes_in_buffer = size;
        src->data = data;
        src->size = size;
        src->skip = 0;
        src->whole = whole;
        src->ended = false;
    }

    // Points the source at more of the same file, at the byte where libjpeg stands.
    void rebase(MemorySource* src, const JOCTET* data, std::size_t size, bool whole)
    {
        if (src->ended) {
            return; // past the end of the whole file already: there is nothing more
        }
        const std::size_t at
            = static_cast<std::size_t>(src->pub.next_input_byte - src->data) + src->skip;
        const std::size_t from = at < size ? at : size;
        src->data = data;
        src->size = size;
        src->skip = at - from;
        src->whole = whole;
        src->pub.next_input_byte = data + from;
        src->pub.bytes_in_buffer = size - from;
    }

    bool createC(Decompressor* d, int maxScans, long memoryLimit)
    {
        jpeg::setupErrors(&d->err, maxScans);
        d->cinfo.err = &d->err.pub;
        if (setjmp(d->err.jump)) {
            return false;
        }
        jpeg_CreateDecompress(&d->cinfo, JPEG_LIB_VERSION, sizeof(d->cinfo));
        d->created = true;
        d->cinfo.mem->max_memory_to_use = memoryLimit;
        d->progress.progress_monitor = jpeg::onProgress;
        d->cinfo.progress = &d->progress;
        d->cinfo.src = &d->source.pub;
        if (d->source.size == 0) { // as jpeg_mem_src()
            d->cinfo.err->msg_code = JERR_INPUT_EMPTY;
            (*d->cinfo.err->error_exit)(reinterpret_cast<j_common_ptr>(&d->cinfo));
        }
        jpeg_save_markers(&d->cinfo, JPEG_APP0 + 1, 0xffff);
        jpeg_save_markers(&d->cinfo, JPEG_APP0 + 2, 0xffff);
        return true;
    }

    enum class HeaderEnd { Done, Suspended, Failed };

    HeaderEnd readHeaderC(Decompressor* d)
    {
        if (setjmp(d->err.jump)) {
            return HeaderEnd::Failed;
        }
        if (jpeg_read_header(&d->cinfo, TRUE) == JPEG_SUSPENDED) {
            return HeaderEnd::Suspended;
        }
        return HeaderEnd::Done;
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

    // One row of libjpeg's CMYK (YCCK comes out of it as CMYK) to RGB: through the image's ICC
    // transform where lcms2 is built in, else by the plain formula, which knows no profile. CMYK
    // as Adobe writes it is inverted: the stored value is 255 - ink.
    void cmykRowToRgb(const Decompressor& d, const unsigned char* in, unsigned char* out, int width)
    {
#if DROPSIZE_WITH_LCMS2
        d.cmyk->toRgb(in, out, width);
#else
        const bool inverted = d.invertedCmyk;
        for (int x = 0; x < width; ++x, in += 4, out += 3) {
            const unsigned k = inverted ? in[3] : 255u - in[3];
            for (int c = 0; c < 3; ++c) {
                const unsigned v = inverted ? in[c] : 255u - in[c];
                out[c] = static_cast<unsigned char>((v * k + 127u) / 255u);
            }
        }
#endif
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

    DecodeEnd decodeC(Decompressor* d, const RowSink* sink, const CancelToken* cancel)
    {
        constexpr auto kRows = static_cast<JDIMENSION>(JpegDecoder::kRowsPerCall);
        if (setjmp(d->err.jump)) {
            return DecodeEnd::Failed;
        }
        jpeg_start_decompress(&d->cinfo);
        const auto width = static_cast<int>(d->cinfo.output_width);
        unsigned char* cmykRow = d->cmykRow.get();
        while (d->cinfo.output_scanline < d->cinfo.output_height) {
            if (cancel != nullptr && cancel->stopRequested()) {
                return DecodeEnd::Cancelled;
            }
            int maxRows = 0;
            std::ptrdiff_t stride = 0;
            unsigned char* dst = sink->next(sink->context, &maxRows, &stride);
            const JDIMENSION left = d->cinfo.output_height - d->cinfo.output_scanline;
            JDIMENSION n = left < kRows ? left : kRows;
            if (n > static_cast<JDIMENSION>(maxRows)) {
                n = static_cast<JDIMENSION>(maxRows);
            }
            if (cmykRow != nullptr) {
                for (JDIMENSION i = 0; i < n; ++i) {
                    JSAMPROW row = cmykRow;
                    jpeg_read_scanlines(&d->cinfo, &row, 1);
                    cmykRowToRgb(*d, cmykRow, dst + static_cast<std::ptrdiff_t>(i) * stride, width);
                }
            } else {
                JSAMPROW rows[kRows];
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

    Error jpegError(const jpeg::ErrorManager& err)
    {
        return Error::of(
            jpeg::classify(err), Text::tr("%1: %2").arg("JPEG").arg(jpeg::describe(err)));
    }

    // Runs the decode and lets the decompressor go: its memory (all of a progressive image's
    // coefficients) is not held while the job resizes and encodes.
    Status runDecode(
        std::unique_ptr<Decompressor>& d, const RowSink& sink, const CancelToken* cancel)
    {
        Status status;
        switch (decodeC(d.get(), &sink, cancel)) {
        case DecodeEnd::Done:
        case DecodeEnd::Stopped:
            break;
        case DecodeEnd::Cancelled:
            status = Error::of(ErrorCode::Cancelled, Text::tr("cancelled"));
            break;
        case DecodeEnd::Failed:
            status = jpegError(d->err);
            break;
        }
        d.reset();
        return status;
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
        const RowConsumer* consume;
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
                self->status = Error::of(ErrorCode::OutOfMemory, Text::tr("out of memory"));
            }
            return self->status.ok();
        }
    };

} // namespace

JpegDecoder::JpegDecoder(const DecodeLimits& limits)
    : m_d(std::make_unique<Decompressor>())
    , m_limits(limits)
{
}

long jpegMemoryLimit(std::uint64_t bytes) noexcept
{
    return static_cast<long>(std::min<std::uint64_t>(bytes, static_cast<std::uint64_t>(LONG_MAX)));
}

JpegDecoder::~JpegDecoder() = default;

bool JpegDecoder::sniff(std::span<const std::uint8_t> head) noexcept
{
    return head.size() >= 3 && head[0] == 0xff && head[1] == 0xd8 && head[2] == 0xff;
}

Result<std::unique_ptr<ImageDecoder>> JpegDecoder::open(
    std::span<const std::uint8_t> file, const DecodeLimits& limits, bool wholeFile)
{
    std::unique_ptr<JpegDecoder> decoder(new JpegDecoder(limits));
    Decompressor& d = *decoder->m_d;
    startSource(&d.source, file.data(), file.size(), wholeFile);
    countHeaderRead();
    if (!createC(&d, limits.maxScans, jpegMemoryLimit(limits.maxMemoryBytes))) {
        return jpegError(d.err);
    }
    if (auto read = decoder->readHeaderOn(); !read) {
        return std::move(read).error();
    }
    return std::unique_ptr<ImageDecoder>(std::move(decoder));
}

Status JpegDecoder::readHeaderOn()
{
    switch (readHeaderC(m_d.get())) {
    case HeaderEnd::Failed:
        return jpegError(m_d->err);
    case HeaderEnd::Suspended:
        return {};
    case HeaderEnd::Done:
        break;
    }
    const jpeg_decompress_struct& c = m_d->cinfo;
    ImageHeader h;
    h.format = ImageFormat::Jpeg;
    h.info.width = static_cast<int>(c.image_width);
    h.info.height = static_cast<int>(c.image_height);
    h.info.dctScalable = true;
    h.progressive = c.progressive_mode != 0;
    h.cmyk = c.jpeg_color_space == JCS_CMYK || c.jpeg_color_space == JCS_YCCK;
    if (c.num_components == 1) {
        h.info.channels = 1;
    } else if (c.num_components == 3 || h.cmyk) {
        h.info.channels = 3;
    } else {
        return Error::of(ErrorCode::UnsupportedFormat,
            Text::tr("JPEG with %1 colour components is not supported").arg(c.num_components));
    }
    if (std::uint64_t { c.image_width } * c.image_height > m_limits.maxPixels) {
        return Error::of(
            ErrorCode::LimitExceeded, limitText(c.image_width, c.image_height, m_limits.maxPixels));
    }
    for (jpeg_saved_marker_ptr m = c.marker_list; m != nullptr; m = m->next) {
        if (m->marker == JPEG_APP0 + 1 && m->data_length > 6
            && std::memcmp(m->data, "Exif\0\0", 6) == 0 && h.metadata.exif.empty()) {
            h.metadata.exif.assign(m->data + 6, m->data + m->data_length);
        }
    }
    IccProfile icc = iccProfileOf(c.marker_list);
    // CMYK is decoded to RGB, which a CMYK profile does not describe: it is not carried on. The
    // RGB is sRGB, which an image without a profile is taken to be: none is added either.
    if (!h.cmyk) {
        h.metadata.icc = std::move(icc.bytes);
        if (!icc.problem.empty()) {
            h.warning = Text::tr("its ICC profile was left out (%1)").arg(std::move(icc.problem));
        }
    }
#if DROPSIZE_WITH_LCMS2
    if (h.cmyk) {
        Text warning;
        auto made = CmykTransform::create(
            icc.bytes, c.saw_Adobe_marker != 0, m_limits.maxMemoryBytes, warning);
        if (!made) {
            return std::move(made).error();
        }
        m_d->cmyk.emplace(std::move(made).value());
        if (!icc.problem.empty()) {
            warning = CmykTransform::standardUsedBecause(std::move(icc.problem));
        }
        if (!warning.empty()) {
            h.warning = Text::tr("CMYK: %1").arg(std::move(warning));
        }
    }
#endif
    h.info.orientation = exifOrientation(h.metadata.exif);
    m_header = std::move(h);
    m_hasHeader = true;
    return {};
}

Status JpegDecoder::extend(std::span<const std::uint8_t> file, bool wholeFile)
{
    if (!m_d || file.size() < m_d->source.size) {
        return Error::of(
            ErrorCode::Internal, Text::tr("a %1 decoder was given less than it had").arg("JPEG"));
    }
    rebase(&m_d->source, file.data(), file.size(), wholeFile);
    return m_hasHeader ? Status {} : readHeaderOn();
}

std::uint64_t JpegDecoder::workingMemory(Size decoded, bool) const noexcept
{
    // libjpeg keeps every DCT coefficient of a progressive image: 2 bytes per sample, whatever
    // the scale and however the rows leave.
    std::uint64_t held = m_header.progressive
        ? Image::byteSize(m_header.info.width, m_header.info.height, 3) * 2
        : 0;
    if (m_header.cmyk) {
        held += Image::byteSize(decoded.width, 1, 4); // the CMYK row before it becomes RGB
#if DROPSIZE_WITH_LCMS2
        if (m_d && m_d->cmyk) {
            held += m_d->cmyk->memoryBytes(); // lcms2's transform: about 0.5 MB
        }
#endif
    }
    return held;
}

Status JpegDecoder::startPixels(int dctScale)
{
    if (!m_hasHeader || !m_d) {
        return Error::of(ErrorCode::Internal,
            Text::tr("a %1's pixels are read once, after its header").arg("JPEG"));
    }
    if (!m_d->source.whole) {
        return Error::of(
            ErrorCode::Internal, Text::tr("a %1 decoder has only part of the file").arg("JPEG"));
    }
    if (dctScale != 1 && dctScale != 2 && dctScale != 4 && dctScale != 8) {
        return Error::of(ErrorCode::InvalidArgument,
            Text::tr("DCT scale must be %1, %2, %3 or %4").arg(1).arg(2).arg(4).arg(8));
    }
    const J_COLOR_SPACE space
        = m_header.info.channels == 1 ? JCS_GRAYSCALE : (m_header.cmyk ? JCS_CMYK : JCS_RGB);
    if (!calcOutputC(m_d.get(), dctScale, space)) {
        return jpegError(m_d->err);
    }
    if (m_header.cmyk) {
        m_d->cmykRow.reset(new (
            std::nothrow) unsigned char[static_cast<std::size_t>(m_d->cinfo.output_width) * 4]);
        if (!m_d->cmykRow) {
            return Error::of(ErrorCode::OutOfMemory, Text::tr("not enough memory for a CMYK row"));
        }
    }
    m_d->invertedCmyk = m_d->cinfo.saw_Adobe_marker != 0;
    return {};
}

Result<Image> JpegDecoder::decode(int dctScale, const CancelToken* cancel)
{
    if (auto started = startPixels(dctScale); !started) {
        return std::move(started).error();
    }
    const auto width = static_cast<int>(m_d->cinfo.output_width);
    const auto height = static_cast<int>(m_d->cinfo.output_height);
    const int channels = m_header.info.channels;
    if (Image::byteSize(width, height, channels) > m_limits.maxMemoryBytes) {
        return decodeMemoryError();
    }
    auto made = Image::allocate(width, height, channels);
    if (!made) {
        return made;
    }
    ImageSink target { made->view() };
    const RowSink sink { ImageSink::next, ImageSink::done, &target };
    if (auto status = runDecode(m_d, sink, cancel); !status) {
        return std::move(status).error();
    }
    return made;
}

Status JpegDecoder::decodeRows(
    int dctScale, Size expected, const RowConsumer& consume, const CancelToken* cancel)
{
    if (auto started = startPixels(dctScale); !started) {
        return started;
    }
    const auto width = static_cast<int>(m_d->cinfo.output_width);
    const auto height = static_cast<int>(m_d->cinfo.output_height);
    if (width != expected.width || height != expected.height) {
        return Error::of(ErrorCode::Internal, Text::tr("decoded size differs from the plan"));
    }
    auto buffer = Image::allocate(width, kRowsPerCall, m_header.info.channels);
    if (!buffer) {
        return std::move(buffer).error();
    }
    ConsumerSink target { buffer->data(), buffer->stride(), &consume, {} };
    const RowSink sink { ConsumerSink::next, ConsumerSink::done, &target };
    if (auto status = runDecode(m_d, sink, cancel); !status) {
        return status;
    }
    return std::move(target.status);
}

} // namespace dropsize

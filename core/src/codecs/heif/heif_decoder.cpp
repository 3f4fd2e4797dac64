// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "codecs/heif/heif_decoder.h"

#include "codecs/heif/heif_error.h"

#include <algorithm>
#include <cstring>
#include <libheif/heif.h>
#include <string>
#include <vector>

namespace dropsize {

namespace {

    // libheif's own side limit (heif_limits.h: MAX_IMAGE_WIDTH and MAX_IMAGE_HEIGHT), which it
    // checks for every image of a file as it parses, thumbnails and tiles included.
    constexpr std::uint64_t kLibheifLargestSide = 32768;

    // An ftyp box with more brands than this is not an image's.
    constexpr std::uint32_t kLargestFtyp = 4096;

    // The brands are read from the first 64 bytes only, which the planner sniffs (FileHead):
    // any longer part of the file then gives the same answer. An image's ftyp box, with its
    // 2 to 6 brands, is 24 to 40 bytes long.
    constexpr std::size_t kSniffBytes = 64;

    // A colour profile or EXIF block larger than this is dropped, not read: a JPEG's EXIF fits
    // in 64 KiB, and the largest ICC profiles people use are a few MiB.
    constexpr std::size_t kLargestMetadata = std::size_t { 16 } << 20;

    std::uint32_t be32(const std::uint8_t* p) noexcept
    {
        return (std::uint32_t { p[0] } << 24) | (std::uint32_t { p[1] } << 16)
            | (std::uint32_t { p[2] } << 8) | p[3];
    }

    std::uint64_t be64(const std::uint8_t* p) noexcept
    {
        return (std::uint64_t { be32(p) } << 32) | be32(p + 4);
    }

    enum class Brand { None, Generic, Heif, Avif };

    Brand brandOf(const std::uint8_t* fourcc) noexcept
    {
        static constexpr const char* kHevc[] = { "heic", "heix", "heim", "heis", "hevc", "hevx" };
        static constexpr const char* kAv1[] = { "avif", "avis" };
        const auto is = [&](const char* name) { return std::memcmp(fourcc, name, 4) == 0; };
        if (std::any_of(std::begin(kAv1), std::end(kAv1), is)) {
            return Brand::Avif;
        }
        if (std::any_of(std::begin(kHevc), std::end(kHevc), is)) {
            return Brand::Heif;
        }
        return is("mif1") || is("msf1") ? Brand::Generic : Brand::None;
    }

    // What the ftyp box at the file's start says: its major brand when that names a coding,
    // else AVIF when a compatible brand says so, else HEIF when one says HEVC or only mif1/msf1
    // (libheif then reads the primary image whatever its coding).
    Brand fileBrand(std::span<const std::uint8_t> head) noexcept
    {
        if (head.size() < 16 || std::memcmp(head.data() + 4, "ftyp", 4) != 0) {
            return Brand::None;
        }
        const std::uint32_t size = be32(head.data());
        if (size < 16 || size > kLargestFtyp) {
            return Brand::None;
        }
        const Brand major = brandOf(head.data() + 8);
        if (major == Brand::Heif || major == Brand::Avif) {
            return major;
        }
        bool hevc = false;
        bool generic = major == Brand::Generic;
        const std::size_t end = std::min<std::size_t>({ size, head.size(), kSniffBytes });
        for (std::size_t at = 16; at + 4 <= end; at += 4) {
            switch (brandOf(head.data() + at)) {
            case Brand::Avif:
                return Brand::Avif;
            case Brand::Heif:
                hevc = true;
                break;
            case Brand::Generic:
                generic = true;
                break;
            case Brand::None:
                break;
            }
        }
        return hevc || generic ? Brand::Heif : Brand::None;
    }

    // Where the top-level boxes end, by their sizes: past the bytes when the file is cut (a box
    // whose size is 0 runs to the end of the file).
    std::uint64_t boxesEnd(std::span<const std::uint8_t> data) noexcept
    {
        std::uint64_t at = 0;
        while (at + 8 <= data.size()) {
            std::uint64_t size = be32(data.data() + at);
            std::uint64_t headerSize = 8;
            if (size == 1) {
                if (at + 16 > data.size()) {
                    return at + 16;
                }
                size = be64(data.data() + at + 8);
                headerSize = 16;
            } else if (size == 0) {
                return data.size();
            }
            if (size < headerSize || size > data.size() - at) {
                return size < headerSize ? data.size() : at + size;
            }
            at += size;
        }
        return at + 8 > data.size() && at < data.size() ? at + 8 : data.size();
    }

    // An error of the format's: "HEIF: why" or "AVIF: why".
    Error prefixed(ErrorCode code, ImageFormat format, Text why)
    {
        return Error::of(code,
            Text::tr("%1: %2")
                .arg(format == ImageFormat::Avif ? "AVIF" : "HEIF")
                .arg(std::move(why)));
    }

    Error heifError(const heif_error& e, ImageFormat format)
    {
        ErrorCode code = ErrorCode::CorruptData;
        switch (e.code) {
        case heif_error_Unsupported_filetype:
        case heif_error_Unsupported_feature:
            code = ErrorCode::UnsupportedFormat;
            break;
        case heif_error_Memory_allocation_error:
            code = e.subcode == heif_suberror_Security_limit_exceeded ? ErrorCode::LimitExceeded
                                                                      : ErrorCode::OutOfMemory;
            break;
        default:
            break;
        }
        if (e.message == nullptr) {
            return prefixed(code, format, Text::tr("%1 failed").arg("libheif"));
        }
        return prefixed(code, format, heif::describe(e));
    }

    struct ImageRelease {
        void operator()(heif_image* image) const noexcept { heif_image_release(image); }
    };
    using HeifImage = std::unique_ptr<heif_image, ImageRelease>;

    struct HandleRelease {
        void operator()(heif_image_handle* handle) const noexcept
        {
            heif_image_handle_release(handle);
        }
    };
    using HeifHandle = std::unique_ptr<heif_image_handle, HandleRelease>;

} // namespace

namespace heif {

    // libheif's context on the whole file, read through a reader of the bytes given: extend()
    // may give the same bytes in a new buffer (the caller frees the old one), and the reader
    // follows them where a memory reader would not.
    struct ReadState {
        heif_context* context = nullptr;
        HeifHandle primary;
        const std::uint8_t* data = nullptr;
        std::int64_t size = 0;
        std::int64_t position = 0;

        ReadState() = default;
        ReadState(const ReadState&) = delete;
        ReadState& operator=(const ReadState&) = delete;
        ~ReadState()
        {
            primary.reset();
            if (context != nullptr) {
                heif_context_free(context);
            }
        }
    };

} // namespace heif

namespace {

    using heif::ReadState;

    std::int64_t readerPosition(void* userdata)
    {
        return static_cast<ReadState*>(userdata)->position;
    }

    int readerRead(void* data, std::size_t size, void* userdata)
    {
        auto* s = static_cast<ReadState*>(userdata);
        if (size > static_cast<std::uint64_t>(s->size - s->position)) {
            return 1;
        }
        if (size == 0) {
            return 0; // libheif reads empty boxes with a null `data` (found by tests/fuzz)
        }
        std::memcpy(data, s->data + s->position, size);
        s->position += static_cast<std::int64_t>(size);
        return 0;
    }

    int readerSeek(std::int64_t position, void* userdata)
    {
        auto* s = static_cast<ReadState*>(userdata);
        if (position < 0 || position > s->size) {
            return 1;
        }
        s->position = position;
        return 0;
    }

    // A box cut by the end of the file ends libheif's parse, and an item cut there fails it.
    heif_reader_grow_status readerWait(std::int64_t target, void* userdata)
    {
        return target <= static_cast<ReadState*>(userdata)->size
            ? heif_reader_grow_status_size_reached
            : heif_reader_grow_status_size_beyond_eof;
    }

    constexpr heif_reader kReader = { 1, readerPosition, readerRead, readerSeek, readerWait };

    // The primary image decoded by libheif, interleaved 8-bit RGB or RGBA.
    struct Decoded {
        HeifImage image;
        std::uint8_t* pixels = nullptr;
        int stride = 0;
    };

    Result<Decoded> decodePrimary(
        const ReadState& s, const ImageHeader& header, const CancelToken* cancel)
    {
        if (cancel != nullptr && cancel->stopRequested()) {
            return Error::of(ErrorCode::Cancelled, Text::tr("cancelled"));
        }
        const bool alpha = header.info.channels == 4;
        heif_image* decoded = nullptr;
        // libheif applies the file's transforms here (ignore_transformations stays 0), and an
        // 8-bit interleaved output reduces 10 and 12 bits the way its own tools do.
        const heif_error e = heif_decode_image(s.primary.get(), &decoded, heif_colorspace_RGB,
            alpha ? heif_chroma_interleaved_RGBA : heif_chroma_interleaved_RGB, nullptr);
        HeifImage image(decoded);
        if (e.code != heif_error_Ok) {
            return heifError(e, header.format);
        }
        if (cancel != nullptr && cancel->stopRequested()) {
            return Error::of(ErrorCode::Cancelled, Text::tr("cancelled"));
        }
        Decoded out;
        out.pixels = heif_image_get_plane(image.get(), heif_channel_interleaved, &out.stride);
        if (out.pixels == nullptr
            || heif_image_get_width(image.get(), heif_channel_interleaved) != header.info.width
            || heif_image_get_height(image.get(), heif_channel_interleaved) != header.info.height) {
            return prefixed(ErrorCode::CorruptData, header.format,
                Text::tr("the decoded image differs in size from its header"));
        }
        out.image = std::move(image);
        return out;
    }

} // namespace

HeifDecoder::HeifDecoder(ImageFormat format, const DecodeLimits& limits)
    : m_limits(limits)
{
    m_header.format = format;
}

HeifDecoder::~HeifDecoder() = default;

bool HeifDecoder::sniffHeif(std::span<const std::uint8_t> head) noexcept
{
    return fileBrand(head) == Brand::Heif;
}

bool HeifDecoder::sniffAvif(std::span<const std::uint8_t> head) noexcept
{
    return fileBrand(head) == Brand::Avif;
}

Result<std::unique_ptr<ImageDecoder>> HeifDecoder::open(
    std::span<const std::uint8_t> file, const DecodeLimits& limits, bool wholeFile)
{
    const ImageFormat format = sniffAvif(file) ? ImageFormat::Avif : ImageFormat::Heif;
    std::unique_ptr<HeifDecoder> decoder(new HeifDecoder(format, limits));
    decoder->m_file = file;
    decoder->m_whole = wholeFile;
    countHeaderRead();
    if (auto read = decoder->readHeaderOn(); !read) {
        return std::move(read).error();
    }
    return std::unique_ptr<ImageDecoder>(std::move(decoder));
}

namespace {

    // The primary image has a size, and neither it, its coded size (before a crop or rotation:
    // what libheif allocates) nor an auxiliary image's (the alpha is decoded with the primary) is
    // over the pixel limit.
    Status checkSizes(heif_image_handle* primary, ImageFormat format, const DecodeLimits& limits)
    {
        const int width = heif_image_handle_get_width(primary);
        const int height = heif_image_handle_get_height(primary);
        if (width <= 0 || height <= 0) {
            return prefixed(
                ErrorCode::CorruptData, format, Text::tr("the primary image has no size"));
        }
        const auto over = [&](std::int64_t w, std::int64_t h) {
            return w > 0 && h > 0 && static_cast<std::uint64_t>(w * h) > limits.maxPixels;
        };
        if (over(width, height)) {
            return Error::of(ErrorCode::LimitExceeded,
                limitText(static_cast<std::uint64_t>(width), static_cast<std::uint64_t>(height),
                    limits.maxPixels));
        }
        const int codedWidth = heif_image_handle_get_ispe_width(primary);
        const int codedHeight = heif_image_handle_get_ispe_height(primary);
        if (over(codedWidth, codedHeight)) {
            return Error::of(ErrorCode::LimitExceeded,
                limitText(static_cast<std::uint64_t>(codedWidth),
                    static_cast<std::uint64_t>(codedHeight), limits.maxPixels));
        }
        const int auxCount = heif_image_handle_get_number_of_auxiliary_images(primary, 0);
        std::vector<heif_item_id> auxIds(static_cast<std::size_t>(std::max(auxCount, 0)));
        heif_image_handle_get_list_of_auxiliary_image_IDs(primary, 0, auxIds.data(), auxCount);
        for (const heif_item_id id : auxIds) {
            heif_image_handle* aux = nullptr;
            if (heif_image_handle_get_auxiliary_image_handle(primary, id, &aux).code
                != heif_error_Ok) {
                continue;
            }
            const HeifHandle auxHandle(aux);
            const int w = heif_image_handle_get_width(aux);
            const int h = heif_image_handle_get_height(aux);
            if (over(w, h)) {
                return prefixed(ErrorCode::LimitExceeded, format,
                    Text::tr("an auxiliary image: %1")
                        .arg(limitText(static_cast<std::uint64_t>(w), static_cast<std::uint64_t>(h),
                            limits.maxPixels)));
            }
        }
        return {};
    }

    // An ICC profile ('prof' or 'rICC') travels; an nclx description does not need to, as
    // libheif converts its YCbCr to RGB by it. Empty when there is none, or it is too large.
    std::vector<std::uint8_t> colorProfile(heif_image_handle* primary)
    {
        const heif_color_profile_type profile = heif_image_handle_get_color_profile_type(primary);
        if (profile != heif_color_profile_type_prof && profile != heif_color_profile_type_rICC) {
            return {};
        }
        const std::size_t size = heif_image_handle_get_raw_color_profile_size(primary);
        if (size == 0 || size > kLargestMetadata) {
            return {};
        }
        std::vector<std::uint8_t> icc(size);
        if (heif_image_handle_get_raw_color_profile(primary, icc.data()).code != heif_error_Ok) {
            return {};
        }
        return icc;
    }

} // namespace

Status HeifDecoder::readHeaderOn()
{
    const ImageFormat format = m_header.format;
    if (!m_whole) {
        return {}; // libheif 1.15 reads every item's data as it parses: it needs the whole file
    }
    auto s = std::make_unique<ReadState>();
    s->data = m_file.data();
    s->size = static_cast<std::int64_t>(m_file.size());
    s->context = heif_context_alloc();
    if (s->context == nullptr) {
        return prefixed(ErrorCode::OutOfMemory, format, Text::tr("out of memory"));
    }
    // libheif refuses any image of the file with a side over this as it parses; the pixel
    // limit itself is checked below, on the images that are decoded.
    heif_context_set_maximum_image_size_limit(s->context,
        static_cast<int>(std::clamp<std::uint64_t>(m_limits.maxPixels, 1, kLibheifLargestSide)));
    // One level of parallelism: the batch runs images side by side, so a grid's tiles are
    // decoded on this thread.
    heif_context_set_max_decoding_threads(s->context, 0);
    heif_error e = heif_context_read_from_reader(s->context, &kReader, s.get(), nullptr);
    heif_image_handle* primary = nullptr;
    if (e.code == heif_error_Ok) {
        e = heif_context_get_primary_image_handle(s->context, &primary);
        s->primary.reset(primary);
    }
    if (e.code != heif_error_Ok) {
        if (const std::uint64_t end = boxesEnd(m_file);
            end > m_file.size() && e.subcode != heif_suberror_Security_limit_exceeded) {
            return prefixed(ErrorCode::CorruptData, format,
                Text::tr("file is truncated: its boxes run to byte %1, past its end at %2")
                    .arg(end)
                    .arg(m_file.size()));
        }
        return heifError(e, format);
    }

    if (Status fits = checkSizes(primary, format, m_limits); !fits) {
        return fits;
    }
    const int width = heif_image_handle_get_width(primary);
    const int height = heif_image_handle_get_height(primary);
    const bool alpha = heif_image_handle_has_alpha_channel(primary) != 0;
    m_header.info.width = width;
    m_header.info.height = height;
    m_header.info.channels = alpha ? 4 : 3;
    m_header.info.dctScalable = false;
    m_header.info.orientation = 1; // libheif applies the transforms; the EXIF tag is not used
    const int bits = heif_image_handle_get_luma_bits_per_pixel(primary);
    m_header.bitDepth = bits > 0 ? bits : 8;
    if (Image::byteSize(width, height, m_header.info.channels) > m_limits.maxMemoryBytes) {
        return decodeMemoryError();
    }

    m_header.metadata.icc = colorProfile(primary);
    m_s = std::move(s);
    m_hasHeader = true;
    readExif();
    return {};
}

void HeifDecoder::readExif()
{
    heif_image_handle* primary = m_s->primary.get();
    heif_item_id id = 0;
    if (heif_image_handle_get_list_of_metadata_block_IDs(primary, "Exif", &id, 1) < 1) {
        return;
    }
    const std::size_t size = heif_image_handle_get_metadata_size(primary, id);
    if (size < 4 || size > kLargestMetadata) {
        return; // dropped
    }
    std::vector<std::uint8_t> block(size);
    if (heif_image_handle_get_metadata(primary, id, block.data()).code != heif_error_Ok) {
        return;
    }
    // The block starts with the offset of the TIFF header from the end of those 4 bytes
    // (usually 0; 6 when the writer kept JPEG's "Exif\0\0").
    const std::uint64_t tiff = 4 + std::uint64_t { be32(block.data()) };
    if (tiff < size) {
        m_header.metadata.exif.assign(
            block.begin() + static_cast<std::ptrdiff_t>(tiff), block.end());
    }
}

Status HeifDecoder::extend(std::span<const std::uint8_t> file, bool wholeFile)
{
    if (file.size() < m_file.size()) {
        return Error::of(
            ErrorCode::Internal, Text::tr("a %1 decoder was given less than it had").arg("HEIF"));
    }
    m_file = file;
    m_whole = wholeFile;
    if (m_s) {
        m_s->data = file.data();
        m_s->size = static_cast<std::int64_t>(file.size());
    }
    return m_hasHeader ? Status {} : readHeaderOn();
}

std::uint64_t HeifDecoder::workingMemory(Size decoded, bool) const noexcept
{
    const std::uint64_t pixels = std::uint64_t { static_cast<std::uint32_t>(decoded.width) }
        * static_cast<std::uint32_t>(decoded.height);
    const std::uint64_t planes = m_header.info.channels == 4 ? 4 : 3;
    const std::uint64_t sampleBytes = m_header.bitDepth > 8 ? 2 : 1;
    // The decoded YCbCr (4:4:4 at most) and alpha planes; for more than 8 bits the 8-bit copy
    // libheif makes of them; its interleaved result; and the coded data it reads out of the
    // file (well under a byte a pixel).
    return pixels * planes * sampleBytes + (sampleBytes > 1 ? pixels * planes : 0)
        + pixels * static_cast<std::uint64_t>(m_header.info.channels) + pixels;
}

Result<Image> HeifDecoder::decode(int dctScale, const CancelToken* cancel)
{
    if (!m_hasHeader || !m_s) {
        return Error::of(ErrorCode::Internal,
            Text::tr("a %1's pixels are read once, after its header").arg("HEIF"));
    }
    if (!m_whole) {
        return Error::of(
            ErrorCode::Internal, Text::tr("a %1 decoder has only part of the file").arg("HEIF"));
    }
    if (dctScale != 1) {
        return Error::of(
            ErrorCode::InvalidArgument, Text::tr("a %1 is decoded at full size only").arg("HEIF"));
    }
    auto decoded = decodePrimary(*m_s, m_header, cancel);
    m_s.reset(); // libheif's context goes before the copy
    if (!decoded) {
        return std::move(decoded).error();
    }
    auto made = Image::allocate(m_header.info.width, m_header.info.height, m_header.info.channels);
    if (!made) {
        return made;
    }
    const std::size_t rowBytes = static_cast<std::size_t>(m_header.info.width)
        * static_cast<std::size_t>(m_header.info.channels);
    for (int y = 0; y < m_header.info.height; ++y) {
        std::memcpy(made->view().row(y),
            decoded->pixels + static_cast<std::ptrdiff_t>(y) * decoded->stride, rowBytes);
    }
    return made;
}

Status HeifDecoder::decodeRows(
    int dctScale, Size expected, const RowConsumer& consume, const CancelToken* cancel)
{
    if (!m_hasHeader || !m_s || !m_whole || dctScale != 1) {
        return Error::of(
            ErrorCode::Internal, Text::tr("a %1 decoder cannot decode these rows").arg("HEIF"));
    }
    if (m_header.info.width != expected.width || m_header.info.height != expected.height) {
        return Error::of(ErrorCode::Internal, Text::tr("decoded size differs from the plan"));
    }
    auto decoded = decodePrimary(*m_s, m_header, cancel);
    m_s.reset();
    if (!decoded) {
        return std::move(decoded).error();
    }
    for (int y = 0; y < m_header.info.height; y += kRowsPerCall) {
        if (cancel != nullptr && cancel->stopRequested()) {
            return Error::of(ErrorCode::Cancelled, Text::tr("cancelled"));
        }
        const int count = std::min(kRowsPerCall, m_header.info.height - y);
        if (auto taken = consume(decoded->pixels + static_cast<std::ptrdiff_t>(y) * decoded->stride,
                decoded->stride, count);
            !taken) {
            return taken;
        }
    }
    return {};
}

} // namespace dropsize

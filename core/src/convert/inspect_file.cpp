// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "convert/inspect_file.h"

#include "dropsize/core/path_text.h"

#include <algorithm>
#include <span>
#include <utility>

namespace fs = std::filesystem;

namespace dropsize {

namespace {

    // The header is read from the first bytes, and only then is the whole file read, once its
    // memory is taken. A header past the first 256 KiB (big EXIF or ICC segments) is read on
    // from the first 16 MiB; one larger than that is refused, whatever the file's size. The
    // decoder opened on the first bytes goes on with the longer ones, and then with the whole
    // file: each header is parsed once.
    constexpr std::size_t kHeaderPrefixes[] = { 256u << 10, 16u << 20 };

    bool headerIsWholeFile(ImageFormat format) noexcept
    {
#if DROPSIZE_WITH_HEIF
        return format == ImageFormat::Heif || format == ImageFormat::Avif;
#else
        (void)format;
        return false;
#endif
    }

} // namespace

Status readMore(const fs::path& input, platform::FileBytes& bytes, OpenedImage& image,
    std::uint64_t limit, std::size_t maxRead)
{
    auto more = platform::readRegularFile(input, limit, maxRead);
    if (!more) {
        return std::move(more).error();
    }
    // The decoder goes on from what it built on the first bytes: they must be the same
    // bytes in this read, or the file was rewritten in between.
    const auto before = bytes.span();
    const auto now = more->span();
    if (more->fileSize != bytes.fileSize || more->identity != bytes.identity
        || now.size() < before.size() || !std::equal(before.begin(), before.end(), now.begin())) {
        return Error::of(
            ErrorCode::Io, Text::tr("the file changed while it was being read"), utf8(input));
    }
    if (auto extended = image.extend(more->span()); !extended) {
        return extended;
    }
    bytes = std::move(more).value(); // the decoder reads these now
    return {};
}

Result<FileHeader> readFileHeader(const fs::path& input, const ImageProcessor& processor)
{
    const std::uint64_t limit = processor.options().limits.maxMemoryBytes;
    auto head = platform::readRegularFile(input, limit, kHeaderPrefixes[0]);
    if (!head) {
        return std::move(head).error();
    }
    auto image = processor.open(head->span(), head->fileSize);
    if (!image) {
        return std::move(image).error();
    }
    FileHeader header { std::move(head).value(), std::move(image).value() };
    for (const std::size_t prefix : std::span(kHeaderPrefixes).subspan(1)) {
        if (header.image.hasHeader() || header.bytes.size == header.bytes.fileSize) {
            break;
        }
        if (auto read = readMore(input, header.bytes, header.image, limit, prefix); !read) {
            return std::move(read).error();
        }
    }
    // A HEIF's header is its whole file (libheif parses every item as it opens one): past
    // the prefixes, such a file is read whole here, within the memory limit of one image, so
    // that a HEIC or AVIF larger than the last prefix is not refused. One worker holds one
    // such file before its memory is taken; the run reads it no second time.
    if (!header.image.hasHeader() && header.bytes.size < header.bytes.fileSize
        && headerIsWholeFile(sniffFormat(header.bytes.span()))) {
        if (auto read = readMore(input, header.bytes, header.image, limit); !read) {
            return std::move(read).error();
        }
    }
    if (auto finished = header.image.finishHeader(); !finished) {
        return std::move(finished).error();
    }
    return header;
}

void addNote(Text& note, Text more)
{
    note = note.empty() ? std::move(more)
                        : Text::tr("%1; %2").arg(std::move(note)).arg(std::move(more));
}

Text fileNote(const ImageHeader& header, const ResizeSpec& spec)
{
    Text note = sizeNote(header.info, spec);
    if (!header.warning.empty()) {
        addNote(note, header.warning);
    }
    return note;
}

Result<FileInspection> inspectFile(const fs::path& input, const ProcessOptions& options)
{
    auto header = readFileHeader(input, ImageProcessor(options));
    if (!header) {
        return std::move(header).error();
    }
    // A PNG may carry its EXIF (and so its orientation) after the image data: only the whole
    // file says it for sure. Its size is within the limit, checked before this read.
    if (!header->image.headerFinal() && header->bytes.size < header->bytes.fileSize) {
        if (auto read
            = readMore(input, header->bytes, header->image, options.limits.maxMemoryBytes);
            !read) {
            return std::move(read).error();
        }
    }
    FileInspection inspection;
    inspection.fileBytes = header->bytes.fileSize;
    inspection.note = fileNote(header->image.inspected().header, options.spec);
    inspection.inspected = header->image.inspected();
    return inspection;
}

} // namespace dropsize

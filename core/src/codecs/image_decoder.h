// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/core/cancel_token.h"
#include "dropsize/core/codec.h"
#include "dropsize/core/image.h"
#include "dropsize/core/result.h"
#include "dropsize/core/text.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <utility>

namespace dropsize {

/// Receives decoded rows top to bottom: `count` rows `stride` bytes apart, which it may change in
/// place. An error it returns stops the decode and is returned by decodeRows().
using RowConsumer = std::function<Status(std::uint8_t* rows, std::ptrdiff_t stride, int count)>;

/// One image file opened for decoding, in the shape of OpenImageIO's ImageInput and TurboJPEG's
/// handle: opened once, asked for its header, then for its pixels, and the header is never
/// read twice. It may be opened on the file's first bytes only: it reads as far into the header
/// as they go and goes on from there when extend() gives it more of the file, up to all of it.
/// The bytes it was given must stay alive, unchanged, until its pixels are out. One thread at a
/// time.
class ImageDecoder {
public:
    ImageDecoder() = default;
    ImageDecoder(const ImageDecoder&) = delete;
    ImageDecoder& operator=(const ImageDecoder&) = delete;
    virtual ~ImageDecoder() = default;

    /// True once the header is read; false only while the bytes given end inside it.
    virtual bool hasHeader() const noexcept = 0;

    /// The header, checked against the limits; only when hasHeader().
    virtual const ImageHeader& header() const noexcept = 0;

    /// True when the bytes not given yet cannot change header(): the whole file was given, or
    /// the format's header ends before its pixels (false for part of a PNG, whose eXIf chunk may
    /// follow the image data).
    virtual bool headerFinal() const noexcept = 0;

    /// Gives the decoder more of the same file: `file` begins with every byte given so far, and
    /// `wholeFile` says it is all of it. An unfinished header is read on from where it stopped
    /// (an error is what open() would have said); a finished one may grow (see headerFinal()).
    [[nodiscard]] virtual Status extend(std::span<const std::uint8_t> file, bool wholeFile) = 0;

    /// Bytes the decoder itself holds while it decodes at the plan's `decoded` size, beyond the
    /// image that decode() returns: libjpeg's coefficients of a progressive JPEG, a CMYK JPEG's
    /// row of CMYK and its lcms2 transform, a plain PNG's image data joined to be inflated and,
    /// for decodeRows() (`rows`), a PNG's whole image, which its interlacing needs.
    virtual std::uint64_t workingMemory(Size decoded, bool rows) const noexcept = 0;

    /// Decodes the whole image at 1/dctScale (1, 2, 4 or 8; 1 for a format that cannot scale)
    /// into 1 to 4 channels, as header().info.channels says. Needs the whole file; the pixels
    /// are read once per decoder, and its codec state goes with them.
    [[nodiscard]] virtual Result<Image> decode(int dctScale, const CancelToken* cancel = nullptr)
        = 0;

    /// Decodes like decode() but hands the rows on to `consume` a few at a time, keeping as
    /// little of the image as the format allows. `expected` is the size the plan computed;
    /// another size fails before the first row.
    [[nodiscard]] virtual Status decodeRows(int dctScale, Size expected, const RowConsumer& consume,
        const CancelToken* cancel = nullptr)
        = 0;

protected:
    /// Called by each decoder as it starts to read a header from the file's first byte.
    static void countHeaderRead() noexcept;
};

/// Opens the decoder of the format the file's first bytes announce (codec_registry.h), like
/// OpenImageIO's ImageInput::open. `file` is the whole file, or when `wholeFile` is false its
/// first bytes: the decoder then says by hasHeader() whether they held the header. Fails with
/// UnsupportedFormat for a file of no known format, and as the decoder does for a header it
/// refuses (corrupt, or over `limits`).
[[nodiscard]] Result<std::unique_ptr<ImageDecoder>> openDecoder(
    std::span<const std::uint8_t> file, const DecodeLimits& limits, bool wholeFile = true);

/// One thing from a whole file, for tools and tests: `Decoder::open()` (one format's decoder,
/// so that bytes of another format fail as that decoder says), then header() or decode().
template <class Decoder>
[[nodiscard]] Result<ImageHeader> readWholeHeader(
    std::span<const std::uint8_t> file, const DecodeLimits& limits)
{
    auto decoder = Decoder::open(file, limits);
    if (!decoder) {
        return std::move(decoder).error();
    }
    return (*decoder)->header();
}

/// See readWholeHeader(); `dctScale` as in ImageDecoder::decode().
template <class Decoder>
[[nodiscard]] Result<Image> decodeWhole(std::span<const std::uint8_t> file,
    const DecodeLimits& limits, const CancelToken* cancel = nullptr, int dctScale = 1)
{
    auto decoder = Decoder::open(file, limits);
    if (!decoder) {
        return std::move(decoder).error();
    }
    return (*decoder)->decode(dctScale, cancel);
}

/// How many headers this process's decoders have started to read, each from a file's first
/// byte: lets a test see that a job reads each header once, however its file arrives.
std::uint64_t headerReadsStarted() noexcept;

/// The sentence for an image over the pixel limit, the same from every decoder:
/// "image is 20000x15000 (300 megapixels), over the limit of 200 megapixels".
Text limitText(std::uint64_t width, std::uint64_t height, std::uint64_t maxPixels);
/// limitText() in English.
std::string limitMessage(std::uint64_t width, std::uint64_t height, std::uint64_t maxPixels);

/// The error for a decoded image larger than the memory limit allows, the same from every
/// decoder; its message is kDecodeMemoryMessage.
Error decodeMemoryError();
/// decodeMemoryError()'s message, for tests that compare it.
inline constexpr const char* kDecodeMemoryMessage = "decoded image would exceed the memory limit";

} // namespace dropsize

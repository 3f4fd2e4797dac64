// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/core/build_config.h"
#include "dropsize/core/cancel_token.h"
#include "dropsize/core/codec.h"
#include "dropsize/core/enum_names.h"
#include "dropsize/core/image.h"
#include "dropsize/core/resize_plan.h"

#include <cstdint>
#include <filesystem>
#include <memory>
#include <span>
#include <vector>

namespace dropsize {

/// The output's format: the input's, or a fixed one.
enum class OutputFormat {
    Keep,
    Jpeg,
    Png,
#if DROPSIZE_WITH_WEBP
    Webp,
#endif
#if DROPSIZE_WITH_HEIF
    Avif,
#endif
};

template <> struct EnumNames<OutputFormat> {
    // The list is laid out by hand: clang-format cannot lay out one with a line inside #if.
    // clang-format off
    static constexpr EnumName<OutputFormat> names[] = {
        { OutputFormat::Keep, "keep" },
        { OutputFormat::Jpeg, "jpeg" },
        { OutputFormat::Png, "png" },
#if DROPSIZE_WITH_WEBP
        { OutputFormat::Webp, "webp" },
#endif
#if DROPSIZE_WITH_HEIF
        { OutputFormat::Avif, "avif" },
#endif
    };
    // clang-format on
    static constexpr EnumName<OutputFormat> aliases[] = { { OutputFormat::Jpeg, "jpg" } };
};

/// What happens when an output in its input's format would be larger than that input, in bytes.
enum class IfBigger {
    Keep, ///< write it all the same
    Skip, ///< write nothing; the job is skipped, with the two sizes as the reason
    Copy, ///< write the input's bytes, unchanged, under the output's name
};

template <> struct EnumNames<IfBigger> {
    static constexpr EnumName<IfBigger> names[] = {
        { IfBigger::Keep, "keep" },
        { IfBigger::Skip, "skip" },
        { IfBigger::Copy, "copy" },
    };
};

/// Everything that decides what one image becomes.
struct ProcessOptions {
    ResizeSpec spec;
    EncodeOptions encode;
    DecodeLimits limits;
    bool stripMetadata = false;
    int threadsPerImage = 1; ///< for the whole-image resizer (nearest, crops)
    /// An output takes its input's modification time (set before it gets its name).
    bool keepDates = true;
    /// For an output in its input's format that would be larger than the input.
    IfBigger ifBigger = IfBigger::Keep;
    /// A lossy output's largest size in bytes, reached by lowering its quality; 0: none.
    std::uint64_t maxBytes = 0;
};

/// One image's header, plan and memory estimate, read before anything large is allocated.
struct InspectedImage {
    ImageHeader header;
    ResizePlan plan;
    std::uint64_t memoryEstimate = 0; ///< peak bytes of decode → resize → encode
};

/// The encoded result of one image.
struct ProcessedImage {
    InspectedImage inspected;
    ImageFormat format = ImageFormat::Unknown; ///< of `encoded`
    std::vector<std::uint8_t> encoded;
};

/// The format an output is written in: the input's (JPEG for a HEIF, which is read only), or the
/// one asked for. The planner decides each job's with it (Job::outputFormat), once.
ImageFormat outputFormatFor(OutputFormat wanted, ImageFormat input) noexcept;

class ImageDecoder;

/// One file of a job, opened: its decoder, opened on the file's first bytes and kept until the
/// pixels are out, so that its header is parsed once however the file arrives (a first part,
/// more of it, then the whole), and the inspection the header gave. The bytes given must stay
/// alive, unchanged, until the pixels are out. Move-only; one thread at a time.
class OpenedImage {
public:
    /// Holds nothing: for a member that is assigned later.
    OpenedImage() noexcept;
    OpenedImage(OpenedImage&&) noexcept;
    OpenedImage& operator=(OpenedImage&&) noexcept;
    ~OpenedImage();

    /// False while the bytes given end inside the header; extend() gives more.
    bool hasHeader() const noexcept;

    /// True when the rest of the file cannot change the inspection (see ImageDecoder): false
    /// for part of a PNG, whose EXIF, and so its orientation and plan, may follow the pixels.
    bool headerFinal() const noexcept;

    /// The header, plan and memory estimate; only when hasHeader().
    const InspectedImage& inspected() const noexcept { return m_inspected; }

    /// Gives the decoder more of the same file: `file` begins with every byte given so far (the
    /// whole file once it has the size open() was told). The decoder reads on from where it
    /// stopped; the inspection is made again when the header grew. Fails as open() does.
    [[nodiscard]] Status extend(std::span<const std::uint8_t> file);

    /// Ends the header at the bytes given so far, for a caller that reads no more for it: when
    /// they end inside the header, fails with the decoder's words for a file cut there.
    [[nodiscard]] Status finishHeader();

    /// Decodes the whole image at the plan's DCT scale, for a resizer that needs all of it at
    /// once (the GPU). Needs the whole file; the pixels are read once.
    [[nodiscard]] Result<Image> decode(const CancelToken* cancel = nullptr);

    /// Decodes and resizes: the output pixels (display orientation), before encoding. Needs the
    /// whole file; the pixels are read once.
    [[nodiscard]] Result<Image> render(const CancelToken* cancel = nullptr);

    /// For an image written at several sizes: decodes the whole image at the DCT scale of
    /// `plan`, a plan of this image for any spec (makeResizePlan() on inspected().header.info),
    /// which the outputs sharing that scale resize from. The first decode or render uses the
    /// decoder that read the header; each later one opens the whole file again.
    [[nodiscard]] Result<Image> decode(const ResizePlan& plan, const CancelToken* cancel = nullptr);

    /// Decodes and resizes by `plan` (as decode(plan) says), with rows streaming from the
    /// decoder where the plan allows: exactly what a batch of that one size would write.
    [[nodiscard]] Result<Image> render(const ResizePlan& plan, const CancelToken* cancel = nullptr);

    /// Peak bytes of making `plans` one after another: one decode for each DCT scale, whose
    /// outputs are resized from it one at a time, each encoded before the next. For one plan,
    /// the inspection's estimate.
    std::uint64_t memoryFor(std::span<const ResizePlan> plans) const;

private:
    friend class ImageProcessor;
    OpenedImage(const ProcessOptions& options, std::unique_ptr<ImageDecoder> decoder,
        std::span<const std::uint8_t> file, std::uint64_t fileSize);
    /// The inspection from the decoder's header; fails over the memory limit.
    Status inspect();

    /// The decoder for the next decode: the one that read the header until it has decoded once,
    /// a new one on the whole file after that.
    Result<ImageDecoder*> freshDecoder();

    ProcessOptions m_options;
    std::unique_ptr<ImageDecoder> m_decoder;
    bool m_decoderUsed = false;
    std::span<const std::uint8_t> m_file;
    std::uint64_t m_fileSize = 0;
    InspectedImage m_inspected;
};

/// Decode → resize → encode for one file's bytes, as one worker runs it. Stateless apart from its
/// options; safe to use from many threads at once.
class ImageProcessor {
public:
    explicit ImageProcessor(ProcessOptions options);

    const ProcessOptions& options() const noexcept { return m_options; }

    /// Opens the file's decoder and, when the bytes hold the header, inspects it: checks the
    /// limits and plans. `file` may be the first bytes only: `fileSize` is then the whole
    /// file's (0: `file` is all of it), and the header may need more (OpenedImage::hasHeader()).
    /// Fails for non-images and hostile headers.
    [[nodiscard]] Result<OpenedImage> open(
        std::span<const std::uint8_t> file, std::uint64_t fileSize = 0) const;

    /// open() for the inspection alone; a header that runs past `file` fails here.
    [[nodiscard]] Result<InspectedImage> inspect(
        std::span<const std::uint8_t> file, std::uint64_t fileSize = 0) const;

    /// Decodes the whole image at the plan's DCT scale, for a resizer that needs all of it at
    /// once (the GPU); checks the size against the plan. Opens the file again: a caller that
    /// inspects and decodes one file keeps the OpenedImage instead.
    [[nodiscard]] Result<Image> decode(std::span<const std::uint8_t> file,
        const InspectedImage& inspected, const CancelToken* cancel = nullptr) const;

    /// Decodes and resizes: the output pixels (display orientation), before encoding. Opens
    /// the file again, as decode() does.
    [[nodiscard]] Result<Image> render(std::span<const std::uint8_t> file,
        const InspectedImage& inspected, const CancelToken* cancel = nullptr) const;

    /// open() + render + encode in outputFormatFor(`format`, the input's) with the metadata that
    /// is kept, the header read once: one file on its own, outside a batch.
    [[nodiscard]] Result<ProcessedImage> process(std::span<const std::uint8_t> file,
        OutputFormat format = OutputFormat::Keep, const CancelToken* cancel = nullptr) const;

    /// Encodes pixels in `format` with this processor's options and the kept metadata.
    [[nodiscard]] Result<std::vector<std::uint8_t>> encode(ConstImageView pixels,
        ImageFormat format, const Metadata& metadata, const CancelToken* cancel = nullptr) const;
    /// encode() with other encoder options (a target file size tries several qualities).
    [[nodiscard]] Result<std::vector<std::uint8_t>> encode(ConstImageView pixels,
        ImageFormat format, const Metadata& metadata, const EncodeOptions& encodeOptions,
        const CancelToken* cancel = nullptr) const;

private:
    ProcessOptions m_options;
};

/// Runs `plan` (makeBoxResizePlan(), or a plan of an image of this size) on pixels in memory,
/// which it leaves as they are: the resized (and oriented) pixels, exactly CpuResizer's. For
/// pixels that are not a decoded file's: the Python module's resize().
[[nodiscard]] Result<Image> resizePixels(ConstImageView pixels, const ResizePlan& plan,
    int threads = 1, const CancelToken* cancel = nullptr);

/// What reading one input finds, with a batch's limits and without its memory: the dry run's view.
struct FileInspection {
    InspectedImage inspected;
    std::uint64_t fileBytes = 0;
    Text note; ///< why its size is kept or only cropped, when it is (sizeNote())
};

/// Reads an input as a job of a batch would, with the same checks and limits: the size against
/// the limit first, then the header from the file's first bytes (a PNG whole: its EXIF, and so
/// its orientation, may come after the image data).
[[nodiscard]] Result<FileInspection> inspectFile(
    const std::filesystem::path& input, const ProcessOptions& options);

} // namespace dropsize

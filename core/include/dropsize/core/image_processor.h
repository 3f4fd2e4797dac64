// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/core/cancel_token.h"
#include "dropsize/core/codec.h"
#include "dropsize/core/image.h"
#include "dropsize/core/options.h"
#include "dropsize/core/resize_plan.h"

#include <cstdint>
#include <span>
#include <vector>

namespace dropsize {

/// Everything that decides what one image becomes.
struct ProcessOptions {
    ResizeSpec spec;
    EncodeOptions encode;
    DecodeLimits limits;
    bool stripMetadata = false;
    int threadsPerImage = 1; ///< for the whole-image resizer (nearest, crops)
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

/// The format an output is written in: the input's, or the one asked for. The planner decides
/// each job's with it (Job::outputFormat), once.
ImageFormat outputFormatFor(OutputFormat wanted, ImageFormat input) noexcept;

/// Decode → resize → encode for one file's bytes, as one worker runs it. Stateless apart from its
/// options; safe to use from many threads at once.
class ImageProcessor {
public:
    explicit ImageProcessor(ProcessOptions options);

    const ProcessOptions& options() const noexcept { return m_options; }

    /// Reads the header and plans, checking the limits. Fails for non-images and hostile headers.
    /// `file` may be the first bytes only, when they hold the header: `fileSize` is then the
    /// whole file's (0: `file` is all of it).
    [[nodiscard]] Result<InspectedImage> inspect(
        std::span<const std::uint8_t> file, std::uint64_t fileSize = 0) const;

    /// Decodes the whole image at the plan's DCT scale, for a resizer that needs all of it at
    /// once (the GPU); checks the size against the plan.
    [[nodiscard]] Result<Image> decode(std::span<const std::uint8_t> file,
        const InspectedImage& inspected, const CancelToken* cancel = nullptr) const;

    /// Decodes and resizes: the output pixels (display orientation), before encoding.
    [[nodiscard]] Result<Image> render(std::span<const std::uint8_t> file,
        const InspectedImage& inspected, const CancelToken* cancel = nullptr) const;

    /// inspect() + render() + encode in outputFormatFor(`format`, the input's) with the metadata
    /// that is kept: one file on its own, outside a batch.
    [[nodiscard]] Result<ProcessedImage> process(std::span<const std::uint8_t> file,
        OutputFormat format = OutputFormat::Keep, const CancelToken* cancel = nullptr) const;

    /// Encodes pixels in `format` with this processor's options and the kept metadata.
    [[nodiscard]] Result<std::vector<std::uint8_t>> encode(ConstImageView pixels,
        ImageFormat format, const Metadata& metadata, const CancelToken* cancel = nullptr) const;

private:
    ProcessOptions m_options;
};

} // namespace dropsize

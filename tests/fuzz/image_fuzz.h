// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/core/image_processor.h"

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace dropsize::fuzz {

/// Small limits, so that a header that claims a huge image fails at inspect() instead of
/// making the fuzzer run out of memory. The seeds are all well under them.
inline DecodeLimits fuzzLimits()
{
    DecodeLimits limits;
    limits.maxPixels = 1u << 20;
    limits.maxMemoryBytes = 256u << 20;
    return limits;
}

/// The sizes and filters one input is resized with. Which one is used depends on the input's
/// length, so mutations that add or remove bytes move between them; the first is the default
/// of both programs (50%, Lanczos), and each resizer path (streaming, whole-image, DCT-scaled
/// decode, enlarging) is in the list.
inline ResizeSpec fuzzSpec(std::size_t size)
{
    static const std::array<ResizeSpec, 10> kSpecs = { {
        { .mode = SizeMode::Percent, .percent = 50.0, .filter = Filter::Lanczos },
        { .mode = SizeMode::Percent, .percent = 25.0, .filter = Filter::Bilinear },
        { .mode = SizeMode::Percent, .percent = 12.5, .filter = Filter::Box },
        { .mode = SizeMode::Fit, .width = 64, .height = 48, .filter = Filter::Bicubic },
        { .mode = SizeMode::LongEdge, .longEdge = 33, .filter = Filter::Hamming },
        { .mode = SizeMode::Exact,
            .width = 17,
            .height = 29,
            .enlarge = true,
            .filter = Filter::Nearest },
        { .mode = SizeMode::Percent, .percent = 150.0, .enlarge = true, .filter = Filter::Lanczos },
        { .mode = SizeMode::Percent, .percent = 3.0, .filter = Filter::Nearest },
        { .mode = SizeMode::ShortEdge, .shortEdge = 21, .filter = Filter::Bicubic },
        { .mode = SizeMode::Fill, .width = 40, .height = 40, .filter = Filter::Lanczos },
    } };
    return kSpecs[size % kSpecs.size()];
}

/// What a job does with one file: open the decoder on its first bytes, give it more and then
/// all of it (where the reads end depends on the input's length, so mutations move them),
/// decode and resize, and for small outputs encode too (with the metadata kept, so its
/// orientation is reset). The header read in pieces must be the one read from the whole file.
/// Failures are expected for most inputs; only a crash, a sanitizer report, a leak, a hang or
/// a broken promise is a finding.
inline void fuzzImage(std::span<const std::uint8_t> file, ImageFormat format)
{
    if (sniffFormat(file) != format) {
        return;
    }
    ProcessOptions options;
    options.spec = fuzzSpec(file.size());
    options.limits = fuzzLimits();
    options.stripMetadata = file.size() % 3 == 0;
    const ImageProcessor processor(options);
    const auto whole = processor.inspect(file);

    const std::size_t size = file.size();
    // The first read holds at least the 64 bytes the planner sniffs (HEIF's brands may take
    // that many), as a job's first read of 256 KiB does.
    const std::size_t first = std::max<std::size_t>(64, size * (size % 4) / 4);
    const std::size_t second = first + (size - std::min(first, size)) / 2;
    // Each read in a buffer of its own, the one before freed once the next is given, as a job
    // reads: a decoder still pointing into an earlier read is a use after free.
    std::vector<std::uint8_t> held(
        file.begin(), file.begin() + static_cast<std::ptrdiff_t>(std::min(first, size)));
    auto image = processor.open(held, size);
    Status read = image ? Status {} : Status { image.error() };
    for (const std::size_t given : { second, size }) {
        if (read && given > first && given <= size) {
            std::vector<std::uint8_t> next(
                file.begin(), file.begin() + static_cast<std::ptrdiff_t>(given));
            read = image->extend(next);
            held = std::move(next);
        }
    }
    if (read.ok() != whole.ok()) {
        __builtin_trap(); // read in pieces, the header fails where it did not, or the reverse
    }
    if (!read) {
        return;
    }
    const InspectedImage& inspected = image->inspected();
    if (!image->hasHeader() || !image->headerFinal()
        || inspected.header.info.orientation != whole->header.info.orientation
        || inspected.plan.output != whole->plan.output
        || inspected.header.metadata.exif != whole->header.metadata.exif
        || inspected.header.metadata.icc != whole->header.metadata.icc) {
        __builtin_trap(); // the header read in pieces is not the one read at once
    }
    auto pixels = image->render();
    if (!pixels) {
        return;
    }
    const Size out = inspected.plan.output;
    if (pixels->width() != out.width || pixels->height() != out.height) {
        __builtin_trap(); // the plan and the pixels disagree
    }
    const std::uint64_t outPixels
        = static_cast<std::uint64_t>(out.width) * static_cast<std::uint64_t>(out.height);
    if (outPixels <= (1u << 16)) {
        // The format a batch keeps (OutputFormat::Keep): the input's, JPEG for a HEIF.
        (void)processor.encode(pixels->view(),
            outputFormatFor(OutputFormat::Keep, inspected.header.format),
            inspected.header.metadata);
    }
}

} // namespace dropsize::fuzz

// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/core/image_processor.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>

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
    static const std::array<ResizeSpec, 8> kSpecs = { {
        { SizeMode::Percent, 50.0, 0, 0, 0, false, Filter::Lanczos },
        { SizeMode::Percent, 25.0, 0, 0, 0, false, Filter::Bilinear },
        { SizeMode::Percent, 12.5, 0, 0, 0, false, Filter::Box },
        { SizeMode::Fit, 50.0, 64, 48, 0, false, Filter::Bicubic },
        { SizeMode::LongEdge, 50.0, 0, 0, 33, false, Filter::Hamming },
        { SizeMode::Exact, 50.0, 17, 29, 0, true, Filter::Nearest },
        { SizeMode::Percent, 150.0, 0, 0, 0, true, Filter::Lanczos },
        { SizeMode::Percent, 3.0, 0, 0, 0, false, Filter::Nearest },
    } };
    return kSpecs[size % kSpecs.size()];
}

/// What a worker does with one file: inspect, decode and resize, and for small outputs encode
/// too (with the metadata kept, so its orientation is reset). Failures are expected for most
/// inputs; only a crash, a sanitizer report, a leak or a hang is a finding.
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
    auto inspected = processor.inspect(file);
    if (!inspected) {
        return;
    }
    auto pixels = processor.render(file, *inspected);
    if (!pixels) {
        return;
    }
    const Size out = inspected->plan.output;
    if (pixels->width() != out.width || pixels->height() != out.height) {
        __builtin_trap(); // the plan and the pixels disagree
    }
    const std::uint64_t outPixels
        = static_cast<std::uint64_t>(out.width) * static_cast<std::uint64_t>(out.height);
    if (outPixels <= (1u << 16)) {
        // The format a batch keeps (OutputFormat::Keep): the input's.
        (void)processor.encode(
            pixels->view(), inspected->header.format, inspected->header.metadata);
    }
}

} // namespace dropsize::fuzz

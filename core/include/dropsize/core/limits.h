// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include <cstdint>

namespace dropsize {

// What a user may ask for, written once: the engine's validate(), the command line, the settings
// store and the window's form all read these (through the option table, options.h, where they
// name an option).

/// The largest width, height or long edge that can be asked for, in pixels.
inline constexpr int kMaxSide = 1 << 20;

/// A hundredth of a percent (the window shows two decimals) up to a hundredfold.
inline constexpr double kMinPercent = 0.01;
inline constexpr double kMaxPercent = 10000.0;

/// Pillow's reducing gap (thumbnail(reducing_gap)): under 1 it would reduce past the output;
/// above 8 it is no faster than none.
inline constexpr double kMinReducingGap = 1.0;
inline constexpr double kMaxReducingGap = 8.0;

/// CPU worker threads of one batch.
inline constexpr int kMaxThreads = 1024;

/// libjpeg's quality scale.
inline constexpr int kMinJpegQuality = 1;
inline constexpr int kMaxJpegQuality = 100;

/// zlib's compression levels.
inline constexpr int kMinPngCompression = 0;
inline constexpr int kMaxPngCompression = 9;

/// libheif's AVIF quality scale, and aom's speeds (0 slowest).
inline constexpr int kMinAvifQuality = 0;
inline constexpr int kMaxAvifQuality = 100;
inline constexpr int kMinAvifSpeed = 0;
inline constexpr int kMaxAvifSpeed = 9;

/// libwebp's quality scale (for lossless, its effort).
inline constexpr int kMinWebpQuality = 0;
inline constexpr int kMaxWebpQuality = 100;

/// The pixel limit, in megapixels: from one pixel to a million megapixels.
inline constexpr double kMinMegapixels = 0.000001;
inline constexpr double kMaxMegapixels = 1e6;

/// The memory limit of one image, in MiB.
inline constexpr int kMinMemoryMiB = 16;
inline constexpr int kMaxMemoryMiB = 1 << 22;

/// A target file size, in bytes: from one byte to a tebibyte (more than any output can be).
inline constexpr std::uint64_t kMaxTargetBytes = std::uint64_t { 1 } << 40;

} // namespace dropsize

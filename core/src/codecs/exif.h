// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace dropsize {

/// Whether `exif` begins as a TIFF structure Pillow reads: "II" or "MM", then 42 in either byte
/// order.
bool isTiffStructure(std::span<const std::uint8_t> exif) noexcept;

/// The EXIF orientation tag of a TIFF structure (EXIF without JPEG's "Exif\0\0" prefix) as
/// Pillow 9.4's exif_transpose() reads it: nullopt when IFD0 has no such tag Pillow loads; else
/// 2..8 when its (last) entry's first value equals one of those integers, whatever its numeric
/// type, and 1 for any other value. Whether the tag is there matters apart from its value: a PNG's
/// XMP orientation counts only where its EXIF has none.
std::optional<int> exifOrientationTag(std::span<const std::uint8_t> exif) noexcept;

/// The orientation exif_transpose() applies for a TIFF structure: 1..8, 1 when there is none or
/// the block is unreadable.
int exifOrientation(std::span<const std::uint8_t> exif) noexcept;

/// Sets every numeric orientation entry to 1 in place. Returns whether the block now reads as
/// orientation 1; when not (a value that cannot be rewritten safely), the block is left as it was
/// and must not be kept beside upright pixels.
bool resetExifOrientation(std::span<std::uint8_t> exif);

/// Makes a kept EXIF block true of an output `width` x `height` (as libvips does on save): the
/// Exif IFD's PixelXDimension and PixelYDimension are set to them (a SHORT too small for one
/// becomes a LONG), and the embedded thumbnail (IFD1 and the picture it points to) is dropped:
/// unlinked, its bytes zeroed, and the block cut after the last byte still in use. A block it
/// cannot read is left as it is.
void fitExifToOutput(std::vector<std::uint8_t>& exif, std::uint32_t width, std::uint32_t height);

} // namespace dropsize

// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace dropsize {

/// EXIF orientation (1..8) from a TIFF structure (EXIF without JPEG's "Exif\0\0" prefix); 1
/// when absent or unreadable.
int exifOrientation(std::span<const std::uint8_t> exif) noexcept;

/// Sets the EXIF orientation tag to 1 in place, when present. Returns whether it was found.
bool resetExifOrientation(std::span<std::uint8_t> exif) noexcept;

/// Makes a kept EXIF block true of an output `width` x `height` (as libvips does on save): the
/// Exif IFD's PixelXDimension and PixelYDimension are set to them (a SHORT too small for one
/// becomes a LONG), and the embedded thumbnail (IFD1 and the picture it points to) is dropped:
/// unlinked, its bytes zeroed, and the block cut after the last byte still in use. A block it
/// cannot read is left as it is.
void fitExifToOutput(std::vector<std::uint8_t>& exif, std::uint32_t width, std::uint32_t height);

} // namespace dropsize

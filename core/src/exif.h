// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include <cstdint>
#include <span>

namespace dropsize {

/// EXIF orientation (1..8) from a TIFF structure (EXIF without JPEG's "Exif\0\0" prefix); 1
/// when absent or unreadable.
int exifOrientation(std::span<const std::uint8_t> exif) noexcept;

/// Sets the EXIF orientation tag to 1 in place, when present. Returns whether it was found.
bool resetExifOrientation(std::span<std::uint8_t> exif) noexcept;

} // namespace dropsize

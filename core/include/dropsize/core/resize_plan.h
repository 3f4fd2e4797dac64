// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/core/resize_spec.h"
#include "dropsize/pixel/image_view.h"

#include <optional>
#include <string>

namespace dropsize {

/// What a decoder's header says about an image, enough to plan its resize.
struct ImageInfo {
    int width = 0;
    int height = 0;
    int channels = 3; ///< samples per pixel after decoding: 1 grey, 2 grey+alpha, 3 RGB, 4 RGBA
    bool dctScalable = false; ///< JPEG: can decode at 1/2, 1/4 or 1/8 size
    int orientation = 1; ///< EXIF orientation 1..8
};

/// How one image reaches its output size, step by step, as Pillow's thumbnail() does it:
/// decode at 1/dctScale, box-average by reduceX×reduceY over reduceBox, resample `box` of the
/// reduced image to `resampled`, then apply the EXIF orientation (giving `output`).
struct ResizePlan {
    bool resample = false; ///< false: the decoded pixels are kept as they are
    int dctScale = 1;
    Size decoded;
    int reduceX = 1;
    int reduceY = 1;
    int reduceBox[4] = { 0, 0, 0, 0 }; ///< x0, y0, x1, y1 in decoded pixels
    Size reduced; ///< size after the reduce step (== decoded when there is none)
    float box[4] = { 0, 0, 0, 0 }; ///< x0, y0, x1, y1 in reduced pixels; 32-bit as in Pillow
    bool premultiply = false; ///< alpha is premultiplied around the resample
    Filter filter = Filter::Bicubic;
    Size resampled; ///< stored orientation
    int orientation = 1;
    Size output; ///< display orientation
};

/// Pillow's thumbnail() size rule for a (floor-ed) box of boxWidth×boxHeight: the aspect-kept
/// size, or nullopt when the image already fits and enlarge is false.
std::optional<Size> thumbnailSize(Size image, double boxWidth, double boxHeight, bool enlarge);

/// The size a spec asks for, in stored orientation; nullopt when nothing changes.
std::optional<Size> targetSize(const ImageInfo& info, const ResizeSpec& spec);

/// Why a spec leaves an image at its size, in words for its log line ("kept at 800x600: 400x900
/// would enlarge it, and enlarging is off"); empty when the spec changes the size.
std::string unchangedReason(const ImageInfo& info, const ResizeSpec& spec);

/// The full plan for one image. Pure: same inputs, same plan.
ResizePlan makeResizePlan(const ImageInfo& info, const ResizeSpec& spec);

/// True for orientations 5..8, which swap width and height.
constexpr bool orientationSwapsAxes(int orientation) noexcept
{
    return orientation >= 5 && orientation <= 8;
}

} // namespace dropsize

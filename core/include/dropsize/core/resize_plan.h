// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/core/image.h"
#include "dropsize/core/resize_spec.h"
#include "dropsize/core/text.h"
#include "dropsize/pixel/image_view.h"

#include <optional>
#include <string>

namespace dropsize {

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

/// The box whose thumbnail() sets the short edge to `shortEdge`: for a landscape or square
/// image ceil(N·W/H) × N, for a portrait one N × ceil(N·H/W) (the long side held at kMaxSide at
/// most), so that the aspect rule keeps the short side and rounds only the long one.
Size shortEdgeBox(Size image, int shortEdge);

/// How a Fill spec takes an image (stored orientation) to its output.
struct FillGeometry {
    Size output; ///< stored orientation
    double box[4] = { 0, 0, 0, 0 }; ///< x0, y0, x1, y1 of the image that becomes the output
    /// True when the image is smaller than the box on a side and enlarging is off: the output is
    /// a plain centred crop of the box's shape (no resample; box integral and of output's size).
    bool cropOnly = false;
};

/// The Fill geometry of an image, or nullopt when the output would be the image itself. With
/// enlarge, or an image at least the box on both sides (the box's sides swapped for
/// orientations 5..8), it is exactly Pillow's ImageOps.fit(image, box, centering=(0.5, 0.5)):
/// the crop box of the box's aspect, centred, computed in double as fit() does. Otherwise the
/// output is the largest size of the box's aspect the image holds (the limiting side kept, the
/// other rounded to nearest, halves down), cropped with its offset (W - w) // 2 taken in display
/// orientation, so that mirrored and rotated files keep the same pixels as upright ones.
std::optional<FillGeometry> fillGeometry(const ImageInfo& info, const ResizeSpec& spec);

/// Why a spec leaves an image at its size, in words for its log line ("kept at 800x600: 400x900
/// would enlarge it, and enlarging is off"); empty when the spec changes the size.
Text unchangedReason(const ImageInfo& info, const ResizeSpec& spec);

/// What a log line says about the size a spec gives an image: unchangedReason(), or for a Fill
/// that crops without scaling, why ("cropped to 600x600 without scaling: filling 1000x1000
/// would enlarge it, and enlarging is off"); empty otherwise.
Text sizeNote(const ImageInfo& info, const ResizeSpec& spec);

/// The full plan for one image. Pure: same inputs, same plan.
ResizePlan makeResizePlan(const ImageInfo& info, const ResizeSpec& spec);

/// Pillow's Image.resize(size, resample, box, reducing_gap) of an image of `image` pixels with
/// `channels` samples each (no EXIF orientation, no DCT scale): `box` (x0, y0, x1, y1, in the
/// image's pixels) resampled to `size`; with a gap, an image without alpha first reduced by the
/// whole factors it allows (as thumbnail() does); with alpha premultiplied around the resample
/// (Pillow's RGBa and La, which it resizes without reducing_gap). No resample when `size` is the
/// image's and the box all of it (Pillow's copy()). The caller checks the box and size as
/// Pillow does (checkBoxResize()).
ResizePlan makeBoxResizePlan(Size image, int channels, Size size, Filter filter,
    const double (&box)[4], std::optional<double> reducingGap);

/// Pillow's checks of a resize(size, box) of an image of `image` pixels, with its words: "height
/// and width must be > 0", "box offset can't be negative", "box can't exceed original image
/// size", "box can't be empty".
[[nodiscard]] Status checkBoxResize(Size image, Size size, const double (&box)[4]);

/// True for orientations 5..8, which swap width and height.
constexpr bool orientationSwapsAxes(int orientation) noexcept
{
    return orientation >= 5 && orientation <= 8;
}

} // namespace dropsize

// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/core/resize_plan.h"

#include "dropsize/core/limits.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace dropsize {

namespace {

    // Python's min(floor(v), ceil(v), key=...) then max(..., 1): ties keep the floor.
    template <class Key> int roundAspect(double value, Key key)
    {
        const double lo = std::floor(value);
        const double hi = std::ceil(value);
        const double pick = key(hi) < key(lo) ? hi : lo;
        return std::max(static_cast<int>(pick), 1);
    }

    // Python's int() of a float: truncation toward zero.
    int truncate(double v) { return static_cast<int>(v); }

    // Python's `x or 1` on int((box) / size / reducing_gap).
    int reduceFactor(double boxLength, int size, double gap)
    {
        const int f = truncate(boxLength / size / gap);
        return f == 0 ? 1 : f;
    }

    // Python's a // b for positive floats (CPython's float_floor_div): the floor of the exact
    // quotient, which a rounded a / b can miss by one.
    double floorDivide(double a, double b)
    {
        const double mod = std::fmod(a, b);
        const double div = (a - mod) / b;
        if (div == 0.0) {
            return 0.0;
        }
        double floored = std::floor(div);
        if (div - floored > 0.5) {
            floored += 1.0;
        }
        return floored;
    }

    // n / d rounded to nearest, halves down, at least 1; n >= 0, d > 0.
    int roundedQuotient(std::int64_t n, std::int64_t d)
    {
        const std::int64_t q = n / d + (2 * (n % d) > d ? 1 : 0);
        return static_cast<int>(std::max<std::int64_t>(q, 1));
    }

    std::string sizeText(Size s)
    {
        return std::to_string(s.width) + "x" + std::to_string(s.height);
    }

    // ImageOps.fit(image, size) of Pillow 9.4 with bleed 0 and centering (0.5, 0.5), in its
    // order of double operations: the crop box of the size's aspect, centred.
    FillGeometry pillowFit(Size image, Size size)
    {
        const double liveWidth = image.width;
        const double liveHeight = image.height;
        const double liveRatio = liveWidth / liveHeight;
        const double outputRatio = static_cast<double>(size.width) / size.height;
        double cropWidth = liveWidth;
        double cropHeight = liveHeight;
        if (liveRatio == outputRatio) {
            // already the aspect asked for
        } else if (liveRatio >= outputRatio) {
            cropWidth = outputRatio * liveHeight;
        } else {
            cropHeight = liveWidth / outputRatio;
        }
        const double left = (liveWidth - cropWidth) * 0.5;
        const double top = (liveHeight - cropHeight) * 0.5;
        FillGeometry g;
        g.output = size;
        g.box[0] = left;
        g.box[1] = top;
        g.box[2] = left + cropWidth;
        g.box[3] = top + cropHeight;
        return g;
    }

    // Without enlarging, an image smaller than the box on a side: the largest size of the box's
    // aspect that the image holds, cropped from the centre, all in display orientation, then
    // mapped to the stored pixels that orientation shows there.
    std::optional<FillGeometry> cropToShape(Size stored, int orientation, Size box)
    {
        const bool swap = orientationSwapsAxes(orientation);
        const Size shown = swap ? Size { stored.height, stored.width } : stored;
        const std::int64_t wide = std::int64_t { shown.width } * box.height;
        const std::int64_t tall = std::int64_t { shown.height } * box.width;
        Size out = shown;
        if (wide <= tall) {
            out.height = std::min(shown.height, roundedQuotient(wide, box.width));
        } else {
            out.width = std::min(shown.width, roundedQuotient(tall, box.height));
        }
        if (out == shown) {
            return std::nullopt;
        }
        // Display x comes from stored x (or y, when the axes swap), reversed for these
        // orientations; likewise display y (see exif_transpose's table).
        const bool reverseX
            = orientation == 2 || orientation == 3 || orientation == 7 || orientation == 8;
        const bool reverseY
            = orientation == 3 || orientation == 4 || orientation == 6 || orientation == 7;
        const int left = (shown.width - out.width) / 2;
        const int top = (shown.height - out.height) / 2;
        int x = swap ? top : left;
        int y = swap ? left : top;
        const Size size = swap ? Size { out.height, out.width } : out;
        if (reverseX) {
            x = stored.width - x - size.width;
        }
        if (reverseY) {
            y = stored.height - y - size.height;
        }
        FillGeometry g;
        g.output = size;
        g.cropOnly = true;
        g.box[0] = x;
        g.box[1] = y;
        g.box[2] = x + size.width;
        g.box[3] = y + size.height;
        return g;
    }

} // namespace

Size shortEdgeBox(Size image, int shortEdge)
{
    // Exact in integers: then x / y >= W / H holds in double too (rounding is monotonic), and
    // thumbnail() takes the height as given and rounds the width (and the other way round).
    const auto longSide = [&](int longer, int shorter) {
        const std::int64_t side = (std::int64_t { shortEdge } * longer + shorter - 1) / shorter;
        return static_cast<int>(std::min<std::int64_t>(side, kMaxSide));
    };
    if (image.width >= image.height) {
        return { longSide(image.width, image.height), shortEdge };
    }
    return { shortEdge, longSide(image.height, image.width) };
}

std::optional<FillGeometry> fillGeometry(const ImageInfo& info, const ResizeSpec& spec)
{
    if (info.width < 1 || info.height < 1 || spec.width < 1 || spec.height < 1) {
        return std::nullopt;
    }
    const Size image { info.width, info.height };
    const Size box = orientationSwapsAxes(info.orientation) ? Size { spec.height, spec.width }
                                                            : Size { spec.width, spec.height };
    if (!spec.enlarge && (image.width < box.width || image.height < box.height)) {
        return cropToShape(image, info.orientation, { spec.width, spec.height });
    }
    if (image == box) {
        return std::nullopt; // resize() returns a copy: the box is the whole image
    }
    return pillowFit(image, box);
}

std::optional<Size> thumbnailSize(Size image, double boxWidth, double boxHeight, bool enlarge)
{
    // thumbnail() floors the box; a side of 0 (a tiny percentage) would divide by zero there.
    const int x0 = std::max(1, static_cast<int>(std::floor(boxWidth)));
    const int y0 = std::max(1, static_cast<int>(std::floor(boxHeight)));
    if (!enlarge && x0 >= image.width && y0 >= image.height) {
        return std::nullopt;
    }
    int x = x0;
    int y = y0;
    const double aspect = static_cast<double>(image.width) / image.height;
    if (static_cast<double>(x) / y >= aspect) {
        x = roundAspect(y * aspect, [&](double n) { return std::abs(aspect - n / y); });
    } else {
        y = roundAspect(
            x / aspect, [&](double n) { return n == 0.0 ? 0.0 : std::abs(aspect - x / n); });
    }
    return Size { x, y };
}

std::optional<Size> targetSize(const ImageInfo& info, const ResizeSpec& spec)
{
    const Size image { info.width, info.height };
    const bool swap = orientationSwapsAxes(info.orientation);
    switch (spec.mode) {
    case SizeMode::Percent:
        // The old tool's call: thumbnail((W * p / 100, H * p / 100)).
        return thumbnailSize(image, image.width * spec.percent / 100,
            image.height * spec.percent / 100, spec.enlarge);
    case SizeMode::Fit:
        return swap ? thumbnailSize(image, spec.height, spec.width, spec.enlarge)
                    : thumbnailSize(image, spec.width, spec.height, spec.enlarge);
    case SizeMode::LongEdge:
        return thumbnailSize(image, spec.longEdge, spec.longEdge, spec.enlarge);
    case SizeMode::ShortEdge: {
        // Both sides of the image have the same short edge whichever way it is shown.
        const Size box = shortEdgeBox(image, spec.shortEdge);
        return thumbnailSize(image, box.width, box.height, spec.enlarge);
    }
    case SizeMode::Fill:
        if (const auto fill = fillGeometry(info, spec)) {
            return fill->output;
        }
        return std::nullopt;
    case SizeMode::Exact: {
        Size want = swap ? Size { spec.height, spec.width } : Size { spec.width, spec.height };
        if (!spec.enlarge && (want.width > image.width || want.height > image.height)) {
            return std::nullopt;
        }
        if (want == image) {
            return std::nullopt;
        }
        return want;
    }
    }
    return std::nullopt;
}

Text unchangedReason(const ImageInfo& info, const ResizeSpec& spec)
{
    if (targetSize(info, spec)) {
        return {};
    }
    const bool swap = orientationSwapsAxes(info.orientation);
    const Size shown = swap ? Size { info.height, info.width } : Size { info.width, info.height };
    const std::string kept = sizeText(shown);
    const std::string asked = sizeText({ spec.width, spec.height });
    switch (spec.mode) {
    case SizeMode::Fill:
        if (shown == Size { spec.width, spec.height }) {
            return Text::tr("kept at %1: it has that size already").arg(kept);
        }
        return Text::tr("kept at %1: it has the shape of %2 already, and filling that would "
                        "enlarge it (enlarging is off)")
            .arg(kept)
            .arg(asked);
    case SizeMode::ShortEdge:
        return Text::tr("kept at %1: its short edge is %2 pixels or less already, and enlarging "
                        "is off")
            .arg(kept)
            .arg(spec.shortEdge);
    case SizeMode::Exact:
        if (shown == Size { spec.width, spec.height }) {
            return Text::tr("kept at %1: it has that size already").arg(kept);
        }
        return Text::tr("kept at %1: %2 would enlarge it, and enlarging is off")
            .arg(kept)
            .arg(asked);
    case SizeMode::Fit:
        return Text::tr("kept at %1: it fits in %2 already, and enlarging is off")
            .arg(kept)
            .arg(asked);
    case SizeMode::LongEdge:
        return Text::tr("kept at %1: its long edge is %2 pixels or less already, and enlarging "
                        "is off")
            .arg(kept)
            .arg(spec.longEdge);
    case SizeMode::Percent:
        return Text::tr("kept at %1: that percentage leaves its size as it is").arg(kept);
    }
    return {};
}

Text sizeNote(const ImageInfo& info, const ResizeSpec& spec)
{
    if (spec.mode == SizeMode::Fill) {
        const auto fill = fillGeometry(info, spec);
        if (fill && fill->cropOnly) {
            const Size shown = orientationSwapsAxes(info.orientation)
                ? Size { fill->output.height, fill->output.width }
                : fill->output;
            return Text::tr("cropped to %1 without scaling: filling %2 would enlarge it, and "
                            "enlarging is off")
                .arg(sizeText(shown))
                .arg(sizeText({ spec.width, spec.height }));
        }
    }
    return unchangedReason(info, spec);
}

namespace {

    // ImageOps.fit() calls resize(size, method, box=crop) with no reducing_gap: the image is
    // decoded whole (no draft) and there is no reduce step, only the resample of the box.
    void planFill(ResizePlan& plan, const ImageInfo& info, const ResizeSpec& spec)
    {
        const std::optional<FillGeometry> fill = fillGeometry(info, spec);
        plan.reduceBox[2] = plan.decoded.width;
        plan.reduceBox[3] = plan.decoded.height;
        for (int i = 0; i < 4; ++i) {
            plan.box[i] = static_cast<float>(fill ? fill->box[i] : plan.reduceBox[i]);
        }
        if (fill) {
            plan.resample = true;
            plan.resampled = fill->output;
            const bool hasAlpha = info.channels == 2 || info.channels == 4;
            // A plain crop (image.crop()) never premultiplies; fit()'s resize() does, even when
            // its box turns out to be an integral crop.
            plan.premultiply = hasAlpha && spec.filter != Filter::Nearest && !fill->cropOnly;
        }
    }

    // draft(): decode at 1/s for the largest s in {8,4,2,1} with s <= min(W // (w * gap),
    // H // (h * gap)), thumbnail() asking for the size times the reducing gap. `box` becomes the
    // image's box at that scale.
    void planDraft(ResizePlan& plan, const ImageInfo& info, Size size, double gap, double (&box)[4])
    {
        const double scale = std::min(
            floorDivide(info.width, size.width * gap), floorDivide(info.height, size.height * gap));
        int s = 1;
        for (int candidate : { 8, 4, 2, 1 }) {
            s = candidate;
            if (scale >= candidate) {
                break;
            }
        }
        plan.dctScale = s;
        plan.decoded = { (info.width + s - 1) / s, (info.height + s - 1) / s };
        box[2] = static_cast<double>(info.width) / s;
        box[3] = static_cast<double>(info.height) / s;
    }

    // reducing_gap's reduce(): by whole factors, over the box widened by the filter's reach
    // (_get_safe_box()), so the resample sees what it needs; `box` becomes the box in the
    // reduced image. Nothing when neither factor is over 1.
    void planReduce(ResizePlan& plan, Filter filter, Size size, double gap, double (&box)[4])
    {
        const int fx = reduceFactor(box[2] - box[0], size.width, gap);
        const int fy = reduceFactor(box[3] - box[1], size.height, gap);
        if (fx <= 1 && fy <= 1) {
            return;
        }
        const double support = filterSupport(filter) - 0.5;
        const double supportX = support * ((box[2] - box[0]) / size.width);
        const double supportY = support * ((box[3] - box[1]) / size.height);
        const int rb[4] = {
            std::max(0, truncate(box[0] - supportX)),
            std::max(0, truncate(box[1] - supportY)),
            std::min(plan.decoded.width, static_cast<int>(std::ceil(box[2] + supportX))),
            std::min(plan.decoded.height, static_cast<int>(std::ceil(box[3] + supportY))),
        };
        std::copy(std::begin(rb), std::end(rb), std::begin(plan.reduceBox));
        plan.reduceX = fx;
        plan.reduceY = fy;
        plan.reduced = { (rb[2] - rb[0] + fx - 1) / fx, (rb[3] - rb[1] + fy - 1) / fy };
        box[0] = (box[0] - rb[0]) / fx;
        box[1] = (box[1] - rb[1]) / fy;
        box[2] = (box[2] - rb[0]) / fx;
        box[3] = (box[3] - rb[1]) / fy;
    }

} // namespace

ResizePlan makeResizePlan(const ImageInfo& info, const ResizeSpec& spec)
{
    ResizePlan plan;
    plan.filter = spec.filter;
    plan.orientation = (info.orientation >= 1 && info.orientation <= 8) ? info.orientation : 1;
    plan.decoded = { info.width, info.height };
    plan.reduced = plan.decoded;
    plan.resampled = plan.decoded;

    const std::optional<Size> target
        = spec.mode == SizeMode::Fill ? std::nullopt : targetSize(info, spec);
    if (spec.mode == SizeMode::Fill) {
        planFill(plan, info, spec);
    } else if (target && !(*target == plan.decoded)) {
        const Size size = *target;
        plan.resample = true;
        plan.resampled = size;
        double box[4]
            = { 0.0, 0.0, static_cast<double>(info.width), static_cast<double>(info.height) };
        // thumbnail(reducing_gap=None) neither drafts nor reduces.
        const std::optional<double> gap = spec.reducingGap;
        if (info.dctScalable && gap) {
            planDraft(plan, info, size, *gap, box);
        }
        plan.reduced = plan.decoded;
        plan.reduceBox[2] = plan.decoded.width;
        plan.reduceBox[3] = plan.decoded.height;
        const bool hasAlpha = info.channels == 2 || info.channels == 4;
        plan.premultiply = hasAlpha && spec.filter != Filter::Nearest;
        // Pillow's resize() converts RGBA/LA to premultiplied form and calls itself again without
        // reducing_gap, so images with alpha never take the reduce() step.
        if (spec.filter != Filter::Nearest && !hasAlpha && gap) {
            planReduce(plan, spec.filter, size, *gap, box);
        }
        for (int i = 0; i < 4; ++i) {
            plan.box[i] = static_cast<float>(box[i]);
        }
    } else {
        plan.box[2] = static_cast<float>(info.width);
        plan.box[3] = static_cast<float>(info.height);
    }
    plan.output = orientationSwapsAxes(plan.orientation)
        ? Size { plan.resampled.height, plan.resampled.width }
        : plan.resampled;
    return plan;
}

Status checkBoxResize(Size image, Size size, const double (&box)[4])
{
    if (size.width < 1 || size.height < 1) {
        return Error::of(ErrorCode::InvalidArgument, Text::tr("height and width must be > 0"));
    }
    // Pillow reads the box as 32-bit floats before it checks it.
    float b[4];
    for (int i = 0; i < 4; ++i) {
        b[i] = static_cast<float>(box[i]);
    }
    if (b[0] < 0 || b[1] < 0) {
        return Error::of(ErrorCode::InvalidArgument, Text::tr("box offset can't be negative"));
    }
    if (b[2] > static_cast<float>(image.width) || b[3] > static_cast<float>(image.height)) {
        return Error::of(
            ErrorCode::InvalidArgument, Text::tr("box can't exceed original image size"));
    }
    if (b[2] - b[0] < 0 || b[3] - b[1] < 0) {
        return Error::of(ErrorCode::InvalidArgument, Text::tr("box can't be empty"));
    }
    return {};
}

ResizePlan makeBoxResizePlan(Size image, int channels, Size size, Filter filter,
    const double (&box)[4], std::optional<double> reducingGap)
{
    ResizePlan plan;
    plan.filter = filter;
    plan.decoded = image;
    plan.reduced = image;
    plan.reduceBox[2] = image.width;
    plan.reduceBox[3] = image.height;
    const bool whole
        = box[0] == 0 && box[1] == 0 && box[2] == image.width && box[3] == image.height;
    if (size == image && whole) {
        plan.resampled = image;
        plan.box[2] = static_cast<float>(image.width);
        plan.box[3] = static_cast<float>(image.height);
        plan.output = image;
        return plan;
    }
    plan.resample = true;
    plan.resampled = size;
    double b[4] = { box[0], box[1], box[2], box[3] };
    const bool hasAlpha = channels == 2 || channels == 4;
    plan.premultiply = hasAlpha && filter != Filter::Nearest;
    if (filter != Filter::Nearest && !hasAlpha && reducingGap) {
        planReduce(plan, filter, size, *reducingGap, b);
    }
    for (int i = 0; i < 4; ++i) {
        plan.box[i] = static_cast<float>(b[i]);
    }
    plan.output = size;
    return plan;
}

} // namespace dropsize

// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/core/cancel_token.h"
#include "dropsize/core/image.h"
#include "dropsize/core/resize_plan.h"

namespace dropsize {

/// Runs a ResizePlan on decoded pixels on the CPU, exactly as Pillow's thumbnail() and
/// exif_transpose() would. Each step is also public so tests can check it alone.
class CpuResizer {
public:
    /// `numThreads` OpenMP threads inside one image; 1 when the batch is parallel already.
    explicit CpuResizer(int numThreads = 1) noexcept;

    /// Premultiply → reduce → resample → unpremultiply → orient. Takes the decoded image so that
    /// steps the plan leaves out cost no copy.
    [[nodiscard]] Result<Image> resize(
        Image decoded, const ResizePlan& plan, const CancelToken* cancel = nullptr) const;

    /// resize() on decoded pixels that several plans of one image share, which it leaves as
    /// they are. `premultiplied` says whether their colour samples are premultiplied already
    /// (premultiplyShared()): a plan that premultiplies then reads them in place, one that
    /// does not (needsPremultiplied() false) must get them unchanged (an Internal error
    /// otherwise); a plan that premultiplies pixels that are not yet works on a copy.
    [[nodiscard]] Result<Image> resizeShared(ConstImageView decoded, bool premultiplied,
        const ResizePlan& plan, const CancelToken* cancel = nullptr) const;

    /// Whether `plan` reads premultiplied pixels of an image with `channels` samples a pixel.
    static bool needsPremultiplied(const ResizePlan& plan, int channels) noexcept;

    /// Pillow's reduce(): blocks of fx×fy averaged over box {x0, y0, x1, y1}.
    [[nodiscard]] Result<Image> reduce(ConstImageView in, int fx, int fy, const int box[4]) const;

    /// Pillow's resize() on a box of `in` (float coordinates), after any reduce step.
    [[nodiscard]] Result<Image> resample(ConstImageView in, Size out, Filter filter,
        const float box[4], const CancelToken* cancel = nullptr) const;

    /// The steps after the resample: unpremultiply (when planned) and orient.
    [[nodiscard]] static Result<Image> finish(Image resampled, const ResizePlan& plan);

    /// exif_transpose(): the pixel permutation for EXIF orientation 1..8.
    [[nodiscard]] static Result<Image> orient(ConstImageView in, int orientation);

    static void premultiply(ImageView image) noexcept;
    static void unpremultiply(ImageView image) noexcept;

private:
    int m_numThreads;
};

} // namespace dropsize

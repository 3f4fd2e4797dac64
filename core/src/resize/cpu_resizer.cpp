// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "resize/cpu_resizer.h"

#include "dropsize/pixel/pixel_math.h"
#include "resize/resample_coefficients.h"
#include "resize/resample_rows.h"
#include "resize/resample_steps.h"

#include <algorithm>
#include <cstring>
#include <utility>
#include <vector>

namespace dropsize {

namespace {

    // Rows handled between two looks at the cancel token.
    constexpr int kRowsPerCancelCheck = 16;
    constexpr int kMaxBlockRowsOnStack = 64;

    Error cancelled() { return Error::of(ErrorCode::Cancelled, Text::tr("cancelled")); }

    bool stopRequested(const CancelToken* cancel)
    {
        return cancel != nullptr && cancel->stopRequested();
    }

    void horizontalPass(ConstImageView in, int rowOffset, ImageView out,
        const ResampleCoefficients& k, int threads, const CancelToken* cancel)
    {
#pragma omp parallel for num_threads(threads) schedule(static) if (threads > 1)
        for (int y = 0; y < out.height; ++y) {
            if (y % kRowsPerCancelCheck == 0 && stopRequested(cancel)) {
                continue;
            }
            detail::horizontalRow(in.row(y + rowOffset), out.row(y), in.channels, k);
        }
    }

    void verticalPass(ConstImageView in, ImageView out, const ResampleCoefficients& k, int threads,
        const CancelToken* cancel)
    {
        const int rowBytes = out.width * out.channels;
#pragma omp parallel num_threads(threads) if (threads > 1)
        {
            std::vector<std::int32_t> acc(static_cast<std::size_t>(rowBytes));
            std::vector<const std::uint8_t*> rows(static_cast<std::size_t>(k.kernelSize));
#pragma omp for schedule(static)
            for (int yy = 0; yy < out.height; ++yy) {
                if (yy % kRowsPerCancelCheck == 0 && stopRequested(cancel)) {
                    continue;
                }
                for (int y = 0; y < k.count(yy); ++y) {
                    rows[static_cast<std::size_t>(y)] = in.row(k.first(yy) + y);
                }
                detail::verticalRow(
                    rows.data(), k.weightsAt(yy), k.count(yy), rowBytes, acc.data(), out.row(yy));
            }
        }
    }

    void copyRegion(ConstImageView in, int x0, int y0, ImageView out)
    {
        const auto bytes
            = static_cast<std::size_t>(out.width) * static_cast<std::size_t>(out.channels);
        for (int y = 0; y < out.height; ++y) {
            std::memcpy(
                out.row(y), in.row(y + y0) + static_cast<std::ptrdiff_t>(x0) * in.channels, bytes);
        }
    }

    Result<Image> nearest(ConstImageView in, const ResampleSteps& steps)
    {
        auto made = Image::allocate(steps.out.width, steps.out.height, in.channels);
        if (!made) {
            return std::move(made).error();
        }
        Image out = std::move(made).value();
        ImageView o = out.view();
        const int c = in.channels;
        for (int y = 0; y < steps.out.height; ++y) {
            const int yi = steps.nearestY[static_cast<std::size_t>(y)];
            std::uint8_t* dst = o.row(y);
            if (yi < 0) {
                std::memset(dst, 0,
                    static_cast<std::size_t>(steps.out.width) * static_cast<std::size_t>(c));
                continue;
            }
            const std::uint8_t* src = in.row(yi);
            for (int x = 0; x < steps.out.width; ++x) {
                const int xi = steps.nearestX[static_cast<std::size_t>(x)];
                for (int ch = 0; ch < c; ++ch) {
                    dst[x * c + ch] = xi < 0 ? 0 : src[xi * c + ch];
                }
            }
        }
        return out;
    }

    // Pillow's premultiply and unpremultiply, one loop: `Sample` maps a colour sample and its
    // pixel's alpha (a template argument, so the call inlines as if written out).
    template <std::uint8_t (*Sample)(std::uint8_t, std::uint8_t)>
    void forEachColourSample(ImageView image) noexcept
    {
        const int c = image.channels;
        if (c != 2 && c != 4) {
            return;
        }
        for (int y = 0; y < image.height; ++y) {
            std::uint8_t* p = image.row(y);
            for (int x = 0; x < image.width; ++x, p += c) {
                const std::uint8_t a = p[c - 1];
                for (int ch = 0; ch < c - 1; ++ch) {
                    p[ch] = Sample(p[ch], a);
                }
            }
        }
    }

    // The resample part of `steps` on `in` (of size steps.in).
    Result<Image> runResample(
        ConstImageView in, const ResampleSteps& steps, int threads, const CancelToken* cancel)
    {
        const Size size = steps.out;
        switch (steps.kind) {
        case ResampleSteps::Kind::Copy:
        case ResampleSteps::Kind::Crop: {
            auto made = Image::allocate(size.width, size.height, in.channels);
            if (!made) {
                return std::move(made).error();
            }
            copyRegion(in, steps.cropX, steps.cropY, made->view());
            return made;
        }
        case ResampleSteps::Kind::Nearest:
            return nearest(in, steps);
        case ResampleSteps::Kind::Separable:
            break;
        }

        Image temp;
        // The vertical pass reads rows [firstRow, firstRow + tempRows) of the input: the
        // horizontal pass makes only those, or, without one, they are read in place.
        ConstImageView source { in.row(steps.firstRow), in.width, steps.tempRows, in.channels,
            in.stride };
        if (steps.horizontal) {
            auto made = Image::allocate(size.width, steps.tempRows, in.channels);
            if (!made) {
                return std::move(made).error();
            }
            temp = std::move(made).value();
            horizontalPass(in, steps.firstRow, temp.view(), steps.kx, threads, cancel);
            source = temp.view();
        }
        if (stopRequested(cancel)) {
            return cancelled();
        }
        if (!steps.vertical) {
            return temp;
        }
        auto made = Image::allocate(source.width, size.height, in.channels);
        if (!made) {
            return std::move(made).error();
        }
        verticalPass(source, made->view(), steps.ky, threads, cancel);
        if (stopRequested(cancel)) {
            return cancelled();
        }
        return made;
    }

} // namespace

CpuResizer::CpuResizer(int numThreads) noexcept
    : m_numThreads(std::max(1, numThreads))
{
}

void CpuResizer::premultiply(ImageView image) noexcept
{
    forEachColourSample<pixel::premultiply>(image);
}

void CpuResizer::unpremultiply(ImageView image) noexcept
{
    forEachColourSample<pixel::unpremultiply>(image);
}

Result<Image> CpuResizer::reduce(ConstImageView in, int fx, int fy, const int box[4]) const
{
    const auto size = reducedSize({ in.width, in.height }, fx, fy, box);
    if (!size) {
        return size.error();
    }
    const int bw = box[2] - box[0];
    const int bh = box[3] - box[1];
    const int oh = size->height;
    auto made = Image::allocate(size->width, oh, in.channels);
    if (!made) {
        return std::move(made).error();
    }
    Image out = std::move(made).value();
    ImageView o = out.view();
#pragma omp parallel for num_threads(m_numThreads) schedule(static) if (m_numThreads > 1)
    for (int y = 0; y < oh; ++y) {
        // The last row block averages only the rows that exist (ImagingReduceCorners).
        const int rowCount = std::min(fy, bh - y * fy);
        const std::uint8_t* rows[kMaxBlockRowsOnStack];
        std::vector<const std::uint8_t*> manyRows;
        const std::uint8_t** r = rows;
        if (rowCount > kMaxBlockRowsOnStack) {
            manyRows.resize(static_cast<std::size_t>(rowCount));
            r = manyRows.data();
        }
        for (int i = 0; i < rowCount; ++i) {
            r[i] = in.row(box[1] + y * fy + i);
        }
        detail::reduceRow(r, rowCount, in.channels, box[0], bw, fx, o.row(y));
    }
    return out;
}

Result<Image> CpuResizer::resample(ConstImageView in, Size size, Filter filter, const float box[4],
    const CancelToken* cancel) const
{
    auto planned = planResample({ in.width, in.height }, size, filter, box);
    if (!planned) {
        return std::move(planned).error();
    }
    return runResample(in, *planned, m_numThreads, cancel);
}

Result<Image> CpuResizer::orient(ConstImageView in, int orientation)
{
    const bool swap = orientationSwapsAxes(orientation);
    const int ow = swap ? in.height : in.width;
    const int oh = swap ? in.width : in.height;
    auto made = Image::allocate(ow, oh, in.channels);
    if (!made) {
        return std::move(made).error();
    }
    ImageView o = made->view();
    const int c = in.channels;
    const int w = in.width;
    const int h = in.height;
    for (int y = 0; y < oh; ++y) {
        std::uint8_t* dst = o.row(y);
        for (int x = 0; x < ow; ++x) {
            int sx = 0;
            int sy = 0;
            pixel::orientedSource(orientation, x, y, w, h, sx, sy);
            std::memcpy(dst + static_cast<std::ptrdiff_t>(x) * c,
                in.row(sy) + static_cast<std::ptrdiff_t>(sx) * c, static_cast<std::size_t>(c));
        }
    }
    return made;
}

Result<Image> CpuResizer::resize(
    Image decoded, const ResizePlan& plan, const CancelToken* cancel) const
{
    if (!plan.resample) {
        return finish(std::move(decoded), plan);
    }
    auto planned = planResample(plan, decoded.channels());
    if (!planned) {
        return std::move(planned).error();
    }
    const ResampleSteps& steps = *planned;
    if (decoded.width() != steps.source.width || decoded.height() != steps.source.height) {
        return Error::of(ErrorCode::InvalidArgument, Text::tr("image size differs from the plan"));
    }
    Image current = std::move(decoded);
    if (steps.premultiply) {
        premultiply(current.view());
    }
    if (steps.reduces()) {
        auto r = reduce(current.view(), steps.reduceX, steps.reduceY, steps.reduceBox);
        if (!r) {
            return std::move(r).error();
        }
        current = std::move(r).value();
    }
    if (stopRequested(cancel)) {
        return cancelled();
    }
    auto r = runResample(current.view(), steps, m_numThreads, cancel);
    if (!r) {
        return std::move(r).error();
    }
    current = std::move(r).value(); // frees the input before the orientation's copy
    return finish(std::move(current), plan);
}

bool CpuResizer::needsPremultiplied(const ResizePlan& plan, int channels) noexcept
{
    return plan.resample && plan.premultiply && (channels == 2 || channels == 4);
}

Result<Image> CpuResizer::resizeShared(ConstImageView decoded, bool premultiplied,
    const ResizePlan& plan, const CancelToken* cancel) const
{
    const bool needs = needsPremultiplied(plan, decoded.channels);
    if (premultiplied && !needs && (decoded.channels == 2 || decoded.channels == 4)) {
        return Error::of(
            ErrorCode::Internal, Text::tr("premultiplied pixels for a plan that keeps them"));
    }
    if (!plan.resample || (needs && !premultiplied)) {
        // Steps that change the pixels in place get a copy of their own.
        auto copy = Image::allocate(decoded.width, decoded.height, decoded.channels);
        if (!copy) {
            return std::move(copy).error();
        }
        copyRegion(decoded, 0, 0, copy->view());
        return resize(std::move(copy).value(), plan, cancel);
    }
    auto planned = planResample(plan, decoded.channels);
    if (!planned) {
        return std::move(planned).error();
    }
    const ResampleSteps& steps = *planned;
    if (decoded.width != steps.source.width || decoded.height != steps.source.height) {
        return Error::of(ErrorCode::InvalidArgument, Text::tr("image size differs from the plan"));
    }
    Image reduced;
    ConstImageView source = decoded;
    if (steps.reduces()) {
        auto r = reduce(decoded, steps.reduceX, steps.reduceY, steps.reduceBox);
        if (!r) {
            return std::move(r).error();
        }
        reduced = std::move(r).value();
        source = std::as_const(reduced).view();
    }
    if (stopRequested(cancel)) {
        return cancelled();
    }
    auto r = runResample(source, steps, m_numThreads, cancel);
    if (!r) {
        return std::move(r).error();
    }
    reduced = Image();
    return finish(std::move(r).value(), plan);
}

Result<Image> CpuResizer::finish(Image resampled, const ResizePlan& plan)
{
    if (plan.resample && plan.premultiply) {
        unpremultiply(resampled.view());
    }
    if (plan.orientation == 1) {
        return resampled;
    }
    return orient(resampled.view(), plan.orientation);
}

} // namespace dropsize

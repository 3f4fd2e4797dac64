// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/core/resampler.h"

#include "dropsize/core/pixel_math.h"
#include "dropsize/core/resample_coefficients.h"

#include <algorithm>
#include <cstring>
#include <vector>

namespace dropsize {

namespace {

    // Rows handled between two looks at the cancel token.
    constexpr int kRowsPerCancelCheck = 16;

    Error cancelled() { return Error { ErrorCode::Cancelled, "cancelled", {} }; }

    bool stopRequested(const CancelToken* cancel)
    {
        return cancel != nullptr && cancel->stopRequested();
    }

    template <int C>
    void horizontalRow(const std::uint8_t* in, std::uint8_t* out, const ResampleCoefficients& k)
    {
        for (int xx = 0; xx < k.outSize; ++xx) {
            const std::int32_t* w = k.weightsAt(xx);
            const std::uint8_t* src = in + static_cast<std::ptrdiff_t>(k.first(xx)) * C;
            const int n = k.count(xx);
            std::int32_t acc[C];
            for (int c = 0; c < C; ++c) {
                acc[c] = pixel::kRoundingHalf;
            }
            for (int x = 0; x < n; ++x) {
                for (int c = 0; c < C; ++c) {
                    acc[c] += static_cast<std::int32_t>(src[x * C + c]) * w[x];
                }
            }
            for (int c = 0; c < C; ++c) {
                out[xx * C + c] = pixel::clip8(acc[c]);
            }
        }
    }

    void horizontalPass(ConstImageView in, int rowOffset, ImageView out,
        const ResampleCoefficients& k, int threads, const CancelToken* cancel)
    {
        auto rowFn = horizontalRow<3>;
        switch (in.channels) {
        case 1:
            rowFn = horizontalRow<1>;
            break;
        case 2:
            rowFn = horizontalRow<2>;
            break;
        case 4:
            rowFn = horizontalRow<4>;
            break;
        default:
            break;
        }
#pragma omp parallel for num_threads(threads) schedule(static) if (threads > 1)
        for (int y = 0; y < out.height; ++y) {
            if (y % kRowsPerCancelCheck == 0 && stopRequested(cancel)) {
                continue;
            }
            rowFn(in.row(y + rowOffset), out.row(y), k);
        }
    }

    void verticalPass(ConstImageView in, ImageView out, const ResampleCoefficients& k, int threads,
        const CancelToken* cancel)
    {
        const int rowBytes = out.width * out.channels;
#pragma omp parallel num_threads(threads) if (threads > 1)
        {
            // One accumulator row per thread: the inner loop runs along the row, which the
            // compiler vectorises, instead of striding down columns.
            std::vector<std::int32_t> acc(static_cast<std::size_t>(rowBytes));
#pragma omp for schedule(static)
            for (int yy = 0; yy < out.height; ++yy) {
                if (yy % kRowsPerCancelCheck == 0 && stopRequested(cancel)) {
                    continue;
                }
                std::fill(acc.begin(), acc.end(), pixel::kRoundingHalf);
                const std::int32_t* w = k.weightsAt(yy);
                const int first = k.first(yy);
                const int n = k.count(yy);
                std::int32_t* a = acc.data();
                for (int y = 0; y < n; ++y) {
                    const std::uint8_t* src = in.row(first + y);
                    const std::int32_t wy = w[y];
                    for (int i = 0; i < rowBytes; ++i) {
                        a[i] += static_cast<std::int32_t>(src[i]) * wy;
                    }
                }
                std::uint8_t* dst = out.row(yy);
                for (int i = 0; i < rowBytes; ++i) {
                    dst[i] = pixel::clip8(a[i]);
                }
            }
        }
    }

    void copyRegion(ConstImageView in, int x0, int y0, ImageView out)
    {
        const auto bytes = static_cast<std::size_t>(out.width) * static_cast<std::size_t>(out.channels);
        for (int y = 0; y < out.height; ++y) {
            std::memcpy(out.row(y), in.row(y + y0) + static_cast<std::ptrdiff_t>(x0) * in.channels,
                bytes);
        }
    }

    Result<Image> nearest(ConstImageView in, Size size, const float box[4])
    {
        auto made = Image::allocate(size.width, size.height, in.channels);
        if (!made) {
            return std::move(made).error();
        }
        Image out = std::move(made).value();
        ImageView o = out.view();
        const int c = in.channels;
        // Pillow's ImagingScaleAffine: positions advance by repeated addition from the centre of
        // the first output pixel.
        const double ax = static_cast<double>(box[2] - box[0]) / size.width;
        const double ay = static_cast<double>(box[3] - box[1]) / size.height;
        std::vector<int> xin(static_cast<std::size_t>(size.width), -1);
        double xo = box[0] + ax * 0.5;
        for (int x = 0; x < size.width; ++x) {
            const int xi = pixel::nearestIndex(xo);
            xin[static_cast<std::size_t>(x)] = (xi >= 0 && xi < in.width) ? xi : -1;
            xo += ax;
        }
        double yo = box[1] + ay * 0.5;
        for (int y = 0; y < size.height; ++y) {
            const int yi = pixel::nearestIndex(yo);
            std::uint8_t* dst = o.row(y);
            if (yi < 0 || yi >= in.height) {
                std::memset(dst, 0, static_cast<std::size_t>(size.width) * static_cast<std::size_t>(c));
            } else {
                const std::uint8_t* src = in.row(yi);
                for (int x = 0; x < size.width; ++x) {
                    const int xi = xin[static_cast<std::size_t>(x)];
                    for (int ch = 0; ch < c; ++ch) {
                        dst[x * c + ch] = xi < 0 ? 0 : src[xi * c + ch];
                    }
                }
            }
            yo += ay;
        }
        return out;
    }

} // namespace

CpuResizer::CpuResizer(int numThreads) noexcept
    : m_numThreads(std::max(1, numThreads))
{
}

void CpuResizer::premultiply(ImageView image) noexcept
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
                p[ch] = pixel::premultiply(p[ch], a);
            }
        }
    }
}

void CpuResizer::unpremultiply(ImageView image) noexcept
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
                p[ch] = pixel::unpremultiply(p[ch], a);
            }
        }
    }
}

Result<Image> CpuResizer::reduce(ConstImageView in, int fx, int fy, const int box[4]) const
{
    const int bw = box[2] - box[0];
    const int bh = box[3] - box[1];
    if (fx < 1 || fy < 1 || bw <= 0 || bh <= 0 || box[0] < 0 || box[1] < 0 || box[2] > in.width
        || box[3] > in.height) {
        return Error { ErrorCode::InvalidArgument, "reduce box outside the image", {} };
    }
    const int ow = (bw + fx - 1) / fx;
    const int oh = (bh + fy - 1) / fy;
    auto made = Image::allocate(ow, oh, in.channels);
    if (!made) {
        return std::move(made).error();
    }
    Image out = std::move(made).value();
    ImageView o = out.view();
    const int c = in.channels;
    const int fullX = bw / fx;
    const int lastX = bw % fx;
    const int lastY = bh % fy;

#pragma omp parallel for num_threads(m_numThreads) schedule(static) if (m_numThreads > 1)
    for (int y = 0; y < oh; ++y) {
        // The last row and column average only the pixels that exist (ImagingReduceCorners).
        const int rows = (y == oh - 1 && lastY != 0) ? lastY : fy;
        const int yFrom = box[1] + y * fy;
        std::uint32_t sums[4];
        std::uint8_t* dst = o.row(y);
        for (int x = 0; x < ow; ++x) {
            const int cols = (x == fullX && lastX != 0) ? lastX : fx;
            const int xFrom = box[0] + x * fx;
            const auto n = static_cast<std::uint32_t>(rows * cols);
            for (int ch = 0; ch < c; ++ch) {
                sums[ch] = 0;
            }
            for (int yy = yFrom; yy < yFrom + rows; ++yy) {
                const std::uint8_t* src = in.row(yy) + static_cast<std::ptrdiff_t>(xFrom) * c;
                for (int xx = 0; xx < cols * c; xx += c) {
                    for (int ch = 0; ch < c; ++ch) {
                        sums[ch] += src[xx + ch];
                    }
                }
            }
            const std::uint32_t m = reduceMultiplier(n);
            for (int ch = 0; ch < c; ++ch) {
                dst[x * c + ch] = pixel::blockAverage(sums[ch], n, m);
            }
        }
    }
    return out;
}

Result<Image> CpuResizer::resample(ConstImageView in, Size size, Filter filter, const float box[4],
    const CancelToken* cancel) const
{
    if (size.width < 1 || size.height < 1 || box[0] < 0 || box[1] < 0
        || box[2] > static_cast<float>(in.width) || box[3] > static_cast<float>(in.height)
        || box[2] - box[0] < 0 || box[3] - box[1] < 0) {
        return Error { ErrorCode::InvalidArgument, "resample box outside the image", {} };
    }
    // Integer box of exactly the output size: Pillow crops instead of resampling.
    if (box[0] - static_cast<float>(static_cast<int>(box[0])) == 0
        && box[2] - box[0] == static_cast<float>(size.width)
        && box[1] - static_cast<float>(static_cast<int>(box[1])) == 0
        && box[3] - box[1] == static_cast<float>(size.height)) {
        auto made = Image::allocate(size.width, size.height, in.channels);
        if (!made) {
            return std::move(made).error();
        }
        copyRegion(in, static_cast<int>(box[0]), static_cast<int>(box[1]), made->view());
        return made;
    }
    if (filter == Filter::Nearest) {
        return nearest(in, size, box);
    }

    const bool needHorizontal
        = size.width != in.width || box[0] != 0 || box[2] != static_cast<float>(size.width);
    const bool needVertical
        = size.height != in.height || box[1] != 0 || box[3] != static_cast<float>(size.height);
    const ResampleCoefficients kx = computeCoefficients(in.width, box[0], box[2], size.width, filter);
    ResampleCoefficients ky = computeCoefficients(in.height, box[1], box[3], size.height, filter);

    Image temp;
    ConstImageView source = in;
    if (needHorizontal) {
        // Only the rows the vertical pass will read.
        const int firstRow = ky.first(0);
        const int lastRow = ky.first(size.height - 1) + ky.count(size.height - 1);
        for (int i = 0; i < size.height; ++i) {
            ky.bounds[static_cast<std::size_t>(2 * i)] -= firstRow;
        }
        auto made = Image::allocate(size.width, lastRow - firstRow, in.channels);
        if (!made) {
            return std::move(made).error();
        }
        temp = std::move(made).value();
        horizontalPass(in, firstRow, temp.view(), kx, m_numThreads, cancel);
        source = temp.view();
    }
    if (stopRequested(cancel)) {
        return cancelled();
    }
    if (needVertical) {
        auto made = Image::allocate(source.width, size.height, in.channels);
        if (!made) {
            return std::move(made).error();
        }
        verticalPass(source, made->view(), ky, m_numThreads, cancel);
        if (stopRequested(cancel)) {
            return cancelled();
        }
        return made;
    }
    if (needHorizontal) {
        return temp;
    }
    auto made = Image::allocate(in.width, in.height, in.channels);
    if (!made) {
        return std::move(made).error();
    }
    copyRegion(in, 0, 0, made->view());
    return made;
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
            int sx = x;
            int sy = y;
            switch (orientation) {
            case 2: // mirror left-right
                sx = w - 1 - x;
                break;
            case 3: // rotate 180
                sx = w - 1 - x;
                sy = h - 1 - y;
                break;
            case 4: // mirror top-bottom
                sy = h - 1 - y;
                break;
            case 5: // transpose
                sx = y;
                sy = x;
                break;
            case 6: // rotate 90 clockwise
                sx = y;
                sy = h - 1 - x;
                break;
            case 7: // transverse
                sx = w - 1 - y;
                sy = h - 1 - x;
                break;
            case 8: // rotate 90 counter-clockwise
                sx = w - 1 - y;
                sy = x;
                break;
            default:
                break;
            }
            std::memcpy(dst + x * c, in.row(sy) + static_cast<std::ptrdiff_t>(sx) * c,
                static_cast<std::size_t>(c));
        }
    }
    return made;
}

Result<Image> CpuResizer::resize(Image decoded, const ResizePlan& plan,
    const CancelToken* cancel) const
{
    Image current = std::move(decoded);
    if (plan.resample) {
        if (plan.premultiply) {
            premultiply(current.view());
        }
        if (plan.reduceX > 1 || plan.reduceY > 1) {
            auto r = reduce(current.view(), plan.reduceX, plan.reduceY, plan.reduceBox);
            if (!r) {
                return std::move(r).error();
            }
            current = std::move(r).value();
        }
        if (stopRequested(cancel)) {
            return cancelled();
        }
        auto r = resample(current.view(), plan.resampled, plan.filter, plan.box, cancel);
        if (!r) {
            return std::move(r).error();
        }
        current = std::move(r).value();
        if (plan.premultiply) {
            unpremultiply(current.view());
        }
    }
    if (plan.orientation == 1) {
        return current;
    }
    return orient(current.view(), plan.orientation);
}

} // namespace dropsize

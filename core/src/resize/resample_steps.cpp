// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "resize/resample_steps.h"

#include "dropsize/pixel/pixel_math.h"
#include "resize/resample_coefficients.h"

namespace dropsize {

namespace {

    // Pillow's ImagingScaleAffine: positions advance by repeated addition (in double) from the
    // centre of the first output pixel; a position outside the input gives black.
    std::vector<int> nearestIndices(float from, float to, int outSize, int inSize)
    {
        std::vector<int> index(static_cast<std::size_t>(outSize), -1);
        const double step = static_cast<double>(to - from) / outSize;
        double position = from + step * 0.5;
        for (int i = 0; i < outSize; ++i) {
            const int source = pixel::nearestIndex(position);
            index[static_cast<std::size_t>(i)] = (source >= 0 && source < inSize) ? source : -1;
            position += step;
        }
        return index;
    }

    bool isIntegral(float v) { return v - static_cast<float>(static_cast<int>(v)) == 0; }

    // Pillow's need_horizontal and need_vertical: a pass runs unless its axis keeps its size and
    // the box spans all of it.
    bool needsHorizontal(Size in, Size out, const float box[4]) noexcept
    {
        return out.width != in.width || box[0] != 0 || box[2] != static_cast<float>(out.width);
    }

    bool needsVertical(Size in, Size out, const float box[4]) noexcept
    {
        return out.height != in.height || box[1] != 0 || box[3] != static_cast<float>(out.height);
    }

} // namespace

ResampleSteps::Kind resampleKind(Size in, Size out, Filter filter, const float box[4]) noexcept
{
    // An integral box of exactly the output size: Pillow crops instead of resampling.
    if (isIntegral(box[0]) && box[2] - box[0] == static_cast<float>(out.width) && isIntegral(box[1])
        && box[3] - box[1] == static_cast<float>(out.height)) {
        return ResampleSteps::Kind::Crop;
    }
    if (filter == Filter::Nearest) {
        return ResampleSteps::Kind::Nearest;
    }
    return needsHorizontal(in, out, box) || needsVertical(in, out, box)
        ? ResampleSteps::Kind::Separable
        : ResampleSteps::Kind::Copy;
}

Result<Size> reducedSize(Size in, int fx, int fy, const int box[4])
{
    const int bw = box[2] - box[0];
    const int bh = box[3] - box[1];
    if (fx < 1 || fy < 1 || bw <= 0 || bh <= 0 || box[0] < 0 || box[1] < 0 || box[2] > in.width
        || box[3] > in.height) {
        return Error::of(ErrorCode::InvalidArgument, Text::tr("reduce box outside the image"));
    }
    return Size { (bw + fx - 1) / fx, (bh + fy - 1) / fy };
}

Result<ResampleSteps> planResample(Size in, Size out, Filter filter, const float box[4])
{
    if (out.width < 1 || out.height < 1 || box[0] < 0 || box[1] < 0
        || box[2] > static_cast<float>(in.width) || box[3] > static_cast<float>(in.height)
        || box[2] - box[0] < 0 || box[3] - box[1] < 0) {
        return Error::of(ErrorCode::InvalidArgument, Text::tr("resample box outside the image"));
    }
    ResampleSteps steps;
    steps.source = in;
    steps.in = in;
    steps.out = out;
    steps.kind = resampleKind(in, out, filter, box);
    switch (steps.kind) {
    case ResampleSteps::Kind::Copy:
        steps.tempRows = in.height;
        return steps;
    case ResampleSteps::Kind::Crop:
        steps.cropX = static_cast<int>(box[0]);
        steps.cropY = static_cast<int>(box[1]);
        return steps;
    case ResampleSteps::Kind::Nearest:
        steps.nearestX = nearestIndices(box[0], box[2], out.width, in.width);
        steps.nearestY = nearestIndices(box[1], box[3], out.height, in.height);
        return steps;
    case ResampleSteps::Kind::Separable:
        break;
    }
    steps.horizontal = needsHorizontal(in, out, box);
    steps.vertical = needsVertical(in, out, box);
    steps.kx = computeCoefficients(in.width, box[0], box[2], out.width, filter);
    steps.ky = computeCoefficients(in.height, box[1], box[3], out.height, filter);
    // Only the rows the vertical pass will read (Pillow's ybox_first and ybox_last).
    steps.firstRow = steps.ky.first(0);
    steps.tempRows
        = steps.ky.first(out.height - 1) + steps.ky.count(out.height - 1) - steps.firstRow;
    for (int i = 0; i < out.height; ++i) {
        steps.ky.bounds[2 * static_cast<std::size_t>(i)] -= steps.firstRow;
    }
    return steps;
}

Result<ResampleSteps> planResample(const ResizePlan& plan, int channels)
{
    if (!plan.resample) {
        ResampleSteps steps;
        steps.source = steps.in = steps.out = plan.decoded;
        steps.tempRows = plan.decoded.height;
        return steps;
    }
    Size reduced = plan.decoded;
    const bool reduces = plan.reduceX > 1 || plan.reduceY > 1;
    if (reduces) {
        auto size = reducedSize(plan.decoded, plan.reduceX, plan.reduceY, plan.reduceBox);
        if (!size) {
            return std::move(size).error();
        }
        reduced = *size;
    }
    auto steps = planResample(reduced, plan.resampled, plan.filter, plan.box);
    if (!steps) {
        return steps;
    }
    steps->source = plan.decoded;
    steps->premultiply = plan.premultiply && (channels == 2 || channels == 4);
    if (reduces) {
        const int* box = plan.reduceBox;
        steps->reduceX = plan.reduceX;
        steps->reduceY = plan.reduceY;
        for (int i = 0; i < 4; ++i) {
            steps->reduceBox[i] = box[i];
        }
        const int bw = box[2] - box[0];
        const int bh = box[3] - box[1];
        const auto fx = static_cast<std::uint32_t>(plan.reduceX);
        const auto fy = static_cast<std::uint32_t>(plan.reduceY);
        const auto lastCols
            = static_cast<std::uint32_t>(bw % plan.reduceX == 0 ? plan.reduceX : bw % plan.reduceX);
        const auto lastRows
            = static_cast<std::uint32_t>(bh % plan.reduceY == 0 ? plan.reduceY : bh % plan.reduceY);
        steps->reduceMultipliers[0] = reduceMultiplier(fy * fx);
        steps->reduceMultipliers[1] = reduceMultiplier(fy * lastCols);
        steps->reduceMultipliers[2] = reduceMultiplier(lastRows * fx);
        steps->reduceMultipliers[3] = reduceMultiplier(lastRows * lastCols);
    }
    return steps;
}

} // namespace dropsize

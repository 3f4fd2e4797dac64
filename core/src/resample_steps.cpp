// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "resample_steps.h"

#include "dropsize/pixel/pixel_math.h"

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

} // namespace

Result<ResampleSteps> planResample(Size in, Size out, Filter filter, const float box[4])
{
    if (out.width < 1 || out.height < 1 || box[0] < 0 || box[1] < 0
        || box[2] > static_cast<float>(in.width) || box[3] > static_cast<float>(in.height)
        || box[2] - box[0] < 0 || box[3] - box[1] < 0) {
        return Error { ErrorCode::InvalidArgument, "resample box outside the image", {} };
    }
    ResampleSteps steps;
    steps.in = in;
    steps.out = out;
    // An integral box of exactly the output size: Pillow crops instead of resampling.
    if (isIntegral(box[0]) && box[2] - box[0] == static_cast<float>(out.width) && isIntegral(box[1])
        && box[3] - box[1] == static_cast<float>(out.height)) {
        steps.kind = ResampleSteps::Kind::Crop;
        steps.cropX = static_cast<int>(box[0]);
        steps.cropY = static_cast<int>(box[1]);
        return steps;
    }
    if (filter == Filter::Nearest) {
        steps.kind = ResampleSteps::Kind::Nearest;
        steps.nearestX = nearestIndices(box[0], box[2], out.width, in.width);
        steps.nearestY = nearestIndices(box[1], box[3], out.height, in.height);
        return steps;
    }
    steps.horizontal
        = out.width != in.width || box[0] != 0 || box[2] != static_cast<float>(out.width);
    steps.vertical
        = out.height != in.height || box[1] != 0 || box[3] != static_cast<float>(out.height);
    if (!steps.horizontal && !steps.vertical) {
        steps.kind = ResampleSteps::Kind::Copy;
        return steps;
    }
    steps.kind = ResampleSteps::Kind::Separable;
    steps.kx = computeCoefficients(in.width, box[0], box[2], out.width, filter);
    steps.ky = computeCoefficients(in.height, box[1], box[3], out.height, filter);
    steps.tempRows = in.height;
    if (steps.horizontal) {
        // Only the rows the vertical pass will read.
        steps.firstRow = steps.ky.first(0);
        const int lastRow = steps.ky.first(out.height - 1) + steps.ky.count(out.height - 1);
        steps.tempRows = lastRow - steps.firstRow;
        for (int i = 0; i < out.height; ++i) {
            steps.ky.bounds[static_cast<std::size_t>(2 * i)] -= steps.firstRow;
        }
    }
    return steps;
}

} // namespace dropsize

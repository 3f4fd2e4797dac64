// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "gpu_program.h"

#include "resample_coefficients.h"
#include "resample_steps.h"

namespace dropsize {

namespace {

    kernels::PassTable toPassTable(const ResampleCoefficients& k)
    {
        return { k.outSize, k.kernelSize, k.bounds, k.weights };
    }

    kernels::ResizeProgram::Resample toResample(ResampleSteps::Kind kind)
    {
        switch (kind) {
        case ResampleSteps::Kind::Copy:
            return kernels::ResizeProgram::Resample::Copy;
        case ResampleSteps::Kind::Crop:
            return kernels::ResizeProgram::Resample::Crop;
        case ResampleSteps::Kind::Nearest:
            return kernels::ResizeProgram::Resample::Nearest;
        case ResampleSteps::Kind::Separable:
            break;
        }
        return kernels::ResizeProgram::Resample::Separable;
    }

} // namespace

Result<kernels::ResizeProgram> makeGpuProgram(const ResizePlan& plan, int channels)
{
    kernels::ResizeProgram p;
    p.channels = channels;
    p.inWidth = plan.decoded.width;
    p.inHeight = plan.decoded.height;
    p.resize = plan.resample;
    p.orientation = plan.orientation;
    p.outWidth = plan.output.width;
    p.outHeight = plan.output.height;
    p.resampledWidth = plan.resample ? plan.resampled.width : plan.decoded.width;
    p.resampledHeight = plan.resample ? plan.resampled.height : plan.decoded.height;
    p.reducedWidth = plan.decoded.width;
    p.reducedHeight = plan.decoded.height;
    if (!plan.resample) {
        return p;
    }
    p.premultiply = plan.premultiply && (channels == 2 || channels == 4);
    if (plan.reduceX > 1 || plan.reduceY > 1) {
        const int* box = plan.reduceBox;
        const int bw = box[2] - box[0];
        const int bh = box[3] - box[1];
        if (bw <= 0 || bh <= 0 || box[0] < 0 || box[1] < 0 || box[2] > plan.decoded.width
            || box[3] > plan.decoded.height) {
            return Error { ErrorCode::InvalidArgument, "reduce box outside the image", {} };
        }
        p.reduceX = plan.reduceX;
        p.reduceY = plan.reduceY;
        for (int i = 0; i < 4; ++i) {
            p.reduceBox[i] = box[i];
        }
        p.reducedWidth = (bw + plan.reduceX - 1) / plan.reduceX;
        p.reducedHeight = (bh + plan.reduceY - 1) / plan.reduceY;
        // The blocks of the last row and column may be partial (ImagingReduceCorners).
        const auto lastRows
            = static_cast<std::uint32_t>(bh % plan.reduceY == 0 ? plan.reduceY : bh % plan.reduceY);
        const auto lastCols
            = static_cast<std::uint32_t>(bw % plan.reduceX == 0 ? plan.reduceX : bw % plan.reduceX);
        const auto fx = static_cast<std::uint32_t>(plan.reduceX);
        const auto fy = static_cast<std::uint32_t>(plan.reduceY);
        p.reduceMultipliers[0] = reduceMultiplier(fy * fx);
        p.reduceMultipliers[1] = reduceMultiplier(fy * lastCols);
        p.reduceMultipliers[2] = reduceMultiplier(lastRows * fx);
        p.reduceMultipliers[3] = reduceMultiplier(lastRows * lastCols);
    }
    auto steps
        = planResample({ p.reducedWidth, p.reducedHeight }, plan.resampled, plan.filter, plan.box);
    if (!steps) {
        return std::move(steps).error();
    }
    p.resample = toResample(steps->kind);
    p.cropX = steps->cropX;
    p.cropY = steps->cropY;
    p.nearestX = std::move(steps->nearestX);
    p.nearestY = std::move(steps->nearestY);
    p.horizontal = steps->horizontal;
    p.vertical = steps->vertical;
    if (p.resample == kernels::ResizeProgram::Resample::Separable) {
        p.kx = toPassTable(steps->kx);
        p.ky = toPassTable(steps->ky);
        p.firstRow = steps->firstRow;
        p.tempRows = steps->tempRows;
    }
    return p;
}

} // namespace dropsize

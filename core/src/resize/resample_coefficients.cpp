// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "resize/resample_coefficients.h"

#include "dropsize/pixel/pixel_math.h"

#include <cmath>

// Every expression below keeps Pillow's operand order and types (float box, double weights):
// reordering a sum or contracting it into an FMA moves a weight by one unit and a pixel by one
// level. The build compiles this file with -ffp-contract=off.

namespace dropsize {

namespace {

    constexpr double kPi = 3.14159265358979323846;

    double boxFilter(double x) { return (x > -0.5 && x <= 0.5) ? 1.0 : 0.0; }

    double bilinearFilter(double x)
    {
        if (x < 0.0) {
            x = -x;
        }
        return x < 1.0 ? 1.0 - x : 0.0;
    }

    double hammingFilter(double x)
    {
        if (x < 0.0) {
            x = -x;
        }
        if (x == 0.0) {
            return 1.0;
        }
        if (x >= 1.0) {
            return 0.0;
        }
        x = x * kPi;
        return std::sin(x) / x * (0.54f + 0.46f * std::cos(x));
    }

    double bicubicFilter(double x)
    {
        constexpr double a = -0.5;
        if (x < 0.0) {
            x = -x;
        }
        if (x < 1.0) {
            return ((a + 2.0) * x - (a + 3.0)) * x * x + 1;
        }
        if (x < 2.0) {
            return (((x - 5) * x + 8) * x - 4) * a;
        }
        return 0.0;
    }

    double sincFilter(double x)
    {
        if (x == 0.0) {
            return 1.0;
        }
        x = x * kPi;
        return std::sin(x) / x;
    }

    double lanczosFilter(double x)
    {
        if (-3.0 <= x && x < 3.0) {
            return sincFilter(x) * sincFilter(x / 3);
        }
        return 0.0;
    }

    using FilterFunction = double (*)(double);

    FilterFunction filterFunction(Filter filter)
    {
        switch (filter) {
        case Filter::Box:
            return boxFilter;
        case Filter::Bilinear:
            return bilinearFilter;
        case Filter::Hamming:
            return hammingFilter;
        case Filter::Bicubic:
            return bicubicFilter;
        case Filter::Nearest:
        case Filter::Lanczos:
            break;
        }
        return lanczosFilter;
    }

} // namespace

ResampleCoefficients computeCoefficients(
    int inSize, float in0, float in1, int outSize, Filter filter)
{
    const FilterFunction fn = filterFunction(filter);
    // (in1 - in0) is a float subtraction in Pillow; only the quotient is double.
    const float span = in1 - in0;
    const double scale = static_cast<double>(span) / outSize;
    const double filterscale = scale < 1.0 ? 1.0 : scale;
    const double support = filterSupport(filter) * filterscale;
    const int ksize = static_cast<int>(std::ceil(support)) * 2 + 1;

    ResampleCoefficients c;
    c.outSize = outSize;
    c.kernelSize = ksize;
    c.bounds.resize(static_cast<std::size_t>(outSize) * 2);
    c.weights.assign(static_cast<std::size_t>(outSize) * static_cast<std::size_t>(ksize), 0);
    std::vector<double> k(static_cast<std::size_t>(ksize));
    const double ss = 1.0 / filterscale;
    constexpr double kOne = static_cast<double>(1 << pixel::kPrecisionBits);

    for (int xx = 0; xx < outSize; ++xx) {
        const double center = in0 + (xx + 0.5) * scale;
        double ww = 0.0;
        int xmin = static_cast<int>(center - support + 0.5);
        if (xmin < 0) {
            xmin = 0;
        }
        int xmax = static_cast<int>(center + support + 0.5);
        if (xmax > inSize) {
            xmax = inSize;
        }
        xmax -= xmin;
        for (int x = 0; x < xmax; ++x) {
            const double w = fn((x + xmin - center + 0.5) * ss);
            k[static_cast<std::size_t>(x)] = w;
            ww += w;
        }
        std::int32_t* out = c.weights.data() + static_cast<std::size_t>(xx) * ksize;
        for (int x = 0; x < xmax; ++x) {
            double w = k[static_cast<std::size_t>(x)];
            if (ww != 0.0) {
                w /= ww;
            }
            out[x] = w < 0 ? static_cast<std::int32_t>(-0.5 + w * kOne)
                           : static_cast<std::int32_t>(0.5 + w * kOne);
        }
        c.bounds[static_cast<std::size_t>(xx) * 2] = xmin;
        c.bounds[static_cast<std::size_t>(xx) * 2 + 1] = xmax;
    }
    return c;
}

std::uint32_t reduceMultiplier(std::uint32_t n) noexcept
{
    const float maxInt = 4294967296.0f;
    const auto maxDividend = static_cast<std::uint32_t>(256u * n);
    return static_cast<std::uint32_t>(maxInt / static_cast<float>(maxDividend));
}

} // namespace dropsize

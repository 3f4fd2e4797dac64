// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/core/resize_spec.h"

#include "dropsize/core/option_names.h"
#include "dropsize/core/options.h"

#include <cmath>
#include <string>

namespace dropsize {

namespace {
    Status invalid(std::string message)
    {
        return Error { ErrorCode::InvalidArgument, std::move(message), {} };
    }
} // namespace

Status validate(const ResizeSpec& spec)
{
    switch (spec.mode) {
    case SizeMode::Percent:
        if (!std::isfinite(spec.percent) || spec.percent < kMinPercent) {
            return invalid("the percentage must be a number, at least " + numberText(kMinPercent));
        }
        if (spec.percent > kMaxPercent) {
            return invalid("the percentage must be at most " + numberText(kMaxPercent));
        }
        if (spec.percent > 100.0 && !spec.enlarge) {
            return invalid("a percentage above 100 enlarges: allow enlarging to use it");
        }
        break;
    case SizeMode::Fit:
    case SizeMode::Exact:
        if (spec.width < 1 || spec.height < 1 || spec.width > kMaxSide || spec.height > kMaxSide) {
            return invalid("width and height must be between 1 and " + std::to_string(kMaxSide));
        }
        break;
    case SizeMode::LongEdge:
        if (spec.longEdge < 1 || spec.longEdge > kMaxSide) {
            return invalid("the long edge must be between 1 and " + std::to_string(kMaxSide));
        }
        break;
    }
    return {};
}

std::optional<Filter> parseFilter(std::string_view name) noexcept
{
    return parseName<Filter>(name);
}

const char* filterName(Filter filter) noexcept { return nameOf(filter); }

double filterSupport(Filter filter) noexcept
{
    switch (filter) {
    case Filter::Nearest:
        return 0.0;
    case Filter::Box:
        return 0.5;
    case Filter::Bilinear:
    case Filter::Hamming:
        return 1.0;
    case Filter::Bicubic:
        return 2.0;
    case Filter::Lanczos:
        return 3.0;
    }
    return 3.0;
}

} // namespace dropsize

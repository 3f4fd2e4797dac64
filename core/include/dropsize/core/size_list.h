// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/core/resize_spec.h"
#include "dropsize/core/result.h"

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace dropsize {

/// One of the sizes every input is written at (--sizes): what it asks for, and the label that
/// names its folder or fills {size} in a name.
struct OutputSize {
    ResizeSpec spec;
    std::string label;

    bool operator==(const OutputSize&) const = default;
};

/// The most sizes one batch takes.
inline constexpr std::size_t kMaxOutputSizes = 32;

/// The label of a spec: "2048" (long edge), "short1080", "fit800x600", "fill512x512",
/// "800x600" (exact), "50pct". Labels of different specs differ, and each is a valid folder name
/// everywhere (no ":" or "%", which sizeSpecText() has).
std::string sizeLabel(const ResizeSpec& spec);

/// A comma-separated list of specs as parseSizeSpec() reads them (spaces around each allowed):
/// "2048,1024,256" or "50%,fit:800x600,long:2048", each checked by validate() with `base`'s
/// enlarge. Refuses an empty item, a spec given twice (by its label) and more than
/// kMaxOutputSizes sizes.
[[nodiscard]] Result<std::vector<OutputSize>> parseSizeList(
    std::string_view text, const ResizeSpec& base);

} // namespace dropsize

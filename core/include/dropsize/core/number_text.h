// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace dropsize {

/// A limit or default as people write it: "0.01", "10000", "1048576" (no exponent, no trailing
/// zeros).
std::string numberText(double value);

/// A number as an option's value is written: plain decimal only ("50", "12.5", ".5"), with no
/// sign, exponent, hex ("0x20"), spaces or locale-dependent separators; nullopt otherwise. The
/// command line and the presets file read numbers with it.
std::optional<double> parsePlainNumber(std::string_view text);

} // namespace dropsize

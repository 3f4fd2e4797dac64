// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace dropsize {

/// A limit or default as people write it: "0.01", "10000", "1048576" (no exponent, no trailing
/// zeros).
std::string numberText(double value);

/// A number as an option's value is written: plain decimal only ("50", "12.5", ".5"), with no
/// sign, exponent, hex ("0x20"), spaces or locale-dependent separators; nullopt otherwise. The
/// command line and the presets file read numbers with it.
std::optional<double> parsePlainNumber(std::string_view text);

// The grammar of an option's value, written once: the command line, presets, the window's
// presets and the size specs read their values with these (options.h's parseOptionValue() adds
// each option's limits).

/// A whole number written with digits only ("2048"): no sign, space, point or exponent; nullopt
/// for anything else, or above UINT64_MAX.
std::optional<std::uint64_t> parseWholeNumber(std::string_view text);

/// "WxH" (or "WXH"): two whole numbers, width first.
std::optional<std::pair<std::uint64_t, std::uint64_t>> parseSizeText(std::string_view text);

/// A number of bytes: a whole number, with K (1024) or M (1048576) after it if any, either case
/// ("200000", "200K", "2m"); nullopt above UINT64_MAX.
std::optional<std::uint64_t> parseByteCount(std::string_view text);

} // namespace dropsize

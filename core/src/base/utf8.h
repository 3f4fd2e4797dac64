// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include <string_view>

namespace dropsize {

/// Whether `text` is well-formed UTF-8 as Python's strict decoder takes it: no overlong forms, no
/// surrogates, nothing past U+10FFFF, no character cut at the end.
bool isUtf8(std::string_view text) noexcept;

} // namespace dropsize

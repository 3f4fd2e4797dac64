// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/core/presets.h"

#include <string>

namespace dropsize::cli {

/// The --help text, generated from cliFlags().
std::string usageText();

/// What --list-presets prints: the built-ins with their ids, then the presets of `store`'s file,
/// each with its flags.
std::string presetListText(const PresetStore& store);

} // namespace dropsize::cli

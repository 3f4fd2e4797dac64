// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/core/presets.h"
#include "dropsize/ui/batch_settings.h"

#include <vector>

namespace dropsize::ui {

/// The one place that maps BatchSettings to a preset's flags and back, so that a preset the
/// window saves is read the same by the command line (--preset) and by the window.

/// The settings a preset keeps, as the command line's flags: the size (the list of sizes when
/// there is one), filter and enlarging, the name pattern, the format and its qualities, metadata,
/// file dates, existing outputs, larger outputs and the largest file size. Where outputs go,
/// sub-folders, the device and threads are not a preset's.
std::vector<PresetSetting> presetSettingsOf(const BatchSettings& settings);

/// `base` with `preset` applied: each option it names takes its value; its switches and the
/// largest file size, which a command line leaves off unless it names them, are off unless it
/// does; the rest of `base` stays. A size it names replaces a list of sizes, and a list replaces
/// the one size.
BatchSettings applyPreset(const Preset& preset, BatchSettings base);

/// True when applying `preset` to `settings` would change nothing.
bool matchesPreset(const BatchSettings& settings, const Preset& preset);

} // namespace dropsize::ui

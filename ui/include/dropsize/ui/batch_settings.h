// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/core/batch_planner.h"
#include "dropsize/core/batch_scheduler.h"
#include "dropsize/core/option_names.h"

#include <QString>
#include <QStringList>
#include <vector>

namespace dropsize::ui {

/// Where outputs go.
enum class OutputLocation {
    InsideEachInput, ///< a ResizeImage folder inside each input folder (next to a given file)
    Folder, ///< under BatchSettings::outputFolder, mirroring the input folders
};

} // namespace dropsize::ui

namespace dropsize {

/// The settings file's names of OutputLocation (see enum_names.h).
template <> struct EnumNames<ui::OutputLocation> {
    static constexpr EnumName<ui::OutputLocation> names[] = {
        { ui::OutputLocation::InsideEachInput, "inside-each-input" },
        { ui::OutputLocation::Folder, "folder" },
    };
};

} // namespace dropsize

namespace dropsize::ui {

/// Every choice the window offers, in one plain value: what SettingsStore saves and loads and
/// what BatchController turns into the engine's options. The defaults are the engine's, so that
/// the window and the command line start from the same ones.
struct BatchSettings {
    ResizeSpec spec;
    /// Several sizes (size_list.h: "2048,1024,256"), which replace `spec`'s mode and values but
    /// take its enlarge and filter; empty for the one size of `spec`.
    QString sizes;
    /// How outputs are named (name_template.h: "{name}_{w}x{h}"); empty for the input's name.
    QString nameTemplate;
    OutputFormat format = PlanOptions {}.format;
    EncodeOptions encode;
    ExistingPolicy onExisting = PlanOptions {}.onExisting;
    bool recursive = PlanOptions {}.recursive;
    bool stripMetadata = ProcessOptions {}.stripMetadata;
    bool keepDates = ProcessOptions {}.keepDates;
    IfBigger ifBigger = ProcessOptions {}.ifBigger;
    std::uint64_t maxBytes = ProcessOptions {}.maxBytes; ///< 0: no target file size
    OutputLocation outputLocation = OutputLocation::InsideEachInput;
    QString outputFolder; ///< used with OutputLocation::Folder (kept when the other is chosen)
    DeviceChoice device = BatchOptions {}.device;
    int threads = BatchOptions {}.threads; ///< 0: one per core

    PlanOptions planOptions() const;
    BatchOptions batchOptions() const;

    bool operator==(const BatchSettings&) const = default;
};

/// The setting a problem is about, so the window can show it next to that value.
enum class SettingsField { Inputs, Size, Sizes, OutputFolder, Name, Quality, MaxBytes };

struct SettingsProblem {
    SettingsField field;
    QString message; ///< translated, for people
};

/// Everything that stops a batch from starting with these settings and inputs; empty when it
/// can start. Checks the numbers (core's validate()), enlarging above 100 %, the output folder,
/// and that there is something to resize.
std::vector<SettingsProblem> validateSettings(
    const BatchSettings& settings, const QStringList& inputs);

} // namespace dropsize::ui

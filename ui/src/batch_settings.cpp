// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/ui/batch_settings.h"

#include "dropsize/core/name_template.h"
#include "dropsize/core/options.h"
#include "dropsize/core/size_list.h"
#include "dropsize/ui/engine_text.h"
#include "path_strings.h"

#include <QCoreApplication>
#include <QDir>
#include <QFileInfo>
#include <tuple>

namespace dropsize::ui {

namespace {

    bool growsImages(const ResizeSpec& spec)
    {
        return spec.mode == SizeMode::Percent && spec.percent > 100.0;
    }

} // namespace

PlanOptions BatchSettings::planOptions() const
{
    PlanOptions plan;
    plan.recursive = recursive;
    if (outputLocation == OutputLocation::Folder) {
        plan.outputFolder = toPath(outputFolder);
    }
    plan.format = format;
    plan.onExisting = onExisting;
    // Unreadable text is left out here; validateSettings() refuses it before a batch starts.
    if (!sizes.trimmed().isEmpty()) {
        if (auto list = parseSizeList(sizes.toStdString(), spec)) {
            plan.sizes = std::move(list).value();
        }
    }
    if (!nameTemplate.trimmed().isEmpty()) {
        if (auto pattern = NameTemplate::parse(nameTemplate.trimmed().toStdString())) {
            plan.nameTemplate = std::move(pattern).value();
        }
    }
    // The planner labels the one size and reads headers for {w} and {h} with the run's options.
    plan.process = batchOptions().process;
    return plan;
}

BatchOptions BatchSettings::batchOptions() const
{
    BatchOptions batch;
    batch.process.spec = spec;
    // With several sizes, what reads a header for the batch checks its limits against a real
    // output, as the command line does: the first size.
    if (!sizes.trimmed().isEmpty()) {
        if (auto list = parseSizeList(sizes.toStdString(), spec); list && !list->empty()) {
            batch.process.spec = list->front().spec;
        }
    }
    batch.process.encode = encode;
    batch.process.stripMetadata = stripMetadata;
    batch.process.keepDates = keepDates;
    batch.process.ifBigger = ifBigger;
    batch.process.maxBytes = maxBytes;
    batch.threads = threads;
    batch.device = device;
    return batch;
}

namespace {

    // Several sizes replace the one size, whose values are then not used. Enlarging is checked
    // first so its message is the window's own (translated) one.
    void checkSize(const BatchSettings& settings, std::vector<SettingsProblem>& problems)
    {
        if (!settings.sizes.trimmed().isEmpty()) {
            if (auto list = parseSizeList(settings.sizes.toStdString(), settings.spec); !list) {
                problems.push_back({ SettingsField::Sizes, displayMessage(list.error()) });
            }
        } else if (growsImages(settings.spec) && !settings.spec.enlarge) {
            problems.push_back({ SettingsField::Size,
                QCoreApplication::translate("BatchSettings",
                    "Above 100 % the images would grow: tick \"Allow enlarging\" or choose "
                    "100 % or less.") });
        } else if (auto valid = validate(settings.spec); !valid) {
            problems.push_back({ SettingsField::Size, displayMessage(valid.error()) });
        }
    }

    // Each quality within its option's limits (options.h): WebP's, JPEG's, AVIF's and its speed.
    void checkQuality(const BatchSettings& settings, std::vector<SettingsProblem>& problems)
    {
#if DROPSIZE_WITH_WEBP
        if (settings.encode.webpQuality < option::kWebpQuality.min
            || settings.encode.webpQuality > option::kWebpQuality.max) {
            problems.push_back({ SettingsField::Quality,
                QCoreApplication::translate("BatchSettings", "WebP quality goes from %1 to %2.")
                    .arg(option::kWebpQuality.min)
                    .arg(option::kWebpQuality.max) });
        }
#endif
        const OptionInfo& quality = option::kJpegQuality;
        if (settings.encode.jpegQuality < quality.min
            || settings.encode.jpegQuality > quality.max) {
            problems.push_back({ SettingsField::Quality,
                QCoreApplication::translate("BatchSettings", "JPEG quality goes from %1 to %2.")
                    .arg(quality.min)
                    .arg(quality.max) });
        }
#if DROPSIZE_WITH_HEIF
        for (const auto& [value, option, text] : {
                 std::tuple { settings.encode.avifQuality, &option::kAvifQuality,
                     QT_TRANSLATE_NOOP("BatchSettings", "AVIF quality goes from %1 to %2.") },
                 std::tuple { settings.encode.avifSpeed, &option::kAvifSpeed,
                     QT_TRANSLATE_NOOP("BatchSettings", "AVIF speed goes from %1 to %2.") },
             }) {
            if (value < option->min || value > option->max) {
                problems.push_back({ SettingsField::Quality,
                    QCoreApplication::translate("BatchSettings", text)
                        .arg(option->min)
                        .arg(option->max) });
            }
        }
#endif
    }

    // The output folder, for OutputLocation::Folder: given, a full path, not a file, and not one
    // of the inputs.
    void checkOutputFolder(const BatchSettings& settings, const QStringList& inputs,
        std::vector<SettingsProblem>& problems)
    {
        if (settings.outputLocation != OutputLocation::Folder) {
            return;
        }
        if (settings.outputFolder.trimmed().isEmpty()) {
            problems.push_back({ SettingsField::OutputFolder,
                QCoreApplication::translate("BatchSettings", "Choose an output folder.") });
            return;
        }
        const QFileInfo out(settings.outputFolder);
        if (out.isRelative()) {
            problems.push_back({ SettingsField::OutputFolder,
                QCoreApplication::translate(
                    "BatchSettings", "The output folder must be a full path.") });
        } else if (out.exists() && !out.isDir()) {
            problems.push_back({ SettingsField::OutputFolder,
                QCoreApplication::translate(
                    "BatchSettings", "The output folder is a file, not a folder.") });
        } else {
            const QString outPath = QDir::cleanPath(out.absoluteFilePath());
            for (const QString& input : inputs) {
                const QFileInfo in(input);
                if (in.isDir() && QDir::cleanPath(in.absoluteFilePath()) == outPath) {
                    problems.push_back({ SettingsField::OutputFolder,
                        QCoreApplication::translate("BatchSettings",
                            "The output folder is one of the inputs; choose another.") });
                    break;
                }
            }
        }
    }

} // namespace

std::vector<SettingsProblem> validateSettings(
    const BatchSettings& settings, const QStringList& inputs)
{
    std::vector<SettingsProblem> problems;
    if (inputs.isEmpty()) {
        problems.push_back({ SettingsField::Inputs,
            QCoreApplication::translate("BatchSettings", "Add a folder or some images first.") });
    }
    if (!settings.nameTemplate.trimmed().isEmpty()) {
        if (auto pattern = NameTemplate::parse(settings.nameTemplate.trimmed().toStdString());
            !pattern) {
            problems.push_back({ SettingsField::Name, displayMessage(pattern.error()) });
        }
    }
    checkSize(settings, problems);
    checkQuality(settings, problems);
    if (settings.maxBytes > kMaxTargetBytes) {
        problems.push_back({ SettingsField::MaxBytes,
            QCoreApplication::translate("BatchSettings", "The largest file size is at most %1 MB.")
                .arg(kMaxTargetBytes / (std::uint64_t { 1024 } * 1024)) });
    }
    checkOutputFolder(settings, inputs, problems);
    return problems;
}

} // namespace dropsize::ui

// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/ui/batch_settings.h"

#include "dropsize/core/options.h"
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
        plan.outputDir = toPath(outputDir);
    }
    plan.format = format;
    plan.onExisting = onExisting;
    return plan;
}

BatchOptions BatchSettings::batchOptions() const
{
    BatchOptions batch;
    batch.process.spec = spec;
    batch.process.encode = encode;
    batch.process.stripMetadata = stripMetadata;
    batch.process.keepDates = keepDates;
    batch.process.ifBigger = ifBigger;
    batch.process.maxBytes = maxBytes;
    batch.threads = threads;
    batch.device = device;
    return batch;
}

std::vector<SettingsProblem> validateSettings(
    const BatchSettings& settings, const QStringList& inputs)
{
    std::vector<SettingsProblem> problems;
    if (inputs.isEmpty()) {
        problems.push_back({ SettingsField::Inputs,
            QCoreApplication::translate("BatchSettings", "Add a folder or some images first.") });
    }
    // Enlarging is checked first so its message is the window's own (translated) one.
    if (growsImages(settings.spec) && !settings.spec.enlarge) {
        problems.push_back({ SettingsField::Size,
            QCoreApplication::translate("BatchSettings",
                "Above 100 % the images would grow: tick \"Allow enlarging\" or choose 100 % or "
                "less.") });
    } else if (auto valid = validate(settings.spec); !valid) {
        problems.push_back({ SettingsField::Size, QString::fromStdString(valid.error().message) });
    }
    const OptionInfo& quality = option::kJpegQuality;
    if (settings.encode.jpegQuality < quality.min || settings.encode.jpegQuality > quality.max) {
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
    if (settings.maxBytes > kMaxTargetBytes) {
        problems.push_back({ SettingsField::MaxBytes,
            QCoreApplication::translate("BatchSettings", "The largest file size is at most %1 MB.")
                .arg(kMaxTargetBytes / (std::uint64_t { 1024 } * 1024)) });
    }
    if (settings.outputLocation != OutputLocation::Folder) {
        return problems;
    }
    if (settings.outputDir.trimmed().isEmpty()) {
        problems.push_back({ SettingsField::OutputDir,
            QCoreApplication::translate("BatchSettings", "Choose an output folder.") });
    } else {
        const QFileInfo out(settings.outputDir);
        if (out.isRelative()) {
            problems.push_back({ SettingsField::OutputDir,
                QCoreApplication::translate(
                    "BatchSettings", "The output folder must be a full path.") });
        } else if (out.exists() && !out.isDir()) {
            problems.push_back({ SettingsField::OutputDir,
                QCoreApplication::translate(
                    "BatchSettings", "The output folder is a file, not a folder.") });
        } else {
            const QString outPath = QDir::cleanPath(out.absoluteFilePath());
            for (const QString& input : inputs) {
                const QFileInfo in(input);
                if (in.isDir() && QDir::cleanPath(in.absoluteFilePath()) == outPath) {
                    problems.push_back({ SettingsField::OutputDir,
                        QCoreApplication::translate("BatchSettings",
                            "The output folder is one of the inputs; choose another.") });
                    break;
                }
            }
        }
    }
    return problems;
}

} // namespace dropsize::ui

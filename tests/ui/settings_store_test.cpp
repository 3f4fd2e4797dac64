// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/core/name_template.h"
#include "dropsize/core/options.h"
#include "dropsize/core/size_list.h"
#include "dropsize/ui/engine_text.h"
#include "dropsize/ui/settings_store.h"
#include "qt_test_support.h"
#include "support/test_support.h"

#include <gtest/gtest.h>

using dropsize::ui::BatchSettings;
using dropsize::ui::OutputLocation;
using dropsize::ui::SettingsStore;

namespace dropsize::test {

namespace {

    BatchSettings changedSettings()
    {
        BatchSettings s;
        s.spec.mode = SizeMode::Fit;
        s.spec.percent = 12.5;
        s.spec.width = 1920;
        s.spec.height = 1080;
        s.spec.longEdge = 2048;
        s.spec.enlarge = true;
        s.spec.filter = Filter::Lanczos;
        s.format = OutputFormat::Png;
        s.encode.jpegQuality = 72;
        s.encode.subsampling = ChromaSubsampling::S444;
        s.encode.progressive = true;
        s.encode.pngCompression = 9;
#if DROPSIZE_WITH_HEIF
        s.encode.avifQuality = 35;
        s.encode.avifSpeed = 2;
#endif
#if DROPSIZE_WITH_WEBP
        s.encode.webpQuality = 55;
        s.encode.webpLossless = true;
#endif
        s.sizes = QStringLiteral("2048,fit:800x600");
        s.nameTemplate = QStringLiteral("{name}_{w}x{h}");
        s.keepDates = false;
        s.ifBigger = IfBigger::Copy;
        s.maxBytes = 200 * 1024;
        s.onExisting = ExistingPolicy::Rename;
        s.recursive = false;
        s.stripMetadata = true;
        s.outputLocation = OutputLocation::Folder;
        s.outputFolder = QStringLiteral("/srv/photos/small \u7167\u7247");
        s.device = DeviceChoice::Cpu;
        s.threads = 3;
        return s;
    }

} // namespace

TEST(SettingsStore, GivesTheDefaultsOnTheFirstRun)
{
    TempDir dir;
    QSettings settings(toQString(dir.path() / "dropsize.ini"), QSettings::IniFormat);
    EXPECT_EQ(SettingsStore(settings).load(), BatchSettings {});
    EXPECT_EQ(BatchSettings {}.spec.percent, 50.0);
    EXPECT_EQ(BatchSettings {}.outputLocation, OutputLocation::InsideEachInput);
    EXPECT_EQ(BatchSettings {}.spec.filter, Filter::Bicubic) << "Pillow's thumbnail() default";
}

TEST(SettingsStore, SavesBicubicAsTheDefaultFilter)
{
    TempDir dir;
    QSettings settings(toQString(dir.path() / "dropsize.ini"), QSettings::IniFormat);
    SettingsStore store(settings);
    store.save(BatchSettings {});
    EXPECT_EQ(settings.value(QStringLiteral("size/filter")).toString(), QStringLiteral("bicubic"));
}

TEST(SettingsStore, EverySettingSurvivesARestart)
{
    TempDir dir;
    const QString file = toQString(dir.path() / "dropsize.ini");
    const BatchSettings saved = changedSettings();
    {
        QSettings settings(file, QSettings::IniFormat);
        SettingsStore store(settings);
        store.save(saved);
        store.saveWindow(QByteArray("geometry\x01\x02", 10), QByteArray("state", 5));
        store.setLastFolder(QStringLiteral("/home/me/Pictures"));
        store.sync();
    }
    QSettings settings(file, QSettings::IniFormat);
    SettingsStore store(settings);
    const BatchSettings loaded = store.load();
    EXPECT_EQ(loaded, saved);
    EXPECT_EQ(loaded.outputFolder, saved.outputFolder);
    EXPECT_EQ(store.windowGeometry(), QByteArray("geometry\x01\x02", 10));
    EXPECT_EQ(store.windowState(), QByteArray("state"));
    EXPECT_EQ(store.lastFolder(), QStringLiteral("/home/me/Pictures"));
    // Readable names in the file, not enum numbers.
    EXPECT_EQ(settings.value(QStringLiteral("size/filter")).toString(), QStringLiteral("lanczos"));
    EXPECT_EQ(
        settings.value(QStringLiteral("output/existing")).toString(), QStringLiteral("rename"));
}

TEST(SettingsStore, AnUnreadableValueFallsBackToItsDefaultAlone)
{
    TempDir dir;
    QSettings settings(toQString(dir.path() / "dropsize.ini"), QSettings::IniFormat);
    settings.setValue(QStringLiteral("size/percent"), QStringLiteral("fifty"));
    settings.setValue(QStringLiteral("size/filter"), QStringLiteral("sharpest"));
    settings.setValue(QStringLiteral("output/jpegQuality"), 500);
    settings.setValue(QStringLiteral("input/recursive"), QStringLiteral("maybe"));
    settings.setValue(QStringLiteral("output/format"), QStringLiteral("png"));
    settings.setValue(QStringLiteral("size/longEdge"), 1600);
    const BatchSettings loaded = SettingsStore(settings).load();
    const BatchSettings defaults;
    EXPECT_EQ(loaded.spec.percent, defaults.spec.percent);
    EXPECT_EQ(loaded.spec.filter, defaults.spec.filter);
    EXPECT_EQ(loaded.encode.jpegQuality, defaults.encode.jpegQuality);
    EXPECT_EQ(loaded.recursive, defaults.recursive);
    EXPECT_EQ(loaded.format, OutputFormat::Png);
    EXPECT_EQ(loaded.spec.longEdge, 1600);
}

// The keys are the option table's (options.h): every option the table gives a key is saved.
TEST(SettingsStore, SavesEveryOptionOfTheTableUnderItsKey)
{
    TempDir dir;
    QSettings settings(toQString(dir.path() / "dropsize.ini"), QSettings::IniFormat);
    SettingsStore(settings).save(changedSettings());
    int keyed = 0;
    for (const OptionInfo* o : option::kAll) {
        if (!o->key.empty()) {
            ++keyed;
            const QString key = QString::fromLatin1(o->key.data(), qsizetype(o->key.size()));
            EXPECT_TRUE(settings.contains(key)) << key.toStdString();
        }
    }
    // The table's keys and the window's own one (where outputs go), nothing else.
    EXPECT_EQ(settings.allKeys().size(), keyed + 1)
        << settings.allKeys().join(QLatin1Char(' ')).toStdString();
    EXPECT_TRUE(settings.contains(QStringLiteral("output/location")));
}

TEST(SettingsStore, KeepsExactlyTheValuesWithinTheTablesLimits)
{
    TempDir dir;
    QSettings settings(toQString(dir.path() / "dropsize.ini"), QSettings::IniFormat);
    const BatchSettings defaults;
    auto loadWith = [&](const OptionInfo& o, const QVariant& value) {
        settings.clear();
        settings.setValue(QString::fromLatin1(o.key.data(), qsizetype(o.key.size())), value);
        return SettingsStore(settings).load();
    };
    EXPECT_EQ(loadWith(option::kPercent, kMaxPercent).spec.percent, kMaxPercent);
    EXPECT_EQ(loadWith(option::kPercent, kMinPercent).spec.percent, kMinPercent);
    EXPECT_EQ(loadWith(option::kPercent, kMaxPercent + 1).spec.percent, defaults.spec.percent);
    EXPECT_EQ(loadWith(option::kPercent, 0.005).spec.percent, defaults.spec.percent);
    EXPECT_EQ(loadWith(option::kLongEdge, kMaxSide).spec.longEdge, kMaxSide);
    EXPECT_EQ(loadWith(option::kLongEdge, kMaxSide + 1).spec.longEdge, defaults.spec.longEdge);
    EXPECT_EQ(loadWith(option::kWidth, 0).spec.width, 0) << "zero: not set";
    EXPECT_EQ(loadWith(option::kWidth, -1).spec.width, defaults.spec.width);
    EXPECT_EQ(loadWith(option::kThreads, kMaxThreads).threads, kMaxThreads);
    EXPECT_EQ(loadWith(option::kThreads, 0).threads, 0) << "zero: one per core";
    EXPECT_EQ(loadWith(option::kThreads, kMaxThreads + 1).threads, defaults.threads);
    EXPECT_EQ(loadWith(option::kJpegQuality, kMinJpegQuality).encode.jpegQuality, 1);
    EXPECT_EQ(loadWith(option::kJpegQuality, 0).encode.jpegQuality, defaults.encode.jpegQuality)
        << "zero is no quality";
    EXPECT_EQ(loadWith(option::kPngCompression, kMaxPngCompression + 1).encode.pngCompression,
        defaults.encode.pngCompression);
#if DROPSIZE_WITH_HEIF
    EXPECT_EQ(loadWith(option::kAvifQuality, 0).encode.avifQuality, 0) << "AVIF's lowest is 0";
    EXPECT_EQ(loadWith(option::kAvifQuality, 101).encode.avifQuality, defaults.encode.avifQuality);
    EXPECT_EQ(loadWith(option::kAvifSpeed, 9).encode.avifSpeed, 9);
    EXPECT_EQ(loadWith(option::kAvifSpeed, 10).encode.avifSpeed, defaults.encode.avifSpeed);
#endif
    EXPECT_EQ(loadWith(option::kMaxBytes, 0).maxBytes, 0U) << "zero: no target file size";
    EXPECT_EQ(
        loadWith(option::kMaxBytes, QVariant::fromValue<qulonglong>(kMaxTargetBytes)).maxBytes,
        kMaxTargetBytes);
    EXPECT_EQ(
        loadWith(option::kMaxBytes, QVariant::fromValue<qulonglong>(kMaxTargetBytes + 1)).maxBytes,
        defaults.maxBytes);
    EXPECT_EQ(loadWith(option::kIfBigger, QStringLiteral("skip")).ifBigger, IfBigger::Skip);
    EXPECT_EQ(loadWith(option::kKeepDates, QStringLiteral("false")).keepDates, false);
    // Names are the name tables', aliases included.
    EXPECT_EQ(loadWith(option::kFormat, QStringLiteral("jpg")).format, OutputFormat::Jpeg);
    EXPECT_EQ(loadWith(option::kSubsampling, QStringLiteral("422")).encode.subsampling,
        ChromaSubsampling::S422);
}

TEST(BatchSettings, StartFromTheEnginesDefaults)
{
    const BatchSettings s;
    const PlanOptions plan;
    const BatchOptions batch;
    EXPECT_EQ(s.spec, batch.process.spec);
    EXPECT_EQ(s.encode, batch.process.encode);
    EXPECT_EQ(s.stripMetadata, batch.process.stripMetadata);
    EXPECT_EQ(s.format, plan.format);
    EXPECT_EQ(s.onExisting, plan.onExisting);
    EXPECT_EQ(s.recursive, plan.recursive);
    EXPECT_EQ(s.device, batch.device);
    EXPECT_EQ(s.threads, batch.threads);
    EXPECT_EQ(s.keepDates, batch.process.keepDates);
    EXPECT_EQ(s.ifBigger, batch.process.ifBigger);
    EXPECT_EQ(s.maxBytes, batch.process.maxBytes);
}

TEST(SettingsStore, ResetForgetsTheBatchSettingsButNotTheWindow)
{
    TempDir dir;
    QSettings settings(toQString(dir.path() / "dropsize.ini"), QSettings::IniFormat);
    SettingsStore store(settings);
    store.save(changedSettings());
    store.saveWindow(QByteArray("g"), QByteArray("s"));
    store.resetToDefaults();
    EXPECT_EQ(store.load(), BatchSettings {});
    EXPECT_EQ(store.windowGeometry(), QByteArray("g"));
}

TEST(BatchSettings, BecomeTheEngineOptions)
{
    const BatchSettings s = changedSettings();
    const PlanOptions plan = s.planOptions();
    const BatchOptions batch = s.batchOptions();
    EXPECT_FALSE(plan.recursive);
    ASSERT_TRUE(plan.outputFolder.has_value());
    EXPECT_EQ(toQString(*plan.outputFolder), s.outputFolder);
    EXPECT_EQ(plan.format, OutputFormat::Png);
    EXPECT_EQ(plan.onExisting, ExistingPolicy::Rename);
    EXPECT_EQ(batch.process.encode, s.encode);
    EXPECT_TRUE(batch.process.stripMetadata);
    EXPECT_EQ(batch.threads, 3);
    EXPECT_EQ(batch.device, DeviceChoice::Cpu);
    EXPECT_FALSE(batch.process.keepDates);
    EXPECT_EQ(batch.process.ifBigger, IfBigger::Copy);
    EXPECT_EQ(batch.process.maxBytes, 200U * 1024);
    // The list's sizes in order, with the spec's enlarge and filter; the first is the batch's
    // spec, and the planner reads with the run's options.
    ASSERT_EQ(plan.sizes.size(), 2U);
    EXPECT_EQ(plan.sizes[0].label, "2048");
    EXPECT_EQ(plan.sizes[1].label, "fit800x600");
    EXPECT_EQ(plan.sizes[1].spec.filter, Filter::Lanczos);
    EXPECT_EQ(batch.process.spec, plan.sizes[0].spec);
    EXPECT_EQ(plan.process.spec, batch.process.spec);
    EXPECT_EQ(plan.nameTemplate.text(), "{name}_{w}x{h}");

    BatchSettings inside = s;
    inside.outputLocation = OutputLocation::InsideEachInput;
    EXPECT_FALSE(inside.planOptions().outputFolder.has_value())
        << "the remembered folder is not used";
    BatchSettings one = s;
    one.sizes.clear();
    one.nameTemplate.clear();
    EXPECT_EQ(one.batchOptions().process.spec, s.spec);
    EXPECT_TRUE(one.planOptions().sizes.empty());
    EXPECT_EQ(one.planOptions().nameTemplate, NameTemplate {});
}

TEST(BatchSettings, ProblemsNameTheValueThatIsWrong)
{
    using ui::SettingsField;
    TempDir dir;
    const QStringList inputs { toQString(dir.path()) };
    const auto fields = [](const std::vector<ui::SettingsProblem>& problems) {
        std::vector<SettingsField> f;
        for (const auto& p : problems) {
            EXPECT_FALSE(p.message.isEmpty());
            f.push_back(p.field);
        }
        return f;
    };
    BatchSettings s;
    EXPECT_TRUE(validateSettings(s, inputs).empty());
    EXPECT_EQ(fields(validateSettings(s, {})), std::vector { SettingsField::Inputs });

    s.spec.percent = 150;
    EXPECT_EQ(fields(validateSettings(s, inputs)), std::vector { SettingsField::Size });
    s.spec.enlarge = true;
    EXPECT_TRUE(validateSettings(s, inputs).empty());
    s.spec.percent = 0;
    EXPECT_EQ(fields(validateSettings(s, inputs)), std::vector { SettingsField::Size });
    s.spec.percent = 50;

    s.spec.mode = SizeMode::Fit;
    s.spec.width = 0;
    EXPECT_EQ(fields(validateSettings(s, inputs)), std::vector { SettingsField::Size });
    s.spec.mode = SizeMode::Percent;

    s.outputLocation = OutputLocation::Folder;
    s.outputFolder.clear();
    EXPECT_EQ(fields(validateSettings(s, inputs)), std::vector { SettingsField::OutputFolder });
    s.outputFolder = QStringLiteral("relative/folder");
    EXPECT_EQ(fields(validateSettings(s, inputs)), std::vector { SettingsField::OutputFolder });
    s.outputFolder = inputs.front();
    EXPECT_EQ(fields(validateSettings(s, inputs)), std::vector { SettingsField::OutputFolder });
    s.outputFolder = toQString(dir.path() / "out");
    EXPECT_TRUE(validateSettings(s, inputs).empty());

    s.encode.jpegQuality = 0;
    EXPECT_EQ(fields(validateSettings(s, inputs)), std::vector { SettingsField::Quality });
    s.encode.jpegQuality = 85;
#if DROPSIZE_WITH_HEIF
    s.encode.avifQuality = 0;
    EXPECT_TRUE(validateSettings(s, inputs).empty()) << "AVIF's quality starts at 0";
    s.encode.avifQuality = 101;
    EXPECT_EQ(fields(validateSettings(s, inputs)), std::vector { SettingsField::Quality });
    s.encode.avifQuality = 60;
    s.encode.avifSpeed = 10;
    EXPECT_EQ(fields(validateSettings(s, inputs)), std::vector { SettingsField::Quality });
    EXPECT_TRUE(validateSettings(s, inputs).front().message.contains(QStringLiteral("speed")));
    s.encode.avifSpeed = 8;
#endif
#if DROPSIZE_WITH_WEBP
    s.encode.webpQuality = 101;
    EXPECT_EQ(fields(validateSettings(s, inputs)), std::vector { SettingsField::Quality });
    s.encode.webpQuality = 80;
#endif
    // The lists and patterns are read by the command line's parsers, with their messages.
    s.sizes = QStringLiteral("2048,fit:800");
    EXPECT_EQ(fields(validateSettings(s, inputs)), std::vector { SettingsField::Sizes });
    // Shown on their own, under the field: with a capital letter.
    EXPECT_EQ(validateSettings(s, inputs).front().message,
        ui::displayMessage(parseSizeList("2048,fit:800", s.spec).error()));
    s.spec.percent = 0; // the one size is not used with several
    s.sizes = QStringLiteral("2048, 50%");
    EXPECT_TRUE(validateSettings(s, inputs).empty());
    s.spec.percent = 50;
    s.sizes.clear();
    s.nameTemplate = QStringLiteral("{name}_{width}");
    EXPECT_EQ(fields(validateSettings(s, inputs)), std::vector { SettingsField::Name });
    EXPECT_EQ(validateSettings(s, inputs).front().message,
        ui::displayMessage(NameTemplate::parse("{name}_{width}").error()));
    EXPECT_TRUE(validateSettings(s, inputs).front().message.startsWith(QStringLiteral("Unknown")));
    s.nameTemplate = QStringLiteral("{name}_{w}x{h}");
    EXPECT_TRUE(validateSettings(s, inputs).empty());
    s.nameTemplate.clear();

    s.maxBytes = kMaxTargetBytes;
    EXPECT_TRUE(validateSettings(s, inputs).empty());
    s.maxBytes = kMaxTargetBytes + 1;
    EXPECT_EQ(fields(validateSettings(s, inputs)), std::vector { SettingsField::MaxBytes });
}

} // namespace dropsize::test

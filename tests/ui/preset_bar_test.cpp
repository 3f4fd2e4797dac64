// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "cli/cli_options.h"
#include "dropsize/core/presets.h"
#include "dropsize/ui/batch_controller.h"
#include "dropsize/ui/main_window.h"
#include "dropsize/ui/preset_bar.h"
#include "dropsize/ui/preset_settings.h"
#include "dropsize/ui/settings_panel.h"
#include "dropsize/ui/settings_store.h"
#include "dropsize/ui/translations.h"
#include "qt_test_support.h"
#include "support/test_support.h"

#include <QAbstractButton>
#include <QAction>
#include <QApplication>
#include <QComboBox>
#include <QInputDialog>
#include <QMessageBox>
#include <QPushButton>
#include <QTimer>
#include <QToolButton>
#include <QTranslator>
#include <fstream>
#include <functional>
#include <gtest/gtest.h>
#include <iterator>

namespace fs = std::filesystem;
using dropsize::ui::BatchSettings;
using dropsize::ui::PresetBar;
using dropsize::ui::SettingsPanel;
using dropsize::ui::SettingsStore;

namespace dropsize::test {

namespace {

    std::string readText(const fs::path& path)
    {
        std::ifstream in(path, std::ios::binary);
        return { std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>() };
    }

    // The values of a spec that its mode uses: two specs that size every image the same have the
    // same (the window keeps the sides of a mode not chosen; the command line leaves them 0).
    ResizeSpec effective(ResizeSpec spec)
    {
        const bool box = spec.mode == SizeMode::Fit || spec.mode == SizeMode::Fill
            || spec.mode == SizeMode::Exact;
        if (spec.mode != SizeMode::Percent) {
            spec.percent = 0;
        }
        if (!box) {
            spec.width = spec.height = 0;
        }
        if (spec.mode != SizeMode::LongEdge) {
            spec.longEdge = 0;
        }
        if (spec.mode != SizeMode::ShortEdge) {
            spec.shortEdge = 0;
        }
        return spec;
    }

    // Settings that differ from the defaults in every option a preset keeps, one group each.
    std::vector<BatchSettings> sampleSettings()
    {
        std::vector<BatchSettings> out;
        out.emplace_back();
        BatchSettings a;
        a.spec.mode = SizeMode::LongEdge;
        a.spec.longEdge = 1600;
        a.spec.width = 1920; // shown by the form, not used by the mode
        a.spec.filter = Filter::Lanczos;
        a.encode.progressive = true;
        a.encode.jpegQuality = 77;
        a.encode.subsampling = ChromaSubsampling::S444;
        a.stripMetadata = true;
        a.keepDates = false;
        a.format = OutputFormat::Jpeg;
        a.maxBytes = 200 * 1024;
        a.threads = 3; // not a preset's: the same either way below
        out.push_back(a);
        BatchSettings b;
        b.spec.mode = SizeMode::Fit;
        b.spec.width = 800;
        b.spec.height = 600;
        b.spec.enlarge = true;
        b.nameTemplate = QStringLiteral("{name} \"small\" {w}x{h}");
        b.format = OutputFormat::Png;
        b.encode.pngCompression = 9;
        b.onExisting = ExistingPolicy::Rename;
        b.ifBigger = IfBigger::Copy;
        out.push_back(b);
        BatchSettings c;
        c.sizes = QStringLiteral("2048,fit:800x600,50%");
        c.spec.filter = Filter::Hamming;
#if DROPSIZE_WITH_WEBP
        c.format = OutputFormat::Webp;
        c.encode.webpQuality = 60;
        c.encode.webpLossless = true;
#endif
#if DROPSIZE_WITH_HEIF
        c.encode.avifQuality = 40;
        c.encode.avifSpeed = 9;
#endif
        out.push_back(c);
        for (const SizeMode mode :
            { SizeMode::Percent, SizeMode::ShortEdge, SizeMode::Fill, SizeMode::Exact }) {
            BatchSettings d;
            d.spec.mode = mode;
            d.spec.percent = 12.5;
            d.spec.shortEdge = 1080;
            d.spec.width = 640;
            d.spec.height = 480;
            out.push_back(d);
        }
        return out;
    }

    // A settings panel and store and a bar over a preset file in a temporary folder.
    struct BarFixture {
        BarFixture()
            : settings(toQString(dir.path() / "dropsize.ini"), QSettings::IniFormat)
            , store(settings)
            , panel(DeviceInfo {})
            , bar(store, file)
        {
            bar.setPanel(panel);
        }
        TempDir dir;
        fs::path file = dir.path() / "config" / "presets.tsv";
        QSettings settings;
        SettingsStore store;
        SettingsPanel panel;
        PresetBar bar;
    };

    // Runs `answer` on the first modal dialog that opens (QInputDialog::getText() and
    // QMessageBox::question() block in their own event loop until it is answered).
    void answerNextDialog(const std::function<void(QWidget*)>& answer)
    {
        auto* timer = new QTimer;
        QObject::connect(timer, &QTimer::timeout, timer, [timer, answer] {
            if (QWidget* dialog = QApplication::activeModalWidget()) {
                timer->stop();
                timer->deleteLater();
                answer(dialog);
            }
        });
        timer->start(10);
    }

    void clickYes(QWidget* dialog)
    {
        auto* box = qobject_cast<QMessageBox*>(dialog);
        ASSERT_NE(box, nullptr);
        box->button(QMessageBox::Yes)->click();
    }

} // namespace

// The window saves a preset; the command line reads it (--preset) and the window reads it back:
// both run the batch the settings describe.
TEST(PresetSettings, TheCommandLineReadsWhatTheWindowSavesAsTheWindowDoes)
{
    TempDir dir;
    const fs::path file = dir.path() / "presets.tsv";
    PresetStore store(file);
    const std::vector<BatchSettings> samples = sampleSettings();
    for (std::size_t i = 0; i < samples.size(); ++i) {
        SCOPED_TRACE("sample " + std::to_string(i));
        const BatchSettings& s = samples[i];
        const std::string name = "Sample " + std::to_string(i);
        const Status saved = store.save(name, ui::presetSettingsOf(s));
        ASSERT_TRUE(saved.ok()) << saved.error().message << "\n" << readText(file);
        auto cli = cli::parseCommandLine({ "in.jpg", "--preset", name }, file);
        ASSERT_TRUE(cli.ok()) << cli.error().message;
        ASSERT_TRUE(store.load().ok());
        const auto preset = store.find(name);
        ASSERT_TRUE(preset.has_value());
        EXPECT_TRUE(ui::matchesPreset(s, *preset));
        const BatchSettings back = ui::applyPreset(*preset, BatchSettings {});

        for (const BatchSettings* w : { &s, &back }) {
            const PlanOptions plan = w->planOptions();
            const BatchOptions batch = w->batchOptions();
            EXPECT_EQ(effective(cli->batch.process.spec), effective(batch.process.spec));
            EXPECT_EQ(cli->batch.process.encode, batch.process.encode);
            EXPECT_EQ(cli->batch.process.stripMetadata, batch.process.stripMetadata);
            EXPECT_EQ(cli->batch.process.keepDates, batch.process.keepDates);
            EXPECT_EQ(cli->batch.process.ifBigger, batch.process.ifBigger);
            EXPECT_EQ(cli->batch.process.maxBytes, batch.process.maxBytes);
            EXPECT_EQ(cli->plan.format, plan.format);
            EXPECT_EQ(cli->plan.onExisting, plan.onExisting);
            EXPECT_EQ(cli->plan.sizes, plan.sizes);
            EXPECT_EQ(cli->plan.nameTemplate, plan.nameTemplate);
            EXPECT_EQ(cli->plan.outputFolder, plan.outputFolder);
            EXPECT_EQ(effective(cli->plan.process.spec), effective(plan.process.spec));
        }
    }
}

TEST(PresetSettings, APresetSetsWhatItNamesAndItsSwitchesAndLeavesTheRest)
{
    BatchSettings s;
    s.spec.enlarge = true;
    s.stripMetadata = true;
    s.maxBytes = 5000;
    s.sizes = QStringLiteral("100,200");
    s.outputLocation = ui::OutputLocation::Folder;
    s.outputFolder = QStringLiteral("/out");
    s.encode.pngCompression = 2;
    const Preset web = builtInPresets()[0];
    const BatchSettings after = ui::applyPreset(web, s);
    EXPECT_EQ(after.spec.mode, SizeMode::LongEdge);
    EXPECT_EQ(after.spec.longEdge, 2048);
    EXPECT_EQ(after.encode.jpegQuality, 85);
    EXPECT_TRUE(after.encode.progressive);
    EXPECT_EQ(after.format, OutputFormat::Jpeg);
    EXPECT_TRUE(after.sizes.isEmpty()) << "its size replaces the list";
    EXPECT_FALSE(after.spec.enlarge) << "a switch it does not name is off";
    EXPECT_FALSE(after.stripMetadata);
    EXPECT_EQ(after.maxBytes, 0U);
    EXPECT_EQ(after.outputFolder, s.outputFolder) << "where outputs go is not a preset's";
    EXPECT_EQ(after.outputLocation, s.outputLocation);
    EXPECT_EQ(after.encode.pngCompression, 2) << "an option it does not name stays";
    EXPECT_FALSE(ui::matchesPreset(s, web));
    EXPECT_TRUE(ui::matchesPreset(after, web));
}

TEST(PresetBar, ChoosingAPresetFillsInTheSettingsAndChangingOneShowsModified)
{
    BarFixture f;
    const QStringList names = f.bar.presetNames();
    ASSERT_GE(names.size(), 3);
    EXPECT_EQ(names.mid(0, 3),
        (QStringList { QStringLiteral("Web (2048 px)"), QStringLiteral("E-mail (1280 px)"),
            QStringLiteral("Thumbnails (256 px)") }));
    EXPECT_TRUE(f.bar.chosenPreset().isEmpty());
    EXPECT_EQ(f.bar.presetList()->currentText(), QStringLiteral("Custom settings"));
    EXPECT_FALSE(f.bar.deleteAction()->isEnabled());

    EXPECT_TRUE(f.bar.choose(QStringLiteral("EMAIL")).isEmpty());
    BatchSettings s = f.panel.settings();
    EXPECT_EQ(s.spec.mode, SizeMode::LongEdge);
    EXPECT_EQ(s.spec.longEdge, 1280);
    EXPECT_EQ(s.encode.jpegQuality, 80);
    EXPECT_TRUE(s.stripMetadata);
    EXPECT_EQ(f.bar.chosenPreset(), QStringLiteral("E-mail (1280 px)"));
    EXPECT_FALSE(f.bar.isModified());
    EXPECT_EQ(f.bar.presetList()->currentText(), QStringLiteral("E-mail (1280 px)"));
    EXPECT_FALSE(f.bar.deleteAction()->isEnabled()) << "a built-in cannot be deleted";
    EXPECT_FALSE(f.bar.renameAction()->isEnabled());
    EXPECT_EQ(f.store.lastPreset(), QStringLiteral("E-mail (1280 px)"));

    s.encode.jpegQuality = 60;
    f.panel.setSettings(s);
    EXPECT_TRUE(f.bar.isModified());
    EXPECT_EQ(f.bar.presetList()->currentText(), QStringLiteral("E-mail (1280 px) (modified)"));
    s.encode.jpegQuality = 80;
    f.panel.setSettings(s);
    EXPECT_FALSE(f.bar.isModified()) << "the preset's values again";

    EXPECT_FALSE(f.bar.choose(QStringLiteral("none such")).isEmpty());
    EXPECT_FALSE(f.bar.deleteChosen().isEmpty());
    EXPECT_FALSE(f.bar.renameChosen(QStringLiteral("Mine")).isEmpty());
}

TEST(PresetBar, SavesRenamesAndDeletesAPresetTheCommandLineReads)
{
    BarFixture f;
    BatchSettings s = f.panel.settings();
    s.spec.mode = SizeMode::Fit;
    s.spec.width = 300;
    s.spec.height = 200;
    s.encode.jpegQuality = 70;
    f.panel.setSettings(s);
    EXPECT_TRUE(f.bar.saveAs(QStringLiteral(" Mine ")).isEmpty());
    EXPECT_EQ(f.bar.chosenPreset(), QStringLiteral("Mine"));
    EXPECT_TRUE(f.bar.presetNames().contains(QStringLiteral("Mine")));
    EXPECT_TRUE(f.bar.deleteAction()->isEnabled());
    EXPECT_TRUE(f.bar.renameAction()->isEnabled());
    EXPECT_NE(readText(f.file).find("Mine\t--fit 300x200 "), std::string::npos) << readText(f.file);

    auto cli = cli::parseCommandLine({ "in.jpg", "--preset", "mine" }, f.file);
    ASSERT_TRUE(cli.ok()) << cli.error().message;
    EXPECT_EQ(cli->batch.process.spec.mode, SizeMode::Fit);
    EXPECT_EQ(cli->batch.process.spec.width, 300);
    EXPECT_EQ(cli->batch.process.encode.jpegQuality, 70);

    EXPECT_FALSE(f.bar.saveAs(QStringLiteral("Web (2048 px)")).isEmpty()) << "a built-in's name";
    EXPECT_FALSE(f.bar.saveAs(QStringLiteral("thumbnails")).isEmpty()) << "a built-in's id";

    EXPECT_TRUE(f.bar.renameChosen(QStringLiteral("Ours")).isEmpty());
    EXPECT_EQ(f.bar.chosenPreset(), QStringLiteral("Ours"));
    EXPECT_FALSE(f.bar.presetNames().contains(QStringLiteral("Mine")));
    EXPECT_TRUE(cli::parseCommandLine({ "in.jpg", "--preset", "ours" }, f.file).ok());
    EXPECT_FALSE(cli::parseCommandLine({ "in.jpg", "--preset", "mine" }, f.file).ok());

    EXPECT_TRUE(f.bar.deleteChosen().isEmpty());
    EXPECT_TRUE(f.bar.chosenPreset().isEmpty());
    EXPECT_FALSE(f.bar.presetNames().contains(QStringLiteral("Ours")));
    EXPECT_EQ(f.panel.settings().spec.width, 300) << "the settings stay";
    EXPECT_EQ(readText(f.file), "");
}

TEST(PresetBar, WorksThroughItsWidgets)
{
    BarFixture f;
    // Picking in the list (as the arrow keys do) puts the preset in.
    QComboBox* list = f.bar.presetList();
    const int thumbnails = list->findText(QStringLiteral("Thumbnails (256 px)"));
    ASSERT_GE(thumbnails, 0);
    list->setCurrentIndex(thumbnails);
    EXPECT_EQ(f.panel.settings().spec.mode, SizeMode::Fit);
    EXPECT_EQ(f.panel.settings().spec.width, 256);
    EXPECT_EQ(f.bar.chosenPreset(), QStringLiteral("Thumbnails (256 px)"));
    EXPECT_EQ(list->findText(QStringLiteral("Custom settings")), -1);

    // "Save as…" asks for a name.
    answerNextDialog([](QWidget* dialog) {
        auto* input = qobject_cast<QInputDialog*>(dialog);
        ASSERT_NE(input, nullptr);
        EXPECT_TRUE(input->textValue().isEmpty()) << "a built-in's name is not offered";
        input->setTextValue(QStringLiteral("Small squares"));
        input->accept();
    });
    f.bar.saveButton()->click();
    EXPECT_EQ(f.bar.chosenPreset(), QStringLiteral("Small squares"));
    EXPECT_EQ(list->currentText(), QStringLiteral("Small squares"));

    // "Rename…" offers the name to change.
    answerNextDialog([](QWidget* dialog) {
        auto* input = qobject_cast<QInputDialog*>(dialog);
        ASSERT_NE(input, nullptr);
        EXPECT_EQ(input->textValue(), QStringLiteral("Small squares"));
        input->setTextValue(QStringLiteral("Squares"));
        input->accept();
    });
    f.bar.renameAction()->trigger();
    EXPECT_EQ(f.bar.chosenPreset(), QStringLiteral("Squares"));

    // "Delete" asks first.
    answerNextDialog(clickYes);
    f.bar.deleteAction()->trigger();
    EXPECT_TRUE(f.bar.chosenPreset().isEmpty());
    EXPECT_EQ(list->currentText(), QStringLiteral("Custom settings"));
    EXPECT_FALSE(f.bar.presetNames().contains(QStringLiteral("Squares")));

    for (QWidget* w :
        std::initializer_list<QWidget*> { list, f.bar.saveButton(), f.bar.manageButton() }) {
        EXPECT_FALSE(w->accessibleName().isEmpty());
        EXPECT_NE(w->focusPolicy() & Qt::TabFocus, 0) << "reached by Tab";
    }
}

TEST(PresetBar, RemembersTheChosenPreset)
{
    BarFixture f;
    ASSERT_TRUE(f.bar.choose(QStringLiteral("web")).isEmpty());
    SettingsPanel panel(DeviceInfo {});
    panel.setSettings(f.panel.settings());
    PresetBar again(f.store, f.file);
    again.setPanel(panel);
    EXPECT_EQ(again.chosenPreset(), QStringLiteral("Web (2048 px)"));
    EXPECT_FALSE(again.isModified());
    EXPECT_EQ(again.presetList()->currentText(), QStringLiteral("Web (2048 px)"));
}

TEST(PresetBar, SaysWhichLinesOfThePresetFileItSkipped)
{
    TempDir dir;
    const fs::path file = dir.path() / "presets.tsv";
    std::ofstream(file, std::ios::binary) << "Good\t--quality 50\nBad\t--threads 2\n";
    QSettings settings(toQString(dir.path() / "dropsize.ini"), QSettings::IniFormat);
    SettingsStore store(settings);
    SettingsPanel panel(DeviceInfo {});
    PresetBar bar(store, file);
    bar.setPanel(panel);
    QStringList messages;
    QObject::connect(
        &bar, &PresetBar::message, &bar, [&](const QString& m) { messages.append(m); });
    ASSERT_TRUE(waitUntil([&] { return !messages.isEmpty(); }, 2000));
    EXPECT_TRUE(messages.front().contains(QStringLiteral("line 2")))
        << messages.front().toStdString();
    EXPECT_TRUE(bar.presetNames().contains(QStringLiteral("Good")));
    EXPECT_FALSE(bar.presetNames().contains(QStringLiteral("Bad")));
}

TEST(PresetBar, IsAboveTheSettingsInTheWindowAndSpeaksChinese)
{
    TempDir dir;
    QSettings ini(toQString(dir.path() / "dropsize.ini"), QSettings::IniFormat);
    SettingsStore store(ini);
    ui::BatchController controller;
    ui::MainWindow window(store, controller, DeviceInfo {});
    ASSERT_NE(window.presetBar(), nullptr);
    window.show();
    const QPoint bar = window.presetBar()->mapTo(&window, QPoint(0, 0));
    const QPoint form = window.settingsPanel()->mapTo(&window, QPoint(0, 0));
    EXPECT_LT(bar.y(), form.y());
    // Tab goes from the bar's last button into the form, as the eye does.
    QWidget* next = window.presetBar()->manageButton()->nextInFocusChain();
    while (next != nullptr && next->focusPolicy() == Qt::NoFocus) {
        next = next->nextInFocusChain();
    }
    ASSERT_NE(next, nullptr);
    EXPECT_TRUE(window.settingsPanel()->isAncestorOf(next)) << next->metaObject()->className();

    auto* app = QCoreApplication::instance();
    const QList<QTranslator*> before = app->findChildren<QTranslator*>();
    ASSERT_TRUE(ui::installTranslations(*app, QLocale(QLocale::Chinese, QLocale::China)));
    SettingsPanel panel(DeviceInfo {});
    PresetBar chinese(store, dir.path() / "presets.tsv");
    chinese.setPanel(panel);
    const QStringList names = chinese.presetNames();
    const QString custom = chinese.presetList()->currentText();
    const QString save = chinese.saveButton()->text();
    for (QTranslator* t : app->findChildren<QTranslator*>()) {
        if (!before.contains(t)) {
            QCoreApplication::removeTranslator(t);
            delete t;
        }
    }
    ASSERT_EQ(names.size(), 3);
    for (const QString& english : { QStringLiteral("Web (2048 px)"),
             QStringLiteral("E-mail (1280 px)"), QStringLiteral("Thumbnails (256 px)"),
             QStringLiteral("Custom settings"), QStringLiteral("Save as…") }) {
        EXPECT_FALSE(names.contains(english)) << english.toStdString();
        EXPECT_NE(custom, english);
        EXPECT_NE(save, english);
    }
}

} // namespace dropsize::test

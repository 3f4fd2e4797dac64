// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/core/batch_planner.h"
#include "dropsize/core/batch_scheduler.h"
#include "dropsize/ui/input_list_model.h"
#include "dropsize/ui/job_log_model.h"
#include "dropsize/ui/main_window.h"
#include "dropsize/ui/preview_pane.h"
#include "dropsize/ui/settings_panel.h"
#include "dropsize/ui/settings_store.h"
#include "qt_test_support.h"
#include "support/test_support.h"

#include <QItemSelectionModel>
#include <QTableView>
#include <QToolButton>
#include <gtest/gtest.h>

namespace fs = std::filesystem;
using dropsize::ui::BatchController;
using dropsize::ui::BatchSettings;
using dropsize::ui::MainWindow;
using dropsize::ui::OutputLocation;
using dropsize::ui::PreviewPane;
using dropsize::ui::SettingsStore;

namespace dropsize::test {

namespace {

    QByteArray fileBytes(const fs::path& path)
    {
        const std::vector<std::uint8_t> bytes = readFile(path);
        return QByteArray(
            reinterpret_cast<const char*>(bytes.data()), static_cast<qsizetype>(bytes.size()));
    }

    // What the batch writes for `input` with these settings, on the CPU as the preview makes it.
    QByteArray batchOutput(const BatchSettings& settings, const fs::path& input)
    {
        auto plan = BatchPlanner(settings.planOptions()).plan({ input });
        EXPECT_TRUE(plan.ok());
        if (!plan || plan->jobs.empty()) {
            return {};
        }
        BatchOptions options = settings.batchOptions();
        options.device = DeviceChoice::Cpu;
        const BatchSummary summary = BatchScheduler(options).run(*plan);
        EXPECT_EQ(summary.ok, 1u);
        return fileBytes(plan->jobs.front().output());
    }

    BatchSettings settingsInto(const fs::path& out)
    {
        BatchSettings s;
        s.outputLocation = OutputLocation::Folder;
        s.outputDir = toQString(out);
        s.device = DeviceChoice::Cpu;
        return s;
    }

    bool waitForPreview(const PreviewPane& pane)
    {
        return waitUntil([&] { return !pane.isMaking(); });
    }

} // namespace

TEST(PreviewPane, ShowsTheBytesTheBatchWritesAndWritesNothing)
{
    TempDir dir;
    const fs::path input = dir.path() / "photo.jpg";
    writeTestJpeg(input, 640, 480);
    const fs::path out = dir.path() / "out";
    BatchSettings settings = settingsInto(out);
    settings.spec.mode = SizeMode::LongEdge;
    settings.spec.longEdge = 300;
    settings.format = OutputFormat::Png;

    PreviewPane pane;
    pane.show();
    pane.setSettings(settings);
    pane.setSource(toQString(input));
    EXPECT_TRUE(pane.isMaking());
    EXPECT_FALSE(pane.message().isEmpty()) << "it says it is making the preview";
    ASSERT_TRUE(waitForPreview(pane));
    ASSERT_FALSE(pane.outputBytes().isEmpty()) << pane.message().toStdString();
    EXPECT_EQ(pane.shownInput(), toQString(input));
    EXPECT_FALSE(fs::exists(out)) << "the preview wrote to the output folder";
    EXPECT_EQ(pane.outputBytes(), batchOutput(settings, input));
}

TEST(PreviewPane, ASettingChangedWhileMakingCancelsAndRemakesIt)
{
    TempDir dir;
    const fs::path input = dir.path() / "noise.png";
    // Noise compresses badly: its PNG takes long enough to be still in flight below.
    writeTestPng(input, 2400, 1600, 3);
    BatchSettings settings = settingsInto(dir.path() / "out");
    settings.spec.percent = 90;

    PreviewPane pane;
    pane.show();
    pane.setSettings(settings);
    pane.setSource(toQString(input));
    ASSERT_TRUE(waitUntil([&] { return pane.requestCount() == 1; }));
    ASSERT_TRUE(pane.isMaking());
    EXPECT_EQ(pane.cancelledCount(), 0u);

    settings.spec.percent = 10;
    pane.setSettings(settings);
    EXPECT_EQ(pane.cancelledCount(), 1u) << "the request in flight is cancelled at once";
    ASSERT_TRUE(waitForPreview(pane));
    EXPECT_EQ(pane.requestCount(), 2u);
    EXPECT_EQ(pane.outputBytes(), batchOutput(settings, input))
        << "the result shown is that of the new settings";
}

TEST(PreviewPane, ShowsACorruptFilesErrorAndNoOutput)
{
    TempDir dir;
    writeTestJpeg(dir.path() / "whole.jpg", 320, 240);
    std::vector<std::uint8_t> bytes = readFile(dir.path() / "whole.jpg");
    bytes.resize(bytes.size() / 4);
    const fs::path input = dir.path() / "broken.jpg";
    writeFile(input, bytes);
    const fs::path text = dir.path() / "notes.txt";
    writeFile(text, { 'n', 'o', 't', 'e', 's' });

    PreviewPane pane;
    pane.show();
    pane.setSettings(settingsInto(dir.path() / "out"));
    for (const fs::path& path : { input, text }) {
        SCOPED_TRACE(path.filename().string());
        pane.setSource(toQString(path));
        ASSERT_TRUE(waitForPreview(pane));
        EXPECT_TRUE(pane.outputBytes().isEmpty());
        EXPECT_FALSE(pane.message().isEmpty()) << "the error is shown";
        EXPECT_NE(pane.message(), PreviewPane::tr("Making the preview\u2026"));
    }
    EXPECT_FALSE(fs::exists(dir.path() / "out"));
}

TEST(PreviewPane, AFolderShowsItsFirstImage)
{
    TempDir dir;
    const fs::path folder = dir.path() / "photos";
    fs::create_directories(folder);
    writeTestJpeg(folder / "b.jpg", 64, 48);
    writeTestJpeg(folder / "a.jpg", 80, 60);
    PreviewPane pane;
    pane.show();
    pane.setSettings(settingsInto(dir.path() / "out"));
    pane.setSource(toQString(folder));
    ASSERT_TRUE(waitForPreview(pane));
    EXPECT_EQ(pane.shownInput(), toQString(folder / "a.jpg"));
    EXPECT_FALSE(pane.outputBytes().isEmpty());
}

TEST(PreviewPane, ShowsEveryChannelCount)
{
    TempDir dir;
    PreviewPane pane;
    pane.show();
    pane.setSettings(settingsInto(dir.path() / "out"));
    for (int channels = 1; channels <= 4; ++channels) {
        SCOPED_TRACE(channels);
        const fs::path input = dir.path() / ("image_" + std::to_string(channels) + ".png");
        writeTestPng(input, 90, 70, channels);
        pane.setSource(toQString(input));
        ASSERT_TRUE(waitForPreview(pane));
        EXPECT_FALSE(pane.outputBytes().isEmpty()) << pane.message().toStdString();
        EXPECT_TRUE(pane.message().isEmpty()) << pane.message().toStdString();
    }
}

TEST(PreviewPane, MakesNothingWhileHidden)
{
    TempDir dir;
    const fs::path input = dir.path() / "photo.jpg";
    writeTestJpeg(input, 64, 48);
    PreviewPane pane;
    pane.setSettings(settingsInto(dir.path() / "out"));
    pane.setSource(toQString(input));
    spinEventLoop(300);
    EXPECT_EQ(pane.requestCount(), 0u);
    pane.show();
    ASSERT_TRUE(waitForPreview(pane));
    EXPECT_EQ(pane.requestCount(), 1u);
    EXPECT_FALSE(pane.outputBytes().isEmpty());
}

TEST(PreviewPane, OneToOneDecodesBothSidesAtFullSizeAndKeepsTheBytes)
{
    TempDir dir;
    const fs::path input = dir.path() / "photo.jpg";
    writeTestJpeg(input, 1600, 1200);
    PreviewPane pane;
    pane.show();
    pane.setSettings(settingsInto(dir.path() / "out"));
    pane.setSource(toQString(input));
    ASSERT_TRUE(waitForPreview(pane));
    const QByteArray fitted = pane.outputBytes();
    ASSERT_FALSE(fitted.isEmpty());
    EXPECT_FALSE(pane.hasFullSize());
    auto* oneToOne = pane.findChild<QToolButton*>();
    ASSERT_NE(oneToOne, nullptr);
    EXPECT_FALSE(oneToOne->accessibleName().isEmpty());
    oneToOne->click();
    ASSERT_TRUE(waitForPreview(pane));
    EXPECT_EQ(pane.requestCount(), 2u) << "the full-size original is decoded for 1:1";
    EXPECT_TRUE(pane.hasFullSize());
    EXPECT_EQ(pane.outputBytes(), fitted);
}

// In the window: the current row of the input list is previewed with the panel's settings, and
// the batch then writes those very bytes.
TEST(PreviewPane, TheWindowPreviewsTheSelectedInputAsTheBatchWritesIt)
{
    TempDir dir;
    QSettings qsettings(toQString(dir.path() / "dropsize.ini"), QSettings::IniFormat);
    SettingsStore store(qsettings);
    BatchController controller;
    MainWindow window(store, controller, DeviceInfo {});
    window.resize(1366, 740);
    window.show();
    const fs::path out = dir.path() / "out";
    BatchSettings settings = settingsInto(out);
    settings.spec.percent = 40;
    window.settingsPanel()->setSettings(settings);

    const fs::path first = dir.path() / "first.jpg";
    const fs::path second = dir.path() / "second.png";
    writeTestJpeg(first, 300, 200);
    writeTestPng(second, 200, 300, 4);
    window.addInputs({ toQString(first), toQString(second) });
    ASSERT_TRUE(waitUntil([&] { return window.inputs()->totalImages() == 2; }));
    QTableView* inputs = nullptr;
    for (QTableView* view : window.findChildren<QTableView*>()) {
        if (view->model() == window.inputs()) {
            inputs = view;
        }
    }
    ASSERT_NE(inputs, nullptr);
    PreviewPane* pane = window.previewPane();
    ASSERT_NE(pane, nullptr);
    ASSERT_TRUE(pane->isVisible());
    inputs->selectionModel()->setCurrentIndex(
        window.inputs()->index(1, 0), QItemSelectionModel::ClearAndSelect);
    EXPECT_EQ(pane->source(), toQString(second));
    ASSERT_TRUE(waitForPreview(*pane));
    const QByteArray previewed = pane->outputBytes();
    ASSERT_FALSE(previewed.isEmpty()) << pane->message().toStdString();
    EXPECT_FALSE(fs::exists(out));

    bool finished = false;
    QObject::connect(&controller, &BatchController::finished, &window, [&] { finished = true; });
    window.startBatch();
    ASSERT_TRUE(waitUntil([&] { return finished && !controller.isBusy(); }));
    EXPECT_EQ(previewed, fileBytes(out / "second.png"));
}

} // namespace dropsize::test

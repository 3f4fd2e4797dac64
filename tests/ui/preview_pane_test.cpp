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
#include "preview_image_view.h"
#include "qt_test_support.h"
#include "support/test_support.h"

#include <QCoreApplication>
#include <QFileInfo>
#include <QImage>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLocale>
#include <QMouseEvent>
#include <QPainter>
#include <QTableView>
#include <QToolButton>
#include <QWheelEvent>
#include <gtest/gtest.h>
#include <optional>

namespace fs = std::filesystem;
using dropsize::ui::BatchController;
using dropsize::ui::BatchSettings;
using dropsize::ui::MainWindow;
using dropsize::ui::OutputLocation;
using dropsize::ui::PreviewImageView;
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
        s.outputFolder = toQString(out);
        s.device = DeviceChoice::Cpu;
        return s;
    }

    bool waitForPreview(const PreviewPane& pane)
    {
        return waitUntil([&] { return !pane.isMaking(); });
    }

    template <typename T> T* childNamed(const QWidget& parent, const QString& accessibleName)
    {
        for (T* child : parent.findChildren<T*>()) {
            if (child->accessibleName() == accessibleName) {
                return child;
            }
        }
        return nullptr;
    }

    // A white photo with one red square, to be found again on the screen.
    void writeMarkedPng(const fs::path& path, QSize size, QRect marker)
    {
        QImage image(size, QImage::Format_RGB888);
        image.fill(Qt::white);
        QPainter(&image).fillRect(marker, QColor(255, 0, 0));
        ASSERT_TRUE(image.save(toQString(path), "PNG"));
    }

    // Where the red square is drawn in a widget: the middle and the size of its red pixels.
    struct Found {
        QPointF centre;
        QSizeF size;
    };
    std::optional<Found> findMarker(QWidget* widget)
    {
        const QImage shot = widget->grab().toImage().convertToFormat(QImage::Format_RGB32);
        double sumX = 0;
        double sumY = 0;
        double count = 0;
        QRect box;
        for (int y = 0; y < shot.height(); ++y) {
            for (int x = 0; x < shot.width(); ++x) {
                const QColor c = shot.pixelColor(x, y);
                if (c.red() > 160 && c.green() < 96 && c.blue() < 96) {
                    sumX += x + 0.5;
                    sumY += y + 0.5;
                    ++count;
                    box |= QRect(x, y, 1, 1);
                }
            }
        }
        if (count == 0) {
            return std::nullopt;
        }
        return Found { { sumX / count, sumY / count }, QSizeF(box.size()) };
    }

    // Both sides show the red square at the same place and the same size; returns the output's.
    std::optional<Found> expectAligned(QWidget* before, QWidget* after)
    {
        const auto original = findMarker(before);
        const auto output = findMarker(after);
        EXPECT_TRUE(original.has_value()) << "the original's square is not in view";
        EXPECT_TRUE(output.has_value()) << "the output's square is not in view";
        if (!original || !output) {
            return std::nullopt;
        }
        EXPECT_NEAR(original->centre.x(), output->centre.x(), 1.5);
        EXPECT_NEAR(original->centre.y(), output->centre.y(), 1.5);
        EXPECT_NEAR(original->size.width(), output->size.width(), 2.0);
        EXPECT_NEAR(original->size.height(), output->size.height(), 2.0);
        return output;
    }

    void sendDrag(QWidget* widget, QPoint from, QPoint to)
    {
        QMouseEvent press(QEvent::MouseButtonPress, QPointF(from),
            QPointF(widget->mapToGlobal(from)), Qt::LeftButton, Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(widget, &press);
        QMouseEvent move(QEvent::MouseMove, QPointF(to), QPointF(widget->mapToGlobal(to)),
            Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(widget, &move);
        QMouseEvent release(QEvent::MouseButtonRelease, QPointF(to),
            QPointF(widget->mapToGlobal(to)), Qt::LeftButton, Qt::NoButton, Qt::NoModifier);
        QCoreApplication::sendEvent(widget, &release);
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
        // One line that names the file, and nothing else that says otherwise.
        EXPECT_TRUE(pane.message().contains(toQString(path.filename())))
            << pane.message().toStdString();
        EXPECT_FALSE(pane.message().contains(QLatin1Char('\n'))) << pane.message().toStdString();
        auto* after = childNamed<PreviewImageView>(pane, PreviewPane::tr("Output image"));
        ASSERT_NE(after, nullptr);
        EXPECT_TRUE(after->placeholder().isEmpty());
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

// The original is drawn at the output's scale: the red square of the photo is at the same place,
// at the same size, on both sides, at Fit, at 100 %, after a drag on one side and after the wheel
// zoomed the other; for a crop (Fill) too. Over 80 lines as one story: each step starts where
// the one before left the pane.
TEST(PreviewPane, BothSidesShowTheSameAreaAtTheSameScale)
{
    TempDir dir;
    const fs::path input = dir.path() / "marked.png";
    const QSize photo(1600, 1200);
    const QRect marker(900, 500, 100, 100);
    writeMarkedPng(input, photo, marker);

    struct Case {
        const char* name;
        dropsize::ResizeSpec spec;
    };
    dropsize::ResizeSpec longEdge;
    longEdge.mode = SizeMode::LongEdge;
    longEdge.longEdge = 1000;
    dropsize::ResizeSpec fill;
    fill.mode = SizeMode::Fill;
    fill.width = 600;
    fill.height = 600;
    for (const Case& c : { Case { "long edge", longEdge }, Case { "fill", fill } }) {
        SCOPED_TRACE(c.name);
        BatchSettings settings = settingsInto(dir.path() / c.name);
        settings.spec = c.spec;
        settings.format = OutputFormat::Png;
        PreviewPane pane;
        // Lower than the 600-px output at 100 %, so that the drag below has room to move it.
        pane.resize(900, 520);
        pane.show();
        pane.setSettings(settings);
        pane.setSource(toQString(input));
        ASSERT_TRUE(waitForPreview(pane));
        ASSERT_FALSE(pane.outputBytes().isEmpty()) << pane.message().toStdString();
        auto* before = childNamed<PreviewImageView>(pane, PreviewPane::tr("Original image"));
        auto* after = childNamed<PreviewImageView>(pane, PreviewPane::tr("Output image"));
        ASSERT_NE(before, nullptr);
        ASSERT_NE(after, nullptr);
        ASSERT_TRUE(pane.isFit());

        {
            SCOPED_TRACE("fit");
            expectAligned(before, after);
        }

        // 100 %: one output pixel per screen pixel (the offscreen screen has a ratio of 1), so
        // the square is as large as it is in the output.
        const QImage output = QImage::fromData(pane.outputBytes());
        ASSERT_FALSE(output.isNull());
        pane.setZoom(1.0);
        ASSERT_TRUE(waitForPreview(pane));
        EXPECT_FALSE(pane.isFit());
        EXPECT_DOUBLE_EQ(pane.zoom(), 1.0);
        std::optional<Found> at100;
        {
            SCOPED_TRACE("100 %");
            at100 = expectAligned(before, after);
        }
        ASSERT_TRUE(at100.has_value());
        // The output's scale of the photo: its height over the photo's (the crop of Fill cuts
        // the sides, not the height).
        const double outputScale = static_cast<double>(output.height()) / photo.height();
        EXPECT_NEAR(at100->size.width(), marker.width() * outputScale, 2.0);
        EXPECT_NEAR(at100->size.height(), marker.height() * outputScale, 2.0);

        // A drag on the original moves both sides by as much.
        sendDrag(before, QPoint(200, 200), QPoint(163, 177));
        std::optional<Found> dragged;
        {
            SCOPED_TRACE("dragged");
            dragged = expectAligned(before, after);
        }
        ASSERT_TRUE(dragged.has_value());
        EXPECT_NEAR(dragged->centre.x() - at100->centre.x(), -37.0, 1.5);
        EXPECT_NEAR(dragged->centre.y() - at100->centre.y(), -23.0, 1.5);

        // Ctrl+wheel on the output zooms both around the pointer: the square grows on both.
        const QPointF at = dragged->centre;
        QWheelEvent wheel(at, QPointF(after->mapToGlobal(at.toPoint())), QPoint(), QPoint(0, 120),
            Qt::NoButton, Qt::ControlModifier, Qt::NoScrollPhase, false);
        QCoreApplication::sendEvent(after, &wheel);
        EXPECT_GT(pane.zoom(), 1.0);
        ASSERT_TRUE(waitForPreview(pane));
        {
            SCOPED_TRACE("zoomed");
            const auto zoomed = expectAligned(before, after);
            ASSERT_TRUE(zoomed.has_value());
            EXPECT_NEAR(zoomed->size.width(), dragged->size.width() * pane.zoom(), 2.0);
            EXPECT_NEAR(zoomed->centre.x(), at.x(), 1.5) << "the point under the wheel stays";
            EXPECT_NEAR(zoomed->centre.y(), at.y(), 1.5);
        }
        EXPECT_EQ(pane.outputBytes(), batchOutput(settings, input)) << "the output is the batch's";
    }
}

// Each image of a folder can be previewed, in the batch's order, and each is what the batch
// writes for it; a broken one says so on one line that names it. The ends stop. Over 80 lines
// as one story: the batch at its end checks what each step before previewed.
TEST(PreviewPane, PicksAnyImageOfAFolderInTheBatchsOrder)
{
    DROPSIZE_REQUIRE_TESTDATA(testdata);
    TempDir dir;
    const fs::path folder = dir.path() / "photos";
    fs::create_directories(folder / "sub");
    fs::copy_file(testdata / "exif-orientation" / "Landscape_6.jpg", folder / "landscape.jpg");
    fs::copy_file(
        testdata / "exif-orientation" / "Portrait_3.jpg", folder / "sub" / "portrait.jpg");
    writeTestPng(folder / "drawing.png", 120, 90, 4);
    writeTestJpeg(dir.path() / "whole.jpg", 320, 240);
    std::vector<std::uint8_t> bytes = readFile(dir.path() / "whole.jpg");
    bytes.resize(bytes.size() / 4);
    const fs::path broken = folder / "broken.jpg";
    writeFile(broken, bytes);

    const fs::path out = dir.path() / "out";
    BatchSettings settings = settingsInto(out);
    settings.spec.mode = SizeMode::LongEdge;
    settings.spec.longEdge = 200;
    // The batch's order, from the batch's own planner.
    PlanOptions listing = settings.planOptions();
    listing.checkOutputs = false;
    auto listed = BatchPlanner(listing).plan({ folder });
    ASSERT_TRUE(listed.ok());
    QStringList expected;
    for (const Job& job : listed->jobs) {
        expected.append(toQString(job.input()));
    }
    ASSERT_EQ(expected.size(), 4);
    const int last = static_cast<int>(expected.size()) - 1;

    PreviewPane pane;
    pane.show();
    pane.setSettings(settings);
    pane.setSource(toQString(folder));
    ASSERT_TRUE(waitForPreview(pane));
    EXPECT_EQ(pane.folderImages(), expected);
    auto* next = childNamed<QToolButton>(pane, PreviewPane::tr("Next image"));
    auto* previous = childNamed<QToolButton>(pane, PreviewPane::tr("Previous image"));
    auto* position = childNamed<QLabel>(pane, PreviewPane::tr("Image of the folder"));
    auto* before = childNamed<PreviewImageView>(pane, PreviewPane::tr("Original image"));
    auto* after = childNamed<PreviewImageView>(pane, PreviewPane::tr("Output image"));
    ASSERT_TRUE(next && previous && position && before && after);
    EXPECT_TRUE(next->isVisible());
    EXPECT_FALSE(next->toolTip().isEmpty());
    EXPECT_FALSE(previous->isEnabled()) << "the first image has none before it";

    std::vector<QByteArray> previewed(expected.size());
    for (int i = 0; i <= last; ++i) {
        const QString name = QFileInfo(expected.at(i)).fileName();
        SCOPED_TRACE(name.toStdString());
        if (i > 0) {
            next->click();
            ASSERT_TRUE(waitForPreview(pane));
        }
        EXPECT_EQ(pane.imageIndex(), i);
        EXPECT_TRUE(position->accessibleDescription().contains(name));
        EXPECT_TRUE(position->accessibleDescription().contains(
            QStringLiteral("%1 / %2").arg(i + 1).arg(expected.size())));
        if (expected.at(i) == toQString(broken)) {
            EXPECT_TRUE(pane.outputBytes().isEmpty());
            EXPECT_TRUE(pane.message().contains(name)) << pane.message().toStdString();
            EXPECT_FALSE(pane.message().contains(QLatin1Char('\n')))
                << "one line: " << pane.message().toStdString();
            EXPECT_TRUE(before->placeholder().isEmpty() && after->placeholder().isEmpty())
                << "no other text beside the one line";
        } else {
            EXPECT_EQ(pane.shownInput(), expected.at(i));
            EXPECT_FALSE(pane.outputBytes().isEmpty()) << pane.message().toStdString();
            EXPECT_TRUE(before->hasImage() && after->hasImage());
        }
        previewed[static_cast<std::size_t>(i)] = pane.outputBytes();
    }
    EXPECT_FALSE(next->isEnabled()) << "the last image has none after it";
    const quint64 requests = pane.requestCount();
    pane.showNextImage();
    EXPECT_EQ(pane.imageIndex(), last) << "the end stops";
    EXPECT_EQ(pane.requestCount(), requests);
    for (int i = last - 1; i >= 0; --i) {
        previous->click();
        ASSERT_TRUE(waitForPreview(pane));
        EXPECT_EQ(pane.imageIndex(), i);
        EXPECT_EQ(pane.outputBytes(), previewed[static_cast<std::size_t>(i)]);
    }
    pane.showImage(2);
    ASSERT_TRUE(waitForPreview(pane));
    EXPECT_EQ(pane.imageIndex(), 2);
    EXPECT_EQ(pane.outputBytes(), previewed[2]);
    EXPECT_LE(pane.minimumSizeHint().width(), 420);
    EXPECT_LE(pane.minimumSizeHint().height(), 260);

    // The batch of the folder writes what was previewed of each image.
    auto plan = BatchPlanner(settings.planOptions()).plan({ folder });
    ASSERT_TRUE(plan.ok());
    BatchOptions options = settings.batchOptions();
    options.device = DeviceChoice::Cpu;
    BatchScheduler(options).run(*plan);
    for (const Job& job : plan->jobs) {
        const auto at = expected.indexOf(toQString(job.input()));
        ASSERT_GE(at, 0);
        SCOPED_TRACE(job.input().filename().string());
        if (previewed[static_cast<std::size_t>(at)].isEmpty()) {
            EXPECT_FALSE(fs::exists(job.output()));
        } else {
            EXPECT_EQ(fileBytes(job.output()), previewed[static_cast<std::size_t>(at)]);
        }
    }

    // A file on its own has no images to pick.
    pane.setSource(expected.at(0));
    ASSERT_TRUE(waitForPreview(pane));
    EXPECT_EQ(pane.imageIndex(), -1);
    EXPECT_FALSE(next->isVisible());
}

// A share of the original too small for a whole percent is not "0 %".
TEST(PreviewPane, SaysLessThanOnePercentRatherThanZero)
{
    TempDir dir;
    const fs::path input = dir.path() / "noise.png";
    writeTestPng(input, 1200, 900, 3);
    BatchSettings settings = settingsInto(dir.path() / "out");
    settings.spec.mode = SizeMode::LongEdge;
    settings.spec.longEdge = 40;
    settings.format = OutputFormat::Jpeg;
    PreviewPane pane;
    pane.show();
    pane.setSettings(settings);
    pane.setSource(toQString(input));
    ASSERT_TRUE(waitForPreview(pane));
    auto* about = childNamed<QLabel>(pane, PreviewPane::tr("About the output"));
    ASSERT_NE(about, nullptr);
    const auto inputBytes = static_cast<double>(fs::file_size(input));
    const auto share = [&] { return static_cast<double>(pane.outputBytes().size()) / inputBytes; };
    ASSERT_LT(share(), 0.01) << "the case to test";
    ASSERT_GT(pane.outputBytes().size(), 0);
    EXPECT_TRUE(about->text().contains(PreviewPane::tr("(less than 1 % of the original)")))
        << about->text().toStdString();
    EXPECT_FALSE(about->text().contains(QStringLiteral("(0 %")));

    settings.spec.longEdge = 1000;
    settings.format = OutputFormat::Png;
    pane.setSettings(settings);
    ASSERT_TRUE(waitForPreview(pane));
    ASSERT_GT(share(), 0.01);
    EXPECT_FALSE(about->text().contains(PreviewPane::tr("(less than 1 % of the original)")))
        << about->text().toStdString();
    EXPECT_TRUE(about->text().contains(
        PreviewPane::tr("(%1 % of the original)").arg(QLocale().toString(100.0 * share(), 'f', 0))))
        << about->text().toStdString();
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

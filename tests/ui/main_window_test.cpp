// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/ui/input_list_model.h"
#include "dropsize/ui/job_log_model.h"
#include "dropsize/ui/main_window.h"
#include "dropsize/ui/preset_bar.h"
#include "dropsize/ui/preview_pane.h"
#include "dropsize/ui/settings_panel.h"
#include "dropsize/ui/settings_store.h"
#include "dropsize/ui/translations.h"
#include "palette_colors.h"
#include "qt_test_support.h"
#include "support/test_support.h"
#include "window_harness.h"
#include "window_size.h"

#include <QApplication>
#include <QComboBox>
#include <QDropEvent>
#include <QLabel>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QStatusBar>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QTranslator>
#include <QUrl>
#include <gtest/gtest.h>

namespace fs = std::filesystem;
using dropsize::ui::BatchController;
using dropsize::ui::BatchSettings;
using dropsize::ui::MainWindow;
using dropsize::ui::SettingsStore;

namespace dropsize::test {

namespace {

    using WindowFixture = WindowHarness;

    fs::path makeFolder(const fs::path& parent, const std::string& name, int images)
    {
        fs::path dir = parent / name;
        fs::create_directories(dir);
        for (int i = 0; i < images; ++i) {
            writeTestJpeg(dir / ("img_" + std::to_string(i) + ".jpg"), 96, 64);
        }
        return dir;
    }

    // What a file manager sends: a drag entering the window, then the drop.
    bool dropUrls(QWidget& target, const QList<QUrl>& urls)
    {
        QMimeData mime;
        mime.setUrls(urls);
        const QPoint at = target.rect().center();
        QDragEnterEvent enter(at, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&target, &enter);
        if (!enter.isAccepted()) {
            return false;
        }
        QDropEvent drop(QPointF(at), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&target, &drop);
        return drop.isAccepted();
    }

    // The red note under a value, when shown.
    QStringList visibleProblems(QWidget& window)
    {
        QStringList texts;
        for (QLabel* label : window.findChildren<QLabel*>()) {
            if (!label->isHidden() && ui::textTone(label) == ui::TextTone::Problem
                && !label->text().isEmpty()) {
                texts.append(label->text());
            }
        }
        return texts;
    }

} // namespace

TEST(MainWindow, DroppingFolderUrlsAddsThoseFolders)
{
    WindowFixture f;
    const fs::path a = makeFolder(f.dir.path(), "holiday", 3);
    const fs::path b = makeFolder(f.dir.path(), "family", 2);
    f.window.show();
    EXPECT_FALSE(f.window.startButton()->isEnabled()) << "nothing to resize yet";

    ASSERT_TRUE(dropUrls(
        f.window, { QUrl::fromLocalFile(toQString(a)), QUrl::fromLocalFile(toQString(b)) }));
    const QStringList paths = f.window.inputs()->paths();
    ASSERT_EQ(paths.size(), 2);
    EXPECT_EQ(paths[0], toQString(a));
    EXPECT_EQ(paths[1], toQString(b));
    // Counting runs in the background; the window shows the counts when they arrive.
    ASSERT_TRUE(waitUntil([&] { return f.window.inputs()->totalImages() == 5; }));
    EXPECT_EQ(f.window.inputs()->data(f.window.inputs()->index(0, 1)).toString(),
        QStringLiteral("3 images"));
    EXPECT_TRUE(f.window.startButton()->isEnabled());

    // The same folder again, and a web link, add nothing.
    EXPECT_TRUE(dropUrls(f.window, { QUrl::fromLocalFile(toQString(a)) }));
    EXPECT_FALSE(dropUrls(f.window, { QUrl(QStringLiteral("https://example.com/a.jpg")) }));
    EXPECT_EQ(f.window.inputs()->paths().size(), 2);
}

TEST(MainWindow, FirstRunOffersBicubicAsSmoothAndLanczosAsSharp)
{
    WindowFixture f;
    auto* panel = f.window.findChild<ui::SettingsPanel*>();
    ASSERT_NE(panel, nullptr);
    EXPECT_EQ(panel->settings().spec.filter, Filter::Bicubic);
    QComboBox* filter = nullptr;
    for (QComboBox* combo : panel->findChildren<QComboBox*>()) {
        if (combo->findText(QStringLiteral("Sharp (Lanczos)")) >= 0) {
            filter = combo;
        }
    }
    ASSERT_NE(filter, nullptr) << "the filter box";
    EXPECT_EQ(filter->currentText(), QStringLiteral("Smooth (bicubic)"));

    // Reset to defaults brings bicubic back after another filter was chosen.
    filter->setCurrentIndex(filter->findText(QStringLiteral("Sharp (Lanczos)")));
    EXPECT_EQ(panel->settings().spec.filter, Filter::Lanczos);
    panel->setSettings(BatchSettings {});
    EXPECT_EQ(filter->currentText(), QStringLiteral("Smooth (bicubic)"));
}

TEST(MainWindow, InvalidSettingsDisableStartAndSayWhyNextToTheValue)
{
    WindowFixture f;
    const fs::path a = makeFolder(f.dir.path(), "photos", 1);
    f.window.addInputs({ toQString(a) });
    ASSERT_TRUE(waitUntil([&] { return f.window.inputs()->totalImages() == 1; }));
    ASSERT_TRUE(f.window.startButton()->isEnabled());
    EXPECT_TRUE(visibleProblems(f.window).isEmpty());

    BatchSettings s = f.window.settingsPanel()->settings();
    s.spec.percent = 150; // would enlarge without being asked to
    f.window.settingsPanel()->setSettings(s);
    EXPECT_FALSE(f.window.startButton()->isEnabled());
    ASSERT_EQ(visibleProblems(f.window).size(), 1);
    EXPECT_TRUE(visibleProblems(f.window).front().contains(QStringLiteral("100 %")))
        << visibleProblems(f.window).front().toStdString();

    s.spec.enlarge = true;
    f.window.settingsPanel()->setSettings(s);
    EXPECT_TRUE(f.window.startButton()->isEnabled());

    s.outputLocation = ui::OutputLocation::Folder;
    s.outputFolder = toQString(a); // the input itself
    f.window.settingsPanel()->setSettings(s);
    EXPECT_FALSE(f.window.startButton()->isEnabled());
    EXPECT_EQ(visibleProblems(f.window).size(), 1);
}

// Found by a new user: with a folder listed, choosing "One folder" (its field still empty) ended
// the program, as the background count threw. The window stays, says what is missing, and
// counts again once a folder is chosen.
TEST(MainWindow, OneOutputFolderWithItsFieldEmptyIsSaidNotACrash)
{
    WindowFixture f;
    const fs::path a = makeFolder(f.dir.path(), "photos", 2);
    f.window.addInputs({ toQString(a) });
    ASSERT_TRUE(waitUntil([&] { return f.window.inputs()->totalImages() == 2; }));

    BatchSettings s = f.window.settingsPanel()->settings();
    s.outputLocation = ui::OutputLocation::Folder;
    s.outputFolder.clear();
    f.window.settingsPanel()->setSettings(s);
    ASSERT_TRUE(waitUntil([&] { return !f.window.inputs()->planError().isEmpty(); }));
    EXPECT_FALSE(f.window.startButton()->isEnabled());
    // Not counted, which is not "no images": the folder's field says what is missing.
    for (const QString& p : visibleProblems(f.window)) {
        EXPECT_FALSE(p.contains(QStringLiteral("no images"))) << p.toStdString();
    }
    EXPECT_TRUE(f.window.inputs()->totalText().isEmpty());
    EXPECT_EQ(f.window.inputs()->data(f.window.inputs()->index(0, 1)).toString(),
        QStringLiteral("\u2014"));
    EXPECT_FALSE(visibleProblems(f.window).isEmpty());

    s.outputFolder = toQString(f.dir.path() / "out");
    f.window.settingsPanel()->setSettings(s);
    ASSERT_TRUE(waitUntil([&] { return f.window.inputs()->totalImages() == 2; }));
    EXPECT_TRUE(f.window.startButton()->isEnabled());
}

TEST(MainWindow, FoldersWithoutImagesCannotStart)
{
    WindowFixture f;
    const fs::path empty = makeFolder(f.dir.path(), "empty", 0);
    writeFile(empty / "notes.txt", { 'h', 'i' });
    f.window.addInputs({ toQString(empty) });
    ASSERT_TRUE(waitUntil([&] { return f.window.inputs()->totalImages() == 0; }));
    EXPECT_FALSE(f.window.startButton()->isEnabled());
    EXPECT_FALSE(visibleProblems(f.window).isEmpty());
}

TEST(MainWindow, StartRunsTheBatchAndFillsTheLog)
{
    WindowFixture f;
    const fs::path a = makeFolder(f.dir.path(), "photos", 4);
    f.window.addInputs({ toQString(a) });
    ASSERT_TRUE(waitUntil([&] { return f.window.inputs()->totalImages() == 4; }));
    bool finished = false;
    QObject::connect(
        &f.controller, &BatchController::finished, &f.window, [&] { finished = true; });
    f.window.startButton()->click();
    EXPECT_TRUE(f.controller.isBusy());
    EXPECT_FALSE(f.window.startButton()->isEnabled()) << "one batch at a time";
    ASSERT_TRUE(waitUntil([&] { return finished && !f.controller.isBusy(); }));
    EXPECT_EQ(f.window.log()->rowCount(), 4);
    EXPECT_TRUE(fs::exists(a / "ResizeImage" / "img_0.jpg"));
    EXPECT_TRUE(f.window.startButton()->isEnabled());
    // The settings used were saved for the next run.
    EXPECT_EQ(SettingsStore(f.settings).load(), f.window.settingsPanel()->settings());
}

// A 1366x768 screen, a common small laptop's, leaves 720 px above Windows 11's 48-px taskbar
// (Windows 10's and the usual Linux panels are smaller), and the window's frame takes some of
// that: at most 16 px of borders across and 40 px of title bar and borders down.
TEST(MainWindow, FitsA1366By768Screen)
{
    WindowFixture f;
    const QSize smallest = f.window.minimumSizeHint();
    EXPECT_LE(smallest.width(), 1366 - 16) << smallest.width() << " px wide";
    EXPECT_LE(smallest.height(), 768 - 48 - 40) << smallest.height() << " px high";
}

// A 1366x768 laptop at 125 % is 1093x614 logical pixels; a 32-px panel (40 physical) and the
// frame (16x40) leave 1077x542. The window fits in that, and there, with "More options" closed,
// everything a normal batch needs is in view: the settings do not scroll, and the inputs, the
// preset, Start and the tabs are inside the window.
TEST(MainWindow, FitsALaptopAt125PercentWithNothingNeededScrolled)
{
    WindowFixture f;
    const fs::path a = makeFolder(f.dir.path(), "photos", 2);
    f.window.addInputs({ toQString(a) });
    const QSize room(1093 - 16, 614 - 32 - 40);
    const QSize smallest = f.window.minimumSizeHint();
    EXPECT_LE(smallest.width(), room.width()) << smallest.width() << " px wide";
    EXPECT_LE(smallest.height(), room.height()) << smallest.height() << " px high";
    f.window.settingsPanel()->setMoreOptionsOpen(false);
    f.window.resize(room);
    f.window.show();
    spinEventLoop(50);
    ASSERT_EQ(f.window.size(), room);
    QWidget* parent = f.window.settingsPanel()->parentWidget();
    QScrollArea* scroll = nullptr;
    for (; parent != nullptr && scroll == nullptr; parent = parent->parentWidget()) {
        scroll = qobject_cast<QScrollArea*>(parent);
    }
    ASSERT_NE(scroll, nullptr);
    EXPECT_EQ(scroll->verticalScrollBar()->maximum(), 0) << "the settings scroll";
    const QRect inside = f.window.rect();
    for (QWidget* w : std::initializer_list<QWidget*> { f.window.startButton(),
             f.window.presetBar(), f.window.resultTabs(), f.window.settingsPanel() }) {
        EXPECT_TRUE(inside.contains(QRect(w->mapTo(&f.window, QPoint(0, 0)), w->size())))
            << w->metaObject()->className();
    }
    EXPECT_GE(f.window.resultTabs()->width(), f.window.width() / 2)
        << "the preview and the log get the larger share";
}

// The first run's size stays within the screen's work area, with room for the frame; on a screen
// too small for the window's minimum size (the offscreen platform's is 800x600) that minimum.
TEST(MainWindow, FirstRunFitsTheScreen)
{
    WindowFixture f;
    ASSERT_NE(f.window.screen(), nullptr);
    const QSize room = f.window.screen()->availableSize() - QSize(16, 40);
    const QSize smallest = f.window.minimumSizeHint();
    EXPECT_LE(f.window.width(), std::max(room.width(), smallest.width()));
    EXPECT_LE(f.window.height(), std::max(room.height(), smallest.height()));
    EXPECT_GE(f.window.width(), smallest.width());
    EXPECT_GE(f.window.height(), smallest.height());
}

TEST(MainWindow, ClosingRemembersTheGeometry)
{
    WindowFixture f;
    // A size the window can take: its minimum size depends on the style and the fonts, and a
    // smaller size would be widened on show.
    const QSize size = QSize(900, 640).expandedTo(f.window.minimumSizeHint());
    f.window.resize(size);
    f.window.show();
    f.window.close();
    EXPECT_FALSE(f.store.windowGeometry().isEmpty());
    MainWindow again(f.store, f.controller, DeviceInfo {});
    EXPECT_EQ(again.size(), size);
}

namespace {

    // Answers the next modal question box with `button`, once it shows.
    void answerNextQuestion(QMessageBox::StandardButton button, bool& asked)
    {
        auto* timer = new QTimer(qApp);
        QObject::connect(timer, &QTimer::timeout, qApp, [timer, button, &asked] {
            auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
            if (box == nullptr) {
                return;
            }
            asked = true;
            timer->stop();
            timer->deleteLater();
            box->button(button)->click();
        });
        timer->start(10);
    }

} // namespace

TEST(MainWindow, ClosingDuringABatchAsksThenCancelsAndCloses)
{
    WindowFixture f;
    const fs::path a = makeFolder(f.dir.path(), "photos", 6);
    f.window.addInputs({ toQString(a) });
    ASSERT_TRUE(waitUntil([&] { return f.window.inputs()->totalImages() == 6; }));
    f.window.show();
    bool cancelled = false;
    QObject::connect(&f.controller, &BatchController::finished, &f.window,
        [&](const ui::BatchResult& r) { cancelled = r.summary.wasCancelled; });
    BatchSettings oneWorker = f.window.settingsPanel()->settings();
    oneWorker.threads = 1;
    f.window.settingsPanel()->setSettings(oneWorker);
    f.window.startBatch();
    f.controller.pause(); // holds the batch (one file may be in flight): still running at close
    // While it runs, nothing that changes what it does can be changed: not the settings, not
    // the preset (which would rewrite them).
    EXPECT_FALSE(f.window.settingsPanel()->isEnabled());
    EXPECT_FALSE(f.window.presetBar()->isEnabled());

    bool asked = false;
    answerNextQuestion(QMessageBox::No, asked);
    EXPECT_FALSE(f.window.close()) << "the window asks first";
    ASSERT_TRUE(waitUntil([&] { return asked; }));
    spinEventLoop(20);
    EXPECT_TRUE(f.controller.isBusy()) << "No keeps the window and the batch";
    EXPECT_TRUE(f.window.isVisible());

    asked = false;
    answerNextQuestion(QMessageBox::Yes, asked);
    EXPECT_FALSE(f.window.close()) << "the window waits for the batch to stop";
    ASSERT_TRUE(waitUntil([&] { return asked; }));
    ASSERT_TRUE(waitUntil([&] { return !f.controller.isBusy() && !f.window.isVisible(); }));
    EXPECT_TRUE(cancelled);
    std::size_t written = 0;
    if (fs::exists(a / "ResizeImage")) {
        for (const auto& entry : fs::directory_iterator(a / "ResizeImage")) {
            if (entry.path().filename() == kOutputMarkerName) {
                continue;
            }
            EXPECT_EQ(entry.path().extension(), ".jpg") << "a temporary was left: " << entry.path();
            ++written;
        }
    }
    EXPECT_LE(written, 1u) << "paused with one worker: at most the file in flight";
    EXPECT_FALSE(f.store.windowGeometry().isEmpty()) << "closing saved the window";
}

// The question asked on closing is about a running batch: when the batch ends while it is open,
// it goes away, and the window stays.
TEST(MainWindow, TheQuitQuestionGoesAwayWhenTheBatchEnds)
{
    WindowFixture f;
    const fs::path a = makeFolder(f.dir.path(), "photos", 4);
    f.window.addInputs({ toQString(a) });
    ASSERT_TRUE(waitUntil([&] { return f.window.inputs()->totalImages() == 4; }));
    f.window.show();
    f.window.startBatch();
    f.controller.pause();
    ASSERT_TRUE(f.controller.isBusy());
    EXPECT_FALSE(f.window.close());
    ASSERT_TRUE(waitUntil(
        [] { return qobject_cast<QMessageBox*>(QApplication::activeModalWidget()) != nullptr; }));
    f.controller.cancel(); // the batch ends without an answer
    ASSERT_TRUE(waitUntil([&] { return !f.controller.isBusy(); }));
    EXPECT_TRUE(waitUntil([] { return QApplication::activeModalWidget() == nullptr; }))
        << "the question stayed after the batch ended";
    EXPECT_TRUE(f.window.isVisible()) << "nobody said yes to quitting";
}

// A second run with another size would skip every file (the outputs exist and their names do
// not say the size): the window says so before Start, and each way out clears it.
TEST(MainWindow, SaysBeforeStartThatMostFilesWouldBeSkippedAndOffersTheWaysOut)
{
    WindowFixture f;
    const fs::path a = makeFolder(f.dir.path(), "photos", 3);
    f.window.addInputs({ toQString(a) });
    ASSERT_TRUE(waitUntil([&] { return f.window.inputs()->totalImages() == 3; }));
    f.window.show();
    EXPECT_FALSE(f.window.skipNotice()->isVisible()) << "nothing exists yet";
    bool finished = false;
    QObject::connect(
        &f.controller, &BatchController::finished, &f.window, [&] { finished = true; });
    f.window.startBatch();
    ASSERT_TRUE(waitUntil([&] { return finished && !f.controller.isBusy(); }));
    // The counts are made again after a batch: now every output exists. Running the same
    // again would resume, which skips by design: nothing to say.
    ASSERT_TRUE(waitUntil([&] { return f.window.inputs()->skippedImages() == 3; }));
    spinEventLoop(50);
    EXPECT_FALSE(f.window.skipNotice()->isVisible()) << "a re-run of the same batch resumes";
    // Another size: the same names, so every file would be skipped.
    BatchSettings smaller = f.window.settingsPanel()->settings();
    smaller.spec.percent = 25;
    f.window.settingsPanel()->setSettings(smaller);
    ASSERT_TRUE(waitUntil([&] { return f.window.skipNotice()->isVisible(); }));
    EXPECT_TRUE(f.window.startButton()->isEnabled()) << "said, not refused";
    QPushButton* names = nullptr;
    QPushButton* replace = nullptr;
    for (QPushButton* b : f.window.skipNotice()->findChildren<QPushButton*>()) {
        (b->text().contains(QStringLiteral("size")) ? names : replace) = b;
    }
    ASSERT_NE(names, nullptr);
    ASSERT_NE(replace, nullptr);

    EXPECT_TRUE(names->isVisible());
    names->click();
    EXPECT_EQ(f.window.settingsPanel()->settings().nameTemplate, QStringLiteral("{name}_{w}x{h}"));
    EXPECT_TRUE(f.window.statusBar()->currentMessage().contains(QStringLiteral("{name}_{w}x{h}")))
        << "it says what it changed";
    ASSERT_TRUE(waitUntil([&] { return f.window.inputs()->skippedImages() == 0; }));
    EXPECT_FALSE(f.window.skipNotice()->isVisible());

    BatchSettings back = f.window.settingsPanel()->settings();
    back.nameTemplate.clear();
    f.window.settingsPanel()->setSettings(back);
    ASSERT_TRUE(waitUntil([&] { return f.window.skipNotice()->isVisible(); }));
    replace->click();
    EXPECT_EQ(f.window.settingsPanel()->settings().onExisting, ExistingPolicy::Overwrite);
    ASSERT_TRUE(waitUntil([&] { return !f.window.skipNotice()->isVisible(); }));
}

// A batch cancelled while it still looks for images leaves the bar still, not busy for good.
TEST(MainWindow, ACancelWhileLookingForImagesStopsTheBusyBar)
{
    WindowFixture f;
    const fs::path a = makeFolder(f.dir.path(), "photos", 3);
    f.window.addInputs({ toQString(a) });
    ASSERT_TRUE(waitUntil([&] { return f.window.inputs()->totalImages() == 3; }));
    f.window.show();
    bool finished = false;
    QObject::connect(
        &f.controller, &BatchController::finished, &f.window, [&] { finished = true; });
    f.window.startBatch();
    auto* bar = f.window.findChild<QProgressBar*>();
    ASSERT_NE(bar, nullptr);
    f.controller.cancel(); // before the plan's event can arrive
    ASSERT_TRUE(waitUntil([&] { return finished && !f.controller.isBusy(); }));
    spinEventLoop(20);
    EXPECT_GT(bar->maximum(), 0) << "still busy (no range) after the batch ended";
}

// An input taken off the list takes its preview with it.
TEST(MainWindow, ClearingTheListClearsItsPreview)
{
    WindowFixture f;
    const fs::path a = makeFolder(f.dir.path(), "photos", 2);
    f.window.addInputs({ toQString(a) });
    ASSERT_TRUE(waitUntil([&] { return f.window.inputs()->totalImages() == 2; }));
    f.window.show();
    f.window.previewPane()->setSource(toQString(a / "img_0.jpg"));
    f.window.inputs()->clear();
    EXPECT_TRUE(f.window.previewPane()->source().isEmpty());
}

// On a large screen the first window takes most of it; on a laptop's, what fits.
TEST(MainWindow, TheFirstRunUsesALargeScreen)
{
    EXPECT_EQ(ui::firstRunSize(QSize(1920, 1040), QSize(800, 500)), QSize(1536, 832));
    EXPECT_EQ(ui::firstRunSize(QSize(1366, 728), QSize(800, 500)), QSize(1100, 688));
    EXPECT_EQ(ui::firstRunSize(QSize(1024, 600), QSize(900, 580)), QSize(1008, 580));
}

TEST(MainWindow, TheSizeGoesIntoANameOnce)
{
    EXPECT_EQ(ui::withSizeInName(QString()), QStringLiteral("{name}_{w}x{h}"));
    EXPECT_EQ(
        ui::withSizeInName(QStringLiteral("{n}-{name}")), QStringLiteral("{n}-{name}_{w}x{h}"));
    EXPECT_EQ(ui::withSizeInName(QStringLiteral("{name}_{w}")), QStringLiteral("{name}_{w}"));
    EXPECT_EQ(ui::withSizeInName(QStringLiteral("{size}/{name}")), QStringLiteral("{size}/{name}"));
}

// Remove and Clear are offered only with something to remove: Clear with inputs listed,
// Remove with some of them selected.
TEST(MainWindow, RemoveAndClearOnlyWithSomethingToRemove)
{
    WindowFixture f;
    f.window.show();
    QPushButton* remove = nullptr;
    QPushButton* clear = nullptr;
    for (QPushButton* b : f.window.findChildren<QPushButton*>()) {
        if (b->text() == QStringLiteral("&Remove")) {
            remove = b;
        } else if (b->text() == QStringLiteral("C&lear")) {
            clear = b;
        }
    }
    ASSERT_NE(remove, nullptr);
    ASSERT_NE(clear, nullptr);
    EXPECT_FALSE(remove->isEnabled());
    EXPECT_FALSE(clear->isEnabled());
    const fs::path a = makeFolder(f.dir.path(), "photos", 1);
    f.window.addInputs({ toQString(a) });
    EXPECT_TRUE(clear->isEnabled());
    EXPECT_FALSE(remove->isEnabled()) << "nothing selected";
    QTableView* list = nullptr;
    for (QTableView* v : f.window.findChildren<QTableView*>()) {
        if (v->model() == f.window.inputs()) {
            list = v;
        }
    }
    ASSERT_NE(list, nullptr);
    list->selectRow(0);
    EXPECT_TRUE(remove->isEnabled());
    clear->click();
    EXPECT_FALSE(remove->isEnabled());
    EXPECT_FALSE(clear->isEnabled());
}

// "Add files…" offers every format the build reads, in either case.
TEST(MainWindow, OffersEveryImageFormatInTheFileDialog)
{
    const QString filter = MainWindow::imageFileFilter();
    for (const char* pattern : { "*.jpg", "*.JPG", "*.jpeg", "*.png", "*.PNG" }) {
        EXPECT_TRUE(filter.contains(QLatin1String(pattern))) << pattern;
    }
    EXPECT_EQ(filter.contains(QStringLiteral("*.heic")), DROPSIZE_WITH_HEIF != 0);
    EXPECT_EQ(filter.contains(QStringLiteral("*.AVIF")), DROPSIZE_WITH_HEIF != 0);
    EXPECT_TRUE(filter.endsWith(QStringLiteral(";;All files (*)")));
}

TEST(Translations, SimplifiedChineseIsCompiledIn)
{
    auto* app = QCoreApplication::instance();
    const QList<QTranslator*> before = app->findChildren<QTranslator*>();
    ASSERT_TRUE(ui::installTranslations(*app, QLocale(QLocale::Chinese, QLocale::China)));
    const QString start = QCoreApplication::translate("dropsize::ui::MainWindow", "&Start");
    const QString images
        = QCoreApplication::translate("dropsize::ui::InputListModel", "%n image(s)", nullptr, 3);
    const QString bicubic
        = QCoreApplication::translate("dropsize::ui::SettingsPanel", "Smooth (bicubic)");
    for (QTranslator* t : app->findChildren<QTranslator*>()) {
        if (before.contains(t)) {
            continue;
        }
        QCoreApplication::removeTranslator(t);
        delete t;
    }
    EXPECT_NE(start, QStringLiteral("&Start"));
    EXPECT_TRUE(start.contains(QStringLiteral("\u5f00\u59cb"))) << start.toStdString();
    EXPECT_EQ(images, QStringLiteral("3 \u5f20\u56fe\u7247"));
    EXPECT_TRUE(bicubic.contains(QStringLiteral("\u53cc\u4e09\u6b21"))) << bicubic.toStdString();
    // English is the source language: nothing to load, the texts stay as written.
    EXPECT_EQ(QCoreApplication::translate("dropsize::ui::MainWindow", "&Start"),
        QStringLiteral("&Start"));
}

} // namespace dropsize::test

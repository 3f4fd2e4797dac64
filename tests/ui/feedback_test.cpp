// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
//
// What the window tells about a batch: its counts before Start (they must be what runs), what
// was not added or left out and why, failures, larger outputs, and opening the output folder.
#include "dropsize/ui/folder_opener.h"
#include "dropsize/ui/input_list_model.h"
#include "dropsize/ui/job_log_model.h"
#include "dropsize/ui/main_window.h"
#include "dropsize/ui/settings_panel.h"
#include "dropsize/ui/settings_store.h"
#include "qt_test_support.h"
#include "support/test_support.h"
#include "window_harness.h"

#include <QApplication>
#include <QClipboard>
#include <QDir>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QStatusBar>
#include <gtest/gtest.h>

#ifndef _WIN32
#include <unistd.h>
#endif

namespace fs = std::filesystem;
using dropsize::ui::BatchController;
using dropsize::ui::BatchResult;
using dropsize::ui::BatchSettings;
using dropsize::ui::FolderOpener;
using dropsize::ui::InputListModel;

namespace dropsize::test {

namespace {

    // A window over a settings file in a temporary folder, whose "Open output folder" records
    // the folders it is asked to open instead of starting a file manager.
    struct Fixture : WindowHarness {
        Fixture()
        {
            window.setFolderOpener(FolderOpener(
                [this](const QString& folder) {
                    opened.append(folder);
                    return launcherWorks;
                },
                [this] { return defaultHandler; }));
        }

        InputListModel& inputs() { return *window.inputs(); }

        // The total the window shows once counting is done.
        qint64 countedTotal()
        {
            EXPECT_TRUE(waitUntil([&] { return inputs().totalImages() >= 0; }));
            return inputs().totalImages();
        }

        QString cell(int row) const
        {
            return window.inputs()
                ->data(window.inputs()->index(row, InputListModel::ImagesColumn))
                .toString();
        }
        QString tip(int row) const
        {
            return window.inputs()
                ->data(window.inputs()->index(row, InputListModel::ImagesColumn), Qt::ToolTipRole)
                .toString();
        }

        QString label(const char* name) const
        {
            auto* found = window.findChild<QLabel*>(QString::fromLatin1(name));
            return found != nullptr && !found->isHidden() ? found->text() : QString();
        }

        void setSettings(const std::function<void(BatchSettings&)>& change)
        {
            BatchSettings s = window.settingsPanel()->settings();
            change(s);
            window.settingsPanel()->setSettings(s);
        }

        struct Run {
            qint64 planned = -1; ///< the jobs BatchController planned
            BatchResult result;
            bool done = false;
        };

        // Start, as the button does, and wait for the end.
        Run run()
        {
            Run run;
            QObject context;
            QObject::connect(&controller, &BatchController::planned, &context,
                [&](qint64 jobs, const QStringList&) { run.planned = jobs; });
            QObject::connect(
                &controller, &BatchController::finished, &context, [&](const BatchResult& result) {
                    run.result = result;
                    run.done = true;
                });
            window.startBatch();
            EXPECT_TRUE(waitUntil([&] { return run.done && !controller.isBusy(); }));
            return run;
        }

        QStringList opened;
        bool launcherWorks = true;
        QString defaultHandler = QStringLiteral("org.gnome.Nautilus.desktop");
    };

    fs::path makeFolder(const fs::path& parent, const std::string& name, int images)
    {
        fs::path dir = parent / name;
        fs::create_directories(dir);
        for (int i = 0; i < images; ++i) {
            writeTestJpeg(dir / ("img_" + std::to_string(i) + ".jpg"), 96, 64);
        }
        return dir;
    }

    void writeText(const fs::path& path, const std::string& text)
    {
        writeFile(path, std::vector<std::uint8_t>(text.begin(), text.end()));
    }

} // namespace

// 1. The counts are the batch's.

TEST(Counts, AreWhatASecondDefaultRunPlansWithItsOutputsPresent)
{
    Fixture f;
    const fs::path photos = makeFolder(f.dir.path(), "photos", 3);
    f.window.addInputs({ toQString(photos) });
    ASSERT_EQ(f.countedTotal(), 3);
    const Fixture::Run first = f.run();
    EXPECT_EQ(first.planned, 3);
    EXPECT_EQ(first.result.summary.ok, 3u);
    ASSERT_TRUE(fs::exists(photos / "ResizeImage" / "img_0.jpg"));

    // Counted again once the outputs exist: the same three, now to skip.
    ASSERT_EQ(f.countedTotal(), 3);
    EXPECT_EQ(f.inputs().skippedImages(), 3);
    EXPECT_TRUE(f.label("inputTotal").contains(QStringLiteral("3 to skip")))
        << (f.label("inputTotal")).toStdString();
    const Fixture::Run second = f.run();
    EXPECT_EQ(second.planned, 3);
    EXPECT_EQ(second.result.summary.skipped, 3u);
}

TEST(Counts, FollowTheOutputFolderChosenAfterADefaultRun)
{
    Fixture f;
    const fs::path photos = makeFolder(f.dir.path(), "photos", 4);
    f.window.addInputs({ toQString(photos) });
    ASSERT_EQ(f.countedTotal(), 4);
    ASSERT_EQ(f.run().planned, 4);

    const fs::path out = f.dir.path() / "out";
    f.setSettings([&](BatchSettings& s) {
        s.outputLocation = ui::OutputLocation::Folder;
        s.outputFolder = toQString(out);
    });
    EXPECT_EQ(f.inputs().totalImages(), -1) << "a new output folder is counted again";
    const qint64 shown = f.countedTotal();
    EXPECT_EQ(f.inputs().skippedImages(), 0) << "nothing is in the new folder yet";
    const Fixture::Run run = f.run();
    EXPECT_EQ(run.planned, shown);
    EXPECT_EQ(static_cast<qint64>(run.result.summary.total), shown);
}

TEST(Counts, TakeAListedFolderInsideAnotherListedOneOnce)
{
    Fixture f;
    const fs::path outer = makeFolder(f.dir.path(), "outer", 2);
    const fs::path inner = makeFolder(outer, "inner", 3);
    f.window.addInputs({ toQString(outer), toQString(inner) });
    ASSERT_EQ(f.countedTotal(), 5) << "the inner folder's 3 once, not twice";
    EXPECT_EQ(f.cell(0), QStringLiteral("5 images"));
    EXPECT_EQ(f.cell(1), QStringLiteral("counted in outer"));
    EXPECT_FALSE(f.tip(1).isEmpty()) << "the planner's reason";
    EXPECT_EQ(f.run().planned, 5);

    // Without the outer folder the inner one is counted in its own row.
    f.inputs().removeRow(0);
    ASSERT_EQ(f.countedTotal(), 3);
    EXPECT_EQ(f.cell(0), QStringLiteral("3 images"));
}

TEST(Counts, TakeAFileInsideAListedFolderOnce)
{
    Fixture f;
    const fs::path photos = makeFolder(f.dir.path(), "photos", 2);
    f.window.addInputs({ toQString(photos / "img_1.jpg"), toQString(photos) });
    ASSERT_EQ(f.countedTotal(), 2);
    EXPECT_EQ(f.cell(0), QStringLiteral("counted in photos"));
    EXPECT_EQ(f.cell(1), QStringLiteral("2 images"));
    EXPECT_EQ(f.run().planned, 2);
}

TEST(Counts, FollowTheSubFolderSetting)
{
    Fixture f;
    const fs::path photos = makeFolder(f.dir.path(), "photos", 1);
    makeFolder(photos, "more", 2);
    f.window.addInputs({ toQString(photos) });
    ASSERT_EQ(f.countedTotal(), 3);
    f.setSettings([](BatchSettings& s) { s.recursive = false; });
    ASSERT_EQ(f.countedTotal(), 1);
    EXPECT_EQ(f.run().planned, 1);
}

// 7. What was not added, left out or failed, and outputs larger than their originals.

TEST(Feedback, WhatWasNotAddedStaysUnderTheListUntilDismissed)
{
    Fixture f;
    const fs::path photos = makeFolder(f.dir.path(), "photos", 1);
    const fs::path missing = f.dir.path() / "gone";
    f.window.addInputs({ toQString(missing), toQString(photos) });
    EXPECT_EQ(f.inputs().paths().size(), 1);
    const QString status = f.window.statusBar()->currentMessage();
    EXPECT_TRUE(status.contains(QStringLiteral("Added 1 input"))) << (status).toStdString();
    EXPECT_TRUE(status.contains(QStringLiteral("1 not added"))) << (status).toStdString();
    const QString notAdded = f.label("notAdded");
    EXPECT_TRUE(notAdded.contains(QStringLiteral("gone"))) << (notAdded).toStdString();
    EXPECT_TRUE(notAdded.contains(QStringLiteral("not found"))) << (notAdded).toStdString();

    // Adding more keeps it; the link dismisses it.
    f.window.addInputs({ toQString(photos) }); // already listed
    EXPECT_TRUE(f.label("notAdded").contains(QStringLiteral("gone")));
    EXPECT_TRUE(f.label("notAdded").contains(QStringLiteral("already in the list")));
    auto* line = f.window.findChild<QLabel*>(QStringLiteral("notAdded"));
    ASSERT_NE(line, nullptr);
    emit line->linkActivated(QStringLiteral("#dismiss"));
    EXPECT_TRUE(line->isHidden());
}

TEST(Feedback, AListedTextFileSaysItIsNoImage)
{
    Fixture f;
    const fs::path notes = f.dir.path() / "notes.txt";
    writeText(notes, "milk, bread\n");
    f.window.addInputs({ toQString(notes) });
    ASSERT_EQ(f.countedTotal(), 0);
    EXPECT_TRUE(f.cell(0).contains(QStringLiteral("it looks like text")))
        << (f.cell(0)).toStdString();
    EXPECT_FALSE(f.window.startButton()->isEnabled());
}

TEST(Feedback, AFolderRowNamesTheOtherFilesItHolds)
{
    Fixture f;
    const fs::path photos = makeFolder(f.dir.path(), "photos", 2);
    writeText(photos / "notes.txt", "text");
    writeText(photos / "list.csv", "a,b");
    writeText(photos / "broken.jpg", "not a jpeg"); // an image by name: a failure, not ignored
    f.window.addInputs({ toQString(photos) });
    ASSERT_EQ(f.countedTotal(), 3);
    EXPECT_EQ(f.inputs().failingImages(), 1);
    EXPECT_EQ(f.cell(0), QStringLiteral("3 images, 2 other files"));
    EXPECT_TRUE(f.tip(0).contains(QStringLiteral("notes.txt"))) << (f.tip(0)).toStdString();
    EXPECT_TRUE(f.tip(0).contains(QStringLiteral("list.csv"))) << (f.tip(0)).toStdString();
    EXPECT_TRUE(f.label("inputTotal").contains(QStringLiteral("1 that cannot be read")))
        << (f.label("inputTotal")).toStdString();
}

TEST(Feedback, AnInputDeletedBeforeStartFailsWithItsReasonInTheLogAndTheSummary)
{
    Fixture f;
    const fs::path kept = makeFolder(f.dir.path(), "kept", 2);
    const fs::path gone = makeFolder(f.dir.path(), "gone", 1);
    f.window.addInputs({ toQString(kept), toQString(gone) });
    ASSERT_EQ(f.countedTotal(), 3);
    fs::remove_all(gone);

    const Fixture::Run run = f.run();
    EXPECT_EQ(run.result.summary.failed, 1u);
    EXPECT_EQ(run.result.summary.ok, 2u);
    bool logged = false;
    for (int row = 0; row < f.window.log()->rowCount(); ++row) {
        const ui::JobLogEntry& e = f.window.log()->entry(row);
        if (e.status == JobStatus::Failed && e.input.contains(QStringLiteral("gone"))) {
            logged = !e.message.isEmpty();
        }
    }
    EXPECT_TRUE(logged) << "a failed row for the vanished folder, with its reason";
    const QString summary = f.label("summary");
    EXPECT_TRUE(summary.contains(QStringLiteral("1 failed"))) << (summary).toStdString();
    EXPECT_TRUE(summary.contains(QStringLiteral("gone"))) << (summary).toStdString();
}

TEST(Feedback, AnImageDeletedAfterPlanningFailsWithItsReason)
{
    // Paused from the start, so the image can vanish between the plan and its job.
    Fixture f;
    const fs::path photos = makeFolder(f.dir.path(), "photos", 2);
    f.window.addInputs({ toQString(photos) });
    ASSERT_EQ(f.countedTotal(), 2);
    bool planned = false;
    bool done = false;
    BatchResult result;
    QObject context;
    QObject::connect(&f.controller, &BatchController::planned, &context,
        [&](qint64, const QStringList&) { planned = true; });
    QObject::connect(
        &f.controller, &BatchController::finished, &context, [&](const BatchResult& r) {
            result = r;
            done = true;
        });
    f.window.startBatch();
    f.controller.pause();
    ASSERT_TRUE(waitUntil([&] { return planned || done; }));
    ASSERT_FALSE(done);
    fs::remove(photos / "img_1.jpg");
    f.controller.resume();
    ASSERT_TRUE(waitUntil([&] { return done && !f.controller.isBusy(); }));
    EXPECT_EQ(result.summary.ok, 1u);
    EXPECT_EQ(result.summary.failed, 1u);
    ASSERT_EQ(f.window.log()->failureCount(), 1);
    EXPECT_TRUE(f.label("summary").contains(QStringLiteral("1 failed")))
        << f.label("summary").toStdString();
}

TEST(Feedback, OutputsLargerThanTheirOriginalsAreNotedAndCounted)
{
    Fixture f;
    // A noisy JPEG kept at full size as PNG: lossless noise takes more bytes.
    const fs::path photos = makeFolder(f.dir.path(), "photos", 2);
    f.setSettings([](BatchSettings& s) {
        s.spec.mode = SizeMode::Percent;
        s.spec.percent = 100;
        s.format = OutputFormat::Png;
    });
    f.window.addInputs({ toQString(photos) });
    ASSERT_EQ(f.countedTotal(), 2);
    const Fixture::Run run = f.run();
    ASSERT_EQ(run.result.summary.ok, 2u);
    ASSERT_GT(run.result.summary.outputBytes, run.result.summary.inputBytes);
    EXPECT_EQ(run.result.largerOutputs, 2);
    const QString note
        = f.window.log()->data(f.window.log()->index(0, ui::JobLogModel::NoteColumn)).toString();
    EXPECT_TRUE(note.contains(QStringLiteral("larger than the original"))) << (note).toStdString();
    EXPECT_TRUE(
        f.label("summary").contains(QStringLiteral("2 outputs are larger than their originals")))
        << (f.label("summary")).toStdString();
}

TEST(Feedback, OutputsSmallerThanTheirOriginalsAreNotFlagged)
{
    Fixture f;
    const fs::path photos = makeFolder(f.dir.path(), "photos", 1);
    f.setSettings([](BatchSettings& s) {
        s.spec.mode = SizeMode::Percent;
        s.spec.percent = 25;
    });
    f.window.addInputs({ toQString(photos) });
    ASSERT_EQ(f.countedTotal(), 1);
    const Fixture::Run run = f.run();
    ASSERT_EQ(run.result.summary.ok, 1u);
    ASSERT_LT(run.result.summary.outputBytes, run.result.summary.inputBytes);
    EXPECT_EQ(run.result.largerOutputs, 0);
    EXPECT_FALSE(f.label("summary").contains(QStringLiteral("larger")));
}

TEST(Feedback, OutputsStretchedToAnExactSizeAreNotedAndCounted)
{
    Fixture f;
    const fs::path photos = makeFolder(f.dir.path(), "photos", 2); // 96x64: 3:2
    f.setSettings([](BatchSettings& s) {
        s.spec.mode = SizeMode::Exact;
        s.spec.width = 48;
        s.spec.height = 48;
    });
    f.window.addInputs({ toQString(photos) });
    ASSERT_EQ(f.countedTotal(), 2);
    Fixture::Run run = f.run();
    ASSERT_EQ(run.result.summary.ok, 2u);
    EXPECT_EQ(run.result.stretchedOutputs, 2);
    const auto note = [&] {
        return f.window.log()
            ->data(f.window.log()->index(0, ui::JobLogModel::NoteColumn))
            .toString();
    };
    EXPECT_TRUE(note().contains(QStringLiteral("stretched"))) << note().toStdString();
    EXPECT_TRUE(f.label("summary").contains(QStringLiteral("2 outputs stretched")))
        << f.label("summary").toStdString();

    // The same aspect at an exact size stretches nothing.
    f.setSettings([](BatchSettings& s) {
        s.spec.width = 48;
        s.spec.height = 32;
        s.onExisting = ExistingPolicy::Overwrite;
    });
    ASSERT_EQ(f.countedTotal(), 2);
    run = f.run();
    ASSERT_EQ(run.result.summary.ok, 2u);
    EXPECT_EQ(run.result.stretchedOutputs, 0);
    EXPECT_FALSE(note().contains(QStringLiteral("stretched"))) << note().toStdString();
}

// 6. Open output folder.

TEST(FolderOpener, FindsTheDeepestFolderThatHoldsThemAll)
{
    EXPECT_EQ(FolderOpener::commonRoot(
                  { QStringLiteral("/p/a/ResizeImage"), QStringLiteral("/p/b/ResizeImage") }),
        QStringLiteral("/p"));
    EXPECT_EQ(FolderOpener::commonRoot({ QStringLiteral("/p/out"), QStringLiteral("/p/out/sub") }),
        QStringLiteral("/p/out"));
    EXPECT_EQ(FolderOpener::commonRoot({ QStringLiteral("/p/out") }), QStringLiteral("/p/out"));
    // A name that begins like another is not inside it.
    EXPECT_EQ(FolderOpener::commonRoot({ QStringLiteral("/p/ab"), QStringLiteral("/p/abc") }),
        QStringLiteral("/p"));
    // Only the top of a drive holds them: none worth opening.
    EXPECT_EQ(FolderOpener::commonRoot({ QStringLiteral("/a"), QStringLiteral("/b") }), QString());
    EXPECT_EQ(
        FolderOpener::commonRoot({ QStringLiteral("C:/a"), QStringLiteral("D:/a") }), QString());
    EXPECT_EQ(FolderOpener::commonRoot({}), QString());
}

TEST(FolderOpener, NeverHandsAFolderToDropsizeItself)
{
    QStringList launched;
    const auto launcher = [&](const QString& folder) {
        launched.append(folder);
        return true;
    };
    const QString folder = QStringLiteral("/p/out");
    EXPECT_EQ(FolderOpener(launcher, [] { return FolderOpener::ownDesktopFileId(); }).open(folder),
        FolderOpener::Outcome::NoFileManager);
    EXPECT_EQ(FolderOpener(launcher, [] { return QString(); }).open(folder),
        FolderOpener::Outcome::NoFileManager)
        << "no default handler (or no xdg-mime): xdg-open would open nothing or anything";
    EXPECT_TRUE(launched.isEmpty());

    EXPECT_EQ(FolderOpener(launcher, [] { return QStringLiteral("org.gnome.Nautilus.desktop"); })
                  .open(folder),
        FolderOpener::Outcome::Opened);
    EXPECT_EQ(FolderOpener(launcher, {}).open(folder), FolderOpener::Outcome::Opened)
        << "no handler to check (Windows, macOS)";
    EXPECT_EQ(launched, QStringList({ folder, folder }));
    EXPECT_EQ(FolderOpener([](const QString&) { return false; }, {}).open(folder),
        FolderOpener::Outcome::Failed);
    EXPECT_TRUE(FolderOpener::ownDesktopFileId().endsWith(QStringLiteral(".desktop")));
}

TEST(Feedback, OpenOutputFolderOpensTheFolderAboveEveryOutputFolder)
{
    Fixture f;
    const fs::path a = makeFolder(f.dir.path() / "shoot", "day1", 1);
    const fs::path b = makeFolder(f.dir.path() / "shoot", "day2", 1);
    f.window.addInputs({ toQString(a), toQString(b) });
    ASSERT_EQ(f.countedTotal(), 2);
    ASSERT_EQ(f.run().result.summary.ok, 2u);
    QPushButton* open = f.window.openOutputButton();
    ASSERT_FALSE(open->isHidden());
    EXPECT_EQ(open->menu(), nullptr);
    open->click();
    EXPECT_EQ(f.opened, QStringList({ toQString(f.dir.path() / "shoot") }));

    // A re-run that skips everything: the outputs are there, worth opening.
    ASSERT_EQ(f.countedTotal(), 2);
    const Fixture::Run again = f.run();
    ASSERT_EQ(again.result.summary.skipped, 2u);
    EXPECT_FALSE(open->isHidden());
}

TEST(Feedback, OpenOutputFolderSaysWhereTheOutputsAreWhenNothingOpensThem)
{
    Fixture f;
    f.defaultHandler = FolderOpener::ownDesktopFileId();
    const fs::path photos = makeFolder(f.dir.path(), "photos", 1);
    f.window.addInputs({ toQString(photos) });
    ASSERT_EQ(f.countedTotal(), 1);
    ASSERT_EQ(f.run().result.summary.ok, 1u);
    f.window.openOutputButton()->click();
    EXPECT_TRUE(f.opened.isEmpty()) << "Dropsize is the folder handler: not asked";

    auto* box = f.window.findChild<QMessageBox*>(QStringLiteral("folderNotOpened"));
    ASSERT_NE(box, nullptr);
    const QString path = QDir::toNativeSeparators(toQString(photos / "ResizeImage"));
    EXPECT_TRUE(box->text().contains(path)) << (box->text()).toStdString();
    QPushButton* copy = nullptr;
    for (QAbstractButton* button : box->buttons()) {
        if (button->text().contains(QStringLiteral("Copy"))) {
            copy = qobject_cast<QPushButton*>(button);
        }
    }
    ASSERT_NE(copy, nullptr);
    copy->click();
    EXPECT_EQ(QApplication::clipboard()->text(), path);
    box->close();

    // The launcher tried and failed: said the same way.
    f.defaultHandler = QStringLiteral("org.gnome.Nautilus.desktop");
    f.launcherWorks = false;
    f.window.openOutputButton()->click();
    EXPECT_EQ(f.opened.size(), 1);
    ASSERT_TRUE(waitUntil([&] {
        auto* again = f.window.findChild<QMessageBox*>(QStringLiteral("folderNotOpened"));
        return again != nullptr && again->isVisible();
    }));
}

#ifndef _WIN32
TEST(Feedback, OutputFoldersWithNoFolderAboveThemAllAreOfferedInAMenu)
{
    // Inputs that only the top of the file system holds both of, as two drives would be.
    const fs::path shm = "/dev/shm";
    std::error_code error;
    if (!fs::is_directory(shm, error) || access(shm.c_str(), W_OK) != 0) {
        GTEST_SKIP() << "needs a writable /dev/shm beside the temporary folder";
    }
    Fixture f;
    const fs::path other = shm / ("dropsize-test-" + std::to_string(getpid()));
    struct Cleanup {
        fs::path path;
        ~Cleanup()
        {
            std::error_code ignored;
            fs::remove_all(path, ignored);
        }
    } cleanup { other };
    const fs::path here = makeFolder(f.dir.path(), "here", 1);
    const fs::path there = makeFolder(other, "there", 1);
    if (!FolderOpener::commonRoot({ toQString(here), toQString(there) }).isEmpty()) {
        GTEST_SKIP() << "the temporary folder is under /dev/shm";
    }
    f.window.addInputs({ toQString(here), toQString(there) });
    ASSERT_EQ(f.countedTotal(), 2);
    ASSERT_EQ(f.run().result.summary.ok, 2u);
    QPushButton* open = f.window.openOutputButton();
    ASSERT_FALSE(open->isHidden());
    QMenu* menu = open->menu();
    ASSERT_NE(menu, nullptr);
    ASSERT_EQ(menu->actions().size(), 2);
    menu->actions().at(1)->trigger();
    EXPECT_EQ(f.opened, QStringList({ toQString(there / "ResizeImage") }));
}

#endif

} // namespace dropsize::test

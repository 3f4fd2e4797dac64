// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/ui/batch_controller.h"
#include "dropsize/ui/job_log_model.h"
#include "dropsize/ui/main_window.h"
#include "dropsize/ui/settings_store.h"
#include "file_launcher.h"
#include "qt_test_support.h"
#include "support/test_support.h"
#include "window_harness.h"

#include <QApplication>
#include <QCheckBox>
#include <QDir>
#include <QGuiApplication>
#include <QHeaderView>
#include <QMouseEvent>
#include <QPushButton>
#include <QSettings>
#include <QStatusBar>
#include <QTableView>
#include <gtest/gtest.h>
#include <memory>

namespace fs = std::filesystem;
using dropsize::ui::Desktop;
using dropsize::ui::FileLauncher;
using dropsize::ui::JobLogEntry;
using dropsize::ui::JobLogModel;
using Outcome = FileLauncher::Outcome;
using Platform = FileLauncher::Platform;

namespace dropsize::test {

namespace {

    // What the launcher asked of the desktop, kept after the desktop itself is gone.
    struct DesktopCalls {
        QStringList queried; ///< MIME types asked about
        QList<QUrl> opened;
        QList<QUrl> shown; ///< ShowItems
        QStringList started; ///< "program argument..."
    };

    class FakeDesktop final : public Desktop {
    public:
        explicit FakeDesktop(std::shared_ptr<DesktopCalls> calls)
            : m_calls(std::move(calls))
        {
        }

        QString defaultApplication(const QString& mimeType) override
        {
            m_calls->queried.append(mimeType);
            return handlers.value(mimeType);
        }
        bool openUrl(const QUrl& url) override
        {
            m_calls->opened.append(url);
            return canOpen;
        }
        bool showItems(const QUrl& file) override
        {
            m_calls->shown.append(file);
            return hasFileManager;
        }
        bool startDetached(const QString& program, const QStringList& arguments) override
        {
            m_calls->started.append((QStringList { program } + arguments).join(QLatin1Char(' ')));
            return true;
        }

        QHash<QString, QString> handlers; ///< MIME type -> desktop id
        bool canOpen = true;
        bool hasFileManager = true;

    private:
        std::shared_ptr<DesktopCalls> m_calls;
    };

    struct LauncherFixture {
        LauncherFixture()
        {
            auto fake = std::make_unique<FakeDesktop>(calls);
            desktop = fake.get();
            launcher = std::make_unique<FileLauncher>(std::move(fake), Platform::Linux);
            image = dir.path() / "photo.jpg";
            writeTestJpeg(image, 32, 24);
        }

        QUrl imageUrl() const { return QUrl::fromLocalFile(toQString(image)); }

        TempDir dir;
        fs::path image;
        std::shared_ptr<DesktopCalls> calls = std::make_shared<DesktopCalls>();
        FakeDesktop* desktop = nullptr;
        std::unique_ptr<FileLauncher> launcher;
    };

    const QString kDropsizeId = QString::fromLatin1(FileLauncher::kDesktopId);

} // namespace

TEST(FileLauncher, OpensAFileWithTheDefaultApplicationForItsType)
{
    LauncherFixture f;
    f.desktop->handlers.insert(
        QStringLiteral("image/jpeg"), QStringLiteral("org.gnome.eog.desktop"));
    EXPECT_EQ(f.launcher->open(toQString(f.image)), Outcome::Opened);
    EXPECT_EQ(f.calls->queried, QStringList { QStringLiteral("image/jpeg") });
    ASSERT_EQ(f.calls->opened.size(), 1);
    EXPECT_EQ(f.calls->opened.front(), f.imageUrl());
}

// The desktop entry registers Dropsize for the image types and folders: where it is the default,
// opening would start a second Dropsize with the file as an input.
TEST(FileLauncher, NeverOpensAFileOrFolderWithDropsizeItself)
{
    LauncherFixture f;
    f.desktop->handlers.insert(QStringLiteral("image/jpeg"), kDropsizeId);
    f.desktop->handlers.insert(QStringLiteral("inode/directory"), kDropsizeId);
    f.desktop->hasFileManager = false;
    EXPECT_EQ(f.launcher->open(toQString(f.image)), Outcome::OnlyDropsize);
    EXPECT_EQ(f.launcher->showInFolder(toQString(f.image)), Outcome::NoFileManager);
    EXPECT_TRUE(f.calls->opened.isEmpty());
    // No default folder handler at all: xdg-open would pick any application listed for
    // folders, Dropsize among them.
    f.desktop->handlers.remove(QStringLiteral("inode/directory"));
    EXPECT_EQ(f.launcher->showInFolder(toQString(f.image)), Outcome::NoFileManager);
    EXPECT_TRUE(f.calls->opened.isEmpty());

    // Started under another desktop id (a renamed package): that one is Dropsize too.
    const QString before = QGuiApplication::desktopFileName();
    QGuiApplication::setDesktopFileName(QStringLiteral("org.example.Dropsize"));
    f.desktop->handlers.insert(
        QStringLiteral("image/jpeg"), QStringLiteral("org.example.Dropsize.desktop"));
    EXPECT_EQ(f.launcher->open(toQString(f.image)), Outcome::OnlyDropsize);
    QGuiApplication::setDesktopFileName(before);
    EXPECT_TRUE(f.calls->opened.isEmpty());
}

TEST(FileLauncher, ShowsTheFileSelectedByTheFileManagerOnLinux)
{
    LauncherFixture f;
    EXPECT_EQ(f.launcher->showInFolder(toQString(f.image)), Outcome::Opened);
    ASSERT_EQ(f.calls->shown.size(), 1);
    EXPECT_EQ(f.calls->shown.front(), f.imageUrl());
    EXPECT_TRUE(f.calls->opened.isEmpty()) << "the folder is not opened a second time";
}

TEST(FileLauncher, OpensTheFolderWhereNoFileManagerAnswers)
{
    LauncherFixture f;
    f.desktop->hasFileManager = false;
    f.desktop->handlers.insert(
        QStringLiteral("inode/directory"), QStringLiteral("org.gnome.Nautilus.desktop"));
    EXPECT_EQ(f.launcher->showInFolder(toQString(f.image)), Outcome::Opened);
    ASSERT_EQ(f.calls->opened.size(), 1);
    EXPECT_EQ(f.calls->opened.front(), QUrl::fromLocalFile(toQString(f.dir.path())));

    f.desktop->canOpen = false;
    EXPECT_EQ(f.launcher->showInFolder(toQString(f.image)), Outcome::Failed);
}

TEST(FileLauncher, SelectsTheFileWithExplorerOnWindows)
{
    LauncherFixture f;
    FileLauncher windows(std::make_unique<FakeDesktop>(f.calls), Platform::Windows);
    EXPECT_EQ(windows.showInFolder(toQString(f.image)), Outcome::Opened);
    ASSERT_EQ(f.calls->started.size(), 1);
    EXPECT_EQ(f.calls->started.front(),
        QStringLiteral("explorer.exe /select,\"%1\"")
            .arg(QDir::toNativeSeparators(toQString(f.image))));
    // Windows says nothing of its default applications: no xdg-mime there.
    EXPECT_EQ(windows.open(toQString(f.image)), Outcome::Opened);
    EXPECT_TRUE(f.calls->queried.isEmpty());
}

TEST(FileLauncher, SaysWhenTheFileIsGone)
{
    LauncherFixture f;
    const QString gone = toQString(f.dir.path() / "gone" / "a.jpg");
    EXPECT_EQ(f.launcher->open(gone), Outcome::Missing);
    EXPECT_EQ(f.launcher->showInFolder(gone), Outcome::Missing);
    EXPECT_TRUE(f.calls->opened.isEmpty());
    EXPECT_TRUE(f.calls->shown.isEmpty());
    // A deleted output in a folder still there: the folder opens.
    f.desktop->handlers.insert(
        QStringLiteral("inode/directory"), QStringLiteral("org.gnome.Nautilus.desktop"));
    EXPECT_EQ(f.launcher->showInFolder(toQString(f.dir.path() / "deleted.jpg")), Outcome::Opened);
    EXPECT_EQ(f.calls->opened, QList<QUrl> { QUrl::fromLocalFile(toQString(f.dir.path())) });
}

namespace {

    // A window whose log holds three rows over real files: a done one, a failed one and a
    // skipped one; its launcher talks to a fake desktop.
    struct LogFixture : WindowHarness {
        LogFixture()
        {
            auto fake = std::make_unique<FakeDesktop>(calls);
            fake->handlers.insert(
                QStringLiteral("image/jpeg"), QStringLiteral("org.gnome.eog.desktop"));
            desktop = fake.get();
            window.fileLauncher() = FileLauncher(std::move(fake), Platform::Linux);
            const fs::path photos = dir.path() / "photos";
            fs::create_directories(photos / "ResizeImage");
            for (const char* name : { "a.jpg", "ResizeImage/a.jpg", "b.jpg", "c.jpg" }) {
                writeTestJpeg(photos / name, 16, 16);
            }
            JobLogEntry done;
            done.status = JobStatus::Ok;
            done.input = toQString(photos / "a.jpg");
            done.output = toQString(photos / "ResizeImage" / "a.jpg");
            done.inputBytes = 300;
            JobLogEntry failed;
            failed.status = JobStatus::Failed;
            failed.input = toQString(photos / "b.jpg");
            failed.message = QStringLiteral("broken");
            failed.inputBytes = 100;
            JobLogEntry skipped;
            skipped.status = JobStatus::Skipped;
            skipped.input = toQString(photos / "c.jpg");
            skipped.output = toQString(photos / "ResizeImage" / "c.jpg"); // another run's name
            skipped.inputBytes = 200;
            window.log()->append({ done, failed, skipped });
            window.resize(1100, 700);
            window.show();
            view = window.logView();
        }

        QUrl url(const char* relative) const
        {
            return QUrl::fromLocalFile(toQString(dir.path() / "photos" / relative));
        }

        // A double-click on a row as the mouse makes it: press, release, double-click.
        void doubleClick(int row)
        {
            const QPoint at = view->visualRect(view->model()->index(row, 1)).center();
            QWidget* viewport = view->viewport();
            for (QEvent::Type type : { QEvent::MouseButtonPress, QEvent::MouseButtonRelease,
                     QEvent::MouseButtonDblClick, QEvent::MouseButtonRelease }) {
                QMouseEvent event(type, QPointF(at), viewport->mapToGlobal(QPointF(at)),
                    Qt::LeftButton,
                    type == QEvent::MouseButtonRelease ? Qt::NoButton : Qt::LeftButton,
                    Qt::NoModifier);
                QApplication::sendEvent(viewport, &event);
            }
        }

        static QStringList names(const char* spaced)
        {
            return QString::fromLatin1(spaced).split(QLatin1Char(' '));
        }

        QPushButton* showInFolderButton() const
        {
            for (QPushButton* button : window.findChildren<QPushButton*>()) {
                if (button->text().remove(QLatin1Char('&')) == QStringLiteral("Show in folder")) {
                    return button;
                }
            }
            return nullptr;
        }

        std::shared_ptr<DesktopCalls> calls = std::make_shared<DesktopCalls>();
        FakeDesktop* desktop = nullptr;
        QTableView* view = nullptr;
    };

} // namespace

// The log's own behaviour is LogPane's (log_pane_test.cpp); these check it through the window:
// its messages reach the status bar, and the filter and the sort work together there.
TEST(MainWindowLog, DoubleClickNeverOpensDropsizeItself)
{
    LogFixture f;
    f.desktop->handlers.insert(
        QStringLiteral("image/jpeg"), QString::fromLatin1(FileLauncher::kDesktopId));
    f.doubleClick(0);
    EXPECT_TRUE(f.calls->opened.isEmpty());
    EXPECT_TRUE(f.window.statusBar()->currentMessage().contains(QStringLiteral("Dropsize itself")))
        << f.window.statusBar()->currentMessage().toStdString();
}

TEST(MainWindowLog, HeaderClicksSortTheRowsAndTheFailureFilterStillApplies)
{
    LogFixture f;
    QHeaderView* header = f.view->horizontalHeader();
    const auto names = &LogFixture::names;
    const auto inputs = [&f] {
        QStringList shown;
        for (int row = 0; row < f.view->model()->rowCount(); ++row) {
            // The File column starts with the input.
            shown.append(f.view->model()
                             ->index(row, JobLogModel::FileColumn)
                             .data()
                             .toString()
                             .section(QLatin1Char(' '), 0, 0)
                             .section(QLatin1Char(':'), 0, 0)
                             .section(QDir::separator(), -1));
        }
        return shown;
    };
    EXPECT_EQ(inputs(), names("a.jpg b.jpg c.jpg")) << "unsorted at first";
    const auto clickSection = [header](int section) {
        const QPoint at(header->sectionViewportPosition(section) + header->sectionSize(section) / 2,
            header->height() / 2);
        for (QEvent::Type type : { QEvent::MouseButtonPress, QEvent::MouseButtonRelease }) {
            QMouseEvent event(type, QPointF(at), header->viewport()->mapToGlobal(QPointF(at)),
                Qt::LeftButton, type == QEvent::MouseButtonPress ? Qt::LeftButton : Qt::NoButton,
                Qt::NoModifier);
            QApplication::sendEvent(header->viewport(), &event);
        }
    };
    clickSection(JobLogModel::BytesColumn);
    EXPECT_EQ(inputs(), names("a.jpg c.jpg b.jpg")) << "largest first";
    clickSection(JobLogModel::BytesColumn);
    EXPECT_EQ(inputs(), names("b.jpg c.jpg a.jpg"));
    clickSection(JobLogModel::StatusColumn);
    EXPECT_EQ(inputs().front(), QStringLiteral("b.jpg")) << "failures first";

    QCheckBox* onlyFailures = nullptr;
    for (QCheckBox* box : f.window.findChildren<QCheckBox*>()) {
        if (box->text().remove(QLatin1Char('&')) == QStringLiteral("Show only failures")) {
            onlyFailures = box;
        }
    }
    ASSERT_NE(onlyFailures, nullptr);
    onlyFailures->setChecked(true);
    EXPECT_EQ(inputs(), names("b.jpg"));
    onlyFailures->setChecked(false);

    // A third click on the same header returns to the order the files finished in.
    clickSection(JobLogModel::StatusColumn);
    clickSection(JobLogModel::StatusColumn);
    EXPECT_EQ(inputs(), names("a.jpg b.jpg c.jpg"));
}

} // namespace dropsize::test

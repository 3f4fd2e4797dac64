// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/ui/job_log_model.h"
#include "dropsize/ui/log_pane.h"
#include "file_launcher.h"
#include "qt_test_support.h"
#include "support/test_support.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QDir>
#include <QHeaderView>
#include <QKeyEvent>
#include <QMouseEvent>
#include <QProxyStyle>
#include <QPushButton>
#include <QScrollBar>
#include <QSortFilterProxyModel>
#include <QStyleOptionViewItem>
#include <QTableView>
#include <QTextBrowser>
#include <gtest/gtest.h>
#include <memory>

namespace fs = std::filesystem;
using dropsize::ui::Desktop;
using dropsize::ui::FileLauncher;
using dropsize::ui::JobLogEntry;
using dropsize::ui::JobLogModel;
using dropsize::ui::LogPane;

namespace dropsize::test {

namespace {

    // What the pane's launcher asked of the desktop.
    struct DesktopCalls {
        QList<QUrl> opened;
        QList<QUrl> shown; ///< ShowItems
    };

    class FakeDesktop final : public Desktop {
    public:
        explicit FakeDesktop(std::shared_ptr<DesktopCalls> calls)
            : m_calls(std::move(calls))
        {
        }

        QString defaultApplication(const QString&) override { return handler; }
        bool openUrl(const QUrl& url) override
        {
            m_calls->opened.append(url);
            return true;
        }
        bool showItems(const QUrl& file) override
        {
            m_calls->shown.append(file);
            return true;
        }
        bool startDetached(const QString&, const QStringList&) override { return true; }

        QString handler = QStringLiteral("org.gnome.eog.desktop");

    private:
        std::shared_ptr<DesktopCalls> m_calls;
    };

    // A pane over three rows of real files: a done one, a failed one and a skipped one, at the
    // size the window gives its log tab on the smallest screen.
    struct PaneFixture {
        PaneFixture()
            : launcher(makeDesktop(), FileLauncher::Platform::Linux)
            , pane(&log, launcher)
        {
            const fs::path photos = dir.path() / "photos";
            fs::create_directories(photos / "ResizeImage");
            for (const char* name : { "a.jpg", "ResizeImage/a.jpg", "b.jpg", "c.jpg" }) {
                writeTestJpeg(photos / name, 16, 16);
            }
            JobLogEntry done;
            done.status = JobStatus::Ok;
            done.input = toQString(photos / "a.jpg");
            done.output = toQString(photos / "ResizeImage" / "a.jpg");
            done.inputSize = { 6000, 4000 };
            done.outputSize = { 3000, 2000 };
            done.inputBytes = 3'300'000;
            done.outputBytes = 410'000;
            done.device = QStringLiteral("cpu");
            done.seconds = 0.25;
            JobLogEntry failed;
            failed.status = JobStatus::Failed;
            failed.input = toQString(photos / "b.jpg");
            failed.message = QStringLiteral("CRC error in the IDAT chunk: the file is damaged");
            failed.inputBytes = 100;
            JobLogEntry skipped;
            skipped.status = JobStatus::Skipped;
            skipped.input = toQString(photos / "c.jpg");
            skipped.output = toQString(photos / "ResizeImage" / "c.jpg"); // another run's name
            skipped.message = QStringLiteral("the output exists");
            skipped.inputBytes = 200;
            log.setInputRoots({ toQString(photos) });
            log.append({ done, failed, skipped });
            QObject::connect(&pane, &LogPane::message, &pane,
                [this](const QString& text, int) { messages.append(text); });
            pane.resize(650, 450);
            pane.show();
        }

        std::unique_ptr<Desktop> makeDesktop()
        {
            auto fake = std::make_unique<FakeDesktop>(calls);
            desktop = fake.get();
            return fake;
        }

        QUrl url(const char* relative) const
        {
            return QUrl::fromLocalFile(toQString(dir.path() / "photos" / relative));
        }

        QTableView* view() const { return pane.view(); }

        QString cell(int row, int column) const
        {
            return view()->model()->index(row, column).data().toString();
        }

        // The input's name of every row shown, in the view's order.
        QStringList names() const
        {
            QStringList shown;
            for (int row = 0; row < view()->model()->rowCount(); ++row) {
                shown.append(cell(row, JobLogModel::FileColumn).section(QDir::separator(), -1));
            }
            return shown;
        }

        // A double-click on a row as the mouse makes it: press, release, double-click.
        void doubleClick(int row)
        {
            const QPoint at = view()->visualRect(view()->model()->index(row, 1)).center();
            QWidget* viewport = view()->viewport();
            for (QEvent::Type type : { QEvent::MouseButtonPress, QEvent::MouseButtonRelease,
                     QEvent::MouseButtonDblClick, QEvent::MouseButtonRelease }) {
                QMouseEvent event(type, QPointF(at), viewport->mapToGlobal(QPointF(at)),
                    Qt::LeftButton,
                    type == QEvent::MouseButtonRelease ? Qt::NoButton : Qt::LeftButton,
                    Qt::NoModifier);
                QApplication::sendEvent(viewport, &event);
            }
        }

        void clickSection(int section)
        {
            QHeaderView* header = view()->horizontalHeader();
            const QPoint at(
                header->sectionViewportPosition(section) + header->sectionSize(section) / 2,
                header->height() / 2);
            for (QEvent::Type type : { QEvent::MouseButtonPress, QEvent::MouseButtonRelease }) {
                QMouseEvent event(type, QPointF(at), header->viewport()->mapToGlobal(QPointF(at)),
                    Qt::LeftButton,
                    type == QEvent::MouseButtonPress ? Qt::LeftButton : Qt::NoButton,
                    Qt::NoModifier);
                QApplication::sendEvent(header->viewport(), &event);
            }
        }

        static QStringList split(const char* spaced)
        {
            return QString::fromLatin1(spaced).split(QLatin1Char(' '));
        }

        TempDir dir;
        std::shared_ptr<DesktopCalls> calls = std::make_shared<DesktopCalls>();
        FakeDesktop* desktop = nullptr;
        JobLogModel log;
        FileLauncher launcher;
        LogPane pane;
        QStringList messages;
    };

    // Records the cells the view's delegates hand the style to draw.
    class RecordingStyle : public QProxyStyle {
    public:
        void drawControl(ControlElement element, const QStyleOption* option, QPainter* painter,
            const QWidget* widget) const override
        {
            if (element == CE_ItemViewItem) {
                if (const auto* item = qstyleoption_cast<const QStyleOptionViewItem*>(option)) {
                    items.append(*item);
                }
            }
            QProxyStyle::drawControl(element, option, painter, widget);
        }

        mutable QList<QStyleOptionViewItem> items;
    };

} // namespace

// A failure's reason sat at the end of the File column, elided in the middle with the path
// ("work1/badcrc…T: CRC error"): it has a column of its own, and the details under the table
// show the selected row whole.
TEST(LogPane, ShowsTheReasonInItsOwnColumnAndTheSelectedRowInFullBelow)
{
    PaneFixture f;
    EXPECT_EQ(f.cell(1, JobLogModel::FileColumn),
        QDir::toNativeSeparators(QStringLiteral("photos/b.jpg")))
        << "the file alone, relative to the folder above its listed input";
    EXPECT_EQ(f.cell(1, JobLogModel::ReasonColumn),
        QStringLiteral("CRC error in the IDAT chunk: the file is damaged"));
    EXPECT_EQ(f.cell(2, JobLogModel::ReasonColumn), QStringLiteral("the output exists"));
    EXPECT_EQ(f.cell(0, JobLogModel::PixelsColumn),
        QStringLiteral("6000\u00d74000 \u2192 3000\u00d72000"));
    EXPECT_EQ(f.cell(0, JobLogModel::BytesColumn),
        QStringLiteral("%1 \u2192 %2")
            .arg(JobLogModel::formatBytes(3'300'000), JobLogModel::formatBytes(410'000)));

    // Nothing selected: a hint, in the palette's text, not a greyed-out box.
    const QString hint = f.pane.detailsText();
    EXPECT_FALSE(hint.isEmpty());
    EXPECT_FALSE(hint.contains(QStringLiteral("b.jpg")));
    EXPECT_TRUE(f.pane.details()->isEnabled());
    EXPECT_TRUE(f.pane.details()->isReadOnly());

    f.view()->selectRow(1);
    const QString failed = f.pane.detailsText();
    EXPECT_TRUE(
        failed.contains(QDir::toNativeSeparators(toQString(f.dir.path() / "photos" / "b.jpg"))))
        << failed.toStdString();
    EXPECT_TRUE(failed.contains(QStringLiteral("CRC error in the IDAT chunk: the file is damaged")))
        << failed.toStdString();
    EXPECT_TRUE(failed.contains(QStringLiteral("failed"))) << failed.toStdString();

    f.view()->selectRow(0);
    const QString done = f.pane.detailsText();
    for (const QString& part : {
             QDir::toNativeSeparators(toQString(f.dir.path() / "photos" / "a.jpg")),
             QDir::toNativeSeparators(toQString(f.dir.path() / "photos" / "ResizeImage" / "a.jpg")),
             QStringLiteral("6000\u00d74000 \u2192 3000\u00d72000"),
             f.cell(0, JobLogModel::BytesColumn),
             QStringLiteral("CPU"), // the device as a name, in capitals
             QStringLiteral("250 ms"),
         }) {
        EXPECT_TRUE(done.contains(part)) << part.toStdString() << " not in " << done.toStdString();
    }
    EXPECT_FALSE(done.contains(QStringLiteral("CRC"))) << "the previous row's reason is gone";

    f.view()->clearSelection();
    EXPECT_EQ(f.pane.detailsText(), hint);
}

// Elided at its end, a long path lost the file name, the part that tells rows apart.
TEST(LogPane, TheFileColumnDropsItsFoldersFirst)
{
    PaneFixture f;
    JobLogEntry deep;
    deep.status = JobStatus::Failed;
    deep.input = toQString(f.dir.path() / "photos" / "a rather long folder name" / "another one"
        / "and a third" / "IMG_0042.jpg");
    deep.message = QStringLiteral("broken");
    f.log.append({ deep });
    auto* style = new RecordingStyle;
    style->setParent(&f.pane);
    f.view()->setStyle(style);
    f.view()->setColumnWidth(JobLogModel::FileColumn, 120);
    style->items.clear();
    f.view()->grab();

    bool seen = false;
    for (const QStyleOptionViewItem& item : style->items) {
        if (item.index.row() != 3) {
            continue;
        }
        const QString shown
            = item.fontMetrics.elidedText(item.text, item.textElideMode, item.rect.width() - 8);
        if (item.index.column() == JobLogModel::FileColumn) {
            seen = true;
            EXPECT_EQ(item.textElideMode, Qt::ElideLeft);
            EXPECT_NE(shown, item.text) << "the path is longer than the column";
            EXPECT_TRUE(shown.endsWith(QStringLiteral("IMG_0042.jpg"))) << shown.toStdString();
        } else if (item.index.column() == JobLogModel::ReasonColumn) {
            EXPECT_EQ(item.textElideMode, Qt::ElideRight) << "a reason reads from its start";
        }
    }
    EXPECT_TRUE(seen) << "the row was not painted";
}

// The Device column was as wide as "gpu": its header showed "Devi".
TEST(LogPane, EveryHeaderFitsItsSectionWithTheSortArrow)
{
    PaneFixture f;
    QHeaderView* header = f.view()->horizontalHeader();
    const QFontMetrics metrics = header->fontMetrics();
    const int margin = header->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, header);
    // Sorted by each column in turn: the arrow takes room beside the text.
    for (int column = 0; column < JobLogModel::ColumnCount; ++column) {
        f.view()->sortByColumn(column, Qt::AscendingOrder);
        const QString text = f.log.headerData(column, Qt::Horizontal).toString();
        EXPECT_GE(header->sectionSize(column), header->sectionSizeHint(column))
            << text.toStdString();
        EXPECT_GE(header->sectionSize(column), metrics.horizontalAdvance(text) + 2 * margin)
            << text.toStdString();
    }
    // The typical values fit too.
    const auto fits = [&](int column, const QString& value) {
        return f.view()->fontMetrics().horizontalAdvance(value) < header->sectionSize(column);
    };
    EXPECT_TRUE(fits(JobLogModel::PixelsColumn, f.cell(0, JobLogModel::PixelsColumn)));
    EXPECT_TRUE(fits(JobLogModel::BytesColumn, f.cell(0, JobLogModel::BytesColumn)));
    EXPECT_TRUE(fits(JobLogModel::StatusColumn, f.log.statusText(JobStatus::Cancelled)));

    // The reason takes the width the others leave, down to its header's; below that the table
    // scrolls sideways.
    const auto sum = [header] {
        int width = 0;
        for (int column = 0; column < header->count(); ++column) {
            width += header->sectionSize(column);
        }
        return width;
    };
    f.pane.resize(1100, 450);
    spinEventLoop(10);
    EXPECT_EQ(sum(), f.view()->viewport()->width());
    EXPECT_GT(header->sectionSize(JobLogModel::ReasonColumn),
        header->sectionSizeHint(JobLogModel::ReasonColumn) + 100);
    header->resizeSection(
        JobLogModel::FileColumn, header->sectionSize(JobLogModel::FileColumn) + 50);
    EXPECT_EQ(sum(), f.view()->viewport()->width()) << "a wider file column narrows the reason";
}

// The window gives the log a tab of about 650x450 at its smallest: the pane fits it and shows
// many rows there.
TEST(LogPane, IsSmallAtItsLeastAndShowsManyRows)
{
    PaneFixture f;
    const QSize least = f.pane.minimumSizeHint();
    EXPECT_LE(least.width(), 420);
    EXPECT_LE(least.height(), 220);
    QList<JobLogEntry> more;
    for (int i = 0; i < 40; ++i) {
        JobLogEntry e;
        e.status = JobStatus::Ok;
        e.input = QStringLiteral("/p/img_%1.jpg").arg(i);
        more.append(e);
    }
    f.log.append(more);
    spinEventLoop(10);
    const int rowHeight = f.view()->rowHeight(0);
    EXPECT_LE(rowHeight, f.view()->fontMetrics().height() + 6);
    const int visible = f.view()->viewport()->height() / rowHeight;
    EXPECT_GE(visible, 12) << "at 650x450";
}

TEST(LogPane, ShowsOnlyTheFailuresOnDemand)
{
    PaneFixture f;
    QCheckBox* box = f.pane.onlyFailuresBox();
    EXPECT_EQ(box->text(), QStringLiteral("Show onl&y failures"));
    EXPECT_FALSE(f.pane.isShowingOnlyFailures());
    f.pane.showOnlyFailures(true);
    EXPECT_TRUE(box->isChecked());
    EXPECT_EQ(f.names(), PaneFixture::split("b.jpg"));
    EXPECT_EQ(f.pane.shownText().count(QLatin1Char('\n')), 1);
    box->setChecked(false);
    EXPECT_FALSE(f.pane.isShowingOnlyFailures());
    EXPECT_EQ(f.names(), PaneFixture::split("a.jpg b.jpg c.jpg"));
}

// The copy takes the rows shown, in their order, with their paths in full.
TEST(LogPane, CopiesTheRowsShownInTheirOrder)
{
    PaneFixture f;
    QApplication::clipboard()->clear();
    f.clickSection(JobLogModel::BytesColumn); // largest first: a, c, b
    f.pane.copyButton()->click();
    const QString copied = QApplication::clipboard()->text();
    const QStringList lines = copied.split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    ASSERT_EQ(lines.size(), 3) << copied.toStdString();
    const QString photos = QDir::toNativeSeparators(toQString(f.dir.path() / "photos"));
    EXPECT_EQ(lines[0].section(QLatin1Char('\t'), 1, 1),
        photos + QDir::separator() + QStringLiteral("a.jpg"));
    EXPECT_EQ(lines[0].section(QLatin1Char('\t'), 2, 2),
        photos + QDir::separator() + QStringLiteral("ResizeImage") + QDir::separator()
            + QStringLiteral("a.jpg"));
    EXPECT_TRUE(lines[1].contains(QStringLiteral("c.jpg")));
    EXPECT_TRUE(lines[2].contains(QStringLiteral("b.jpg")));
    EXPECT_EQ(lines[2].section(QLatin1Char('\t'), 3, 3),
        QStringLiteral("CRC error in the IDAT chunk: the file is damaged"));
    ASSERT_FALSE(f.messages.isEmpty());
    EXPECT_TRUE(f.messages.back().contains(QStringLiteral("copied")));

    f.pane.showOnlyFailures(true);
    f.pane.copyButton()->click();
    EXPECT_EQ(QApplication::clipboard()->text().count(QLatin1Char('\n')), 1);

    // Ctrl+C in the table: the selected rows whole, not the current cell.
    f.pane.showOnlyFailures(false);
    f.view()->selectRow(0);
    f.view()->setFocus();
    QKeyEvent press(QEvent::KeyPress, Qt::Key_C, Qt::ControlModifier, QStringLiteral("c"));
    QKeyEvent shortcut(
        QEvent::ShortcutOverride, Qt::Key_C, Qt::ControlModifier, QStringLiteral("c"));
    // As a key reaches the view: the override first (claimed, so that no shortcut of the window
    // takes it), then the press.
    QApplication::sendEvent(f.view(), &shortcut);
    EXPECT_TRUE(shortcut.isAccepted());
    QApplication::sendEvent(f.view(), &press);
    spinEventLoop(10);
    EXPECT_EQ(QApplication::clipboard()->text(), f.log.rowText(0) + QLatin1Char('\n'));
}

TEST(LogPane, TellsTheCurrentRowsInput)
{
    PaneFixture f;
    QStringList inputs;
    QObject::connect(&f.pane, &LogPane::currentInputChanged, &f.pane,
        [&inputs](const QString& input) { inputs.append(input); });
    f.view()->selectRow(1);
    ASSERT_EQ(inputs.size(), 1);
    EXPECT_EQ(inputs.back(), toQString(f.dir.path() / "photos" / "b.jpg"));
    f.clickSection(JobLogModel::BytesColumn); // a, c, b: the current row moves with its file
    f.view()->selectRow(0);
    ASSERT_FALSE(inputs.isEmpty());
    EXPECT_EQ(inputs.back(), toQString(f.dir.path() / "photos" / "a.jpg"));
}

TEST(LogPane, DoubleClickOpensTheOutputOfADoneRowAndTheInputOfOthers)
{
    PaneFixture f;
    f.doubleClick(0);
    ASSERT_EQ(f.calls->opened.size(), 1);
    EXPECT_EQ(f.calls->opened.back(), f.url("ResizeImage/a.jpg"));
    f.doubleClick(1);
    ASSERT_EQ(f.calls->opened.size(), 2);
    EXPECT_EQ(f.calls->opened.back(), f.url("b.jpg")) << "a failed row has no output";
    f.doubleClick(2);
    ASSERT_EQ(f.calls->opened.size(), 3);
    EXPECT_EQ(f.calls->opened.back(), f.url("c.jpg")) << "a skipped row's output is not its own";
}

TEST(LogPane, SaysWhyAFileWasNotOpened)
{
    PaneFixture f;
    f.desktop->handler = QString::fromLatin1(FileLauncher::kDesktopId);
    f.doubleClick(0);
    EXPECT_TRUE(f.calls->opened.isEmpty());
    ASSERT_EQ(f.messages.size(), 1);
    EXPECT_TRUE(f.messages.back().contains(QStringLiteral("Dropsize itself")))
        << f.messages.back().toStdString();
}

TEST(LogPane, ShowInFolderSelectsTheSelectedRowsFile)
{
    PaneFixture f;
    QPushButton* button = f.pane.showInFolderButton();
    EXPECT_FALSE(button->isEnabled()) << "nothing selected yet";
    f.view()->selectRow(0);
    ASSERT_TRUE(button->isEnabled());
    button->click();
    ASSERT_EQ(f.calls->shown.size(), 1);
    EXPECT_EQ(f.calls->shown.back(), f.url("ResizeImage/a.jpg"));
    f.view()->selectRow(1);
    button->click();
    ASSERT_EQ(f.calls->shown.size(), 2);
    EXPECT_EQ(f.calls->shown.back(), f.url("b.jpg"));
    EXPECT_TRUE(f.calls->opened.isEmpty());
    f.log.clear();
    EXPECT_FALSE(button->isEnabled()) << "the rows are gone";
}

TEST(LogPane, HeaderClicksSortAndAThirdReturnsToTheOrderTheyFinished)
{
    PaneFixture f;
    const auto split = &PaneFixture::split;
    EXPECT_EQ(f.names(), split("a.jpg b.jpg c.jpg")) << "unsorted at first";
    f.clickSection(JobLogModel::BytesColumn);
    EXPECT_EQ(f.names(), split("a.jpg c.jpg b.jpg")) << "largest first";
    f.clickSection(JobLogModel::BytesColumn);
    EXPECT_EQ(f.names(), split("b.jpg c.jpg a.jpg"));
    f.clickSection(JobLogModel::StatusColumn);
    EXPECT_EQ(f.names().front(), QStringLiteral("b.jpg")) << "failures first";
    f.pane.showOnlyFailures(true);
    EXPECT_EQ(f.names(), split("b.jpg"));
    f.pane.showOnlyFailures(false);
    f.clickSection(JobLogModel::StatusColumn);
    f.clickSection(JobLogModel::StatusColumn);
    EXPECT_EQ(f.names(), split("a.jpg b.jpg c.jpg"));
}

TEST(LogPane, SaysHowManyRowsWereFolded)
{
    PaneFixture f;
    EXPECT_TRUE(f.pane.foldedText().isEmpty());
    f.log.setRowLimit(2);
    JobLogEntry e;
    e.status = JobStatus::Ok;
    e.input = QStringLiteral("/p/x.jpg");
    f.log.append({ e, e, e });
    ASSERT_GT(f.log.foldedCount(), 0);
    EXPECT_TRUE(f.pane.foldedText().contains(QString::number(f.log.foldedCount())))
        << f.pane.foldedText().toStdString();
    f.log.clear();
    EXPECT_TRUE(f.pane.foldedText().isEmpty());
}

// New rows scroll into view while the view is at the bottom; a user who scrolled up stays put.
TEST(LogPane, FollowsNewRowsOnlyFromTheBottom)
{
    PaneFixture f;
    const auto add = [&f](int count) {
        QList<JobLogEntry> rows;
        for (int i = 0; i < count; ++i) {
            JobLogEntry e;
            e.status = JobStatus::Ok;
            e.input = QStringLiteral("/p/img_%1.jpg").arg(i);
            rows.append(e);
        }
        f.log.append(rows);
        spinEventLoop(10);
    };
    QScrollBar* scroll = f.view()->verticalScrollBar();
    add(100);
    ASSERT_GT(scroll->maximum(), 0);
    EXPECT_EQ(scroll->value(), scroll->maximum());
    scroll->setValue(0);
    add(10);
    EXPECT_EQ(scroll->value(), 0);
}

} // namespace dropsize::test

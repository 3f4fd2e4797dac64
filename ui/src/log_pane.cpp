// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/ui/log_pane.h"

#include "dropsize/ui/job_log_model.h"
#include "file_launcher.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QDir>
#include <QEvent>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QKeyEvent>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QScrollBar>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStyledItemDelegate>
#include <QTableView>
#include <QTextBrowser>
#include <QVBoxLayout>
#include <QtMath>
#include <algorithm>
#include <climits>

namespace dropsize::ui {

namespace {

    // A relative path elided at its end hides the file name, the part that tells rows apart:
    // the File column drops the folders first.
    class ElideStartDelegate : public QStyledItemDelegate {
    public:
        using QStyledItemDelegate::QStyledItemDelegate;

    protected:
        void initStyleOption(QStyleOptionViewItem* option, const QModelIndex& index) const override
        {
            QStyledItemDelegate::initStyleOption(option, index);
            option->textElideMode = Qt::ElideLeft;
        }
    };

    // A few lines tall by default, so that the table keeps the height (a scroll area's own hint
    // is 192 pixels); the user can drag the splitter above it for a longer text.
    class DetailsBrowser : public QTextBrowser {
    public:
        using QTextBrowser::QTextBrowser;

        // Paths, reason, note and the numbers: five lines.
        QSize sizeHint() const override { return { QTextBrowser::sizeHint().width(), lines(5) }; }
        QSize minimumSizeHint() const override
        {
            return { QTextBrowser::minimumSizeHint().width(), lines(2) };
        }

    private:
        int lines(int count) const
        {
            return count * fontMetrics().lineSpacing()
                + 2 * (frameWidth() + qCeil(document()->documentMargin()));
        }
    };

} // namespace

LogPane::LogPane(JobLogModel* log, FileLauncher& launcher, QWidget* parent)
    : QWidget(parent)
    , m_log(log)
    , m_launcher(launcher)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    buildView();

    m_details = new DetailsBrowser(this);
    m_details->setObjectName(QStringLiteral("logDetails"));
    m_details->setAccessibleName(tr("Details of the selected row"));
    m_details->setOpenLinks(false);
    // A long path has no spaces to break at.
    m_details->setWordWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);

    auto* split = new QSplitter(Qt::Vertical, this);
    split->setChildrenCollapsible(false);
    split->addWidget(m_view);
    split->addWidget(m_details);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 0);
    layout->addWidget(split, 1);

    auto* bar = new QHBoxLayout;
    m_onlyFailures = new QCheckBox(tr("Show onl&y failures"), this);
    m_copy = new QPushButton(tr("Copy to clip&board"), this);
    m_copy->setToolTip(tr("Copy the rows shown to the clipboard"));
    // No Alt letter: each of its letters already has a control in the window.
    m_showInFolder = new QPushButton(tr("Show in folder"), this);
    m_showInFolder->setToolTip(
        tr("Show the selected row's file in its folder (double-click a row to open it)"));
    m_showInFolder->setEnabled(false);
    m_folded = new QLabel(this);
    // Wrapped rather than as wide as its sentence: a narrow pane keeps its buttons in view.
    m_folded->setWordWrap(true);
    bar->addWidget(m_onlyFailures);
    bar->addWidget(m_folded, 1);
    bar->addWidget(m_showInFolder);
    bar->addWidget(m_copy);
    layout->addLayout(bar);

    connect(m_onlyFailures, &QCheckBox::toggled, this, [this](bool only) {
        m_proxy->setFilterFixedString(only ? QStringLiteral("failed") : QString());
    });
    connect(m_showInFolder, &QPushButton::clicked, this,
        [this] { openFile(rowFile(m_view->currentIndex()), true); });
    connect(m_copy, &QPushButton::clicked, this, [this] {
        QApplication::clipboard()->setText(shownText());
        emit message(tr("Log copied to the clipboard"), 3000);
    });
    connect(m_log, &JobLogModel::foldedCountChanged, this, &LogPane::updateFolded);
    updateFolded(m_log->foldedCount());
    updateDetails();
}

void LogPane::buildView()
{
    m_proxy = new QSortFilterProxyModel(this);
    m_proxy->setSourceModel(m_log);
    m_proxy->setFilterRole(JobLogModel::StatusRole);
    m_proxy->setSortRole(JobLogModel::SortRole);
    m_proxy->setSortCaseSensitivity(Qt::CaseInsensitive);

    m_view = new QTableView(this);
    m_view->setModel(m_proxy);
    m_view->setAccessibleName(tr("Log"));
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setShowGrid(false);
    m_view->setWordWrap(false);
    // The reason reads from its start; the file column drops its folders first instead.
    m_view->setTextElideMode(Qt::ElideRight);
    m_view->setItemDelegateForColumn(JobLogModel::FileColumn, new ElideStartDelegate(m_view));
    // Tab leaves the table for the next control instead of walking its cells (the arrow keys do
    // that).
    m_view->setTabKeyNavigation(false);
    m_view->verticalHeader()->setVisible(false);
    // Rows of one height: nothing is measured per row, however many the log keeps.
    m_view->verticalHeader()->setSectionResizeMode(QHeaderView::Fixed);

    auto* header = m_view->horizontalHeader();
    header->setHighlightSections(false);
    // In the order the files finished until a header is clicked; a third click returns to it.
    header->setSortIndicatorClearable(true);
    header->setSortIndicator(-1, Qt::AscendingOrder);
    m_view->setSortingEnabled(true);
    header->setSectionResizeMode(QHeaderView::Interactive);
    header->setStretchLastSection(false);
    sizeToFont();
    m_view->viewport()->installEventFilter(this);
    m_view->installEventFilter(this);
    // A column widened by the user narrows the reason while it has room to spare.
    connect(header, &QHeaderView::sectionResized, this, [this](int column) {
        if (column != JobLogModel::ReasonColumn) {
            fitReason();
        }
    });

    connectRows();
    addRowMenu();
    // Follow new rows while the view is at the bottom and in the order they came; stay put when
    // the user scrolled up or sorted.
    connect(m_proxy, &QAbstractItemModel::rowsInserted, this, &LogPane::followBottom);
}

void LogPane::connectRows()
{
    // A row's result: opened by a double-click, shown in its folder by the button or the menu.
    connect(m_view, &QAbstractItemView::doubleClicked, this,
        [this](const QModelIndex& index) { openFile(rowFile(index), false); });
    QItemSelectionModel* selection = m_view->selectionModel();
    connect(selection, &QItemSelectionModel::selectionChanged, this, [this] {
        m_showInFolder->setEnabled(m_view->selectionModel()->hasSelection());
        updateDetails();
    });
    connect(selection, &QItemSelectionModel::currentRowChanged, this,
        [this](const QModelIndex& current) {
            updateDetails();
            const QModelIndex row = m_proxy->mapToSource(current);
            if (row.isValid()) {
                emit currentInputChanged(m_log->entry(row.row()).input);
            }
        });
    // A reset clears the selection without a signal.
    connect(m_proxy, &QAbstractItemModel::modelReset, this, [this] {
        m_showInFolder->setEnabled(false);
        updateDetails();
    });
}

void LogPane::addRowMenu()
{
    // The menu's copy of the selected rows; its key is taken in eventFilter() (a shortcut
    // never sees the key the view claims for its own copy).
    auto* copySelected = new QAction(tr("&Copy"), m_view);
    copySelected->setShortcut(QKeySequence::Copy);
    copySelected->setShortcutContext(Qt::WidgetShortcut);
    connect(copySelected, &QAction::triggered, this, [this] { copyRows(selectedSourceRows()); });

    m_view->setContextMenuPolicy(Qt::CustomContextMenu);
    connect(
        m_view, &QWidget::customContextMenuRequested, this, [this, copySelected](const QPoint& at) {
            // The path now: rows may be folded away while the menu is open.
            const QString path = rowFile(m_view->indexAt(at));
            if (path.isEmpty()) {
                return;
            }
            QMenu menu(this);
            menu.addAction(tr("&Open"), this, [this, path] { openFile(path, false); });
            menu.addAction(tr("Show in &folder"), this, [this, path] { openFile(path, true); });
            menu.addAction(copySelected);
            menu.exec(m_view->viewport()->mapToGlobal(at));
        });
}

void LogPane::sizeToFont()
{
    const QFontMetrics metrics = m_view->fontMetrics();
    // Compact rows: a few more lines of the log in the same height.
    const int rowHeight = metrics.height() + 4;
    m_view->verticalHeader()->setMinimumSectionSize(rowHeight);
    m_view->verticalHeader()->setDefaultSectionSize(rowHeight);

    // Each column as wide as its header (its text and the sort arrow, as the style draws them)
    // or the widest of a photo's typical values, whichever is wider; the user can widen any.
    QHeaderView* header = m_view->horizontalHeader();
    // The item's text margins, and a character to spare for a wider digit or a translation.
    const int margin
        = 2 * (m_view->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, m_view) + 1)
        + metrics.averageCharWidth();
    const auto fit = [&metrics, header, margin](int column, const QStringList& samples) {
        int width = header->sectionSizeHint(column);
        for (const QString& sample : samples) {
            width = std::max(width, metrics.horizontalAdvance(sample) + margin);
        }
        return width;
    };
    QStringList statuses;
    for (const JobStatus status :
        { JobStatus::Ok, JobStatus::Skipped, JobStatus::Failed, JobStatus::Cancelled }) {
        statuses.append(m_log->statusText(status));
    }
    const QString arrow = QStringLiteral("%1 \u2192 %2");
    const QString bytes = JobLogModel::formatBytes(88'800'000);
    m_view->setColumnWidth(JobLogModel::StatusColumn, fit(JobLogModel::StatusColumn, statuses));
    // A photo's name with a folder above it; a longer path loses its folders first.
    m_view->setColumnWidth(JobLogModel::FileColumn,
        fit(JobLogModel::FileColumn, { QStringLiteral("2024/IMG_0612_1234.jpg") }));
    m_view->setColumnWidth(JobLogModel::PixelsColumn,
        fit(JobLogModel::PixelsColumn,
            { arrow.arg(QStringLiteral("6000\u00d74000"), QStringLiteral("3000\u00d72000")) }));
    m_view->setColumnWidth(
        JobLogModel::BytesColumn, fit(JobLogModel::BytesColumn, { arrow.arg(bytes, bytes) }));
    m_view->setColumnWidth(JobLogModel::DeviceColumn,
        fit(JobLogModel::DeviceColumn, { QStringLiteral("cpu"), QStringLiteral("gpu") }));
    m_view->setColumnWidth(JobLogModel::TimeColumn,
        fit(JobLogModel::TimeColumn, { QStringLiteral("999 ms"), QStringLiteral("88.88 s") }));
    // The reason takes the rest, and never less than its header and a few words: on a narrow
    // pane the numbers scroll out of view before a failure's reason does.
    m_reasonLeast
        = fit(JobLogModel::ReasonColumn, { QStringLiteral("not a JPEG file: truncated") });
    fitReason();
}

// The reason column as a stretched one, but never narrower than m_reasonLeast: a stretched
// section that the others leave no room squeezes to the header's least size, below its title.
// A narrow pane scrolls sideways to the numbers instead; the details show them for the row.
void LogPane::fitReason()
{
    QHeaderView* header = m_view->horizontalHeader();
    int others = 0;
    for (int column = 0; column < header->count(); ++column) {
        if (column != JobLogModel::ReasonColumn) {
            others += header->sectionSize(column);
        }
    }
    header->resizeSection(
        JobLogModel::ReasonColumn, std::max(m_reasonLeast, m_view->viewport()->width() - others));
}

bool LogPane::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_view->viewport() && event->type() == QEvent::Resize) {
        fitReason();
    } else if (watched == m_view
        && (event->type() == QEvent::ShortcutOverride || event->type() == QEvent::KeyPress)
        && static_cast<QKeyEvent*>(event)->matches(QKeySequence::Copy)) {
        // The view's own Ctrl+C copies the current cell alone: the selected rows whole instead.
        // Claimed at the override too, so that no shortcut of the window takes the key first.
        event->accept();
        if (event->type() == QEvent::KeyPress) {
            copyRows(selectedSourceRows());
        }
        return true;
    }
    return QWidget::eventFilter(watched, event);
}

void LogPane::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (m_view != nullptr
        && (event->type() == QEvent::FontChange || event->type() == QEvent::StyleChange)) {
        sizeToFont();
        updateDetails();
    }
}

void LogPane::showOnlyFailures(bool only) { m_onlyFailures->setChecked(only); }

bool LogPane::isShowingOnlyFailures() const { return m_onlyFailures->isChecked(); }

QString LogPane::rowFile(const QModelIndex& index) const
{
    const QModelIndex source = m_proxy->mapToSource(index);
    if (!source.isValid()) {
        return {};
    }
    const JobLogEntry& e = m_log->entry(source.row());
    // A failed or skipped row has no output of its own (a skipped one's is another run's).
    return e.status == JobStatus::Ok && !e.output.isEmpty() ? e.output : e.input;
}

QString LogPane::shownText() const
{
    QString text;
    for (int row = 0; row < m_proxy->rowCount(); ++row) {
        text += m_log->rowText(m_proxy->mapToSource(m_proxy->index(row, 0)).row());
        text += QLatin1Char('\n');
    }
    return text;
}

QList<int> LogPane::selectedSourceRows() const
{
    QModelIndexList rows = m_view->selectionModel()->selectedRows();
    std::sort(rows.begin(), rows.end(),
        [](const QModelIndex& a, const QModelIndex& b) { return a.row() < b.row(); });
    QList<int> source;
    for (const QModelIndex& row : rows) {
        source.append(m_proxy->mapToSource(row).row());
    }
    return source;
}

void LogPane::copyRows(const QList<int>& sourceRows)
{
    if (sourceRows.isEmpty()) {
        return;
    }
    QString text;
    for (const int row : sourceRows) {
        text += m_log->rowText(row);
        text += QLatin1Char('\n');
    }
    QApplication::clipboard()->setText(text);
    emit message(
        tr("%n row(s) copied to the clipboard", nullptr, static_cast<int>(sourceRows.size())),
        3000);
}

QString LogPane::detailsText() const { return m_details->toPlainText(); }

QString LogPane::foldedText() const { return m_folded->text(); }

void LogPane::updateFolded(qint64 folded)
{
    m_folded->setText(folded == 0
            ? QString()
            : tr("%n earlier row(s) folded (failures are always kept)", nullptr,
                static_cast<int>(std::min<qint64>(folded, INT_MAX))));
}

// Everything of the selected row, whole and selectable: the table elides its paths and reason.
void LogPane::updateDetails()
{
    const QModelIndex current = m_view->currentIndex();
    const bool selected
        = current.isValid() && m_view->selectionModel()->isRowSelected(current.row(), {});
    const QModelIndex source = selected ? m_proxy->mapToSource(current) : QModelIndex();
    if (!source.isValid()) {
        m_details->setPlainText(tr("Select a row to read its paths and its reason in full."));
        return;
    }
    const JobLogEntry& e = m_log->entry(source.row());
    const auto field = [](const QString& label, const QString& text) {
        return QStringLiteral("<b>%1</b> %2").arg(label.toHtmlEscaped(), text.toHtmlEscaped());
    };
    QStringList lines;
    const auto line = [&lines, &field](const QString& label, const QString& text) {
        if (!text.isEmpty()) {
            lines.append(field(label, text));
        }
    };
    line(tr("File:"), QDir::toNativeSeparators(e.input));
    line(tr("Output:"), QDir::toNativeSeparators(e.output));
    line(tr("Reason:"), e.message);
    line(tr("Note:"), m_log->noteText(e));
    QStringList facts { field(tr("Status:"), m_log->statusText(e.status)) };
    const auto fact = [&facts, &field](const QString& label, const QString& text) {
        if (!text.isEmpty()) {
            facts.append(field(label, text));
        }
    };
    fact(tr("Pixels:"), m_log->pixelsText(e));
    fact(tr("Bytes:"), m_log->bytesText(e));
    fact(tr("Device:"), e.device.toUpper());
    fact(tr("Time:"), m_log->timeText(e));
    lines.append(facts.join(QStringLiteral(" &nbsp;\u00b7&nbsp; ")));
    m_details->setHtml(lines.join(QStringLiteral("<br>")));
}

void LogPane::openFile(const QString& path, bool inFolder)
{
    if (path.isEmpty()) {
        return;
    }
    const QString shown = QDir::toNativeSeparators(path);
    QString problem;
    switch (inFolder ? m_launcher.showInFolder(path) : m_launcher.open(path)) {
    case FileLauncher::Outcome::Opened:
        return;
    case FileLauncher::Outcome::OnlyDropsize:
        problem = tr("%1 was not opened: Dropsize itself is the default application "
                     "for this type. Choose another one in the system settings.")
                      .arg(shown);
        break;
    case FileLauncher::Outcome::NoFileManager:
        problem = tr("The folder of %1 was not opened: no file manager is set up to open folders "
                     "here.")
                      .arg(shown);
        break;
    case FileLauncher::Outcome::Missing:
        problem = tr("%1 is not there any more.").arg(shown);
        break;
    case FileLauncher::Outcome::Failed:
        problem = inFolder ? tr("Could not show %1: no file manager answered.").arg(shown)
                           : tr("Could not open %1: no application opens it.").arg(shown);
        break;
    }
    emit message(problem, 10000);
}

void LogPane::followBottom()
{
    QScrollBar* scroll = m_view->verticalScrollBar();
    if (m_proxy->sortColumn() < 0
        && scroll->value()
            >= scroll->maximum() - 2 * m_view->verticalHeader()->defaultSectionSize()) {
        m_view->scrollToBottom();
    }
}

} // namespace dropsize::ui

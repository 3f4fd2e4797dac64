// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include <QList>
#include <QModelIndex>
#include <QString>
#include <QWidget>

class QCheckBox;
class QLabel;
class QPushButton;
class QSortFilterProxyModel;
class QTableView;
class QTextBrowser;

namespace dropsize::ui {

class FileLauncher;
class JobLogModel;

/// The live log of a batch: a table of the finished files over a JobLogModel (sortable, a third
/// click on a header returns to the order they finished in, filtered to the failures on
/// demand), the full text of the selected row under it, and the row's file opened or shown in
/// its folder. It follows new rows while the view is at the bottom.
///
/// It shows and opens; the window owns the model and the launcher, puts message() in its status
/// bar and feeds its preview from currentInputChanged().
class LogPane : public QWidget {
    Q_OBJECT
public:
    /// `log` and `launcher` must outlive the pane.
    LogPane(JobLogModel* log, FileLauncher& launcher, QWidget* parent = nullptr);

    QTableView* view() const noexcept { return m_view; }
    /// The view's model: `log` filtered and sorted.
    QSortFilterProxyModel* proxy() const noexcept { return m_proxy; }
    JobLogModel* log() const noexcept { return m_log; }

    /// Shows only the failed rows, or every row (the check box follows).
    void showOnlyFailures(bool only);
    bool isShowingOnlyFailures() const;

    /// The file a row of the view opens: the output written, else the input; empty for none.
    QString rowFile(const QModelIndex& index) const;
    /// The rows shown, in the view's order, as JobLogModel::rowText() writes them.
    QString shownText() const;

    // For tests: the controls and what they show.
    QCheckBox* onlyFailuresBox() const noexcept { return m_onlyFailures; }
    QPushButton* copyButton() const noexcept { return m_copy; }
    QPushButton* showInFolderButton() const noexcept { return m_showInFolder; }
    /// The details of the selected row as plain text (a hint when none is selected).
    QString detailsText() const;
    QTextBrowser* details() const noexcept { return m_details; }
    /// "3 earlier rows folded (…)"; empty when none were.
    QString foldedText() const;

signals:
    /// A passing message for the window's status bar (a copy made, a file that did not open).
    void message(const QString& text, int timeoutMs);
    /// The view's current row changed to a row of this input (not sent when no row is current).
    void currentInputChanged(const QString& inputPath);

protected:
    void changeEvent(QEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void buildView();
    /// What a row's selection, current row and double-click do (the details, the preview, open).
    void connectRows();
    /// The view's context menu: open, show in folder, copy (whose key eventFilter() takes).
    void addRowMenu();
    /// Row height and column widths from the font, so that headers and typical values fit.
    void sizeToFont();
    /// Widens the reason column to the view's free width (see log_pane.cpp).
    void fitReason();
    void updateDetails();
    void updateFolded(qint64 folded);
    /// The source rows of the selection, in the view's order.
    QList<int> selectedSourceRows() const;
    void copyRows(const QList<int>& sourceRows);
    void openFile(const QString& path, bool inFolder);
    void followBottom();

    JobLogModel* m_log = nullptr;
    FileLauncher& m_launcher;
    QSortFilterProxyModel* m_proxy = nullptr;
    QTableView* m_view = nullptr;
    QTextBrowser* m_details = nullptr;
    QCheckBox* m_onlyFailures = nullptr;
    QLabel* m_folded = nullptr;
    QPushButton* m_copy = nullptr;
    QPushButton* m_showInFolder = nullptr;
    int m_reasonLeast = 0; ///< the reason column's least width, from the font
};

} // namespace dropsize::ui

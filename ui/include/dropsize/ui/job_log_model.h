// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/core/batch_observer.h"

#include <QAbstractTableModel>
#include <QList>
#include <QSet>
#include <QSize>
#include <QString>
#include <deque>

namespace dropsize::ui {

/// One finished file, as the log shows it (made from a core JobReport on a worker thread).
struct JobLogEntry {
    JobStatus status = JobStatus::Failed;
    QString input;
    QString output;
    QString message; ///< the reason it failed or was skipped
    QSize inputSize;
    QSize outputSize;
    qint64 inputBytes = 0;
    qint64 outputBytes = 0;
    QString device;
    double seconds = 0;
    QString note; ///< why its size was kept or only cropped, the input copied, a CMYK conversion
    QString warning; ///< what went wrong without costing the output (its date not kept, say)
    int quality = 0; ///< the quality a largest file size chose; 0 when none was sought
    QString sizeLabel; ///< the size it was made for ("2048"), in a batch of several sizes
    bool stretched = false; ///< made at an exact size of another aspect than the image's

    /// Written, and larger than the file it was made from (a PNG made from a JPEG, say).
    bool isLargerThanInput() const noexcept
    {
        return status == JobStatus::Ok && inputBytes > 0 && outputBytes > inputBytes;
    }

    static JobLogEntry fromReport(const JobReport& report);
    /// One entry per output: the job's own with one size, one per size (each with its label)
    /// with several.
    static QList<JobLogEntry> entriesFromReport(const JobReport& report);
};

/// The live log: one row per finished file, newest last. Its memory is bounded: past rowLimit()
/// rows, the oldest rows that are not failures are dropped and counted in one number
/// (foldedCount()). Failures are always kept.
class JobLogModel : public QAbstractTableModel {
    Q_OBJECT
public:
    /// The reason sits beside the file so that a failure reads on one line; the numbers follow
    /// (empty on most failed rows).
    enum Column {
        StatusColumn,
        FileColumn, ///< the input, relative to the folder above its listed input
        ReasonColumn, ///< why it failed or was skipped, then the note and the warning
        PixelsColumn,
        BytesColumn,
        DeviceColumn,
        TimeColumn,
        ColumnCount,
        /// The reason column's former name: it held the note alone before the reason moved out
        /// of the file column.
        NoteColumn = ReasonColumn
    };
    /// data(index, StatusRole) is the status name ("ok", "skipped", "failed", "cancelled"), for
    /// filtering.
    static constexpr int StatusRole = Qt::UserRole + 1;
    /// What a column sorts by: numbers for the sizes, bytes and time (the input's, which the
    /// row shows first), the status by severity (done, skipped, cancelled, failed), the text
    /// for the others.
    static constexpr int SortRole = Qt::UserRole + 2;

    explicit JobLogModel(QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(
        int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;

    void append(const QList<JobLogEntry>& entries);
    void clear();

    /// The batch's inputs (files and folders, as listed). Every row shows its input relative to
    /// the folder that holds the input's listed folder, the outermost where listed folders nest
    /// ("holiday/2024/a.jpg"). Without them an input's own folder stands for its listed one.
    void setInputRoots(const QStringList& roots);

    int rowLimit() const noexcept { return m_rowLimit; }
    /// At least 1; applies from the next append().
    void setRowLimit(int limit);

    /// Rows folded away so far (never failures).
    qint64 foldedCount() const noexcept { return m_folded; }
    qint64 failureCount() const noexcept { return m_failures; }
    const JobLogEntry& entry(int row) const { return m_rows[static_cast<std::size_t>(row)]; }

    /// The rows as tab-separated text, one line each (all rows, or only the failures).
    QString toText(bool onlyFailures) const;
    /// One row as toText() writes it, without the line end: status, input, output (both in
    /// full), reason, pixels, bytes, device, time.
    QString rowText(int row) const;

    // The texts of a row's cells, for the log's details of the selected row.
    QString statusText(JobStatus status) const;
    /// "4000×3000 → 2000×1500", with the size label of a batch of several sizes.
    QString pixelsText(const JobLogEntry& e) const;
    /// "3.3 MB → 410 kB".
    QString bytesText(const JobLogEntry& e) const;
    /// The quality chosen, the engine's note, a stretch, a larger output and the warning.
    QString noteText(const JobLogEntry& e) const;
    /// The failure or skip reason, then noteText().
    QString reasonText(const JobLogEntry& e) const;
    /// "250 ms", "2.50 s"; empty for a row that was not done.
    QString timeText(const JobLogEntry& e) const;

    /// "12.3 MB", "512 KB"; shared with the window's summary.
    static QString formatBytes(qint64 bytes);

signals:
    void foldedCountChanged(qint64 folded);

private:
    void foldOldRows();
    /// The input relative to the folder above its listed input (the File column).
    QString fileText(const JobLogEntry& e) const;
    /// The folder, ending in '/', that rows show `input` relative to.
    QString shownBase(const QString& input) const;
    static QVariant sortValue(const JobLogEntry& e, int column);

    std::deque<JobLogEntry> m_rows;
    QSet<QString> m_roots; ///< setInputRoots(), without a trailing '/' (case-folded on Windows)
    int m_rowLimit = 5000;
    qint64 m_kept = 0; ///< rows that are not failures
    qint64 m_failures = 0;
    qint64 m_folded = 0;
};

} // namespace dropsize::ui

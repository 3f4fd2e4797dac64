// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/core/cancel_token.h"
#include "dropsize/ui/batch_settings.h"

#include <QAbstractTableModel>
#include <QString>
#include <QStringList>
#include <QThreadPool>
#include <QTimer>
#include <memory>
#include <vector>

namespace dropsize::ui {

/// The folders and files a batch will read, each with how many images it holds. The counts come
/// from one plan of every input with the current settings (where outputs go, sub-folders, ...),
/// made by the engine's planner on a thread of this model's own pool, the same plan the batch
/// will make: the total is the number of files the batch will take, and each file is counted
/// once, in the row whose walk takes it. A change of the list or of those settings plans again
/// after a short pause, and stops the plan under way.
class InputListModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { PathColumn, ImagesColumn, ColumnCount };

    explicit InputListModel(QObject* parent = nullptr);
    ~InputListModel() override;

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role = Qt::DisplayRole) const override;
    QVariant headerData(
        int section, Qt::Orientation orientation, int role = Qt::DisplayRole) const override;
    bool removeRows(int row, int count, const QModelIndex& parent = {}) override;

    /// Adds existing files and folders not already listed; returns how many were added. Each
    /// path that is not taken is reported through rejected().
    int addPaths(const QStringList& paths);
    void clear();
    QStringList paths() const;

    /// The settings the batch will run with; a change of what the plan depends on counts again.
    void setSettings(const BatchSettings& settings);
    /// Whether sub-folders count (the batch's own setting); changing it counts again.
    void setRecursive(bool recursive);
    /// Counts again with the same inputs and settings: what is on disk changed (a batch wrote
    /// outputs, so a second run would skip them).
    void recount();

    /// The files the batch will take (to resize, to skip or that will fail): the planner's
    /// jobs for every input; -1 while counting.
    qint64 totalImages() const;
    /// Of totalImages(), those whose outputs exist or cannot be written, and those that will
    /// fail (unreadable, vanished); 0 while counting.
    qint64 skippedImages() const noexcept { return m_skipped; }
    qint64 failingImages() const noexcept { return m_failing; }
    /// Why the batch could not start with these inputs and settings (an output folder that
    /// cannot be used, say), in the window's language; empty when it can.
    QString planError() const { return m_planError; }
    /// "135 images: 68 to resize, 67 to skip", or "counting…"; empty with no inputs.
    QString totalText() const;

    /// What a count found (made on the counting thread).
    struct Count;

signals:
    void rejected(const QString& path, const QString& reason);
    /// A count arrived (or the list changed): totalImages() may have changed.
    void countsChanged();

private:
    struct Entry {
        QString path; ///< absolute, clean, '/' separators
        bool isFolder = false;
        qint64 images = -1; ///< the jobs this row's walk takes; -1 while counting
        qint64 otherFiles = 0; ///< files left out inside it (not images, ...)
        QStringList leftOut; ///< "name: reason" of what was left out inside it
        QString reason; ///< why the row itself gives no image (not an image, vanished, ...)
        bool fails = false; ///< the row itself is a job that will fail
        QString takenBy; ///< the listed folder whose walk takes this row's files
    };
    void countLater();
    void count();
    void onCounted(quint64 generation, const std::shared_ptr<const Count>& result);
    void markCounting();

    std::vector<Entry> m_entries;
    BatchSettings m_settings;
    quint64 m_generation = 0; ///< of the count being waited for
    std::shared_ptr<CancelToken> m_cancel; ///< stops the count under way
    QTimer m_delay; ///< gathers changes in quick succession into one count
    bool m_counting = false;
    qint64 m_total = 0;
    qint64 m_skipped = 0;
    qint64 m_failing = 0;
    QString m_planError;
    QThreadPool m_pool;
};

} // namespace dropsize::ui

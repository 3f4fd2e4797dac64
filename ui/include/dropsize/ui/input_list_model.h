// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include <QAbstractTableModel>
#include <QString>
#include <QStringList>
#include <QThreadPool>
#include <vector>

namespace dropsize::ui {

/// The folders and files a batch will read, each with how many images it holds. Counting walks
/// the folder with the engine's planner on a thread of this model's own pool, so a large folder
/// never freezes the window; a count that arrives for a removed row is dropped.
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

    /// Whether sub-folders count (the batch's own setting); changing it counts again.
    void setRecursive(bool recursive);

    /// Images in every counted input; -1 while any is still being counted.
    qint64 totalImages() const;

signals:
    void rejected(const QString& path, const QString& reason);
    /// A count arrived (or the list changed): totalImages() may have changed.
    void countsChanged();

private:
    struct Entry {
        QString path; ///< absolute, clean, '/' separators
        bool isFolder = false;
        quint64 scanId = 0; ///< the count being waited for
        qint64 images = -1; ///< -1 while counting
        QString error;
    };

    void scan(Entry& entry);
    void onScanned(quint64 scanId, qint64 images, const QString& error);

    std::vector<Entry> m_entries;
    bool m_recursive = true;
    quint64 m_nextScanId = 1;
    QThreadPool m_pool;
};

} // namespace dropsize::ui

// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/ui/input_list_model.h"

#include "dropsize/core/batch_planner.h"
#include "dropsize/ui/engine_text.h"
#include "path_strings.h"

#include <QDir>
#include <QFileIconProvider>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QtConcurrent/QtConcurrentRun>
#include <algorithm>

namespace dropsize::ui {

namespace {

    struct ScanResult {
        qint64 images = 0;
        QString error;
    };

    // Runs on the pool: the same walk the batch will do, so the count is the batch's.
    ScanResult countImages(const QString& path, bool recursive)
    {
        PlanOptions options;
        options.recursive = recursive;
        options.checkOutputs = false; // where outputs go does not change what is counted
        const std::filesystem::path given = toPath(path);
        auto plan = BatchPlanner(options).plan({ given });
        if (!plan) {
            return { 0, displayText(plan.error()) };
        }
        if (plan->jobs.size() == 1 && plan->jobs[0].action == JobAction::Fail
            && plan->jobs[0].input() == given && plan->jobs[0].reason) {
            return { 0, displayText(*plan->jobs[0].reason) };
        }
        return { static_cast<qint64>(plan->jobs.size()), {} };
    }

} // namespace

InputListModel::InputListModel(QObject* parent)
    : QAbstractTableModel(parent)
{
    m_pool.setMaxThreadCount(2);
}

InputListModel::~InputListModel()
{
    m_pool.clear();
    m_pool.waitForDone();
}

int InputListModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_entries.size());
}

int InputListModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant InputListModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount()) {
        return {};
    }
    const Entry& e = m_entries[static_cast<std::size_t>(index.row())];
    if (index.column() == PathColumn) {
        if (role == Qt::DisplayRole || role == Qt::ToolTipRole) {
            return QDir::toNativeSeparators(e.path);
        }
        if (role == Qt::DecorationRole) {
            const QFileIconProvider icons;
            return icons.icon(e.isFolder ? QFileIconProvider::Folder : QFileIconProvider::File);
        }
        return {};
    }
    if (index.column() == ImagesColumn) {
        if (role == Qt::TextAlignmentRole) {
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        }
        if (role == Qt::DisplayRole) {
            if (!e.error.isEmpty()) {
                return tr("unreadable");
            }
            if (e.images < 0) {
                return tr("counting\u2026");
            }
            return tr("%n image(s)", nullptr, static_cast<int>(e.images));
        }
        if (role == Qt::ToolTipRole && !e.error.isEmpty()) {
            return e.error;
        }
    }
    return {};
}

QVariant InputListModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) {
        return {};
    }
    return section == PathColumn ? tr("Folder or file") : tr("Images");
}

bool InputListModel::removeRows(int row, int count, const QModelIndex& parent)
{
    if (parent.isValid() || row < 0 || count < 1 || row + count > rowCount()) {
        return false;
    }
    beginRemoveRows({}, row, row + count - 1);
    m_entries.erase(m_entries.begin() + row, m_entries.begin() + row + count);
    endRemoveRows();
    emit countsChanged();
    return true;
}

int InputListModel::addPaths(const QStringList& paths)
{
    int added = 0;
    for (const QString& path : paths) {
        const QFileInfo info(path);
        if (!info.exists()) {
            emit rejected(path, tr("not found"));
            continue;
        }
        if (!info.isDir() && !info.isFile()) {
            emit rejected(path, tr("not a file or folder"));
            continue;
        }
        const QString clean = QDir::cleanPath(info.absoluteFilePath());
        const bool listed = std::any_of(
            m_entries.begin(), m_entries.end(), [&](const Entry& e) { return e.path == clean; });
        if (listed) {
            emit rejected(path, tr("already in the list"));
            continue;
        }
        beginInsertRows({}, rowCount(), rowCount());
        m_entries.push_back({ clean, info.isDir(), 0, -1, {} });
        endInsertRows();
        scan(m_entries.back());
        ++added;
    }
    if (added > 0) {
        emit countsChanged();
    }
    return added;
}

void InputListModel::clear()
{
    beginResetModel();
    m_entries.clear();
    endResetModel();
    emit countsChanged();
}

QStringList InputListModel::paths() const
{
    QStringList list;
    for (const Entry& e : m_entries) {
        list.append(e.path);
    }
    return list;
}

void InputListModel::setRecursive(bool recursive)
{
    if (recursive == m_recursive) {
        return;
    }
    m_recursive = recursive;
    for (Entry& e : m_entries) {
        scan(e);
    }
    if (!m_entries.empty()) {
        emit dataChanged(index(0, ImagesColumn), index(rowCount() - 1, ImagesColumn));
        emit countsChanged();
    }
}

qint64 InputListModel::totalImages() const
{
    qint64 total = 0;
    for (const Entry& e : m_entries) {
        if (e.images < 0 && e.error.isEmpty()) {
            return -1;
        }
        total += std::max<qint64>(0, e.images);
    }
    return total;
}

void InputListModel::scan(Entry& entry)
{
    entry.scanId = m_nextScanId++;
    entry.images = -1;
    entry.error.clear();
    auto* watcher = new QFutureWatcher<ScanResult>(this);
    const quint64 id = entry.scanId;
    connect(watcher, &QFutureWatcher<ScanResult>::finished, this, [this, watcher, id] {
        const ScanResult result = watcher->result();
        watcher->deleteLater();
        onScanned(id, result.images, result.error);
    });
    watcher->setFuture(QtConcurrent::run(&m_pool, countImages, entry.path, m_recursive));
}

void InputListModel::onScanned(quint64 scanId, qint64 images, const QString& error)
{
    const auto it = std::find_if(
        m_entries.begin(), m_entries.end(), [&](const Entry& e) { return e.scanId == scanId; });
    if (it == m_entries.end()) {
        return; // removed, or counted again since
    }
    it->images = images;
    it->error = error;
    const int row = static_cast<int>(it - m_entries.begin());
    emit dataChanged(index(row, PathColumn), index(row, ImagesColumn));
    emit countsChanged();
}

} // namespace dropsize::ui

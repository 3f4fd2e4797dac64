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
#include <QHash>
#include <QSet>
#include <QtConcurrent/QtConcurrentRun>
#include <algorithm>

namespace dropsize::ui {

namespace {

    // Long enough to take a burst of drops or keystrokes as one change, short enough not to be
    // noticed.
    constexpr int kCountDelayMs = 150;
    // The tooltip of a row lists this many of the files left out inside it.
    constexpr int kLeftOutShown = 25;

    // Whether the plan of `a` and of `b` can differ: the settings BatchSettings::planOptions()
    // reads, and the size only where a name template can name it.
    bool samePlan(const BatchSettings& a, const BatchSettings& b)
    {
        const bool aFolder = a.outputLocation == OutputLocation::Folder;
        const bool bFolder = b.outputLocation == OutputLocation::Folder;
        return a.recursive == b.recursive && aFolder == bFolder
            && (!aFolder || a.outputFolder == b.outputFolder) && a.format == b.format
            && a.onExisting == b.onExisting && a.sizes == b.sizes
            && a.nameTemplate == b.nameTemplate
            && (a.nameTemplate.trimmed().isEmpty() || a.spec == b.spec);
    }

} // namespace

/// What one plan of every input found, row by row.
struct InputListModel::Count {
    struct Row {
        qint64 images = 0;
        qint64 otherFiles = 0;
        QStringList leftOut;
        QString reason;
        bool fails = false;
        QString takenBy;
    };
    std::vector<Row> rows;
    qint64 total = 0;
    qint64 skipped = 0;
    qint64 failing = 0;
    QString planError;
    bool cancelled = false;
};

namespace {

    // Which row a path the planner reports belongs to: the row it is, else the deepest listed
    // folder it lies in (the planner leaves a listed folder inside another to the outer one's
    // walk, so there is one such folder unless sub-folders are not walked).
    class RowFinder {
    public:
        explicit RowFinder(const QStringList& paths)
        {
            for (int i = 0; i < paths.size(); ++i) {
                const QFileInfo info(paths[i]);
                const QString canonical = info.canonicalFilePath();
                m_exact.insert(paths[i], i);
                if (!canonical.isEmpty()) {
                    m_exact.insert(canonical, i);
                    if (info.isDir()) {
                        m_folders.push_back({ canonical + QLatin1Char('/'), i });
                        m_folders.push_back({ paths[i] + QLatin1Char('/'), i });
                    }
                }
            }
        }

        /// The row `path` is; -1 when none.
        int exact(const QString& path) const { return m_exact.value(path, -1); }

        /// A row the planner left out (inside another listed folder, given twice, ...): what it
        /// holds belongs to the row that takes it.
        void leaveOut(int row) { m_leftOut.insert(row); }
        bool isLeftOut(int row) const { return m_leftOut.contains(row); }

        /// The row of the deepest listed folder that holds `path` and was walked, other than
        /// `self`; -1 when none.
        int folderOf(const QString& path, int self = -1) const
        {
            int best = -1;
            qsizetype bestLength = 0;
            for (const auto& [prefix, row] : m_folders) {
                if (row != self && !m_leftOut.contains(row) && prefix.size() > bestLength
                    && path.startsWith(prefix)) {
                    best = row;
                    bestLength = prefix.size();
                }
            }
            return best;
        }

        /// `path` from the folder of `row` on, to show in that row's tooltip.
        QString relative(const QString& path, int row) const
        {
            for (const auto& [prefix, r] : m_folders) {
                if (r == row && path.startsWith(prefix)) {
                    return QDir::toNativeSeparators(path.mid(prefix.size()));
                }
            }
            return QDir::toNativeSeparators(path);
        }

    private:
        QHash<QString, int> m_exact;
        QSet<int> m_leftOut;
        std::vector<std::pair<QString, int>> m_folders;
    };

    InputListModel::Count::Row& rowAt(InputListModel::Count& count, int row)
    {
        return count.rows[static_cast<std::size_t>(row)];
    }

    // The rows the planner left out first: what they hold is counted in the row that takes it.
    void leaveOutRows(const BatchPlan& plan, const QStringList& paths, RowFinder& rows,
        InputListModel::Count& result)
    {
        for (const IgnoredPath& ignored : plan.ignored) {
            if (const int row = rows.exact(toQString(ignored.path)); row >= 0) {
                rows.leaveOut(row);
                rowAt(result, row).reason = displayText(ignored.reason);
            }
        }
        for (std::size_t i = 0; i < result.rows.size(); ++i) {
            const int row = static_cast<int>(i);
            if (rows.isLeftOut(row)) {
                if (const int outer = rows.folderOf(paths[row], row); outer >= 0) {
                    rowAt(result, row).takenBy = paths[outer];
                }
            }
        }
    }

    // Each job in the totals and in the row that takes it (a row's own failure with its reason).
    void countJobs(const BatchPlan& plan, const RowFinder& rows, InputListModel::Count& result)
    {
        for (const Job& job : plan.jobs) {
            const QString input = toQString(job.input());
            ++result.total;
            if (job.action == JobAction::Skip) {
                ++result.skipped;
            } else if (job.action == JobAction::Fail) {
                ++result.failing;
            }
            int exact = rows.exact(input);
            if (exact >= 0 && rows.isLeftOut(exact)) {
                exact = -1;
            }
            const int row = exact >= 0 ? exact : rows.folderOf(input);
            if (row < 0) {
                continue;
            }
            ++rowAt(result, row).images;
            if (exact >= 0 && job.action == JobAction::Fail && job.reason) {
                rowAt(result, row).fails = true;
                rowAt(result, row).reason = displayText(*job.reason);
            }
        }
    }

    // What the planner left out inside each row (not images, ...), for its count and tooltip.
    void countLeftOut(const BatchPlan& plan, const RowFinder& rows, InputListModel::Count& result)
    {
        for (const IgnoredPath& ignored : plan.ignored) {
            const QString path = toQString(ignored.path);
            const QString reason = displayText(ignored.reason);
            if (rows.exact(path) >= 0) {
                continue; // a row's own reason (leaveOutRows())
            }
            const int row = rows.folderOf(path);
            if (row < 0) {
                continue;
            }
            if (!QFileInfo(path).isDir()) {
                ++rowAt(result, row).otherFiles;
            }
            if (rowAt(result, row).leftOut.size() < kLeftOutShown) {
                rowAt(result, row)
                    .leftOut.append(QStringLiteral("%1: %2").arg(rows.relative(path, row), reason));
            }
        }
    }

    // Runs on the pool: the plan the batch will make, with the same options.
    std::shared_ptr<const InputListModel::Count> countInputs(
        const QStringList& paths, PlanOptions options, const std::shared_ptr<CancelToken>& cancel)
    {
        auto result = std::make_shared<InputListModel::Count>();
        result->rows.resize(static_cast<std::size_t>(paths.size()));
        std::vector<std::filesystem::path> inputs;
        for (const QString& path : paths) {
            inputs.push_back(toPath(path));
        }
        options.cancel = cancel.get();
        auto plan = BatchPlanner(options).plan(inputs);
        if (!plan && plan.error().code != ErrorCode::Cancelled) {
            // The batch would not start; count the inputs all the same, so each row still says
            // what it holds.
            result->planError = displayMessage(plan.error());
            options.checkOutputs = false;
            plan = BatchPlanner(options).plan(inputs);
        }
        if (!plan) {
            result->cancelled = plan.error().code == ErrorCode::Cancelled;
            if (!result->cancelled && result->planError.isEmpty()) {
                result->planError = displayMessage(plan.error());
            }
            return result;
        }
        RowFinder rows(paths);
        leaveOutRows(*plan, paths, rows, *result);
        countJobs(*plan, rows, *result);
        countLeftOut(*plan, rows, *result);
        return result;
    }

} // namespace

InputListModel::InputListModel(QObject* parent)
    : QAbstractTableModel(parent)
{
    m_pool.setMaxThreadCount(2);
    m_delay.setSingleShot(true);
    m_delay.setInterval(kCountDelayMs);
    connect(&m_delay, &QTimer::timeout, this, &InputListModel::count);
}

InputListModel::~InputListModel()
{
    if (m_cancel) {
        m_cancel->requestStop();
    }
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
    if (index.column() != ImagesColumn) {
        return {};
    }
    if (role == Qt::TextAlignmentRole) {
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    }
    // A row keeps its last count while the list is counted again (the total says "counting"),
    // so the numbers do not flicker with every change of a setting.
    const bool counting = e.images < 0;
    if (role == Qt::DisplayRole) {
        if (counting) {
            return tr("counting\u2026");
        }
        if (!m_planError.isEmpty()) {
            // Not counted: the settings cannot make a plan (the output folder's message says
            // why), which is not "0 images".
            return QStringLiteral("\u2014");
        }
        if (!e.takenBy.isEmpty()) {
            // Its files are counted once, in the row of the folder that takes them.
            return tr("counted in %1").arg(QFileInfo(e.takenBy).fileName());
        }
        if (e.fails) {
            return tr("will fail: %1").arg(e.reason);
        }
        if (!e.reason.isEmpty() && e.images == 0) {
            return e.reason;
        }
        QString text = tr("%n image(s)", nullptr, static_cast<int>(e.images));
        if (e.otherFiles > 0) {
            text = tr("%1, %n other file(s)", nullptr, static_cast<int>(e.otherFiles)).arg(text);
        }
        return text;
    }
    if (role == Qt::ToolTipRole && !counting) {
        QStringList lines;
        if (!e.reason.isEmpty()) {
            lines.append(e.reason);
        }
        if (!e.leftOut.isEmpty()) {
            lines.append(tr("Left out:"));
            lines.append(e.leftOut);
            const qint64 more = e.otherFiles - e.leftOut.size();
            if (more > 0) {
                lines.append(tr("\u2026 and %n more", nullptr, static_cast<int>(more)));
            }
        }
        return lines.isEmpty() ? QVariant() : QVariant(lines.join(QLatin1Char('\n')));
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
    countLater(); // a folder that held another listed one no longer takes its files
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
        Entry entry;
        entry.path = clean;
        entry.isFolder = info.isDir();
        m_entries.push_back(std::move(entry));
        endInsertRows();
        ++added;
    }
    if (added > 0) {
        countLater();
    }
    return added;
}

void InputListModel::clear()
{
    beginResetModel();
    m_entries.clear();
    endResetModel();
    countLater();
}

QStringList InputListModel::paths() const
{
    QStringList list;
    for (const Entry& e : m_entries) {
        list.append(e.path);
    }
    return list;
}

void InputListModel::setSettings(const BatchSettings& settings)
{
    const bool same = samePlan(settings, m_settings);
    m_settings = settings;
    if (!same) {
        countLater();
    }
}

void InputListModel::setRecursive(bool recursive)
{
    BatchSettings settings = m_settings;
    settings.recursive = recursive;
    setSettings(settings);
}

void InputListModel::recount()
{
    if (!m_entries.empty()) {
        countLater();
    }
}

qint64 InputListModel::totalImages() const { return m_counting ? -1 : m_total; }

QString InputListModel::totalText() const
{
    if (m_entries.empty()) {
        return {};
    }
    if (m_counting) {
        return tr("counting\u2026");
    }
    if (!m_planError.isEmpty()) {
        return {}; // not counted (see the row's dash): the settings' own message says why
    }
    QString text = tr("%n image(s) in all", nullptr, static_cast<int>(m_total));
    if (m_skipped == 0 && m_failing == 0) {
        return text;
    }
    QStringList parts;
    if (const qint64 toResize = m_total - m_skipped - m_failing; toResize > 0) {
        parts.append(tr("%n to resize", nullptr, static_cast<int>(toResize)));
    }
    if (m_skipped > 0) {
        parts.append(tr("%n to skip", nullptr, static_cast<int>(m_skipped)));
    }
    if (m_failing > 0) {
        parts.append(tr("%n that cannot be read", nullptr, static_cast<int>(m_failing)));
    }
    return tr("%1: %2").arg(text, parts.join(tr(", ")));
}

void InputListModel::markCounting()
{
    m_counting = true;
    emit countsChanged();
}

void InputListModel::countLater()
{
    // What is being counted is already out of date.
    ++m_generation;
    if (m_cancel) {
        m_cancel->requestStop();
        m_cancel.reset();
    }
    markCounting();
    m_delay.start();
}

void InputListModel::count()
{
    if (m_entries.empty()) {
        m_counting = false;
        m_total = m_skipped = m_failing = 0;
        m_planError.clear();
        emit countsChanged();
        return;
    }
    const quint64 generation = ++m_generation;
    m_cancel = std::make_shared<CancelToken>();
    using Watcher = QFutureWatcher<std::shared_ptr<const Count>>;
    auto* watcher = new Watcher(this);
    connect(watcher, &Watcher::finished, this, [this, watcher, generation] {
        const std::shared_ptr<const Count> result = watcher->result();
        watcher->deleteLater();
        onCounted(generation, result);
    });
    // Nothing may escape a task of the pool (Qt would end the program): what the count throws
    // becomes the list's message.
    watcher->setFuture(QtConcurrent::run(
        &m_pool, [paths = paths(), options = m_settings.planOptions(), cancel = m_cancel] {
            try {
                return countInputs(paths, options, cancel);
            } catch (const std::exception& e) {
                auto failed = std::make_shared<Count>();
                failed->rows.resize(static_cast<std::size_t>(paths.size()));
                failed->planError = unexpectedErrorText(e);
                return std::shared_ptr<const Count>(std::move(failed));
            }
        }));
}

void InputListModel::onCounted(quint64 generation, const std::shared_ptr<const Count>& result)
{
    if (generation != m_generation || result->cancelled) {
        return; // the list or the settings changed since: a newer count is coming
    }
    m_cancel.reset();
    for (std::size_t i = 0; i < m_entries.size() && i < result->rows.size(); ++i) {
        Entry& e = m_entries[i];
        const Count::Row& row = result->rows[i];
        e.images = row.images;
        e.otherFiles = row.otherFiles;
        e.leftOut = row.leftOut;
        e.reason = row.reason;
        e.fails = row.fails;
        e.takenBy = row.takenBy;
    }
    m_total = result->total;
    m_skipped = result->skipped;
    m_failing = result->failing;
    m_planError = result->planError;
    m_counting = false;
    emit dataChanged(index(0, PathColumn), index(rowCount() - 1, ImagesColumn));
    emit countsChanged();
}

} // namespace dropsize::ui

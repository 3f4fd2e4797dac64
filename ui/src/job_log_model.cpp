// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/ui/job_log_model.h"

#include "dropsize/ui/engine_text.h"
#include "palette_colors.h"
#include "path_strings.h"

#include <QBrush>
#include <QColor>
#include <QDir>
#include <QFileInfo>
#include <QGuiApplication>
#include <QLocale>
#include <algorithm>
#include <vector>

namespace dropsize::ui {

namespace {

    QSize toQSize(Size size) { return { size.width, size.height }; }

#ifdef Q_OS_WIN
    constexpr Qt::CaseSensitivity kPathCase = Qt::CaseInsensitive;
#else
    constexpr Qt::CaseSensitivity kPathCase = Qt::CaseSensitive;
#endif

} // namespace

JobLogEntry JobLogEntry::fromReport(const JobReport& report)
{
    JobLogEntry e;
    e.status = report.status;
    e.input = toQString(report.input);
    e.output = toQString(report.output);
    if (report.error) {
        e.message = displayText(*report.error);
    }
    e.inputSize = toQSize(report.inputSize);
    e.outputSize = toQSize(report.outputSize);
    e.inputBytes = static_cast<qint64>(report.inputBytes);
    e.outputBytes = static_cast<qint64>(report.outputBytes);
    e.device = QString::fromLatin1(nameOf(report.device));
    e.seconds = report.seconds;
    e.note = displayText(report.note);
    e.warning = displayText(report.warning);
    e.quality = report.quality;
    return e;
}

QList<JobLogEntry> JobLogEntry::entriesFromReport(const JobReport& report)
{
    const JobLogEntry job = fromReport(report);
    if (report.outputs.size() <= 1) {
        return { job };
    }
    QList<JobLogEntry> entries;
    for (const OutputReport& out : report.outputs) {
        JobLogEntry e = job;
        e.status = out.status;
        e.sizeLabel = QString::fromStdString(out.label);
        e.message = out.error ? displayText(*out.error) : QString();
        // The planned name of an output not written is no file.
        e.output = out.status == JobStatus::Ok ? toQString(out.path) : QString();
        e.outputSize = toQSize(out.outputSize);
        e.outputBytes = static_cast<qint64>(out.bytes);
        e.device = QString::fromLatin1(nameOf(out.device));
        e.seconds = out.seconds;
        // The job's note is what its header says (a CMYK conversion, say), for every size.
        QStringList notes;
        for (const Text* note : { &report.note, &out.note }) {
            const QString text = displayText(*note);
            if (!text.isEmpty() && !notes.contains(text)) {
                notes.append(text);
            }
        }
        e.note = notes.join(QStringLiteral("; "));
        e.warning = displayText(out.warning);
        e.quality = out.quality;
        entries.append(e);
    }
    return entries;
}

JobLogModel::JobLogModel(QObject* parent)
    : QAbstractTableModel(parent)
{
}

int JobLogModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int JobLogModel::columnCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QString JobLogModel::formatBytes(qint64 bytes)
{
    return QLocale().formattedDataSize(bytes, 1, QLocale::DataSizeSIFormat);
}

QString JobLogModel::statusText(JobStatus status) const
{
    switch (status) {
    case JobStatus::Ok:
        return tr("done");
    case JobStatus::Skipped:
        return tr("skipped");
    case JobStatus::Failed:
        return tr("failed");
    case JobStatus::Cancelled:
        return tr("cancelled");
    }
    return {};
}

namespace {

    // Windows does not tell names apart by case; the listed folder and the engine's path may
    // differ in it.
    QString rootKey(const QString& path)
    {
#ifdef Q_OS_WIN
        return path.toCaseFolded();
#else
        return path;
#endif
    }

} // namespace

void JobLogModel::setInputRoots(const QStringList& roots)
{
    m_roots.clear();
    for (const QString& root : roots) {
        QString clean = QDir::cleanPath(QDir::fromNativeSeparators(root));
        m_roots.insert(rootKey(clean));
    }
    if (!m_rows.empty()) {
        emit dataChanged(index(0, FileColumn), index(rowCount() - 1, FileColumn));
    }
}

QString JobLogModel::shownBase(const QString& input) const
{
    // The outermost listed input that is the file itself or a folder above it, so that a listed
    // folder inside another listed one shows its files as its parent's are shown: walk up the
    // file's folders (a few hash look-ups, however many inputs are listed).
    QString root;
    if (!m_roots.isEmpty()) {
        const QString key = rootKey(input);
        for (qsizetype end = key.size(); end > 0;
             end = key.lastIndexOf(QLatin1Char('/'), end - 1)) {
            if (m_roots.contains(key.left(end))) {
                root = input.left(end);
            }
        }
    }
    if (root.isEmpty()) {
        root = QFileInfo(input).path();
    }
    const qsizetype slash = root.lastIndexOf(QLatin1Char('/'));
    return slash < 0 ? QString() : root.left(slash + 1);
}

// "holiday/2024/a.jpg": the input relative to the folder that holds its listed folder, on every
// row alike, so that rows of nested folders read the same; the output and the reason have their
// own places (the tooltip, the details, the Reason column).
QString JobLogModel::fileText(const JobLogEntry& e) const
{
    const QString base = shownBase(e.input);
    const bool under = !base.isEmpty() && e.input.startsWith(base, kPathCase);
    return QDir::toNativeSeparators(under ? e.input.mid(base.size()) : e.input);
}

QString JobLogModel::pixelsText(const JobLogEntry& e) const
{
    if (e.inputSize.isEmpty()) {
        return {};
    }
    QString text = tr("%1\u00d7%2").arg(e.inputSize.width()).arg(e.inputSize.height());
    if (!e.outputSize.isEmpty()) {
        text = tr("%1 \u2192 %2\u00d7%3")
                   .arg(text)
                   .arg(e.outputSize.width())
                   .arg(e.outputSize.height());
    }
    // With several sizes, the one this output was made for.
    return e.sizeLabel.isEmpty() ? text : tr("%1 (%2)").arg(text, e.sizeLabel);
}

QString JobLogModel::bytesText(const JobLogEntry& e) const
{
    if (e.inputBytes == 0) {
        return {};
    }
    if (e.outputBytes == 0) {
        return formatBytes(e.inputBytes);
    }
    return tr("%1 \u2192 %2").arg(formatBytes(e.inputBytes), formatBytes(e.outputBytes));
}

// "quality 72; the input copied unchanged: ...": what the chosen settings made of this file,
// beyond its sizes.
QString JobLogModel::noteText(const JobLogEntry& e) const
{
    QStringList parts;
    if (e.quality > 0) {
        parts.append(tr("quality %1 for the largest file size").arg(e.quality));
    }
    if (!e.note.isEmpty()) {
        parts.append(e.note);
    }
    if (e.stretched) {
        parts.append(tr("stretched: aspect not kept"));
    }
    if (e.isLargerThanInput()) {
        parts.append(
            tr("larger than the original (+%1)").arg(formatBytes(e.outputBytes - e.inputBytes)));
    }
    if (!e.warning.isEmpty()) {
        parts.append(tr("warning: %1").arg(e.warning));
    }
    return parts.join(QStringLiteral("; "));
}

QString JobLogModel::reasonText(const JobLogEntry& e) const
{
    const QString note = noteText(e);
    if (e.message.isEmpty() || note.isEmpty()) {
        return e.message.isEmpty() ? note : e.message;
    }
    return tr("%1; %2").arg(e.message, note);
}

QString JobLogModel::timeText(const JobLogEntry& e) const
{
    if (e.status != JobStatus::Ok) {
        return {};
    }
    return e.seconds < 1.0 ? tr("%1 ms").arg(qRound(e.seconds * 1000.0))
                           : tr("%1 s").arg(e.seconds, 0, 'f', 2);
}

QVariant JobLogModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount() || index.column() >= ColumnCount) {
        return {};
    }
    const JobLogEntry& e = entry(index.row());
    if (role == StatusRole) {
        return QString::fromLatin1(nameOf(e.status));
    }
    if (role == SortRole) {
        QVariant value = sortValue(e, index.column());
        if (value.isValid()) {
            return value;
        }
        role = Qt::DisplayRole; // the text columns sort by their text
    }
    if (role == Qt::ForegroundRole && e.status == JobStatus::Failed) {
        // The red of a problem, readable on the table's background in the palette now in use
        // (a view asks again when it repaints after a palette change).
        const QPalette palette = QGuiApplication::palette();
        return QBrush(readableOn(problemColor(palette), palette.color(QPalette::Base)));
    }
    if (role == Qt::ToolTipRole && index.column() == FileColumn) {
        // Both in full: the column shows the input's end only.
        const QString input = QDir::toNativeSeparators(e.input);
        return e.output.isEmpty()
            ? input
            : tr("%1 \u2192 %2").arg(input, QDir::toNativeSeparators(e.output));
    }
    if (role == Qt::ToolTipRole && index.column() == ReasonColumn) {
        return reasonText(e);
    }
    if (role == Qt::TextAlignmentRole && index.column() >= PixelsColumn) {
        return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
    }
    if (role != Qt::DisplayRole) {
        return {};
    }
    switch (index.column()) {
    case StatusColumn:
        return statusText(e.status);
    case FileColumn:
        return fileText(e);
    case ReasonColumn:
        return reasonText(e);
    case PixelsColumn:
        return pixelsText(e);
    case BytesColumn:
        return bytesText(e);
    case DeviceColumn:
        return e.device;
    case TimeColumn:
        return timeText(e);
    default:
        return {};
    }
}

QVariant JobLogModel::sortValue(const JobLogEntry& e, int column)
{
    switch (column) {
    case StatusColumn:
        switch (e.status) {
        case JobStatus::Ok:
            return 0;
        case JobStatus::Skipped:
            return 1;
        case JobStatus::Cancelled:
            return 2;
        case JobStatus::Failed:
            return 3;
        }
        return 0;
    case PixelsColumn:
        return static_cast<qint64>(e.inputSize.width()) * e.inputSize.height();
    case BytesColumn:
        return e.inputBytes;
    case TimeColumn:
        // Only a row that was done shows a time: the others sort before every time.
        return e.status == JobStatus::Ok ? e.seconds : -1.0;
    default:
        return {};
    }
}

QVariant JobLogModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation == Qt::Horizontal && role == Qt::InitialSortOrderRole) {
        // A first click puts the failures, the largest and the slowest first; the names A to Z.
        const bool text
            = section == FileColumn || section == ReasonColumn || section == DeviceColumn;
        return QVariant::fromValue(text ? Qt::AscendingOrder : Qt::DescendingOrder);
    }
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole) {
        return {};
    }
    switch (section) {
    case StatusColumn:
        return tr("Status");
    case FileColumn:
        return tr("File");
    case ReasonColumn:
        // The failure's or the skip's reason, else the note or the warning of a done row.
        return tr("Reason / note");
    case PixelsColumn:
        return tr("Pixels");
    case BytesColumn:
        return tr("Bytes");
    case DeviceColumn:
        return tr("Device");
    case TimeColumn:
        return tr("Time");
    default:
        return {};
    }
}

void JobLogModel::append(const QList<JobLogEntry>& entries)
{
    if (entries.isEmpty()) {
        return;
    }
    const int first = rowCount();
    beginInsertRows({}, first, first + static_cast<int>(entries.size()) - 1);
    for (const JobLogEntry& e : entries) {
        m_rows.push_back(e);
        ++(e.status == JobStatus::Failed ? m_failures : m_kept);
    }
    endInsertRows();
    foldOldRows();
}

void JobLogModel::clear()
{
    beginResetModel();
    m_rows.clear();
    m_kept = 0;
    m_failures = 0;
    m_folded = 0;
    endResetModel();
    emit foldedCountChanged(0);
}

void JobLogModel::setRowLimit(int limit) { m_rowLimit = std::max(1, limit); }

// Folds in chunks (down to 90 % of the limit) so a long batch does not remove one row per append.
void JobLogModel::foldOldRows()
{
    if (m_kept <= m_rowLimit) {
        return;
    }
    qint64 toFold = m_kept - std::max<qint64>(1, m_rowLimit - m_rowLimit / 10);
    // Contiguous runs of non-failure rows from the oldest on, as [first, last] pairs.
    std::vector<std::pair<int, int>> runs;
    for (int row = 0; row < rowCount() && toFold > 0; ++row) {
        if (entry(row).status == JobStatus::Failed) {
            continue;
        }
        if (!runs.empty() && runs.back().second == row - 1) {
            runs.back().second = row;
        } else {
            runs.emplace_back(row, row);
        }
        --toFold;
    }
    qint64 folded = 0;
    for (auto run = runs.rbegin(); run != runs.rend(); ++run) {
        beginRemoveRows({}, run->first, run->second);
        m_rows.erase(m_rows.begin() + run->first, m_rows.begin() + run->second + 1);
        endRemoveRows();
        folded += run->second - run->first + 1;
    }
    m_kept -= folded;
    m_folded += folded;
    emit foldedCountChanged(m_folded);
}

QString JobLogModel::toText(bool onlyFailures) const
{
    QString text;
    for (int row = 0; row < rowCount(); ++row) {
        if (onlyFailures && entry(row).status != JobStatus::Failed) {
            continue;
        }
        text += rowText(row);
        text += QLatin1Char('\n');
    }
    return text;
}

QString JobLogModel::rowText(int row) const
{
    const JobLogEntry& e = entry(row);
    return QStringList { statusText(e.status), QDir::toNativeSeparators(e.input),
        QDir::toNativeSeparators(e.output), reasonText(e), pixelsText(e), bytesText(e), e.device,
        timeText(e) }
        .join(QLatin1Char('\t'));
}

} // namespace dropsize::ui

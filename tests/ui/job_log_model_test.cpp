// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/ui/job_log_model.h"

#include <QBrush>
#include <QDir>
#include <QFileInfo>
#include <QSortFilterProxyModel>
#include <gtest/gtest.h>

using dropsize::JobStatus;
using dropsize::Text;
using dropsize::ui::JobLogEntry;
using dropsize::ui::JobLogModel;

namespace {

JobLogEntry makeEntry(int i, JobStatus status)
{
    JobLogEntry e;
    e.status = status;
    e.input = QStringLiteral("/photos/img_%1.jpg").arg(i);
    if (status == JobStatus::Ok) {
        e.output = QStringLiteral("/photos/ResizeImage/img_%1.jpg").arg(i);
        e.inputSize = { 4000, 3000 };
        e.outputSize = { 2000, 1500 };
        e.inputBytes = 4'000'000;
        e.outputBytes = 500'000;
        e.device = QStringLiteral("cpu");
        e.seconds = 0.25;
    } else {
        e.message = QStringLiteral("not a JPEG file");
    }
    return e;
}

} // namespace

TEST(JobLogModel, StaysBoundedAndKeepsEveryFailureOverTenThousandFiles)
{
    JobLogModel model;
    model.setRowLimit(500);
    int failures = 0;
    int others = 0;
    for (int batch = 0; batch < 200; ++batch) {
        QList<JobLogEntry> entries;
        for (int j = 0; j < 50; ++j) {
            const int i = batch * 50 + j;
            const bool failed = i % 997 == 0;
            entries.append(makeEntry(i,
                failed ? JobStatus::Failed : (i % 10 == 0 ? JobStatus::Skipped : JobStatus::Ok)));
            ++(failed ? failures : others);
        }
        model.append(entries);
        ASSERT_LE(model.rowCount() - model.failureCount(), 500) << "after batch " << batch;
    }
    EXPECT_EQ(failures, 11);
    EXPECT_EQ(model.failureCount(), failures);
    EXPECT_EQ(model.foldedCount() + model.rowCount() - failures, others);

    int failedRows = 0;
    for (int row = 0; row < model.rowCount(); ++row) {
        if (model.entry(row).status == JobStatus::Failed) {
            ++failedRows;
        }
    }
    EXPECT_EQ(failedRows, failures) << "a failure was folded away";
    // The newest rows are the ones kept: the last row is the last file.
    EXPECT_EQ(model.entry(model.rowCount() - 1).input, QStringLiteral("/photos/img_9999.jpg"));
    // The oldest failure is still there, before every kept success.
    EXPECT_EQ(model.entry(0).input, QStringLiteral("/photos/img_0.jpg"));
}

TEST(JobLogModel, ShowsOneRowPerFileWithSizesBytesAndDevice)
{
    JobLogModel model;
    model.append({ makeEntry(1, JobStatus::Ok), makeEntry(2, JobStatus::Failed) });
    ASSERT_EQ(model.rowCount(), 2);
    ASSERT_EQ(model.columnCount(), JobLogModel::ColumnCount);
    const auto text = [&](int row, int column) {
        return model.data(model.index(row, column)).toString().toStdString();
    };
    // Without the listed inputs, the input's folder stands for its listed one: the input
    // relative to the folder above it; the tooltip has it and the output in full.
    // Shown with the system's separators.
    const auto native = [](const char* path) {
        return QDir::toNativeSeparators(QString::fromUtf8(path)).toStdString();
    };
    EXPECT_EQ(text(0, JobLogModel::FileColumn), native("photos/img_1.jpg"));
    EXPECT_EQ(model.data(model.index(0, JobLogModel::FileColumn), Qt::ToolTipRole)
                  .toString()
                  .toStdString(),
        native("/photos/img_1.jpg \u2192 /photos/ResizeImage/img_1.jpg"));
    EXPECT_EQ(text(0, JobLogModel::TimeColumn), "250 ms");
    EXPECT_EQ(text(0, JobLogModel::PixelsColumn), "4000\u00d73000 \u2192 2000\u00d71500");
    EXPECT_EQ(text(0, JobLogModel::BytesColumn),
        (JobLogModel::formatBytes(4'000'000) + QStringLiteral(" \u2192 ")
            + JobLogModel::formatBytes(500'000))
            .toStdString());
    EXPECT_EQ(text(0, JobLogModel::DeviceColumn), "cpu");
    EXPECT_TRUE(text(0, JobLogModel::ReasonColumn).empty());
    // A failure's reason has a column of its own: the file column keeps the name alone.
    EXPECT_EQ(text(1, JobLogModel::FileColumn), native("photos/img_2.jpg"));
    EXPECT_EQ(text(1, JobLogModel::ReasonColumn), "not a JPEG file");
    EXPECT_EQ(model.data(model.index(1, JobLogModel::ReasonColumn), Qt::ToolTipRole).toString(),
        QStringLiteral("not a JPEG file"));
    EXPECT_TRUE(text(1, JobLogModel::TimeColumn).empty()) << "only a done row has a time";
    EXPECT_EQ(model.data(model.index(1, 0), JobLogModel::StatusRole).toString(),
        QStringLiteral("failed"));
    EXPECT_EQ(
        model.data(model.index(0, 0), JobLogModel::StatusRole).toString(), QStringLiteral("ok"));
    // Failures stand out; other rows keep the view's colours.
    EXPECT_TRUE(model.data(model.index(1, 1), Qt::ForegroundRole).canConvert<QBrush>());
    EXPECT_FALSE(model.data(model.index(0, 1), Qt::ForegroundRole).isValid());
}

TEST(JobLogModel, CopiesAllRowsOrOnlyTheFailures)
{
    JobLogModel model;
    model.append({ makeEntry(1, JobStatus::Ok), makeEntry(2, JobStatus::Failed),
        makeEntry(3, JobStatus::Ok) });
    const QString all = model.toText(false);
    const QString failures = model.toText(true);
    EXPECT_EQ(all.count(QLatin1Char('\n')), 3);
    EXPECT_EQ(failures.count(QLatin1Char('\n')), 1);
    // Tab-separated: status, input, output, reason, pixels, bytes, device, time; paths in full.
    const QStringList fields = failures.section(QLatin1Char('\n'), 0, 0).split(QLatin1Char('\t'));
    ASSERT_EQ(fields.size(), 8) << failures.toStdString();
    EXPECT_EQ(fields[0], QStringLiteral("failed"));
    EXPECT_EQ(fields[1], QDir::toNativeSeparators(QStringLiteral("/photos/img_2.jpg")));
    EXPECT_TRUE(fields[2].isEmpty());
    EXPECT_EQ(fields[3], QStringLiteral("not a JPEG file"));
    EXPECT_FALSE(failures.contains(QStringLiteral("img_1.jpg")));
    const QStringList done = all.section(QLatin1Char('\n'), 0, 0).split(QLatin1Char('\t'));
    ASSERT_EQ(done.size(), 8);
    EXPECT_EQ(done[2], QDir::toNativeSeparators(QStringLiteral("/photos/ResizeImage/img_1.jpg")));
    EXPECT_EQ(done[7], QStringLiteral("250 ms"));
}

TEST(JobLogModel, ClearEmptiesTheRowsAndTheCounts)
{
    JobLogModel model;
    model.setRowLimit(2);
    model.append({ makeEntry(1, JobStatus::Ok), makeEntry(2, JobStatus::Ok),
        makeEntry(3, JobStatus::Ok), makeEntry(4, JobStatus::Failed) });
    EXPECT_GT(model.foldedCount(), 0);
    model.clear();
    EXPECT_EQ(model.rowCount(), 0);
    EXPECT_EQ(model.foldedCount(), 0);
    EXPECT_EQ(model.failureCount(), 0);
}

// The reason column of a done row: the quality a largest file size chose, the engine's note (a
// crop, the input copied, a CMYK conversion) and a warning, from the job's report; empty when there
// is none.
TEST(JobLogModel, ShowsTheQualityChosenTheNoteAndTheWarning)
{
    dropsize::JobReport report;
    report.status = JobStatus::Ok;
    report.input = "/photos/a.jpg";
    report.output = "/photos/ResizeImage/a.jpg";
    report.inputSize = { 4000, 3000 };
    report.outputSize = { 4000, 3000 };
    report.quality = 72;
    report.note
        = Text::verbatim("the input copied unchanged: 812 KB is larger than the input's 700 KB");
    report.warning = Text::verbatim("the input's date could not be kept: permission denied");
    JobLogModel model;
    model.append({ JobLogEntry::fromReport(report), makeEntry(2, JobStatus::Ok) });
    ASSERT_EQ(model.headerData(JobLogModel::ReasonColumn, Qt::Horizontal).toString(),
        QStringLiteral("Reason / note"));
    const QString note = model.data(model.index(0, JobLogModel::ReasonColumn)).toString();
    EXPECT_EQ(note,
        QStringLiteral("quality 72 for the largest file size; the input copied unchanged: 812 KB "
                       "is larger than the input's 700 KB; warning: the input's date could not "
                       "be kept: permission denied"));
    EXPECT_EQ(model.noteText(model.entry(0)), note);
    EXPECT_EQ(
        model.data(model.index(0, JobLogModel::ReasonColumn), Qt::ToolTipRole).toString(), note)
        << "a long note can be read whole";
    EXPECT_EQ(model.data(model.index(0, JobLogModel::PixelsColumn)).toString(),
        QStringLiteral("4000\u00d73000 \u2192 4000\u00d73000"));
    EXPECT_TRUE(model.data(model.index(1, JobLogModel::ReasonColumn)).toString().isEmpty());
    EXPECT_TRUE(model.toText(false).contains(note)) << "copied with the rest of the row";
}

// With several sizes, one row per output: each with the size it was made for, its own status,
// name, bytes and note, and the header's note for every size.
TEST(JobLogModel, ShowsEachSizeOfAnInputOnARowOfItsOwn)
{
    dropsize::JobReport report;
    report.status = JobStatus::Failed;
    report.input = "/photos/a.jpg";
    report.inputSize = { 4000, 3000 };
    report.inputBytes = 3'000'000;
    report.note = Text::verbatim("CMYK: converted to sRGB");
    dropsize::OutputReport big;
    big.label = "2048";
    big.status = JobStatus::Ok;
    big.path = "/photos/ResizeImage/2048/a.jpg";
    big.outputSize = { 2048, 1536 };
    big.bytes = 400'000;
    big.quality = 80;
    dropsize::OutputReport fill;
    fill.size = 1;
    fill.label = "fill512x512";
    fill.status = JobStatus::Failed;
    fill.path = "/photos/ResizeImage/fill512x512/a.jpg";
    fill.error = dropsize::Error { dropsize::ErrorCode::NoSpace, "no space left", {} };
    fill.note = Text::verbatim("cropped to the box");
    report.outputs = { big, fill };

    const QList<JobLogEntry> entries = JobLogEntry::entriesFromReport(report);
    ASSERT_EQ(entries.size(), 2);
    JobLogModel model;
    model.append(entries);
    const auto text
        = [&](int row, int column) { return model.data(model.index(row, column)).toString(); };
    EXPECT_EQ(text(0, JobLogModel::PixelsColumn),
        QStringLiteral("4000\u00d73000 \u2192 2048\u00d71536 (2048)"));
    EXPECT_EQ(text(0, JobLogModel::StatusColumn), QStringLiteral("done"));
    EXPECT_TRUE(model.data(model.index(0, JobLogModel::FileColumn), Qt::ToolTipRole)
                    .toString()
                    .contains(QStringLiteral("2048")))
        << "the output's name, in the tooltip";
    EXPECT_EQ(entries[0].outputBytes, 400'000);
    EXPECT_EQ(text(0, JobLogModel::ReasonColumn),
        QStringLiteral("quality 80 for the largest file size; CMYK: converted to sRGB"));
    EXPECT_EQ(text(1, JobLogModel::PixelsColumn), QStringLiteral("4000\u00d73000 (fill512x512)"));
    EXPECT_EQ(text(1, JobLogModel::StatusColumn), QStringLiteral("failed"));
    EXPECT_TRUE(entries[1].output.isEmpty()) << "the planned name was never written";
    EXPECT_EQ(entries[1].message, QStringLiteral("no space left"));
    // The failure's reason first, then what the note says of it.
    EXPECT_EQ(text(1, JobLogModel::ReasonColumn),
        QStringLiteral("no space left; CMYK: converted to sRGB; cropped to the box"));
    EXPECT_EQ(model.failureCount(), 1);

    // One size: the job's own row, without a label.
    report.outputs = { big };
    report.status = JobStatus::Ok;
    report.output = big.path;
    report.outputSize = big.outputSize;
    const QList<JobLogEntry> one = JobLogEntry::entriesFromReport(report);
    ASSERT_EQ(one.size(), 1);
    EXPECT_TRUE(one[0].sizeLabel.isEmpty());
}

namespace {

JobLogEntry okEntry(const QString& input, const QString& output)
{
    JobLogEntry e;
    e.status = JobStatus::Ok;
    e.input = input;
    e.output = output;
    return e;
}

// The File column of every row, with '/' between names.
std::vector<std::string> fileColumn(const JobLogModel& model)
{
    std::vector<std::string> rows;
    for (int row = 0; row < model.rowCount(); ++row) {
        rows.push_back(QDir::fromNativeSeparators(
            model.data(model.index(row, JobLogModel::FileColumn)).toString())
                           .toStdString());
    }
    return rows;
}

} // namespace

// Every row's input relative to the folder above its listed input, so that rows of nested
// folders read alike; the output and the reason are elsewhere (the tooltip, the Reason column).
TEST(JobLogModel, ShowsEveryRowsInputRelativeToTheFolderAboveItsListedInput)
{
    JobLogModel model;
    model.setInputRoots({ QStringLiteral("/home/ann/photos"),
        QDir::toNativeSeparators(QStringLiteral("/home/ann/extra/c.jpg")) });
    model.append({
        okEntry(QStringLiteral("/home/ann/photos/a.jpg"),
            QStringLiteral("/home/ann/photos/ResizeImage/a.jpg")),
        okEntry(QStringLiteral("/home/ann/photos/2024/june/b.jpg"),
            QStringLiteral("/home/ann/photos/ResizeImage/2024/june/b.jpg")),
        okEntry(QStringLiteral("/home/ann/extra/c.jpg"),
            QStringLiteral("/home/ann/extra/ResizeImage/c.jpg")),
    });
    JobLogEntry failed = makeEntry(0, JobStatus::Failed);
    failed.input = QStringLiteral("/home/ann/photos/2024/broken.jpg");
    model.append({ failed });
    EXPECT_EQ(fileColumn(model),
        (std::vector<std::string> {
            "photos/a.jpg",
            "photos/2024/june/b.jpg",
            "c.jpg",
            "photos/2024/broken.jpg",
        }));
    // The tooltip: both in full.
    EXPECT_EQ(QDir::fromNativeSeparators(
                  model.data(model.index(1, JobLogModel::FileColumn), Qt::ToolTipRole).toString())
                  .toStdString(),
        "/home/ann/photos/2024/june/b.jpg \u2192 /home/ann/photos/ResizeImage/2024/june/b.jpg");
}

TEST(JobLogModel, ShowsAListedFolderInsideAnotherAsTheOuterOnesFilesAreShown)
{
    JobLogModel model;
    model.setInputRoots({ QStringLiteral("/home/ann/photos/2024"),
        QStringLiteral("/home/ann/photos"), QStringLiteral("/home/ann/photos/a.jpg") });
    model.append({
        okEntry(QStringLiteral("/home/ann/photos/a.jpg"),
            QStringLiteral("/home/ann/photos/ResizeImage/a.jpg")),
        okEntry(QStringLiteral("/home/ann/photos/2024/b.jpg"),
            QStringLiteral("/home/ann/photos/ResizeImage/2024/b.jpg")),
    });
    EXPECT_EQ(fileColumn(model),
        (std::vector<std::string> {
            "photos/a.jpg",
            "photos/2024/b.jpg",
        }));
}

TEST(JobLogModel, ShowsOutputsOutsideTheInputsFolderInFullInTheTooltip)
{
    JobLogModel model;
    model.setInputRoots({ QStringLiteral("/home/ann/photos") });
    model.append({
        okEntry(QStringLiteral("/home/ann/photos/a.jpg"), QStringLiteral("/srv/small/a.jpg")),
        okEntry(
            QStringLiteral("/home/ann/photos/2024/b.jpg"), QStringLiteral("/srv/small/2024/b.jpg")),
    });
    EXPECT_EQ(fileColumn(model),
        (std::vector<std::string> {
            "photos/a.jpg",
            "photos/2024/b.jpg",
        }));
    EXPECT_EQ(QDir::fromNativeSeparators(
                  model.data(model.index(1, JobLogModel::FileColumn), Qt::ToolTipRole).toString())
                  .toStdString(),
        "/home/ann/photos/2024/b.jpg \u2192 /srv/small/2024/b.jpg");
}

namespace {

// The input's name of every row, in the proxy's order.
std::vector<std::string> namesInOrder(const QSortFilterProxyModel& proxy)
{
    const auto* model = qobject_cast<const JobLogModel*>(proxy.sourceModel());
    std::vector<std::string> names;
    for (int row = 0; row < proxy.rowCount(); ++row) {
        const int source = proxy.mapToSource(proxy.index(row, 0)).row();
        names.push_back(QFileInfo(model->entry(source).input).fileName().toStdString());
    }
    return names;
}

} // namespace

// The window's log sorts through a proxy by SortRole. As text, "9.5 kB" sorts after "10.0 kB"
// and "900 ms" after "2.50 s".
TEST(JobLogModel, SortsSizesBytesAndTimesAsNumbersAndTheStatusBySeverity)
{
    JobLogModel model;
    const auto entry
        = [](const char* name, JobStatus status, QSize size, qint64 bytes, double seconds) {
              JobLogEntry e;
              e.status = status;
              e.input = QStringLiteral("/p/") + QString::fromLatin1(name);
              e.inputSize = size;
              e.inputBytes = bytes;
              e.seconds = seconds;
              if (status == JobStatus::Ok) {
                  e.output = QStringLiteral("/p/ResizeImage/") + QString::fromLatin1(name);
              } else {
                  e.message = QStringLiteral("why");
              }
              return e;
          };
    model.append({
        entry("a.jpg", JobStatus::Ok, { 900, 900 }, 9'500, 0.9),
        entry("b.jpg", JobStatus::Failed, { 0, 0 }, 120, 0),
        entry("c.jpg", JobStatus::Ok, { 1000, 100 }, 10'000, 2.5),
        entry("d.jpg", JobStatus::Skipped, { 4000, 3000 }, 100'000, 0),
        entry("e.jpg", JobStatus::Ok, { 20, 10 }, 1'000'000, 0.012),
        entry("f.jpg", JobStatus::Cancelled, { 0, 0 }, 0, 0),
    });
    QSortFilterProxyModel proxy;
    proxy.setSourceModel(&model);
    proxy.setSortRole(JobLogModel::SortRole);

    using Names = std::vector<std::string>;
    proxy.sort(JobLogModel::BytesColumn, Qt::AscendingOrder);
    EXPECT_EQ(
        namesInOrder(proxy), (Names { "f.jpg", "b.jpg", "a.jpg", "c.jpg", "d.jpg", "e.jpg" }));
    proxy.sort(JobLogModel::PixelsColumn, Qt::DescendingOrder);
    EXPECT_EQ(namesInOrder(proxy).front(), "d.jpg");
    EXPECT_EQ(namesInOrder(proxy)[1], "a.jpg") << "810,000 pixels before 100,000";
    EXPECT_EQ(namesInOrder(proxy)[2], "c.jpg");
    proxy.sort(JobLogModel::TimeColumn, Qt::DescendingOrder);
    const Names byTime = namesInOrder(proxy);
    EXPECT_EQ(Names(byTime.begin(), byTime.begin() + 3), (Names { "c.jpg", "a.jpg", "e.jpg" }));
    proxy.sort(JobLogModel::StatusColumn, Qt::DescendingOrder);
    const Names byStatus = namesInOrder(proxy);
    EXPECT_EQ(byStatus[0], "b.jpg") << "failures first";
    EXPECT_EQ(byStatus[1], "f.jpg") << "then the cancelled";
    EXPECT_EQ(byStatus[2], "d.jpg") << "then the skipped";
    // A first click sorts the numbers largest first, the names A to Z.
    EXPECT_EQ(model.headerData(JobLogModel::BytesColumn, Qt::Horizontal, Qt::InitialSortOrderRole)
                  .value<Qt::SortOrder>(),
        Qt::DescendingOrder);
    EXPECT_EQ(model.headerData(JobLogModel::FileColumn, Qt::Horizontal, Qt::InitialSortOrderRole)
                  .value<Qt::SortOrder>(),
        Qt::AscendingOrder);
    // Unsorted again: the order the files finished in.
    proxy.sort(-1);
    EXPECT_EQ(
        namesInOrder(proxy), (Names { "a.jpg", "b.jpg", "c.jpg", "d.jpg", "e.jpg", "f.jpg" }));
}

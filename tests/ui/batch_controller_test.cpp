// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/ui/batch_controller.h"
#include "qt_test_support.h"
#include "support/test_support.h"

#include <QStringList>
#include <algorithm>
#include <gtest/gtest.h>

namespace fs = std::filesystem;
using dropsize::ui::BatchController;
using dropsize::ui::BatchProgress;
using dropsize::ui::BatchResult;
using dropsize::ui::BatchSettings;
using dropsize::ui::JobLogEntry;

namespace dropsize::test {

namespace {

    const char* stateName(BatchController::State state)
    {
        switch (state) {
        case BatchController::State::Idle:
            return "Idle";
        case BatchController::State::Planning:
            return "Planning";
        case BatchController::State::Running:
            return "Running";
        case BatchController::State::Paused:
            return "Paused";
        case BatchController::State::Cancelling:
            return "Cancelling";
        }
        return "?";
    }

    // Everything a controller emits, in order.
    struct Recorder {
        explicit Recorder(BatchController& controller)
        {
            QObject::connect(&controller, &BatchController::stateChanged, &context,
                [this](BatchController::State s) {
                    events.push_back(std::string("state:") + stateName(s));
                });
            QObject::connect(&controller, &BatchController::planned, &context,
                [this](qint64 jobs, const QStringList&) {
                    events.push_back("planned:" + std::to_string(jobs));
                });
            QObject::connect(&controller, &BatchController::jobsFinished, &context,
                [this](const QList<JobLogEntry>& list) {
                    events.emplace_back("jobs");
                    for (const JobLogEntry& e : list) {
                        entries.push_back(e);
                    }
                });
            QObject::connect(&controller, &BatchController::progressChanged, &context,
                [this](const BatchProgress& p) {
                    events.emplace_back("progress");
                    progress.push_back(p);
                });
            QObject::connect(
                &controller, &BatchController::finished, &context, [this](const BatchResult& r) {
                    events.emplace_back("finished");
                    result = r;
                    finished = true;
                });
        }

        QObject context;
        std::vector<std::string> events;
        std::vector<JobLogEntry> entries;
        std::vector<BatchProgress> progress;
        BatchResult result;
        bool finished = false;
    };

    void writeImages(const fs::path& dir, int count, int width, int height)
    {
        fs::create_directories(dir);
        for (int i = 0; i < count; ++i) {
            writeTestJpeg(dir / ("photo_" + std::to_string(i) + ".jpg"), width, height);
        }
    }

    // Every file under `dir`: no temporary left, and each final name holds a whole image.
    void expectOnlyWholeOutputs(const fs::path& dir)
    {
        if (!fs::exists(dir)) {
            return;
        }
        for (const auto& entry : fs::recursive_directory_iterator(dir)) {
            const std::string name = entry.path().filename().string();
            EXPECT_EQ(name.find(".tmp"), std::string::npos) << name;
            if (entry.is_regular_file() && name != kOutputMarkerName) {
                const auto bytes = readFile(entry.path());
                ASSERT_GE(bytes.size(), 4u) << name;
                EXPECT_EQ(bytes[bytes.size() - 2], 0xFF) << name << " does not end with EOI";
                EXPECT_EQ(bytes[bytes.size() - 1], 0xD9) << name << " does not end with EOI";
            }
        }
    }

} // namespace

TEST(BatchController, EmitsItsSignalsInOrderForARealBatch)
{
    TempDir dir;
    writeImages(dir.path(), 5, 320, 240);
    writeTestPng(dir.path() / "logo.png", 200, 100, 4);
    writeFile(
        dir.path() / "broken.jpg", { 0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 'J', 'F', 'I', 'F', 0 });

    BatchController controller;
    Recorder rec(controller);
    BatchSettings settings;
    settings.threads = 2;
    ASSERT_TRUE(controller.start({ toQString(dir.path()) }, settings));
    EXPECT_TRUE(controller.isBusy());
    ASSERT_TRUE(waitUntil([&] { return rec.finished && !controller.isBusy(); }));

    ASSERT_GE(rec.events.size(), 7u);
    EXPECT_EQ(rec.events[0], "state:Planning");
    EXPECT_EQ(rec.events[1], "planned:7");
    EXPECT_EQ(rec.events[2], "state:Running");
    EXPECT_EQ(rec.events[rec.events.size() - 2], "finished");
    EXPECT_EQ(rec.events.back(), "state:Idle");
    // Between them only finished jobs and progress, each batch of jobs followed by its progress.
    for (std::size_t i = 3; i + 2 < rec.events.size(); ++i) {
        const std::string& e = rec.events[i];
        EXPECT_TRUE(e == "jobs" || e == "progress") << e;
        if (e == "jobs") {
            EXPECT_EQ(rec.events[i + 1], "progress");
        }
    }

    ASSERT_EQ(rec.entries.size(), 7u);
    ASSERT_FALSE(rec.progress.empty());
    EXPECT_EQ(rec.progress.back().done, 7);
    EXPECT_EQ(rec.progress.back().total, 7);
    for (std::size_t i = 1; i < rec.progress.size(); ++i) {
        EXPECT_GE(rec.progress[i].done, rec.progress[i - 1].done);
    }

    const BatchSummary& s = rec.result.summary;
    EXPECT_TRUE(rec.result.error.isEmpty());
    EXPECT_EQ(s.total, 7u);
    EXPECT_EQ(s.ok, 6u);
    EXPECT_EQ(s.failed, 1u);
    EXPECT_FALSE(s.wasCancelled);
    ASSERT_EQ(rec.result.outputFolders.size(), 1);
    EXPECT_EQ(rec.result.outputFolders.front(), toQString(dir.path() / "ResizeImage"));

    int failures = 0;
    for (const JobLogEntry& e : rec.entries) {
        if (e.status == JobStatus::Failed) {
            ++failures;
            EXPECT_TRUE(e.input.endsWith(QStringLiteral("broken.jpg"))) << e.input.toStdString();
            EXPECT_FALSE(e.message.isEmpty());
            EXPECT_TRUE(e.output.isEmpty());
        } else {
            EXPECT_EQ(e.status, JobStatus::Ok);
            EXPECT_EQ(e.device, QStringLiteral("cpu"));
            EXPECT_EQ(e.outputSize.width() * 2, e.inputSize.width());
            EXPECT_TRUE(fs::exists(e.output.toStdU16String())) << e.output.toStdString();
            EXPECT_GT(e.inputBytes, 0);
            EXPECT_GT(e.outputBytes, 0);
        }
    }
    EXPECT_EQ(failures, 1);
    EXPECT_TRUE(fs::exists(dir.path() / "ResizeImage" / "photo_0.jpg"));
}

// Pausing lets the file in flight finish and starts no other. With one worker, a pause right
// after start() leaves at most one file done (the worker may have begun it already).
TEST(BatchController, PauseHoldsEveryNewJobUntilResume)
{
    TempDir dir;
    writeImages(dir.path(), 12, 160, 120);
    BatchController controller;
    Recorder rec(controller);
    BatchSettings settings;
    settings.threads = 1;
    ASSERT_TRUE(controller.start({ toQString(dir.path()) }, settings));
    controller.pause();
    EXPECT_EQ(controller.state(), BatchController::State::Paused);

    ASSERT_TRUE(waitUntil([&] {
        return std::find(rec.events.begin(), rec.events.end(), "planned:12") != rec.events.end();
    }));
    spinEventLoop(300);
    const std::size_t donePaused = rec.entries.size();
    EXPECT_LE(donePaused, 1u) << "jobs started while paused";
    spinEventLoop(300);
    EXPECT_EQ(rec.entries.size(), donePaused) << "a job finished while paused";
    EXPECT_EQ(controller.state(), BatchController::State::Paused);

    controller.resume();
    EXPECT_EQ(controller.state(), BatchController::State::Running);
    ASSERT_TRUE(waitUntil([&] { return rec.finished && !controller.isBusy(); }));
    EXPECT_EQ(rec.entries.size(), 12u);
    EXPECT_EQ(rec.result.summary.ok, 12u);
    EXPECT_FALSE(rec.result.summary.wasCancelled);
}

TEST(BatchController, CancelWhilePausedStartsNothingMore)
{
    TempDir dir;
    writeImages(dir.path(), 8, 160, 120);
    BatchController controller;
    Recorder rec(controller);
    BatchSettings settings;
    settings.threads = 1;
    ASSERT_TRUE(controller.start({ toQString(dir.path()) }, settings));
    controller.pause();
    controller.cancel();
    EXPECT_EQ(controller.state(), BatchController::State::Cancelling);
    ASSERT_TRUE(waitUntil([&] { return rec.finished && !controller.isBusy(); }));
    const BatchSummary& s = rec.result.summary;
    EXPECT_TRUE(s.wasCancelled);
    EXPECT_LE(s.ok, 1u) << "at most the file in flight when paused";
    // Stopped while the folder was walked (nothing planned), or with every file accounted for.
    EXPECT_TRUE(s.total == 0 || s.total == 8u) << s.total;
    EXPECT_EQ(s.ok + s.cancelled, s.total);
    EXPECT_EQ(rec.entries.size(), s.ok);
    EXPECT_EQ(rec.events.back(), "state:Idle");
    expectOnlyWholeOutputs(dir.path() / "ResizeImage");
}

// Cancel at once, while the folders may still be walked: the batch ends as cancelled, never
// as an error, and writes nothing.
TEST(BatchController, CancelWhilePlanningEndsAsCancelled)
{
    TempDir dir;
    for (int i = 0; i < 200; ++i) {
        std::filesystem::create_directories(dir.path() / ("sub" + std::to_string(i)));
    }
    writeImages(dir.path(), 4, 64, 48);
    BatchController controller;
    Recorder rec(controller);
    ASSERT_TRUE(controller.start({ toQString(dir.path()) }, BatchSettings {}));
    controller.cancel();
    ASSERT_TRUE(waitUntil([&] { return rec.finished && !controller.isBusy(); }));
    EXPECT_TRUE(rec.result.error.isEmpty()) << rec.result.error.toStdString();
    EXPECT_TRUE(rec.result.summary.wasCancelled);
    EXPECT_EQ(rec.result.summary.ok, 0u);
}

TEST(BatchController, CancelMidBatchStopsItAndLeavesOnlyWholeFiles)
{
    TempDir dir;
    writeImages(dir.path(), 60, 800, 600);
    BatchController controller;
    Recorder rec(controller);
    QObject::connect(
        &controller, &BatchController::jobsFinished, &controller, &BatchController::cancel);
    BatchSettings settings;
    settings.threads = 1;
    ASSERT_TRUE(controller.start({ toQString(dir.path()) }, settings));
    ASSERT_TRUE(waitUntil([&] { return rec.finished && !controller.isBusy(); }));

    const BatchSummary& s = rec.result.summary;
    EXPECT_TRUE(s.wasCancelled);
    EXPECT_GE(s.ok, 1u);
    EXPECT_LT(s.ok, 60u);
    EXPECT_EQ(s.ok + s.failed + s.skipped + s.cancelled, 60u);
    EXPECT_NE(
        std::find(rec.events.begin(), rec.events.end(), "state:Cancelling"), rec.events.end());
    expectOnlyWholeOutputs(dir.path() / "ResizeImage");
    // Every original is still there and unchanged in size.
    for (int i = 0; i < 60; ++i) {
        EXPECT_TRUE(fs::exists(dir.path() / ("photo_" + std::to_string(i) + ".jpg")));
    }
}

TEST(BatchController, RefusesASecondBatchWhileOneRuns)
{
    TempDir dir;
    writeImages(dir.path(), 2, 64, 64);
    BatchController controller;
    Recorder rec(controller);
    ASSERT_TRUE(controller.start({ toQString(dir.path()) }, BatchSettings {}));
    EXPECT_FALSE(controller.start({ toQString(dir.path()) }, BatchSettings {}));
    ASSERT_TRUE(waitUntil([&] { return rec.finished && !controller.isBusy(); }));
    EXPECT_EQ(rec.result.summary.total, 2u);
    // Idle again: the next batch starts (and skips what exists).
    rec.finished = false;
    ASSERT_TRUE(controller.start({ toQString(dir.path()) }, BatchSettings {}));
    ASSERT_TRUE(waitUntil([&] { return rec.finished && !controller.isBusy(); }));
    EXPECT_EQ(rec.result.summary.skipped, 2u);
}

TEST(BatchController, ReportsAPlanThatCannotStart)
{
    TempDir dir;
    writeImages(dir.path(), 1, 64, 64);
    BatchController controller;
    Recorder rec(controller);
    BatchSettings settings;
    settings.outputLocation = ui::OutputLocation::Folder;
    settings.outputFolder = toQString(dir.path()); // the input folder itself
    ASSERT_TRUE(controller.start({ toQString(dir.path()) }, settings));
    ASSERT_TRUE(waitUntil([&] { return rec.finished && !controller.isBusy(); }));
    EXPECT_FALSE(rec.result.error.isEmpty());
    EXPECT_EQ(rec.events.back(), "state:Idle");
    EXPECT_EQ(std::count(rec.events.begin(), rec.events.end(), "jobs"), 0);
}

} // namespace dropsize::test

namespace dropsize::test {

TEST(BatchController, SaysOnceWhyAGpuAskedForIsNotUsed)
{
    const DeviceInfo devices = probeDevices();
    if (devices.gpuUsable) {
        GTEST_SKIP() << "this machine has a usable GPU: the notice cannot be seen here";
    }
    TempDir dir;
    writeImages(dir.path(), 3, 64, 48);
    BatchController controller;
    Recorder rec(controller);
    QStringList notices;
    QObject::connect(&controller, &BatchController::notice, &rec.context,
        [&](const QString& message) { notices.append(message); });
    BatchSettings settings;
    settings.device = DeviceChoice::Gpu;
    ASSERT_TRUE(controller.start({ toQString(dir.path()) }, settings));
    ASSERT_TRUE(waitUntil([&] { return rec.finished && !controller.isBusy(); }));
    ASSERT_EQ(notices.size(), 1);
    EXPECT_TRUE(notices.front().contains(QString::fromStdString(devices.gpuReason.english())))
        << notices.front().toStdString();
    EXPECT_EQ(rec.result.summary.ok, 3u);
    EXPECT_EQ(rec.result.summary.okOnGpu, 0u);
}

} // namespace dropsize::test

namespace dropsize::test {

// The window's several sizes and name pattern reach the engine: each input is written once per
// size, under the pattern's names, and the log has a row per output with the size's label.
TEST(BatchController, WritesEverySizeUnderThePatternsNames)
{
    TempDir dir;
    writeImages(dir.path() / "in", 2, 320, 240);
    BatchController controller;
    Recorder rec(controller);
    BatchSettings settings;
    settings.sizes = QStringLiteral("160, 25%");
    settings.nameTemplate = QStringLiteral("{name}_{w}x{h}");
    settings.outputLocation = ui::OutputLocation::Folder;
    settings.outputFolder = toQString(dir.path() / "out");
    ASSERT_TRUE(validateSettings(settings, { toQString(dir.path() / "in") }).empty());
    ASSERT_TRUE(controller.start({ toQString(dir.path() / "in") }, settings));
    ASSERT_TRUE(waitUntil([&] { return rec.finished && !controller.isBusy(); }));

    for (const char* name : { "photo_0_160x120.jpg", "photo_1_160x120.jpg", "photo_0_80x60.jpg",
             "photo_1_80x60.jpg" }) {
        EXPECT_TRUE(fs::exists(dir.path() / "out" / name)) << name;
    }
    ASSERT_EQ(rec.entries.size(), 4u);
    std::vector<std::string> labels;
    for (const JobLogEntry& e : rec.entries) {
        EXPECT_EQ(e.status, JobStatus::Ok) << e.message.toStdString();
        const bool big = e.sizeLabel == QStringLiteral("160");
        EXPECT_EQ(e.outputSize, big ? QSize(160, 120) : QSize(80, 60));
        EXPECT_TRUE(
            e.output.endsWith(big ? QStringLiteral("_160x120.jpg") : QStringLiteral("_80x60.jpg")))
            << e.output.toStdString();
        labels.push_back(e.sizeLabel.toStdString());
    }
    std::sort(labels.begin(), labels.end());
    EXPECT_EQ(labels, (std::vector<std::string> { "160", "160", "25pct", "25pct" }));
}

} // namespace dropsize::test

namespace dropsize::test {

// The bar counts jobs as the plan and the summary do: with several sizes an input is one step
// of the bar (its log has a row per size), and the bar never goes past its total.
TEST(BatchController, ProgressCountsInputsNotTheLogsRowsOfEachSize)
{
    TempDir dir;
    writeImages(dir.path() / "in", 3, 320, 240);
    writeFile(dir.path() / "in" / "broken.jpg", { 0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 'J' });
    BatchController controller;
    Recorder rec(controller);
    BatchSettings settings;
    settings.sizes = QStringLiteral("160, 25%, 50%");
    settings.nameTemplate = QStringLiteral("{name}_{w}x{h}");
    ASSERT_TRUE(controller.start({ toQString(dir.path() / "in") }, settings));
    ASSERT_TRUE(waitUntil([&] { return rec.finished && !controller.isBusy(); }));

    const BatchSummary& s = rec.result.summary;
    ASSERT_EQ(s.total, 4u);
    EXPECT_EQ(s.ok, 3u);
    EXPECT_EQ(s.failed, 1u);
    EXPECT_GT(rec.entries.size(), s.total) << "a row per size";
    ASSERT_FALSE(rec.progress.empty());
    for (const BatchProgress& p : rec.progress) {
        EXPECT_LE(p.done, p.total);
        EXPECT_EQ(p.total, 4);
    }
    EXPECT_EQ(rec.progress.back().done, 4);
}

// "29/40 after a cancel while the summary says 27 done": the files a cancel stopped in flight
// have a row in the log but are the summary's "not done", so the bar's last count is the
// summary's done, skipped and failed.
TEST(BatchController, AfterACancelTheProgressIsWhatTheSummaryFinished)
{
    TempDir dir;
    writeImages(dir.path(), 40, 800, 600);
    BatchController controller;
    Recorder rec(controller);
    QObject::connect(
        &controller, &BatchController::jobsFinished, &controller, &BatchController::cancel);
    BatchSettings settings;
    settings.threads = 4; // files in flight when the cancel comes
    ASSERT_TRUE(controller.start({ toQString(dir.path()) }, settings));
    ASSERT_TRUE(waitUntil([&] { return rec.finished && !controller.isBusy(); }));

    const BatchSummary& s = rec.result.summary;
    EXPECT_TRUE(s.wasCancelled);
    EXPECT_GT(s.cancelled, 0u);
    EXPECT_EQ(s.ok + s.skipped + s.failed + s.cancelled, s.total);
    ASSERT_FALSE(rec.progress.empty());
    EXPECT_EQ(rec.progress.back().done, static_cast<qint64>(s.ok + s.skipped + s.failed));
    EXPECT_EQ(rec.progress.back().total, 40);
    EXPECT_EQ(rec.events[rec.events.size() - 3], "progress") << "the last progress comes first";
    EXPECT_EQ(rec.events[rec.events.size() - 2], "finished");
}

} // namespace dropsize::test

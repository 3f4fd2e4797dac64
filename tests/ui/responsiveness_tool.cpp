// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors

// Measures whether the window stays responsive during a large batch (a benchmark, not a test):
//     dropsize-ui-responsiveness FILES [WIDTH HEIGHT]
// Writes FILES small JPEGs into a temporary folder, opens the real window on it, starts the batch
// and meanwhile ticks a 10 ms timer on the UI thread. Prints how late the ticks came (the longest
// the window could not react), how often the log repainted, the rows the log kept and the
// process's peak memory. tests/bench/ui_responsiveness.sh runs it under Xvfb.

#include "dropsize/core/device_info.h"
#include "dropsize/ui/batch_controller.h"
#include "dropsize/ui/job_log_model.h"
#include "dropsize/ui/main_window.h"
#include "dropsize/ui/settings_store.h"
#include "support/test_support.h"

#include <QAbstractItemView>
#include <QApplication>
#include <QElapsedTimer>
#include <QPushButton>
#include <QSettings>
#include <QTableView>
#include <QTemporaryDir>
#include <QTimer>
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

namespace {

// Counts paint events of one widget.
class PaintCounter : public QObject {
public:
    using QObject::QObject;
    int count = 0;

protected:
    bool eventFilter(QObject* watched, QEvent* event) override
    {
        if (event->type() == QEvent::Paint) {
            ++count;
        }
        return QObject::eventFilter(watched, event);
    }
};

long peakRssKiB()
{
    std::ifstream status("/proc/self/status");
    std::string line;
    while (std::getline(status, line)) {
        if (line.rfind("VmHWM:", 0) == 0) {
            return std::stol(line.substr(6));
        }
    }
    return -1;
}

// What the batch did, how late the UI thread's 10 ms timer came, how often the log repainted,
// and the peak memory.
void printReport(const dropsize::ui::BatchResult& result, double seconds,
    std::vector<double>& lateMs, int paints, const dropsize::ui::JobLogModel& log)
{
    std::sort(lateMs.begin(), lateMs.end());
    const auto pct = [&](double p) {
        return lateMs.empty()
            ? 0.0
            : lateMs[static_cast<std::size_t>(p * static_cast<double>(lateMs.size() - 1))];
    };
    std::printf("batch: %zu done, %zu failed in %.1f s (%.0f images/s)\n", result.summary.ok,
        result.summary.failed, seconds, static_cast<double>(result.summary.ok) / seconds);
    std::printf("UI thread, 10 ms timer: %zu ticks; late by median %.1f ms, 99th percentile "
                "%.1f ms, worst %.1f ms\n",
        lateMs.size(), pct(0.5), pct(0.99), lateMs.empty() ? 0.0 : lateMs.back());
    std::printf("log: repainted %d times; %d rows kept, %lld folded\n", paints, log.rowCount(),
        static_cast<long long>(log.foldedCount()));
    std::printf("peak memory (VmHWM): %.1f MB\n", static_cast<double>(peakRssKiB()) / 1024.0);
}

} // namespace

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    const QStringList args = QApplication::arguments();
    if (args.size() < 2) {
        std::fprintf(stderr, "usage: dropsize-ui-responsiveness FILES [WIDTH HEIGHT]\n");
        return 2;
    }
    const int files = args[1].toInt();
    const int width = args.size() > 3 ? args[2].toInt() : 64;
    const int height = args.size() > 3 ? args[3].toInt() : 48;
    QTemporaryDir work;
    const std::filesystem::path photos = work.filePath(QStringLiteral("photos")).toStdU16String();
    std::filesystem::create_directories(photos);
    for (int i = 0; i < files; ++i) {
        dropsize::test::writeTestJpeg(
            photos / ("img_" + std::to_string(i) + ".jpg"), width, height);
    }
    std::printf("%d JPEGs of %dx%d written\n", files, width, height);

    QSettings settings(work.filePath(QStringLiteral("dropsize.ini")), QSettings::IniFormat);
    dropsize::ui::SettingsStore store(settings);
    dropsize::ui::BatchController controller;
    dropsize::ui::MainWindow window(store, controller, dropsize::probeDevices());
    window.resize(1180, 800);
    window.show();
    window.addInputs({ QString::fromStdU16String(photos.u16string()) });

    PaintCounter paints;
    QTableView* logView = nullptr;
    for (QTableView* view : window.findChildren<QTableView*>()) {
        if (view->model() != nullptr && view->model()->columnCount() > 2) {
            logView = view;
        }
    }
    if (logView != nullptr) {
        logView->viewport()->installEventFilter(&paints);
    }

    std::vector<double> lateMs; // how much later than 10 ms each tick came
    QElapsedTimer sinceTick;
    QElapsedTimer batchClock;
    QTimer ticker;
    QObject::connect(&ticker, &QTimer::timeout, &app, [&] {
        if (sinceTick.isValid()) {
            lateMs.push_back(
                std::max(0.0, static_cast<double>(sinceTick.nsecsElapsed()) / 1e6 - 10.0));
        }
        sinceTick.start();
    });
    QObject::connect(&controller, &dropsize::ui::BatchController::finished, &app,
        [&](const dropsize::ui::BatchResult& result) {
            ticker.stop();
            const double seconds = static_cast<double>(batchClock.elapsed()) / 1000.0;
            printReport(result, seconds, lateMs, paints.count, *window.log());
            QTimer::singleShot(0, &app, &QApplication::quit);
        });
    auto* poll = new QTimer(&window);
    QObject::connect(poll, &QTimer::timeout, &window, [&, poll] {
        if (window.startButton()->isEnabled()) {
            poll->stop();
            batchClock.start();
            ticker.start(10);
            window.startBatch();
        }
    });
    poll->start(20);
    return QApplication::exec();
}

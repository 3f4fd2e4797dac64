// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors

// Takes the README's screenshot: the real window in the middle of a real batch.
//     dropsize-ui-screenshot OUT.png FRACTION INPUT...
// It copies the input folders into a temporary folder and resizes the copies with the default
// settings (the inputs themselves are only read), grabs the window once FRACTION (0..1) of the
// files are done and a failure has just been logged (scrolled into view), then cancels and exits.
// Settings live in a temporary file, so the user's own are not touched. Run it under Xvfb:
// tests/ui/screenshot.sh.

#include "dropsize/core/device_info.h"
#include "dropsize/ui/batch_controller.h"
#include "dropsize/ui/job_log_model.h"
#include "dropsize/ui/main_window.h"
#include "dropsize/ui/settings_panel.h"
#include "dropsize/ui/settings_store.h"
#include "dropsize/ui/translations.h"

#include <QApplication>
#include <QDir>
#include <QFileInfo>
#include <QPixmap>
#include <QPushButton>
#include <QSettings>
#include <QTableView>
#include <QTemporaryDir>
#include <QTimer>
#include <algorithm>
#include <cstdio>
#include <filesystem>

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    const QStringList args = QApplication::arguments();
    if (args.size() < 4) {
        std::fprintf(stderr, "usage: dropsize-ui-screenshot OUT.png FRACTION INPUT...\n");
        return 2;
    }
    dropsize::ui::installTranslations(app, QLocale::system());
    const QString& out = args[1];
    const double fraction = args[2].toDouble();
    QTemporaryDir work;
    if (!work.isValid()) {
        std::fprintf(stderr, "cannot make a temporary folder\n");
        return 1;
    }
    QSettings settings(work.filePath(QStringLiteral("dropsize.ini")), QSettings::IniFormat);
    dropsize::ui::SettingsStore store(settings);
    dropsize::ui::BatchController controller;
    dropsize::ui::MainWindow window(store, controller, dropsize::probeDevices());
    window.resize(1180, 800);
    window.show();
    QStringList copies;
    for (const QString& input : args.mid(3)) {
        const std::filesystem::path from = input.toStdU16String();
        const std::filesystem::path to
            = work.filePath(QFileInfo(input).fileName()).toStdU16String();
        std::error_code ec;
        std::filesystem::copy(from, to, std::filesystem::copy_options::recursive, ec);
        if (ec) {
            std::fprintf(stderr, "cannot copy %s: %s\n", qPrintable(input), ec.message().c_str());
            return 1;
        }
        copies.append(QString::fromStdU16String(to.u16string()));
    }
    window.addInputs(copies);
    dropsize::ui::BatchSettings batch = window.settingsPanel()->settings();
    batch.threads = 1; // a calmer pace, to be caught half-way
    window.settingsPanel()->setSettings(batch);

    int status = 1;
    bool grabbed = false;
    // The newest failure among the log's last rows (those that just came), or -1.
    const auto recentFailure = [&window] {
        const dropsize::ui::JobLogModel* log = window.log();
        for (int row = log->rowCount() - 1; row >= std::max(0, log->rowCount() - 40); --row) {
            if (log->entry(row).status == dropsize::JobStatus::Failed) {
                return row;
            }
        }
        return -1;
    };
    // Scrolls the log (a table showing the log model's rows) so that `row` is in view.
    const auto showLogRow = [&window](int row) {
        for (QTableView* view : window.findChildren<QTableView*>()) {
            if (view->model() != nullptr && view->model()->rowCount() == window.log()->rowCount()
                && view->model()->columnCount() == window.log()->columnCount()) {
                view->scrollTo(view->model()->index(row, 0), QAbstractItemView::PositionAtCenter);
            }
        }
    };
    QObject::connect(&controller, &dropsize::ui::BatchController::progressChanged, &window,
        [&](const dropsize::ui::BatchProgress& p) {
            const int failure = recentFailure();
            if (!grabbed && p.total > 0 && failure >= 0
                && static_cast<double>(p.done) >= fraction * static_cast<double>(p.total)) {
                grabbed = true;
                showLogRow(failure);
                // Now, while the batch goes on; pending layouts first (not the queued events,
                // which could end the batch).
                QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
                const QPixmap shot = window.grab();
                status = shot.save(out, "PNG") ? 0 : 1;
                if (status != 0) {
                    std::fprintf(stderr, "cannot save a %dx%d picture to %s\n", shot.width(),
                        shot.height(), qPrintable(out));
                }
                controller.cancel();
            }
        });
    QObject::connect(&controller, &dropsize::ui::BatchController::finished, &app,
        [&] { QTimer::singleShot(0, &app, &QApplication::quit); });
    // Start once every input is counted (the Start button is enabled then).
    auto* poll = new QTimer(&window);
    QObject::connect(poll, &QTimer::timeout, &window, [&, poll] {
        if (window.startButton()->isEnabled()) {
            poll->stop();
            window.startBatch();
        }
    });
    poll->start(50);
    QTimer::singleShot(120000, &app, [&] {
        std::fprintf(stderr, "timed out\n");
        QApplication::exit(1);
    });
    const int rc = QApplication::exec();
    if (rc != 0 || status != 0) {
        std::fprintf(stderr, "no picture taken\n");
        return 1;
    }
    std::printf("wrote %s\n", qPrintable(QDir::toNativeSeparators(out)));
    return 0;
}

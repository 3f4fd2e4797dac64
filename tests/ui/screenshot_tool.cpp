// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors

// Takes the README's screenshot: the real window in the middle of a real batch.
//     dropsize-ui-screenshot OUT.png FRACTION INPUT...
// It copies the input folders into a temporary folder and resizes the copies with the default
// settings (the inputs themselves are only read), grabs the window once FRACTION (0..1) of the
// files are done and a failure has just been logged, then cancels and exits. Settings live in a
// temporary file, so the user's own are not touched. Run it under Xvfb: tests/ui/screenshot.sh.

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
    const QString out = args[1];
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
    bool failureJustLogged = false; // a failure among the last rows that arrived (so it is in view)
    QObject::connect(&controller, &dropsize::ui::BatchController::jobsFinished, &window,
        [&](const QList<dropsize::ui::JobLogEntry>& entries) {
            const auto recent = entries.end() - std::min<qsizetype>(entries.size(), 6);
            failureJustLogged = std::any_of(recent, entries.end(),
                [](const auto& e) { return e.status == dropsize::JobStatus::Failed; });
        });
    QObject::connect(&controller, &dropsize::ui::BatchController::progressChanged, &window,
        [&](const dropsize::ui::BatchProgress& p) {
            if (!grabbed && p.total > 0 && failureJustLogged
                && static_cast<double>(p.done) >= fraction * static_cast<double>(p.total)) {
                grabbed = true;
                // After one turn of the event loop (pending layouts done), while the batch goes
                // on; a batch that ends first leaves status at 1 (run it again).
                QTimer::singleShot(0, &window, [&] {
                    if (!controller.isBusy()) {
                        std::fprintf(stderr, "the batch ended before the picture was taken\n");
                        return;
                    }
                    const QPixmap shot = window.grab();
                    status = shot.save(out, "PNG") ? 0 : 1;
                    if (status != 0) {
                        std::fprintf(stderr, "cannot save a %dx%d picture to %s\n", shot.width(),
                            shot.height(), qPrintable(out));
                    }
                    controller.cancel();
                });
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
        return 1;
    }
    std::printf("wrote %s\n", qPrintable(QDir::toNativeSeparators(out)));
    return 0;
}

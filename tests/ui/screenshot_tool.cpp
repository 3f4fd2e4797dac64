// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors

// Takes the README's screenshots: the real window in the middle of a real batch.
//     dropsize-ui-screenshot [--dark] [--locale NAME] [--size WxH] [--preview] [--show NAME]
//                            OUT.png FRACTION INPUT...
// It copies the input folders into a temporary folder and resizes the copies with the default
// settings (the inputs themselves are only read), grabs the window once FRACTION (0..1) of the
// files are done and a failure has just been logged (scrolled into view), then cancels and exits.
// Settings live in a temporary file, so the user's own are not touched. --dark gives the window
// a dark palette (Fusion, as a desktop's dark theme would), --locale its language ("zh_CN"),
// --size its size (default: the screen's), --preview selects the first input and starts the batch
// once its preview (of the first image that has one) is shown, and the picture shows the
// preview's tab; --show NAME opens "More options" and scrolls the setting of that accessible
// name into view. Run it under Xvfb: tests/ui/screenshot.sh.

#include "dropsize/core/device_info.h"
#include "dropsize/ui/batch_controller.h"
#include "dropsize/ui/input_list_model.h"
#include "dropsize/ui/job_log_model.h"
#include "dropsize/ui/main_window.h"
#include "dropsize/ui/preview_pane.h"
#include "dropsize/ui/settings_panel.h"
#include "dropsize/ui/settings_store.h"
#include "dropsize/ui/translations.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QFileInfo>
#include <QHash>
#include <QImage>
#include <QPalette>
#include <QPixmap>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>
#include <QSettings>
#include <QStyleFactory>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTimer>
#include <algorithm>
#include <climits>
#include <cstdio>
#include <filesystem>
#include <optional>
#include <vector>

namespace {

// A dark palette as desktops' dark themes have it (Breeze Dark's colours), for Fusion, which
// takes every colour from the palette.
QPalette darkPalette()
{
    const QColor window(0x2a, 0x2e, 0x32);
    const QColor base(0x1b, 0x1e, 0x20);
    const QColor text(0xfc, 0xfc, 0xfc);
    const QColor disabled(0x8a, 0x8e, 0x92);
    QPalette p;
    p.setColor(QPalette::Window, window);
    p.setColor(QPalette::WindowText, text);
    p.setColor(QPalette::Base, base);
    p.setColor(QPalette::AlternateBase, window);
    p.setColor(QPalette::ToolTipBase, base);
    p.setColor(QPalette::ToolTipText, text);
    p.setColor(QPalette::PlaceholderText, disabled);
    p.setColor(QPalette::Text, text);
    p.setColor(QPalette::Button, QColor(0x31, 0x36, 0x3b));
    p.setColor(QPalette::ButtonText, text);
    p.setColor(QPalette::BrightText, QColor(0xff, 0xff, 0xff));
    p.setColor(QPalette::Highlight, QColor(0x3d, 0xae, 0xe9));
    p.setColor(QPalette::HighlightedText, text);
    p.setColor(QPalette::Link, QColor(0x1d, 0x99, 0xf3));
    p.setColor(QPalette::LinkVisited, QColor(0x9b, 0x59, 0xb6));
    p.setColor(QPalette::Light, QColor(0x40, 0x46, 0x4c));
    p.setColor(QPalette::Midlight, QColor(0x36, 0x3b, 0x40));
    p.setColor(QPalette::Mid, QColor(0x22, 0x25, 0x28));
    p.setColor(QPalette::Dark, QColor(0x14, 0x16, 0x18));
    p.setColor(QPalette::Shadow, QColor(0x0a, 0x0b, 0x0c));
    for (QPalette::ColorRole role :
        { QPalette::WindowText, QPalette::Text, QPalette::ButtonText }) {
        p.setColor(QPalette::Disabled, role, disabled);
    }
    return p;
}

// The README carries these pictures: a palette of the 256 most frequent colours makes a PNG
// a fifth of the size. A window has a few thousand colours, most of them the edges of
// antialiased letters; each takes the nearest colour of the palette. (Qt's own conversion to
// 8 bits maps to a fixed colour cube and turns the dark palette black.)
QImage toSmallImage(const QImage& shot)
{
    const QImage rgb = shot.convertToFormat(QImage::Format_RGB32);
    QHash<QRgb, qint64> counts;
    for (int y = 0; y < rgb.height(); ++y) {
        const auto* line = reinterpret_cast<const QRgb*>(rgb.constScanLine(y));
        for (int x = 0; x < rgb.width(); ++x) {
            ++counts[line[x]];
        }
    }
    std::vector<std::pair<qint64, QRgb>> byCount;
    byCount.reserve(static_cast<std::size_t>(counts.size()));
    for (auto it = counts.cbegin(); it != counts.cend(); ++it) {
        byCount.emplace_back(it.value(), it.key());
    }
    std::sort(byCount.begin(), byCount.end(), std::greater<>());
    QList<QRgb> palette;
    for (std::size_t i = 0; i < std::min<std::size_t>(256, byCount.size()); ++i) {
        palette.append(byCount[i].second);
    }
    QHash<QRgb, uchar> nearest;
    for (const auto& [count, colour] : byCount) {
        int best = 0;
        int bestDistance = INT_MAX;
        for (int i = 0; i < palette.size(); ++i) {
            const QRgb p = palette[i];
            const int dr = qRed(p) - qRed(colour);
            const int dg = qGreen(p) - qGreen(colour);
            const int db = qBlue(p) - qBlue(colour);
            const int distance = 3 * dr * dr + 4 * dg * dg + 2 * db * db;
            if (distance < bestDistance) {
                bestDistance = distance;
                best = i;
            }
        }
        nearest.insert(colour, static_cast<uchar>(best));
    }
    QImage indexed(rgb.size(), QImage::Format_Indexed8);
    indexed.setColorTable(palette);
    for (int y = 0; y < rgb.height(); ++y) {
        const auto* from = reinterpret_cast<const QRgb*>(rgb.constScanLine(y));
        uchar* to = indexed.scanLine(y);
        for (int x = 0; x < rgb.width(); ++x) {
            to[x] = nearest.value(from[x]);
        }
    }
    return indexed;
}

// The newest failure among the log's last rows (those that just came), or -1.
int recentFailure(const dropsize::ui::MainWindow& window)
{
    const dropsize::ui::JobLogModel* log = window.log();
    for (int row = log->rowCount() - 1; row >= std::max(0, log->rowCount() - 40); --row) {
        if (log->entry(row).status == dropsize::JobStatus::Failed) {
            return row;
        }
    }
    return -1;
}

// Scrolls the log (a table showing the log model's rows) so that `row` is in view.
void showLogRow(dropsize::ui::MainWindow& window, int row)
{
    for (QTableView* view : window.findChildren<QTableView*>()) {
        if (view->model() != nullptr && view->model()->rowCount() == window.log()->rowCount()
            && view->model()->columnCount() == window.log()->columnCount()) {
            view->scrollTo(view->model()->index(row, 0), QAbstractItemView::PositionAtCenter);
        }
    }
}

// Copies the input folders into `work`; the copies' paths, or nothing when one cannot be copied
// (said).
std::optional<QStringList> copyInputs(const QStringList& inputs, const QTemporaryDir& work)
{
    QStringList copies;
    for (const QString& input : inputs) {
        const std::filesystem::path from = input.toStdU16String();
        const std::filesystem::path to
            = work.filePath(QFileInfo(input).fileName()).toStdU16String();
        std::error_code ec;
        std::filesystem::copy(from, to, std::filesystem::copy_options::recursive, ec);
        if (ec) {
            std::fprintf(stderr, "cannot copy %s: %s\n", qPrintable(input), ec.message().c_str());
            return std::nullopt;
        }
        copies.append(QString::fromStdU16String(to.u16string()));
    }
    return copies;
}

// What the picture is taken of, and how it went.
struct Shot {
    QString out; // the PNG
    double fraction = 0; // of the files done
    bool preview = false; // show the preview's tab
    QString show; // the accessible name of a setting to scroll into view ("More options" open)
    bool grabbed = false;
    int status = 1;
};

// Grabs the window once `shot.fraction` of the files are done and a failure has just been
// logged (scrolled into view), then cancels the batch.
void grabWhenDue(
    dropsize::ui::BatchController& controller, dropsize::ui::MainWindow& window, Shot& shot)
{
    QObject::connect(&controller, &dropsize::ui::BatchController::progressChanged, &window,
        [&controller, &window, &shot](const dropsize::ui::BatchProgress& p) {
            const int failure = recentFailure(window);
            if (shot.grabbed || p.total == 0 || failure < 0
                || static_cast<double>(p.done) < shot.fraction * static_cast<double>(p.total)) {
                return;
            }
            shot.grabbed = true;
            showLogRow(window, failure);
            // With --preview the picture shows the preview's tab (the batch shows the log).
            if (shot.preview && window.previewPane() != nullptr) {
                window.resultTabs()->setCurrentWidget(window.previewPane());
            }
            // Now, while the batch goes on; pending layouts first (not the queued events,
            // which could end the batch).
            QCoreApplication::sendPostedEvents(nullptr, QEvent::LayoutRequest);
            for (QWidget* w : window.findChildren<QWidget*>()) {
                if (!shot.show.isEmpty() && w->accessibleName() == shot.show) {
                    for (auto* area : window.findChildren<QScrollArea*>()) {
                        if (area->isAncestorOf(w)) {
                            area->ensureWidgetVisible(w);
                        }
                    }
                }
            }
            const QPixmap picture = window.grab();
            shot.status = toSmallImage(picture.toImage()).save(shot.out, "PNG", 0) ? 0 : 1;
            if (shot.status != 0) {
                std::fprintf(stderr, "cannot save a %dx%d picture to %s\n", picture.width(),
                    picture.height(), qPrintable(shot.out));
            }
            controller.cancel();
        });
}

// Starts the batch once every input is counted (the Start button is enabled then); with
// `preview`, once the first input's preview is shown, so that the picture has it.
void startWhenReady(dropsize::ui::MainWindow& window, bool preview)
{
    auto* poll = new QTimer(&window);
    QObject::connect(poll, &QTimer::timeout, &window, [&window, poll, preview] {
        if (!window.startButton()->isEnabled()) {
            return;
        }
        poll->stop();
        dropsize::ui::PreviewPane* pane = window.previewPane();
        if (!preview || pane == nullptr) {
            window.startBatch();
            return;
        }
        // Selecting the row asks for the preview; the pane makes it off the UI thread.
        QObject::connect(pane, &dropsize::ui::PreviewPane::previewShown, &window, [&window, pane] {
            if (!window.startButton()->isEnabled()) {
                return; // shown again later, while the batch runs
            }
            // The folder's first image that has a preview (a 12-bit JPEG has none).
            if (pane->outputBytes().isEmpty()
                && pane->imageIndex() + 1 < pane->folderImages().size()) {
                pane->showNextImage();
                return;
            }
            window.startBatch();
        });
        // The input list: the table showing the inputs model (the shared images' first
        // folder holds photos).
        for (QTableView* view : window.findChildren<QTableView*>()) {
            if (view->model() == window.inputs()) {
                view->selectRow(0);
            }
        }
    });
    poll->start(50);
}

} // namespace

int main(int argc, char** argv)
{
    QApplication app(argc, argv);
    QCommandLineParser parser;
    const QCommandLineOption dark(QStringLiteral("dark"), QStringLiteral("A dark palette."));
    const QCommandLineOption locale(QStringLiteral("locale"),
        QStringLiteral("The window's language (en, zh_CN)."), QStringLiteral("NAME"),
        QStringLiteral("en_US"));
    const QCommandLineOption size(QStringLiteral("size"),
        QStringLiteral("The window's size (default: the screen's)."), QStringLiteral("WxH"));
    const QCommandLineOption preview(QStringLiteral("preview"),
        QStringLiteral("Select the first input (its preview, where the window has one)."));
    const QCommandLineOption show(QStringLiteral("show"),
        QStringLiteral("Open More options; scroll this setting into view."),
        QStringLiteral("NAME"));
    parser.addOptions({ dark, locale, size, preview, show });
    parser.addHelpOption();
    parser.addPositionalArgument(QStringLiteral("OUT.png"), QStringLiteral("The picture."));
    parser.addPositionalArgument(QStringLiteral("FRACTION"), QStringLiteral("0..1"));
    parser.addPositionalArgument(QStringLiteral("INPUT"), QStringLiteral("Folders to copy."));
    parser.process(app);
    const QStringList args = parser.positionalArguments();
    if (args.size() < 3) {
        std::fprintf(stderr, "%s\n", qPrintable(parser.helpText()));
        return 2;
    }
    // One style for light and dark, so that the two pictures differ in their colours only.
    QApplication::setStyle(QStyleFactory::create(QStringLiteral("Fusion")));
    QApplication::setPalette(
        parser.isSet(dark) ? darkPalette() : QApplication::style()->standardPalette());
    const QLocale language(parser.value(locale));
    QLocale::setDefault(language);
    dropsize::ui::installTranslations(app, language);
    const QString& out = args[0];
    const double fraction = args[1].toDouble();
    QTemporaryDir work;
    if (!work.isValid()) {
        std::fprintf(stderr, "cannot make a temporary folder\n");
        return 1;
    }
    QSettings settings(work.filePath(QStringLiteral("dropsize.ini")), QSettings::IniFormat);
    dropsize::ui::SettingsStore store(settings);
    store.setMoreOptionsOpen(parser.isSet(show));
    dropsize::ui::BatchController controller;
    dropsize::ui::MainWindow window(store, controller, dropsize::probeDevices());
    QSize windowSize = QApplication::primaryScreen()->availableSize();
    if (parser.isSet(size)) {
        const QStringList wh = parser.value(size).split(QLatin1Char('x'));
        if (wh.size() != 2 || wh[0].toInt() <= 0 || wh[1].toInt() <= 0) {
            std::fprintf(stderr, "--size takes WxH, as 1366x768\n");
            return 2;
        }
        windowSize = QSize(wh[0].toInt(), wh[1].toInt());
    }
    window.resize(windowSize);
    window.show();
    const auto copies = copyInputs(args.mid(2), work);
    if (!copies) {
        return 1;
    }
    window.addInputs(*copies);
    dropsize::ui::BatchSettings batch = window.settingsPanel()->settings();
    batch.threads = 1; // a calmer pace, to be caught half-way
    window.settingsPanel()->setSettings(batch);

    Shot shot { out, fraction, parser.isSet(preview), parser.value(show) };
    grabWhenDue(controller, window, shot);
    QObject::connect(&controller, &dropsize::ui::BatchController::finished, &app,
        [&] { QTimer::singleShot(0, &app, &QApplication::quit); });
    startWhenReady(window, parser.isSet(preview));
    QTimer::singleShot(120000, &app, [&] {
        std::fprintf(stderr, "timed out\n");
        QApplication::exit(1);
    });
    const int rc = QApplication::exec();
    if (rc != 0 || shot.status != 0) {
        std::fprintf(stderr, "no picture taken\n");
        return 1;
    }
    std::printf("wrote %s\n", qPrintable(QDir::toNativeSeparators(out)));
    return 0;
}

// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/core/device_info.h"
#include "dropsize/core/process_memory.h"
#include "dropsize/core/version.h"
#include "dropsize/ui/batch_controller.h"
#include "dropsize/ui/main_window.h"
#include "dropsize/ui/settings_store.h"
#include "dropsize/ui/translations.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QIcon>
#include <QSettings>

// The window: settings → controller → main window, then the event loop. Paths on the command
// line (a file manager's "Open with", a drop onto the icon) become inputs.
int main(int argc, char** argv)
{
    dropsize::keepFreedMemory();
    QApplication app(argc, argv);
    QApplication::setOrganizationName(QStringLiteral("Dropsize"));
    QApplication::setOrganizationDomain(QStringLiteral("dropsize.app"));
    QApplication::setApplicationName(QStringLiteral("Dropsize"));
    QApplication::setApplicationVersion(QStringLiteral("%1 (git %2)")
                                            .arg(QString::fromLatin1(dropsize::versionString()),
                                                QString::fromLatin1(dropsize::gitRevision())));
    QApplication::setDesktopFileName(QStringLiteral("app.dropsize.Dropsize"));
    // Installed, the icon theme has it (Linux); on Windows the executable's own icon is used.
    QApplication::setWindowIcon(QIcon::fromTheme(QStringLiteral("app.dropsize.Dropsize")));
    dropsize::ui::installTranslations(app, QLocale::system());

    QCommandLineParser parser;
    parser.setApplicationDescription(QApplication::translate("main", "Batch image resizer"));
    parser.addHelpOption();
    parser.addVersionOption();
    parser.addPositionalArgument(QStringLiteral("paths"),
        QApplication::translate("main", "Folders and images to add to the list."),
        QStringLiteral("[paths...]"));
    parser.process(app);

    QSettings settings;
    dropsize::ui::SettingsStore store(settings);
    dropsize::ui::BatchController controller;
    dropsize::ui::MainWindow window(store, controller, dropsize::probeDevices());
    window.addInputs(parser.positionalArguments());
    window.show();
    return QApplication::exec();
}

// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors

// The UI tests need a QApplication; they run headless on Qt's offscreen platform unless
// QT_QPA_PLATFORM says otherwise, in English whatever the machine's language.
#include "dropsize/ui/translations.h"

#include <QApplication>
#include <gtest/gtest.h>

int main(int argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) {
        qputenv("QT_QPA_PLATFORM", "offscreen");
    }
    QApplication app(argc, argv);
    dropsize::ui::installTranslations(app, QLocale(QLocale::English, QLocale::UnitedStates));
    ::testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}

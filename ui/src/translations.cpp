// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/ui/translations.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QTranslator>

namespace dropsize::ui {

bool installTranslations(QCoreApplication& app, const QLocale& locale)
{
    auto* qt = new QTranslator(&app);
    if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
            QLibraryInfo::path(QLibraryInfo::TranslationsPath))) {
        QCoreApplication::installTranslator(qt);
    } else {
        delete qt;
    }
    auto* own = new QTranslator(&app);
    // qt_add_translations() puts the compiled .qm files under :/i18n. A language without a
    // translation gets the English one, which holds the English plural forms ("1 image").
    const QString folder = QStringLiteral(":/i18n");
    const bool found = own->load(locale, QStringLiteral("dropsize"), QStringLiteral("_"), folder);
    if (found || own->load(QStringLiteral("dropsize_en"), folder)) {
        QCoreApplication::installTranslator(own);
    } else {
        delete own;
    }
    return found;
}

} // namespace dropsize::ui

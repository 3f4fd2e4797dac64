// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include <QLocale>

class QCoreApplication;

namespace dropsize::ui {

/// Installs Dropsize's own translation for `locale` (compiled into the program) and, when the
/// system has it, Qt's for its standard dialogs. Returns whether Dropsize's was found for that
/// locale; without one the English translation is installed (it holds the plural forms).
bool installTranslations(QCoreApplication& app, const QLocale& locale);

} // namespace dropsize::ui

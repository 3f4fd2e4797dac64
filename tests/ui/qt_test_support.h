// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include <QString>
#include <filesystem>
#include <functional>

namespace dropsize::test {

/// Runs the Qt event loop until `done` holds or `timeoutMs` passes; returns whether it held.
bool waitUntil(const std::function<bool()>& done, int timeoutMs = 20000);

/// Runs the Qt event loop for `ms` milliseconds.
void spinEventLoop(int ms);

/// A path as Qt writes it: '/' between the names on every system, as QFileDialog and QUrl give
/// them and the window's own paths are.
QString toQString(const std::filesystem::path& path);

} // namespace dropsize::test

#include <ostream>

/// Lets GoogleTest print QStrings as text.
inline void PrintTo(const QString& s, std::ostream* os) { *os << '"' << s.toStdString() << '"'; }

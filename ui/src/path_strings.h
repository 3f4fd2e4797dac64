// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

// Paths between the engine (std::filesystem) and the window (QString, always with '/' inside Qt,
// shown with the platform's separators). UTF-16 on both sides, so no name is mangled on Windows.

#include <QDir>
#include <QString>
#include <filesystem>

namespace dropsize::ui {

inline QString toQString(const std::filesystem::path& path)
{
    return QDir::fromNativeSeparators(QString::fromStdU16String(path.u16string()));
}

inline std::filesystem::path toPath(const QString& path)
{
    return std::filesystem::path(QDir::toNativeSeparators(path).toStdU16String());
}

} // namespace dropsize::ui

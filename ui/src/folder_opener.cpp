// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/ui/folder_opener.h"

#include "file_launcher.h"

#include <QDesktopServices>
#include <QDir>
#include <QGuiApplication>
#include <QUrl>
#include <memory>

namespace dropsize::ui {

namespace {

    bool openWithDesktop(const QString& folder)
    {
        return QDesktopServices::openUrl(QUrl::fromLocalFile(folder));
    }

} // namespace

FolderOpener::FolderOpener()
    : m_launcher(openWithDesktop)
{
#if !defined(Q_OS_WIN) && !defined(Q_OS_MACOS)
    // Where folders open through the freedesktop MIME defaults (xdg-open), ask them first: the
    // same query as the log's launcher (xdg-mime).
    m_query = [desktop = std::shared_ptr<Desktop>(makeSystemDesktop())] {
        return desktop->defaultApplication(QStringLiteral("inode/directory"));
    };
#endif
}

FolderOpener::FolderOpener(Launcher launcher, HandlerQuery query)
    : m_launcher(std::move(launcher))
    , m_query(std::move(query))
{
}

FolderOpener::Outcome FolderOpener::open(const QString& folder) const
{
    if (m_query) {
        // No default, or Dropsize itself: xdg-open would then open nothing, a second Dropsize
        // window, or whatever application happens to be listed first for folders. Another
        // registered handler is not tried either: what is listed for folders besides a file
        // manager (a terminal, an image viewer, an archive tool) would surprise more than the
        // path the window shows instead.
        const QString handler = m_query();
        if (handler.isEmpty() || handler.compare(ownDesktopFileId(), Qt::CaseInsensitive) == 0) {
            return Outcome::NoFileManager;
        }
    }
    if (!m_launcher || !m_launcher(folder)) {
        return Outcome::Failed;
    }
    return Outcome::Opened;
}

QString FolderOpener::commonRoot(const QStringList& folders)
{
#ifdef Q_OS_WIN
    constexpr Qt::CaseSensitivity kCase = Qt::CaseInsensitive;
#else
    constexpr Qt::CaseSensitivity kCase = Qt::CaseSensitive;
#endif
    if (folders.isEmpty()) {
        return {};
    }
    // Name by name: "/a/b" is "", "a", "b"; "C:/a" is "C:", "a".
    QStringList common = QDir::cleanPath(folders.front()).split(QLatin1Char('/'));
    for (const QString& folder : folders) {
        const QStringList names = QDir::cleanPath(folder).split(QLatin1Char('/'));
        qsizetype same = 0;
        while (same < common.size() && same < names.size()
            && common[same].compare(names[same], kCase) == 0) {
            ++same;
        }
        common = common.mid(0, same);
    }
    // The top of a drive (or different drives) holds everything: no folder worth opening.
    if (common.size() < 2) {
        return {};
    }
    return common.join(QLatin1Char('/'));
}

QString FolderOpener::ownDesktopFileId()
{
    QString id = QGuiApplication::desktopFileName();
    if (id.isEmpty()) {
        id = QStringLiteral("app.dropsize.Dropsize"); // main.cpp's; set even when tests do not
    }
    return id.endsWith(QStringLiteral(".desktop")) ? id : id + QStringLiteral(".desktop");
}

} // namespace dropsize::ui

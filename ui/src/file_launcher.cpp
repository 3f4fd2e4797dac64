// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "file_launcher.h"

#include "dropsize/ui/folder_opener.h"

#include <QDesktopServices>
#include <QDir>
#include <QFileInfo>
#include <QGuiApplication>
#include <QMimeDatabase>
#include <QProcess>
#include <QStandardPaths>

#ifdef DROPSIZE_HAVE_QT_DBUS
#include <QDBusConnection>
#include <QDBusMessage>
#endif

namespace dropsize::ui {

namespace {

    class SystemDesktop final : public Desktop {
    public:
        QString defaultApplication(const QString& mimeType) override
        {
#if defined(Q_OS_UNIX) && !defined(Q_OS_MACOS)
            const QString xdgMime = QStandardPaths::findExecutable(QStringLiteral("xdg-mime"));
            if (xdgMime.isEmpty()) {
                return {};
            }
            QProcess query;
            query.start(xdgMime, { QStringLiteral("query"), QStringLiteral("default"), mimeType });
            // A user action waits for it; xdg-mime answers from files, well within this.
            if (!query.waitForFinished(3000)) {
                query.kill();
                query.waitForFinished(3000);
                return {};
            }
            if (query.exitStatus() != QProcess::NormalExit || query.exitCode() != 0) {
                return {}; // no default set: xdg-mime says nothing useful
            }
            return QString::fromLocal8Bit(query.readAllStandardOutput()).trimmed();
#else
            Q_UNUSED(mimeType)
            return {};
#endif
        }

        bool openUrl(const QUrl& url) override { return QDesktopServices::openUrl(url); }

        bool showItems(const QUrl& file) override
        {
#ifdef DROPSIZE_HAVE_QT_DBUS
            QDBusConnection bus = QDBusConnection::sessionBus();
            if (!bus.isConnected()) {
                return false;
            }
            QDBusMessage call
                = QDBusMessage::createMethodCall(QStringLiteral("org.freedesktop.FileManager1"),
                    QStringLiteral("/org/freedesktop/FileManager1"),
                    QStringLiteral("org.freedesktop.FileManager1"), QStringLiteral("ShowItems"));
            call << QStringList { file.toString(QUrl::FullyEncoded) } << QString();
            // The bus starts a file manager that is not running yet; that can take a moment.
            const QDBusMessage reply = bus.call(call, QDBus::Block, 5000);
            return reply.type() == QDBusMessage::ReplyMessage;
#else
            Q_UNUSED(file)
            return false;
#endif
        }

        bool startDetached(const QString& program, const QStringList& arguments) override
        {
            QProcess process;
            process.setProgram(program);
#ifdef Q_OS_WIN
            process.setNativeArguments(arguments.join(QLatin1Char(' ')));
#else
            process.setArguments(arguments);
#endif
            return process.startDetached();
        }
    };

} // namespace

std::unique_ptr<Desktop> makeSystemDesktop() { return std::make_unique<SystemDesktop>(); }

FileLauncher::FileLauncher(std::unique_ptr<Desktop> desktop, Platform platform)
    : m_desktop(std::move(desktop))
    , m_platform(platform)
{
}

FileLauncher::Platform FileLauncher::current() noexcept
{
#if defined(Q_OS_WIN)
    return Platform::Windows;
#elif defined(Q_OS_UNIX) && !defined(Q_OS_MACOS)
    return Platform::Linux;
#else
    return Platform::Other;
#endif
}

bool FileLauncher::isDropsize(const QString& desktopId) const
{
    // The installed entry's id, or the one the program was started as (a renamed package).
    return !desktopId.isEmpty()
        && (desktopId == QLatin1String(kDesktopId)
            || desktopId.compare(FolderOpener::ownDesktopFileId(), Qt::CaseInsensitive) == 0);
}

FileLauncher::Outcome FileLauncher::open(const QString& path)
{
    const QFileInfo file(path);
    if (!file.exists()) {
        return Outcome::Missing;
    }
    // Only Linux says which application it would start; Windows opens images with the
    // Photos app unless the user chose otherwise (the installer only offers Dropsize in
    // "Open with").
    if (m_platform == Platform::Linux) {
        const QString type = QMimeDatabase().mimeTypeForFile(file).name();
        if (isDropsize(m_desktop->defaultApplication(type))) {
            return Outcome::OnlyDropsize;
        }
    }
    return m_desktop->openUrl(QUrl::fromLocalFile(file.absoluteFilePath())) ? Outcome::Opened
                                                                            : Outcome::Failed;
}

FileLauncher::Outcome FileLauncher::showInFolder(const QString& path)
{
    const QFileInfo file(path);
    if (!file.exists()) {
        // Its folder may still be there (a deleted output): open that.
        return file.dir().exists() ? openFolder(file.absolutePath()) : Outcome::Missing;
    }
    const QString absolute = file.absoluteFilePath();
    switch (m_platform) {
    case Platform::Linux:
        if (m_desktop->showItems(QUrl::fromLocalFile(absolute))) {
            return Outcome::Opened;
        }
        break;
    case Platform::Windows:
        // explorer takes "/select," and the path as one argument, the path quoted (spaces).
        if (m_desktop->startDetached(QStringLiteral("explorer.exe"),
                { QStringLiteral("/select,\"%1\"").arg(QDir::toNativeSeparators(absolute)) })) {
            return Outcome::Opened;
        }
        break;
    case Platform::Other:
        break;
    }
    return openFolder(file.absolutePath());
}

FileLauncher::Outcome FileLauncher::openFolder(const QString& folder)
{
    // Only Linux says which application opens folders; elsewhere the shell's file manager does.
    FolderOpener::HandlerQuery query;
    if (m_platform == Platform::Linux) {
        query = [this] { return m_desktop->defaultApplication(QStringLiteral("inode/directory")); };
    }
    const FolderOpener opener(
        [this](const QString& path) { return m_desktop->openUrl(QUrl::fromLocalFile(path)); },
        std::move(query));
    switch (opener.open(folder)) {
    case FolderOpener::Outcome::Opened:
        return Outcome::Opened;
    case FolderOpener::Outcome::NoFileManager:
        return Outcome::NoFileManager;
    case FolderOpener::Outcome::Failed:
        break;
    }
    return Outcome::Failed;
}

} // namespace dropsize::ui

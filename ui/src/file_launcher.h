// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include <QString>
#include <QStringList>
#include <QUrl>
#include <memory>

namespace dropsize::ui {

/// What FileLauncher asks of the desktop. The window uses makeSystemDesktop(); tests give their
/// own and look at what would have been opened.
class Desktop {
public:
    Desktop() = default;
    Desktop(const Desktop&) = delete;
    Desktop& operator=(const Desktop&) = delete;
    virtual ~Desktop() = default;

    /// The desktop id of the application that opens `mimeType` ("org.gnome.eog.desktop", as
    /// `xdg-mime query default` says); empty when it cannot be known (no xdg-mime, not Linux).
    virtual QString defaultApplication(const QString& mimeType) = 0;
    /// Opens a file or folder with its default application (QDesktopServices::openUrl).
    virtual bool openUrl(const QUrl& url) = 0;
    /// Asks the file manager to show `file` selected (org.freedesktop.FileManager1.ShowItems over
    /// D-Bus); false when there is no such file manager, or the build has no Qt DBus.
    virtual bool showItems(const QUrl& file) = 0;
    /// Starts `program` without waiting for it. `arguments` reach it as written, joined by
    /// spaces (on Windows as its command line, so that explorer's /select,"path" keeps its
    /// quotes).
    virtual bool startDetached(const QString& program, const QStringList& arguments) = 0;
};

/// The real desktop of the system the program runs on.
std::unique_ptr<Desktop> makeSystemDesktop();

/// Opens the log's files: a result in the default viewer, or its folder with the file selected.
/// Never hands a file to Dropsize itself: the desktop entry registers Dropsize for the image
/// types, and where it is the default, opening would start a second Dropsize. A folder opens by
/// FolderOpener's rule (folder_opener.h), the one the output folder follows.
class FileLauncher {
public:
    enum class Platform { Linux, Windows, Other };
    enum class Outcome {
        Opened,
        OnlyDropsize, ///< Dropsize is the default application for the file: nothing was opened
        /// A folder was to open and no file manager is the default for folders (none, or
        /// Dropsize): nothing was opened (FolderOpener's rule)
        NoFileManager,
        Missing, ///< the file is not there (any more)
        Failed, ///< the desktop could not open it
    };

    /// The desktop id of Dropsize's own entry (installer/CMakeLists.txt: DROPSIZE_APP_ID).
    static constexpr const char* kDesktopId = "app.dropsize.Dropsize.desktop";

    explicit FileLauncher(
        std::unique_ptr<Desktop> desktop = makeSystemDesktop(), Platform platform = current());

    static Platform current() noexcept;

    /// Opens `path` (a file) with the default application for its type.
    Outcome open(const QString& path);
    /// Shows `path` selected in the file manager where the desktop allows it (Linux:
    /// FileManager1; Windows: explorer /select), else opens the folder that holds it.
    Outcome showInFolder(const QString& path);

    Desktop& desktop() noexcept { return *m_desktop; }

private:
    bool isDropsize(const QString& desktopId) const;
    Outcome openFolder(const QString& folder);

    std::unique_ptr<Desktop> m_desktop;
    Platform m_platform;
};

} // namespace dropsize::ui

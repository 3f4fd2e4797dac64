// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include <QString>
#include <QStringList>
#include <functional>

namespace dropsize::ui {

/// Opens a folder in the desktop's file manager, and never in Dropsize itself: Dropsize's
/// desktop entry once claimed folders, so on a desktop where it is (or became) the default
/// handler of inode/directory, opening a folder would start a second Dropsize window. The
/// launcher and the query of the default handler are functions, so tests decide what the
/// desktop does.
class FolderOpener {
public:
    /// Hands `folder` to the desktop; false when nothing took it (QDesktopServices::openUrl).
    using Launcher = std::function<bool(const QString& folder)>;
    /// The desktop file id of the default folder handler ("org.gnome.Nautilus.desktop"), or
    /// empty when none is set or it cannot be told (no xdg-mime).
    using HandlerQuery = std::function<QString()>;

    enum class Outcome {
        Opened,
        NoFileManager, ///< nothing to open folders with, or only Dropsize: not tried
        Failed, ///< the launcher was tried and failed
    };

    /// The desktop's own: QDesktopServices, and on Linux and other free desktops
    /// `xdg-mime query default inode/directory` first.
    FolderOpener();
    /// `query` may be empty: the desktop then has no default handler to check (Windows, macOS).
    FolderOpener(Launcher launcher, HandlerQuery query);

    [[nodiscard]] Outcome open(const QString& folder) const;

    /// The deepest folder that holds every one of `folders` (one of them, when it holds the
    /// others); empty when only the top of a drive holds them all, or when there are none.
    static QString commonRoot(const QStringList& folders);

    /// Dropsize's own desktop file id ("app.dropsize.Dropsize.desktop").
    static QString ownDesktopFileId();

private:
    Launcher m_launcher;
    HandlerQuery m_query;
};

} // namespace dropsize::ui

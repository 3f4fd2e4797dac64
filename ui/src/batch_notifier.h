// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/ui/batch_controller.h"

#include <QObject>
#include <QPointer>
#include <QString>
#include <memory>

class QWidget;

namespace dropsize::ui {

/// How BatchNotifier reaches the desktop. The window uses makeSystemNotificationSender(); tests
/// give their own and count what it was asked.
class NotificationSender {
public:
    NotificationSender() = default;
    NotificationSender(const NotificationSender&) = delete;
    NotificationSender& operator=(const NotificationSender&) = delete;
    virtual ~NotificationSender() = default;

    /// Shows a desktop notification; false when the desktop has no way to (no notification
    /// service, no system tray).
    virtual bool notify(const QString& title, const QString& body) = 0;
    /// Marks the window in the taskbar (QApplication::alert); nothing happens where it is the
    /// active window.
    virtual void alert(QWidget* window) = 0;
};

/// Linux: org.freedesktop.Notifications over D-Bus where the build has Qt DBus; elsewhere (and
/// where that fails) a message from a system tray icon, if there is a tray.
std::unique_ptr<NotificationSender> makeSystemNotificationSender();

/// Shows a batch's progress outside the window: in the window title while it runs ("42 % ·
/// Dropsize", paused and cancelling too), and at the end, when the window is not the active one,
/// a desktop notification with the counts, and always a taskbar alert.
class BatchNotifier : public QObject {
    Q_OBJECT
public:
    /// `window`'s title when the notifier is made is its title while idle.
    BatchNotifier(BatchController& controller, QWidget* window,
        std::unique_ptr<NotificationSender> sender = makeSystemNotificationSender());
    ~BatchNotifier() override;

    void setSender(std::unique_ptr<NotificationSender> sender);

    /// The title for `state` at `percent` (0..100), after `base` ("Dropsize").
    static QString title(BatchController::State state, int percent, const QString& base);
    /// "340 done, 2 failed" (with the skipped and the not done when there are any).
    static QString countsText(const BatchSummary& summary);

private:
    void updateTitle();
    void onFinished(const BatchResult& result);

    BatchController& m_controller;
    QPointer<QWidget> m_window;
    std::unique_ptr<NotificationSender> m_sender;
    QString m_baseTitle;
    int m_percent = 0;
};

} // namespace dropsize::ui

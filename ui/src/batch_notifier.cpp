// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "batch_notifier.h"

#include <QApplication>
#include <QIcon>
#include <QSystemTrayIcon>
#include <QTimer>
#include <QWidget>

#ifdef DROPSIZE_HAVE_QT_DBUS
#include <QDBusConnection>
#include <QDBusMessage>
#include <QDBusPendingCallWatcher>
#include <QVariantMap>
#endif

namespace dropsize::ui {

namespace {

    class SystemNotificationSender final : public NotificationSender {
    public:
        bool notify(const QString& title, const QString& body) override
        {
            // Nobody sees a window on the offscreen platform (the tests, a headless run): a
            // notification of it would reach whoever uses the desktop's session bus.
            if (QGuiApplication::platformName() == QLatin1String("offscreen")) {
                return false;
            }
            return notifyOverDBus(title, body) || notifyFromTray(title, body);
        }

        void alert(QWidget* window) override { QApplication::alert(window); }

    private:
        bool notifyOverDBus(const QString& title, const QString& body)
        {
#ifdef DROPSIZE_HAVE_QT_DBUS
            QDBusConnection bus = QDBusConnection::sessionBus();
            if (!bus.isConnected()) {
                return false;
            }
            QDBusMessage call
                = QDBusMessage::createMethodCall(QStringLiteral("org.freedesktop.Notifications"),
                    QStringLiteral("/org/freedesktop/Notifications"),
                    QStringLiteral("org.freedesktop.Notifications"), QStringLiteral("Notify"));
            const QString app = QGuiApplication::desktopFileName();
            QVariantMap hints;
            if (!app.isEmpty()) {
                hints.insert(QStringLiteral("desktop-entry"), app);
            }
            // app_name, replaces_id, app_icon, summary, body, actions, hints, expire_timeout
            // (-1: the server's default).
            call << QGuiApplication::applicationDisplayName() << 0U << app << title << body
                 << QStringList() << hints << -1;
            // Not waited for (the bus may first start a notification server); where no server
            // answers, the tray shows it.
            auto* watcher = new QDBusPendingCallWatcher(bus.asyncCall(call, 10000), &m_context);
            QObject::connect(watcher, &QDBusPendingCallWatcher::finished, &m_context,
                [this, watcher, title, body] {
                    if (watcher->isError()) {
                        notifyFromTray(title, body);
                    }
                    watcher->deleteLater();
                });
            return true;
#else
            Q_UNUSED(title)
            Q_UNUSED(body)
            return false;
#endif
        }

        bool notifyFromTray(const QString& title, const QString& body)
        {
            if (!QSystemTrayIcon::isSystemTrayAvailable()) {
                return false;
            }
            if (m_tray == nullptr) {
                m_tray = std::make_unique<QSystemTrayIcon>(QApplication::windowIcon());
                m_hide.setSingleShot(true);
                QObject::connect(&m_hide, &QTimer::timeout, m_tray.get(), &QSystemTrayIcon::hide);
            }
            // The icon is there only while its message is.
            m_tray->show();
            m_tray->showMessage(title, body, QSystemTrayIcon::Information, 10000);
            m_hide.start(15000);
            return true;
        }

        QObject m_context; ///< what the pending D-Bus calls' watchers belong to
        std::unique_ptr<QSystemTrayIcon> m_tray;
        QTimer m_hide;
    };

} // namespace

std::unique_ptr<NotificationSender> makeSystemNotificationSender()
{
    return std::make_unique<SystemNotificationSender>();
}

BatchNotifier::BatchNotifier(
    BatchController& controller, QWidget* window, std::unique_ptr<NotificationSender> sender)
    : QObject(window)
    , m_controller(controller)
    , m_window(window)
    , m_sender(std::move(sender))
    , m_baseTitle(window->windowTitle())
{
    connect(&m_controller, &BatchController::stateChanged, this, [this] {
        if (m_controller.state() == BatchController::State::Planning) {
            m_percent = 0;
        }
        updateTitle();
    });
    connect(&m_controller, &BatchController::progressChanged, this,
        [this](const BatchProgress& progress) {
            m_percent = progress.total <= 0
                ? 0
                : static_cast<int>(std::min<qint64>(100, progress.done * 100 / progress.total));
            updateTitle();
        });
    connect(&m_controller, &BatchController::finished, this, &BatchNotifier::onFinished);
}

BatchNotifier::~BatchNotifier() = default;

void BatchNotifier::setSender(std::unique_ptr<NotificationSender> sender)
{
    m_sender = std::move(sender);
}

QString BatchNotifier::title(BatchController::State state, int percent, const QString& base)
{
    using State = BatchController::State;
    switch (state) {
    case State::Idle:
        return base;
    case State::Planning:
        return tr("Starting\u2026 \u00b7 %1").arg(base);
    case State::Running:
        return tr("%1 % \u00b7 %2").arg(percent).arg(base);
    case State::Paused:
        return tr("Paused at %1 % \u00b7 %2").arg(percent).arg(base);
    case State::Cancelling:
        return tr("Cancelling\u2026 \u00b7 %1").arg(base);
    }
    return base;
}

QString BatchNotifier::countsText(const BatchSummary& s)
{
    QString text = s.skipped > 0
        ? tr("%1 done, %2 skipped, %3 failed").arg(s.ok).arg(s.skipped).arg(s.failed)
        : tr("%1 done, %2 failed").arg(s.ok).arg(s.failed);
    if (s.cancelled > 0) {
        text = tr("%1, %2 not done").arg(text).arg(s.cancelled);
    }
    return text;
}

void BatchNotifier::updateTitle()
{
    if (m_window != nullptr) {
        m_window->setWindowTitle(title(m_controller.state(), m_percent, m_baseTitle));
    }
}

void BatchNotifier::onFinished(const BatchResult& result)
{
    if (m_window == nullptr) {
        return;
    }
    // The window says why a batch could not start, at once and in a dialog.
    if (result.error.isEmpty() && m_sender != nullptr) {
        if (!m_window->isActiveWindow()) {
            m_sender->notify(
                result.summary.wasCancelled ? tr("Dropsize cancelled") : tr("Dropsize finished"),
                countsText(result.summary));
        }
        m_sender->alert(m_window);
    }
}

} // namespace dropsize::ui

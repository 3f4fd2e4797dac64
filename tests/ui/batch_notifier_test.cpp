// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "batch_notifier.h"
#include "dropsize/ui/batch_controller.h"
#include "dropsize/ui/input_list_model.h"
#include "dropsize/ui/main_window.h"
#include "dropsize/ui/settings_store.h"
#include "qt_test_support.h"
#include "support/test_support.h"

#include <QApplication>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <gtest/gtest.h>
#include <memory>

namespace fs = std::filesystem;
using dropsize::ui::BatchController;
using dropsize::ui::BatchNotifier;
using dropsize::ui::MainWindow;
using dropsize::ui::NotificationSender;
using dropsize::ui::SettingsStore;
using State = BatchController::State;

namespace dropsize::test {

namespace {

    struct Sent {
        QStringList notifications; ///< "title: body"
        int alerts = 0;
    };

    class FakeSender final : public NotificationSender {
    public:
        explicit FakeSender(std::shared_ptr<Sent> sent)
            : m_sent(std::move(sent))
        {
        }
        bool notify(const QString& title, const QString& body) override
        {
            m_sent->notifications.append(title + QStringLiteral(": ") + body);
            return true;
        }
        void alert(QWidget* /*window*/) override { ++m_sent->alerts; }

    private:
        std::shared_ptr<Sent> m_sent;
    };

    // A window over a folder of images, its notifier sending to a fake, every title it had.
    struct NotifierFixture {
        explicit NotifierFixture(int images = 6)
            : settings(toQString(dir.path() / "dropsize.ini"), QSettings::IniFormat)
            , store(settings)
            , window(store, controller, DeviceInfo {})
        {
            window.batchNotifier()->setSender(std::make_unique<FakeSender>(sent));
            QObject::connect(&window, &QWidget::windowTitleChanged, &window,
                [this](const QString& title) { titles.append(title); });
            const fs::path photos = dir.path() / "photos";
            fs::create_directories(photos);
            for (int i = 0; i < images; ++i) {
                writeTestJpeg(photos / ("img_" + std::to_string(i) + ".jpg"), 64, 48);
            }
            writeFile(photos / "broken.jpg", { 0xff, 0xd8, 0xff, 0x00 });
            window.addInputs({ toQString(photos) });
        }

        bool runBatch()
        {
            if (!waitUntil([this] { return window.startButton()->isEnabled(); })) {
                return false;
            }
            bool finished = false;
            const QMetaObject::Connection done = QObject::connect(
                &controller, &BatchController::finished, &window, [&finished] { finished = true; });
            window.startBatch();
            const bool ok
                = waitUntil([&] { return finished && controller.state() == State::Idle; });
            QObject::disconnect(done);
            return ok;
        }

        TempDir dir;
        QSettings settings;
        SettingsStore store;
        BatchController controller;
        MainWindow window;
        std::shared_ptr<Sent> sent = std::make_shared<Sent>();
        QStringList titles;
    };

} // namespace

TEST(BatchNotifier, TitleSaysTheStateAndThePercentage)
{
    const QString base = QStringLiteral("Dropsize");
    EXPECT_EQ(BatchNotifier::title(State::Idle, 0, base), base);
    EXPECT_EQ(
        BatchNotifier::title(State::Running, 42, base), QStringLiteral("42 % \u00b7 Dropsize"));
    EXPECT_EQ(BatchNotifier::title(State::Paused, 42, base),
        QStringLiteral("Paused at 42 % \u00b7 Dropsize"));
    EXPECT_EQ(BatchNotifier::title(State::Cancelling, 42, base),
        QStringLiteral("Cancelling\u2026 \u00b7 Dropsize"));
    BatchSummary summary;
    summary.ok = 340;
    summary.failed = 2;
    EXPECT_EQ(BatchNotifier::countsText(summary), QStringLiteral("340 done, 2 failed"));
    summary.skipped = 5;
    summary.cancelled = 7;
    EXPECT_EQ(BatchNotifier::countsText(summary),
        QStringLiteral("340 done, 5 skipped, 2 failed, 7 not done"));
}

TEST(BatchNotifier, WindowTitleShowsTheProgressDuringABatchAndDropsizeAfter)
{
    NotifierFixture f;
    ASSERT_EQ(f.window.windowTitle(), QStringLiteral("Dropsize"));
    ASSERT_TRUE(f.runBatch());
    EXPECT_EQ(f.window.windowTitle(), QStringLiteral("Dropsize")) << "back after the batch";
    const QRegularExpression percent(QStringLiteral("^(\\d+) % \u00b7 Dropsize$"));
    int last = -1;
    for (const QString& title : std::as_const(f.titles)) {
        const QRegularExpressionMatch match = percent.match(title);
        if (match.hasMatch()) {
            const int value = match.captured(1).toInt();
            EXPECT_GE(value, last) << "the percentage only grows";
            EXPECT_LE(value, 100);
            last = value;
        }
    }
    EXPECT_GE(last, 0) << "no percentage in the titles: "
                       << f.titles.join(QStringLiteral(" | ")).toStdString();
}

TEST(BatchNotifier, WindowTitleSaysPausedAndCancelling)
{
    NotifierFixture f(40);
    ASSERT_TRUE(waitUntil([&] { return f.window.startButton()->isEnabled(); }));
    f.window.startBatch();
    f.controller.pause();
    ASSERT_TRUE(waitUntil([&] { return f.controller.state() == State::Paused; }));
    EXPECT_TRUE(f.window.windowTitle().startsWith(QStringLiteral("Paused at ")))
        << f.window.windowTitle().toStdString();
    f.controller.cancel();
    EXPECT_TRUE(f.titles.contains(QStringLiteral("Cancelling\u2026 \u00b7 Dropsize")))
        << f.titles.join(QStringLiteral(" | ")).toStdString();
    ASSERT_TRUE(waitUntil([&] { return f.controller.state() == State::Idle; }));
    EXPECT_EQ(f.window.windowTitle(), QStringLiteral("Dropsize"));
}

TEST(BatchNotifier, NotifiesAtTheEndOnlyWhenTheWindowIsNotActive)
{
    NotifierFixture f;
    f.window.show();
    f.window.activateWindow();
    if (!waitUntil([&] { return f.window.isActiveWindow(); }, 3000)) {
        GTEST_SKIP() << "this platform does not activate windows";
    }
    ASSERT_TRUE(f.runBatch());
    EXPECT_TRUE(f.sent->notifications.isEmpty()) << "the window is in front";
    EXPECT_EQ(f.sent->alerts, 1) << "the taskbar alert is always asked for";

    // Another window in front.
    QWidget other;
    other.show();
    other.activateWindow();
    ASSERT_TRUE(
        waitUntil([&] { return other.isActiveWindow() && !f.window.isActiveWindow(); }, 3000));
    ASSERT_TRUE(f.runBatch());
    ASSERT_EQ(f.sent->notifications.size(), 1);
    // Six written, the broken file failed (the re-run overwrites or skips the outputs: either
    // way, the failure is counted).
    EXPECT_TRUE(f.sent->notifications.front().startsWith(QStringLiteral("Dropsize finished: ")))
        << f.sent->notifications.front().toStdString();
    EXPECT_TRUE(f.sent->notifications.front().endsWith(QStringLiteral(", 1 failed")))
        << f.sent->notifications.front().toStdString();
    EXPECT_EQ(f.sent->alerts, 2);
}

TEST(BatchNotifier, NotifiesWithTheCountsWhenTheWindowIsHidden)
{
    NotifierFixture f;
    ASSERT_TRUE(f.runBatch());
    EXPECT_EQ(f.sent->notifications,
        QStringList { QStringLiteral("Dropsize finished: 6 done, 1 failed") });
}

} // namespace dropsize::test

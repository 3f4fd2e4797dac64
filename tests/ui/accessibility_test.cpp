// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors

// The window by keyboard and screen reader, in light and dark palettes, and its layout on a
// 1366x768 screen.
#include "dropsize/ui/input_list_model.h"
#include "dropsize/ui/job_log_model.h"
#include "dropsize/ui/log_pane.h"
#include "dropsize/ui/main_window.h"
#include "dropsize/ui/settings_panel.h"
#include "dropsize/ui/settings_store.h"
#include "dropsize/ui/translations.h"
#include "palette_colors.h"
#include "qt_test_support.h"
#include "support/test_support.h"
#include "window_harness.h"
#include "window_size.h"

#include <QAbstractSpinBox>
#include <QAccessible>
#include <QApplication>
#include <QComboBox>
#include <QGroupBox>
#include <QHeaderView>
#include <QKeyEvent>
#include <QLabel>
#include <QLayout>
#include <QLineEdit>
#include <QMenuBar>
#include <QProgressBar>
#include <QPushButton>
#include <QSet>
#include <QStatusBar>
#include <QStyle>
#include <QStyleFactory>
#include <QTabWidget>
#include <QTableView>
#include <QTranslator>
#include <gtest/gtest.h>
#include <map>
#include <memory>

namespace fs = std::filesystem;
using dropsize::ui::BatchController;
using dropsize::ui::BatchSettings;
using dropsize::ui::MainWindow;
using dropsize::ui::SettingsField;
using dropsize::ui::SettingsProblem;
using dropsize::ui::TextTone;

namespace dropsize::test {

namespace {

    struct WindowFixture : WindowHarness {
        // Shown and active, as a person sees it: focus and shortcuts need an active window.
        void showActive()
        {
            window.resize(ui::firstRunSize(QSize(1366, 728), window.minimumSizeHint()));
            window.show();
            window.activateWindow();
            ASSERT_TRUE(waitUntil([&] { return window.isActiveWindow(); }));
        }

        fs::path addFolder(const std::string& name, int images)
        {
            fs::path folder = dir.path() / name;
            fs::create_directories(folder);
            for (int i = 0; i < images; ++i) {
                writeTestJpeg(folder / ("img_" + std::to_string(i) + ".jpg"), 96, 64);
            }
            const qint64 before = std::max<qint64>(0, window.inputs()->totalImages());
            window.addInputs({ toQString(folder) });
            EXPECT_TRUE(
                waitUntil([&] { return window.inputs()->totalImages() == before + images; }));
            return folder;
        }

        template <typename W> W* child(const std::function<bool(W*)>& match)
        {
            for (W* w : window.findChildren<W*>()) {
                if (match(w)) {
                    return w;
                }
            }
            return nullptr;
        }

        QPushButton* button(const QString& text)
        {
            return child<QPushButton>([&](QPushButton* b) { return b->text() == text; });
        }

        QTableView* inputView()
        {
            return child<QTableView>([&](QTableView* v) { return v->model() == window.inputs(); });
        }

        QTableView* logView()
        {
            return child<QTableView>([&](QTableView* v) { return v->model() != window.inputs(); });
        }

        QProgressBar* progress() { return window.findChild<QProgressBar*>(); }
    };

    void pressKey(int key, Qt::KeyboardModifiers modifiers = Qt::NoModifier)
    {
        QWidget* target = QApplication::focusWidget();
        ASSERT_NE(target, nullptr) << "nothing has the focus";
        QKeyEvent press(QEvent::KeyPress, key, modifiers);
        QApplication::sendEvent(target, &press);
        QKeyEvent release(QEvent::KeyRelease, key, modifiers);
        QApplication::sendEvent(target, &release);
    }

    // What Tab can stop on: shown, enabled, taking focus by Tab, and not handing it to another
    // widget (a spin box gives it to its text field).
    QList<QWidget*> tabStops(QWidget& window)
    {
        QList<QWidget*> stops;
        for (QWidget* w : window.findChildren<QWidget*>()) {
            if (w->window() == &window && w->isVisible() && w->isEnabled()
                && (w->focusPolicy() & Qt::TabFocus) == Qt::TabFocus
                && w->focusProxy() == nullptr) {
                stops.append(w);
            }
        }
        return stops;
    }

    // The controls a screen reader lists: whatever can take the focus, by Tab or by a click.
    QList<QWidget*> accessibleControls(QWidget& window)
    {
        QList<QWidget*> controls;
        for (QWidget* w : window.findChildren<QWidget*>()) {
            // A widget with a focus proxy hands the focus to it (a spin box's text field to
            // the spin box), which is on the list itself.
            if (w->window() == &window && w->isVisible() && w->focusPolicy() != Qt::NoFocus
                && w->focusProxy() == nullptr) {
                controls.append(w);
            }
        }
        return controls;
    }

    QString describe(const QWidget* w)
    {
        QString text = QString::fromLatin1(w->metaObject()->className());
        if (const auto* b = qobject_cast<const QAbstractButton*>(w)) {
            text += QStringLiteral(" \"%1\"").arg(b->text());
        }
        if (!w->accessibleName().isEmpty()) {
            text += QStringLiteral(" (%1)").arg(w->accessibleName());
        }
        for (const QWidget* p = w->parentWidget(); p != nullptr; p = p->parentWidget()) {
            if (const auto* b = qobject_cast<const QAbstractButton*>(p)) {
                text += QStringLiteral(" in \"%1\"").arg(b->text());
            }
            if (qobject_cast<const QAbstractSpinBox*>(p) != nullptr) {
                text += QStringLiteral(" in a spin box (%1)").arg(p->accessibleName());
            }
        }
        return text;
    }

    // The underlined letter of a text ("Add f&iles" gives 'I'), or a null QChar.
    QChar mnemonic(const QString& text)
    {
        for (qsizetype i = 0; i + 1 < text.size(); ++i) {
            if (text[i] == QLatin1Char('&')) {
                if (text[i + 1] != QLatin1Char('&')) {
                    return text[i + 1].toUpper();
                }
                ++i;
            }
        }
        return {};
    }

    // Every Alt+letter of the window: its buttons and boxes, labels with a buddy, group boxes and
    // the menu bar's menus (the items in a menu have their own letters, while it is open).
    std::multimap<QChar, QString> mnemonics(MainWindow& window)
    {
        std::multimap<QChar, QString> letters;
        const auto add = [&](const QString& text) {
            if (const QChar c = mnemonic(text); !c.isNull()) {
                letters.emplace(c, text);
            }
        };
        for (QAbstractButton* b : window.findChildren<QAbstractButton*>()) {
            if (b->isVisibleTo(&window)) {
                add(b->text());
            }
        }
        for (QLabel* l : window.findChildren<QLabel*>()) {
            if (l->isVisibleTo(&window) && l->buddy() != nullptr) {
                add(l->text());
            }
        }
        for (QGroupBox* g : window.findChildren<QGroupBox*>()) {
            if (g->isVisibleTo(&window)) {
                add(g->title());
            }
        }
        for (QAction* a : window.menuBar()->actions()) {
            if (a->isVisible()) {
                add(a->text());
            }
        }
        return letters;
    }

    QStringList duplicates(const std::multimap<QChar, QString>& letters)
    {
        QStringList twice;
        for (auto it = letters.begin(); it != letters.end();) {
            const auto [first, last] = letters.equal_range(it->first);
            if (std::distance(first, last) > 1) {
                QStringList texts;
                for (auto t = first; t != last; ++t) {
                    texts.append(t->second);
                }
                twice.append(QStringLiteral("Alt+%1: %2").arg(it->first, texts.join(u", ")));
            }
            it = last;
        }
        return twice;
    }

    // The window's strings in Simplified Chinese while it lives.
    class ChineseTranslation {
    public:
        ChineseTranslation()
        {
            auto* app = QCoreApplication::instance();
            const QList<QTranslator*> before = app->findChildren<QTranslator*>();
            installed = ui::installTranslations(*app, QLocale(QLocale::Chinese, QLocale::China));
            for (QTranslator* t : app->findChildren<QTranslator*>()) {
                if (!before.contains(t)) {
                    m_added.append(t);
                }
            }
        }
        ~ChineseTranslation()
        {
            for (QTranslator* t : std::as_const(m_added)) {
                QCoreApplication::removeTranslator(t);
                delete t;
            }
        }
        ChineseTranslation(const ChineseTranslation&) = delete;
        ChineseTranslation& operator=(const ChineseTranslation&) = delete;

        bool installed = false;

    private:
        QList<QTranslator*> m_added;
    };

    // Every problem the settings can show, each long enough to take several lines.
    std::vector<SettingsProblem> everyProblem()
    {
        const QString longText = QStringLiteral(
            "the list of sizes \"2048,1024,fit:800x600,abc\" has an item that is not a size: "
            "give long edges, percentages, fit:WxH, fill:WxH, short:N, long:N or exact:WxH");
        std::vector<SettingsProblem> problems;
        for (SettingsField field : { SettingsField::Inputs, SettingsField::Size,
                 SettingsField::Sizes, SettingsField::OutputFolder, SettingsField::Name,
                 SettingsField::Quality, SettingsField::MaxBytes }) {
            problems.push_back({ field, longText });
        }
        return problems;
    }

    QList<QLabel*> tonedLabels(QWidget& window)
    {
        QList<QLabel*> labels;
        for (QLabel* l : window.findChildren<QLabel*>()) {
            if (ui::textTone(l) != TextTone::Normal && l->isVisible() && !l->text().isEmpty()) {
                labels.append(l);
            }
        }
        return labels;
    }

    QPalette darkPalette()
    {
        QPalette p;
        const QColor window(0x2d, 0x2d, 0x2d);
        const QColor base(0x1e, 0x1e, 0x1e);
        const QColor text(0xe8, 0xe8, 0xe8);
        p.setColor(QPalette::Window, window);
        p.setColor(QPalette::WindowText, text);
        p.setColor(QPalette::Base, base);
        p.setColor(QPalette::AlternateBase, window);
        p.setColor(QPalette::Text, text);
        p.setColor(QPalette::Button, QColor(0x3a, 0x3a, 0x3a));
        p.setColor(QPalette::ButtonText, text);
        p.setColor(QPalette::Highlight, QColor(0x2a, 0x82, 0xda));
        p.setColor(QPalette::HighlightedText, Qt::white);
        p.setColor(QPalette::Link, QColor(0x6c, 0xb4, 0xff));
        p.setColor(QPalette::ToolTipBase, base);
        p.setColor(QPalette::ToolTipText, text);
        p.setColor(QPalette::PlaceholderText, QColor(0x90, 0x90, 0x90));
        p.setColor(QPalette::Disabled, QPalette::WindowText, QColor(0x80, 0x80, 0x80));
        p.setColor(QPalette::Disabled, QPalette::Text, QColor(0x80, 0x80, 0x80));
        p.setColor(QPalette::Disabled, QPalette::ButtonText, QColor(0x80, 0x80, 0x80));
        return p;
    }

    QPalette lightPalette()
    {
        const std::unique_ptr<QStyle> fusion(QStyleFactory::create(QStringLiteral("Fusion")));
        return fusion != nullptr ? fusion->standardPalette() : QPalette(Qt::white);
    }

    // Sets the application's palette (what a desktop's dark mode does) and puts it back after.
    class ApplicationPalette {
    public:
        explicit ApplicationPalette(const QPalette& palette)
            : m_before(QApplication::palette())
        {
            QApplication::setPalette(palette);
            QApplication::processEvents();
        }
        ~ApplicationPalette() { QApplication::setPalette(m_before); }
        ApplicationPalette(const ApplicationPalette&) = delete;
        ApplicationPalette& operator=(const ApplicationPalette&) = delete;

    private:
        QPalette m_before;
    };

    // Whether some pixel of `widget` as drawn is `colour`, give or take anti-aliasing.
    bool drawsColour(QWidget* widget, const QColor& colour)
    {
        const QImage image = widget->grab().toImage().convertToFormat(QImage::Format_RGB32);
        for (int y = 0; y < image.height(); ++y) {
            for (int x = 0; x < image.width(); ++x) {
                const QColor c = image.pixelColor(x, y);
                if (std::abs(c.red() - colour.red()) <= 24
                    && std::abs(c.green() - colour.green()) <= 24
                    && std::abs(c.blue() - colour.blue()) <= 24) {
                    return true;
                }
            }
        }
        return false;
    }

    // A batch of one folder with a file that fails, run to its end.
    void runBatchWithAFailure(WindowFixture& f)
    {
        const fs::path folder = f.addFolder("photos", 2);
        writeFile(folder / "broken.jpg", { 0xff, 0xd8, 0xff, 0x00, 0x01, 0x02 });
        f.window.inputs()->clear();
        f.window.addInputs({ toQString(folder) });
        ASSERT_TRUE(waitUntil([&] { return f.window.inputs()->totalImages() == 3; }));
        bool finished = false;
        QObject::connect(
            &f.controller, &BatchController::finished, &f.window, [&] { finished = true; });
        f.window.startBatch();
        ASSERT_TRUE(waitUntil([&] { return finished && !f.controller.isBusy(); }));
        ASSERT_EQ(f.window.log()->failureCount(), 1);
    }

} // namespace

TEST(Keyboard, TabVisitsEveryControlInOrderAndLeavesTheTables)
{
    WindowFixture f;
    f.addFolder("photos", 1);
    f.showActive();
    f.window.resultTabs()->setCurrentWidget(f.window.logPane()); // the log, after Start
    QTableView* inputs = f.inputView();
    ASSERT_NE(inputs, nullptr);
    inputs->setFocus(Qt::TabFocusReason);
    ASSERT_EQ(QApplication::focusWidget(), inputs);

    const QList<QWidget*> stops = tabStops(f.window);
    QList<QWidget*> visited { inputs };
    for (int i = 0; i < 2 * stops.size() + 2; ++i) {
        pressKey(Qt::Key_Tab);
        QWidget* now = QApplication::focusWidget();
        ASSERT_NE(now, nullptr);
        ASSERT_NE(now, visited.back()) << "Tab stayed in " << describe(now).toStdString();
        if (now == inputs) {
            break;
        }
        ASSERT_FALSE(visited.contains(now))
            << describe(now).toStdString() << " again before the chain came back";
        visited.append(now);
    }
    ASSERT_EQ(QApplication::focusWidget(), inputs) << "Tab never came back to the input list";
    QStringList walked;
    for (QWidget* w : visited) {
        walked.append(describe(w));
    }
    for (QWidget* w : stops) {
        EXPECT_TRUE(visited.contains(w))
            << "Tab never reaches " << describe(w).toStdString() << "; it went\n"
            << walked.join(QLatin1Char('\n')).toStdString();
    }
    // Inputs and their buttons, the settings, Start, Pause and Cancel, then the log.
    QPushButton* addFolder = f.button(QStringLiteral("&Add folder\u2026"));
    QPushButton* clear = f.button(QStringLiteral("C&lear"));
    ASSERT_NE(addFolder, nullptr);
    ASSERT_NE(clear, nullptr);
    QWidget* firstSetting = nullptr;
    for (QWidget* w : visited) {
        if (f.window.settingsPanel()->isAncestorOf(w)) {
            firstSetting = w;
            break;
        }
    }
    ASSERT_NE(firstSetting, nullptr);
    const QList<qsizetype> order { visited.indexOf(addFolder), visited.indexOf(clear),
        visited.indexOf(firstSetting), visited.indexOf(f.window.startButton()),
        visited.indexOf(f.logView()) };
    QStringList chain;
    for (QWidget* w : visited) {
        chain.append(describe(w));
    }
    for (qsizetype i = 1; i < order.size(); ++i) {
        EXPECT_LT(order[i - 1], order[i]) << "stop " << i << " of inputs, settings, Start, log:\n"
                                          << chain.join(QLatin1Char('\n')).toStdString();
    }
    EXPECT_EQ(firstSetting->accessibleName(), QStringLiteral("Size"))
        << "the settings start at their top";

    // Backwards too, from the input list to the last control and round again.
    pressKey(Qt::Key_Backtab, Qt::ShiftModifier);
    EXPECT_EQ(QApplication::focusWidget(), visited.back());
}

namespace {

    // The window's Alt letters in each view a person can be in: either tab, "More options" closed
    // and open, with one output folder chosen (its Choose… shown) and with the line that offers
    // to replace existing outputs; none is taken twice in any of them.
    void expectUniqueLetters(WindowFixture& f, std::size_t least)
    {
        BatchSettings s = f.window.settingsPanel()->settings();
        s.outputLocation = ui::OutputLocation::Folder;
        f.window.settingsPanel()->setSettings(s);
        f.window.skipNotice()->setVisible(true);
        for (const bool more : { false, true }) {
            f.window.settingsPanel()->setMoreOptionsOpen(more);
            for (int tab = 0; tab < f.window.resultTabs()->count(); ++tab) {
                f.window.resultTabs()->setCurrentIndex(tab);
                const auto letters = mnemonics(f.window);
                const std::string view = "tab " + std::to_string(tab)
                    + (more ? ", More options open" : ", More options closed");
                EXPECT_GE(letters.size(), least) << "the letters were found: " << view;
                EXPECT_TRUE(duplicates(letters).isEmpty())
                    << view << "\n"
                    << duplicates(letters).join(QLatin1Char('\n')).toStdString();
            }
        }
    }

} // namespace

TEST(Keyboard, AltLettersAreUniqueInEnglish)
{
    WindowFixture f;
    f.addFolder("photos", 1);
    expectUniqueLetters(f, 18u);
}

TEST(Keyboard, AltLettersAreUniqueInChinese)
{
    ChineseTranslation chinese;
    ASSERT_TRUE(chinese.installed);
    WindowFixture f;
    ASSERT_NE(f.window.startButton()->text(), QStringLiteral("&Start")) << "not translated";
    // The translations keep their (&X) letters.
    expectUniqueLetters(f, 18u);
}

TEST(Keyboard, ReturnStartsTheBatchWhenStartIsEnabled)
{
    WindowFixture f;
    f.showActive();
    // Nothing to resize: Start is disabled and Return does nothing.
    f.window.settingsPanel()->findChild<QLineEdit*>()->setFocus();
    pressKey(Qt::Key_Return);
    spinEventLoop(300);
    EXPECT_FALSE(f.controller.isBusy());

    const fs::path folder = f.addFolder("photos", 3);
    bool finished = false;
    QObject::connect(
        &f.controller, &BatchController::finished, &f.window, [&] { finished = true; });
    // From a number box, with the keypad's Enter.
    auto* box = f.window.settingsPanel()->findChild<QAbstractSpinBox*>();
    ASSERT_NE(box, nullptr);
    box->setFocus();
    pressKey(Qt::Key_Enter, Qt::KeypadModifier);
    ASSERT_TRUE(waitUntil([&] { return finished; })) << "Enter did not start the batch";
    EXPECT_EQ(f.window.log()->rowCount(), 3);
    EXPECT_TRUE(fs::exists(folder / "ResizeImage" / "img_0.jpg"));
}

TEST(Keyboard, EscCancelsARunningBatchWithoutAsking)
{
    WindowFixture f;
    f.addFolder("photos", 6);
    f.showActive();
    BatchSettings oneWorker = f.window.settingsPanel()->settings();
    oneWorker.threads = 1;
    f.window.settingsPanel()->setSettings(oneWorker);
    bool cancelled = false;
    bool finished = false;
    QObject::connect(
        &f.controller, &BatchController::finished, &f.window, [&](const ui::BatchResult& r) {
            finished = true;
            cancelled = r.summary.wasCancelled;
        });
    f.window.startBatch();
    f.controller.pause(); // holds the batch until Esc
    ASSERT_TRUE(f.controller.isBusy());
    f.window.startButton()->setFocus();
    pressKey(Qt::Key_Escape);
    ASSERT_TRUE(waitUntil([&] { return finished; }));
    EXPECT_TRUE(cancelled);
    EXPECT_EQ(QApplication::activeModalWidget(), nullptr) << "nothing asked";
    EXPECT_LT(f.window.log()->rowCount() - f.window.log()->failureCount(), 6);
}

TEST(Keyboard, DeleteRemovesTheSelectedInputs)
{
    WindowFixture f;
    f.addFolder("first", 1);
    const fs::path second = f.addFolder("second", 1);
    f.addFolder("third", 1);
    f.showActive();
    QTableView* view = f.inputView();
    ASSERT_NE(view, nullptr);
    view->setFocus();
    view->selectionModel()->select(f.window.inputs()->index(0, 0),
        QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    view->selectionModel()->select(
        f.window.inputs()->index(2, 0), QItemSelectionModel::Select | QItemSelectionModel::Rows);
    pressKey(Qt::Key_Delete);
    EXPECT_EQ(f.window.inputs()->paths(), QStringList { toQString(second) });

    // Elsewhere, Delete is the control's own key: a text field's.
    view->selectAll();
    auto* edit = f.window.settingsPanel()->findChild<QLineEdit*>();
    edit->setFocus();
    pressKey(Qt::Key_Delete);
    EXPECT_EQ(f.window.inputs()->paths().size(), 1);
}

TEST(ScreenReader, EveryControlAndTheProgressBarHaveAName)
{
    WindowFixture f;
    f.addFolder("photos", 1);
    f.showActive();
    QList<QWidget*> controls = accessibleControls(f.window);
    controls.append(f.progress());
    EXPECT_GE(controls.size(), 25);
    for (QWidget* w : std::as_const(controls)) {
        QAccessibleInterface* iface = QAccessible::queryAccessibleInterface(w);
        ASSERT_NE(iface, nullptr) << describe(w).toStdString();
        EXPECT_FALSE(iface->text(QAccessible::Name).trimmed().isEmpty())
            << describe(w).toStdString() << " has no accessible name";
    }
    // The tables and the number boxes, which had none.
    EXPECT_EQ(QAccessible::queryAccessibleInterface(f.logView())->text(QAccessible::Name),
        QStringLiteral("Log"));
    auto* percent = f.child<QAbstractSpinBox>(
        [](QAbstractSpinBox* b) { return b->accessibleName() == QStringLiteral("Percentage"); });
    ASSERT_NE(percent, nullptr);
}

TEST(ScreenReader, ProblemsAreToldWithTheirValue)
{
    WindowFixture f;
    // Nothing to resize yet: the input list says so.
    EXPECT_TRUE(QAccessible::queryAccessibleInterface(f.inputView())
                    ->text(QAccessible::Description)
                    .contains(QStringLiteral("Add a folder")));
    f.addFolder("photos", 1);
    BatchSettings s = f.window.settingsPanel()->settings();
    s.spec.percent = 150; // would enlarge without being asked to
    f.window.settingsPanel()->setSettings(s);
    auto* percent = f.child<QAbstractSpinBox>(
        [](QAbstractSpinBox* b) { return b->accessibleName() == QStringLiteral("Percentage"); });
    ASSERT_NE(percent, nullptr);
    const QString description
        = QAccessible::queryAccessibleInterface(percent)->text(QAccessible::Description);
    EXPECT_TRUE(description.contains(QStringLiteral("100 %"))) << description.toStdString();

    s.spec.percent = 50;
    f.window.settingsPanel()->setSettings(s);
    EXPECT_FALSE(QAccessible::queryAccessibleInterface(percent)
                     ->text(QAccessible::Description)
                     .contains(QStringLiteral("100 %")));
}

TEST(ScreenReader, TheProgressBarSaysHowManyImagesAreDone)
{
    WindowFixture f;
    f.addFolder("photos", 4);
    QProgressBar* bar = f.progress();
    ASSERT_NE(bar, nullptr);
    EXPECT_EQ(bar->text(), QString()) << "no count before a batch";
    bool finished = false;
    QObject::connect(
        &f.controller, &BatchController::finished, &f.window, [&] { finished = true; });
    f.window.startBatch();
    ASSERT_TRUE(waitUntil([&] { return finished; }));
    EXPECT_EQ(bar->text(), QStringLiteral("4 / 4"));
    EXPECT_EQ(bar->accessibleDescription(), QStringLiteral("4 of 4 images"));
    EXPECT_EQ(QAccessible::queryAccessibleInterface(bar)->text(QAccessible::Description),
        QStringLiteral("4 of 4 images"));
}

TEST(Palette, ColouredTextIsReadableOnLightAndDarkPalettesAndFollowsAChange)
{
    WindowFixture f;
    runBatchWithAFailure(f);
    f.window.inputs()->clear(); // "Add a folder or some images first."
    BatchSettings s = f.window.settingsPanel()->settings();
    s.spec.mode = SizeMode::Exact; // its amber "stretches" note
    s.spec.percent = 150;
    s.outputLocation = ui::OutputLocation::Folder;
    s.outputFolder = QStringLiteral("relative/path");
    f.window.settingsPanel()->setSettings(s);
    f.window.show();

    for (const auto& [name, palette] :
        { std::pair { "light", lightPalette() }, std::pair { "dark", darkPalette() } }) {
        SCOPED_TRACE(name);
        ASSERT_EQ(ui::isDarkPalette(palette), std::string(name) == "dark");
        const ApplicationPalette applied(palette);
        const QColor background = palette.color(QPalette::Window);
        ASSERT_EQ(f.window.palette().color(QPalette::Window), background);
        const QList<QLabel*> labels = tonedLabels(f.window);
        // The input problem, the output folder's, the failure link and the stretch note.
        ASSERT_GE(labels.size(), 4);
        bool sawLink = false;
        for (QLabel* label : labels) {
            const bool link = label->text().contains(QStringLiteral("<a "));
            sawLink = sawLink || link;
            const QColor used
                = label->palette().color(link ? QPalette::Link : QPalette::WindowText);
            EXPECT_EQ(label->palette().color(QPalette::Window), background);
            EXPECT_GE(ui::contrastRatio(used, background), 4.5)
                << label->text().toStdString() << ": " << used.name().toStdString() << " on "
                << background.name().toStdString();
            EXPECT_TRUE(drawsColour(label, used))
                << label->text().toStdString() << " is not drawn in " << used.name().toStdString();
        }
        EXPECT_TRUE(sawLink) << "the failure link";
    }
    // Back to the light palette: the colours follow again.
    QApplication::processEvents();
    for (QLabel* label : tonedLabels(f.window)) {
        EXPECT_GE(ui::contrastRatio(label->palette().color(QPalette::WindowText),
                      QApplication::palette().color(QPalette::Window)),
            4.5);
    }
}

// The log's failed rows are drawn in the problem red too, readable on the table's background in
// a light and a dark palette (it was the fixed #b00020, 2.3:1 on a dark table).
TEST(Palette, TheLogsFailedRowsAreReadableOnLightAndDark)
{
    ui::JobLogModel log;
    ui::JobLogEntry failed;
    failed.status = JobStatus::Failed;
    failed.input = QStringLiteral("broken.jpg");
    failed.message = QStringLiteral("file is truncated");
    log.append({ failed });
    ASSERT_EQ(log.rowCount(), 1);
    for (const auto& [name, palette] :
        { std::pair { "light", lightPalette() }, std::pair { "dark", darkPalette() } }) {
        SCOPED_TRACE(name);
        const ApplicationPalette applied(palette);
        const QVariant brush
            = log.data(log.index(0, ui::JobLogModel::FileColumn), Qt::ForegroundRole);
        ASSERT_TRUE(brush.canConvert<QBrush>());
        const QColor used = brush.value<QBrush>().color();
        EXPECT_GE(ui::contrastRatio(used, palette.color(QPalette::Base)), 4.5)
            << used.name().toStdString() << " on "
            << palette.color(QPalette::Base).name().toStdString();
    }
}

// Every text the window draws, in light and dark: each label (a hint too: one greyed out on
// its own, not with its control, counts as shown) and each field's placeholder, which holds the
// only syntax examples, at least 4.5:1 against what it is drawn on.
TEST(Palette, EveryTextAndPlaceholderIsReadableOnLightAndDark)
{
    WindowFixture f;
    runBatchWithAFailure(f);
    BatchSettings s = f.window.settingsPanel()->settings();
    s.outputLocation = ui::OutputLocation::Folder; // its folder field and placeholder
    f.window.settingsPanel()->setSettings(s);
    f.window.settingsPanel()->setMoreOptionsOpen(true);
    f.window.show();
    for (const auto& [name, palette] :
        { std::pair { "light", lightPalette() }, std::pair { "dark", darkPalette() } }) {
        SCOPED_TRACE(name);
        const ApplicationPalette applied(palette);
        spinEventLoop(20);
        int labels = 0;
        for (const QLabel* label : f.window.findChildren<QLabel*>()) {
            const QWidget* parent = label->parentWidget();
            if (!label->isVisible() || label->text().trimmed().isEmpty()
                || !label->styleSheet().isEmpty() || (parent != nullptr && !parent->isEnabled())) {
                continue; // unseen, empty, drawn by its style sheet, or part of a greyed control
            }
            const QPalette::ColorGroup group
                = label->isEnabled() ? QPalette::Active : QPalette::Disabled;
            const QColor background = label->palette().color(group, label->backgroundRole());
            const QColor text = label->palette().color(group, label->foregroundRole());
            EXPECT_GE(ui::contrastRatio(text, background), 4.5)
                << label->text().toStdString() << ": " << text.name().toStdString() << " on "
                << background.name().toStdString();
            ++labels;
        }
        EXPECT_GE(labels, 10) << "the walk found the labels";
        int placeholders = 0;
        for (const QLineEdit* edit : f.window.findChildren<QLineEdit*>()) {
            if (!edit->isVisible() || edit->placeholderText().isEmpty()) {
                continue;
            }
            const QColor text = edit->palette().color(QPalette::Active, QPalette::PlaceholderText);
            const QColor base = edit->palette().color(QPalette::Active, QPalette::Base);
            EXPECT_GE(ui::contrastRatio(text, base), 4.5)
                << edit->placeholderText().toStdString() << ": " << text.name().toStdString()
                << " on " << base.name().toStdString();
            ++placeholders;
        }
        EXPECT_GE(placeholders, 3) << "the folder, the sizes and the names";
    }
}

// The summary of a batch reaches a screen reader as its text (an accessible name of its own hid
// it); while there is none, it is no stop at all.
TEST(ScreenReader, TheSummaryIsReadAsItsText)
{
    WindowFixture f;
    QLabel* summary = f.window.findChild<QLabel*>(QStringLiteral("summary"));
    ASSERT_NE(summary, nullptr);
    f.window.show();
    EXPECT_FALSE(summary->isVisible()) << "an empty summary is hidden";
    runBatchWithAFailure(f);
    ASSERT_TRUE(summary->isVisible());
    QAccessibleInterface* iface = QAccessible::queryAccessibleInterface(summary);
    ASSERT_NE(iface, nullptr);
    const QString said = iface->text(QAccessible::Name);
    EXPECT_TRUE(said.contains(QStringLiteral("1 failed"))) << said.toStdString();
    EXPECT_EQ(said, summary->text());
}

TEST(Palette, ContrastRatiosAreWcags)
{
    EXPECT_NEAR(ui::contrastRatio(Qt::black, Qt::white), 21.0, 1e-9);
    EXPECT_NEAR(ui::contrastRatio(Qt::white, Qt::white), 1.0, 1e-9);
    // The red this window used everywhere, on a dark window as the issue measured it.
    EXPECT_NEAR(ui::contrastRatio(QColor(0xb0, 0x00, 0x20), QColor(0x2d, 0x2d, 0x2d)), 1.8, 0.15);
    EXPECT_GE(ui::contrastRatio(ui::problemColor(darkPalette()), QColor(0x2d, 0x2d, 0x2d)), 4.5);
    // A background where neither hand-picked red reads: made readable anyway.
    QPalette grey;
    grey.setColor(QPalette::Window, QColor(0x80, 0x80, 0x80));
    EXPECT_GE(ui::contrastRatio(ui::problemColor(grey), QColor(0x80, 0x80, 0x80)), 4.5);
    EXPECT_GE(ui::contrastRatio(ui::warningColor(grey), QColor(0x80, 0x80, 0x80)), 4.5);
}

namespace {

    void expectFirstRunFitsA1366By768Screen()
    {
        WindowFixture f;
        // A 1366x768 screen under a 40-px panel; the frame takes 40 px more.
        const QSize size = ui::firstRunSize(QSize(1366, 728), f.window.minimumSizeHint());
        EXPECT_LE(size.height(), 728 - 40) << "the window's minimum is too tall for the screen";
        EXPECT_LE(size.width(), 1366 - 16);
        f.window.resize(size);
        f.window.show();
        QApplication::processEvents();
        ASSERT_EQ(f.window.size(), size);
        const QRect inside = f.window.rect();
        QStatusBar* status = f.window.statusBar();
        EXPECT_TRUE(status->isVisible());
        EXPECT_TRUE(inside.contains(QRect(status->mapTo(&f.window, QPoint(0, 0)), status->size())));
        QPushButton* start = f.window.startButton();
        EXPECT_TRUE(inside.contains(QRect(start->mapTo(&f.window, QPoint(0, 0)), start->size())));
        EXPECT_GE(start->height(), start->sizeHint().height());
    }

} // namespace

TEST(Layout, TheFirstRunOnA1366By768ScreenShowsTheStatusBarAndStart)
{
    expectFirstRunFitsA1366By768Screen();
}

TEST(Layout, TheFirstRunOnA1366By768ScreenShowsTheStatusBarAndStartInChinese)
{
    ChineseTranslation chinese;
    ASSERT_TRUE(chinese.installed);
    expectFirstRunFitsA1366By768Screen();
}

namespace {

    // Shows every settings problem at once in a window of the first run's size on a 1366x768
    // screen, and checks that each label has the height its text needs and no row overlaps
    // another.
    void expectEveryProblemShownInFull(bool narrow)
    {
        WindowFixture f;
        f.window.resize(ui::firstRunSize(QSize(1366, 728), f.window.minimumSizeHint()));
        f.window.show();
        ui::SettingsPanel* panel = f.window.settingsPanel();
        panel->showProblems(everyProblem());
        QApplication::processEvents();
        QApplication::processEvents();
        if (narrow) {
            f.window.resize(f.window.minimumSizeHint());
            spinEventLoop(50);
        }

        // The scrolled form is as tall as its rows need at its width.
        ASSERT_NE(panel->layout(), nullptr);
        EXPECT_GE(panel->height(), panel->layout()->totalHeightForWidth(panel->width()));
        QList<QWidget*> rows;
        for (QWidget* w : panel->findChildren<QWidget*>(QString(), Qt::FindDirectChildrenOnly)) {
            if (w->isVisible()) {
                rows.append(w);
            }
        }
        int problems = 0;
        for (QLabel* label : panel->findChildren<QLabel*>()) {
            if (!label->isVisible() || label->text().isEmpty()) {
                continue;
            }
            problems += ui::textTone(label) == TextTone::Problem ? 1 : 0;
            if (label->wordWrap()) {
                EXPECT_GE(label->height(), label->heightForWidth(label->width()))
                    << label->text().toStdString() << " is clipped";
            }
        }
        EXPECT_EQ(problems, 6);
        for (qsizetype i = 0; i < rows.size(); ++i) {
            for (qsizetype j = i + 1; j < rows.size(); ++j) {
                EXPECT_FALSE(rows[i]->geometry().intersects(rows[j]->geometry()))
                    << describe(rows[i]).toStdString() << " overlaps "
                    << describe(rows[j]).toStdString();
            }
        }
        // The input list's problem too.
        for (QLabel* label : f.window.findChildren<QLabel*>()) {
            if (label->isVisible() && ui::textTone(label) == TextTone::Problem
                && label->wordWrap()) {
                EXPECT_GE(label->height(), label->heightForWidth(label->width()));
            }
        }
    }

} // namespace

TEST(Layout, EveryProblemShownAtOnceIsNeitherClippedNorOverlapping)
{
    expectEveryProblemShownInFull(false);
    expectEveryProblemShownInFull(true);
}

// Chinese text is taller, and wraps anywhere.
TEST(Layout, EveryProblemShownAtOnceIsNeitherClippedNorOverlappingInChinese)
{
    ChineseTranslation chinese;
    ASSERT_TRUE(chinese.installed);
    expectEveryProblemShownInFull(false);
    expectEveryProblemShownInFull(true);
}

TEST(Layout, TheRowsStayPutWhileAProblemComesAndGoes)
{
    WindowFixture f;
    f.addFolder("photos", 1);
    f.showActive();
    ui::SettingsPanel* panel = f.window.settingsPanel();
    panel->setMoreOptionsOpen(true); // the list of sizes and the filter are under it
    QComboBox* filter = f.child<QComboBox>(
        [](QComboBox* c) { return c->findText(QStringLiteral("Sharp (Lanczos)")) >= 0; });
    ASSERT_NE(filter, nullptr);
    QLineEdit* sizes = f.child<QLineEdit>(
        [](QLineEdit* e) { return e->placeholderText().startsWith(QStringLiteral("e.g. 2048")); });
    ASSERT_NE(sizes, nullptr);
    sizes->setFocus();
    QApplication::processEvents();
    const auto filterTop = [&] {
        spinEventLoop(20); // the layouts settle in more than one pass
        return filter->mapTo(panel, QPoint(0, 0)).y();
    };
    const int before = filterTop();
    // Typing a list: "2048," and "2048,x" are not lists yet, "2048,1024" is.
    QList<int> tops;
    for (const char* text :
        { "2", "20", "2048", "2048,", "2048,x", "2048,", "2048,1", "2048,1024" }) {
        sizes->setText(QString::fromLatin1(text));
        tops.append(filterTop());
    }
    EXPECT_TRUE(f.window.startButton()->isEnabled()) << "the list was valid at the end";
    // A problem may push the rows down once; they never come back up while typing.
    for (qsizetype i = 1; i < tops.size(); ++i) {
        EXPECT_GE(tops[i], tops[i - 1]) << "the filter jumped up at step " << i;
    }
    EXPECT_GE(tops.front(), before);

    // A one-line problem, where none was, moves nothing: its line was kept.
    sizes->clear();
    f.window.startButton()->setFocus();
    BatchSettings s = panel->settings();
    s.sizes.clear();
    panel->setSettings(s);
    const int calm = filterTop();
    panel->showProblems({ { SettingsField::Sizes, QStringLiteral("no") } });
    EXPECT_EQ(filterTop(), calm);
}

TEST(Layout, CountingFitsTheImagesColumn)
{
    WindowFixture f;
    f.addFolder("photos", 3);
    f.window.resize(ui::firstRunSize(QSize(1366, 728), f.window.minimumSizeHint()));
    f.window.show();
    QApplication::processEvents();
    // Resized after the counts came in, as a person does: the column was then as wide as
    // "3 images" and each recount showed "co...g...".
    f.window.resize(f.window.size() + QSize(40, 0));
    QApplication::processEvents();
    QTableView* view = f.inputView();
    ASSERT_NE(view, nullptr);
    const int margin = view->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, view) + 1;
    const int room = view->columnWidth(ui::InputListModel::ImagesColumn) - 2 * margin;
    for (const QString& text : { ui::InputListModel::tr("counting\u2026"),
             f.window.inputs()
                 ->data(f.window.inputs()->index(0, ui::InputListModel::ImagesColumn))
                 .toString() }) {
        EXPECT_EQ(view->fontMetrics().elidedText(text, Qt::ElideMiddle, room), text)
            << text.toStdString() << " does not fit " << room << " px";
    }
}

} // namespace dropsize::test

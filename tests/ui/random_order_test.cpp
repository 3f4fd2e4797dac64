// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
//
// The window driven in a random order, as no scripted test walks it: every control found on it
// at each step (whatever the layout is: controls move, fold under sections, go into tabs) is set
// to a random value, clicked or switched, the window resized, menus used, dialogs answered or
// dismissed, batches run on a small folder, paused and cancelled between. After each step the
// window must still be there and agree with itself. Seeded: the seed is printed, and
// DROPSIZE_RANDOM_SEED (a number) replays another; DROPSIZE_RANDOM_STEPS sets the steps of each
// case (fewer to shorten a repro).
#include "dropsize/ui/batch_settings.h"
#include "dropsize/ui/input_list_model.h"
#include "dropsize/ui/main_window.h"
#include "dropsize/ui/preset_bar.h"
#include "dropsize/ui/settings_panel.h"
#include "file_launcher.h"
#include "qt_test_support.h"
#include "support/test_support.h"
#include "window_harness.h"

#include <QAbstractItemView>
#include <QAbstractSpinBox>
#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDeadlineTimer>
#include <QDialog>
#include <QDir>
#include <QDoubleSpinBox>
#include <QElapsedTimer>
#include <QFileDialog>
#include <QHeaderView>
#include <QInputDialog>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QPointer>
#include <QProgressBar>
#include <QPushButton>
#include <QRadioButton>
#include <QSpinBox>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QToolButton>
#include <cstdlib>
#include <deque>
#include <functional>
#include <gtest/gtest.h>
#include <iostream>
#include <map>
#include <random>
#include <sstream>

namespace fs = std::filesystem;
using dropsize::ui::BatchController;
using dropsize::ui::BatchProgress;
using dropsize::ui::BatchResult;
using dropsize::ui::BatchSettings;

namespace dropsize::test {

namespace {

    // The default seed: fixed, so that a run in CI is the same walk each time (as far as the
    // threads' timing lets it be); DROPSIZE_RANDOM_SEED explores others.
    constexpr unsigned kDefaultSeed = 20240917;
    constexpr int kCases = 4;
    constexpr int kDefaultSteps = 750;

    unsigned baseSeed()
    {
        // NOLINTNEXTLINE(concurrency-mt-unsafe): read once, before any thread of the test
        if (const char* env = std::getenv("DROPSIZE_RANDOM_SEED"); env != nullptr && *env != 0) {
            return static_cast<unsigned>(std::strtoul(env, nullptr, 10));
        }
        return kDefaultSeed;
    }

    int stepsPerCase()
    {
        // NOLINTNEXTLINE(concurrency-mt-unsafe)
        if (const char* env = std::getenv("DROPSIZE_RANDOM_STEPS"); env != nullptr && *env != 0) {
            return std::max(1, std::atoi(env));
        }
        return kDefaultSteps;
    }

    // A desktop that opens nothing: "Show in folder" and a double-click on the log must not
    // start the machine's file manager or image viewer.
    class NoDesktop final : public ui::Desktop {
    public:
        QString defaultApplication(const QString&) override { return {}; }
        bool openUrl(const QUrl&) override { return false; }
        bool showItems(const QUrl&) override { return false; }
        bool startDetached(const QString&, const QStringList&) override { return false; }
    };

    // Who a widget is, for the steps' log: its class and whatever names it has.
    std::string describe(const QObject* o)
    {
        std::string out = o->metaObject()->className();
        const auto add = [&out](const QString& what) {
            if (!what.isEmpty()) {
                out += " \"" + what.left(40).toStdString() + '"';
            }
        };
        add(o->objectName());
        if (const auto* w = qobject_cast<const QWidget*>(o)) {
            add(w->accessibleName());
        }
        if (const auto* b = qobject_cast<const QAbstractButton*>(o)) {
            add(b->text());
        } else if (const auto* a = qobject_cast<const QAction*>(o)) {
            add(a->text());
        }
        return out;
    }

    template <typename T> QList<T*> usable(QWidget& root)
    {
        QList<T*> out;
        for (T* w : root.findChildren<T*>()) {
            if (w->isVisible() && w->isEnabled()) {
                out.append(w);
            }
        }
        return out;
    }

    class RandomOrder : public ::testing::TestWithParam<int> {
    protected:
        RandomOrder()
            : m_seed(baseSeed() + static_cast<unsigned>(GetParam()))
            , m_rng(m_seed)
            , m_dialogRng(m_seed ^ 0x5eedU)
        {
        }

        void SetUp() override
        {
            std::cout << "[ random   ] seed " << m_seed << " (DROPSIZE_RANDOM_SEED=" << baseSeed()
                      << ", case " << GetParam() << ")" << std::endl;
            RecordProperty("seed", std::to_string(m_seed));
            makeInputs();
            // The file dialogs open where the last folder was, else in the current folder, and
            // give it back when the typed name is not there: both inside the test's folder, so
            // that no batch ever reads (and writes outputs beside) the folder the tests run in.
            m_cwd = QDir::currentPath();
            const fs::path cwd = m_f.dir.path() / "current";
            fs::create_directories(cwd);
            ASSERT_TRUE(QDir::setCurrent(toQString(cwd)));
            m_f.store.setLastFolder(toQString(m_f.dir.path()));
            m_f.window.fileLauncher()
                = ui::FileLauncher(std::make_unique<NoDesktop>(), ui::FileLauncher::current());
            m_f.window.setFolderOpener(ui::FolderOpener(
                [this](const QString&) { return pick(2) == 0; }, [] { return QString(); }));
            connectController();
            // Dialogs block the step that opened them (exec()) or wait (open()): this answers
            // them from inside their own event loop.
            m_dialogs.setInterval(15);
            QObject::connect(&m_dialogs, &QTimer::timeout, [this] { answerDialogs(); });
            m_dialogs.start();
        }

        void TearDown() override
        {
            m_dialogs.stop();
            QDir::setCurrent(m_cwd);
        }

        int pick(int n) { return std::uniform_int_distribution<int>(0, n - 1)(m_rng); }
        bool chance(double p) { return std::uniform_real_distribution<double>(0, 1)(m_rng) < p; }
        template <typename T> T* pickFrom(const QList<T*>& list)
        {
            return list.isEmpty() ? nullptr : list.at(pick(static_cast<int>(list.size())));
        }

        // A folder of a few real images (a sub-folder with one more, a broken file and a file
        // that is no image), copied from the shared test images; made here where those are
        // missing.
        void makeInputs()
        {
            m_input = m_f.dir.path() / "photos";
            m_sub = m_input / "sub";
            fs::create_directories(m_sub);
            const std::optional<fs::path> data = testdataDir();
            const std::vector<std::pair<std::string, fs::path>> copies = {
                { "libjpeg-turbo/testorig.jpg", m_input / "testorig.jpg" },
                { "libjpeg-turbo/testimgint.jpg", m_input / "progressive.jpg" },
                { "libjpeg-turbo/testorig.png", m_input / "testorig.png" },
                { "exif-orientation/Portrait_6.jpg", m_input / "portrait rotated.jpg" },
                { "pngsuite/basn2c08.png", m_input / u8"фото 写真.png" },
                { "pngsuite/basn0g08.png", m_sub / "gray.png" },
            };
            for (const auto& [from, to] : copies) {
                if (data && fs::is_regular_file(*data / from)) {
                    fs::copy_file(*data / from, to);
                } else if (to.extension() == ".png") {
                    writeTestPng(to, 64, 48);
                } else {
                    writeTestJpeg(to, 96, 64);
                }
            }
            std::vector<std::uint8_t> truncated = readFile(m_input / "testorig.jpg");
            truncated.resize(std::min<std::size_t>(truncated.size(), 400));
            m_broken = m_input / "broken.jpg";
            writeFile(m_broken, truncated);
            writeFile(m_sub / "notes.txt", { 'h', 'i' });
            for (const auto& entry : fs::recursive_directory_iterator(m_input)) {
                if (entry.is_regular_file()) {
                    m_originals[entry.path()] = readFile(entry.path());
                }
            }
            m_out = m_f.dir.path() / "out";
            m_missing = m_f.dir.path() / "not there" / "deeper";
        }

        void connectController()
        {
            BatchController& c = m_f.controller;
            QObject::connect(
                &c, &BatchController::planned, &m_context, [this](qint64 jobs, const QStringList&) {
                    m_planned = jobs;
                    m_lastProgress = {};
                });
            QObject::connect(
                &c, &BatchController::progressChanged, &m_context, [this](const BatchProgress& p) {
                    m_lastProgress = p;
                    if (p.done > p.total || p.done < 0) {
                        m_problems.push_back("progress " + std::to_string(p.done) + " of "
                            + std::to_string(p.total));
                    }
                });
            QObject::connect(
                &c, &BatchController::finished, &m_context, [this](const BatchResult& r) {
                    ++m_batches;
                    if (!r.error.isEmpty() || m_planned < 0) {
                        m_planned = -1;
                        return;
                    }
                    const BatchSummary& s = r.summary;
                    const auto finished = static_cast<qint64>(s.ok + s.skipped + s.failed);
                    // What the window shows at the end agrees: the bar's last count is the
                    // summary's done, skipped and failed, and the summary adds up to its total.
                    if (m_lastProgress.done != finished) {
                        m_problems.push_back("last progress " + std::to_string(m_lastProgress.done)
                            + " but the summary says " + std::to_string(s.ok) + " done, "
                            + std::to_string(s.skipped) + " skipped, " + std::to_string(s.failed)
                            + " failed");
                    }
                    if (s.ok + s.skipped + s.failed + s.cancelled != s.total
                        || static_cast<qint64>(s.total) != m_planned) {
                        m_problems.push_back("summary of " + std::to_string(s.total)
                            + " jobs for a plan of " + std::to_string(m_planned));
                    }
                    m_planned = -1;
                });
        }

        // What a line edit is given: nothing, values each field takes, junk, a very long text,
        // other scripts, and the paths that matter (the output folder, one not there yet, the
        // inputs themselves).
        QString randomText()
        {
            const QStringList pool = {
                QString(),
                QStringLiteral("2048,1024,256"),
                QStringLiteral("800"),
                QStringLiteral("50%"),
                QStringLiteral("fill512x512,2048"),
                QStringLiteral("{name}_{w}x{h}"),
                QStringLiteral("{name}"),
                QStringLiteral("small/{name}"),
                QStringLiteral("{nope}"),
                QStringLiteral("-5"),
                QStringLiteral("0"),
                QStringLiteral("99999999999999999999"),
                QStringLiteral("%%%;;,,"),
                QStringLiteral("   "),
                QStringLiteral("../out"), // relative: refused
                QString(5000, QLatin1Char('x')),
                QStringLiteral("\u5199\u771f_{name}_\u00e9\u00e8"),
                QStringLiteral("\u0444\u043e\u0442\u043e"),
                toQString(m_out),
                toQString(m_missing),
                toQString(m_input),
                toQString(m_sub),
                toQString(m_broken),
            };
            return pool.at(pick(static_cast<int>(pool.size())));
        }

        QStringList inputPaths()
        {
            return { toQString(m_input), toQString(m_sub), toQString(m_broken),
                toQString(m_input / "testorig.jpg"), toQString(m_missing) };
        }

        void note(const std::string& step)
        {
            m_steps.push_back(std::to_string(m_step) + ": " + step);
        }

        // One step: a control of some kind, chosen among those the user can reach now.
        void step()
        {
            QWidget& w = m_f.window;
            const bool busy = m_f.controller.isBusy();
            switch (pick(busy ? 14 : 12)) {
            case 0:
            case 1:
                comboStep(pickFrom(usable<QComboBox>(w)));
                break;
            case 2:
                clickOneOf<QCheckBox, QRadioButton>("toggle");
                break;
            case 3:
            case 4:
                spinStep(pickFrom(usable<QAbstractSpinBox>(w)));
                break;
            case 5:
                typeStep(pickFrom(usable<QLineEdit>(w)));
                break;
            case 6:
            case 7:
                clickOneOf<QPushButton, QToolButton>("click");
                break;
            case 8:
                tabStep();
                break;
            case 9:
                viewStep(pickFrom(usable<QAbstractItemView>(w)));
                break;
            case 10:
                windowStep();
                break;
            case 11:
                inputStep();
                break;
            default: {
                // A batch runs: let it go on a while.
                const int ms = 10 + pick(250);
                note("wait " + std::to_string(ms) + " ms");
                spinEventLoop(ms);
                break;
            }
            }
        }

        void comboStep(QComboBox* combo)
        {
            if (combo == nullptr || combo->count() == 0) {
                return;
            }
            const int i = pick(combo->count());
            note("combo " + describe(combo) + " -> " + std::to_string(i) + " "
                + combo->itemText(i).toStdString());
            combo->setCurrentIndex(i);
            // What a pick by the user also says.
            emit combo->activated(i);
            emit combo->textActivated(combo->itemText(i));
        }

        // Clicks one button of the kinds A and B that the user can reach now, saying `verb`.
        template <class A, class B> void clickOneOf(const char* verb)
        {
            QList<QAbstractButton*> buttons;
            for (A* b : usable<A>(m_f.window)) {
                buttons.append(b);
            }
            for (B* b : usable<B>(m_f.window)) {
                buttons.append(b);
            }
            if (QAbstractButton* b = pickFrom(buttons)) {
                note(std::string(verb) + " " + describe(b));
                b->click();
            }
        }

        void typeStep(QLineEdit* edit)
        {
            if (edit == nullptr || edit->isReadOnly()) {
                return;
            }
            const QString text = randomText();
            note("type " + describe(edit) + " <- \"" + text.left(60).toStdString() + '"');
            edit->selectAll();
            edit->insert(text); // as typed: textEdited too
            if (chance(0.5)) {
                emit edit->editingFinished();
            }
        }

        // An input added (one of inputPaths(), some broken or missing), or Start clicked.
        void inputStep()
        {
            if (chance(0.5)) {
                const QStringList paths = inputPaths();
                const QString& path = paths.at(pick(static_cast<int>(paths.size())));
                note("add input " + path.toStdString());
                m_f.window.addInputs({ path });
            } else {
                note("start");
                m_f.window.startButton()->click();
                spinEventLoop(pick(150));
            }
        }

        void spinStep(QAbstractSpinBox* box)
        {
            if (box == nullptr) {
                return;
            }
            const int how = pick(5);
            if (how == 0) {
                note("stepUp " + describe(box));
                box->stepUp();
            } else if (how == 1) {
                note("stepDown " + describe(box));
                box->stepDown();
            } else if (auto* spin = qobject_cast<QSpinBox*>(box)) {
                const int v = how == 2 ? spin->minimum()
                    : how == 3
                    ? spin->maximum()
                    : std::uniform_int_distribution<int>(spin->minimum(), spin->maximum())(m_rng);
                note("spin " + describe(box) + " = " + std::to_string(v));
                spin->setValue(v);
            } else if (auto* dspin = qobject_cast<QDoubleSpinBox*>(box)) {
                const double v = how == 2 ? dspin->minimum()
                    : how == 3            ? dspin->maximum()
                                          : std::uniform_real_distribution<double>(
                                   dspin->minimum(), dspin->maximum())(m_rng);
                note("spin " + describe(box) + " = " + std::to_string(v));
                dspin->setValue(v);
            } else {
                note("stepBy " + describe(box));
                box->stepBy(pick(21) - 10);
            }
            if (chance(0.3)) {
                emit box->editingFinished();
            }
        }

        void tabStep()
        {
            QList<QWidget*> tabs;
            for (QTabWidget* t : usable<QTabWidget>(m_f.window)) {
                tabs.append(t);
            }
            for (QTabBar* t : usable<QTabBar>(m_f.window)) {
                tabs.append(t);
            }
            QWidget* t = pickFrom(tabs);
            if (auto* widget = qobject_cast<QTabWidget*>(t); widget && widget->count() > 0) {
                const int i = pick(widget->count());
                note("tab " + describe(widget) + " -> " + std::to_string(i));
                widget->setCurrentIndex(i);
            } else if (auto* bar = qobject_cast<QTabBar*>(t); bar && bar->count() > 0) {
                const int i = pick(bar->count());
                note("tab bar " + describe(bar) + " -> " + std::to_string(i));
                bar->setCurrentIndex(i);
            }
        }

        void viewStep(QAbstractItemView* view)
        {
            if (view == nullptr || view->model() == nullptr) {
                return;
            }
            QAbstractItemModel* model = view->model();
            const int rows = model->rowCount(view->rootIndex());
            if (auto* table = qobject_cast<QTableView*>(view);
                table && table->isSortingEnabled() && chance(0.15)) {
                const int column = pick(std::max(1, model->columnCount(view->rootIndex())));
                note("sort " + describe(view) + " by " + std::to_string(column));
                table->sortByColumn(column, chance(0.5) ? Qt::AscendingOrder : Qt::DescendingOrder);
                return;
            }
            if (rows == 0) {
                return;
            }
            const int row = pick(rows);
            const QModelIndex index = model->index(row, 0, view->rootIndex());
            note("select " + describe(view) + " row " + std::to_string(row));
            if (view->selectionModel() != nullptr) {
                view->selectionModel()->setCurrentIndex(index,
                    (chance(0.3) ? QItemSelectionModel::Toggle
                                 : QItemSelectionModel::ClearAndSelect)
                        | QItemSelectionModel::Rows);
            }
            if (chance(0.1)) {
                note("double-click it");
                emit view->doubleClicked(index);
            }
        }

        void windowStep()
        {
            if (chance(0.5)) {
                static const QList<QSize> sizes = { { 1093, 614 }, { 1366, 768 }, { 800, 600 },
                    { 640, 480 }, { 1920, 1080 }, { 300, 200 }, { 3000, 2000 } };
                QSize size = sizes.at(pick(static_cast<int>(sizes.size())));
                if (chance(0.3)) {
                    size = QSize(200 + pick(2000), 150 + pick(1400));
                }
                note(
                    "resize " + std::to_string(size.width()) + "x" + std::to_string(size.height()));
                m_f.window.resize(size);
                return;
            }
            // The menus' actions, but Quit: the window is to stay.
            const QList<QKeySequence> quit = QKeySequence::keyBindings(QKeySequence::Quit);
            QList<QAction*> actions;
            for (QMenu* menu : m_f.window.menuBar()->findChildren<QMenu*>()) {
                for (QAction* a : menu->actions()) {
                    const QString text = QString(a->text()).remove(QLatin1Char('&'));
                    const bool quits = a->menuRole() == QAction::QuitRole
                        || quit.contains(a->shortcut()) || text == QLatin1String("Quit")
                        || text == QLatin1String("Exit");
                    if (a->isEnabled() && a->isVisible() && !a->isSeparator()
                        && a->menu() == nullptr && !quits) {
                        actions.append(a);
                    }
                }
            }
            if (QAction* a = pickFrom(actions)) {
                note(std::string(a->isCheckable() ? "toggle action " : "action ") + describe(a));
                a->trigger();
            }
        }

        // Answers the dialog in front: a file dialog gets one of the test's paths or is
        // cancelled, an input dialog a name, a message box a click on one of its buttons.
        void answerDialogs()
        {
            std::uniform_int_distribution<int> coin(0, 1);
            if (QWidget* popup = QApplication::activePopupWidget()) {
                popup->close();
                return;
            }
            QWidget* front = QApplication::activeModalWidget();
            auto* dialog = qobject_cast<QDialog*>(front);
            if (dialog == nullptr) {
                for (QWidget* top : QApplication::topLevelWidgets()) {
                    if (auto* d = qobject_cast<QDialog*>(top); d != nullptr && d->isVisible()) {
                        dialog = d;
                    }
                }
            }
            if (dialog == nullptr) {
                if (front != nullptr) {
                    front->close();
                }
                return;
            }
            ++m_dialogsAnswered;
            const auto any = [this](qsizetype n) {
                return std::uniform_int_distribution<qsizetype>(0, n - 1)(m_dialogRng);
            };
            std::function<void()> answer;
            if (auto* files = qobject_cast<QFileDialog*>(dialog)) {
                if (coin(m_dialogRng) == 0) {
                    const QStringList paths = inputPaths();
                    answer = [files, path = paths.at(any(paths.size()))] {
                        files->selectFile(path);
                        static_cast<QDialog*>(files)->accept(); // its own, through QDialog's
                    };
                } else {
                    answer = [files] { files->reject(); };
                }
            } else if (auto* input = qobject_cast<QInputDialog*>(dialog)) {
                static const QStringList names = { QStringLiteral("mine"), QStringLiteral("web"),
                    QString(), QStringLiteral("   "), QStringLiteral("\u5199\u771f"),
                    QStringLiteral("a\tb"), QString(300, QLatin1Char('n')) };
                if (coin(m_dialogRng) == 0) {
                    answer = [input, name = names.at(any(names.size()))] {
                        input->setTextValue(name);
                        input->accept();
                    };
                } else {
                    answer = [input] { input->reject(); };
                }
            } else if (auto* box = qobject_cast<QMessageBox*>(dialog);
                       box != nullptr && !box->buttons().isEmpty()) {
                const QList<QAbstractButton*> buttons = box->buttons();
                answer = [button = buttons.at(any(buttons.size()))] { button->click(); };
            } else {
                answer = [dialog] { dialog->reject(); };
            }
            // Later, from the dialog's own loop: an answer may open another dialog (a file not
            // found, a name taken), and this timer does not fire again while its call runs.
            QMetaObject::invokeMethod(dialog, answer, Qt::QueuedConnection);
        }

        // Which values of two settings differ, as "name: a -> b; ...", for a failure's message.
        static std::string differences(const BatchSettings& a, const BatchSettings& b)
        {
            std::ostringstream out;
            const auto field = [&out](const char* name, const auto& x, const auto& y) {
                if (!(x == y)) {
                    out << name << ": " << x << " -> " << y << "; ";
                }
            };
            const auto text = [&field](const char* name, const QString& x, const QString& y) {
                field(name, x.toStdString(), y.toStdString());
            };
            field("mode", static_cast<int>(a.spec.mode), static_cast<int>(b.spec.mode));
            field("percent", a.spec.percent, b.spec.percent);
            field("width", a.spec.width, b.spec.width);
            field("height", a.spec.height, b.spec.height);
            field("long edge", a.spec.longEdge, b.spec.longEdge);
            field("short edge", a.spec.shortEdge, b.spec.shortEdge);
            field("enlarge", a.spec.enlarge, b.spec.enlarge);
            field("filter", static_cast<int>(a.spec.filter), static_cast<int>(b.spec.filter));
            text("sizes", a.sizes, b.sizes);
            text("names", a.nameTemplate, b.nameTemplate);
            field("format", static_cast<int>(a.format), static_cast<int>(b.format));
            field("jpeg", a.encode.jpegQuality, b.encode.jpegQuality);
            field("webp", a.encode.webpQuality, b.encode.webpQuality);
            field("lossless", a.encode.webpLossless, b.encode.webpLossless);
            field("avif", a.encode.avifQuality, b.encode.avifQuality);
            field("avif speed", a.encode.avifSpeed, b.encode.avifSpeed);
            field("encode (other)", a.encode == b.encode, true);
            field("existing", static_cast<int>(a.onExisting), static_cast<int>(b.onExisting));
            field("recursive", a.recursive, b.recursive);
            field("strip", a.stripMetadata, b.stripMetadata);
            field("dates", a.keepDates, b.keepDates);
            field("if bigger", static_cast<int>(a.ifBigger), static_cast<int>(b.ifBigger));
            field("max bytes", a.maxBytes, b.maxBytes);
            field(
                "location", static_cast<int>(a.outputLocation), static_cast<int>(b.outputLocation));
            text("folder", a.outputFolder, b.outputFolder);
            field("device", static_cast<int>(a.device), static_cast<int>(b.device));
            field("threads", a.threads, b.threads);
            return out.str();
        }

        // The window after a step: there, and agreeing with itself. Returns what is wrong.
        std::string inconsistency()
        {
            if (m_window.isNull()) {
                return "the window is gone";
            }
            ui::MainWindow& w = m_f.window;
            if (!w.isVisible()) {
                return "the window is not shown";
            }
            if (!m_problems.empty()) {
                return m_problems.front();
            }
            ui::SettingsPanel& panel = *w.settingsPanel();
            // One round first: a box may hold typed text that it takes only once it loses the
            // focus (a spin box then fixes "0" up to its least value), which a round may cause
            // by hiding that box's row. After it, a round must change nothing. (Seen once under
            // Wine, seed 20240919 at step 666, before the message named the values.)
            panel.setSettings(panel.settings());
            const BatchSettings shown = panel.settings();
            panel.setSettings(shown);
            if (const BatchSettings back = panel.settings(); !(back == shown)) {
                return "the settings shown do not read back as they were set: "
                    + differences(shown, back);
            }
            const bool busy = m_f.controller.isBusy();
            if (busy
                && (panel.isEnabled() || w.presetBar()->isEnabled()
                    || w.startButton()->isEnabled())) {
                return "a batch runs and the settings, the presets or Start can be used";
            }
            ui::InputListModel& inputs = *w.inputs();
            const bool startable = !busy && !inputs.paths().isEmpty() && inputs.totalImages() > 0
                && inputs.planError().isEmpty()
                && ui::validateSettings(shown, inputs.paths()).empty();
            if (startable && !w.startButton()->isEnabled()) {
                return "nothing stops a batch but Start is disabled";
            }
            if (w.startButton()->isEnabled() && busy) {
                return "Start is enabled while a batch runs";
            }
            for (QProgressBar* bar : w.findChildren<QProgressBar*>()) {
                if (bar->value() > bar->maximum()) {
                    return "a progress bar shows " + std::to_string(bar->value()) + " of "
                        + std::to_string(bar->maximum());
                }
            }
            return {};
        }

        std::string recentSteps() const
        {
            std::ostringstream out;
            const BatchSettings s = m_f.window.settingsPanel()->settings();
            out << "  state " << static_cast<int>(m_f.controller.state()) << ", format "
                << static_cast<int>(s.format) << ", size mode " << static_cast<int>(s.spec.mode)
                << " " << s.spec.width << "x" << s.spec.height << " " << s.spec.percent << "% long "
                << s.spec.longEdge << " short " << s.spec.shortEdge << ", sizes \""
                << s.sizes.toStdString() << "\", max bytes " << s.maxBytes << ", threads "
                << s.threads << '\n';
            const std::size_t from = m_steps.size() > 60 ? m_steps.size() - 60 : 0;
            for (std::size_t i = from; i < m_steps.size(); ++i) {
                out << "  " << m_steps[i] << '\n';
            }
            return out.str();
        }

        unsigned m_seed;
        std::mt19937 m_rng;
        std::mt19937 m_dialogRng;
        WindowHarness m_f;
        QPointer<ui::MainWindow> m_window { &m_f.window };
        QObject m_context;
        QString m_cwd; ///< the current folder before the test, put back after it
        QTimer m_dialogs;
        fs::path m_input;
        fs::path m_sub;
        fs::path m_broken;
        fs::path m_out;
        fs::path m_missing;
        std::map<fs::path, std::vector<std::uint8_t>> m_originals;
        std::vector<std::string> m_steps;
        std::vector<std::string> m_problems;
        BatchProgress m_lastProgress;
        qint64 m_planned = -1;
        int m_batches = 0;
        int m_step = 0; ///< the step running, for the steps' log
        int m_dialogsAnswered = 0;
    };

} // namespace

TEST_P(RandomOrder, EveryControlInAnyOrderKeepsTheWindowConsistent)
{
    ui::MainWindow& w = m_f.window;
    w.show();
    w.addInputs({ toQString(m_input) });
    ASSERT_TRUE(waitUntil([&] { return w.inputs()->totalImages() >= 0; }));

    const int steps = stepsPerCase();
    QElapsedTimer busyFor;
    for (int i = 0; i < steps; ++i) {
        m_step = i;
        step();
        QCoreApplication::processEvents(QEventLoop::AllEvents, 5);
        // As the event loop does between two events: what was deleted later goes now.
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
        const std::string wrong = inconsistency();
        ASSERT_TRUE(wrong.empty())
            << "seed " << m_seed << ", after step " << i << ": " << wrong << "\nlast steps:\n"
            << recentSteps();
        // A batch that runs on (a size the tiny folder makes huge) is cancelled, as a user would.
        if (m_f.controller.isBusy()) {
            if (!busyFor.isValid()) {
                busyFor.start();
            } else if (busyFor.elapsed() > 5000) {
                note("cancel the long batch");
                m_f.controller.cancel();
                busyFor.invalidate();
            }
        } else {
            busyFor.invalidate();
        }
    }

    if (m_f.controller.state() == BatchController::State::Paused) {
        m_f.controller.resume();
    }
    if (!waitUntil([&] { return !m_f.controller.isBusy(); }, 10000)) {
        m_f.controller.cancel();
    }
    // A cancel stops the files in flight at their next check; an AVIF encode (one call to aom
    // that cannot stop, some 50 s for a 1921x1080 output at speed 0) is left to end alone.
    ASSERT_TRUE(waitUntil([&] { return !m_f.controller.isBusy(); }, 30000))
        << "seed " << m_seed << ": the batch does not end after a cancel\n"
        << recentSteps();
    EXPECT_TRUE(m_problems.empty()) << m_problems.front();
    w.close();
    EXPECT_FALSE(w.isVisible()) << "an idle window closes";
    std::cout << "[ random   ] " << steps << " steps, " << m_batches << " batches, "
              << m_dialogsAnswered << " dialogs answered\n";

    // An original is never modified, whatever was chosen.
    for (const auto& [path, bytes] : m_originals) {
        ASSERT_TRUE(fs::is_regular_file(path)) << path.string() << " is gone";
        EXPECT_TRUE(readFile(path) == bytes) << path.string() << " was changed";
    }
}

INSTANTIATE_TEST_SUITE_P(Seeds, RandomOrder, ::testing::Range(0, kCases));

} // namespace dropsize::test

// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/ui/main_window.h"

#include "batch_notifier.h"
#include "dropsize/core/codec.h"
#include "dropsize/core/presets.h"
#include "dropsize/core/version.h"
#include "dropsize/ui/engine_text.h"
#include "dropsize/ui/folder_opener.h"
#include "dropsize/ui/input_list_model.h"
#include "dropsize/ui/job_log_model.h"
#include "dropsize/ui/log_pane.h"
#include "dropsize/ui/preset_bar.h"
#include "dropsize/ui/preview_pane.h"
#include "dropsize/ui/settings_panel.h"
#include "dropsize/ui/settings_store.h"
#include "file_launcher.h"
#include "palette_colors.h"
#include "window_keys.h"
#include "window_size.h"

#include <QApplication>
#include <QCheckBox>
#include <QClipboard>
#include <QCloseEvent>
#include <QDataStream>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QScreen>
#include <QScrollArea>
#include <QScrollBar>
#include <QShortcut>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStatusBar>
#include <QStyle>
#include <QTabBar>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QToolButton>
#include <QUrl>
#include <QVBoxLayout>

namespace dropsize::ui {

namespace {

    QStringList localPaths(const QMimeData* mime)
    {
        QStringList paths;
        if (mime == nullptr || !mime->hasUrls()) {
            return paths;
        }
        for (const QUrl& url : mime->urls()) {
            if (url.isLocalFile()) {
                paths.append(url.toLocalFile());
            }
        }
        return paths;
    }

    QString formatDuration(double seconds)
    {
        const auto s = static_cast<qint64>(seconds + 0.5);
        if (s >= 3600) {
            return QStringLiteral("%1:%2:%3")
                .arg(s / 3600)
                .arg(s / 60 % 60, 2, 10, QLatin1Char('0'))
                .arg(s % 60, 2, 10, QLatin1Char('0'));
        }
        return QStringLiteral("%1:%2").arg(s / 60).arg(s % 60, 2, 10, QLatin1Char('0'));
    }

    // The extensions the batch takes as images (core's codecs), each after `prefix`.
    QString extensionList(const QString& prefix, const QString& separator)
    {
        QStringList list;
        for (const std::string& extension : imageExtensions()) {
            list.append(prefix + QString::fromStdString(extension));
        }
        return list.join(separator);
    }

    QTableView* makeTable(QWidget* parent)
    {
        auto* view = new QTableView(parent);
        view->setSelectionBehavior(QAbstractItemView::SelectRows);
        view->setShowGrid(false);
        view->setWordWrap(false);
        view->setTextElideMode(Qt::ElideMiddle);
        view->verticalHeader()->setVisible(false);
        view->verticalHeader()->setDefaultSectionSize(view->fontMetrics().height() + 6);
        view->horizontalHeader()->setHighlightSections(false);
        // Tab leaves the table for the next control instead of walking its cells (the arrow
        // keys do that).
        view->setTabKeyNavigation(false);
        return view;
    }

    // The drop hint's colours from the window's palette: the highlight's border over a tint of
    // it, with the window's text colour made readable on that tint.
    QString dropHintStyle(const QPalette& palette)
    {
        const QColor window = palette.color(QPalette::Window);
        const QColor highlight = palette.color(QPalette::Highlight);
        constexpr float kTint = 0.2F;
        const QColor tint
            = QColor::fromRgbF(window.redF() + (highlight.redF() - window.redF()) * kTint,
                window.greenF() + (highlight.greenF() - window.greenF()) * kTint,
                window.blueF() + (highlight.blueF() - window.blueF()) * kTint);
        const QColor text = readableOn(palette.color(QPalette::WindowText), tint);
        return QStringLiteral("QLabel { border: 3px dashed %1; border-radius: 12px; background: %2;"
                              " color: %3; font-size: 20px; font-weight: bold; }")
            .arg(highlight.name(), tint.name(), text.name());
    }

} // namespace

QString withSizeInName(const QString& nameTemplate)
{
    if (nameTemplate.contains(QLatin1String("{w}"))
        || nameTemplate.contains(QLatin1String("{size}"))) {
        return nameTemplate;
    }
    return (nameTemplate.isEmpty() ? QStringLiteral("{name}") : nameTemplate)
        + QStringLiteral("_{w}x{h}");
}

MainWindow::MainWindow(
    SettingsStore& store, BatchController& controller, const DeviceInfo& devices, QWidget* parent)
    : QMainWindow(parent)
    , m_store(store)
    , m_controller(controller)
    , m_devices(devices)
{
    setWindowTitle(tr("Dropsize"));
    setAcceptDrops(true);
    m_launcher = std::make_unique<FileLauncher>();
    m_notifier = new BatchNotifier(m_controller, this);
    m_inputs = new InputListModel(this);
    m_log = new JobLogModel(this);

    // Left, in the order of the work: what to resize, then how. Right, as large as the window
    // allows: the preview of the selected image, or the log of the batch, one at a time.
    // Made in the order Tab visits them: the inputs, the settings, Start and the run, then the
    // preview and the log.
    QWidget* inputs = buildInputs();
    QWidget* settings = buildSettings();
    buildCentral(inputs, settings);

    buildMenus();
    keepPlaceholdersReadable(this);
    // Made now, not with the first message: the window's first size then counts it, and no
    // message moves the window's bottom edge.
    statusBar();
    new WindowKeys(this, m_start, m_cancel);
    orderTabs();

    connectInputsAndSettings();
    connectController();

    restoreSettings();
    m_preview->setSettings(m_settings->settings());
    m_inputs->setSettings(m_settings->settings());
    if (!restoreGeometry(m_store.windowGeometry())) {
        resize(firstRunSize());
    }
    restoreState(m_store.windowState());
    onStateChanged(m_controller.state());
    revalidate();
    // The first thing to do is to add inputs: the focus starts at the list (not the preset).
    m_inputView->setFocus();
}

QWidget* MainWindow::buildSettings()
{
    auto* settingsBox = new QGroupBox(tr("Settings"), this);
    auto* settingsLayout = new QVBoxLayout(settingsBox);
    // More options open can be taller than a small screen leaves: the form then scrolls rather
    // than pushing Start off the screen.
    auto* settingsScroll = new QScrollArea(settingsBox);
    settingsScroll->setWidgetResizable(true);
    settingsScroll->setFrameShape(QFrame::NoFrame);
    settingsScroll->setFocusPolicy(Qt::NoFocus); // Tab goes to the values, not to their frame
    settingsScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    // Above the form, which it fills in; the same presets as dropsize-cli --preset.
    m_presets = new PresetBar(m_store, presetFilePath(), settingsBox);
    settingsLayout->addWidget(m_presets);
    m_settings = new SettingsPanel(m_devices, settingsScroll);
    m_presets->setPanel(*m_settings);
    settingsScroll->setWidget(m_settings);
    // Scrolled down only: never narrower than the form.
    settingsScroll->setMinimumWidth(m_settings->minimumSizeHint().width()
        + settingsScroll->verticalScrollBar()->sizeHint().width());
    settingsLayout->addWidget(settingsScroll, 1);
    m_settingsScroll = settingsScroll;
    return settingsBox;
}

void MainWindow::buildCentral(QWidget* inputs, QWidget* settings)
{
    m_leftSplit = new QSplitter(Qt::Vertical, this);
    m_leftSplit->setObjectName(QStringLiteral("leftSplit"));
    m_leftSplit->setChildrenCollapsible(false);
    m_leftSplit->addWidget(inputs);
    m_leftSplit->addWidget(settings);
    m_leftSplit->setStretchFactor(0, 1);
    m_leftSplit->setStretchFactor(1, 0);

    m_split = new QSplitter(Qt::Horizontal, this);
    m_split->setObjectName(QStringLiteral("mainSplit"));
    m_split->setChildrenCollapsible(false);
    m_split->addWidget(m_leftSplit);
    QWidget* run = buildRun();
    m_split->addWidget(buildLogAndPreview());
    m_split->setStretchFactor(0, 0);
    m_split->setStretchFactor(1, 1);

    auto* central = new QWidget(this);
    auto* layout = new QVBoxLayout(central);
    layout->addWidget(m_split, 1);
    layout->addWidget(run);
    setCentralWidget(central);

    m_dropHint = new QLabel(tr("Drop folders or images to add them"), central);
    m_dropHint->setAlignment(Qt::AlignCenter);
    followPalette(central,
        [this](const QPalette& palette) { m_dropHint->setStyleSheet(dropHintStyle(palette)); });
    m_dropHint->setAttribute(Qt::WA_TransparentForMouseEvents);
    m_dropHint->hide();
}

void MainWindow::orderTabs()
{
    // Tab reads the window as the work goes: the inputs, the preset and the settings, Start and
    // the run, then the preview or the log.
    // setTabOrder() ignores a widget that takes no focus: the last setting that does.
    QWidget* lastSetting = nullptr;
    for (QWidget* w = m_settings->nextInFocusChain(); m_settings->isAncestorOf(w);
         w = w->nextInFocusChain()) {
        if ((w->focusPolicy() & Qt::TabFocus) != 0 && w->focusProxy() == nullptr) {
            lastSetting = w;
        }
    }
    if (lastSetting != nullptr) {
        setTabOrder(lastSetting, m_start);
    }
    setTabOrder(m_start, m_pause);
    setTabOrder(m_pause, m_cancel);
    setTabOrder(m_cancel, m_openOutput);
    setTabOrder(m_openOutput, m_replaceExisting);
    setTabOrder(m_replaceExisting, m_sizeInNames);
    // The tabs (their bar, then the page shown) after the run, each page in its own order.
    setTabOrder(m_sizeInNames, m_tabs);
}

void MainWindow::connectInputsAndSettings()
{
    connect(m_settings, &SettingsPanel::settingsChanged, this, [this] {
        m_inputs->setSettings(m_settings->settings());
        revalidate();
    });
    connect(m_settings, &SettingsPanel::resetRequested, this, [this] {
        m_store.resetToDefaults();
        m_settings->setSettings(m_store.load());
    });
    connect(m_presets, &PresetBar::message, this,
        [this](const QString& message) { statusBar()->showMessage(message, 8000); });
    connect(m_settings, &SettingsPanel::folderChosen, this,
        [this](const QString& folder) { m_store.setLastFolder(folder); });
    connect(m_inputs, &InputListModel::countsChanged, this, &MainWindow::revalidate);
    connect(
        m_inputs, &InputListModel::rejected, this, [this](const QString& path, const QString& why) {
            ++m_rejectedNow;
            m_notAddedPaths.append(tr("%1 (%2)").arg(
                QDir::toNativeSeparators(path).toHtmlEscaped(), why.toHtmlEscaped()));
            showNotAdded();
        });
}

void MainWindow::connectController()
{
    connect(&m_controller, &BatchController::stateChanged, this, &MainWindow::onStateChanged);
    connect(&m_controller, &BatchController::jobsFinished, m_log, &JobLogModel::append);
    connect(&m_controller, &BatchController::progressChanged, this, &MainWindow::onProgress);
    connect(&m_controller, &BatchController::finished, this, &MainWindow::onFinished);
    // The batch wrote outputs: a second run would skip them, which the counts now say.
    connect(&m_controller, &BatchController::finished, m_inputs, &InputListModel::recount);
    connect(&m_controller, &BatchController::notice, this, [this](const QString& message) {
        m_notes.append(message);
        statusBar()->showMessage(message, 15000);
    });
    connect(&m_controller, &BatchController::planned, this,
        [this](qint64 jobs, const QStringList& problems) {
            m_progress->setRange(0, static_cast<int>(std::min<qint64>(jobs, INT_MAX)));
            m_progress->setValue(0);
            m_progress->setFormat(tr("%v / %m"));
            describeProgress(0, jobs);
            for (const QString& problem : problems) {
                statusBar()->showMessage(tr("Could not read %1").arg(problem), 8000);
            }
        });
}

void MainWindow::restoreSettings()
{
    m_settings->setSettings(m_store.load());
    m_settings->setMoreOptionsOpen(m_store.moreOptionsOpen());
    connect(m_settings, &SettingsPanel::moreOptionsToggled, this, [this](bool open) {
        m_store.setMoreOptionsOpen(open);
        // Opened: the form takes the room it needs from the input list, as far as it can.
        if (open) {
            const int wanted = m_settingsScroll->parentWidget()->sizeHint().height();
            QList<int> sizes = m_leftSplit->sizes();
            const int total = sizes.value(0) + sizes.value(1);
            const int inputsMin = m_leftSplit->widget(0)->minimumSizeHint().height();
            sizes[1] = std::min(wanted, total - inputsMin);
            sizes[0] = total - sizes[1];
            m_leftSplit->setSizes(sizes);
            // Where they still do not fit, the form scrolls to them: opening shows them.
            QTimer::singleShot(0, this, [this] {
                QWidget* more = m_settings->moreOptionsArea();
                const int top = more->mapTo(m_settings, QPoint(0, 0)).y();
                QScrollBar* bar = m_settingsScroll->verticalScrollBar();
                bar->setValue(std::min(bar->maximum(),
                    std::max(0, top - 2 * m_settings->fontMetrics().lineSpacing())));
            });
        }
    });
}

MainWindow::~MainWindow() = default;

QTableView* MainWindow::logView() const { return m_logPane->view(); }

void MainWindow::sizePanes()
{
    QDataStream in(m_store.paneState());
    QByteArray split;
    QByteArray left;
    int tab = 0;
    in >> split >> left >> tab;
    if (in.status() == QDataStream::Ok && m_split->restoreState(split)
        && m_leftSplit->restoreState(left)) {
        m_tabs->setCurrentIndex(tab);
        return;
    }
    // The left column as wide as its form (the rest to the preview), the settings as tall as
    // they are (the rest to the input list).
    const int leftWidth = std::max(m_leftSplit->minimumSizeHint().width(),
        std::min(m_leftSplit->widget(1)->sizeHint().width(), width() * 2 / 5));
    m_split->setSizes({ leftWidth, std::max(1, width() - leftWidth) });
    const int settingsHeight = m_leftSplit->widget(1)->sizeHint().height();
    m_leftSplit->setSizes({ std::max(1, height() - settingsHeight), settingsHeight });
}

QSize MainWindow::firstRunSize() const
{
    const QScreen* s = screen();
    return ui::firstRunSize(s != nullptr ? s->availableSize() : QSize(), minimumSizeHint());
}

QWidget* MainWindow::buildInputs()
{
    auto* box = new QGroupBox(tr("Folders and images"));
    auto* layout = new QVBoxLayout(box);
    m_inputView = makeTable(box);
    m_inputView->setModel(m_inputs);
    m_inputView->setAccessibleName(tr("Folders and images"));
    sizeInputColumns();
    layout->addWidget(m_inputView, 1);
    // Delete removes the selected inputs while the list has the focus, as the Remove button does.
    auto* removeKey = new QShortcut(
        QKeySequence(Qt::Key_Delete), m_inputView, nullptr, nullptr, Qt::WidgetShortcut);
    connect(removeKey, &QShortcut::activated, this, [this] {
        if (!m_controller.isBusy()) {
            removeSelectedInputs();
        }
    });
    m_inputTotal = new QLabel(box);
    m_inputTotal->setObjectName(QStringLiteral("inputTotal"));
    m_inputTotal->setWordWrap(true);
    layout->addWidget(m_inputTotal);

    addEmptyHint();
    m_inputProblem = new QLabel(box);
    setTextTone(m_inputProblem, TextTone::Problem);
    m_inputProblem->setWordWrap(true);
    layout->addWidget(m_inputProblem);
    // Stays until dismissed: the status bar's next message would replace it at once.
    m_notAdded = new QLabel(box);
    m_notAdded->setObjectName(QStringLiteral("notAdded"));
    m_notAdded->setTextFormat(Qt::RichText);
    m_notAdded->setWordWrap(true);
    m_notAdded->hide();
    layout->addWidget(m_notAdded);
    connect(m_notAdded, &QLabel::linkActivated, this, [this] {
        m_notAddedPaths.clear();
        showNotAdded();
    });

    addInputButtons(box, layout);
    return box;
}

void MainWindow::sizeInputColumns()
{
    m_inputView->horizontalHeader()->setSectionResizeMode(
        InputListModel::PathColumn, QHeaderView::Stretch);
    // The counts' column fits its widest text, "counting" included, which every recount
    // shows again: left to ResizeToContents, it kept the counts' width from the last resize and
    // elided "counting".
    m_inputView->horizontalHeader()->setSectionResizeMode(
        InputListModel::ImagesColumn, QHeaderView::Fixed);
    const auto fitCounts = [this] {
        const int margins = 2
            * (m_inputView->style()->pixelMetric(QStyle::PM_FocusFrameHMargin, nullptr, m_inputView)
                + 1);
        const int counting
            = m_inputView->fontMetrics().horizontalAdvance(InputListModel::tr("counting\u2026"));
        QHeaderView* header = m_inputView->horizontalHeader();
        header->resizeSection(InputListModel::ImagesColumn,
            std::max({ counting + margins + 2,
                static_cast<const QAbstractItemView*>(m_inputView)
                    ->sizeHintForColumn(InputListModel::ImagesColumn),
                header->sectionSizeHint(InputListModel::ImagesColumn) }));
    };
    fitCounts();
    connect(m_inputs, &QAbstractItemModel::dataChanged, m_inputView, fitCounts);
    connect(m_inputs, &QAbstractItemModel::rowsInserted, m_inputView, fitCounts);
    connect(m_inputs, &QAbstractItemModel::modelReset, m_inputView, fitCounts);
}

void MainWindow::addEmptyHint()
{
    // The first thing to do, said where it is done: inside the empty list, in its own text
    // colour (a disabled label's grey was 1.6:1 on the window).
    m_emptyHint
        = new QLabel(tr("Drag folders or images here from your file manager, or use Add folder."),
            m_inputView->viewport());
    m_emptyHint->setObjectName(QStringLiteral("emptyHint"));
    m_emptyHint->setAlignment(Qt::AlignCenter);
    m_emptyHint->setWordWrap(true);
    m_emptyHint->setForegroundRole(QPalette::Text);
    m_emptyHint->setBackgroundRole(QPalette::Base);
    m_emptyHint->setAttribute(Qt::WA_TransparentForMouseEvents);
    m_inputView->viewport()->installEventFilter(this);
}

void MainWindow::addInputButtons(QWidget* box, QVBoxLayout* layout)
{
    auto* buttons = new QHBoxLayout;
    auto* addFolder = new QPushButton(tr("&Add folder\u2026"), box);
    auto* addFiles = new QPushButton(tr("Add f&iles\u2026"), box);
    auto* remove = new QPushButton(tr("&Remove"), box);
    remove->setToolTip(tr("Remove the selected inputs from the list (Delete)"));
    auto* clear = new QPushButton(tr("C&lear"), box);
    for (QPushButton* b : { addFolder, addFiles, remove, clear }) {
        buttons->addWidget(b);
    }
    buttons->addStretch(1);
    layout->addLayout(buttons);
    connect(addFolder, &QPushButton::clicked, this, &MainWindow::addFolderDialog);
    connect(addFiles, &QPushButton::clicked, this, &MainWindow::addFilesDialog);
    connect(remove, &QPushButton::clicked, this, &MainWindow::removeSelectedInputs);
    connect(clear, &QPushButton::clicked, m_inputs, &InputListModel::clear);
    // Only while idle (a running batch already has its list), and Remove and Clear only with
    // something to remove.
    const auto enable = [this, addFolder, addFiles, remove, clear] {
        const bool idle = !m_controller.isBusy();
        const bool listed = m_inputs->rowCount() > 0;
        addFolder->setEnabled(idle);
        addFiles->setEnabled(idle);
        remove->setEnabled(idle && listed && m_inputView->selectionModel()->hasSelection());
        clear->setEnabled(idle && listed);
        m_emptyHint->setVisible(!listed);
    };
    connect(&m_controller, &BatchController::stateChanged, box, enable);
    connect(m_inputs, &QAbstractItemModel::rowsInserted, box, enable);
    connect(m_inputs, &QAbstractItemModel::rowsRemoved, box, enable);
    connect(m_inputs, &QAbstractItemModel::modelReset, box, enable);
    connect(m_inputView->selectionModel(), &QItemSelectionModel::selectionChanged, box, enable);
    enable();
}

QTabWidget* MainWindow::buildLogAndPreview()
{
    m_tabs = new QTabWidget(this);
    m_tabs->setObjectName(QStringLiteral("resultTabs"));
    m_tabs->setDocumentMode(true);
    m_preview = new PreviewPane(m_tabs);
    m_tabs->addTab(m_preview, tr("Preview"));
    m_logPane = new LogPane(m_log, *m_launcher, m_tabs);
    m_tabs->addTab(m_logPane, tr("Log"));
    connect(m_logPane, &LogPane::message, this,
        [this](const QString& text, int timeoutMs) { statusBar()->showMessage(text, timeoutMs); });
    // Two tabs never need the bar's scroll buttons; they are there all the same, named by Qt's
    // own translations, which a build without them (Windows) leaves in English: named here.
    m_tabs->setUsesScrollButtons(false);
    for (QToolButton* scroll : m_tabs->tabBar()->findChildren<QToolButton*>()) {
        scroll->setAccessibleName(
            scroll->arrowType() == Qt::LeftArrow ? tr("Scroll left") : tr("Scroll right"));
    }
    m_tabs->setTabToolTip(0, tr("The selected image before and after the settings (Ctrl+P)"));
    m_tabs->setTabToolTip(1, tr("One row per file of the batch (Ctrl+L)"));

    // The preview follows the current row of either list, and the settings. Choosing an input
    // is asking to see it; a row of the log is previewed when its tab is next shown.
    connect(m_inputView->selectionModel(), &QItemSelectionModel::currentRowChanged, this,
        [this](const QModelIndex& current) {
            if (current.isValid() && current.row() < m_inputs->paths().size()) {
                m_preview->setSource(m_inputs->paths().at(current.row()));
            }
        });
    // Selecting an input (a click, the arrow keys) is asking to see it; the row the list makes
    // current when Tab enters it is not.
    connect(m_inputView->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
        if (m_inputView->selectionModel()->hasSelection() && m_inputView->hasFocus()) {
            m_tabs->setCurrentWidget(m_preview);
        }
    });
    connect(m_logPane, &LogPane::currentInputChanged, m_preview, &PreviewPane::setSource);
    // An input taken off the list takes its preview with it (a folder's images included).
    const auto forgetRemoved = [this] {
        const QString shown = m_preview->source();
        if (shown.isEmpty()) {
            return;
        }
        const QStringList listed = m_inputs->paths();
        const bool stillListed = std::any_of(listed.begin(), listed.end(), [&](const QString& p) {
            return shown == p
                || shown.startsWith(p.endsWith(QLatin1Char('/')) ? p : p + QLatin1Char('/'));
        });
        if (!stillListed) {
            m_preview->setSource(QString());
        }
    };
    connect(m_inputs, &QAbstractItemModel::rowsRemoved, m_preview, forgetRemoved);
    connect(m_inputs, &QAbstractItemModel::modelReset, m_preview, forgetRemoved);
    connect(m_settings, &SettingsPanel::settingsChanged, m_preview,
        [this] { m_preview->setSettings(m_settings->settings()); });
    return m_tabs;
}

QWidget* MainWindow::buildRun()
{
    auto* bar = new QWidget(this);
    auto* layout = new QVBoxLayout(bar);
    layout->setContentsMargins(0, 0, 0, 0);
    addRunControls(bar, layout);
    addSummaryRow(bar, layout);
    addSkipNotice(bar, layout);

    connect(m_start, &QPushButton::clicked, this, &MainWindow::startBatch);
    connect(m_pause, &QPushButton::clicked, this, [this] {
        if (m_controller.state() == BatchController::State::Paused) {
            m_controller.resume();
        } else {
            m_controller.pause();
        }
    });
    connect(m_cancel, &QPushButton::clicked, &m_controller, &BatchController::cancel);
    connect(m_failures, &QLabel::linkActivated, this, [this] {
        m_logPane->showOnlyFailures(true);
        m_tabs->setCurrentWidget(m_logPane);
    });
    connect(m_log, &QAbstractItemModel::rowsInserted, this, &MainWindow::updateFailureCount);
    connect(m_log, &QAbstractItemModel::modelReset, this, &MainWindow::updateFailureCount);
    // With no folder above them all, the button has a menu of the folders instead.
    connect(m_openOutput, &QPushButton::clicked, this, [this] {
        const QString root = FolderOpener::commonRoot(m_outputFolders);
        if (!root.isEmpty()) {
            openOutputFolder(root);
        }
    });
    return bar;
}

void MainWindow::addRunControls(QWidget* bar, QVBoxLayout* layout)
{
    auto* controls = new QHBoxLayout;
    m_start = new QPushButton(tr("&Start"), bar);
    m_start->setDefault(true);
    // Pause and Resume are one button: one letter for both.
    m_pause = new QPushButton(tr("Pa&use"), bar);
    m_cancel = new QPushButton(tr("&Cancel"), bar);
    m_cancel->setToolTip(tr("Stop the batch (Esc): files already written stay"));
    m_progress = new QProgressBar(bar);
    m_progress->setAccessibleName(tr("Progress"));
    // No count until a batch has one: "0 / 100" read as a batch of 100.
    m_progress->setFormat(QString());
    m_progress->setValue(0);
    m_rate = new QLabel(bar);
    m_rate->setMinimumWidth(m_rate->fontMetrics().horizontalAdvance(
        QStringLiteral("0000.0 images/s \u00b7 00:00:00 left")));
    controls->addWidget(m_start);
    controls->addWidget(m_pause);
    controls->addWidget(m_cancel);
    controls->addWidget(m_progress, 1);
    controls->addWidget(m_rate);
    m_failures = new QLabel(bar);
    m_failures->setTextFormat(Qt::RichText);
    m_failures->setSizePolicy(QSizePolicy::Minimum, QSizePolicy::Preferred);
    m_failures->setToolTip(tr("Show only the failures in the log"));
    setTextTone(m_failures, TextTone::Problem);
    followPalette(m_failures, [this](const QPalette&) { updateFailureCount(); });
    controls->addWidget(m_failures);
    layout->addLayout(controls);
}

void MainWindow::addSummaryRow(QWidget* bar, QVBoxLayout* layout)
{
    auto* summary = new QHBoxLayout;
    m_summary = new QLabel(bar);
    m_summary->setObjectName(QStringLiteral("summary"));
    m_summary->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // No accessible name of its own: a screen reader then reads its text, which a name would
    // hide. Hidden while empty, when it would be a stop with nothing to say.
    m_summary->setWordWrap(true);
    // Its line stays while hidden: Start and the bar do not move when a summary comes.
    QSizePolicy summaryPolicy = m_summary->sizePolicy();
    summaryPolicy.setRetainSizeWhenHidden(true);
    m_summary->setSizePolicy(summaryPolicy);
    m_summary->hide();
    m_openOutput = new QPushButton(tr("Open output fol&der"), bar);
    m_openOutput->setObjectName(QStringLiteral("openOutput"));
    m_openOutput->setVisible(false);
    summary->addWidget(m_summary, 1);
    summary->addWidget(m_openOutput);
    layout->addLayout(summary);
}

void MainWindow::addSkipNotice(QWidget* bar, QVBoxLayout* layout)
{
    // Before Start: a batch that would skip most of its files because their outputs exist (a
    // second run with another size, say) says so, with the two ways out.
    m_skipNotice = new QWidget(bar);
    m_skipNotice->setObjectName(QStringLiteral("skipNotice"));
    auto* notice = new QHBoxLayout(m_skipNotice);
    notice->setContentsMargins(0, 0, 0, 0);
    m_skipText = new QLabel(m_skipNotice);
    m_skipText->setWordWrap(true);
    setTextTone(m_skipText, TextTone::Warning);
    m_replaceExisting = new QPushButton(tr("Replace them"), m_skipNotice);
    m_replaceExisting->setToolTip(
        tr("Sets \"If an output exists\" to \"Replace it\": the earlier outputs are written over "
           "(the originals never are)"));
    m_sizeInNames = new QPushButton(tr("Add the size to the names"), m_skipNotice);
    m_sizeInNames->setToolTip(tr("Names each output with its size (photo_1024x768.jpg), so that "
                                 "outputs of another size stay beside these"));
    notice->addWidget(m_skipText, 1);
    notice->addWidget(m_replaceExisting);
    notice->addWidget(m_sizeInNames);
    m_skipNotice->hide();
    layout->addWidget(m_skipNotice);
    // Each says what it changed, and where that setting is.
    connect(m_replaceExisting, &QPushButton::clicked, this, [this] {
        BatchSettings s = m_settings->settings();
        s.onExisting = ExistingPolicy::Overwrite;
        m_settings->setSettings(s);
        statusBar()->showMessage(
            tr("More options \u203a If an output exists is now \"Replace it\""), 8000);
    });
    connect(m_sizeInNames, &QPushButton::clicked, this, [this] {
        BatchSettings s = m_settings->settings();
        s.nameTemplate = withSizeInName(s.nameTemplate);
        m_settings->setSettings(s);
        statusBar()->showMessage(
            tr("More options \u203a File names is now %1").arg(s.nameTemplate), 8000);
    });
}

void MainWindow::buildMenus()
{
    QMenu* file = menuBar()->addMenu(tr("&File"));
    file->addAction(
        tr("&Add folder\u2026"), QKeySequence::Open, this, &MainWindow::addFolderDialog);
    file->addAction(tr("Add f&iles\u2026"), this, &MainWindow::addFilesDialog);
    file->addSeparator();
    file->addAction(tr("&Quit"), QKeySequence::Quit, this, &QWidget::close);
    // No Alt letter: the window's controls hold every other letter of "View".
    QMenu* view = menuBar()->addMenu(tr("View"));
    view->addAction(tr("&Preview"), QKeySequence(Qt::CTRL | Qt::Key_P), this,
        [this] { m_tabs->setCurrentWidget(m_preview); });
    view->addAction(tr("&Log"), QKeySequence(Qt::CTRL | Qt::Key_L), this,
        [this] { m_tabs->setCurrentWidget(m_logPane); });
    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About Dropsize"), this, &MainWindow::showAbout);
    help->addAction(tr("About &Qt"), qApp, &QApplication::aboutQt);
}

void MainWindow::addInputs(const QStringList& paths)
{
    if (m_controller.isBusy()) {
        statusBar()->showMessage(tr("A batch is running: add more when it is done."), 5000);
        return;
    }
    m_rejectedNow = 0;
    const int added = m_inputs->addPaths(paths);
    if (added > 0 && m_rejectedNow > 0) {
        statusBar()->showMessage(tr("Added %n input(s)", nullptr, added) + tr("; ")
                + tr("%n not added (see under the list)", nullptr, m_rejectedNow),
            8000);
    } else if (added > 0) {
        statusBar()->showMessage(tr("Added %n input(s)", nullptr, added), 3000);
    } else if (m_rejectedNow > 0) {
        statusBar()->showMessage(
            tr("%n not added (see under the list)", nullptr, m_rejectedNow), 8000);
    }
}

void MainWindow::showNotAdded()
{
    constexpr qsizetype kShown = 5;
    if (m_notAddedPaths.isEmpty()) {
        m_notAdded->clear();
        m_notAdded->hide();
        return;
    }
    QStringList lines = m_notAddedPaths.mid(0, kShown);
    if (m_notAddedPaths.size() > kShown) {
        lines.append(tr("\u2026 and %n more", nullptr,
            static_cast<int>(std::min<qsizetype>(m_notAddedPaths.size() - kShown, INT_MAX))));
    }
    m_notAdded->setText(tr("Not added: %1").arg(lines.join(QStringLiteral("; ")))
        + QStringLiteral(" <a href=\"#dismiss\">%1</a>").arg(tr("Dismiss")));
    m_notAdded->show();
}

void MainWindow::openOutputFolder(const QString& folder)
{
    const FolderOpener::Outcome outcome = m_folderOpener.open(folder);
    if (outcome == FolderOpener::Outcome::Opened) {
        return;
    }
    const QString path = QDir::toNativeSeparators(folder);
    const QString why = outcome == FolderOpener::Outcome::NoFileManager
        ? tr("No file manager is set up to open folders here.")
        : tr("The folder could not be opened.");
    auto* box = new QMessageBox(QMessageBox::Information, tr("Dropsize"),
        tr("%1\n\nThe outputs are in:\n%2").arg(why, path), QMessageBox::Close, this);
    box->setObjectName(QStringLiteral("folderNotOpened"));
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QPushButton* copy = box->addButton(tr("&Copy path"), QMessageBox::ActionRole);
    connect(copy, &QPushButton::clicked, this, [this, path] {
        QApplication::clipboard()->setText(path);
        statusBar()->showMessage(tr("Path copied to the clipboard"), 3000);
    });
    box->open();
}

void MainWindow::addFolderDialog()
{
    const QString folder = QFileDialog::getExistingDirectory(
        this, tr("Add a folder of images"), m_store.lastFolder());
    if (!folder.isEmpty()) {
        m_store.setLastFolder(folder);
        addInputs({ folder });
    }
}

void MainWindow::addFilesDialog()
{
    const QStringList files = QFileDialog::getOpenFileNames(
        this, tr("Add images"), m_store.lastFolder(), imageFileFilter());
    if (!files.isEmpty()) {
        m_store.setLastFolder(QFileInfo(files.front()).absolutePath());
        addInputs(files);
    }
}

QString MainWindow::imageFileFilter()
{
    const QString lower = extensionList(QStringLiteral("*."), QStringLiteral(" "));
    return tr("Images (%1);;All files (*)").arg(lower + QLatin1Char(' ') + lower.toUpper());
}

void MainWindow::removeSelectedInputs()
{
    QList<int> rows;
    for (const QModelIndex& index : m_inputView->selectionModel()->selectedRows()) {
        rows.append(index.row());
    }
    std::sort(rows.begin(), rows.end(), std::greater<>());
    for (int row : rows) {
        m_inputs->removeRow(row);
    }
}

void MainWindow::revalidate()
{
    std::vector<SettingsProblem> problems
        = validateSettings(m_settings->settings(), m_inputs->paths());
    // The planner's own refusal (an output folder inside an input, say), unless the checks above
    // said it about the output folder already.
    const bool outputProblem = std::any_of(problems.begin(), problems.end(),
        [](const SettingsProblem& p) { return p.field == SettingsField::OutputFolder; });
    if (!m_inputs->planError().isEmpty() && !outputProblem) {
        problems.push_back({ SettingsField::OutputFolder, m_inputs->planError() });
    }
    if (!m_inputs->paths().isEmpty() && m_inputs->totalImages() == 0
        && m_inputs->planError().isEmpty()) {
        problems.push_back({ SettingsField::Inputs,
            tr("There are no images in these inputs (files named %1).")
                .arg(extensionList(QStringLiteral("."), QStringLiteral(", "))) });
    }
    m_settings->showProblems(problems);
    QStringList inputProblems;
    for (const SettingsProblem& p : problems) {
        if (p.field == SettingsField::Inputs) {
            inputProblems.append(p.message);
        }
    }
    m_inputTotal->setText(m_inputs->totalText());
    m_inputTotal->setVisible(!m_inputTotal->text().isEmpty());
    m_inputProblem->setText(wrapPathsAtSeparators(inputProblems.join(QLatin1Char('\n'))));
    m_inputProblem->setVisible(!inputProblems.isEmpty());
    m_inputView->setAccessibleDescription(inputProblems.join(QLatin1Char('\n')));
    m_start->setEnabled(problems.empty() && !m_controller.isBusy());
    m_start->setToolTip(problems.empty() ? QString() : problems.front().message);

    const qint64 total = m_inputs->totalImages();
    const qint64 skipped = m_inputs->skippedImages();
    const BatchSettings now = m_settings->settings();
    // Not right after a batch with these very settings and inputs: skipping what it wrote is
    // how a re-run resumes, nothing to warn of.
    const bool sameAsLastRun = m_lastRun.has_value() && m_lastRun->first == now
        && m_lastRun->second == m_inputs->paths();
    const bool mostSkipped = problems.empty() && !m_controller.isBusy() && total > 0
        && skipped * 2 > total && now.onExisting == ExistingPolicy::Skip && !sameAsLastRun;
    // The names may say the size already (the outputs then are this size's): only replacing
    // helps then.
    m_sizeInNames->setVisible(withSizeInName(now.nameTemplate) != now.nameTemplate);
    if (mostSkipped) {
        m_skipText->setText(tr("%1 of %n image(s) would be skipped: their outputs exist already.",
            nullptr, static_cast<int>(std::min<qint64>(total, INT_MAX)))
                                .arg(skipped));
    }
    m_skipNotice->setVisible(mostSkipped);
}

void MainWindow::startBatch()
{
    revalidate();
    if (!m_start->isEnabled()) {
        return;
    }
    const BatchSettings settings = m_settings->settings();
    m_store.save(settings);
    m_lastRun = std::pair { settings, m_inputs->paths() };
    m_log->clear();
    m_log->setInputRoots(m_inputs->paths());
    m_summary->clear();
    m_summary->hide();
    m_notes.clear();
    m_openOutput->hide();
    m_outputFolders.clear();
    m_progress->setRange(0, 0); // busy until the plan is known
    m_tabs->setCurrentWidget(m_logPane); // the log, where the batch shows what it does
    m_controller.start(m_inputs->paths(), settings);
    // The focus was on Start (now disabled) or in the preview (now hidden): Pause, beside it.
    if (QWidget* focus = QApplication::focusWidget();
        focus == nullptr || !focus->isVisible() || !focus->isEnabled()) {
        m_pause->setFocus();
    }
}

void MainWindow::onStateChanged(BatchController::State state)
{
    using State = BatchController::State;
    const bool busy = state != State::Idle;
    // Whatever changes what a batch does is locked while one runs (a preset picked then would
    // rewrite the settings the batch is not using), so the window shows what made the files.
    m_settings->setEnabled(!busy);
    m_presets->setEnabled(!busy);
    m_pause->setEnabled(
        state == State::Running || state == State::Paused || state == State::Planning);
    m_pause->setText(state == State::Paused ? tr("Res&ume") : tr("Pa&use"));
    m_cancel->setEnabled(busy && state != State::Cancelling);
    if (state == State::Cancelling) {
        m_rate->setText(tr("Cancelling\u2026"));
    } else if (state == State::Paused) {
        m_rate->setText(tr("Paused"));
    } else if (state == State::Planning) {
        m_rate->setText(tr("Looking for images\u2026"));
    }
    revalidate();
}

void MainWindow::onProgress(const BatchProgress& progress)
{
    m_progress->setMaximum(static_cast<int>(std::min<qint64>(progress.total, INT_MAX)));
    m_progress->setValue(static_cast<int>(std::min<qint64>(progress.done, INT_MAX)));
    describeProgress(progress.done, progress.total);
    if (m_controller.state() != BatchController::State::Running) {
        return;
    }
    if (progress.secondsLeft < 0) {
        m_rate->setText(tr("Starting\u2026"));
    } else {
        m_rate->setText(tr("%1 images/s \u00b7 %2 left")
                            .arg(QLocale().toString(progress.imagesPerSecond, 'f', 1),
                                formatDuration(progress.secondsLeft)));
    }
}

void MainWindow::onFinished(const BatchResult& result)
{
    if (!result.error.isEmpty()) {
        m_progress->setRange(0, 1);
        m_progress->setValue(0);
        m_progress->setFormat(QString());
        m_progress->setAccessibleDescription(QString());
        m_rate->clear();
        m_summary->setText(tr("Not started: %1").arg(result.error));
        m_summary->show();
        QMessageBox::warning(
            this, tr("Dropsize"), tr("The batch could not start:\n%1").arg(result.error));
    } else {
        // Cancelled before the plan came: the bar was busy (no range yet); it stops.
        if (m_progress->maximum() == 0) {
            m_progress->setRange(0, 1);
            m_progress->setValue(0);
            m_progress->setFormat(QString());
        }
        m_summary->setText(summaryText(result));
        m_summary->show();
        m_rate->clear();
        showOutputFolders(result);
    }
    if (m_closeWhenIdle) {
        QMetaObject::invokeMethod(this, &QWidget::close, Qt::QueuedConnection);
    } else if (m_quitQuestion != nullptr) {
        m_quitQuestion->done(QMessageBox::No); // the batch it asked about has ended
    }
}

QString MainWindow::summaryText(const BatchResult& result) const
{
    const BatchSummary& s = result.summary;
    const auto saved = static_cast<qint64>(s.inputBytes) - static_cast<qint64>(s.outputBytes);
    QString text = tr("%1: %2 done, %3 skipped, %4 failed in %5")
                       .arg(s.wasCancelled ? tr("Cancelled") : tr("Finished"))
                       .arg(s.ok)
                       .arg(s.skipped)
                       .arg(s.failed)
                       .arg(formatDuration(s.seconds));
    if (s.cancelled > 0) {
        text += tr(", %n not done", nullptr, static_cast<int>(s.cancelled));
    }
    if (!s.gpuName.empty()) {
        text += tr(" \u00b7 %1 on %2, %3 on the CPU")
                    .arg(s.okOnGpu)
                    .arg(QString::fromStdString(s.gpuName))
                    .arg(s.ok - s.okOnGpu);
    }
    if (s.ok > 0) {
        text += tr(" \u00b7 %1 \u2192 %2 (%3 saved)")
                    .arg(JobLogModel::formatBytes(static_cast<qint64>(s.inputBytes)),
                        JobLogModel::formatBytes(static_cast<qint64>(s.outputBytes)),
                        JobLogModel::formatBytes(std::max<qint64>(0, saved)));
    }
    if (result.largerOutputs > 0) {
        text += QLatin1Char('\n')
            + tr("%n output(s) larger than the original(s)", nullptr,
                static_cast<int>(std::min<qint64>(result.largerOutputs, INT_MAX)));
    }
    if (result.stretchedOutputs > 0) {
        text += QLatin1Char('\n')
            + tr("%n output(s) stretched to the exact size (aspect not kept)", nullptr,
                static_cast<int>(std::min<qint64>(result.stretchedOutputs, INT_MAX)));
    }
    for (const QString& problem : result.problems) {
        text += QLatin1Char('\n') + tr("Could not read %1").arg(problem);
    }
    for (const QString& note : std::as_const(m_notes)) {
        text += QLatin1Char('\n') + tr("Note: %1").arg(note);
    }
    return text;
}

void MainWindow::showOutputFolders(const BatchResult& result)
{
    m_outputFolders = result.outputFolders;
    // Skipped outputs exist too: a re-run that skipped everything still has them to show.
    m_openOutput->setVisible(
        (result.summary.ok > 0 || result.summary.skipped > 0) && !m_outputFolders.isEmpty());
    m_openOutput->setToolTip(QDir::toNativeSeparators(m_outputFolders.join(QLatin1Char('\n'))));
    QMenu* folders = nullptr;
    if (FolderOpener::commonRoot(m_outputFolders).isEmpty() && !m_outputFolders.isEmpty()) {
        folders = new QMenu(m_openOutput);
        for (const QString& dir : std::as_const(m_outputFolders)) {
            folders->addAction(
                QDir::toNativeSeparators(dir), this, [this, dir] { openOutputFolder(dir); });
        }
    }
    if (QMenu* old = m_openOutput->menu(); old != nullptr) {
        old->deleteLater();
    }
    m_openOutput->setMenu(folders);
}

void MainWindow::updateFailureCount()
{
    const qint64 failed = m_log->failureCount();
    m_failures->setText(failed == 0
            ? QString()
            // A link takes the application's link colour unless it names one: the label's tone.
            : QStringLiteral("<a href=\"#failures\" style=\"color:%1;\">%2</a>")
                  .arg(m_failures->palette().color(QPalette::Link).name(),
                      tr("%n failed", nullptr,
                          static_cast<int>(std::min<qint64>(failed, INT_MAX)))));
}

void MainWindow::describeProgress(qint64 done, qint64 total)
{
    // What a screen reader says of the bar: its percentage alone tells not how many.
    m_progress->setAccessibleDescription(
        tr("%1 of %n image(s)", nullptr, static_cast<int>(std::min<qint64>(total, INT_MAX)))
            .arg(done));
}

void MainWindow::closeEvent(QCloseEvent* event)
{
    if (m_controller.isBusy()) {
        // Asked without blocking, so that a batch that ends while the question is open takes the
        // question with it (it is about a batch that no longer runs).
        if (!m_closeWhenIdle && m_quitQuestion == nullptr) {
            m_quitQuestion = new QMessageBox(QMessageBox::Question, tr("Dropsize"),
                tr("A batch is running. Stop it and quit?\n\nFiles already written stay; the file "
                   "being written is discarded."),
                QMessageBox::Yes | QMessageBox::No, this);
            m_quitQuestion->setObjectName(QStringLiteral("quitQuestion"));
            m_quitQuestion->setDefaultButton(QMessageBox::No);
            m_quitQuestion->setAttribute(Qt::WA_DeleteOnClose);
            connect(m_quitQuestion, &QMessageBox::finished, this, [this](int answer) {
                if (answer != QMessageBox::Yes) {
                    return;
                }
                if (m_controller.isBusy()) {
                    m_closeWhenIdle = true; // closes once the batch has stopped (onFinished)
                    m_controller.cancel();
                } else {
                    QMetaObject::invokeMethod(this, &QWidget::close, Qt::QueuedConnection);
                }
            });
            m_quitQuestion->open();
        }
        event->ignore();
        return;
    }
    m_store.save(m_settings->settings());
    m_store.saveWindow(saveGeometry(), saveState());
    QByteArray panes;
    QDataStream out(&panes, QIODevice::WriteOnly);
    out << m_split->saveState() << m_leftSplit->saveState() << m_tabs->currentIndex();
    m_store.setPaneState(panes);
    m_store.sync();
    event->accept();
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event)
{
    if (!localPaths(event->mimeData()).isEmpty() && !m_controller.isBusy()) {
        event->acceptProposedAction();
        setDropHintVisible(true);
    }
}

void MainWindow::dragLeaveEvent(QDragLeaveEvent* event)
{
    setDropHintVisible(false);
    QMainWindow::dragLeaveEvent(event);
}

void MainWindow::dropEvent(QDropEvent* event)
{
    setDropHintVisible(false);
    const QStringList paths = localPaths(event->mimeData());
    if (paths.isEmpty() || m_controller.isBusy()) {
        return;
    }
    event->acceptProposedAction();
    addInputs(paths);
}

void MainWindow::showEvent(QShowEvent* event)
{
    QMainWindow::showEvent(event);
    // Once, at the size the window is shown at (a restored or first-run geometry).
    if (!m_panesSized) {
        m_panesSized = true;
        sizePanes();
    }
}

void MainWindow::resizeEvent(QResizeEvent* event)
{
    QMainWindow::resizeEvent(event);
    if (m_dropHint->isVisible()) {
        setDropHintVisible(true);
    }
}

bool MainWindow::eventFilter(QObject* watched, QEvent* event)
{
    if (m_emptyHint != nullptr && watched == m_inputView->viewport()
        && event->type() == QEvent::Resize) {
        m_emptyHint->setGeometry(m_inputView->viewport()->rect().adjusted(12, 0, -12, 0));
    }
    return QMainWindow::eventFilter(watched, event);
}

void MainWindow::setDropHintVisible(bool visible)
{
    if (visible) {
        m_dropHint->setGeometry(centralWidget()->rect().adjusted(8, 8, -8, -8));
        m_dropHint->raise();
    }
    m_dropHint->setVisible(visible);
}

void MainWindow::showAbout()
{
    QMessageBox::about(this, tr("About Dropsize"),
        tr("<h3>Dropsize %1</h3>"
           "<p>Resizes folders of photos (%6), with exactly the pixels of Pillow's "
           "thumbnail(); originals are never changed.</p>"
           "<p>Git revision %2<br>Qt %3<br>%4<br>%5</p>"
           "<p>MIT licence. Uses Qt (LGPLv3) and the image libraries above, each under its own "
           "licence (see LICENSE).</p>")
            .arg(QString::fromLatin1(versionString()), QString::fromLatin1(gitRevision()),
                QString::fromLatin1(qVersion()),
                QString::fromStdString(libraryVersions()).toHtmlEscaped(),
                displayText(describeDevices(m_devices)).toHtmlEscaped(),
                QString::fromStdString(readableFormats(", "))));
}

} // namespace dropsize::ui

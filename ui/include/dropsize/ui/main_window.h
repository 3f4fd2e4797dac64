// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/core/device_info.h"
#include "dropsize/ui/batch_controller.h"
#include "dropsize/ui/folder_opener.h"

#include <QMainWindow>
#include <QPointer>
#include <memory>
#include <optional>
#include <utility>

class QLabel;
class QMessageBox;
class QProgressBar;
class QPushButton;
class QScrollArea;
class QSplitter;
class QTabWidget;
class QTableView;
class QVBoxLayout;

namespace dropsize::ui {

class BatchNotifier;
class FileLauncher;
class InputListModel;
class JobLogModel;
class LogPane;
class PreviewPane;
class PresetBar;
class SettingsPanel;
class SettingsStore;

/// `nameTemplate` with the output's size in it ("{name}_{w}x{h}" for the default name), unless
/// it names the size already: what "Add the size to the names" puts in File names.
QString withSizeInName(const QString& nameTemplate);

/// The Dropsize window: inputs (buttons and drag-and-drop), settings, Start/Pause/Cancel, progress
/// and the live log. It shows and collects; BatchController runs the batch.
class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    /// `store` and `controller` must outlive the window.
    MainWindow(SettingsStore& store, BatchController& controller, const DeviceInfo& devices,
        QWidget* parent = nullptr);
    ~MainWindow() override;

    /// The "Add files…" dialog's filter: every extension the build reads as an image, in lower
    /// and upper case (file dialogs match case on some systems), then all files.
    static QString imageFileFilter();

    /// Adds files and folders to the inputs (command line, drops, dialogs).
    void addInputs(const QStringList& paths);

    // For tests and the screenshot tool: the parts they look at.
    InputListModel* inputs() const noexcept { return m_inputs; }
    JobLogModel* log() const noexcept { return m_log; }
    SettingsPanel* settingsPanel() const noexcept { return m_settings; }
    PresetBar* presetBar() const noexcept { return m_presets; }
    QPushButton* startButton() const noexcept { return m_start; }
    QTableView* logView() const;
    LogPane* logPane() const noexcept { return m_logPane; }
    /// Opens the log's files (double-click, "Show in folder"); tests put their own desktop in.
    FileLauncher& fileLauncher() noexcept { return *m_launcher; }
    /// The progress in the title and the notification at the end.
    BatchNotifier* batchNotifier() const noexcept { return m_notifier; }
    PreviewPane* previewPane() const noexcept { return m_preview; }
    QPushButton* openOutputButton() const noexcept { return m_openOutput; }
    /// The preview and the log, one shown at a time.
    QTabWidget* resultTabs() const noexcept { return m_tabs; }
    /// The line before Start that says most files would be skipped (hidden otherwise).
    QWidget* skipNotice() const noexcept { return m_skipNotice; }

    /// How "Open output folder" opens a folder (tests give their own launcher).
    void setFolderOpener(FolderOpener opener) { m_folderOpener = std::move(opener); }

public slots:
    void startBatch();

protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dragLeaveEvent(QDragLeaveEvent* event) override;
    void dropEvent(QDropEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void showEvent(QShowEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    /// The box with the presets over the settings' form, which scrolls where the screen is short.
    QWidget* buildSettings();
    /// `inputs` over `settings`, the tabs beside them, the run under all, and the drop hint.
    void buildCentral(QWidget* inputs, QWidget* settings);
    /// Tab's order from the settings on: Start and the run, then the tabs.
    void orderTabs();
    /// What the settings, the presets and the input list tell the window.
    void connectInputsAndSettings();
    /// What the batch tells the window: its state, progress, rows, notices and end.
    void connectController();
    /// The saved settings and "More options", then the room the form takes when it opens.
    void restoreSettings();
    QWidget* buildInputs();
    /// The input list's columns: the path stretches, the counts fit their widest text.
    void sizeInputColumns();
    /// The hint inside the empty input list.
    void addEmptyHint();
    /// Add folder, Add files, Remove and Clear under the input list, enabled as they apply.
    void addInputButtons(QWidget* box, QVBoxLayout* layout);
    QWidget* buildRun();
    /// Start, Pause, Cancel, the progress bar, the rate and the failures, on one row.
    void addRunControls(QWidget* bar, QVBoxLayout* layout);
    /// The last batch's summary and "Open output folder".
    void addSummaryRow(QWidget* bar, QVBoxLayout* layout);
    /// The notice that most files would be skipped, with its two ways out.
    void addSkipNotice(QWidget* bar, QVBoxLayout* layout);
    /// The preview of the image selected in the inputs or the log, and the log, as two tabs.
    QTabWidget* buildLogAndPreview();
    /// The panes' sizes for the window's first size: the left column as wide as its form.
    void sizePanes();
    /// 1100x760, or less where the screen is smaller.
    QSize firstRunSize() const;
    void buildMenus();
    void addFolderDialog();
    void addFilesDialog();
    void removeSelectedInputs();
    void revalidate();
    void onStateChanged(BatchController::State state);
    void onProgress(const BatchProgress& progress);
    void onFinished(const BatchResult& result);
    /// The summary of a batch that ran: its counts, time, device, bytes, problems and notes.
    QString summaryText(const BatchResult& result) const;
    /// "Open output folder" for the batch's output folders (a menu of them when no one holds all).
    void showOutputFolders(const BatchResult& result);
    void showAbout();
    void setDropHintVisible(bool visible);
    void updateFailureCount();
    void describeProgress(qint64 done, qint64 total);
    void showNotAdded();
    void openOutputFolder(const QString& folder);

    SettingsStore& m_store;
    BatchController& m_controller;
    DeviceInfo m_devices;
    InputListModel* m_inputs = nullptr;
    JobLogModel* m_log = nullptr;
    SettingsPanel* m_settings = nullptr;
    PreviewPane* m_preview = nullptr;
    LogPane* m_logPane = nullptr;
    PresetBar* m_presets = nullptr;
    QTableView* m_inputView = nullptr;
    QLabel* m_inputProblem = nullptr;
    QLabel* m_inputTotal = nullptr; ///< the files the batch will take, from one plan of all
    QLabel* m_notAdded = nullptr; ///< the paths not added, until dismissed
    QStringList m_notAddedPaths; ///< "path (reason)"
    int m_rejectedNow = 0; ///< paths addInputs() is not adding
    QLabel* m_dropHint = nullptr;
    QLabel* m_emptyHint = nullptr; ///< inside the empty input list: what to do first
    QSplitter* m_split = nullptr; ///< the left column | the tabs
    QSplitter* m_leftSplit = nullptr; ///< the inputs over the settings
    QScrollArea* m_settingsScroll = nullptr;
    QTabWidget* m_tabs = nullptr;
    QWidget* m_skipNotice = nullptr;
    QLabel* m_skipText = nullptr;
    QPushButton* m_replaceExisting = nullptr;
    QPushButton* m_sizeInNames = nullptr;
    QPointer<QMessageBox> m_quitQuestion; ///< "Stop it and quit?" while it is open
    /// The settings and inputs of the last batch started (a re-run of them skips by design).
    std::optional<std::pair<BatchSettings, QStringList>> m_lastRun;
    QPushButton* m_start = nullptr;
    QPushButton* m_pause = nullptr;
    QPushButton* m_cancel = nullptr;
    QProgressBar* m_progress = nullptr;
    QLabel* m_rate = nullptr;
    QLabel* m_failures = nullptr; ///< "3 failed" while and after a batch; shows them when clicked
    QLabel* m_summary = nullptr;
    QPushButton* m_openOutput = nullptr;
    std::unique_ptr<FileLauncher> m_launcher;
    BatchNotifier* m_notifier = nullptr;
    QStringList m_outputFolders;
    FolderOpener m_folderOpener;
    QStringList m_notes; ///< the batch's notices, shown with its summary
    bool m_closeWhenIdle = false;
    bool m_panesSized = false; ///< sizePanes() ran, on the first show
};

} // namespace dropsize::ui

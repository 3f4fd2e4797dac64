// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/core/device_info.h"
#include "dropsize/ui/batch_settings.h"

#include <QList>
#include <QSet>
#include <QWidget>
#include <cstdint>
#include <map>
#include <optional>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QFormLayout;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;
class QStackedWidget;
class QToolButton;
class QVBoxLayout;

namespace dropsize::ui {

/// The form of every batch setting. It shows and collects a BatchSettings; it never starts
/// anything. A problem with a value is shown in red right under that value.
class SettingsPanel : public QWidget {
    Q_OBJECT
public:
    explicit SettingsPanel(const DeviceInfo& devices, QWidget* parent = nullptr);

    BatchSettings settings() const;
    void setSettings(const BatchSettings& settings);

    /// Shows each problem under its value and clears the others (Inputs problems are not shown
    /// here).
    void showProblems(const std::vector<SettingsProblem>& problems);

    /// Whether "More options" (every setting but size, output folder and format) is open.
    bool moreOptionsOpen() const;
    void setMoreOptionsOpen(bool open);
    /// What "More options" shows (for the window to scroll to it).
    QWidget* moreOptionsArea() const noexcept { return m_more; }

protected:
    /// The wheel over a box that has not the focus scrolls the form instead of changing the
    /// value (a settings pane scrolled with the wheel changed the filter on its way).
    bool eventFilter(QObject* watched, QEvent* event) override;

public:
signals:
    /// The user opened or closed "More options" (for remembering it).
    void moreOptionsToggled(bool open);
    void settingsChanged();
    void resetRequested();
    /// The user picked a folder in the "Choose…" dialog (for remembering where it was).
    void folderChosen(const QString& folder);

private:
    /// The size's row: the mode, its page of values, the stretch note and the size's problem.
    void buildSizeRows();
    /// Where the outputs go: the location, the output folder and Choose…, and its problem.
    void buildOutputRows();
    /// The format and the quality boxes of the lossy formats this build writes.
    void buildFormatRows();
    /// The "More options" toggle and the form it opens, under the main form in `column`.
    void buildMoreOptions(QVBoxLayout* column);
    /// Under "More options": several sizes, enlarging and the filter.
    void buildSizesAndFilterRows();
    void buildReducingGapRow();
    /// Selects the gap's item, adding one for a gap the list lacks.
    void setReducingGap(std::optional<double> gap);
    std::optional<double> reducingGap() const;
    /// Under "More options": file names, largest size, larger or existing outputs, sub-folders,
    /// metadata, dates and the AVIF speed.
    void buildFileRows();
    /// Under "More options": the device and the note on what it will use.
    void buildDeviceRows();
    /// The accessible names of the values without a label of their own, then of the others.
    void nameValues();
    /// The Tab order down the column, ending at `reset`.
    void orderTabs(QWidget* reset);
    /// Every value's change to settingsChanged(), and the buttons and the toggle to theirs.
    void connectValues(QPushButton* reset);
    void updateEnabledState();
    /// Shows or hides `field`'s whole row of its form (label, value and spacing).
    void showRow(QWidget* field, bool visible);
    void chooseOutputFolder();
    /// `whileTyping`: a problem that can come and go as the user types, whose line is kept.
    QLabel* addProblemLabel(SettingsField field, bool whileTyping = false);
    std::uint64_t maxBytes() const;
    void setMaxBytes(std::uint64_t bytes);

    DeviceInfo m_devices;
    QComboBox* m_mode = nullptr;
    QStackedWidget* m_sizePages = nullptr;
    QDoubleSpinBox* m_percent = nullptr;
    QSpinBox* m_width = nullptr;
    QSpinBox* m_height = nullptr;
    QSpinBox* m_longEdge = nullptr;
    QSpinBox* m_shortEdge = nullptr;
    QLineEdit* m_sizes = nullptr;
    QCheckBox* m_enlarge = nullptr;
    QComboBox* m_filter = nullptr;
    QComboBox* m_reducingGap = nullptr; ///< the item's data: the gap's text ("2", "none")
    static constexpr int kReducingGapChoices = 4; ///< the list's own; a fifth is from elsewhere
    QComboBox* m_location = nullptr;
    QLineEdit* m_outputFolder = nullptr;
    QWidget* m_outputRow = nullptr; ///< the folder and Choose…, shown for "One folder"
    QPushButton* m_chooseOutput = nullptr;
    QLineEdit* m_nameTemplate = nullptr;
    QComboBox* m_format = nullptr;
    QWidget* m_qualityRow = nullptr; ///< the quality boxes of the formats the batch may write
    QLabel* m_qualityLabel = nullptr;
    QSpinBox* m_quality = nullptr; ///< JPEG's
    QSpinBox* m_webpQuality = nullptr; ///< null in a build without WebP, as is m_webpLossless
    QCheckBox* m_webpLossless = nullptr;
    QSpinBox* m_avifQuality = nullptr; ///< null in a build without AVIF, as is m_avifSpeed
    QSpinBox* m_avifSpeed = nullptr;
    QLabel* m_maxBytesNote = nullptr;
    QToolButton* m_moreToggle = nullptr;
    QFormLayout* m_form = nullptr; ///< size, where to, format
    QFormLayout* m_moreForm = nullptr; ///< the rest, under "More options"
    QWidget* m_more = nullptr; ///< what "More options" shows
    QString m_deviceReason; ///< why no GPU is used, as CUDA says it (the device note's tooltip)
    QSpinBox* m_maxBytes = nullptr; ///< in m_maxBytesUnit's units; 0: no target file size
    QComboBox* m_maxBytesUnit = nullptr;
    QComboBox* m_ifBigger = nullptr;
    QComboBox* m_existing = nullptr;
    QCheckBox* m_recursive = nullptr;
    QCheckBox* m_keepMetadata = nullptr;
    QComboBox* m_device = nullptr;
    QLabel* m_deviceNote = nullptr;
    QLabel* m_stretchNote = nullptr;
    QCheckBox* m_keepDates = nullptr;
    std::map<SettingsField, QLabel*> m_problemLabels;
    std::map<SettingsField, QList<QWidget*>> m_problemFields; ///< the values each is about
    QSet<QLabel*> m_heldProblemLabels; ///< the problems that keep their line (addProblemLabel)
    BatchSettings
        m_hidden; ///< values the form does not show (subsampling, threads, ...) kept as loaded
    bool m_updating = false;
    bool m_hadHiddenProblem = false; ///< a problem under "More options" was shown last time
};

} // namespace dropsize::ui

// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/core/presets.h"

#include <QString>
#include <QStringList>
#include <QWidget>
#include <filesystem>
#include <optional>

class QAction;
class QComboBox;
class QPushButton;
class QToolButton;

namespace dropsize::ui {

class SettingsPanel;
class SettingsStore;

/// The presets above the settings: a list of them (the built-ins first, then the user's, from
/// the file the command line reads too), "Save as…", and "Rename…" and "Delete" in a menu. Choosing
/// one puts its values into the settings panel; once the settings differ from it, the list says
/// "(modified)". The chosen preset is remembered in the settings store.
class PresetBar : public QWidget {
    Q_OBJECT
public:
    /// `store` must outlive the bar; `presetFile` is where the user's presets are
    /// (presetFilePath()).
    PresetBar(SettingsStore& store, std::filesystem::path presetFile, QWidget* parent = nullptr);

    /// The form the bar fills in and reads, which must outlive it; set once, before the bar is
    /// used. (The bar is built before the form, so that Tab reaches it first, as the eye does.)
    void setPanel(SettingsPanel& panel);

    /// The presets' names as the list shows them (built-ins translated), in its order.
    [[nodiscard]] QStringList presetNames() const;
    /// The chosen preset's name as saved (a built-in's English one); empty when none is.
    [[nodiscard]] QString chosenPreset() const { return m_chosen; }
    /// True when a preset is chosen and the settings no longer match it.
    [[nodiscard]] bool isModified() const;

    // What the buttons do once their dialogs have a name; each returns why it could not (in the
    // window's language), empty when it did.

    /// Puts the preset `name` (a built-in's name or id, or a user's preset) into the settings.
    QString choose(const QString& name);
    /// Saves the settings as the user's preset `name` (replacing one of that name) and chooses it.
    QString saveAs(const QString& name);
    /// Renames the chosen preset, which must be the user's.
    QString renameChosen(const QString& name);
    /// Deletes the chosen preset, which must be the user's; the settings stay as they are.
    QString deleteChosen();

    QComboBox* presetList() const noexcept { return m_list; }
    QPushButton* saveButton() const noexcept { return m_save; }
    /// "Rename…" and "Delete", in the menu of manageButton().
    QAction* renameAction() const noexcept { return m_rename; }
    QAction* deleteAction() const noexcept { return m_delete; }
    QToolButton* manageButton() const noexcept { return m_manage; }

signals:
    /// A passing message for the status bar (a preset file's skipped lines, say).
    void message(const QString& text);

private:
    /// Tells what loading the preset file found wrong.
    void reportProblems();
    void refresh();
    void onPicked(int index);
    void askSaveAs();
    void askRename();
    void askDelete();
    [[nodiscard]] std::optional<Preset> chosen() const;
    void setChosen(const QString& name);

    SettingsPanel* m_panel = nullptr;
    SettingsStore& m_store;
    PresetStore m_presets;
    QString m_chosen;
    QString m_loadProblem; ///< why the file could not be read, in the window's language
    QComboBox* m_list = nullptr;
    QPushButton* m_save = nullptr;
    QToolButton* m_manage = nullptr;
    QAction* m_rename = nullptr;
    QAction* m_delete = nullptr;
    bool m_refreshing = false;
};

} // namespace dropsize::ui

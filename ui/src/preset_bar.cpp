// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/ui/preset_bar.h"

#include "dropsize/ui/engine_text.h"
#include "dropsize/ui/preset_settings.h"
#include "dropsize/ui/settings_panel.h"
#include "dropsize/ui/settings_store.h"

#include <QComboBox>
#include <QCoreApplication>
#include <QHBoxLayout>
#include <QInputDialog>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QPushButton>
#include <QSignalBlocker>
#include <QTimer>
#include <QToolButton>
#include <utility>

namespace dropsize::ui {

namespace {

    QString qText(const std::string& s) { return QString::fromStdString(s); }

    // The built-ins' names in the window's language, by id; core keeps the English ones, which
    // the command line and the preset file use.
    QString shownName(const Preset& preset)
    {
        if (preset.id == "web") {
            return QCoreApplication::translate("dropsize::ui::PresetBar", "Web (2048 px)");
        }
        if (preset.id == "email") {
            return QCoreApplication::translate("dropsize::ui::PresetBar", "E-mail (1280 px)");
        }
        if (preset.id == "thumbnails") {
            return QCoreApplication::translate("dropsize::ui::PresetBar", "Thumbnails (256 px)");
        }
        return qText(preset.name);
    }

} // namespace

PresetBar::PresetBar(SettingsStore& store, std::filesystem::path presetFile, QWidget* parent)
    : QWidget(parent)
    , m_store(store)
    , m_presets(std::move(presetFile))
{
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* label = new QLabel(tr("&Preset:"), this);
    m_list = new QComboBox(this);
    // As wide as the column leaves, down to a short name: the settings' column is narrow.
    m_list->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    m_list->setMinimumContentsLength(12);
    m_list->setAccessibleName(tr("Preset"));
    m_list->setToolTip(tr("Settings saved under a name; dropsize-cli --preset reads the same "
                          "presets"));
    label->setBuddy(m_list);
    m_save = new QPushButton(tr("Sav&e as…"), this);
    m_save->setAccessibleName(tr("Save the settings as a preset"));
    // Renaming and deleting are rarer: behind one button, in its menu.
    m_manage = new QToolButton(this);
    m_manage->setText(tr("⋯"));
    m_manage->setAccessibleName(tr("Rename or delete the preset"));
    m_manage->setToolTip(tr("Rename or delete the chosen preset (one of yours)"));
    m_manage->setPopupMode(QToolButton::InstantPopup);
    m_manage->setFocusPolicy(Qt::StrongFocus);
    auto* menu = new QMenu(m_manage);
    m_rename = menu->addAction(tr("&Rename…"));
    m_delete = menu->addAction(tr("&Delete"));
    m_manage->setMenu(menu);
    layout->addWidget(label);
    layout->addWidget(m_list, 1);
    layout->addWidget(m_save);
    layout->addWidget(m_manage);

    connect(m_list, &QComboBox::currentIndexChanged, this, &PresetBar::onPicked);
    connect(m_save, &QPushButton::clicked, this, &PresetBar::askSaveAs);
    connect(m_rename, &QAction::triggered, this, &PresetBar::askRename);
    connect(m_delete, &QAction::triggered, this, &PresetBar::askDelete);

    // Told once the window listens (the bar is built before its signals are connected).
    QTimer::singleShot(0, this, &PresetBar::reportProblems);
    if (auto loaded = m_presets.load(); !loaded) {
        m_loadProblem = tr("Could not read the presets in %1: %2")
                            .arg(qText(loaded.error().path), displayText(loaded.error()));
    }
    // The preset chosen last time, if it is still there; its values are in the saved settings
    // already (or changed since, which the list then says).
    if (const QString last = m_store.lastPreset();
        !last.isEmpty() && m_presets.find(last.toStdString())) {
        m_chosen = qText(m_presets.find(last.toStdString())->name);
    }
}

void PresetBar::setPanel(SettingsPanel& panel)
{
    m_panel = &panel;
    connect(m_panel, &SettingsPanel::settingsChanged, this, &PresetBar::refresh);
    refresh();
}

QStringList PresetBar::presetNames() const
{
    QStringList names;
    for (const Preset& p : m_presets.presets()) {
        names.append(shownName(p));
    }
    return names;
}

std::optional<Preset> PresetBar::chosen() const
{
    if (m_chosen.isEmpty()) {
        return std::nullopt;
    }
    return m_presets.find(m_chosen.toStdString());
}

bool PresetBar::isModified() const
{
    const auto preset = chosen();
    return preset && m_panel != nullptr && !matchesPreset(m_panel->settings(), *preset);
}

void PresetBar::reportProblems()
{
    if (!m_loadProblem.isEmpty()) {
        emit message(m_loadProblem);
    }
    for (const PresetFileProblem& problem : m_presets.problems()) {
        emit message(tr("Presets file, line %1 skipped: %2")
                         .arg(problem.line)
                         .arg(displayText(problem.error)));
    }
}

void PresetBar::setChosen(const QString& name)
{
    m_chosen = name;
    m_store.setLastPreset(name);
}

void PresetBar::refresh()
{
    if (m_refreshing || m_panel == nullptr) {
        return;
    }
    m_refreshing = true;
    const QSignalBlocker blocker(m_list);
    m_list->clear();
    const auto preset = chosen();
    if (!preset) {
        m_chosen.clear();
        // Not a preset: the settings as they are.
        m_list->addItem(tr("Custom settings"), QString());
    }
    const bool modified = preset && !matchesPreset(m_panel->settings(), *preset);
    for (const Preset& p : m_presets.presets()) {
        const QString name = qText(p.name);
        const bool isChosen = preset && samePresetName(p.name, preset->name);
        m_list->addItem(
            isChosen && modified ? tr("%1 (modified)").arg(shownName(p)) : shownName(p), name);
        if (isChosen) {
            m_list->setCurrentIndex(m_list->count() - 1);
        }
    }
    if (!preset) {
        m_list->setCurrentIndex(0);
    }
    const bool userPreset = preset && !preset->builtIn();
    m_rename->setEnabled(userPreset);
    m_delete->setEnabled(userPreset);
    m_manage->setEnabled(userPreset);
    m_refreshing = false;
}

void PresetBar::onPicked(int index)
{
    const QString name = m_list->itemData(index).toString();
    if (name.isEmpty()) {
        return; // "Custom settings": nothing to put in
    }
    const QString why = choose(name);
    if (!why.isEmpty()) {
        emit message(why);
    }
}

QString PresetBar::choose(const QString& name)
{
    const auto preset = m_presets.find(name.toStdString());
    if (!preset || m_panel == nullptr) {
        return tr("There is no preset named \"%1\".").arg(name);
    }
    setChosen(qText(preset->name));
    // setSettings() tells the window the settings changed, which refreshes the list.
    m_panel->setSettings(applyPreset(*preset, m_panel->settings()));
    refresh();
    return {};
}

QString PresetBar::saveAs(const QString& name)
{
    if (m_panel == nullptr) {
        return {};
    }
    const QString trimmed = name.trimmed();
    if (auto saved = m_presets.save(trimmed.toStdString(), presetSettingsOf(m_panel->settings()));
        !saved) {
        return displayMessage(saved.error());
    }
    setChosen(trimmed);
    refresh();
    return {};
}

QString PresetBar::renameChosen(const QString& name)
{
    const auto preset = chosen();
    if (!preset || preset->builtIn()) {
        return tr("Only a preset of your own can be renamed.");
    }
    const QString trimmed = name.trimmed();
    if (auto renamed = m_presets.rename(preset->name, trimmed.toStdString()); !renamed) {
        return displayMessage(renamed.error());
    }
    setChosen(trimmed);
    refresh();
    return {};
}

QString PresetBar::deleteChosen()
{
    const auto preset = chosen();
    if (!preset || preset->builtIn()) {
        return tr("Only a preset of your own can be deleted.");
    }
    if (auto removed = m_presets.remove(preset->name); !removed) {
        return displayMessage(removed.error());
    }
    setChosen({});
    refresh();
    return {};
}

void PresetBar::askSaveAs()
{
    const auto preset = chosen();
    // A user's preset is offered to be saved over; a built-in's name is not free.
    const QString suggested = preset && !preset->builtIn() ? qText(preset->name) : QString();
    bool ok = false;
    const QString name = QInputDialog::getText(this, tr("Save preset"),
        tr("Save the current settings as the preset:"), QLineEdit::Normal, suggested, &ok);
    if (!ok || name.trimmed().isEmpty()) {
        return;
    }
    const auto existing = m_presets.find(name.trimmed().toStdString());
    if (existing && !existing->builtIn()
        && QMessageBox::question(this, tr("Save preset"),
               tr("Replace the preset \"%1\" with the current settings?")
                   .arg(qText(existing->name)))
            != QMessageBox::Yes) {
        return;
    }
    if (const QString why = saveAs(name); !why.isEmpty()) {
        QMessageBox::warning(this, tr("Save preset"), why);
    }
}

void PresetBar::askRename()
{
    const auto preset = chosen();
    if (!preset) {
        return;
    }
    bool ok = false;
    const QString name = QInputDialog::getText(this, tr("Rename preset"),
        tr("New name of the preset \"%1\":").arg(qText(preset->name)), QLineEdit::Normal,
        qText(preset->name), &ok);
    if (!ok || name.trimmed().isEmpty()) {
        return;
    }
    if (const QString why = renameChosen(name); !why.isEmpty()) {
        QMessageBox::warning(this, tr("Rename preset"), why);
    }
}

void PresetBar::askDelete()
{
    const auto preset = chosen();
    if (!preset
        || QMessageBox::question(this, tr("Delete preset"),
               tr("Delete the preset \"%1\"? The settings stay as they are.")
                   .arg(qText(preset->name)))
            != QMessageBox::Yes) {
        return;
    }
    if (const QString why = deleteChosen(); !why.isEmpty()) {
        QMessageBox::warning(this, tr("Delete preset"), why);
    }
}

} // namespace dropsize::ui

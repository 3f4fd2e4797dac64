// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/ui/batch_settings.h"

#include <QByteArray>
#include <QSettings>

namespace dropsize::ui {

/// The one place that maps QSettings keys to BatchSettings. Keys and their conversions are one
/// table (settings_store.cpp); the defaults are those of a default BatchSettings. A missing or
/// unreadable value falls back to its default, key by key.
class SettingsStore {
public:
    /// Reads and writes `settings`, which must outlive the store.
    explicit SettingsStore(QSettings& settings);

    [[nodiscard]] BatchSettings load() const;
    void save(const BatchSettings& batch);
    /// Forgets every saved batch setting (the window geometry stays).
    void resetToDefaults();

    [[nodiscard]] QByteArray windowGeometry() const;
    [[nodiscard]] QByteArray windowState() const;
    void saveWindow(const QByteArray& geometry, const QByteArray& state);

    /// The folder the last "Add folder…" or "Choose…" dialog showed.
    [[nodiscard]] QString lastFolder() const;
    void setLastFolder(const QString& folder);

    /// The name of the preset chosen last (PresetBar); empty when none was.
    [[nodiscard]] QString lastPreset() const;
    void setLastPreset(const QString& name);

    /// Whether the settings' "More options" were open when the window closed (closed at first).
    [[nodiscard]] bool moreOptionsOpen() const;
    void setMoreOptionsOpen(bool open);
    /// The sizes of the window's panes (its splitters) and the tab shown, as the window saved them.
    [[nodiscard]] QByteArray paneState() const;
    void setPaneState(const QByteArray& state);

    void sync();

private:
    QSettings& m_settings;
};

} // namespace dropsize::ui

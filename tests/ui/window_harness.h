// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/core/device_info.h"
#include "dropsize/ui/batch_controller.h"
#include "dropsize/ui/main_window.h"
#include "dropsize/ui/settings_store.h"
#include "qt_test_support.h"
#include "support/test_support.h"

#include <QSettings>

namespace dropsize::test {

/// The window as the tests drive it: over a settings file in a temporary folder (the user's own
/// settings are never read or written), with its own controller and no GPU. A test's fixture
/// derives from it to add what it needs.
struct WindowHarness {
    WindowHarness()
        : settings(toQString(dir.path() / "dropsize.ini"), QSettings::IniFormat)
        , store(settings)
        , window(store, controller, DeviceInfo {})
    {
    }

    TempDir dir;
    QSettings settings;
    ui::SettingsStore store;
    ui::BatchController controller;
    ui::MainWindow window;
};

} // namespace dropsize::test

// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "window_size.h"

namespace dropsize::ui {

QSize firstRunSize(const QSize& available, const QSize& minimum)
{
    // Windows places a window at the size asked for, even where the taskbar covers it: on a
    // 1366x768 screen 1100x760 would put the Start button under the taskbar. Leave room for the
    // title bar and borders (not known before the window is shown), but never go below the
    // window's minimum.
    QSize size(1100, 760);
    if (available.isValid()) {
        // A large screen gives the preview and the log its room: four fifths of it.
        size = size.expandedTo(available * 4 / 5).boundedTo(available - QSize(16, 40));
    }
    return size.expandedTo(minimum);
}

} // namespace dropsize::ui

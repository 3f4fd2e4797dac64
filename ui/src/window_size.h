// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include <QSize>

namespace dropsize::ui {

/// The main window's size on its first run on a screen whose work area is `available`: 1100x760,
/// or four fifths of a larger screen, or less where that leaves too little room for the frame,
/// but never below `minimum` (the window's minimum size hint).
QSize firstRunSize(const QSize& available, const QSize& minimum);

} // namespace dropsize::ui

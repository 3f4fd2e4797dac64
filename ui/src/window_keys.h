// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include <QObject>

class QAbstractButton;
class QWidget;

namespace dropsize::ui {

/// The window's own keys: Return or Enter starts the batch and Esc cancels a running one, each
/// as a click of its button when that is enabled. They act only on key presses that no control
/// took for itself (a multi-line edit's Return, an open list's Esc), as a dialog's default button
/// does; QMainWindow has no default button.
class WindowKeys : public QObject {
public:
    /// Watches `window`; the buttons must be its children.
    WindowKeys(QWidget* window, QAbstractButton* start, QAbstractButton* cancel);

protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    QWidget* m_window;
    QAbstractButton* m_start;
    QAbstractButton* m_cancel;
};

} // namespace dropsize::ui

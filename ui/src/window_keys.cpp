// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "window_keys.h"

#include <QAbstractButton>
#include <QKeyEvent>
#include <QWidget>

namespace dropsize::ui {

namespace {

    bool clickIfEnabled(QAbstractButton* button)
    {
        if (!button->isEnabled() || !button->isVisible()) {
            return false;
        }
        button->animateClick();
        return true;
    }

} // namespace

WindowKeys::WindowKeys(QWidget* window, QAbstractButton* start, QAbstractButton* cancel)
    : QObject(window)
    , m_window(window)
    , m_start(start)
    , m_cancel(cancel)
{
    window->installEventFilter(this);
}

bool WindowKeys::eventFilter(QObject* watched, QEvent* event)
{
    // A key press reaches the window only when the focused control and its parents ignored it.
    if (watched != m_window || event->type() != QEvent::KeyPress) {
        return QObject::eventFilter(watched, event);
    }
    const auto* key = static_cast<QKeyEvent*>(event);
    const Qt::KeyboardModifiers modifiers = key->modifiers() & ~Qt::KeypadModifier;
    if (modifiers != Qt::NoModifier || key->isAutoRepeat()) {
        return false;
    }
    switch (key->key()) {
    case Qt::Key_Return:
    case Qt::Key_Enter:
        return clickIfEnabled(m_start);
    case Qt::Key_Escape:
        return clickIfEnabled(m_cancel);
    default:
        return false;
    }
}

} // namespace dropsize::ui

// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include <QColor>
#include <QPalette>
#include <functional>

class QLabel;
class QWidget;

namespace dropsize::ui {

/// WCAG 2's contrast ratio of two opaque colours, from 1 (the same) to 21 (black on white).
double contrastRatio(const QColor& a, const QColor& b);

/// Whether `palette` is a dark one: its window colour is darker than middle grey.
bool isDarkPalette(const QPalette& palette);

/// `wanted`, darkened (on a light background) or lightened (on a dark one) just enough for text in
/// it to have at least `ratio` contrast against `background`.
QColor readableOn(const QColor& wanted, const QColor& background, double ratio = 4.5);

/// The red of a problem, for text on `palette`'s window colour: at least 4.5:1 against it.
QColor problemColor(const QPalette& palette);
/// The amber of a caution ("stretches: aspect not kept"), for text on `palette`'s window colour.
QColor warningColor(const QPalette& palette);

enum class TextTone { Normal, Problem, Warning };

/// Draws `label`'s text and links in `tone`, chosen for the window colour it is drawn on, now and
/// whenever its palette changes (a dark theme switched on while the window is open). Normal gives
/// it back the palette's own colours.
void setTextTone(QLabel* label, TextTone tone);
/// Calls `apply` with `widget`'s palette now and whenever that palette changes, for colours that
/// are not a label's text (a style sheet's).
void followPalette(QWidget* widget, std::function<void(const QPalette&)> apply);

/// Keeps the placeholder text of every line edit under `root` (which holds the only syntax
/// examples of some fields) at least 4.5:1 against the field's base colour, now and whenever
/// the palette changes; a style's own placeholder grey reached 4.0:1.
void keepPlaceholdersReadable(QWidget* root);

/// The tone setTextTone() gave `label` (Normal if none).
TextTone textTone(const QLabel* label);

} // namespace dropsize::ui

// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/core/result.h"
#include "dropsize/core/text.h"

#include <QString>
#include <exception>

namespace dropsize::ui {

/// The engine's sentence in the window's language: its template through Qt's translator (context
/// "dropsize::Text", where the translation tool files every Text::tr() of core), its arguments
/// put in the same way; verbatim text (paths, numbers, a library's words) as it is.
QString displayText(const Text& text);
/// An error's sentence (Error::describe()) in the window's language.
QString displayText(const Error& error);
/// The engine's sentence as a message of its own (a message box, the status bar, a summary):
/// displayText() with a capital first letter, which the engine leaves small for the command
/// line's "file: reason". Only the engine's own words are capitalized: a sentence that starts
/// with a path (or another verbatim value) keeps it as it is.
QString displayMessage(const Text& text);
QString displayMessage(const Error& error);
/// `text` for a label that wraps: a break is allowed after each '/' and '\\' (a zero-width
/// space), so that a long path wraps between its folders rather than inside a name. For drawing
/// only: what is read aloud or copied keeps the text as it is.
QString wrapPathsAtSeparators(const QString& text);
/// What a background task says when something it called threw: a task of the window's pool
/// never lets an exception out (Qt would end the program), it turns it into this error.
Error unexpectedError(const std::exception& e);
/// unexpectedError()'s sentence in the window's language, as a message of its own
/// (displayMessage()).
QString unexpectedErrorText(const std::exception& e);

} // namespace dropsize::ui

// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/ui/engine_text.h"

#include <QCoreApplication>
#include <QList>

namespace dropsize::ui {

namespace {

    // Text::fill() for QString: %1 to %9 in one pass, so that an argument's own "%2" stays.
    QString fill(const QString& format, const QList<QString>& args)
    {
        QString out;
        out.reserve(format.size());
        for (qsizetype i = 0; i < format.size(); ++i) {
            const QChar c = format.at(i);
            if (c == QLatin1Char('%') && i + 1 < format.size()) {
                const QChar n = format.at(i + 1);
                if (n >= QLatin1Char('1') && n <= QLatin1Char('9')) {
                    const qsizetype index = n.unicode() - u'1';
                    if (index < args.size()) {
                        out += args.at(index);
                        ++i;
                        continue;
                    }
                }
            }
            out += c;
        }
        return out;
    }

    QString translatedFormat(const Text& text)
    {
        return QCoreApplication::translate("dropsize::Text", text.format());
    }

    // Whether `text` as shown starts with a word of the engine's own (its template's, or the
    // template's of the argument it starts with), rather than with a verbatim value: a path, a
    // number, a library's words.
    bool startsWithOwnWords(const Text& text)
    {
        if (!text.isTemplate()) {
            return false;
        }
        const QString format = translatedFormat(text);
        if (format.size() >= 2 && format.at(0) == QLatin1Char('%') && format.at(1) >= u'1'
            && format.at(1) <= u'9') {
            const auto index = static_cast<std::size_t>(format.at(1).unicode() - u'1');
            return index < text.args().size() && startsWithOwnWords(text.args()[index]);
        }
        return !format.isEmpty();
    }

} // namespace

QString displayText(const Text& text)
{
    if (!text.isTemplate()) {
        return QString::fromStdString(text.verbatimText());
    }
    QList<QString> args;
    args.reserve(static_cast<qsizetype>(text.args().size()));
    for (const Text& a : text.args()) {
        args.append(displayText(a));
    }
    return fill(translatedFormat(text), args);
}

QString displayText(const Error& error) { return displayText(error.describe()); }

QString displayMessage(const Text& text)
{
    QString shown = displayText(text);
    if (!shown.isEmpty() && shown.at(0).isLower() && startsWithOwnWords(text)) {
        shown[0] = shown.at(0).toUpper();
    }
    return shown;
}

QString displayMessage(const Error& error) { return displayMessage(error.describe()); }

Error unexpectedError(const std::exception& e)
{
    return Error::of(
        ErrorCode::Internal, Text::tr("stopped by an unexpected error: %1").arg(e.what()));
}

QString unexpectedErrorText(const std::exception& e) { return displayMessage(unexpectedError(e)); }

QString wrapPathsAtSeparators(const QString& text)
{
    QString out;
    out.reserve(text.size() + text.size() / 8);
    for (const QChar c : text) {
        out.append(c);
        if (c == QLatin1Char('/') || c == QLatin1Char('\\')) {
            out.append(QChar(0x200b));
        }
    }
    return out;
}

} // namespace dropsize::ui

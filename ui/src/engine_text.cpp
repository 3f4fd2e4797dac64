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
    return fill(QCoreApplication::translate("dropsize::Text", text.format()), args);
}

QString displayText(const Error& error) { return displayText(error.describe()); }

Error unexpectedError(const std::exception& e)
{
    return Error::of(
        ErrorCode::Internal, Text::tr("stopped by an unexpected error: %1").arg(e.what()));
}

QString unexpectedErrorText(const std::exception& e) { return displayText(unexpectedError(e)); }

} // namespace dropsize::ui

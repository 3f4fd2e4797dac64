// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors

// The codecs' errors in the window's language: in Simplified Chinese every one of them arrives
// translated, with the library's own words and the numbers as they are.

#include "dropsize/ui/engine_text.h"
#include "dropsize/ui/translations.h"
#include "support/codec_failures.h"

#include <QCoreApplication>
#include <QList>
#include <QRegularExpression>
#include <QSet>
#include <QTranslator>
#include <gtest/gtest.h>

namespace dropsize::test {

namespace {

    // Installs the Simplified Chinese translation for the scope and takes it away after.
    class ChineseTranslation {
    public:
        ChineseTranslation()
            : m_before(QCoreApplication::instance()->findChildren<QTranslator*>())
        {
            installed = ui::installTranslations(
                *QCoreApplication::instance(), QLocale(QLocale::Chinese, QLocale::China));
        }
        ChineseTranslation(const ChineseTranslation&) = delete;
        ChineseTranslation& operator=(const ChineseTranslation&) = delete;
        ~ChineseTranslation()
        {
            for (QTranslator* t : QCoreApplication::instance()->findChildren<QTranslator*>()) {
                if (!m_before.contains(t)) {
                    QCoreApplication::removeTranslator(t);
                    delete t;
                }
            }
        }

        bool installed = false;

    private:
        QList<QTranslator*> m_before;
    };

    // The lower-case English words of the templates in `text` (two letters or more), and its
    // verbatim texts (numbers, format names, a library's words), which stay as they are.
    void collect(const Text& text, QSet<QString>& words, QStringList& verbatim)
    {
        if (!text.isTemplate()) {
            verbatim.append(QString::fromStdString(text.verbatimText()));
            return;
        }
        static const QRegularExpression kWord(QStringLiteral("[A-Za-z]+"));
        const QString format = QString::fromUtf8(text.format());
        for (auto it = kWord.globalMatch(format); it.hasNext();) {
            const QString word = it.next().captured();
            // Upper-case ones are names and terms (JPEG, CMYK, EXIF), kept in Chinese too.
            if (word.size() >= 2 && word == word.toLower()) {
                words.insert(word);
            }
        }
        for (const Text& a : text.args()) {
            collect(a, words, verbatim);
        }
    }

    bool hasChinese(const QString& s)
    {
        return std::any_of(s.begin(), s.end(),
            [](QChar c) { return c.unicode() >= 0x4e00 && c.unicode() <= 0x9fff; });
    }

} // namespace

TEST(EngineText, EveryCodecErrorIsShownInChinese)
{
    const auto failures = codecFailures();
    ASSERT_FALSE(failures.empty());
    const ChineseTranslation chinese;
    ASSERT_TRUE(chinese.installed);
    for (const CodecFailure& f : failures) {
        SCOPED_TRACE(f.what + ": " + f.error.message);
        ASSERT_TRUE(f.error.text.isTemplate());
        const QString shown = ui::displayText(f.error);
        QSet<QString> words;
        QStringList verbatim;
        collect(f.error.text, words, verbatim);
        // What is left once the verbatim texts are taken out is the translation's alone.
        QString own = shown;
        for (const QString& v : verbatim) {
            EXPECT_TRUE(shown.contains(v)) << v.toStdString() << " in " << shown.toStdString();
            own.remove(v);
        }
        if (words.isEmpty()) {
            // Only punctuation to translate ("%1: %2"), which Chinese writes full width.
            EXPECT_NE(shown, QString::fromStdString(f.error.message)) << shown.toStdString();
        } else {
            EXPECT_TRUE(hasChinese(shown)) << shown.toStdString();
        }
        for (const QString& word : words) {
            EXPECT_FALSE(own.contains(word, Qt::CaseInsensitive))
                << word.toStdString() << " in " << shown.toStdString();
        }
    }
}

// The same errors in English, as the command line and the JSON give them.
TEST(EngineText, CodecErrorsInEnglishAreTheirMessages)
{
    for (const CodecFailure& f : codecFailures()) {
        SCOPED_TRACE(f.what);
        EXPECT_EQ(ui::displayText(f.error).toStdString(), f.error.message);
    }
}

} // namespace dropsize::test

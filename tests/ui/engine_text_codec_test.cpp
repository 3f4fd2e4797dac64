// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors

// The codecs' errors in the window's language: in Simplified Chinese every one of them arrives
// translated, with the library's own words and the numbers as they are.

#include "dropsize/ui/engine_text.h"
#include "dropsize/ui/translations.h"
#include "support/broken_files.h"
#include "support/codec_failures.h"
#include "support/test_support.h"

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
        // A quoted word is a name (libheif's boxes: 'pitm'), kept in Chinese too.
        static const QRegularExpression kQuoted(QStringLiteral("'[A-Za-z0-9]+'"));
        const QString format = QString::fromUtf8(text.format()).remove(kQuoted);
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

// Damaged PNGs and JPEGs (made from good ones, and the shared test data's broken ones): in
// Chinese the libraries' words are translated too, so what is left in Latin letters is only
// names (formats, chunks, markers, tables) and hexadecimal numbers.
TEST(EngineText, EveryBrokenFileIsExplainedInChinese)
{
    std::vector<BrokenFile> files = brokenPngs();
    const std::vector<BrokenFile> jpegs = brokenJpegs();
    files.insert(files.end(), jpegs.begin(), jpegs.end());
    // PngSuite's broken files (x*.png), where the shared test data has them.
    if (const auto dir = testdataDir(); dir && std::filesystem::is_directory(*dir / "pngsuite")) {
        for (const auto& entry : std::filesystem::directory_iterator(*dir / "pngsuite")) {
            const std::string name = entry.path().filename().string();
            if (name.starts_with("x") && name.ends_with(".png")) {
                files.push_back({ name, readFile(entry.path()) });
            }
        }
    }
    ASSERT_GE(files.size(), 40u);
    std::vector<Error> errors;
    errors.reserve(files.size());
    for (const BrokenFile& f : files) {
        errors.push_back(decodeFailure(f.bytes));
    }
    for (const CodecFailure& f : codecFailures()) {
        if (f.libraryWords) {
            errors.push_back(f.error);
        }
    }
    static const QSet<QString> kNames { QStringLiteral("JPEG"), QStringLiteral("PNG"),
        QStringLiteral("AVIF"), QStringLiteral("HEIF"), QStringLiteral("IHDR"),
        QStringLiteral("IDAT"), QStringLiteral("IEND"), QStringLiteral("PLTE"),
        QStringLiteral("ABCD"), QStringLiteral("iCCP"), QStringLiteral("CRC"),
        QStringLiteral("ADLER"), QStringLiteral("SOF"), QStringLiteral("SOS"),
        QStringLiteral("SOI"), QStringLiteral("DQT"), QStringLiteral("DHT"), QStringLiteral("DNL"),
        QStringLiteral("RST"), QStringLiteral("ID"), QStringLiteral("pitm") };
    // Hexadecimal numbers (libjpeg's 0xc3, libpng's [23] in a chunk's name) and sizes (64x48).
    static const QRegularExpression kNumbers(
        QStringLiteral("0x[0-9a-f]+|\\[[0-9A-F]{2}\\]|[0-9]+x[0-9]+"));
    static const QRegularExpression kLetters(QStringLiteral("[A-Za-z]+"));
    const ChineseTranslation chinese;
    ASSERT_TRUE(chinese.installed);
    for (const Error& e : errors) {
        SCOPED_TRACE(e.message);
        ASSERT_TRUE(e.text.isTemplate());
        const QString shown = ui::displayText(e);
        EXPECT_TRUE(hasChinese(shown)) << shown.toStdString();
        QString rest = shown;
        rest.remove(kNumbers);
        for (auto it = kLetters.globalMatch(rest); it.hasNext();) {
            const QString word = it.next().captured();
            EXPECT_TRUE(kNames.contains(word))
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

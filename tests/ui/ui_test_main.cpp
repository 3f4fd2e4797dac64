// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors

// The UI tests need a QApplication; they run headless on Qt's offscreen platform unless
// QT_QPA_PLATFORM or -platform says otherwise (Wine passes no QT_* variable to a Windows program:
// -platform it is there), in English whatever the machine's language.
#include "dropsize/ui/translations.h"

#include <QApplication>
#include <QFile>
#include <QTemporaryDir>
#include <gtest/gtest.h>

#ifdef Q_OS_WIN
#include <QFontDatabase>
#include <cstdio>
#include <cstdlib>
#include <windows.h>

namespace {

// On Windows the offscreen platform has no fonts of its own: its FreeType font database reads
// only Qt's lib/fonts folder, so every character is drawn and measured as a box one em wide and
// the window comes out far wider than anyone sees it (1402 px instead of about 860). Give it the
// font the windows platform asks for, the system's message font, as GDI resolves it (under Wine,
// whatever stands in for Tahoma), at the same size.
bool useTheSystemFont()
{
    NONCLIENTMETRICSW metrics {};
    metrics.cbSize = sizeof(metrics);
    if (!SystemParametersInfoW(SPI_GETNONCLIENTMETRICS, metrics.cbSize, &metrics, 0)) {
        return false;
    }
    HFONT font = CreateFontIndirectW(&metrics.lfMessageFont);
    HDC dc = CreateCompatibleDC(nullptr);
    HGDIOBJ previous = SelectObject(dc, font);
    wchar_t face[LF_FACESIZE] = {};
    GetTextFaceW(dc, LF_FACESIZE, face);
    // The whole font file: table 0, or the collection's header when the font is in a .ttc.
    constexpr DWORD kCollection = 0x66637474; // 'ttcf' as GetFontData takes a tag
    DWORD table = 0;
    DWORD size = GetFontData(dc, kCollection, 0, nullptr, 0);
    if (size == GDI_ERROR) {
        size = GetFontData(dc, 0, 0, nullptr, 0);
    } else {
        table = kCollection;
    }
    QByteArray file;
    if (size != GDI_ERROR && size > 0) {
        file.resize(static_cast<qsizetype>(size));
        if (GetFontData(dc, table, 0, file.data(), size) != size) {
            file.clear();
        }
    }
    const int dpi = GetDeviceCaps(dc, LOGPIXELSY);
    SelectObject(dc, previous);
    DeleteDC(dc);
    DeleteObject(font);

    const QStringList families
        = QFontDatabase::applicationFontFamilies(QFontDatabase::addApplicationFontFromData(file));
    if (families.isEmpty() || dpi <= 0) {
        return false;
    }
    // A collection holds several families; GDI named the one it chose.
    const QString chosen = QString::fromWCharArray(face);
    QFont widgets(families.contains(chosen) ? chosen : families.front());
    widgets.setPointSizeF(72.0 * std::abs(metrics.lfMessageFont.lfHeight) / dpi);
    QApplication::setFont(widgets);
    return true;
}

} // namespace
#endif

int main(int argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) {
        qputenv("QT_QPA_PLATFORM", "offscreen");
    }
    QApplication app(argc, argv);
#ifdef Q_OS_WIN
    if (QGuiApplication::platformName() == QLatin1String("offscreen") && !useTheSystemFont()) {
        std::fputs(
            "no system font for the offscreen platform: texts are measured as boxes\n", stderr);
    }
#endif
    dropsize::ui::installTranslations(app, QLocale(QLocale::English, QLocale::UnitedStates));
    // The window reads (and saves) the user's presets: here, those of a folder of the tests' own.
    const QTemporaryDir config;
    qputenv("DROPSIZE_CONFIG_DIR", QFile::encodeName(config.path()));
    ::testing::InitGoogleTest(&argc, argv);
    return RUN_ALL_TESTS();
}

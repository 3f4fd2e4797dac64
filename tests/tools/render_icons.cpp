// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors

// Renders the app icon (resources/icons/dropsize.svg) into what the packages need:
//     dropsize-render-icons SVG OUTDIR
// writes OUTDIR/<size>/dropsize.png for 16, 24, 32, 48, 64, 128, 256 and 512 pixels (the hicolor
// theme's sizes) and OUTDIR/dropsize.ico (16 to 256, PNG-compressed entries) for Windows.

#include <QBuffer>
#include <QDir>
#include <QFile>
#include <QGuiApplication>
#include <QImage>
#include <QPainter>
#include <QSvgRenderer>
#include <cstdio>
#include <vector>

namespace {

QByteArray renderPng(QSvgRenderer& svg, int size)
{
    QImage image(size, size, QImage::Format_ARGB32_Premultiplied);
    image.fill(Qt::transparent);
    QPainter painter(&image);
    painter.setRenderHint(QPainter::Antialiasing);
    svg.render(&painter, QRectF(0, 0, size, size));
    painter.end();
    QByteArray png;
    QBuffer buffer(&png);
    buffer.open(QIODevice::WriteOnly);
    image.save(&buffer, "PNG");
    return png;
}

void putLe(QByteArray& out, quint32 value, int bytes)
{
    for (int i = 0; i < bytes; ++i) {
        out.append(static_cast<char>((value >> (8 * i)) & 0xFF));
    }
}

// An ICO file whose entries are PNGs (Windows Vista and later read them).
QByteArray makeIco(const std::vector<std::pair<int, QByteArray>>& images)
{
    QByteArray ico;
    putLe(ico, 0, 2); // reserved
    putLe(ico, 1, 2); // type: icon
    putLe(ico, static_cast<quint32>(images.size()), 2);
    quint32 offset = 6 + 16 * static_cast<quint32>(images.size());
    for (const auto& [size, png] : images) {
        ico.append(static_cast<char>(size >= 256 ? 0 : size)); // 0 means 256
        ico.append(static_cast<char>(size >= 256 ? 0 : size));
        putLe(ico, 0, 1); // no palette
        putLe(ico, 0, 1); // reserved
        putLe(ico, 1, 2); // colour planes
        putLe(ico, 32, 2); // bits per pixel
        putLe(ico, static_cast<quint32>(png.size()), 4);
        putLe(ico, offset, 4);
        offset += static_cast<quint32>(png.size());
    }
    for (const auto& entry : images) {
        ico.append(entry.second);
    }
    return ico;
}

bool writeFile(const QString& path, const QByteArray& bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly) && file.write(bytes) == bytes.size();
}

} // namespace

int main(int argc, char** argv)
{
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM")) {
        qputenv("QT_QPA_PLATFORM", "offscreen");
    }
    QGuiApplication app(argc, argv);
    const QStringList args = QGuiApplication::arguments();
    if (args.size() != 3) {
        std::fprintf(stderr, "usage: dropsize-render-icons SVG OUTDIR\n");
        return 2;
    }
    QSvgRenderer svg(args[1]);
    if (!svg.isValid()) {
        std::fprintf(stderr, "cannot read %s\n", qPrintable(args[1]));
        return 1;
    }
    const QDir out(args[2]);
    std::vector<std::pair<int, QByteArray>> icoImages;
    for (const int size : { 16, 24, 32, 48, 64, 128, 256, 512 }) {
        const QByteArray png = renderPng(svg, size);
        const QString dir = QString::number(size);
        if (!out.mkpath(dir)
            || !writeFile(out.filePath(dir + QStringLiteral("/dropsize.png")), png)) {
            std::fprintf(stderr, "cannot write the %d px icon\n", size);
            return 1;
        }
        if (size <= 256) {
            icoImages.emplace_back(size, png);
        }
    }
    if (!writeFile(out.filePath(QStringLiteral("dropsize.ico")), makeIco(icoImages))) {
        std::fprintf(stderr, "cannot write dropsize.ico\n");
        return 1;
    }
    return 0;
}

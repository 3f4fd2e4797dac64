// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
//
// Issue 13's promise for Chinese: once the window runs in zh_CN, no English sentence of its own
// or of the engine reaches it. The whole window is walked after a real batch (done, skipped and
// failed rows, the summary, the preview of an input): every label, button, check box, group
// box, combo box item, placeholder, tooltip, menu entry, table header and log cell.

#include "dropsize/ui/input_list_model.h"
#include "dropsize/ui/job_log_model.h"
#include "dropsize/ui/preview_pane.h"
#include "dropsize/ui/settings_panel.h"
#include "dropsize/ui/translations.h"
#include "window_harness.h"

#include <QAbstractButton>
#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QGroupBox>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QRegularExpression>
#include <QTableView>
#include <QTranslator>
#include <gtest/gtest.h>

namespace fs = std::filesystem;

namespace dropsize::test {

namespace {

    // Names and units that stay as they are in Chinese: formats, libraries, devices, chunk and
    // marker names, the output folder's name, the pattern's fields.
    const QStringList kSameInEveryLanguage = {
        QStringLiteral("Dropsize"),
        QStringLiteral("JPEG"),
        QStringLiteral("PNG"),
        QStringLiteral("WebP"),
        QStringLiteral("HEIC"),
        QStringLiteral("HEIF"),
        QStringLiteral("AVIF"),
        QStringLiteral("EXIF"),
        QStringLiteral("ICC"),
        QStringLiteral("CMYK"),
        QStringLiteral("CPU"),
        QStringLiteral("GPU"),
        QStringLiteral("NVIDIA"),
        // Key caps read the same in every language.
        QStringLiteral("Ctrl"),
        QStringLiteral("Alt"),
        QStringLiteral("Shift"),
        QStringLiteral("CUDA"),
        QStringLiteral("Pillow"),
        QStringLiteral("Lanczos"),
        QStringLiteral("Hamming"),
        QStringLiteral("ResizeImage"),
        QStringLiteral("name"),
        QStringLiteral("ext"),
        QStringLiteral("size"),
        QStringLiteral("fit"),
        QStringLiteral("fill"),
        QStringLiteral("IHDR"),
        QStringLiteral("cpu"),
        QStringLiteral("gpu"),
        QStringLiteral("Qt"),
        QStringLiteral("UTF"),
        // Keys as the keyboard labels them.
        QStringLiteral("Delete"),
        QStringLiteral("Esc"),
        // What one types in "Several sizes" (size_list.h): the syntax, not words.
        QStringLiteral("WxH"),
        QStringLiteral("short"),
        QStringLiteral("long"),
        QStringLiteral("exact"),
        QStringLiteral("pct"),
    };

    // The English words (three letters or more) left in `text` once paths, names that stay and
    // the file names of the batch are taken out.
    QStringList englishWords(QString text, const QStringList& paths)
    {
        for (const QString& path : paths) {
            text.remove(path);
        }
        // Markup (a link's), command lines ("dropsize-cli --preset"), and paths and file names
        // the window shows relative ("photos/a.jpg", "bad.png").
        text.remove(QRegularExpression(QStringLiteral("<[^>]*>")));
        text.remove(QRegularExpression(QStringLiteral("\\S*-(cli|-)\\S*")));
        text.remove(QRegularExpression(QStringLiteral("[\\w./\\\\-]*[/\\\\.][\\w./\\\\-]+")));
        QStringList words;
        static const QRegularExpression word(QStringLiteral("[A-Za-z]{3,}"));
        for (auto it = word.globalMatch(text); it.hasNext();) {
            const QString w = it.next().captured();
            if (!kSameInEveryLanguage.contains(w)) {
                words.append(w);
            }
        }
        return words;
    }

    // Every text of the window a person can see or hear, with where it came from.
    QList<std::pair<QString, QString>> windowTexts(ui::MainWindow& window)
    {
        QList<std::pair<QString, QString>> texts;
        const auto add = [&texts](const QString& where, const QString& text) {
            if (!text.trimmed().isEmpty()) {
                texts.append({ where, text });
            }
        };
        add(QStringLiteral("title"), window.windowTitle());
        for (QWidget* w : window.findChildren<QWidget*>()) {
            const QString name = QString::fromLatin1(w->metaObject()->className());
            add(name + QStringLiteral(" tooltip"), w->toolTip());
            add(name + QStringLiteral(" accessible name"), w->accessibleName());
            if (auto* label = qobject_cast<QLabel*>(w)) {
                add(name, label->text());
            } else if (auto* button = qobject_cast<QAbstractButton*>(w)) {
                add(name, button->text());
            } else if (auto* box = qobject_cast<QGroupBox*>(w)) {
                add(name, box->title());
            } else if (auto* combo = qobject_cast<QComboBox*>(w)) {
                for (int i = 0; i < combo->count(); ++i) {
                    add(name + QStringLiteral(" item"), combo->itemText(i));
                    add(name + QStringLiteral(" item tooltip"),
                        combo->itemData(i, Qt::ToolTipRole).toString());
                }
            } else if (auto* edit = qobject_cast<QLineEdit*>(w)) {
                add(name + QStringLiteral(" placeholder"), edit->placeholderText());
            } else if (auto* table = qobject_cast<QTableView*>(w)) {
                const QAbstractItemModel* model = table->model();
                for (int c = 0; c < model->columnCount(); ++c) {
                    add(name + QStringLiteral(" header"),
                        model->headerData(c, Qt::Horizontal).toString());
                    for (int r = 0; r < model->rowCount(); ++r) {
                        for (const int role : { int(Qt::DisplayRole), int(Qt::ToolTipRole) }) {
                            add(name + QStringLiteral(" cell"),
                                model->data(model->index(r, c), role).toString());
                        }
                    }
                }
            }
        }
        for (QAction* menu : window.menuBar()->actions()) {
            add(QStringLiteral("menu"), menu->text());
            if (menu->menu() != nullptr) {
                for (QAction* entry : menu->menu()->actions()) {
                    add(QStringLiteral("menu entry"), entry->text());
                }
            }
        }
        return texts;
    }

} // namespace

TEST(Translations, NoEnglishReachesTheWindowInChinese)
{
    auto* app = QCoreApplication::instance();
    const QList<QTranslator*> before = app->findChildren<QTranslator*>();
    ASSERT_TRUE(ui::installTranslations(*app, QLocale(QLocale::Chinese, QLocale::China)));
    {
        WindowHarness h;
        h.window.resize(1366, 740);
        h.window.show();
        // Done, skipped (an output there already) and failed rows (a truncated JPEG, a text file
        // under an image's name), and an input that is no image.
        const fs::path photos = h.dir.path() / "photos";
        fs::create_directories(photos / "ResizeImage");
        writeTestJpeg(photos / "a.jpg", 120, 80);
        writeTestJpeg(photos / "b.jpg", 120, 80);
        writeTestJpeg(photos / "ResizeImage" / "b.jpg", 60, 40);
        writeTestPng(photos / "c.png", 90, 60, 4);
        std::vector<std::uint8_t> jpeg = readFile(photos / "a.jpg");
        jpeg.resize(jpeg.size() / 2);
        writeFile(photos / "truncated.jpg", jpeg);
        const auto bytesOf = [](std::string_view text) {
            return std::vector<std::uint8_t>(text.begin(), text.end());
        };
        writeFile(photos / "notes.jpg", bytesOf("shopping list: milk, eggs\n"));
        writeFile(photos / "readme.txt", bytesOf("not an image\n"));
        h.window.addInputs({ toQString(photos), toQString(photos / "readme.txt") });
        ASSERT_TRUE(waitUntil([&] { return h.window.inputs()->totalImages() >= 0; }));
        ASSERT_TRUE(waitUntil([&] { return h.window.startButton()->isEnabled(); }));
        bool finished = false;
        QObject::connect(&h.controller, &ui::BatchController::finished, &h.window,
            [&finished] { finished = true; });
        h.window.startBatch();
        ASSERT_TRUE(waitUntil([&] { return finished && !h.controller.isBusy(); }));
        // The preview of the first input.
        for (QTableView* view : h.window.findChildren<QTableView*>()) {
            if (view->model() == h.window.inputs()) {
                view->selectRow(0);
            }
        }
        ui::PreviewPane* pane = h.window.previewPane();
        ASSERT_NE(pane, nullptr);
        waitUntil([pane] { return !pane->isMaking(); }, 10000);
        QApplication::processEvents();

        ASSERT_GE(h.window.log()->rowCount(), 5);
        // The batch's own names: its folder, as the rows name it.
        const QStringList paths = { toQString(h.dir.path()),
            QDir::toNativeSeparators(toQString(h.dir.path())), QStringLiteral("photos") };
        int checked = 0;
        for (const auto& [where, text] : windowTexts(h.window)) {
            ++checked;
            const QStringList words = englishWords(text, paths);
            EXPECT_TRUE(words.isEmpty())
                << where.toStdString() << ": \"" << text.toStdString() << "\" has English "
                << words.join(QStringLiteral(", ")).toStdString();
        }
        EXPECT_GT(checked, 100) << "the walk found the window's texts";
    }
    for (QTranslator* t : app->findChildren<QTranslator*>()) {
        if (!before.contains(t)) {
            QCoreApplication::removeTranslator(t);
            delete t;
        }
    }
}

} // namespace dropsize::test

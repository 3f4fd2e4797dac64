// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
//
// In Chinese, what the engine says about a batch reaches the window in Chinese: each log row's
// reason and note and each notice, from a real batch through BatchController.
#include "dropsize/core/batch_planner.h"
#include "dropsize/core/batch_scheduler.h"
#include "dropsize/core/device_info.h"
#include "dropsize/ui/batch_controller.h"
#include "dropsize/ui/engine_text.h"
#include "dropsize/ui/settings_panel.h"
#include "dropsize/ui/translations.h"
#include "qt_test_support.h"
#include "support/test_support.h"

#include <QCoreApplication>
#include <QFile>
#include <QFontMetrics>
#include <QLabel>
#include <QRegularExpression>
#include <QTextLayout>
#include <QTranslator>
#include <QXmlStreamReader>
#include <algorithm>
#include <functional>
#include <gtest/gtest.h>
#include <iostream>
#include <mutex>
#include <optional>
#ifndef _WIN32
#include <sys/stat.h>
#include <unistd.h>
#endif

namespace fs = std::filesystem;
using dropsize::ui::BatchController;
using dropsize::ui::BatchResult;
using dropsize::ui::BatchSettings;
using dropsize::ui::JobLogEntry;

namespace dropsize::test {

namespace {

    // The window in Simplified Chinese for one test; English again after it.
    class ChineseWindow {
    public:
        ChineseWindow()
        {
            auto* app = QCoreApplication::instance();
            m_before = app->findChildren<QTranslator*>();
            m_installed = ui::installTranslations(*app, QLocale(QLocale::Chinese, QLocale::China));
        }
        ~ChineseWindow()
        {
            for (QTranslator* t : QCoreApplication::instance()->findChildren<QTranslator*>()) {
                if (!m_before.contains(t)) {
                    QCoreApplication::removeTranslator(t);
                    delete t;
                }
            }
        }
        ChineseWindow(const ChineseWindow&) = delete;
        ChineseWindow& operator=(const ChineseWindow&) = delete;
        bool installed() const { return m_installed; }

    private:
        QList<QTranslator*> m_before;
        bool m_installed = false;
    };

    bool hasChinese(const QString& s)
    {
        return std::any_of(s.begin(), s.end(),
            [](QChar c) { return c.unicode() >= 0x4E00 && c.unicode() <= 0x9FFF; });
    }

    // The English words (three letters or more) of a template: what must not reach the window
    // in Chinese. Names that are the same in every language (JPEG, GPU, CUDA, ...) are left out,
    // as are the words of its verbatim arguments (paths, a library's words).
    QStringList templateWords(const Text& text)
    {
        static const QStringList kNames { QStringLiteral("JPEG"), QStringLiteral("PNG"),
            QStringLiteral("WebP"), QStringLiteral("AVIF"), QStringLiteral("HEIF"),
            QStringLiteral("GPU"), QStringLiteral("CPU"), QStringLiteral("CUDA"),
            QStringLiteral("NVIDIA"), QStringLiteral("MiB"), QStringLiteral("Dropsize") };
        QStringList words;
        QStringList verbatim;
        const std::function<void(const Text&)> walk = [&](const Text& t) {
            if (!t.isTemplate()) {
                verbatim.append(QString::fromStdString(t.verbatimText()));
                return;
            }
            static const QRegularExpression kWord(QStringLiteral("[A-Za-z]{3,}"));
            auto it = kWord.globalMatch(QString::fromUtf8(t.format()));
            while (it.hasNext()) {
                words.append(it.next().captured());
            }
            for (const Text& a : t.args()) {
                walk(a);
            }
        };
        walk(text);
        QStringList out;
        for (const QString& w : std::as_const(words)) {
            const bool inValue = std::any_of(verbatim.begin(), verbatim.end(),
                [&](const QString& v) { return v.contains(w, Qt::CaseInsensitive); });
            if (!inValue && !kNames.contains(w) && !out.contains(w)) {
                out.append(w);
            }
        }
        return out;
    }

    // `shown` is Chinese: it has Chinese characters and none of `text`'s English words. A
    // template of names and punctuation alone ("JPEG: %1" around libjpeg's words) has nothing
    // to say in Chinese.
    void expectChinese(const QString& shown, const Text& text, const std::string& what)
    {
        const QStringList words = templateWords(text);
        if (!words.isEmpty()) {
            EXPECT_TRUE(hasChinese(shown)) << what << ": " << shown.toStdString();
        }
        for (const QString& w : words) {
            static const QString kBoundary = QStringLiteral("\\b");
            const QRegularExpression word(kBoundary + w + kBoundary);
            EXPECT_FALSE(word.match(shown).hasMatch())
                << what << ": \"" << w.toStdString() << "\" in " << shown.toStdString();
        }
    }

    struct BatchRun {
        std::vector<JobLogEntry> entries;
        QStringList notices;
        QStringList problems;
        BatchResult result;
    };

    BatchRun runBatch(const fs::path& dir, const BatchSettings& settings)
    {
        BatchController controller;
        BatchRun run;
        bool finished = false;
        QObject context;
        QObject::connect(&controller, &BatchController::jobsFinished, &context,
            [&](const QList<JobLogEntry>& list) {
                run.entries.insert(run.entries.end(), list.begin(), list.end());
            });
        QObject::connect(&controller, &BatchController::notice, &context,
            [&](const QString& message) { run.notices.append(message); });
        QObject::connect(&controller, &BatchController::planned, &context,
            [&](qint64, const QStringList& problems) { run.problems = problems; });
        QObject::connect(
            &controller, &BatchController::finished, &context, [&](const BatchResult& r) {
                run.result = r;
                finished = true;
            });
        EXPECT_TRUE(controller.start({ toQString(dir) }, settings));
        EXPECT_TRUE(waitUntil([&] { return finished && !controller.isBusy(); }));
        return run;
    }

    const JobLogEntry* entryFor(const BatchRun& run, const std::string& name)
    {
        for (const JobLogEntry& e : run.entries) {
            if (e.input.endsWith(QString::fromStdString("/" + name))) {
                return &e;
            }
        }
        return nullptr;
    }

    // The engine's own reason for a file that fails, as core gives it (its outputs go to a
    // folder of their own).
    std::optional<Error> engineError(const fs::path& file)
    {
        TempDir out;
        PlanOptions options;
        options.outputFolder = out.path();
        auto plan = BatchPlanner(options).plan({ file });
        if (!plan || plan->jobs.size() != 1) {
            return std::nullopt;
        }
        if (plan->jobs[0].reason) {
            return *plan->jobs[0].reason;
        }
        struct Recorder : BatchObserver {
            std::mutex mutex;
            std::optional<Error> error;
            void onJobFinished(const JobReport& r) override
            {
                std::lock_guard lock(mutex);
                error = r.error;
            }
        } recorder;
        BatchOptions batch;
        batch.device = DeviceChoice::Cpu;
        BatchScheduler(batch, &recorder).run(*plan);
        return recorder.error;
    }

} // namespace

TEST(EngineText, ABatchSpeaksChineseInTheLog)
{
    const ChineseWindow chinese;
    ASSERT_TRUE(chinese.installed());
    TempDir dir;
    writeTestJpeg(dir.path() / "small.jpg", 40, 30); // kept: smaller than asked
    writeTestJpeg(dir.path() / "big.jpg", 640, 480);
    BatchSettings settings;
    settings.spec.mode = SizeMode::LongEdge;
    settings.spec.longEdge = 320;
    settings.spec.enlarge = false;
    settings.onExisting = ExistingPolicy::Skip;
    // Asked for a GPU this build or machine may not have: the notice says so.
    settings.device = DeviceChoice::Gpu;

    const BatchRun first = runBatch(dir.path(), settings);
    ASSERT_EQ(first.entries.size(), 2u);
    const JobLogEntry* small = entryFor(first, "small.jpg");
    ASSERT_NE(small, nullptr);
    EXPECT_EQ(small->status, JobStatus::Ok);
    ImageInfo info;
    info.width = 40;
    info.height = 30;
    expectChinese(small->note, sizeNote(info, settings.spec), "kept size note");
    const DeviceInfo devices = probeDevices();
    if (devices.gpuUsable) {
        EXPECT_TRUE(first.notices.isEmpty());
    } else {
        ASSERT_EQ(first.notices.size(), 1);
        const Text notice
            = Text::tr("GPU not used: %1; every image runs on the CPU").arg(devices.gpuReason);
        expectChinese(first.notices.front(), notice, "notice");
        EXPECT_TRUE(first.notices.front().contains(ui::displayText(devices.gpuReason)));
    }

    // Run again: each output exists and is skipped.
    const BatchRun second = runBatch(dir.path(), settings);
    ASSERT_EQ(second.entries.size(), 2u);
    for (const JobLogEntry& e : second.entries) {
        EXPECT_EQ(e.status, JobStatus::Skipped) << e.input.toStdString();
        expectChinese(e.message, Text::tr("output exists"), e.input.toStdString());
    }
}

// The codecs' reasons (a corrupt JPEG, a text file named .jpg) come through the same way, once
// the codecs say them as templates.
TEST(EngineText, ACorruptImageAndATextFileAreExplainedInChinese)
{
    const ChineseWindow chinese;
    ASSERT_TRUE(chinese.installed());
    TempDir dir;
    writeTestJpeg(dir.path() / "whole.jpg", 64, 48);
    std::vector<std::uint8_t> bytes = readFile(dir.path() / "whole.jpg");
    bytes.resize(bytes.size() / 2);
    writeFile(dir.path() / "corrupt.jpg", bytes);
    fs::remove(dir.path() / "whole.jpg");
    writeFile(dir.path() / "notes.jpg", { 'm', 'e', 'e', 't', ' ', 'a', 't', ' ', '9', '\n' });

    std::vector<std::pair<std::string, Error>> expected;
    for (const char* name : { "corrupt.jpg", "notes.jpg" }) {
        const auto error = engineError(dir.path() / name);
        ASSERT_TRUE(error) << name << " did not fail";
        if (!error->describe().isTemplate()) {
            std::cout << "[  NOTE    ] " << name << ": the codec's reason is not a template yet ("
                      << error->message << "): not checked\n";
            continue;
        }
        expected.emplace_back(name, *error);
    }
    if (expected.empty()) {
        GTEST_SKIP() << "the codecs' reasons are not templates in this build: nothing to check";
    }
    const BatchRun run = runBatch(dir.path(), BatchSettings {});
    for (const auto& [name, error] : expected) {
        const JobLogEntry* e = entryFor(run, name);
        ASSERT_NE(e, nullptr) << name;
        EXPECT_EQ(e->status, JobStatus::Failed) << name;
        expectChinese(e->message, error.describe(), name);
    }
}

#ifndef _WIN32 // POSIX permissions
TEST(EngineText, AnUnreadableFileIsExplainedInChinese)
{
    TempDir dir;
    writeTestJpeg(dir.path() / "private.jpg", 8, 8);
    ::chmod((dir.path() / "private.jpg").c_str(), 0);
    if (::access((dir.path() / "private.jpg").c_str(), R_OK) == 0) {
        ::chmod((dir.path() / "private.jpg").c_str(), 0644);
        GTEST_SKIP() << "this user reads a file without read permission (root): skipping";
    }
    const ChineseWindow chinese;
    ASSERT_TRUE(chinese.installed());
    const BatchRun run = runBatch(dir.path(), BatchSettings {});
    ::chmod((dir.path() / "private.jpg").c_str(), 0644);
    const JobLogEntry* e = entryFor(run, "private.jpg");
    ASSERT_NE(e, nullptr);
    EXPECT_EQ(e->status, JobStatus::Failed);
    expectChinese(
        e->message, Text::tr("cannot be read: %1").arg(systemError(EACCES)), "unreadable");
}
#endif

// The device note in Chinese: plain words with the thread count, and the engine's reason why no
// GPU is used translated in its tooltip; the note is shown whole.
TEST(EngineText, TheDeviceNoteSaysItPlainlyAndKeepsTheReasonInItsTooltip)
{
    const ChineseWindow chinese;
    ASSERT_TRUE(chinese.installed());
    DeviceInfo devices;
    devices.gpuReason = gpuReasonText("this build has no CUDA kernels");
    devices.cpuThreads = 16;
    ui::SettingsPanel panel { devices };
    panel.setMoreOptionsOpen(true);
    panel.show();
    spinEventLoop(50);
    const QLabel* note = nullptr;
    for (const QLabel* label : panel.findChildren<QLabel*>()) {
        if (label->text().contains(QStringLiteral("CPU"))) {
            note = label;
        }
    }
    ASSERT_NE(note, nullptr);
    const QString text = note->text();
    EXPECT_TRUE(hasChinese(text)) << text.toStdString();
    EXPECT_TRUE(text.contains(QStringLiteral("16"))) << text.toStdString();
    EXPECT_FALSE(text.contains(QStringLiteral("CUDA"))) << "the technical reason is in the tooltip";
    expectChinese(note->toolTip(), devices.gpuReason, "device note's tooltip");
    EXPECT_GE(note->height(), note->heightForWidth(note->width())) << "the note is cut";
}

// Every sentence of the engine has its Chinese: none is left unfinished in the .ts file.
TEST(EngineText, EveryEngineSentenceHasItsChinese)
{
    const std::filesystem::path ts = test::sourcePath("resources/translations/dropsize_zh_CN.ts");
    QFile file(ts);
    ASSERT_TRUE(file.open(QIODevice::ReadOnly)) << ts.string();
    QXmlStreamReader xml(&file);
    QString context;
    QString source;
    int messages = 0;
    QStringList unfinished;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement()) {
            continue;
        }
        if (xml.name() == QLatin1String("name")) {
            context = xml.readElementText();
        } else if (xml.name() == QLatin1String("source")) {
            source = xml.readElementText();
        } else if (xml.name() == QLatin1String("translation")
            && context == QLatin1String("dropsize::Text")) {
            const QString type = xml.attributes().value(QLatin1String("type")).toString();
            if (type == QLatin1String("vanished") || type == QLatin1String("obsolete")) {
                continue;
            }
            ++messages;
            const QString text = xml.readElementText(QXmlStreamReader::IncludeChildElements);
            if (type == QLatin1String("unfinished") || text.trimmed().isEmpty()) {
                unfinished.append(source);
            }
        }
    }
    ASSERT_FALSE(xml.hasError()) << xml.errorString().toStdString();
    EXPECT_GT(messages, 50) << "the engine's sentences are not in the .ts file";
    EXPECT_TRUE(unfinished.isEmpty()) << unfinished.join(QStringLiteral("\n")).toStdString();
}

} // namespace dropsize::test

namespace dropsize::test {

// A message the window shows on its own starts with a capital letter, as the window's own do
// (the engine's sentences start small, for the command line's "file: reason"); a path that
// starts it stays as it is, as do a number and a library's words.
TEST(EngineText, AMessageOnItsOwnStartsWithACapitalButAPathStaysAsItIs)
{
    const Text noFolder = Text::tr("no output folder is given: choose one");
    EXPECT_EQ(ui::displayText(noFolder), QStringLiteral("no output folder is given: choose one"))
        << "inside a sentence it stays as the engine says it";
    EXPECT_EQ(
        ui::displayMessage(noFolder), QStringLiteral("No output folder is given: choose one"));
    EXPECT_EQ(ui::displayMessage(Error::of(ErrorCode::InvalidArgument, noFolder)),
        QStringLiteral("No output folder is given: choose one"));

    // The capital of the words the sentence starts with, however deep the template that says
    // them; the words after them as they were.
    EXPECT_EQ(
        ui::displayMessage(
            Text::tr("%1: %2").arg(Text::tr("cannot be read: %1").arg("input/a.jpg")).arg("x")),
        QStringLiteral("Cannot be read: input/a.jpg: x"));

    // A path, a number, a library's words: verbatim, never changed.
    EXPECT_EQ(ui::displayMessage(Text::tr("%1: %2")
                                     .arg("photos/\u00e9t\u00e9.jpg")
                                     .arg(Text::tr("cancelled before it started"))),
        QStringLiteral("photos/\u00e9t\u00e9.jpg: cancelled before it started"));
    EXPECT_EQ(
        ui::displayMessage(Text::tr("%1 characters").arg(12)), QStringLiteral("12 characters"));
    EXPECT_EQ(ui::displayMessage(Error(ErrorCode::CorruptData, "premature end of data segment")),
        QStringLiteral("premature end of data segment"));
    EXPECT_EQ(ui::displayMessage(Text {}), QString());

    EXPECT_TRUE(ui::unexpectedErrorText(std::runtime_error("bad_alloc"))
                    .startsWith(QStringLiteral("Stopped by an unexpected error: bad_alloc")));
}

// The batch that cannot start says why as a message of its own (the window's summary and its
// message box show it): with a capital.
TEST(EngineText, ABatchThatCannotStartSaysWhyWithACapital)
{
    TempDir dir;
    writeTestJpeg(dir.path() / "a.jpg", 32, 32);
    BatchSettings settings;
    settings.outputLocation = ui::OutputLocation::Folder;
    settings.outputFolder.clear(); // "one folder" with its field empty
    const BatchRun run = runBatch(dir.path(), settings);
    EXPECT_EQ(run.result.error, QStringLiteral("No output folder is given: choose one"));
}

// A path in a wrapped message breaks between its folders, never inside a name: a break is
// allowed after each separator, and nothing else changes.
TEST(EngineText, APathWrapsBetweenItsFolders)
{
    EXPECT_EQ(ui::wrapPathsAtSeparators(QStringLiteral("in /photos/2024\\a b.jpg")),
        QStringLiteral("in /\u200bphotos/\u200b2024\\\u200ba b.jpg"));
    EXPECT_EQ(ui::wrapPathsAtSeparators(QString()), QString());
    const QString path = QStringLiteral("/home/someone/aratherlongfoldername/anotherone/"
                                        "andathirdone/IMG_20240101_120000.jpg");
    QLabel label;
    label.setWordWrap(true);
    label.setText(ui::wrapPathsAtSeparators(QStringLiteral("Cannot write to ") + path));
    label.setFixedWidth(
        label.fontMetrics().horizontalAdvance(QStringLiteral("and-a-third-one/")) * 2);
    // Every line ends at a separator or a space, so the file's name is whole on its line.
    const QStringList names { QStringLiteral("IMG_20240101_120000.jpg"),
        QStringLiteral("aratherlongfoldername") };
    // As a label wraps a word longer than its line: anywhere, unless a break is allowed.
    QTextLayout layout(label.text(), label.font());
    QTextOption wrap;
    wrap.setWrapMode(QTextOption::WrapAtWordBoundaryOrAnywhere);
    layout.setTextOption(wrap);
    layout.beginLayout();
    QStringList lines;
    for (QTextLine line = layout.createLine(); line.isValid(); line = layout.createLine()) {
        line.setLineWidth(label.width());
        lines.append(label.text().mid(line.textStart(), line.textLength()));
    }
    layout.endLayout();
    ASSERT_GE(lines.size(), 2);
    for (const QString& name : names) {
        EXPECT_TRUE(std::any_of(
            lines.begin(), lines.end(), [&](const QString& l) { return l.contains(name); }))
            << name.toStdString() << " was split";
    }
}

} // namespace dropsize::test

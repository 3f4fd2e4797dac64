// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/ui/preview_pane.h"

#include "dropsize/core/preview.h"
#include "dropsize/ui/engine_text.h"
#include "dropsize/ui/job_log_model.h"
#include "path_strings.h"
#include "preview_image_view.h"

#include <QAction>
#include <QComboBox>
#include <QFile>
#include <QFutureWatcher>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QToolButton>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>
#include <future>
#include <optional>
#include <span>
#include <system_error>
#include <utility>
#include <vector>

namespace fs = std::filesystem;

namespace dropsize::ui {

namespace {

    // Both sides are decoded for the screen at most this large on their longer side: more than
    // the pane is wide beside the log on a large screen, and small enough that a photo's JPEG
    // decodes at 1/4 or 1/8 of its size (the plan keeps twice the size asked for). 1:1 decodes
    // both again at full size.
    constexpr int kScreenSide = 720;

    // What the engine's pixels look like to Qt; grey with alpha has no 8-bit QImage format and
    // becomes RGBA.
    QImage toQImage(const Image& image)
    {
        if (image.empty()) {
            return {};
        }
        const int w = image.width();
        const int h = image.height();
        const auto stride = static_cast<qsizetype>(image.stride());
        switch (image.channels()) {
        case 1:
            return QImage(image.data(), w, h, stride, QImage::Format_Grayscale8).copy();
        case 3:
            return QImage(image.data(), w, h, stride, QImage::Format_RGB888).copy();
        case 4:
            return QImage(image.data(), w, h, stride, QImage::Format_RGBA8888).copy();
        case 2: {
            QImage rgba(w, h, QImage::Format_RGBA8888);
            for (int y = 0; y < h; ++y) {
                const std::uint8_t* in = image.data() + static_cast<std::ptrdiff_t>(y) * stride;
                uchar* out = rgba.scanLine(y);
                for (int x = 0; x < w; ++x, in += 2, out += 4) {
                    out[0] = out[1] = out[2] = in[0];
                    out[3] = in[1];
                }
            }
            return rgba;
        }
        default:
            return {};
        }
    }

    QImage decodedForView(std::span<const std::uint8_t> bytes, int side, const DecodeLimits& limits,
        const CancelToken& cancel)
    {
        if (bytes.empty()) {
            return {};
        }
        auto decoded = decodeForView(bytes, side, side, limits, &cancel);
        return decoded ? toQImage(*decoded) : QImage();
    }

    // One side of the preview: for the screen, and at full size for 1:1 (null unless asked).
    struct Sides {
        QImage fit;
        QImage full;
    };

    Sides decodeSides(std::span<const std::uint8_t> bytes, bool full, const DecodeLimits& limits,
        const CancelToken& cancel)
    {
        Sides sides;
        sides.fit = decodedForView(bytes, kScreenSide, limits, cancel);
        if (full) {
            sides.full = decodedForView(bytes, 0, limits, cancel);
        }
        return sides;
    }

    // An image file's bytes, or none when it cannot be read within the limit of one image (the
    // preview then says why).
    std::vector<std::uint8_t> readImageFile(const fs::path& path, const DecodeLimits& limits)
    {
        QFile file(toQString(path));
        if (!file.open(QIODevice::ReadOnly)
            || file.size() > static_cast<qint64>(limits.maxMemoryBytes)) {
            return {};
        }
        const QByteArray bytes = file.readAll();
        return { bytes.begin(), bytes.end() };
    }

} // namespace

struct PreviewPane::Outcome {
    quint64 id = 0;
    std::optional<Error> error; ///< the preview could not be made
    Preview preview;
    std::size_t shown = 0; ///< the output shown
    Sides before; ///< the original
    Sides after; ///< the output shown, decoded from its bytes
};

PreviewPane::PreviewPane(QWidget* parent)
    : QWidget(parent)
{
    // Two previews at most at once: one being cancelled while the next starts.
    m_pool.setMaxThreadCount(2);
    m_delay.setSingleShot(true);
    connect(&m_delay, &QTimer::timeout, this, &PreviewPane::request);

    auto* outer = new QVBoxLayout(this);
    outer->setContentsMargins(0, 0, 0, 0);
    auto* box = new QGroupBox(tr("Preview"), this);
    outer->addWidget(box);
    auto* grid = new QGridLayout(box);
    m_before = new PreviewImageView(box);
    m_after = new PreviewImageView(box);
    m_before->setAccessibleName(tr("Original image"));
    m_after->setAccessibleName(tr("Output image"));
    m_beforeInfo = new QLabel(box);
    m_afterInfo = new QLabel(box);
    for (QLabel* info : { m_beforeInfo, m_afterInfo }) {
        info->setWordWrap(true);
        info->setTextInteractionFlags(Qt::TextSelectableByMouse);
    }
    grid->addWidget(m_before, 0, 0);
    grid->addWidget(m_after, 0, 1);
    grid->addWidget(m_beforeInfo, 1, 0);
    grid->addWidget(m_afterInfo, 1, 1);
    grid->setRowStretch(0, 1);
    grid->setColumnStretch(0, 1);
    grid->setColumnStretch(1, 1);

    auto* bar = new QHBoxLayout;
    m_oneToOne = new QToolButton(box);
    m_oneToOne->setText(tr("1:1"));
    m_oneToOne->setCheckable(true);
    m_oneToOne->setAccessibleName(tr("Show at 100 %"));
    m_oneToOne->setToolTip(
        tr("Show the same region of the original and the output at 100 %; drag to move it"));
    m_sizeLabel = new QLabel(tr("Size:"), box);
    m_size = new QComboBox(box);
    m_size->setAccessibleName(tr("Size to preview"));
    m_sizeLabel->setBuddy(m_size);
    m_message = new QLabel(box);
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    bar->addWidget(m_oneToOne);
    bar->addWidget(m_sizeLabel);
    bar->addWidget(m_size);
    bar->addWidget(m_message, 1);
    grid->addLayout(bar, 2, 0, 1, 2);
    m_sizeLabel->hide();
    m_size->hide();

    // Both sides show the same region at 1:1: dragging one moves the other.
    m_before->setOnFocusDragged([this](QPointF focus) { m_after->setFocusPoint(focus); });
    m_after->setOnFocusDragged([this](QPointF focus) { m_before->setFocusPoint(focus); });
    connect(m_oneToOne, &QToolButton::toggled, this, [this](bool on) {
        m_before->setOneToOne(on);
        m_after->setOneToOne(on);
        if (on && !m_hasFullOriginal && !m_shownInput.isEmpty()) {
            schedule(); // the original at its full size is decoded only for 1:1
        }
    });
    connect(m_size, &QComboBox::currentIndexChanged, this, [this] { schedule(); });
    m_toggle = new QAction(tr("&Preview"), this);
    m_toggle->setCheckable(true);
    m_toggle->setChecked(true);
    connect(m_toggle, &QAction::toggled, this, &QWidget::setVisible);
    clearImages();
}

PreviewPane::~PreviewPane()
{
    cancelInFlight();
    m_pool.waitForDone();
}

void PreviewPane::setSource(const QString& path)
{
    if (path == m_source) {
        return;
    }
    m_source = path;
    schedule(0); // a click: nothing more is coming
}

void PreviewPane::setSettings(const BatchSettings& settings)
{
    if (settings == m_settings) {
        return;
    }
    m_settings = settings;
    // With several sizes, one is previewed at a time: the one chosen, kept by its label.
    const QString chosen = m_size->currentText();
    QStringList labels;
    for (const OutputSize& size : m_settings.planOptions().sizes) {
        labels.append(QString::fromStdString(size.label));
    }
    {
        const QSignalBlocker blocker(m_size);
        m_size->clear();
        m_size->addItems(labels);
        m_size->setCurrentIndex(std::max(0, static_cast<int>(labels.indexOf(chosen))));
    }
    m_size->setVisible(labels.size() > 1);
    m_sizeLabel->setVisible(labels.size() > 1);
    schedule();
}

QString PreviewPane::message() const { return m_message->text(); }

void PreviewPane::schedule(int delayMs)
{
    cancelInFlight();
    if (m_source.isEmpty()) {
        m_delay.stop();
        clearImages();
        emit previewShown();
        return;
    }
    m_making = true;
    m_message->setText(tr("Making the preview\u2026"));
    if (isVisible()) {
        m_delay.start(delayMs);
    }
}

void PreviewPane::cancelInFlight()
{
    if (m_cancel) {
        m_cancel->requestStop();
        m_cancel.reset();
        ++m_cancelled;
    }
}

void PreviewPane::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (m_making && !m_cancel) {
        m_delay.start(0); // asked for while hidden
    }
}

void PreviewPane::hideEvent(QHideEvent* event)
{
    QWidget::hideEvent(event);
    if (m_cancel) {
        // Made again when shown.
        cancelInFlight();
        m_making = true;
    }
    m_delay.stop();
}

void PreviewPane::request()
{
    if (m_source.isEmpty() || !isVisible()) {
        return;
    }
    cancelInFlight();
    const quint64 id = ++m_requests;
    auto cancel = std::make_shared<CancelToken>();
    m_cancel = cancel;
    m_making = true;
    const PlanOptions plan = m_settings.planOptions();
    const BatchOptions batch = m_settings.batchOptions();
    std::optional<std::size_t> only;
    if (plan.sizes.size() > 1) {
        only = static_cast<std::size_t>(std::max(0, m_size->currentIndex()));
    }
    const bool full = m_oneToOne->isChecked();
    const std::filesystem::path source = toPath(m_source);

    auto* watcher = new QFutureWatcher<Outcome>(this);
    connect(watcher, &QFutureWatcher<Outcome>::finished, this, [this, watcher] {
        const Outcome outcome = watcher->result();
        watcher->deleteLater();
        present(outcome);
    });
    watcher->setFuture(QtConcurrent::run(&m_pool, [id, source, plan, batch, only, full, cancel] {
        const auto make = [&]() -> Outcome {
            Outcome outcome;
            outcome.id = id;
            const DecodeLimits& limits = batch.process.limits;
            // The original is decoded for the screen beside the preview, on a thread of its own:
            // the two take about as long. A folder's image is known only from the preview's plan.
            std::error_code error;
            std::future<Sides> before;
            if (fs::is_regular_file(source, error)) {
                before = std::async(std::launch::async, [&] {
                    return decodeSides(readImageFile(source, limits), full, limits, *cancel);
                });
            }
            auto made = makePreview(source, plan, batch, cancel.get(), only);
            Sides original = before.valid() ? before.get() : Sides {};
            if (!made) {
                outcome.error = std::move(made).error();
                return outcome;
            }
            outcome.preview = std::move(made).value();
            outcome.shown = only.value_or(0);
            if (!before.valid()) {
                original = decodeSides(
                    readImageFile(outcome.preview.report.input, limits), full, limits, *cancel);
            }
            outcome.before = std::move(original);
            if (outcome.shown < outcome.preview.encoded.size()) {
                outcome.after
                    = decodeSides(outcome.preview.encoded[outcome.shown], full, limits, *cancel);
            }
            return outcome;
        };
        // Nothing may escape a task of the pool (Qt would end the program).
        try {
            return make();
        } catch (const std::exception& e) {
            Outcome failed;
            failed.id = id;
            failed.error = unexpectedError(e);
            return failed;
        }
    }));
}

void PreviewPane::clearImages()
{
    m_outputBytes.clear();
    m_shownInput.clear();
    m_hasFullOriginal = false;
    m_before->clear(tr("Select an image in the list or the log to preview it."));
    m_after->clear(QString());
    m_beforeInfo->clear();
    m_afterInfo->clear();
    m_message->clear();
}

void PreviewPane::present(const Outcome& outcome)
{
    if (outcome.id != m_requests || !m_cancel) {
        return; // a newer request (or a cancel) came since
    }
    m_cancel.reset();
    m_making = false;
    clearImages();
    if (outcome.error) {
        m_message->setText(tr("No preview: %1").arg(displayText(*outcome.error)));
        emit previewShown();
        return;
    }
    const Preview& preview = outcome.preview;
    const JobReport& report = preview.report;
    m_shownInput = toQString(report.input);
    m_hasFullOriginal = !outcome.before.full.isNull();
    m_before->setImages(outcome.before.fit, outcome.before.full);
    if (report.inputSize.width > 0) {
        // The report has the stored size; the decoded original is upright, as people see it.
        Size upright = report.inputSize;
        const QImage& seen = outcome.before.fit;
        if (!seen.isNull() && (seen.width() > seen.height()) != (upright.width > upright.height)
            && upright.width != upright.height) {
            std::swap(upright.width, upright.height);
        }
        m_beforeInfo->setText(
            tr("Original: %1 \u00d7 %2 px, %3, %4")
                .arg(upright.width)
                .arg(upright.height)
                .arg(QString::fromLatin1(formatTitle(preview.inputFormat)),
                    JobLogModel::formatBytes(static_cast<qint64>(report.inputBytes))));
    }
    QStringList notes;
    if (outcome.shown >= report.outputs.size()) {
        // Failed before its outputs were named (the planner could not read it).
        m_after->clear(tr("No output"));
        if (report.error) {
            notes.append(displayText(*report.error));
        }
    } else {
        const OutputReport& out = report.outputs[outcome.shown];
        if (out.status == JobStatus::Ok && outcome.shown < preview.encoded.size()) {
            const auto& encoded = preview.encoded[outcome.shown];
            m_outputBytes = QByteArray(reinterpret_cast<const char*>(encoded.data()),
                static_cast<qsizetype>(encoded.size()));
            m_after->setImages(outcome.after.fit, outcome.after.full);
            const ImageFormat format
                = out.ifBigger == IfBigger::Copy ? preview.inputFormat : preview.outputFormat;
            QString info = tr("Output: %1 \u00d7 %2 px, %3, %4")
                               .arg(out.outputSize.width)
                               .arg(out.outputSize.height)
                               .arg(QString::fromLatin1(formatTitle(format)),
                                   JobLogModel::formatBytes(static_cast<qint64>(out.bytes)));
            if (report.inputBytes > 0) {
                const double percent = 100.0 * static_cast<double>(out.bytes)
                    / static_cast<double>(report.inputBytes);
                info += QLatin1Char(' ')
                    + tr("(%1 % of the original)").arg(QLocale().toString(percent, 'f', 0));
            }
            if (out.quality > 0) {
                info += QLatin1Char(' ') + tr("at quality %1").arg(out.quality);
            }
            m_afterInfo->setText(info);
        } else {
            m_after->clear(tr("Not written"));
            if (out.error) {
                notes.append(tr("The batch will not write it: %1").arg(displayText(*out.error)));
            }
        }
        if (outcome.shown < preview.exists.size() && preview.exists[outcome.shown]) {
            notes.append(tr("%1 is there already: the batch will skip it.")
                             .arg(QDir::toNativeSeparators(toQString(out.path))));
        }
        for (const Text* note : { &report.note, &out.note, &out.warning }) {
            const QString text = displayText(*note);
            if (!text.isEmpty() && !notes.contains(text)) {
                notes.append(text);
            }
        }
    }
    m_message->setText(notes.join(QLatin1Char('\n')));
    emit previewShown();
}

} // namespace dropsize::ui

// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/ui/preview_pane.h"

#include "dropsize/core/preview.h"
#include "dropsize/ui/engine_text.h"
#include "dropsize/ui/job_log_model.h"
#include "palette_colors.h"
#include "path_strings.h"
#include "preview_image_view.h"

#include <QAction>
#include <QComboBox>
#include <QDir>
#include <QEvent>
#include <QFile>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLocale>
#include <QToolButton>
#include <QTransform>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>
#include <algorithm>
#include <cmath>
#include <future>
#include <optional>
#include <span>
#include <system_error>
#include <utility>
#include <vector>

namespace fs = std::filesystem;

namespace dropsize::ui {

namespace {

    // Both sides are decoded for the screen as large as the views are on their longer side, at
    // least this (a photo's JPEG still decodes at 1/4 or 1/8 of its size: the plan keeps twice
    // the size asked for) and at most the larger (a view that large is rare, and the zoom that
    // needs more decodes both at full size).
    constexpr int kScreenSide = 720;
    constexpr int kLargestScreenSide = 4096;

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

    Sides decodeSides(std::span<const std::uint8_t> bytes, int side, bool full,
        const DecodeLimits& limits, const CancelToken& cancel)
    {
        Sides sides;
        sides.fit = decodedForView(bytes, side, limits, cancel);
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

    // The size an image is seen at: the reports give sizes as stored, which a JPEG's orientation
    // may turn; the decoded image is upright.
    QSizeF upright(Size stored, const QImage& seen)
    {
        QSizeF size(stored.width, stored.height);
        if (!seen.isNull() && stored.width != stored.height
            && (seen.width() > seen.height()) != (stored.width > stored.height)) {
            size.transpose();
        }
        return size;
    }

    // Where the original's pixels fall in the output's: scaled down to the output's size, and
    // for a crop (Fill) at one scale with the cut centred, as the resize cuts it.
    QTransform originalToOutput(QSizeF original, QSizeF output, bool crop)
    {
        QTransform map;
        if (original.isEmpty() || output.isEmpty()) {
            return map;
        }
        const double kx = original.width() / output.width();
        const double ky = original.height() / output.height();
        if (!crop) {
            map.scale(1 / kx, 1 / ky);
            return map;
        }
        const double k = std::min(kx, ky);
        map.scale(1 / k, 1 / k);
        map.translate(-(original.width() - output.width() * k) / 2,
            -(original.height() - output.height() * k) / 2);
        return map;
    }

    QString fileName(const fs::path& path) { return toQString(path.filename()); }

    // "(40 % of the original)": whole percents, a tenth under 10 %, and no "0 %" for an output
    // that is smaller than a hundredth of the original but not nothing.
    QString shareOfOriginal(std::uint64_t bytes, std::uint64_t original)
    {
        const double percent = 100.0 * static_cast<double>(bytes) / static_cast<double>(original);
        if (bytes > 0 && percent < 1.0) {
            return PreviewPane::tr("(less than 1 % of the original)");
        }
        return PreviewPane::tr("(%1 % of the original)")
            .arg(QLocale().toString(percent, 'f', percent < 10.0 ? 1 : 0));
    }

} // namespace

struct PreviewPane::Outcome {
    quint64 id = 0;
    std::optional<Error> error; ///< the preview could not be made
    fs::path input; ///< the file previewed (or the source, when none was found in it)
    Preview preview;
    std::size_t shown = 0; ///< the output shown
    Sides before; ///< the original
    Sides after; ///< the output shown, decoded from its bytes
    /// A folder's images as the batch takes them (null for a file), and the one previewed.
    std::shared_ptr<const std::vector<fs::path>> images;
    int index = 0;
};

struct PreviewPane::Request {
    quint64 id = 0;
    fs::path source;
    PlanOptions plan;
    BatchOptions batch;
    std::optional<std::size_t> only; ///< the size previewed, of several
    bool full = false; ///< the full sizes decoded too
    int side = 0; ///< screenSide()
    std::shared_ptr<CancelToken> cancel;
    std::shared_ptr<const std::vector<fs::path>> known; ///< the folder's images, read already
    int index = 0; ///< the folder's image asked for
    fs::path wanted; ///< that image's path
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
    // No frame or title of its own: the window's tab says what it is.
    auto* box = new QWidget(this);
    outer->addWidget(box);
    auto* column = new QVBoxLayout(box);
    column->setContentsMargins(0, 4, 0, 0);

    // The zoom: made first, so that the 100 % button is the box's first tool button (tests and
    // the keyboard order find it first).
    QHBoxLayout* bar = buildZoomBar(box);
    buildNavigation(box);
    QGridLayout* grid = buildImages(box);
    m_message = new QLabel(box);
    m_message->setWordWrap(true);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // Its line stays while it is hidden (showMessage()), so that the images do not jump.
    QSizePolicy messagePolicy = m_message->sizePolicy();
    messagePolicy.setRetainSizeWhenHidden(true);
    m_message->setSizePolicy(messagePolicy);

    // The folder's image on the left and the zoom on the right, on one row.
    auto* top = new QHBoxLayout;
    top->addWidget(m_navigation, 1);
    top->addLayout(bar);
    column->addLayout(top);
    column->addLayout(grid, 1);
    column->addWidget(m_message);
    addKeys();
    connectControls();
    clearImages();
    m_before->clear(tr("Select an image in the list or the log to preview it."));
    updateZoomControls();
}

QHBoxLayout* PreviewPane::buildZoomBar(QWidget* box)
{
    auto* bar = new QHBoxLayout;
    m_oneToOne = new QToolButton(box);
    // Alt+1: the letters of "Fit" and "Zoom" are the window's already.
    m_oneToOne->setText(tr("&100 %"));
    m_oneToOne->setCheckable(true);
    m_oneToOne->setAccessibleName(tr("Show at 100 %"));
    m_oneToOne->setToolTip(tr("Show the output at 100 %, one of its pixels per pixel of the "
                              "screen, and the original at the same scale (Ctrl+1)"));
    m_fit = new QToolButton(box);
    m_fit->setText(tr("Fit"));
    m_fit->setCheckable(true);
    m_fit->setAccessibleName(tr("Fit in the view"));
    m_fit->setToolTip(tr("Show the whole output, and the original at the same scale (Ctrl+0)"));
    m_zoomOut = new QToolButton(box);
    m_zoomOut->setText(QStringLiteral("\u2212"));
    m_zoomOut->setAccessibleName(tr("Zoom out"));
    m_zoomOut->setToolTip(tr("Zoom out (Ctrl+Minus, or the wheel)"));
    m_zoomLabel = new QLabel(box);
    m_zoomLabel->setAccessibleName(tr("Zoom"));
    m_zoomLabel->setAlignment(Qt::AlignCenter);
    m_zoomLabel->setMinimumWidth(m_zoomLabel->fontMetrics().horizontalAdvance(tr("Fit (100 %)")));
    m_zoomIn = new QToolButton(box);
    m_zoomIn->setText(QStringLiteral("+"));
    m_zoomIn->setAccessibleName(tr("Zoom in"));
    m_zoomIn->setToolTip(tr("Zoom in (Ctrl+Plus, or the wheel)"));
    m_sizeLabel = new QLabel(tr("Size:"), box);
    m_size = new QComboBox(box);
    m_size->setAccessibleName(tr("Size to preview"));
    m_size->setToolTip(tr("Which of the sizes to preview"));
    m_sizeLabel->setBuddy(m_size);
    bar->addWidget(m_sizeLabel);
    bar->addWidget(m_size);
    bar->addStretch(1);
    bar->addWidget(m_fit);
    bar->addWidget(m_oneToOne);
    bar->addWidget(m_zoomOut);
    bar->addWidget(m_zoomLabel);
    bar->addWidget(m_zoomIn);
    m_sizeLabel->hide();
    m_size->hide();
    return bar;
}

void PreviewPane::buildNavigation(QWidget* box)
{
    // Which image of a folder, shown only for a folder.
    m_navigation = new QWidget(box);
    auto* navigation = new QHBoxLayout(m_navigation);
    navigation->setContentsMargins(0, 0, 0, 0);
    m_previous = new QToolButton(m_navigation);
    m_previous->setArrowType(Qt::LeftArrow);
    m_previous->setAccessibleName(tr("Previous image"));
    m_previous->setToolTip(tr("Preview the folder's previous image (Alt+Left)"));
    m_position = new QLabel(m_navigation);
    m_position->setAccessibleName(tr("Image of the folder"));
    m_position->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // Elided to the room there is (eventFilter()), so that a long name does not widen the pane.
    m_position->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_position->setMinimumWidth(m_position->fontMetrics().horizontalAdvance(tr("00 / 00")));
    m_position->installEventFilter(this);
    m_next = new QToolButton(m_navigation);
    m_next->setArrowType(Qt::RightArrow);
    m_next->setAccessibleName(tr("Next image"));
    m_next->setToolTip(tr("Preview the folder's next image (Alt+Right)"));
    navigation->addWidget(m_previous);
    navigation->addWidget(m_position, 1);
    navigation->addWidget(m_next);
    m_navigation->hide();
}

QGridLayout* PreviewPane::buildImages(QWidget* box)
{
    m_viewport = new PreviewViewport(this);
    m_before = new PreviewImageView(m_viewport, 0, box);
    m_after = new PreviewImageView(m_viewport, 1, box);
    m_before->setAccessibleName(tr("Original image"));
    m_after->setAccessibleName(tr("Output image"));
    for (PreviewImageView* view : { m_before, m_after }) {
        view->setToolTip(tr("Drag to move both images; the wheel zooms both"));
    }
    m_beforeInfo = new QLabel(box);
    m_afterInfo = new QLabel(box);
    m_beforeInfo->setAccessibleName(tr("About the original"));
    m_afterInfo->setAccessibleName(tr("About the output"));
    for (QLabel* info : { m_beforeInfo, m_afterInfo }) {
        info->setWordWrap(true);
        info->setTextInteractionFlags(Qt::TextSelectableByMouse);
    }
    auto* grid = new QGridLayout;
    grid->addWidget(m_before, 0, 0);
    grid->addWidget(m_after, 0, 1);
    grid->addWidget(m_beforeInfo, 1, 0);
    grid->addWidget(m_afterInfo, 1, 1);
    grid->setRowStretch(0, 1);
    grid->setColumnStretch(0, 1);
    grid->setColumnStretch(1, 1);
    return grid;
}

void PreviewPane::addKeys()
{
    // The keys act while the focus is in the pane (a click on an image gives it).
    const auto addKey = [this](const QKeySequence& key, auto slot) {
        auto* action = new QAction(this);
        action->setShortcut(key);
        action->setShortcutContext(Qt::WidgetWithChildrenShortcut);
        connect(action, &QAction::triggered, this, slot);
        addAction(action);
    };
    addKey(QKeySequence::ZoomIn, [this] { m_viewport->zoomBy(PreviewViewport::kStep); });
    addKey(QKeySequence::ZoomOut, [this] { m_viewport->zoomBy(1 / PreviewViewport::kStep); });
    addKey(QKeySequence(Qt::CTRL | Qt::Key_0), [this] { zoomToFit(); });
    addKey(QKeySequence(Qt::CTRL | Qt::Key_1), [this] { setZoom(1.0); });
    addKey(QKeySequence(Qt::ALT | Qt::Key_Left), [this] { showPreviousImage(); });
    addKey(QKeySequence(Qt::ALT | Qt::Key_Right), [this] { showNextImage(); });
}

void PreviewPane::connectControls()
{
    connect(m_oneToOne, &QToolButton::clicked, this, [this] { setZoom(1.0); });
    connect(m_fit, &QToolButton::clicked, this, [this] { zoomToFit(); });
    connect(m_zoomIn, &QToolButton::clicked, this,
        [this] { m_viewport->zoomBy(PreviewViewport::kStep); });
    connect(m_zoomOut, &QToolButton::clicked, this,
        [this] { m_viewport->zoomBy(1 / PreviewViewport::kStep); });
    connect(m_previous, &QToolButton::clicked, this, [this] { showPreviousImage(); });
    connect(m_next, &QToolButton::clicked, this, [this] { showNextImage(); });
    connect(m_viewport, &PreviewViewport::changed, this, [this] {
        updateZoomControls();
        followZoom();
    });
    connect(m_size, &QComboBox::currentIndexChanged, this, [this] { schedule(); });
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
    // A new source starts at its first image; a folder's list is read again.
    m_index = 0;
    m_wanted.clear();
    m_list.reset();
    m_images.clear();
    updateNavigation();
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

void PreviewPane::showImage(int index)
{
    if (m_images.isEmpty()) {
        return;
    }
    index = std::clamp(index, 0, static_cast<int>(m_images.size()) - 1);
    if (index == m_index && m_wanted == m_images.at(index)) {
        return;
    }
    m_index = index;
    m_wanted = m_images.at(index);
    updateNavigation();
    schedule(0);
}

double PreviewPane::zoom() const { return m_viewport->zoom(); }
bool PreviewPane::isFit() const { return m_viewport->isFit(); }
void PreviewPane::zoomToFit() { m_viewport->setFit(); }
void PreviewPane::setZoom(double zoom) { m_viewport->setZoom(zoom); }

QString PreviewPane::message() const { return m_message->text(); }

void PreviewPane::showMessage(const QString& text)
{
    m_message->setText(text);
    // Hidden when empty: an empty line would still be a stop for screen readers, with no name.
    m_message->setVisible(!text.isEmpty());
}

void PreviewPane::schedule(int delayMs)
{
    cancelInFlight();
    if (m_source.isEmpty()) {
        m_delay.stop();
        m_making = false;
        clearImages();
        m_before->clear(tr("Select an image in the list or the log to preview it."));
        emit previewShown();
        return;
    }
    m_making = true;
    setTextTone(m_message, TextTone::Normal);
    showMessage(tr("Making the preview\u2026"));
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

bool PreviewPane::eventFilter(QObject* watched, QEvent* event)
{
    if (watched == m_position && event->type() == QEvent::Resize) {
        m_position->setText(m_position->fontMetrics().elidedText(
            m_positionText, Qt::ElideMiddle, m_position->width()));
    }
    return QWidget::eventFilter(watched, event);
}

int PreviewPane::screenSide() const
{
    const QSizeF view = QSizeF(m_after->size()) * m_after->devicePixelRatioF();
    const double longer = std::max(view.width(), view.height());
    // In steps, so that a view resized a little decodes as before.
    const int side = static_cast<int>(std::ceil(longer / 256.0)) * 256;
    return std::clamp(side, kScreenSide, kLargestScreenSide);
}

void PreviewPane::request()
{
    if (m_source.isEmpty() || !isVisible()) {
        return;
    }
    cancelInFlight();
    Request r;
    r.id = ++m_requests;
    r.cancel = std::make_shared<CancelToken>();
    m_cancel = r.cancel;
    m_making = true;
    r.plan = m_settings.planOptions();
    r.batch = m_settings.batchOptions();
    if (r.plan.sizes.size() > 1) {
        r.only = static_cast<std::size_t>(std::max(0, m_size->currentIndex()));
    }
    r.full = m_wantFull;
    r.side = screenSide();
    r.source = toPath(m_source);
    // A folder read for these settings is not read again to show another of its images.
    if (m_list && m_listSource == m_source && m_listSettings == m_settings) {
        r.known = m_list;
    }
    r.index = m_index;
    r.wanted = m_wanted.isEmpty() ? fs::path() : toPath(m_wanted);

    auto* watcher = new QFutureWatcher<Outcome>(this);
    connect(watcher, &QFutureWatcher<Outcome>::finished, this, [this, watcher] {
        const Outcome outcome = watcher->result();
        watcher->deleteLater();
        present(outcome);
    });
    watcher->setFuture(QtConcurrent::run(&m_pool, [r] {
        // Nothing may escape a task of the pool (Qt would end the program).
        try {
            return makeOutcome(r);
        } catch (const std::exception& e) {
            Outcome failed;
            failed.id = r.id;
            failed.input = r.source;
            failed.error = unexpectedError(e);
            return failed;
        }
    }));
}

PreviewPane::Outcome PreviewPane::makeOutcome(const Request& r)
{
    Outcome outcome;
    outcome.id = r.id;
    outcome.input = r.source;
    const DecodeLimits& limits = r.batch.process.limits;
    PlanOptions options = r.plan;
    std::error_code error;
    if (fs::is_directory(r.source, error) && !pickFolderImage(r, outcome, options)) {
        return outcome;
    }
    // The original is decoded for the screen beside the preview, on a thread of its own: the two
    // take about as long.
    std::future<Sides> before;
    const fs::path input = outcome.input;
    if (fs::is_regular_file(input, error)) {
        before = std::async(std::launch::async, [&] {
            return decodeSides(readImageFile(input, limits), r.side, r.full, limits, *r.cancel);
        });
    }
    auto made = makePreview(input, options, r.batch, r.cancel.get(), r.only);
    outcome.before = before.valid() ? before.get() : Sides {};
    if (!made) {
        outcome.error = std::move(made).error();
        return outcome;
    }
    outcome.preview = std::move(made).value();
    outcome.shown = r.only.value_or(0);
    if (outcome.shown < outcome.preview.encoded.size()) {
        outcome.after = decodeSides(
            outcome.preview.encoded[outcome.shown], r.side, r.full, limits, *r.cancel);
    }
    return outcome;
}

bool PreviewPane::pickFolderImage(const Request& r, Outcome& outcome, PlanOptions& options)
{
    auto images = r.known;
    if (!images) {
        // The folder's images as the batch takes them: the batch's planner, in its order, stopped
        // by a newer request.
        PlanOptions walk = r.plan;
        walk.checkOutputs = false;
        walk.cancel = r.cancel.get();
        auto planned = BatchPlanner(walk).plan({ r.source });
        if (!planned) {
            outcome.error = std::move(planned).error();
            return false;
        }
        auto paths = std::make_shared<std::vector<fs::path>>();
        paths->reserve(planned->jobs.size());
        for (const Job& job : planned->jobs) {
            paths->push_back(job.input());
        }
        images = std::move(paths);
    }
    outcome.images = images;
    if (!images->empty()) {
        const auto found = std::find(images->begin(), images->end(), r.wanted);
        const int last = static_cast<int>(images->size()) - 1;
        outcome.index = !r.wanted.empty() && found != images->end()
            ? static_cast<int>(found - images->begin())
            : std::clamp(r.index, 0, last);
        outcome.input = (*images)[static_cast<std::size_t>(outcome.index)];
        // Planned as the walk of the folder plans it (its output names, and the outputs there
        // already), without walking it again.
        options.listRoot = r.source;
    }
    // Without images, the preview of the folder says why there are none.
    return true;
}

void PreviewPane::clearImages()
{
    m_outputBytes.clear();
    m_shownInput.clear();
    m_hasFullOriginal = false;
    m_before->clear(QString());
    m_after->clear(QString());
    m_beforeInfo->clear();
    m_afterInfo->clear();
    setTextTone(m_message, TextTone::Normal);
    showMessage({});
}

void PreviewPane::showError(const QString& name, const QString& reason)
{
    setTextTone(m_message, TextTone::Problem);
    showMessage(tr("Cannot preview %1: %2").arg(name, reason));
}

void PreviewPane::updateNavigation()
{
    const bool folder = !m_images.isEmpty();
    m_navigation->setVisible(folder);
    if (!folder) {
        return;
    }
    const int count = static_cast<int>(m_images.size());
    const int at = std::clamp(m_index, 0, count - 1);
    const QString path = m_images.at(at);
    // The ends stop: Next at the last image does nothing, as its disabled button says.
    m_previous->setEnabled(at > 0);
    m_next->setEnabled(at < count - 1);
    m_positionText = tr("%1 / %2 \u00b7 %3")
                         .arg(QLocale().toString(at + 1), QLocale().toString(count),
                             QFileInfo(path).fileName());
    m_position->setToolTip(QDir::toNativeSeparators(path));
    m_position->setAccessibleDescription(m_positionText);
    m_position->setText(
        m_position->fontMetrics().elidedText(m_positionText, Qt::ElideMiddle, m_position->width()));
}

void PreviewPane::updateZoomControls()
{
    const double zoom = m_viewport->zoom();
    const QString percent = QLocale().toString(zoom * 100, 'f', zoom < 0.1 ? 1 : 0);
    m_zoomLabel->setText(
        m_viewport->isFit() ? tr("Fit (%1 %)").arg(percent) : tr("%1 %").arg(percent));
    m_fit->setChecked(m_viewport->isFit());
    m_oneToOne->setChecked(!m_viewport->isFit() && std::abs(zoom - 1.0) < 1e-9);
    m_zoomIn->setEnabled(zoom < PreviewViewport::kMaxZoom);
    m_zoomOut->setEnabled(zoom > m_viewport->fitZoom() + 1e-9); // Fit's is the least
}

void PreviewPane::followZoom()
{
    if (m_viewport->isFit()) {
        // Fit shows what the screen-sized decoding has: the next request decodes no more.
        m_wantFull = false;
        return;
    }
    if (m_wantFull || !(m_before->wantsFullSize() || m_after->wantsFullSize())) {
        return;
    }
    m_wantFull = true;
    // Shown and idle, or a request in flight, which decodes less than the zoom needs.
    if ((!m_shownInput.isEmpty() && !m_making) || (m_making && m_cancel)) {
        schedule(0);
    }
}

void PreviewPane::present(const Outcome& outcome)
{
    if (outcome.id != m_requests || !m_cancel) {
        return; // a newer request (or a cancel) came since
    }
    m_cancel.reset();
    m_making = false;
    takeFolderImages(outcome);
    updateNavigation();
    clearImages();
    if (outcome.error) {
        showError(fileName(outcome.input), displayText(*outcome.error));
        emit previewShown();
        return;
    }
    const Preview& preview = outcome.preview;
    const JobReport& report = preview.report;
    m_shownInput = toQString(report.input);
    m_hasFullOriginal = !outcome.before.full.isNull();
    const QSizeF original = upright(report.inputSize, outcome.before.fit);
    describeOriginal(outcome, original);
    // The scene both sides are drawn in: the output's pixels, or the original's when there is no
    // output to show.
    QSizeF scene = original;
    QTransform originalMap;
    QStringList notes;
    QString problem;
    bool fault = false; ///< the problem is a failure, not a rule of the settings
    if (outcome.shown >= report.outputs.size()) {
        // Failed before its outputs were named (the planner could not read it).
        if (report.error) {
            fault = true;
            problem = tr("Cannot preview %1: %2")
                          .arg(fileName(report.input), displayText(*report.error));
        }
    } else {
        const OutputReport& out = report.outputs[outcome.shown];
        if (out.status == JobStatus::Ok && outcome.shown < preview.encoded.size()) {
            showOutput(outcome, original, scene, originalMap);
        } else if (out.error && out.status == JobStatus::Failed) {
            fault = true;
            problem
                = tr("Cannot preview %1: %2").arg(fileName(report.input), displayText(*out.error));
        } else if (out.error) {
            // Skipped by a rule (larger than the original, say): the settings' choice, no fault.
            problem = tr("The batch will not write %1: %2")
                          .arg(fileName(out.path), displayText(*out.error));
        }
        notes = notesOn(outcome);
    }
    if (!outcome.before.fit.isNull() && !original.isEmpty()) {
        m_before->setImages(outcome.before.fit, outcome.before.full, original, originalMap);
    }
    {
        // Told after the message below: a zoom that needs the full sizes asks for them then.
        const QSignalBlocker quiet(m_viewport);
        m_viewport->setScene(scene);
    }
    if (!problem.isEmpty()) {
        // One line says what went wrong; the notes of a result that is not there would only
        // contradict it.
        setTextTone(m_message, fault ? TextTone::Problem : TextTone::Normal);
        showMessage(problem);
    } else {
        showMessage(notes.join(QLatin1Char('\n')));
    }
    updateZoomControls();
    followZoom();
    emit previewShown();
}

void PreviewPane::describeOriginal(const Outcome& outcome, QSizeF original)
{
    const Preview& preview = outcome.preview;
    const JobReport& report = preview.report;
    if (report.inputSize.width > 0) {
        m_beforeInfo->setText(
            tr("Original: %1 \u00d7 %2 px, %3, %4")
                .arg(qRound(original.width()))
                .arg(qRound(original.height()))
                .arg(QString::fromLatin1(formatTitle(preview.inputFormat)),
                    JobLogModel::formatBytes(static_cast<qint64>(report.inputBytes))));
    }
}

void PreviewPane::takeFolderImages(const Outcome& outcome)
{
    if (outcome.images) {
        m_list = outcome.images;
        m_listSource = m_source;
        m_listSettings = m_settings;
        m_images.clear();
        for (const fs::path& path : *m_list) {
            m_images.append(toQString(path));
        }
        m_index = outcome.index;
        m_wanted = m_images.value(m_index);
    } else {
        m_list.reset();
        m_images.clear();
    }
}

void PreviewPane::showOutput(
    const Outcome& outcome, QSizeF original, QSizeF& scene, QTransform& originalMap)
{
    const Preview& preview = outcome.preview;
    const JobReport& report = preview.report;
    const OutputReport& out = report.outputs[outcome.shown];
    const auto& encoded = preview.encoded[outcome.shown];
    m_outputBytes = QByteArray(
        reinterpret_cast<const char*>(encoded.data()), static_cast<qsizetype>(encoded.size()));
    const QImage& seen = outcome.after.fit;
    const QSizeF output = !outcome.after.full.isNull() ? QSizeF(outcome.after.full.size())
                                                       : upright(out.outputSize, seen);
    if (!seen.isNull() && !output.isEmpty()) {
        const std::vector<OutputSize> sizes = m_settings.planOptions().sizes;
        const ResizeSpec& spec
            = outcome.shown < sizes.size() ? sizes[outcome.shown].spec : m_settings.spec;
        const bool crop = spec.mode == SizeMode::Fill && out.ifBigger != IfBigger::Copy;
        originalMap = originalToOutput(original, output, crop);
        scene = output;
        m_after->setImages(seen, outcome.after.full, output, QTransform());
    }
    const ImageFormat format
        = out.ifBigger == IfBigger::Copy ? preview.inputFormat : preview.outputFormat;
    QString info = tr("Output: %1 \u00d7 %2 px, %3, %4")
                       .arg(out.outputSize.width)
                       .arg(out.outputSize.height)
                       .arg(QString::fromLatin1(formatTitle(format)),
                           JobLogModel::formatBytes(static_cast<qint64>(out.bytes)));
    if (report.inputBytes > 0) {
        info += QLatin1Char(' ') + shareOfOriginal(out.bytes, report.inputBytes);
    }
    if (out.quality > 0) {
        info += QLatin1Char(' ') + tr("at quality %1").arg(out.quality);
    }
    m_afterInfo->setText(info);
}

QStringList PreviewPane::notesOn(const Outcome& outcome) const
{
    const Preview& preview = outcome.preview;
    const JobReport& report = preview.report;
    const OutputReport& out = report.outputs[outcome.shown];
    QStringList notes;
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
    return notes;
}

} // namespace dropsize::ui

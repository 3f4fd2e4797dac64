// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "preview_image_view.h"

#include <QMouseEvent>
#include <QPainter>
#include <QWheelEvent>
#include <algorithm>
#include <cmath>
#include <utility>

namespace dropsize::ui {

void PreviewViewport::setScene(QSizeF outputSize)
{
    if (outputSize == m_scene) {
        return;
    }
    const QPointF fraction = m_scene.isEmpty()
        ? QPointF(0.5, 0.5)
        : QPointF(m_centre.x() / m_scene.width(), m_centre.y() / m_scene.height());
    m_scene = outputSize;
    m_centre = QPointF(fraction.x() * m_scene.width(), fraction.y() * m_scene.height());
    clampCentre();
    emit changed();
}

void PreviewViewport::setViewSize(int view, QSizeF logicalSize, qreal devicePixelRatio)
{
    const std::size_t i = view == 0 ? 0 : 1;
    if (m_views[i] == logicalSize && m_ratio == devicePixelRatio) {
        return;
    }
    m_views[i] = logicalSize;
    m_ratio = devicePixelRatio > 0 ? devicePixelRatio : 1.0;
    clampCentre();
    emit changed();
}

QSizeF PreviewViewport::viewSize() const
{
    QSizeF size;
    for (const QSizeF& view : m_views) {
        if (view.isEmpty()) {
            continue;
        }
        size = size.isEmpty() ? view : size.boundedTo(view);
    }
    return size.isEmpty() ? QSizeF(1, 1) : size;
}

double PreviewViewport::fitZoom() const
{
    if (m_scene.isEmpty()) {
        return 1.0;
    }
    const QSizeF view = viewSize() * m_ratio;
    // Never enlarged: a small output is shown at its size (the zoom buttons enlarge it).
    return std::min({ 1.0, view.width() / m_scene.width(), view.height() / m_scene.height() });
}

double PreviewViewport::zoom() const { return m_fit ? fitZoom() : m_zoom; }

void PreviewViewport::setFit()
{
    m_fit = true;
    m_centre = QPointF(m_scene.width() / 2, m_scene.height() / 2);
    emit changed();
}

void PreviewViewport::setZoom(double zoom) { setZoom(zoom, viewCentre()); }

void PreviewViewport::setZoom(double zoom, QPointF anchor)
{
    const QPointF under = toScene(anchor);
    // Zooming out stops at Fit's zoom: smaller shows nothing more.
    const double least = std::min(fitZoom(), 1.0);
    m_zoom = std::clamp(zoom, least, kMaxZoom);
    m_fit = false;
    // The point under the anchor stays under it.
    m_centre = under - (anchor - viewCentre()) / scale();
    clampCentre();
    emit changed();
}

void PreviewViewport::zoomBy(double factor) { zoomBy(factor, viewCentre()); }

void PreviewViewport::zoomBy(double factor, QPointF anchor)
{
    const double from = zoom();
    double to = from * factor;
    // Steps pass through 100 % on their way, whatever zoom they started from.
    if ((from < 1.0 && to > 1.0) || (from > 1.0 && to < 1.0)) {
        to = 1.0;
    }
    setZoom(to, anchor);
}

void PreviewViewport::panBy(QPointF delta)
{
    if (m_fit) {
        // Moving the photo leaves Fit at its zoom (there may be nothing to move).
        m_zoom = fitZoom();
        m_fit = false;
    }
    m_centre -= delta / scale();
    clampCentre();
    emit changed();
}

QPointF PreviewViewport::viewCentre() const
{
    // Whole pixels, so that two views a pixel apart in size put the scene at the same place.
    const QSizeF view = viewSize();
    return { std::floor(view.width() / 2), std::floor(view.height() / 2) };
}

QPointF PreviewViewport::toView(QPointF scenePoint) const
{
    return (scenePoint - m_centre) * scale() + viewCentre();
}

QPointF PreviewViewport::toScene(QPointF viewPoint) const
{
    return (viewPoint - viewCentre()) / scale() + m_centre;
}

void PreviewViewport::clampCentre()
{
    if (m_fit || m_scene.isEmpty()) {
        m_centre = QPointF(m_scene.width() / 2, m_scene.height() / 2);
        return;
    }
    const QSizeF view = viewSize();
    const QPointF origin = viewCentre();
    const double s = scale();
    const auto clampAxis = [s](double centre, double scene, double viewSide, double originAt) {
        if (scene * s <= viewSide) {
            return scene / 2;
        }
        return std::clamp(centre, originAt / s, scene - (viewSide - originAt) / s);
    };
    m_centre = QPointF(clampAxis(m_centre.x(), m_scene.width(), view.width(), origin.x()),
        clampAxis(m_centre.y(), m_scene.height(), view.height(), origin.y()));
}

PreviewImageView::PreviewImageView(PreviewViewport* viewport, int slot, QWidget* parent)
    : QWidget(parent)
    , m_viewport(viewport)
    , m_slot(slot)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    // The pane's buttons and keys zoom and move it; a click here gives the pane the keys.
    setFocusPolicy(Qt::ClickFocus);
    setCursor(Qt::OpenHandCursor);
    connect(m_viewport, &PreviewViewport::changed, this, qOverload<>(&QWidget::update));
}

void PreviewImageView::setImages(QImage fit, QImage full, QSizeF fullSize, QTransform toScene)
{
    m_fit = std::move(fit);
    m_full = std::move(full);
    m_fullSize = fullSize;
    m_toScene = toScene;
    m_placeholder.clear();
    update();
}

void PreviewImageView::clear(const QString& placeholder)
{
    m_fit = QImage();
    m_full = QImage();
    m_fullSize = QSizeF();
    m_toScene = QTransform();
    m_placeholder = placeholder;
    update();
}

QPointF PreviewImageView::toView(QPointF imagePoint) const
{
    return m_viewport->toView(m_toScene.map(imagePoint));
}

bool PreviewImageView::wantsFullSize() const
{
    if (m_fit.isNull() || !m_full.isNull() || m_fullSize.isEmpty()
        || m_fit.width() >= m_fullSize.width()) {
        return false;
    }
    // Device pixels per pixel of the full-size image, and per pixel of the one decoded.
    const double drawn = m_viewport->zoom() * m_toScene.m11();
    const double decoded = m_fit.width() / m_fullSize.width();
    return drawn > decoded * 1.05;
}

QSize PreviewImageView::sizeHint() const { return { 320, 240 }; }
QSize PreviewImageView::minimumSizeHint() const { return { 96, 64 }; }

void PreviewImageView::tellSize()
{
    m_viewport->setViewSize(m_slot, QSizeF(size()), devicePixelRatioF());
}

void PreviewImageView::resizeEvent(QResizeEvent* event)
{
    QWidget::resizeEvent(event);
    tellSize();
}

void PreviewImageView::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    tellSize(); // the ratio of the screen it is on
}

void PreviewImageView::paintEvent(QPaintEvent* /*event*/)
{
    QPainter painter(this);
    painter.fillRect(rect(), palette().base());
    if (m_fit.isNull()) {
        // The palette's text on its base: a placeholder colour may be too faint to read.
        painter.setPen(palette().text().color());
        painter.drawText(
            rect().adjusted(4, 4, -4, -4), Qt::AlignCenter | Qt::TextWordWrap, m_placeholder);
        return;
    }
    // Where the whole image falls in the view, and the part of it that is the output's (the
    // original is cut to the output's crop, so that both sides show the same area).
    const QRectF placed(
        toView(QPointF(0, 0)), toView(QPointF(m_fullSize.width(), m_fullSize.height())));
    const QSizeF scene = m_viewport->scene();
    const QRectF frame(m_viewport->toView(QPointF(0, 0)),
        m_viewport->toView(QPointF(scene.width(), scene.height())));
    const QRectF visible = placed.intersected(frame).intersected(QRectF(rect()));
    if (visible.isEmpty() || placed.isEmpty()) {
        return;
    }
    const double drawn = m_viewport->zoom() * m_toScene.m11();
    const bool sharper = !m_full.isNull() && drawn > m_fit.width() / m_fullSize.width();
    const QImage& image = sharper ? m_full : m_fit;
    const double sx = image.width() / placed.width();
    const double sy = image.height() / placed.height();
    const QRectF source((visible.left() - placed.left()) * sx, (visible.top() - placed.top()) * sy,
        visible.width() * sx, visible.height() * sy);
    // Smoothed while shrinking; from 200 % up each pixel is shown as a square, to be judged.
    painter.setRenderHint(QPainter::SmoothPixmapTransform, sx / devicePixelRatioF() > 0.5);
    painter.drawImage(visible, image, source);
}

void PreviewImageView::mousePressEvent(QMouseEvent* event)
{
    if (event->button() == Qt::LeftButton && hasImage()) {
        m_dragging = true;
        m_dragFrom = event->position();
        setCursor(Qt::ClosedHandCursor);
    }
    QWidget::mousePressEvent(event);
}

void PreviewImageView::mouseMoveEvent(QMouseEvent* event)
{
    if (!m_dragging || !(event->buttons() & Qt::LeftButton)) {
        QWidget::mouseMoveEvent(event);
        return;
    }
    const QPointF now = event->position();
    m_viewport->panBy(now - m_dragFrom);
    m_dragFrom = now;
}

void PreviewImageView::mouseReleaseEvent(QMouseEvent* event)
{
    m_dragging = false;
    setCursor(Qt::OpenHandCursor);
    QWidget::mouseReleaseEvent(event);
}

void PreviewImageView::wheelEvent(QWheelEvent* event)
{
    if (!hasImage()) {
        event->ignore();
        return;
    }
    const QPoint angle = event->angleDelta();
    const bool zooms = (event->modifiers() & Qt::ControlModifier)
        || (event->pixelDelta().isNull() && !(event->modifiers() & Qt::ShiftModifier)
            && angle.x() == 0);
    if (zooms) {
        // A notch (120) is one step; a finer wheel gives a part of one.
        m_viewport->zoomBy(std::pow(PreviewViewport::kStep, angle.y() / 120.0), event->position());
    } else if (!event->pixelDelta().isNull()) {
        m_viewport->panBy(
            QPointF(event->pixelDelta())); // a touchpad: the photo follows the fingers
    } else {
        QPointF step = QPointF(angle) / 120.0 * 48.0;
        if ((event->modifiers() & Qt::ShiftModifier) && step.x() == 0) {
            step = QPointF(step.y(), 0);
        }
        m_viewport->panBy(step);
    }
    event->accept();
}

} // namespace dropsize::ui

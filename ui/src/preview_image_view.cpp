// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "preview_image_view.h"

#include <QMouseEvent>
#include <QPainter>
#include <algorithm>
#include <utility>

namespace dropsize::ui {

PreviewImageView::PreviewImageView(QWidget* parent)
    : QWidget(parent)
{
    setSizePolicy(QSizePolicy::Expanding, QSizePolicy::Expanding);
    setFocusPolicy(Qt::NoFocus); // nothing to do by keyboard: the pane's controls have it
}

void PreviewImageView::setImages(QImage fit, QImage full)
{
    m_fit = std::move(fit);
    m_full = std::move(full);
    update();
}

void PreviewImageView::clear(const QString& placeholder)
{
    m_fit = QImage();
    m_full = QImage();
    m_placeholder = placeholder;
    update();
}

void PreviewImageView::setOneToOne(bool on)
{
    m_oneToOne = on;
    setCursor(on ? Qt::OpenHandCursor : Qt::ArrowCursor);
    update();
}

void PreviewImageView::setFocusPoint(QPointF focus)
{
    m_focus = QPointF(std::clamp(focus.x(), 0.0, 1.0), std::clamp(focus.y(), 0.0, 1.0));
    update();
}

void PreviewImageView::setOnFocusDragged(std::function<void(QPointF)> onDragged)
{
    m_onDragged = std::move(onDragged);
}

QSize PreviewImageView::sizeHint() const { return { 240, 160 }; }
QSize PreviewImageView::minimumSizeHint() const { return { 96, 64 }; }

void PreviewImageView::paintEvent(QPaintEvent* /*event*/)
{
    QPainter painter(this);
    painter.fillRect(rect(), palette().base());
    const QImage& image = m_oneToOne ? oneToOneImage() : m_fit;
    if (image.isNull()) {
        painter.setPen(palette().placeholderText().color());
        painter.drawText(
            rect().adjusted(4, 4, -4, -4), Qt::AlignCenter | Qt::TextWordWrap, m_placeholder);
        return;
    }
    if (m_oneToOne) {
        // The region of the image around the focus point, at one image pixel per device pixel.
        const qreal ratio = devicePixelRatioF();
        const QSizeF view = QSizeF(size()) * ratio;
        QRectF source(QPointF(0, 0), view);
        source.moveCenter(QPointF(m_focus.x() * image.width(), m_focus.y() * image.height()));
        source.moveLeft(
            std::clamp(source.left(), 0.0, std::max(0.0, image.width() - view.width())));
        source.moveTop(
            std::clamp(source.top(), 0.0, std::max(0.0, image.height() - view.height())));
        source = source.intersected(QRectF(image.rect()));
        QRectF target(QPointF(0, 0), source.size() / ratio);
        target.moveCenter(QRectF(rect()).center());
        painter.drawImage(target, image, source);
        return;
    }
    QSizeF shown = QSizeF(image.size()) / devicePixelRatioF();
    if (shown.width() > width() || shown.height() > height()) {
        shown.scale(QSizeF(size()), Qt::KeepAspectRatio);
    }
    QRectF target(QPointF(0, 0), shown);
    target.moveCenter(QRectF(rect()).center());
    painter.setRenderHint(QPainter::SmoothPixmapTransform);
    painter.drawImage(target, image);
}

void PreviewImageView::mousePressEvent(QMouseEvent* event)
{
    m_dragFrom = event->position().toPoint();
    QWidget::mousePressEvent(event);
}

void PreviewImageView::mouseMoveEvent(QMouseEvent* event)
{
    const QImage& image = oneToOneImage();
    if (!m_oneToOne || image.isNull() || !(event->buttons() & Qt::LeftButton)) {
        QWidget::mouseMoveEvent(event);
        return;
    }
    // Dragging moves the image under the pointer: the focus goes the other way.
    const QPoint now = event->position().toPoint();
    const QPointF moved = QPointF(now - m_dragFrom) * devicePixelRatioF();
    m_dragFrom = now;
    setFocusPoint(m_focus - QPointF(moved.x() / image.width(), moved.y() / image.height()));
    if (m_onDragged) {
        m_onDragged(m_focus);
    }
}

} // namespace dropsize::ui

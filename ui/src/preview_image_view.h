// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include <QImage>
#include <QPointF>
#include <QString>
#include <QWidget>
#include <functional>

namespace dropsize::ui {

/// One side of the preview: an image scaled down to fit (never up: a small output is shown at
/// its size), or at 100 % around a focus point given as a fraction of the image (0.5, 0.5: the
/// centre), which dragging moves. Draws the placeholder text when it has no image.
class PreviewImageView : public QWidget {
public:
    explicit PreviewImageView(QWidget* parent = nullptr);

    /// `fit`: what is scaled to fit; `full`: the same image at its full size, for 1:1 (null: 1:1
    /// shows `fit` at 100 %).
    void setImages(QImage fit, QImage full);
    void clear(const QString& placeholder);
    void setOneToOne(bool on);
    void setFocusPoint(QPointF focus);
    QPointF focusPoint() const noexcept { return m_focus; }
    /// Called with the new focus point while the user drags the image at 1:1.
    void setOnFocusDragged(std::function<void(QPointF)> onDragged);

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;

private:
    const QImage& oneToOneImage() const { return m_full.isNull() ? m_fit : m_full; }

    QImage m_fit;
    QImage m_full;
    QString m_placeholder;
    bool m_oneToOne = false;
    QPointF m_focus { 0.5, 0.5 };
    QPoint m_dragFrom;
    std::function<void(QPointF)> m_onDragged;
};

} // namespace dropsize::ui

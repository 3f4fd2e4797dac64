// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include <QImage>
#include <QObject>
#include <QPointF>
#include <QRectF>
#include <QSizeF>
#include <QString>
#include <QTransform>
#include <QWidget>
#include <array>

namespace dropsize::ui {

/// The zoom and the place shown, one for both sides of the preview, so that they show the same
/// area of the photo at the same size. Places are in the output's pixels (the "scene"): the
/// output is drawn as it is, the original is mapped into them (PreviewImageView). The zoom is
/// in device pixels per output pixel: 1 is 100 % of the output. Fit shows the whole output in
/// the view, never enlarged.
class PreviewViewport : public QObject {
    Q_OBJECT
public:
    using QObject::QObject;

    static constexpr double kMaxZoom = 16.0;
    static constexpr double kStep = 1.25; ///< a wheel notch or a button press

    /// The output's size. A zoom chosen stays (Fit stays Fit), and so does the point at the
    /// centre, as a fraction of the output: the next image, or new settings, show the same part.
    void setScene(QSizeF outputSize);
    QSizeF scene() const noexcept { return m_scene; }
    /// Each view tells its size: the smaller is used, so that both have the same geometry.
    void setViewSize(int view, QSizeF logicalSize, qreal devicePixelRatio);

    bool isFit() const noexcept { return m_fit; }
    /// The zoom in effect (Fit's, when fitting).
    double zoom() const;
    double fitZoom() const;
    void setFit();
    /// Zooms keeping the scene point under `anchor` (view coordinates) where it is; without an
    /// anchor, around the centre of the view.
    void setZoom(double zoom);
    void setZoom(double zoom, QPointF anchor);
    void zoomBy(double factor, QPointF anchor);
    void zoomBy(double factor);
    /// Moves the scene by `delta` logical pixels, as a drag does.
    void panBy(QPointF delta);

    /// A scene point in view coordinates (logical pixels), and back.
    QPointF toView(QPointF scenePoint) const;
    QPointF toScene(QPointF viewPoint) const;
    QPointF viewCentre() const;
    qreal devicePixelRatio() const noexcept { return m_ratio; }

signals:
    void changed();

private:
    /// Logical pixels per scene pixel.
    double scale() const { return zoom() / m_ratio; }
    QSizeF viewSize() const;
    /// Keeps the scene in view: centred on an axis where it fits, edge to edge where it does not.
    void clampCentre();

    QSizeF m_scene;
    std::array<QSizeF, 2> m_views;
    qreal m_ratio = 1.0;
    bool m_fit = true;
    double m_zoom = 1.0;
    QPointF m_centre; ///< the scene point at the centre of the views
};

/// One side of the preview: an image drawn where the viewport puts the scene, through a map of
/// its own pixels into the scene's (the output's is the identity; the original's scales it down
/// to the output's size, and offsets it where the output is a crop). Dragging pans, the wheel
/// zooms (or pans, for a touchpad or with Shift). Draws the placeholder text when it has no
/// image.
class PreviewImageView : public QWidget {
public:
    /// `slot`: 0 or 1, which of the viewport's two views this is.
    PreviewImageView(PreviewViewport* viewport, int slot, QWidget* parent = nullptr);

    /// `fit`: the image decoded for the screen; `full`: the same at its full size (null unless
    /// decoded); `fullSize`: its full size; `toScene`: maps its full-size pixels into the scene
    /// (a scale and an offset).
    void setImages(QImage fit, QImage full, QSizeF fullSize, QTransform toScene);
    void clear(const QString& placeholder);
    bool hasImage() const noexcept { return !m_fit.isNull(); }
    QString placeholder() const { return m_placeholder; }
    /// Where a pixel of the full-size image is drawn, in this widget's coordinates.
    QPointF toView(QPointF imagePoint) const;
    /// Whether the zoom magnifies the image decoded for the screen (and there is more detail to
    /// show): the full size would draw it sharper.
    bool wantsFullSize() const;

    QSize sizeHint() const override;
    QSize minimumSizeHint() const override;

protected:
    void paintEvent(QPaintEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void showEvent(QShowEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;

private:
    void tellSize();

    PreviewViewport* m_viewport;
    int m_slot;
    QImage m_fit;
    QImage m_full;
    QSizeF m_fullSize;
    QTransform m_toScene;
    QString m_placeholder;
    QPointF m_dragFrom;
    bool m_dragging = false;
};

} // namespace dropsize::ui

// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/core/cancel_token.h"
#include "dropsize/ui/batch_settings.h"

#include <QByteArray>
#include <QImage>
#include <QString>
#include <QStringList>
#include <QThreadPool>
#include <QTimer>
#include <QWidget>
#include <filesystem>
#include <memory>
#include <vector>

class QComboBox;
class QGridLayout;
class QHBoxLayout;
class QLabel;
class QToolButton;
class QTransform;

namespace dropsize::ui {

class PreviewImageView;
class PreviewViewport;

/// The selected image before and after the current settings, side by side at the same scale over
/// the same area of the photo: the original is drawn at the output's scale (and cut to its crop),
/// so that a point of the photo is at the same place on both sides. Fit, 100 % of the output,
/// zooming and panning act on both sides at once. Under them, the original's and the output's
/// pixel size, format and byte size, and the note or the one error the batch would report. For
/// a folder, any of its images, in the batch's order, can be picked. The output is made by the
/// engine's preview (core's makePreview()), byte for byte what the batch writes, on a thread of
/// this pane's own pool. A new image or new settings cancel the preview being made; a result
/// that arrives for an earlier request is dropped. A hidden pane makes nothing.
class PreviewPane : public QWidget {
    Q_OBJECT
public:
    explicit PreviewPane(QWidget* parent = nullptr);
    ~PreviewPane() override;

    /// The input to show: an image file, or a folder (its first image, as the batch takes them,
    /// until another is picked); empty: nothing.
    void setSource(const QString& path);
    QString source() const { return m_source; }
    void setSettings(const BatchSettings& settings);

    /// A folder's images, in the order the batch takes them, once the folder is read (the
    /// preview reads it off this thread); empty for a file.
    QStringList folderImages() const { return m_images; }
    /// Which of folderImages() is shown or asked for; -1 when the source is not a folder.
    int imageIndex() const noexcept { return m_images.isEmpty() ? -1 : m_index; }
    /// Previews the folder's image at `index` (kept within the list); nothing for a file.
    void showImage(int index);
    void showNextImage() { showImage(imageIndex() + 1); }
    void showPreviousImage() { showImage(imageIndex() - 1); }

    /// The zoom both sides are shown at, in screen pixels per pixel of the output: 1 is 100 %.
    double zoom() const;
    bool isFit() const;
    void zoomToFit();
    /// 1 is 100 % of the output.
    void setZoom(double zoom);

    // For tests: what is shown, and how the requests went.
    /// The bytes of the output shown, as the batch would write them; empty when there are none.
    QByteArray outputBytes() const { return m_outputBytes; }
    /// The image that is shown (for a folder, its first image); empty before a result.
    QString shownInput() const { return m_shownInput; }
    /// The line under the images: the notes, the one error, or "Making the preview…".
    QString message() const;
    /// Whether the original shown was decoded at full size too, for a zoom its screen-sized
    /// decoding is too coarse for.
    bool hasFullSize() const noexcept { return m_hasFullOriginal; }
    /// True from a request until its result (or its error) is shown.
    bool isMaking() const noexcept { return m_making; }
    /// Requests made so far, and those stopped by a newer one before their result came.
    quint64 requestCount() const noexcept { return m_requests; }
    quint64 cancelledCount() const noexcept { return m_cancelled; }

signals:
    /// A result, an error or nothing was shown.
    void previewShown();

protected:
    void showEvent(QShowEvent* event) override;
    void hideEvent(QHideEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    struct Outcome;
    /// What one request asks for, copied for the pool's thread.
    struct Request;

    /// The zoom's buttons and label, and the size to preview, on one row (not yet laid out).
    QHBoxLayout* buildZoomBar(QWidget* box);
    /// Previous, the folder's image and Next, shown only for a folder.
    void buildNavigation(QWidget* box);
    /// The two images side by side, each with its line of sizes under it (not yet laid out).
    QGridLayout* buildImages(QWidget* box);
    /// The zoom's and the folder's keys, acting while the focus is in the pane.
    void addKeys();
    /// The zoom's and the folder's buttons, the views' zoom and the size to preview.
    void connectControls();

    /// Stops the request in flight and makes a new one after `delayMs` (typing in a box changes
    /// the settings at every key: they wait a little for the next).
    void schedule(int delayMs = kSettingsDelayMs);
    static constexpr int kSettingsDelayMs = 120;
    void request();
    /// Makes what `request` asks for, on a thread of the pool; it may throw (request() catches).
    static Outcome makeOutcome(const Request& request);
    /// A folder's images (read unless known) and the one to preview; false if it cannot be read.
    static bool pickFolderImage(const Request& request, Outcome& outcome, PlanOptions& options);
    void cancelInFlight();
    void present(const Outcome& outcome);
    /// The original's line: its upright pixel size, format and bytes.
    void describeOriginal(const Outcome& outcome, QSizeF original);
    /// Keeps the folder's images `outcome` read (or forgets the last folder's, for a file).
    void takeFolderImages(const Outcome& outcome);
    /// Shows the output made and its line; the scene and the original's map become the output's.
    void showOutput(
        const Outcome& outcome, QSizeF original, QSizeF& scene, QTransform& originalMap);
    /// The notes the batch would give the output shown (already there, notes, warnings).
    QStringList notesOn(const Outcome& outcome) const;
    void clearImages();
    /// The line under the images (the note, the error, "Making the preview…"); hidden when empty.
    void showMessage(const QString& text);
    /// Shows the error as the one line under the images, naming the file.
    void showError(const QString& name, const QString& reason);
    void updateNavigation();
    void updateZoomControls();
    /// Asks for the full-size images when the zoom needs them, and stops asking at Fit.
    void followZoom();
    /// How large the sides are decoded for the screen: the views' size, within limits.
    int screenSide() const;

    BatchSettings m_settings;
    QString m_source;
    QTimer m_delay;
    quint64 m_requests = 0;
    quint64 m_cancelled = 0;
    bool m_making = false;
    std::shared_ptr<CancelToken> m_cancel; ///< the request in flight
    QByteArray m_outputBytes;
    QString m_shownInput;
    /// Whether the result shown has the original at its full size (decoded only when zoomed in).
    bool m_hasFullOriginal = false;
    /// Whether requests decode the full sizes: the zoom asked for them.
    bool m_wantFull = false;

    // A folder's images, as its last request read them, for the source and settings they were
    // read with (new settings may take other files: they are read again).
    std::shared_ptr<const std::vector<std::filesystem::path>> m_list;
    QString m_listSource;
    BatchSettings m_listSettings;
    QStringList m_images; ///< m_list, for showing
    int m_index = 0; ///< the image of the folder asked for
    QString m_wanted; ///< that image's path: kept when new settings read the folder again

    QComboBox* m_size = nullptr;
    QLabel* m_sizeLabel = nullptr;
    QToolButton* m_oneToOne = nullptr; ///< 100 %
    QToolButton* m_fit = nullptr;
    QToolButton* m_zoomIn = nullptr;
    QToolButton* m_zoomOut = nullptr;
    QLabel* m_zoomLabel = nullptr;
    QWidget* m_navigation = nullptr;
    QToolButton* m_previous = nullptr;
    QToolButton* m_next = nullptr;
    QLabel* m_position = nullptr;
    QString m_positionText; ///< m_position's whole text, which the label elides
    PreviewViewport* m_viewport = nullptr;
    PreviewImageView* m_before = nullptr;
    PreviewImageView* m_after = nullptr;
    QLabel* m_beforeInfo = nullptr;
    QLabel* m_afterInfo = nullptr;
    QLabel* m_message = nullptr;
    QThreadPool m_pool;
};

} // namespace dropsize::ui

// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#pragma once

#include "dropsize/core/cancel_token.h"
#include "dropsize/ui/batch_settings.h"

#include <QByteArray>
#include <QImage>
#include <QString>
#include <QThreadPool>
#include <QTimer>
#include <QWidget>
#include <memory>

class QAction;
class QComboBox;
class QLabel;
class QToolButton;

namespace dropsize::ui {

class PreviewImageView;

/// The selected image before and after the current settings, side by side: scaled to fit, or
/// the same region of both at 100 % (1:1), with the original's and the output's pixel size,
/// format and byte size, and the note or error the batch would report. The output is made by
/// the engine's preview (core's makePreview()), byte for byte what the batch writes, on a thread
/// of this pane's own pool. A new image or new settings cancel the preview being made; a result
/// that arrives for an earlier request is dropped. A hidden pane makes nothing.
class PreviewPane : public QWidget {
    Q_OBJECT
public:
    explicit PreviewPane(QWidget* parent = nullptr);
    ~PreviewPane() override;

    /// The input to show: an image file, or a folder (its first image, as the batch takes them);
    /// empty: nothing.
    void setSource(const QString& path);
    QString source() const { return m_source; }
    void setSettings(const BatchSettings& settings);
    /// A checkable action that shows and hides the pane, for a menu.
    QAction* toggleAction() const noexcept { return m_toggle; }

    // For tests: what is shown, and how the requests went.
    /// The bytes of the output shown, as the batch would write them; empty when there are none.
    QByteArray outputBytes() const { return m_outputBytes; }
    /// The image that is shown (for a folder, its first image); empty before a result.
    QString shownInput() const { return m_shownInput; }
    /// The line under the images: the note, the error, or "Making the preview…".
    QString message() const;
    /// Whether the original shown was decoded at full size too, for 1:1.
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

private:
    struct Outcome;

    /// Stops the request in flight and makes a new one after `delayMs` (typing in a box changes
    /// the settings at every key: they wait a little for the next).
    void schedule(int delayMs = kSettingsDelayMs);
    static constexpr int kSettingsDelayMs = 120;
    void request();
    void cancelInFlight();
    void present(const Outcome& outcome);
    void clearImages();

    BatchSettings m_settings;
    QString m_source;
    QTimer m_delay;
    quint64 m_requests = 0;
    quint64 m_cancelled = 0;
    bool m_making = false;
    std::shared_ptr<CancelToken> m_cancel; ///< the request in flight
    QByteArray m_outputBytes;
    QString m_shownInput;
    /// Whether the result shown has the original at its full size (decoded only for 1:1).
    bool m_hasFullOriginal = false;

    QAction* m_toggle = nullptr;
    QComboBox* m_size = nullptr;
    QLabel* m_sizeLabel = nullptr;
    QToolButton* m_oneToOne = nullptr;
    PreviewImageView* m_before = nullptr;
    PreviewImageView* m_after = nullptr;
    QLabel* m_beforeInfo = nullptr;
    QLabel* m_afterInfo = nullptr;
    QLabel* m_message = nullptr;
    QThreadPool m_pool;
};

} // namespace dropsize::ui

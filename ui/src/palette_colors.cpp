// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "palette_colors.h"

#include <QEvent>
#include <QLabel>
#include <QLineEdit>
#include <algorithm>
#include <cmath>
#include <utility>

namespace dropsize::ui {

namespace {

    // WCAG 2's relative luminance: the sRGB channels linearised, weighted by how bright each
    // looks.
    double relativeLuminance(const QColor& c)
    {
        const auto linear = [](double v) {
            return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4);
        };
        const QColor rgb = c.toRgb();
        return 0.2126 * linear(rgb.redF()) + 0.7152 * linear(rgb.greenF())
            + 0.0722 * linear(rgb.blueF());
    }

    // The colours chosen by hand: Material's error and amber tones, a deep one for light
    // backgrounds and a pale one for dark ones. readableOn() then makes sure of the contrast on
    // the palette actually in use (a theme's window colour may be anything).
    const QColor kProblemOnLight(0xb0, 0x00, 0x20);
    const QColor kProblemOnDark(0xff, 0x8a, 0x80);
    const QColor kWarningOnLight(0x8a, 0x5a, 0x00);
    const QColor kWarningOnDark(0xff, 0xc1, 0x4d);

    constexpr const char* kToneProperty = "dropsizeTextTone";
    constexpr const char* kKeeperName = "dropsizeToneKeeper";

    QColor toneColor(TextTone tone, const QPalette& palette)
    {
        switch (tone) {
        case TextTone::Problem:
            return problemColor(palette);
        case TextTone::Warning:
            return warningColor(palette);
        case TextTone::Normal:
            break;
        }
        return palette.color(QPalette::WindowText);
    }

    // Colours a label in its tone again whenever its palette changes. The palette's own colours
    // are not enough: a theme has no "error" role, and a fixed red is unreadable on a dark window.
    class ToneKeeper : public QObject {
    public:
        explicit ToneKeeper(QLabel* label)
            : QObject(label)
            , m_label(label)
        {
            setObjectName(QLatin1String(kKeeperName));
            label->installEventFilter(this);
        }

        void apply()
        {
            const auto tone = static_cast<TextTone>(m_label->property(kToneProperty).toInt());
            // The background is the parent's: the label draws none of its own, and its own
            // palette holds the colour set here.
            const QWidget* under = m_label->parentWidget();
            const QPalette background = under != nullptr ? under->palette() : m_label->palette();
            QPalette palette = m_label->palette();
            const QColor colour = toneColor(tone, background);
            if (palette.color(QPalette::WindowText) == colour
                && palette.color(QPalette::Link) == colour) {
                return; // setting it again would only come back here
            }
            palette.setColor(QPalette::WindowText, colour);
            palette.setColor(QPalette::Link, colour);
            m_applying = true;
            m_label->setPalette(palette);
            m_applying = false;
        }

    protected:
        bool eventFilter(QObject* watched, QEvent* event) override
        {
            if (watched == m_label && !m_applying
                && (event->type() == QEvent::PaletteChange
                    || event->type() == QEvent::ParentChange)) {
                apply();
            }
            return QObject::eventFilter(watched, event);
        }

    private:
        QLabel* m_label;
        bool m_applying = false;
    };

    class PaletteFollower : public QObject {
    public:
        PaletteFollower(QWidget* widget, std::function<void(const QPalette&)> apply)
            : QObject(widget)
            , m_widget(widget)
            , m_apply(std::move(apply))
        {
            widget->installEventFilter(this);
            m_apply(widget->palette());
        }

    protected:
        bool eventFilter(QObject* watched, QEvent* event) override
        {
            if (watched == m_widget && event->type() == QEvent::PaletteChange) {
                m_apply(m_widget->palette());
            }
            return QObject::eventFilter(watched, event);
        }

    private:
        QWidget* m_widget;
        std::function<void(const QPalette&)> m_apply;
    };

} // namespace

void followPalette(QWidget* widget, std::function<void(const QPalette&)> apply)
{
    new PaletteFollower(widget, std::move(apply));
}

double contrastRatio(const QColor& a, const QColor& b)
{
    const double la = relativeLuminance(a);
    const double lb = relativeLuminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

bool isDarkPalette(const QPalette& palette)
{
    return palette.color(QPalette::Window).lightnessF() < 0.5;
}

QColor readableOn(const QColor& wanted, const QColor& background, double ratio)
{
    // Towards black on a light background, towards white on a dark one, in small steps of HSL
    // lightness, so the hue stays. Black or white always reaches 4.5:1 against one of them.
    const bool darkBackground = background.lightnessF() < 0.5;
    QColor c = wanted.toHsl();
    for (int step = 0; step < 100 && contrastRatio(c, background) < ratio; ++step) {
        const double lightness = std::clamp(
            static_cast<double>(c.lightnessF()) + (darkBackground ? 0.01 : -0.01), 0.0, 1.0);
        c.setHslF(c.hslHueF(), c.hslSaturationF(), static_cast<float>(lightness));
    }
    return c.toRgb();
}

QColor problemColor(const QPalette& palette)
{
    const QColor window = palette.color(QPalette::Window);
    return readableOn(isDarkPalette(palette) ? kProblemOnDark : kProblemOnLight, window);
}

QColor warningColor(const QPalette& palette)
{
    const QColor window = palette.color(QPalette::Window);
    return readableOn(isDarkPalette(palette) ? kWarningOnDark : kWarningOnLight, window);
}

void setTextTone(QLabel* label, TextTone tone)
{
    label->setProperty(kToneProperty, static_cast<int>(tone));
    // Found by name: ToneKeeper has no meta-object of its own for findChild() to tell it by.
    auto* keeper = static_cast<ToneKeeper*>(
        label->findChild<QObject*>(QLatin1String(kKeeperName), Qt::FindDirectChildrenOnly));
    if (tone == TextTone::Normal) {
        if (keeper != nullptr) {
            delete keeper;
            label->setPalette(QPalette()); // the parent's colours again
        }
        return;
    }
    if (keeper == nullptr) {
        keeper = new ToneKeeper(label);
    }
    keeper->apply();
}

void keepPlaceholdersReadable(QWidget* root)
{
    followPalette(root, [root](const QPalette& palette) {
        const QColor readable
            = readableOn(palette.color(QPalette::PlaceholderText), palette.color(QPalette::Base));
        for (QLineEdit* edit : root->findChildren<QLineEdit*>()) {
            if (edit->placeholderText().isEmpty()) {
                continue;
            }
            // That one colour alone: the others keep following the parents.
            QPalette own;
            own.setColor(QPalette::PlaceholderText, readable);
            edit->setPalette(own);
        }
    });
}

TextTone textTone(const QLabel* label)
{
    return static_cast<TextTone>(label->property(kToneProperty).toInt());
}

} // namespace dropsize::ui

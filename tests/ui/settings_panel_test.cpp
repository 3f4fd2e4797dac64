// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/core/option_names.h"
#include "dropsize/core/options.h"
#include "dropsize/ui/settings_panel.h"
#include "qt_test_support.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QWheelEvent>
#include <gtest/gtest.h>

using dropsize::ui::BatchSettings;
using dropsize::ui::SettingsPanel;

namespace dropsize::test {

namespace {

    // The spin box whose prefix is `prefix`; null when there is none.
    QSpinBox* spinBox(const SettingsPanel& panel, const QString& prefix)
    {
        for (QSpinBox* box : panel.findChildren<QSpinBox*>()) {
            if (box->prefix() == prefix) {
                return box;
            }
        }
        return nullptr;
    }

    // The largest file size's box: the one whose lowest value reads "None".
    QSpinBox* maxBytesBox(const SettingsPanel& panel)
    {
        for (QSpinBox* box : panel.findChildren<QSpinBox*>()) {
            if (box->specialValueText() == QStringLiteral("None")) {
                return box;
            }
        }
        return nullptr;
    }

    // Sets one value through the form and reads it back.
    template <typename Field, typename E>
    E throughTheForm(SettingsPanel& panel, Field field, E value)
    {
        BatchSettings s;
        field(s) = value;
        panel.setSettings(s);
        BatchSettings shown = panel.settings();
        return field(shown);
    }

    // Every value of E the form can show and give back; a value missing from its list comes back
    // as the list's first.
    template <typename E, typename Field> void expectEveryValueOffered(Field field)
    {
        SettingsPanel panel { DeviceInfo {} };
        for (const EnumName<E>& n : namesOf<E>()) {
            EXPECT_EQ(throughTheForm(panel, field, n.value), n.value) << n.name;
        }
    }

} // namespace

TEST(SettingsPanel, OffersEveryValueOfEveryChoice)
{
    expectEveryValueOffered<SizeMode>([](auto& s) -> auto& { return s.spec.mode; });
    expectEveryValueOffered<Filter>([](auto& s) -> auto& { return s.spec.filter; });
    expectEveryValueOffered<OutputFormat>([](auto& s) -> auto& { return s.format; });
    expectEveryValueOffered<ExistingPolicy>([](auto& s) -> auto& { return s.onExisting; });
    expectEveryValueOffered<IfBigger>([](auto& s) -> auto& { return s.ifBigger; });
    expectEveryValueOffered<DeviceChoice>([](auto& s) -> auto& { return s.device; });
    expectEveryValueOffered<ui::OutputLocation>([](auto& s) -> auto& { return s.outputLocation; });
}

// The form's limits are the option table's, as the engine's validate() and the command line's.
TEST(SettingsPanel, TakesItsLimitsFromTheOptionTable)
{
    SettingsPanel panel { DeviceInfo {} };
    const auto percents = panel.findChildren<QDoubleSpinBox*>();
    ASSERT_EQ(percents.size(), 1);
    EXPECT_EQ(percents[0]->minimum(), kMinPercent);
    EXPECT_EQ(percents[0]->maximum(), kMaxPercent);
    int pixelBoxes = 0;
    bool quality = false;
    for (const QSpinBox* box : panel.findChildren<QSpinBox*>()) {
        if (box->suffix() == QStringLiteral(" px")) {
            ++pixelBoxes;
            EXPECT_EQ(box->minimum(), 1);
            EXPECT_EQ(box->maximum(), kMaxSide);
        } else if (box->prefix() == QStringLiteral("JPEG ")) {
            quality = true;
            EXPECT_EQ(box->minimum(), kMinJpegQuality);
            EXPECT_EQ(box->maximum(), kMaxJpegQuality);
        }
    }
    EXPECT_EQ(pixelBoxes, 4) << "width, height, long edge and short edge";
    EXPECT_TRUE(quality);
#if DROPSIZE_WITH_HEIF
    const QSpinBox* avifQuality = spinBox(panel, QStringLiteral("AVIF "));
    const QSpinBox* avifSpeed = spinBox(panel, QStringLiteral("AVIF speed "));
    ASSERT_NE(avifQuality, nullptr);
    ASSERT_NE(avifSpeed, nullptr);
    EXPECT_EQ(avifQuality->minimum(), kMinAvifQuality);
    EXPECT_EQ(avifQuality->maximum(), kMaxAvifQuality);
    EXPECT_EQ(avifSpeed->minimum(), kMinAvifSpeed);
    EXPECT_EQ(avifSpeed->maximum(), kMaxAvifSpeed);
#endif

    // A percentage the engine takes, above the form's old 1000, survives the form.
    BatchSettings s;
    s.spec.enlarge = true;
    s.spec.percent = 5000;
    panel.setSettings(s);
    EXPECT_EQ(panel.settings().spec.percent, 5000.0);
}

// Every new value the form holds comes back as it was set: formats' qualities, the file dates,
// the larger-than-the-original rule and the largest file size, in KB or MB.
TEST(SettingsPanel, GivesBackEveryOutputSetting)
{
    SettingsPanel panel { DeviceInfo {} };
    BatchSettings s;
    s.keepDates = false;
    s.ifBigger = IfBigger::Skip;
    s.maxBytes = 300 * 1024;
#if DROPSIZE_WITH_HEIF
    s.format = OutputFormat::Avif;
    s.encode.avifQuality = 0;
    s.encode.avifSpeed = 3;
#endif
#if DROPSIZE_WITH_WEBP
    s.encode.webpQuality = 42;
    s.encode.webpLossless = true;
#endif
    s.sizes = QStringLiteral("2048,50%,fit:800x600");
    s.nameTemplate = QStringLiteral("{size}/{name}_{w}x{h}");
    // The sides a mode does not use are shown at common sizes: give them.
    s.spec.width = 640;
    s.spec.height = 480;
    s.spec.longEdge = 1600;
    s.spec.shortEdge = 900;
    panel.setSettings(s);
    EXPECT_EQ(panel.settings(), s);
    EXPECT_EQ(maxBytesBox(panel)->value(), 300);

    // 2 MB shows as 2 MB; a limit in bytes that is no whole KB shows rounded up, and is given back
    // exact while nobody changes it.
    for (const std::uint64_t bytes : { std::uint64_t { 2 } << 20, std::uint64_t { 1000 },
             kMaxTargetBytes, std::uint64_t { 0 } }) {
        s.maxBytes = bytes;
        panel.setSettings(s);
        EXPECT_EQ(panel.settings().maxBytes, bytes);
    }
    s.maxBytes = 1000;
    panel.setSettings(s);
    EXPECT_EQ(maxBytesBox(panel)->value(), 1) << "1000 bytes shows as 1 KB";
    maxBytesBox(panel)->setValue(2);
    EXPECT_EQ(panel.settings().maxBytes, 2048U);
    s.maxBytes = std::uint64_t { 2 } << 20;
    panel.setSettings(s);
    EXPECT_EQ(maxBytesBox(panel)->value(), 2);
    maxBytesBox(panel)->setValue(0);
    EXPECT_EQ(panel.settings().maxBytes, 0U) << "None: no target file size";
}

// Each format's quality is shown where an output may be written in it (and hidden otherwise); a
// PNG has neither quality nor target file size, which is then disabled.
TEST(SettingsPanel, ShowsTheSettingsOfTheFormatsWritten)
{
    SettingsPanel panel { DeviceInfo {} };
    panel.setMoreOptionsOpen(true); // the AVIF speed is there
    const QSpinBox* jpeg = spinBox(panel, QStringLiteral("JPEG "));
    const QSpinBox* maxBytes = maxBytesBox(panel);
    ASSERT_NE(jpeg, nullptr);
    ASSERT_NE(maxBytes, nullptr);
#if DROPSIZE_WITH_HEIF
    const QSpinBox* avif = spinBox(panel, QStringLiteral("AVIF "));
    const QSpinBox* speed = spinBox(panel, QStringLiteral("AVIF speed "));
    ASSERT_NE(avif, nullptr);
    ASSERT_NE(speed, nullptr);
#endif
#if DROPSIZE_WITH_WEBP
    const QSpinBox* webp = spinBox(panel, QStringLiteral("WebP "));
    const QCheckBox* lossless = nullptr;
    for (const QCheckBox* box : panel.findChildren<QCheckBox*>()) {
        if (box->text().contains(QStringLiteral("Lossless"))) {
            lossless = box;
        }
    }
    ASSERT_NE(webp, nullptr);
    ASSERT_NE(lossless, nullptr);
#endif
    struct Expected {
        OutputFormat format;
        bool jpeg;
        bool avif;
        bool maxBytes;
        bool webp = false;
        bool webpLossless = false;
    };
    // clang-format off
    for (const Expected& e : {
             Expected { OutputFormat::Keep, true, true, true, true },
             Expected { OutputFormat::Jpeg, true, false, true },
             Expected { OutputFormat::Png, false, false, false },
#if DROPSIZE_WITH_HEIF
             Expected { OutputFormat::Avif, false, true, true },
#endif
#if DROPSIZE_WITH_WEBP
             Expected { OutputFormat::Webp, false, false, true, true },
             // Lossless WebP has no quality to lower for a file size.
             Expected { OutputFormat::Webp, false, false, false, true, true },
#endif
         }) {
        // clang-format on
        BatchSettings s;
        s.format = e.format;
#if DROPSIZE_WITH_WEBP
        s.encode.webpLossless = e.webpLossless;
#endif
        panel.setSettings(s);
#if DROPSIZE_WITH_WEBP
        EXPECT_EQ(webp->isVisibleTo(&panel), e.webp) << nameOf(e.format);
        EXPECT_EQ(lossless->isVisibleTo(&panel), e.webp) << nameOf(e.format);
#else
        static_cast<void>(e.webp);
#endif
        const char* name = nameOf(e.format);
        EXPECT_EQ(jpeg->isVisibleTo(&panel), e.jpeg) << name;
        EXPECT_EQ(maxBytes->isEnabled(), e.maxBytes) << name;
#if DROPSIZE_WITH_HEIF
        EXPECT_EQ(avif->isVisibleTo(&panel), e.avif) << name;
        EXPECT_EQ(speed->isVisibleTo(&panel), e.avif) << name;
#else
        static_cast<void>(e.avif);
#endif
    }
}

// The size modes in the form's order; the exact size says beside its sides that it stretches,
// the other modes that share them do not.
TEST(SettingsPanel, SaysTheExactSizeStretches)
{
    SettingsPanel panel { DeviceInfo {} };
    QComboBox* mode = nullptr;
    for (QComboBox* combo : panel.findChildren<QComboBox*>()) {
        if (combo->findText(QStringLiteral("Percentage")) >= 0) {
            mode = combo;
        }
    }
    ASSERT_NE(mode, nullptr);
    QStringList modes;
    for (int i = 0; i < mode->count(); ++i) {
        modes.append(mode->itemText(i));
    }
    EXPECT_EQ(modes.join(QStringLiteral(", ")),
        QStringLiteral("Percentage, Fit in a box, Fill a box and crop, Long edge, Short edge, "
                       "Exact size (stretches)"));
    const QLabel* note = nullptr;
    for (const QLabel* label : panel.findChildren<QLabel*>()) {
        if (label->text() == QStringLiteral("Stretches: the aspect is not kept.")) {
            note = label;
        }
    }
    ASSERT_NE(note, nullptr);
    panel.show();
    for (const SizeMode m : { SizeMode::Fit, SizeMode::Fill, SizeMode::Exact, SizeMode::Percent }) {
        BatchSettings s;
        s.spec.mode = m;
        panel.setSettings(s);
        EXPECT_EQ(note->isVisible(), m == SizeMode::Exact) << nameOf(m);
    }
    // The enlarge box says what a fill does without it.
    for (const QCheckBox* box : panel.findChildren<QCheckBox*>()) {
        if (box->text().contains(QStringLiteral("enlarging"))) {
            EXPECT_TRUE(box->toolTip().contains(QStringLiteral("cropped")))
                << box->toolTip().toStdString();
        }
    }
}

// Problems with the new values are shown under them, like the others'.
TEST(SettingsPanel, ShowsTheLargestFileSizesProblemUnderIt)
{
    SettingsPanel panel { DeviceInfo {} };
    panel.show();
    const QString message = QStringLiteral("too large");
    panel.showProblems({ { ui::SettingsField::MaxBytes, message } });
    const QLabel* shown = nullptr;
    for (const QLabel* label : panel.findChildren<QLabel*>()) {
        if (label->text() == message) {
            shown = label;
        }
    }
    ASSERT_NE(shown, nullptr);
    EXPECT_TRUE(shown->isVisible());
    panel.showProblems({});
    EXPECT_FALSE(shown->isVisible());
}

// A list of sizes replaces the one size's mode and values, which are disabled while it is
// there; its problems and the file names' show under each.
TEST(SettingsPanel, SeveralSizesReplaceTheOneSize)
{
    SettingsPanel panel { DeviceInfo {} };
    panel.show();
    QLineEdit* sizes = nullptr;
    QLineEdit* names = nullptr;
    for (QLineEdit* edit : panel.findChildren<QLineEdit*>()) {
        if (edit->placeholderText().contains(QStringLiteral("2048,1024,256"))) {
            sizes = edit;
        } else if (edit->placeholderText().contains(QStringLiteral("{name}"))) {
            names = edit;
        }
    }
    ASSERT_NE(sizes, nullptr);
    ASSERT_NE(names, nullptr);
    QComboBox* mode = nullptr;
    for (QComboBox* combo : panel.findChildren<QComboBox*>()) {
        if (combo->findText(QStringLiteral("Percentage")) >= 0) {
            mode = combo;
        }
    }
    ASSERT_NE(mode, nullptr);
    EXPECT_TRUE(mode->isEnabled());
    sizes->setText(QStringLiteral("2048, 1024"));
    EXPECT_FALSE(mode->isEnabled());
    EXPECT_EQ(panel.settings().sizes, QStringLiteral("2048, 1024"));
    sizes->clear();
    EXPECT_TRUE(mode->isEnabled());
    names->setText(QStringLiteral(" {name}_{w} "));
    EXPECT_EQ(panel.settings().nameTemplate, QStringLiteral("{name}_{w}")) << "trimmed";

    const QString message = QStringLiteral("a size problem");
    const QString nameMessage = QStringLiteral("a name problem");
    panel.showProblems(
        { { ui::SettingsField::Sizes, message }, { ui::SettingsField::Name, nameMessage } });
    int shown = 0;
    for (const QLabel* label : panel.findChildren<QLabel*>()) {
        if ((label->text() == message || label->text() == nameMessage) && label->isVisible()) {
            ++shown;
        }
    }
    EXPECT_EQ(shown, 2);
}

// The wheel over a box that has not the focus does not change it (it scrolls the form); once
// the box has the focus, it does.
TEST(SettingsPanel, TheWheelChangesOnlyTheBoxWithTheFocus)
{
    SettingsPanel panel { DeviceInfo {} };
    panel.setMoreOptionsOpen(true);
    panel.show();
    QComboBox* filter = nullptr;
    for (QComboBox* combo : panel.findChildren<QComboBox*>()) {
        if (combo->findText(QStringLiteral("Sharp (Lanczos)")) >= 0) {
            filter = combo;
        }
    }
    ASSERT_NE(filter, nullptr);
    const auto wheel = [&] {
        const QPointF at(filter->width() / 2.0, filter->height() / 2.0);
        QWheelEvent event(at, filter->mapToGlobal(at), QPoint(), QPoint(0, -120), Qt::NoButton,
            Qt::NoModifier, Qt::NoScrollPhase, false);
        QApplication::sendEvent(filter, &event);
    };
    const int before = filter->currentIndex();
    wheel();
    EXPECT_EQ(filter->currentIndex(), before) << "changed without the focus";
    filter->setFocus();
    if (filter->hasFocus()) { // the offscreen platform gives focus to a shown, active window
        wheel();
        EXPECT_NE(filter->currentIndex(), before) << "the focused box takes the wheel";
    }
}

} // namespace dropsize::test

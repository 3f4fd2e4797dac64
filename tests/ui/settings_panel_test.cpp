// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/core/option_names.h"
#include "dropsize/core/options.h"
#include "dropsize/ui/settings_panel.h"
#include "qt_test_support.h"

#include <QDoubleSpinBox>
#include <QSpinBox>
#include <gtest/gtest.h>

using dropsize::ui::BatchSettings;
using dropsize::ui::SettingsPanel;

namespace dropsize::test {

namespace {

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
        } else if (box->prefix().contains(QStringLiteral("quality"))) {
            quality = true;
            EXPECT_EQ(box->minimum(), kMinJpegQuality);
            EXPECT_EQ(box->maximum(), kMaxJpegQuality);
        }
    }
    EXPECT_EQ(pixelBoxes, 4) << "width, height, long edge and short edge";
    EXPECT_TRUE(quality);

    // A percentage the engine takes, above the form's old 1000, survives the form.
    BatchSettings s;
    s.spec.enlarge = true;
    s.spec.percent = 5000;
    panel.setSettings(s);
    EXPECT_EQ(panel.settings().spec.percent, 5000.0);
}

} // namespace dropsize::test

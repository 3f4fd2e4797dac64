// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/ui/settings_panel.h"

#include "dropsize/core/options.h"
#include "dropsize/core/resize_spec.h"
#include "dropsize/ui/engine_text.h"
#include "palette_colors.h"

#include <QAbstractSpinBox>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QEvent>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QStackedWidget>
#include <QToolButton>
#include <QVBoxLayout>
#include <algorithm>

namespace dropsize::ui {

namespace {

    template <typename E> void addItem(QComboBox* combo, const QString& text, E value)
    {
        combo->addItem(text, static_cast<int>(value));
    }

    template <typename E> void setCurrent(QComboBox* combo, E value)
    {
        const int i = combo->findData(static_cast<int>(value));
        combo->setCurrentIndex(i < 0 ? 0 : i);
    }

    template <typename E> E current(const QComboBox* combo)
    {
        return static_cast<E>(combo->currentData().toInt());
    }

    // A spin box over an option's limits (options.h).
    template <typename Box> void setRange(Box* box, const OptionInfo& option)
    {
        using Value = decltype(box->value());
        box->setRange(static_cast<Value>(option.min), static_cast<Value>(option.max));
    }

    QSpinBox* pixelBox(QWidget* parent, const OptionInfo& option)
    {
        auto* box = new QSpinBox(parent);
        setRange(box, option);
        box->setSuffix(SettingsPanel::tr(" px"));
        box->setAccelerated(true);
        return box;
    }

    // A row of widgets without margins, for one form row.
    QWidget* row(QWidget* parent, const QList<QWidget*>& widgets, bool stretch = true)
    {
        auto* w = new QWidget(parent);
        auto* layout = new QHBoxLayout(w);
        layout->setContentsMargins(0, 0, 0, 0);
        for (QWidget* child : widgets) {
            layout->addWidget(child);
        }
        if (stretch) {
            layout->addStretch(1);
        }
        return w;
    }

    // A form label's text as a name: without its mnemonic's "&" and its colon.
    QString nameOf(const QString& labelText)
    {
        QString name;
        for (qsizetype i = 0; i < labelText.size(); ++i) {
            if (labelText[i] == QLatin1Char('&') && i + 1 < labelText.size()) {
                ++i; // "&&" is a "&"; "&x" is an underlined x
            }
            name.append(labelText[i]);
        }
        while (name.endsWith(QLatin1Char(':')) || name.endsWith(QChar(0xff1a))) {
            name.chop(1);
        }
        return name.trimmed();
    }

    // Screen readers call each field by its label; a field without one of its own (a value in a
    // row of several) was named where it was made.
    void nameFieldsByLabels(QFormLayout* form)
    {
        for (int row = 0; row < form->rowCount(); ++row) {
            auto* label = qobject_cast<QLabel*>(form->itemAt(row, QFormLayout::LabelRole) != nullptr
                    ? form->itemAt(row, QFormLayout::LabelRole)->widget()
                    : nullptr);
            if (label != nullptr && label->buddy() != nullptr
                && label->buddy()->accessibleName().isEmpty()) {
                label->buddy()->setAccessibleName(nameOf(label->text()));
            }
        }
    }

} // namespace

SettingsPanel::SettingsPanel(const DeviceInfo& devices, QWidget* parent)
    : QWidget(parent)
    , m_devices(devices)
{
    // One column, in the order people decide: how big, where to, which format; everything else
    // under "More options", closed until opened (and remembered by the window). The column is
    // narrow enough to sit beside the preview on a 1366x768 laptop at 125 %.
    auto* column = new QVBoxLayout(this);
    column->setContentsMargins(0, 0, 0, 0);
    m_form = new QFormLayout;
    m_form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    column->addLayout(m_form);
    buildSizeRows();
    buildOutputRows();
    buildFormatRows();
    buildMoreOptions(column);
    buildSizesAndFilterRows();
    buildFileRows();
    buildDeviceRows();
    auto* reset = new QPushButton(tr("Reset to defaults"), m_more);
    reset->setToolTip(tr("Every setting back to its default (the presets stay)"));
    m_moreForm->addRow(QString(), row(m_more, { reset }));
    nameValues();

    // Each problem is told with the values it is about.
    m_problemFields[SettingsField::Sizes] = { m_sizes };
    m_problemFields[SettingsField::Size]
        = { m_mode, m_percent, m_width, m_height, m_longEdge, m_shortEdge, m_enlarge };
    m_problemFields[SettingsField::OutputFolder] = { m_outputFolder };
    m_problemFields[SettingsField::Name] = { m_nameTemplate };
    m_problemFields[SettingsField::Quality]
        = { m_quality, m_webpQuality, m_avifQuality, m_avifSpeed };
    m_problemFields[SettingsField::MaxBytes] = { m_maxBytes };

    orderTabs(reset);
    connectValues(reset);
    m_more->setVisible(false);
    m_moreToggle->setArrowType(Qt::RightArrow);

    // A box takes the wheel only once it has the focus (a click or Tab gives it).
    for (QWidget* w : findChildren<QWidget*>()) {
        if (qobject_cast<QComboBox*>(w) != nullptr
            || qobject_cast<QAbstractSpinBox*>(w) != nullptr) {
            w->setFocusPolicy(Qt::StrongFocus);
            w->installEventFilter(this);
        }
    }

    setSettings(BatchSettings {});
}

void SettingsPanel::buildSizeRows()
{
    // Size: the mode picks one page of values.
    m_mode = new QComboBox(this);
    addItem(m_mode, tr("Percentage"), SizeMode::Percent);
    addItem(m_mode, tr("Fit in a box"), SizeMode::Fit);
    addItem(m_mode, tr("Fill a box and crop"), SizeMode::Fill);
    addItem(m_mode, tr("Long edge"), SizeMode::LongEdge);
    addItem(m_mode, tr("Short edge"), SizeMode::ShortEdge);
    addItem(m_mode, tr("Exact size (stretches)"), SizeMode::Exact);
    m_percent = new QDoubleSpinBox(this);
    setRange(m_percent, option::kPercent);
    m_percent->setDecimals(2); // down to kMinPercent
    m_percent->setSuffix(tr(" %"));
    m_percent->setAccelerated(true);
    m_width = pixelBox(this, option::kWidth);
    m_height = pixelBox(this, option::kHeight);
    m_longEdge = pixelBox(this, option::kLongEdge);
    m_shortEdge = pixelBox(this, option::kShortEdge);
    m_sizePages = new QStackedWidget(this);
    m_sizePages->addWidget(row(m_sizePages, { m_percent }));
    // Fit, fill and the exact size share the width and height; only the exact size stretches,
    // and says so below them.
    m_stretchNote = new QLabel(tr("Stretches: the aspect is not kept."), this);
    m_stretchNote->setWordWrap(true);
    setTextTone(m_stretchNote, TextTone::Warning);
    m_sizePages->addWidget(row(m_sizePages, { m_width, new QLabel(tr("\u00d7"), this), m_height }));
    m_sizePages->addWidget(row(m_sizePages, { m_longEdge }));
    m_sizePages->addWidget(row(m_sizePages, { m_shortEdge }));
    m_sizePages->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    // The mode and its values on one row: the values take what the mode leaves.
    auto* sizeRow = new QWidget(this);
    auto* sizeLayout = new QHBoxLayout(sizeRow);
    sizeLayout->setContentsMargins(0, 0, 0, 0);
    sizeLayout->addWidget(m_mode);
    sizeLayout->addWidget(m_sizePages, 1);
    m_form->addRow(tr("Si&ze:"), sizeRow);
    qobject_cast<QLabel*>(m_form->labelForField(sizeRow))->setBuddy(m_mode);
    m_form->addRow(QString(), m_stretchNote);
    m_form->addRow(QString(), addProblemLabel(SettingsField::Size));
}

void SettingsPanel::buildOutputRows()
{
    m_location = new QComboBox(this);
    addItem(m_location, tr("A \"ResizeImage\" folder beside the images"),
        OutputLocation::InsideEachInput);
    addItem(m_location, tr("One folder of my choice"), OutputLocation::Folder);
    m_location->setItemData(0,
        tr("Each input folder gets a \"ResizeImage\" folder with the outputs, its sub-folders "
           "mirrored inside."),
        Qt::ToolTipRole);
    m_location->setItemData(1,
        tr("Every output goes to the folder below, the inputs' sub-folders mirrored inside."),
        Qt::ToolTipRole);
    m_outputFolder = new QLineEdit(this);
    m_outputFolder->setPlaceholderText(tr("Output folder"));
    m_outputFolder->setClearButtonEnabled(true);
    m_chooseOutput = new QPushButton(tr("Ch&oose\u2026"), this);
    m_form->addRow(tr("Save &to:"), m_location);
    m_outputRow = row(this, { m_outputFolder, m_chooseOutput }, false);
    m_form->addRow(QString(), m_outputRow);
    m_form->addRow(QString(), addProblemLabel(SettingsField::OutputFolder, true));
}

void SettingsPanel::buildFormatRows()
{
    m_format = new QComboBox(this);
#if DROPSIZE_WITH_HEIF
    addItem(m_format, tr("Same as the input (HEIC as JPEG)"), OutputFormat::Keep);
    m_format->setItemData(0,
        tr("Each image in its input's format; HEIC and HEIF are written as JPEG."),
        Qt::ToolTipRole);
#else
    addItem(m_format, tr("Same as the input"), OutputFormat::Keep);
#endif
    addItem(m_format, tr("JPEG"), OutputFormat::Jpeg);
    addItem(m_format, tr("PNG"), OutputFormat::Png);
#if DROPSIZE_WITH_WEBP
    addItem(m_format, tr("WebP"), OutputFormat::Webp);
#endif
#if DROPSIZE_WITH_HEIF
    addItem(m_format, tr("AVIF"), OutputFormat::Avif);
#endif
    m_quality = new QSpinBox(this);
    setRange(m_quality, option::kJpegQuality);
    m_quality->setPrefix(tr("JPEG "));
    m_quality->setToolTip(tr("JPEG quality: higher is better looking and larger"));
    m_form->addRow(tr("For&mat:"), m_format);
    // One box per lossy format, each shown where an output may be in its format.
#if DROPSIZE_WITH_WEBP
    m_webpQuality = new QSpinBox(this);
    setRange(m_webpQuality, option::kWebpQuality);
    m_webpQuality->setPrefix(tr("WebP "));
    m_webpQuality->setToolTip(
        tr("WebP quality; for lossless WebP, the effort (higher: smaller files, slower)"));
    m_webpLossless = new QCheckBox(tr("Lossless &WebP"), this);
    m_webpLossless->setToolTip(tr("The exact pixels, in larger files"));
#endif
#if DROPSIZE_WITH_HEIF
    m_avifQuality = new QSpinBox(this);
    setRange(m_avifQuality, option::kAvifQuality);
    m_avifQuality->setPrefix(tr("AVIF "));
    m_avifQuality->setToolTip(tr("AVIF quality: higher is better looking and larger"));
    m_avifSpeed = new QSpinBox(this);
    setRange(m_avifSpeed, option::kAvifSpeed);
    m_avifSpeed->setPrefix(tr("AVIF speed "));
    m_avifSpeed->setToolTip(tr("AVIF encoder speed: %1 is the slowest and gives the smallest files")
                                .arg(option::kAvifSpeed.min));
#endif
    // JPEG, WebP and AVIF on one row (a build without a format has no box for it), WebP's
    // lossless beside them.
    QList<QWidget*> qualities { m_quality };
    for (QWidget* w : { static_cast<QWidget*>(m_webpQuality), static_cast<QWidget*>(m_avifQuality),
             static_cast<QWidget*>(m_webpLossless) }) {
        if (w != nullptr) {
            qualities.append(w);
        }
    }
    m_qualityRow = row(this, qualities);
    m_form->addRow(tr("&Quality:"), m_qualityRow);
    // The row's label takes the mnemonic's focus to its first box shown (updateEnabledState()).
    m_qualityLabel = qobject_cast<QLabel*>(m_form->labelForField(m_qualityRow));
    m_qualityLabel->setBuddy(m_quality);
    m_form->addRow(QString(), addProblemLabel(SettingsField::Quality));
}

void SettingsPanel::buildMoreOptions(QVBoxLayout* column)
{
    // The rest, for those who want it.
    m_moreToggle = new QToolButton(this);
    m_moreToggle->setText(tr("More optio&ns"));
    m_moreToggle->setCheckable(true);
    m_moreToggle->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    m_moreToggle->setAutoRaise(true);
    m_moreToggle->setToolTip(tr("Several sizes, the filter, file names, a largest file size, "
                                "what to do with existing outputs, metadata and the device"));
    column->addWidget(m_moreToggle, 0, Qt::AlignLeft);
    m_more = new QWidget(this);
    m_moreForm = new QFormLayout(m_more);
    m_moreForm->setContentsMargins(0, 0, 0, 0);
    m_moreForm->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    column->addWidget(m_more);
    column->addStretch(1);
}

void SettingsPanel::buildSizesAndFilterRows()
{
    m_sizes = new QLineEdit(m_more);
    m_sizes->setPlaceholderText(tr("e.g. 2048,1024,256 or 50%,fit:800x600"));
    m_sizes->setClearButtonEnabled(true);
    m_sizes->setToolTip(
        tr("Writes every image at each size of the list, reading it once: long edges (2048), "
           "percentages (50%), fit:WxH, fill:WxH, short:N, long:N or exact:WxH. Each size's "
           "outputs go to a folder named by its label (2048, fit800x600, 50pct) unless the file "
           "names name the size. Empty: the one size above."));
    m_moreForm->addRow(tr("Se&veral sizes:"), m_sizes);
    m_moreForm->addRow(QString(), addProblemLabel(SettingsField::Sizes, true));
    m_enlarge = new QCheckBox(tr("Allow enlarging (never by default)"), m_more);
    m_enlarge->setToolTip(tr("Without it no output is larger than its input. A box to fill that "
                             "an image is too small for is then only cropped to the box's "
                             "shape, not scaled up."));
    m_moreForm->addRow(QString(), m_enlarge);

    m_filter = new QComboBox(m_more);
    // Plain words first, the filter's name in brackets; what each does in its tooltip.
    addItem(m_filter, tr("Smooth (bicubic)"), Filter::Bicubic);
    addItem(m_filter, tr("Sharp (Lanczos)"), Filter::Lanczos);
    addItem(m_filter, tr("Soft (Hamming)"), Filter::Hamming);
    addItem(m_filter, tr("Softer (bilinear)"), Filter::Bilinear);
    addItem(m_filter, tr("Averaged (box)"), Filter::Box);
    addItem(m_filter, tr("Blocky (nearest pixel)"), Filter::Nearest);
    const QStringList filterTips {
        tr("Pillow's default for thumbnail(): smooth, little ringing"),
        tr("The sharpest: fine detail kept, a little ringing at hard edges"),
        tr("Between bilinear and bicubic"),
        tr("Soft; fast"),
        tr("Each output pixel the average of the input pixels it covers"),
        tr("No smoothing: each output pixel one input pixel (pixel art, masks)"),
    };
    for (int i = 0; i < m_filter->count() && i < filterTips.size(); ++i) {
        m_filter->setItemData(i, filterTips[i], Qt::ToolTipRole);
    }
    m_moreForm->addRow(tr("Filter:"), m_filter);
    buildReducingGapRow();
}

void SettingsPanel::buildReducingGapRow()
{
    // Pillow's reducing gap in plain words, fastest first; the value (its text, as the command
    // line writes it) in the item's data. A gap from elsewhere (a preset, the settings file)
    // gets an item of its own when it is shown (setReducingGap()).
    m_reducingGap = new QComboBox(m_more);
    const std::pair<QString, QString> choices[] = {
        { tr("Fastest (reducing gap 1)"),
            tr("Large images are first reduced as far as the output allows (a JPEG decoded at "
               "a smaller scale): quickest, very slightly softer") },
        { tr("Fast, Pillow's default (reducing gap 2)"),
            tr("Reduced first while still twice the output's size: what Pillow's thumbnail() "
               "and the old tool do") },
        { tr("Finer (reducing gap 3)"),
            tr("Reduced first while still three times the output's size: slower, nearer a "
               "resample of the whole image") },
        { tr("Finest, slowest (no reducing)"),
            tr("The whole image resampled at once: no smaller decode, no reducing step") },
    };
    const char* values[kReducingGapChoices] = { "1", "2", "3", "none" };
    for (std::size_t i = 0; i < std::size(values); ++i) {
        m_reducingGap->addItem(choices[i].first, QString::fromLatin1(values[i]));
        m_reducingGap->setItemData(static_cast<int>(i), choices[i].second, Qt::ToolTipRole);
    }
    m_reducingGap->setToolTip(tr("How far a large image is reduced before the filter: the "
                                 "pixels are exactly Pillow's thumbnail() with that reducing "
                                 "gap (--reducing-gap)"));
    m_moreForm->addRow(tr("Speed:"), m_reducingGap);
}

void SettingsPanel::setReducingGap(std::optional<double> gap)
{
    const QString text = QString::fromStdString(reducingGapText(gap));
    int i = m_reducingGap->findData(text);
    if (i < 0) {
        // One item for a gap from elsewhere, after the four: replaced by the next such gap.
        if (m_reducingGap->count() > kReducingGapChoices) {
            m_reducingGap->removeItem(kReducingGapChoices);
        }
        m_reducingGap->addItem(tr("Reducing gap %1").arg(text), text);
        i = m_reducingGap->count() - 1;
        m_reducingGap->setItemData(i, m_reducingGap->toolTip(), Qt::ToolTipRole);
    }
    m_reducingGap->setCurrentIndex(i);
}

std::optional<double> SettingsPanel::reducingGap() const
{
    auto gap = parseReducingGap(m_reducingGap->currentData().toString().toStdString());
    return gap ? *gap : ResizeSpec {}.reducingGap;
}

void SettingsPanel::buildFileRows()
{
    m_nameTemplate = new QLineEdit(m_more);
    m_nameTemplate->setPlaceholderText(tr("{name}, or e.g. {name}_{w}x{h}"));
    m_nameTemplate->setClearButtonEnabled(true);
    m_nameTemplate->setToolTip(
        tr("{name}: the input's name without extension; {ext}: the output's extension; {w} and "
           "{h}: its size; {size}: the size's label; {n}: the input's number. The extension is "
           "added; \"/\" makes sub-folders. Empty: the input's name."));
    m_moreForm->addRow(tr("File names:"), m_nameTemplate);
    m_moreForm->addRow(QString(), addProblemLabel(SettingsField::Name, true));

    m_maxBytes = new QSpinBox(m_more);
    m_maxBytes->setSpecialValueText(tr("None"));
    m_maxBytes->setAccelerated(true);
    m_maxBytesUnit = new QComboBox(m_more);
    // 1024-based, as the command line's K and M.
    m_maxBytesUnit->addItem(tr("KB"), QVariant::fromValue<qlonglong>(1024));
    m_maxBytesUnit->addItem(tr("MB"), QVariant::fromValue<qlonglong>(qlonglong { 1024 } * 1024));
    m_maxBytesNote = new QLabel(tr("lossy formats only"), m_more);
    m_maxBytesNote->setWordWrap(true);
    const QString maxBytesTip = tr("Each output in a lossy format is written at the "
                                   "highest quality, up to its quality above, whose file is at "
                                   "most this large. PNG and lossless WebP outputs are written "
                                   "as usual.");
    m_maxBytes->setToolTip(maxBytesTip);
    m_maxBytesNote->setToolTip(maxBytesTip);
    QWidget* maxBytesRow = row(m_more, { m_maxBytes, m_maxBytesUnit, m_maxBytesNote });
    m_moreForm->addRow(tr("Lar&gest file size:"), maxBytesRow);
    qobject_cast<QLabel*>(m_moreForm->labelForField(maxBytesRow))->setBuddy(m_maxBytes);
    m_moreForm->addRow(QString(), addProblemLabel(SettingsField::MaxBytes));

    m_ifBigger = new QComboBox(m_more);
    addItem(m_ifBigger, tr("Write it"), IfBigger::Keep);
    addItem(m_ifBigger, tr("Skip it"), IfBigger::Skip);
    addItem(m_ifBigger, tr("Copy the original"), IfBigger::Copy);
    m_ifBigger->setToolTip(tr("For an output in its input's format whose file is larger than "
                              "the input's; one in another format is always written."));
    m_moreForm->addRow(tr("If larger than the original:"), m_ifBigger);

    m_existing = new QComboBox(m_more);
    addItem(m_existing, tr("Skip it (a re-run resumes)"), ExistingPolicy::Skip);
    addItem(m_existing, tr("Replace it"), ExistingPolicy::Overwrite);
    addItem(m_existing, tr("Keep both (photo_1.jpg)"), ExistingPolicy::Rename);
    m_moreForm->addRow(tr("If an output e&xists:"), m_existing);

    m_recursive = new QCheckBox(tr("Include sub-folders"), m_more);
    m_keepMetadata = new QCheckBox(tr("&Keep EXIF and colour profile"), m_more);
    m_keepDates = new QCheckBox(tr("Keep file dates"), m_more);
    m_keepDates->setToolTip(tr("Each output takes its input's modification time."));
    m_moreForm->addRow(QString(), row(m_more, { m_recursive, m_keepDates }));
    m_moreForm->addRow(QString(), m_keepMetadata);
    if (m_avifSpeed != nullptr) {
        m_avifSpeed->setParent(m_more);
        m_moreForm->addRow(tr("AVIF speed:"), m_avifSpeed);
    }
}

void SettingsPanel::buildDeviceRows()
{
    m_device = new QComboBox(m_more);
    addItem(m_device, tr("Automatic"), DeviceChoice::Auto);
    addItem(m_device, tr("CPU only"), DeviceChoice::Cpu);
    addItem(m_device, tr("GPU"), DeviceChoice::Gpu);
    m_deviceNote = new QLabel(m_more);
    m_deviceNote->setWordWrap(true);
    // Plain words; the CUDA runtime's own reason in the tooltip (and the About box).
    m_deviceNote->setText(m_devices.gpuUsable
            ? tr("%1, and %n CPU thread(s)", nullptr, m_devices.cpuThreads)
                  .arg(QString::fromStdString(m_devices.gpuName))
            : tr("No NVIDIA GPU found: using %n CPU thread(s)", nullptr, m_devices.cpuThreads));
    m_deviceReason = m_devices.gpuUsable ? QString() : displayText(m_devices.gpuReason);
    m_moreForm->addRow(tr("Device:"), m_device);
    m_moreForm->addRow(QString(), m_deviceNote);
}

void SettingsPanel::nameValues()
{
    // What a screen reader calls the values that have no label of their own.
    m_percent->setAccessibleName(tr("Percentage"));
    m_width->setAccessibleName(tr("Width"));
    m_height->setAccessibleName(tr("Height"));
    m_longEdge->setAccessibleName(tr("Long edge"));
    m_shortEdge->setAccessibleName(tr("Short edge"));
    m_outputFolder->setAccessibleName(tr("Output folder"));
    m_quality->setAccessibleName(tr("JPEG quality"));
    m_maxBytes->setAccessibleName(tr("Largest file size"));
    m_maxBytesUnit->setAccessibleName(tr("Unit of the largest file size"));
    if (m_webpQuality != nullptr) {
        m_webpQuality->setAccessibleName(tr("WebP quality"));
    }
    if (m_avifQuality != nullptr) {
        m_avifQuality->setAccessibleName(tr("AVIF quality"));
        m_avifSpeed->setAccessibleName(tr("AVIF encoder speed"));
    }
    nameFieldsByLabels(m_form);
    nameFieldsByLabels(m_moreForm);
}

void SettingsPanel::orderTabs(QWidget* reset)
{
    // Tab goes down the column as it reads.
    QWidget* previous = nullptr;
    for (QWidget* w :
        std::initializer_list<QWidget*> { m_mode, m_percent, m_width, m_height, m_longEdge,
            m_shortEdge, m_location, m_outputFolder, m_chooseOutput, m_format, m_quality,
            m_webpQuality, m_avifQuality, m_webpLossless, m_moreToggle, m_sizes, m_enlarge,
            m_filter, m_reducingGap, m_nameTemplate, m_maxBytes, m_maxBytesUnit, m_ifBigger,
            m_existing, m_recursive, m_keepDates, m_keepMetadata, m_avifSpeed, m_device, reset }) {
        if (w == nullptr) {
            continue; // a format this build lacks
        }
        if (previous != nullptr) {
            setTabOrder(previous, w);
        }
        previous = w;
    }
}

void SettingsPanel::connectValues(QPushButton* reset)
{
    // Connected first, so the change is told with the new range: the number stays, its unit
    // changes.
    connect(m_maxBytesUnit, &QComboBox::currentIndexChanged, this, [this] {
        m_maxBytes->setMaximum(static_cast<int>(kMaxTargetBytes
            / static_cast<std::uint64_t>(m_maxBytesUnit->currentData().toLongLong())));
    });
    const auto changed = [this] {
        if (!m_updating) {
            updateEnabledState();
            emit settingsChanged();
        }
    };
    connect(m_mode, &QComboBox::currentIndexChanged, this, changed);
    connect(m_percent, &QDoubleSpinBox::valueChanged, this, changed);
    for (QSpinBox* box : { m_width, m_height, m_longEdge, m_shortEdge, m_quality, m_webpQuality,
             m_avifQuality, m_avifSpeed, m_maxBytes }) {
        if (box != nullptr) {
            connect(box, &QSpinBox::valueChanged, this, changed);
        }
    }
    for (QComboBox* combo : { m_filter, m_reducingGap, m_location, m_format, m_existing, m_device,
             m_ifBigger, m_maxBytesUnit }) {
        connect(combo, &QComboBox::currentIndexChanged, this, changed);
    }
    for (QLineEdit* edit : { m_sizes, m_nameTemplate }) {
        connect(edit, &QLineEdit::textChanged, this, changed);
    }
    if (m_webpLossless != nullptr) {
        connect(m_webpLossless, &QCheckBox::toggled, this, changed);
    }
    for (QCheckBox* box : { m_enlarge, m_recursive, m_keepMetadata, m_keepDates }) {
        connect(box, &QCheckBox::toggled, this, changed);
    }
    connect(m_outputFolder, &QLineEdit::textChanged, this, changed);
    connect(m_chooseOutput, &QPushButton::clicked, this, &SettingsPanel::chooseOutputFolder);
    connect(reset, &QPushButton::clicked, this, &SettingsPanel::resetRequested);
    connect(m_moreToggle, &QToolButton::toggled, this, [this](bool open) {
        m_more->setVisible(open);
        m_moreToggle->setArrowType(open ? Qt::DownArrow : Qt::RightArrow);
        emit moreOptionsToggled(open);
    });
}

bool SettingsPanel::eventFilter(QObject* watched, QEvent* event)
{
    if (event->type() == QEvent::Wheel) {
        if (auto* w = qobject_cast<QWidget*>(watched); w != nullptr && !w->hasFocus()) {
            event->ignore(); // on to the parents: the scroll area scrolls
            return true;
        }
    }
    return QWidget::eventFilter(watched, event);
}

void SettingsPanel::showRow(QWidget* field, bool visible)
{
    // A form's row hidden whole: a hidden widget alone leaves the row's spacing, a gap.
    for (QFormLayout* form : { m_form, m_moreForm }) {
        int row = -1;
        QFormLayout::ItemRole role {};
        form->getWidgetPosition(field, &row, &role);
        if (row >= 0) {
            form->setRowVisible(row, visible);
            return;
        }
    }
    field->setVisible(visible);
}

bool SettingsPanel::moreOptionsOpen() const { return m_moreToggle->isChecked(); }

void SettingsPanel::setMoreOptionsOpen(bool open) { m_moreToggle->setChecked(open); }

QLabel* SettingsPanel::addProblemLabel(SettingsField field, bool whileTyping)
{
    auto* label = new QLabel(this);
    label->setWordWrap(true);
    setTextTone(label, TextTone::Problem);
    // A problem that typing can make or mend has its line kept free, so that the rows below do
    // not jump up and down under the mouse with each key; the others show only when they occur.
    if (whileTyping) {
        label->setMinimumHeight(label->fontMetrics().lineSpacing());
        m_heldProblemLabels.insert(label);
    } else {
        label->hide(); // showRow() once it is in its form
    }
    m_problemLabels[field] = label;
    return label;
}

BatchSettings SettingsPanel::settings() const
{
    BatchSettings s = m_hidden;
    s.spec.mode = current<SizeMode>(m_mode);
    s.spec.percent = m_percent->value();
    s.spec.width = m_width->value();
    s.spec.height = m_height->value();
    s.spec.longEdge = m_longEdge->value();
    s.spec.shortEdge = m_shortEdge->value();
    s.spec.enlarge = m_enlarge->isChecked();
    s.spec.filter = current<Filter>(m_filter);
    s.spec.reducingGap = reducingGap();
    s.outputLocation = current<OutputLocation>(m_location);
    s.outputFolder = QDir::fromNativeSeparators(m_outputFolder->text().trimmed());
    s.format = current<OutputFormat>(m_format);
    s.encode.jpegQuality = m_quality->value();
#if DROPSIZE_WITH_HEIF
    s.encode.avifQuality = m_avifQuality->value();
    s.encode.avifSpeed = m_avifSpeed->value();
#endif
#if DROPSIZE_WITH_WEBP
    s.encode.webpQuality = m_webpQuality->value();
    s.encode.webpLossless = m_webpLossless->isChecked();
#endif
    s.sizes = m_sizes->text().trimmed();
    s.nameTemplate = m_nameTemplate->text().trimmed();
    s.maxBytes = maxBytes();
    s.ifBigger = current<IfBigger>(m_ifBigger);
    s.keepDates = m_keepDates->isChecked();
    s.onExisting = current<ExistingPolicy>(m_existing);
    s.recursive = m_recursive->isChecked();
    s.stripMetadata = !m_keepMetadata->isChecked();
    s.device = current<DeviceChoice>(m_device);
    return s;
}

void SettingsPanel::setSettings(const BatchSettings& s)
{
    m_updating = true;
    m_hidden = s;
    setCurrent(m_mode, s.spec.mode);
    m_percent->setValue(s.spec.percent);
    // Zero means "not set yet": show a common size rather than the minimum.
    m_width->setValue(s.spec.width > 0 ? s.spec.width : 1920);
    m_height->setValue(s.spec.height > 0 ? s.spec.height : 1080);
    m_longEdge->setValue(s.spec.longEdge > 0 ? s.spec.longEdge : 2048);
    m_shortEdge->setValue(s.spec.shortEdge > 0 ? s.spec.shortEdge : 1080);
    m_enlarge->setChecked(s.spec.enlarge);
    setCurrent(m_filter, s.spec.filter);
    setReducingGap(s.spec.reducingGap);
    setCurrent(m_location, s.outputLocation);
    m_outputFolder->setText(QDir::toNativeSeparators(s.outputFolder));
    setCurrent(m_format, s.format);
    m_quality->setValue(s.encode.jpegQuality);
#if DROPSIZE_WITH_HEIF
    m_avifQuality->setValue(s.encode.avifQuality);
    m_avifSpeed->setValue(s.encode.avifSpeed);
#endif
#if DROPSIZE_WITH_WEBP
    m_webpQuality->setValue(s.encode.webpQuality);
    m_webpLossless->setChecked(s.encode.webpLossless);
#endif
    m_sizes->setText(s.sizes);
    m_nameTemplate->setText(s.nameTemplate);
    setMaxBytes(s.maxBytes);
    setCurrent(m_ifBigger, s.ifBigger);
    m_keepDates->setChecked(s.keepDates);
    setCurrent(m_existing, s.onExisting);
    m_recursive->setChecked(s.recursive);
    m_keepMetadata->setChecked(!s.stripMetadata);
    setCurrent(m_device, s.device);
    m_updating = false;
    updateEnabledState();
    emit settingsChanged();
}

namespace {

    std::uint64_t roundedUp(std::uint64_t bytes, std::uint64_t unit)
    {
        return (bytes + unit - 1) / unit * unit;
    }

} // namespace

std::uint64_t SettingsPanel::maxBytes() const
{
    const auto unit = static_cast<std::uint64_t>(m_maxBytesUnit->currentData().toLongLong());
    const std::uint64_t shown = static_cast<std::uint64_t>(m_maxBytes->value()) * unit;
    // A limit that is no whole number of KB (from a settings file written by hand) shows rounded
    // up; left as shown, it is given back exact.
    if (m_hidden.maxBytes != 0 && shown == roundedUp(m_hidden.maxBytes, unit)) {
        return m_hidden.maxBytes;
    }
    return shown;
}

void SettingsPanel::setMaxBytes(std::uint64_t bytes)
{
    constexpr std::uint64_t kMiB = std::uint64_t { 1024 } * 1024;
    // MB for a whole number of them, else KB; none keeps the unit the user last chose.
    if (bytes != 0) {
        m_maxBytesUnit->setCurrentIndex(bytes % kMiB == 0 ? 1 : 0);
    }
    const auto unit = static_cast<std::uint64_t>(m_maxBytesUnit->currentData().toLongLong());
    m_maxBytes->setRange(0, static_cast<int>(kMaxTargetBytes / unit));
    m_maxBytes->setValue(
        static_cast<int>(std::min(roundedUp(bytes, unit), kMaxTargetBytes) / unit));
}

void SettingsPanel::showProblems(const std::vector<SettingsProblem>& problems)
{
    // A problem with a value under a closed "More options" would stop the batch unseen: the
    // section opens to show it (once each time such a problem appears).
    const bool hiddenProblem
        = std::any_of(problems.begin(), problems.end(), [this](const SettingsProblem& p) {
              const auto label = m_problemLabels.find(p.field);
              return label != m_problemLabels.end() && m_more->isAncestorOf(label->second);
          });
    if (hiddenProblem && !m_hadHiddenProblem && !moreOptionsOpen()) {
        setMoreOptionsOpen(true);
    }
    m_hadHiddenProblem = hiddenProblem;
    for (auto& [field, label] : m_problemLabels) {
        QStringList messages;
        for (const SettingsProblem& p : problems) {
            if (p.field == field) {
                messages.append(p.message);
            }
        }
        const QString text = messages.join(QLatin1Char('\n'));
        if (m_heldProblemLabels.contains(label)) {
            // While one of its values has the focus, the label keeps the height it had: a
            // longer message may push the rows down once, a shorter one does not pull them up.
            const QList<QWidget*>& fields = m_problemFields[field];
            const bool editing = std::any_of(fields.begin(), fields.end(),
                [](const QWidget* w) { return w != nullptr && w->hasFocus(); });
            const int line = label->fontMetrics().lineSpacing();
            label->setMinimumHeight(editing ? std::max(line, label->height()) : line);
            // QLabel keeps its size hint, grown to the minimum it had, until its text or looks
            // change: an unchanged indent counts as the latter.
            label->setIndent(label->indent());
        } else {
            showRow(label, !messages.isEmpty());
        }
        label->setText(wrapPathsAtSeparators(text));
        if (field == SettingsField::OutputFolder) {
            showRow(label, !m_outputRow->isHidden() || !text.isEmpty()); // as set above
        }
        for (QWidget* w : m_problemFields[field]) {
            if (w != nullptr) {
                w->setAccessibleDescription(text);
            }
        }
    }
}

void SettingsPanel::updateEnabledState()
{
    const auto mode = current<SizeMode>(m_mode);
    m_sizePages->setCurrentIndex(mode == SizeMode::Percent ? 0
            : mode == SizeMode::LongEdge                   ? 2
            : mode == SizeMode::ShortEdge                  ? 3
                                                           : 1);
    const bool folder = current<OutputLocation>(m_location) == OutputLocation::Folder;
    showRow(m_outputRow, folder);
    // The output folder's problem keeps its line while the folder is typed in; beside the
    // "ResizeImage" choice only a problem shows it.
    QLabel* outputProblem = m_problemLabels[SettingsField::OutputFolder];
    showRow(outputProblem, folder || !outputProblem->text().isEmpty());
    // Only the settings of the formats an output may be in: a batch that keeps the inputs'
    // formats may write any of them; PNG has none.
    const auto format = current<OutputFormat>(m_format);
    const auto writes
        = [format](OutputFormat f) { return format == f || format == OutputFormat::Keep; };
    m_quality->setVisible(writes(OutputFormat::Jpeg));
#if DROPSIZE_WITH_HEIF
    m_avifQuality->setVisible(writes(OutputFormat::Avif));
    showRow(m_avifSpeed, writes(OutputFormat::Avif));
#endif
#if DROPSIZE_WITH_WEBP
    m_webpQuality->setVisible(writes(OutputFormat::Webp));
    m_webpLossless->setVisible(writes(OutputFormat::Webp));
    const bool losslessWebp = format == OutputFormat::Webp && m_webpLossless->isChecked();
#else
    const bool losslessWebp = false;
#endif
    const bool anyQuality = format != OutputFormat::Png;
    showRow(m_qualityRow, anyQuality);
    for (QWidget* box : { static_cast<QWidget*>(m_quality), static_cast<QWidget*>(m_webpQuality),
             static_cast<QWidget*>(m_avifQuality) }) {
        if (box != nullptr && !box->isHidden()) {
            m_qualityLabel->setBuddy(box);
            break;
        }
    }
    // A target file size lowers a lossy format's quality; PNG and lossless WebP have none.
    const bool lossy = format != OutputFormat::Png && !losslessWebp;
    m_maxBytes->setEnabled(lossy);
    m_maxBytesUnit->setEnabled(lossy);
    // Several sizes replace the one size (its enlarge and filter still apply).
    const bool oneSize = m_sizes->text().trimmed().isEmpty();
    m_mode->setEnabled(oneSize);
    m_sizePages->setEnabled(oneSize);
    showRow(m_stretchNote, mode == SizeMode::Exact);
    const bool gpuMissing
        = current<DeviceChoice>(m_device) == DeviceChoice::Gpu && !m_devices.gpuUsable;
    setTextTone(m_deviceNote, gpuMissing ? TextTone::Warning : TextTone::Normal);
    QString tip = m_deviceReason;
    if (gpuMissing) {
        tip = tr("No usable GPU: every file will run on the CPU.")
            + (tip.isEmpty() ? QString() : QLatin1Char('\n') + tip);
    }
    m_deviceNote->setToolTip(tip);
}

void SettingsPanel::chooseOutputFolder()
{
    const QString folder = QFileDialog::getExistingDirectory(
        this, tr("Choose the output folder"), m_outputFolder->text());
    if (!folder.isEmpty()) {
        m_outputFolder->setText(QDir::toNativeSeparators(folder));
        emit folderChosen(folder);
    }
}

} // namespace dropsize::ui

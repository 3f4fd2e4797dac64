// SPDX-License-Identifier: MIT
// SPDX-FileCopyrightText: Dropsize contributors
#include "dropsize/ui/settings_panel.h"

#include "dropsize/core/options.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QStackedWidget>

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
    QWidget* row(QWidget* parent, std::initializer_list<QWidget*> widgets, bool stretch = true)
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

} // namespace

SettingsPanel::SettingsPanel(const DeviceInfo& devices, QWidget* parent)
    : QWidget(parent)
    , m_devices(devices)
{
    auto* form = new QFormLayout(this);
    form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);

    // Size: the mode picks one page of values.
    m_mode = new QComboBox(this);
    addItem(m_mode, tr("Percentage"), SizeMode::Percent);
    addItem(m_mode, tr("Fit in a box"), SizeMode::Fit);
    addItem(m_mode, tr("Fill a box and crop"), SizeMode::Fill);
    addItem(m_mode, tr("Long edge"), SizeMode::LongEdge);
    addItem(m_mode, tr("Short edge"), SizeMode::ShortEdge);
    addItem(m_mode, tr("Exact size"), SizeMode::Exact);
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
    m_sizePages->addWidget(row(m_sizePages, { m_width, new QLabel(tr("\u00d7"), this), m_height }));
    m_sizePages->addWidget(row(m_sizePages, { m_longEdge }));
    m_sizePages->addWidget(row(m_sizePages, { m_shortEdge }));
    m_sizePages->setSizePolicy(QSizePolicy::Preferred, QSizePolicy::Fixed);
    form->addRow(tr("&Size:"), row(this, { m_mode, m_sizePages }));
    m_enlarge = new QCheckBox(tr("Allow &enlarging (never by default)"), this);
    form->addRow(QString(), m_enlarge);
    form->addRow(QString(), addProblemLabel(SettingsField::Size));

    m_filter = new QComboBox(this);
    addItem(m_filter, tr("Bicubic (Pillow's default)"), Filter::Bicubic);
    addItem(m_filter, tr("Lanczos (sharper)"), Filter::Lanczos);
    addItem(m_filter, tr("Hamming"), Filter::Hamming);
    addItem(m_filter, tr("Bilinear"), Filter::Bilinear);
    addItem(m_filter, tr("Box"), Filter::Box);
    addItem(m_filter, tr("Nearest"), Filter::Nearest);
    form->addRow(tr("&Filter:"), m_filter);

    m_location = new QComboBox(this);
    addItem(m_location, tr("\"ResizeImage\" inside each input folder"),
        OutputLocation::InsideEachInput);
    addItem(m_location, tr("One folder:"), OutputLocation::Folder);
    m_outputDir = new QLineEdit(this);
    m_outputDir->setPlaceholderText(tr("Output folder"));
    m_outputDir->setClearButtonEnabled(true);
    m_chooseOutput = new QPushButton(tr("C&hoose\u2026"), this);
    form->addRow(tr("&Output:"), m_location);
    form->addRow(QString(), row(this, { m_outputDir, m_chooseOutput }, false));
    form->addRow(QString(), addProblemLabel(SettingsField::OutputDir));

    m_format = new QComboBox(this);
    addItem(m_format, tr("Same as the input"), OutputFormat::Keep);
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
    m_quality->setPrefix(tr("JPEG quality "));
    form->addRow(tr("For&mat:"), row(this, { m_format, m_quality }));
    form->addRow(QString(), addProblemLabel(SettingsField::Quality));

    m_existing = new QComboBox(this);
    addItem(m_existing, tr("Skip it (a re-run resumes)"), ExistingPolicy::Skip);
    addItem(m_existing, tr("Overwrite it"), ExistingPolicy::Overwrite);
    addItem(m_existing, tr("Keep both (photo_1.jpg)"), ExistingPolicy::Rename);
    form->addRow(tr("If an output &exists:"), m_existing);

    m_recursive = new QCheckBox(tr("Include sub-&folders"), this);
    m_keepMetadata = new QCheckBox(tr("&Keep EXIF and colour profile"), this);
    form->addRow(QString(), row(this, { m_recursive, m_keepMetadata }));

    m_device = new QComboBox(this);
    addItem(m_device, tr("Automatic"), DeviceChoice::Auto);
    addItem(m_device, tr("CPU only"), DeviceChoice::Cpu);
    addItem(m_device, tr("GPU"), DeviceChoice::Gpu);
    m_deviceNote = new QLabel(this);
    m_deviceNote->setWordWrap(true);
    m_deviceNote->setText(devices.gpuUsable
            ? tr("%1 + %n CPU thread(s)", nullptr, devices.cpuThreads)
                  .arg(QString::fromStdString(devices.gpuName))
            : tr("No CUDA device: %1 \u2014 %n CPU thread(s)", nullptr, devices.cpuThreads)
                  .arg(QString::fromStdString(devices.gpuReason)));
    form->addRow(tr("&Device:"), m_device);
    form->addRow(QString(), m_deviceNote);

    auto* reset = new QPushButton(tr("&Reset to defaults"), this);
    form->addRow(QString(), row(this, { reset }));

    const auto changed = [this] {
        if (!m_updating) {
            updateEnabledState();
            emit settingsChanged();
        }
    };
    connect(m_mode, &QComboBox::currentIndexChanged, this, changed);
    connect(m_percent, &QDoubleSpinBox::valueChanged, this, changed);
    for (QSpinBox* box : { m_width, m_height, m_longEdge, m_shortEdge, m_quality }) {
        connect(box, &QSpinBox::valueChanged, this, changed);
    }
    for (QComboBox* combo : { m_filter, m_location, m_format, m_existing, m_device }) {
        connect(combo, &QComboBox::currentIndexChanged, this, changed);
    }
    for (QCheckBox* box : { m_enlarge, m_recursive, m_keepMetadata }) {
        connect(box, &QCheckBox::toggled, this, changed);
    }
    connect(m_outputDir, &QLineEdit::textChanged, this, changed);
    connect(m_chooseOutput, &QPushButton::clicked, this, &SettingsPanel::chooseOutputFolder);
    connect(reset, &QPushButton::clicked, this, &SettingsPanel::resetRequested);

    setSettings(BatchSettings {});
}

QLabel* SettingsPanel::addProblemLabel(SettingsField field)
{
    auto* label = new QLabel(this);
    label->setWordWrap(true);
    label->setStyleSheet(QStringLiteral("color: #b00020;"));
    label->setVisible(false);
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
    s.outputLocation = current<OutputLocation>(m_location);
    s.outputDir = QDir::fromNativeSeparators(m_outputDir->text().trimmed());
    s.format = current<OutputFormat>(m_format);
    s.encode.jpegQuality = m_quality->value();
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
    setCurrent(m_location, s.outputLocation);
    m_outputDir->setText(QDir::toNativeSeparators(s.outputDir));
    setCurrent(m_format, s.format);
    m_quality->setValue(s.encode.jpegQuality);
    setCurrent(m_existing, s.onExisting);
    m_recursive->setChecked(s.recursive);
    m_keepMetadata->setChecked(!s.stripMetadata);
    setCurrent(m_device, s.device);
    m_updating = false;
    updateEnabledState();
    emit settingsChanged();
}

void SettingsPanel::showProblems(const std::vector<SettingsProblem>& problems)
{
    for (auto& [field, label] : m_problemLabels) {
        QStringList messages;
        for (const SettingsProblem& p : problems) {
            if (p.field == field) {
                messages.append(p.message);
            }
        }
        label->setText(messages.join(QLatin1Char('\n')));
        label->setVisible(!messages.isEmpty());
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
    m_outputDir->setEnabled(folder);
    m_chooseOutput->setEnabled(folder);
    m_quality->setEnabled(current<OutputFormat>(m_format) != OutputFormat::Png);
    const bool gpuMissing
        = current<DeviceChoice>(m_device) == DeviceChoice::Gpu && !m_devices.gpuUsable;
    m_deviceNote->setStyleSheet(gpuMissing ? QStringLiteral("color: #8a5a00;") : QString());
    m_deviceNote->setToolTip(
        gpuMissing ? tr("No usable GPU: every file will run on the CPU.") : QString());
}

void SettingsPanel::chooseOutputFolder()
{
    const QString folder = QFileDialog::getExistingDirectory(
        this, tr("Choose the output folder"), m_outputDir->text());
    if (!folder.isEmpty()) {
        m_outputDir->setText(QDir::toNativeSeparators(folder));
        emit folderChosen(folder);
    }
}

} // namespace dropsize::ui

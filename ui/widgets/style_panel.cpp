#include "style_panel.h"

#include "instruction_presets.h"
#include "job.h"
#include "session_state.h"

#include "cosystudio/request_rules.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSlider>
#include <QSpinBox>
#include <QStyle>

#include <cmath>

namespace cosystudio::ui {

StylePanel::StylePanel(QWidget* parent) : QWidget(parent) {
  setObjectName(QStringLiteral("stylePanel"));
  mode_ = new QComboBox(this);
  mode_->setObjectName(QStringLiteral("mode"));
  for (Mode m : {Mode::ZeroShot, Mode::CrossLingual, Mode::Instruct, Mode::VoiceConversion})
    mode_->addItem(modeName(m), int(m));
  mode_->setToolTip(tr("Zero-shot: clip + transcript. Cross-lingual: clip only, any language. "
                       "Instruct: clip + a style instruction. Voice conversion: re-speak a clip."));

  preset_ = new QComboBox(this);
  preset_->setObjectName(QStringLiteral("preset"));
  preset_->addItem(tr("(free instruction)"), QString());
  for (const InstructionPreset& p : instructionPresets())
    preset_->addItem(kindName(p.kind) + QStringLiteral(" · ") + p.label, p.instruction);
  preset_->setToolTip(tr("Dialects, emotions, speed, volume and role play the model was trained on"));
  // The longest preset must not set the width of the dock; the list opens wider.
  for (QComboBox* box : {mode_, preset_}) {
    box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
    box->setMinimumContentsLength(14);
  }
  instruction_ = new QLineEdit(this);
  instruction_->setObjectName(QStringLiteral("instruction"));
  instruction_->setPlaceholderText(tr("e.g. 请用四川话表达。"));
  instruction_->setToolTip(tr("A short instruction; it is never spoken"));
  // What to know of instructions, as a mark in the field: it takes no row, so
  // nothing below moves when it comes or goes.
  instructionNote_ = instruction_->addAction(QIcon(), QLineEdit::TrailingPosition);
  instructionNote_->setObjectName(QStringLiteral("instructionNote"));

  speed_ = new QSlider(Qt::Horizontal, this);
  speed_->setObjectName(QStringLiteral("speed"));
  speed_->setRange(int(std::lround(kMinSpeed * 100)), int(std::lround(kMaxSpeed * 100)));  // in hundredths
  speed_->setSingleStep(5);
  speed_->setPageStep(25);
  speed_->setValue(100);
  speed_->setToolTip(tr("Speaking speed, %1× to %2× (not available while streaming)")
                         .arg(kMinSpeed, 0, 'f', 1)
                         .arg(kMaxSpeed, 0, 'f', 1));
  speedLabel_ = new QLabel(this);
  speedLabel_->setMinimumWidth(40);

  random_ = new QCheckBox(tr("Random"), this);
  random_->setObjectName(QStringLiteral("randomSeed"));
  random_->setChecked(true);
  random_->setToolTip(tr("Pick a new seed for every take"));
  seed_ = new QSpinBox(this);
  seed_->setObjectName(QStringLiteral("seed"));
  seed_->setRange(0, int(kMaxSeed));
  seed_->setToolTip(tr("The same seed, text and voice give the same take"));
  usedSeed_ = new QLabel(this);
  usedSeed_->setObjectName(QStringLiteral("usedSeed"));
  usedSeed_->setTextInteractionFlags(Qt::TextSelectableByMouse);
  // Room for the largest seed from the start: a seed shown never widens the panel.
  // The label's own size hint, not the text's advance: QLabel adds its margins and
  // the glyphs' overhang.
  usedSeed_->setText(tr("used: %1").arg(kMaxSeed));
  usedSeed_->setMinimumWidth(usedSeed_->sizeHint().width());
  usedSeed_->clear();
  usedSeed_->setSizePolicy(QSizePolicy::Fixed, QSizePolicy::Preferred);

  stream_ = new QCheckBox(tr("Stream (play while generating)"), this);
  stream_->setObjectName(QStringLiteral("stream"));

  auto* speedRow = new QHBoxLayout;
  speedRow->addWidget(speed_, 1);
  speedRow->addWidget(speedLabel_);
  auto* seedRow = new QHBoxLayout;
  seedRow->addWidget(seed_, 1);
  seedRow->addWidget(random_);
  seedRow->addWidget(usedSeed_);

  auto* form = new QFormLayout(this);
  form->addRow(tr("&Mode:"), mode_);
  form->addRow(tr("&Preset:"), preset_);
  form->addRow(tr("&Instruction:"), instruction_);
  // Rows whose field is a layout need an explicit buddy for their shortcut.
  auto* speedLabel = new QLabel(tr("Spee&d:"), this);
  speedLabel->setBuddy(speed_);
  auto* seedLabel = new QLabel(tr("S&eed:"), this);
  seedLabel->setBuddy(seed_);
  form->addRow(speedLabel, speedRow);
  form->addRow(seedLabel, seedRow);
  form->addRow(QString(), stream_);

  connect(mode_, &QComboBox::currentIndexChanged, this, [this] {
    updateEnabled();
    emit modeChanged(mode());
  });
  connect(preset_, &QComboBox::currentIndexChanged, this, [this] {
    const QString body = preset_->currentData().toString();
    if (body.isEmpty()) return;
    instruction_->setText(body);
    if (mode() == Mode::Instruct) return;
    setMode(Mode::Instruct);
    emit message(tr("The preset switched the mode to Instruct."));  // said, not done silently
  });
  connect(instruction_, &QLineEdit::textChanged, this, &StylePanel::updateEnabled);
  connect(instruction_, &QLineEdit::textChanged, this, &StylePanel::showPresetOfInstruction);
  connect(speed_, &QSlider::valueChanged, this, &StylePanel::updateEnabled);
  connect(random_, &QCheckBox::toggled, this, &StylePanel::updateEnabled);
  connect(stream_, &QCheckBox::toggled, this, &StylePanel::updateEnabled);
  setNoAudioOutput({});  // until the player says otherwise
}

Mode StylePanel::mode() const { return Mode(mode_->currentData().toInt()); }
void StylePanel::setMode(Mode mode) { mode_->setCurrentIndex(mode_->findData(int(mode))); }

QString StylePanel::instruction() const {
  return mode() == Mode::Instruct ? instruction_->text().trimmed() : QString();
}
void StylePanel::setInstruction(const QString& instruction) { instruction_->setText(instruction); }

void StylePanel::writeSettings(SynthesisSettings& settings) const {
  settings.mode = mode();
  settings.stream = stream_->isChecked() && stream_->isEnabled();
  settings.speed = settings.stream ? 1.0 : speed_->value() / 100.0;
  settings.seed = seed();
}

void StylePanel::showSettings(const SynthesisSettings& settings) {
  setMode(settings.mode);
  speed_->setValue(int(std::lround(settings.speed * 100)));
  stream_->setChecked(settings.stream);
  seed_->setValue(int(settings.seed));
}

bool StylePanel::randomSeed() const { return random_->isChecked(); }
quint64 StylePanel::seed() const { return quint64(seed_->value()); }
void StylePanel::setSeed(quint64 seed, bool random) {
  seed_->setValue(int(seed));
  random_->setChecked(random);
}
void StylePanel::showUsedSeed(quint64 seed) {
  usedSeed_->setText(tr("used: %1").arg(seed));
  usedSeed_->setProperty("seed", seed);
}
std::optional<quint64> StylePanel::usedSeed() const {
  const QVariant seed = usedSeed_->property("seed");
  return seed.isValid() ? std::optional(seed.toULongLong()) : std::nullopt;
}

void StylePanel::setNoAudioOutput(const QString& reason) {
  stream_->setEnabled(reason.isEmpty());
  stream_->setToolTip(reason.isEmpty() ? tr("Hear the audio while it is generated; the speed stays at 1.0")
                                       : tr("No audio output to play on: %1").arg(reason));
  updateEnabled();
}

void StylePanel::updateEnabled() {
  const bool instruct = mode() == Mode::Instruct;
  preset_->setEnabled(instruct || mode() == Mode::ZeroShot);
  instruction_->setEnabled(instruct);
  seed_->setEnabled(!random_->isChecked());
  const bool streaming = stream_->isChecked() && stream_->isEnabled();
  speed_->setEnabled(!streaming);
  speedLabel_->setText(streaming ? tr("1.0× (streaming)")
                                            : tr("%1×").arg(speed_->value() / 100.0, 0, 'f', 2));
  const bool tooLong = instruction_->text().size() > kLongInstructionChars;
  instructionNote_->setIcon(style()->standardIcon(tooLong ? QStyle::SP_MessageBoxWarning : QStyle::SP_MessageBoxInformation));
  instructionNote_->setText(tooLong ? tr("⚠ Long instructions are often ignored or spoken.")
                                    : tr("Instructions can lower the likeness to the prompt voice."));
  instructionNote_->setToolTip(instructionNote_->text() + QLatin1Char('\n') +
                               tr("An emotional prompt clip is an alternative to an instruction."));
  instructionNote_->setVisible(instruct);
}

void StylePanel::showPresetOfInstruction() {
  // A restored or typed instruction that is a preset's shows as that preset.
  const QSignalBlocker quiet(preset_);
  preset_->setCurrentIndex(std::max(0, preset_->findData(instruction_->text().trimmed())));
}

void StylePanel::saveSession(SessionState& state) const {
  writeSettings(state.settings);
  state.instruction = instruction();
  state.randomSeed = randomSeed();
  state.usedSeed = usedSeed();
}

void StylePanel::restoreSession(const SessionState& state) {
  showSettings(state.settings);
  setInstruction(state.instruction);
  random_->setChecked(state.randomSeed);
  if (state.usedSeed) showUsedSeed(*state.usedSeed);
}

}  // namespace cosystudio::ui

#include "voice_library.h"

#include "clip_panel.h"
#include "engine_messages.h"
#include "engine_session.h"
#include "file_dialogs.h"
#include "pcm_player.h"
#include "session_state.h"

#include "services/app_data.h"

#include "cosystudio/engine.h"

#include <QCheckBox>
#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QGridLayout>
#include <QInputDialog>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QPushButton>
#include <QRegularExpression>
#include <QSettings>
#include <QVBoxLayout>

#include <algorithm>

namespace cosystudio::ui {

namespace {
// Voice file → when it was last used for a job.
const QString kLastUsedKey = QStringLiteral("voices/lastUsed");
}  // namespace

QString voiceFileName(const QString& name) {
  QString safe = name.trimmed();
  safe.replace(QRegularExpression(QStringLiteral(R"([/\\:*?"<>|\x00-\x1f])")), QStringLiteral("_"));
  if (safe.startsWith(QLatin1Char('.'))) safe.remove(0, 1);
  return safe.left(80);
}

VoiceLibrary::VoiceLibrary(PcmPlayer* player, QWidget* parent)
    : QWidget(parent), folder_(defaultFolder()), player_(player) {
  setObjectName(QStringLiteral("voiceLibrary"));
  filter_ = new QLineEdit(this);
  filter_->setObjectName(QStringLiteral("voiceFilter"));
  filter_->setPlaceholderText(tr("Find a voice"));
  filter_->setClearButtonEnabled(true);
  list_ = new QListWidget(this);
  list_->setObjectName(QStringLiteral("voices"));
  list_->setToolTip(tr("Saved voices; double-click to rename"));
  use_ = new QCheckBox(tr("&Use the selected voice instead of the clip"), this);
  use_->setObjectName(QStringLiteral("useVoice"));
  use_->setToolTip(tr("A saved voice skips feature extraction and keeps the voice consistent"));
  auto* preview = new QPushButton(tr("&Preview"), this);
  preview->setToolTip(tr("Listen to the clip the selected voice was made from"));
  auto* save = new QPushButton(tr("&Save current…"), this);
  save->setToolTip(tr("Save the prompt clip and its transcript as a named voice (Ctrl+Shift+S)"));
  auto* renameButton = new QPushButton(tr("Rena&me…"), this);
  renameButton->setObjectName(QStringLiteral("renameVoice"));
  auto* removeButton = new QPushButton(tr("De&lete"), this);
  removeButton->setObjectName(QStringLiteral("deleteVoice"));
  auto* importButton = new QPushButton(tr("&Import…"), this);
  auto* exportButton = new QPushButton(tr("E&xport…"), this);
  exportButton->setObjectName(QStringLiteral("exportVoice"));

  // Two rows of three: one row of six would set the width of the dock.
  auto* buttons = new QGridLayout;
  int at = 0;
  for (QPushButton* b : {preview, save, renameButton, removeButton, importButton, exportButton}) {
    buttons->addWidget(b, at / 3, at % 3);
    ++at;
  }
  auto* layout = new QVBoxLayout(this);
  layout->addWidget(filter_);
  layout->addWidget(list_, 1);
  layout->addWidget(use_);
  layout->addLayout(buttons);

  connect(filter_, &QLineEdit::textChanged, this, &VoiceLibrary::setFilter);
  connect(preview, &QPushButton::clicked, this, &VoiceLibrary::previewSelected);
  connect(player_, &PcmPlayer::availabilityChanged, preview, [this, preview] { player_->guard(preview, true); });
  player_->guard(preview, true);
  connect(save, &QPushButton::clicked, this, &VoiceLibrary::saveRequested);
  connect(renameButton, &QPushButton::clicked, this, &VoiceLibrary::renameSelected);
  connect(list_, &QListWidget::itemDoubleClicked, this, &VoiceLibrary::renameSelected);
  connect(removeButton, &QPushButton::clicked, this, &VoiceLibrary::removeSelected);
  connect(importButton, &QPushButton::clicked, this, &VoiceLibrary::importWithDialog);
  connect(exportButton, &QPushButton::clicked, this, &VoiceLibrary::exportWithDialog);
  // Which voice will speak: the window says it next to Generate and on the clip tab.
  const auto speakerChanged = [this] { emit activeVoiceChanged(activeVoiceName()); };
  connect(use_, &QCheckBox::toggled, this, speakerChanged);
  connect(list_, &QListWidget::currentRowChanged, this, speakerChanged);
  // What acts on the selected voice is off while none is selected.
  const auto offerActions = [this, renameButton, removeButton, exportButton] {
    for (QPushButton* button : {renameButton, removeButton, exportButton}) button->setEnabled(list_->currentItem());
  };
  connect(list_, &QListWidget::currentRowChanged, this, offerActions);
  refresh();
  offerActions();
}

QString VoiceLibrary::defaultFolder() { return services::voicesFolder(); }

void VoiceLibrary::setFolder(const QString& folder) {
  folder_ = folder;
  const QDir dir(folder_);
  for (const QFileInfo& earlier :
       dir.entryInfoList({QStringLiteral("*") + QLatin1String(kEarlierSuffix)}, QDir::Files)) {
    const QString renamed = dir.filePath(earlier.completeBaseName() + QLatin1String(kSuffix));
    if (!QFileInfo::exists(renamed)) QFile::rename(earlier.filePath(), renamed);
  }
  refresh();
}

QString VoiceLibrary::fileFor(const QString& name) const {
  return QDir(folder_).filePath(voiceFileName(name) + QLatin1String(kSuffix));
}

QStringList VoiceLibrary::names() const {
  QStringList names;
  for (const QFileInfo& file :
       QDir(folder_).entryInfoList({QStringLiteral("*") + QLatin1String(kSuffix)}, QDir::Files, QDir::Name))
    names << file.completeBaseName();
  const QVariantMap used = QSettings().value(kLastUsedKey).toMap();
  std::stable_sort(names.begin(), names.end(), [&](const QString& a, const QString& b) {
    return used.value(fileFor(a)).toDateTime() > used.value(fileFor(b)).toDateTime();
  });
  return names;
}

void VoiceLibrary::markUsed(const QString& name) {
  QSettings settings;
  QVariantMap used = settings.value(kLastUsedKey).toMap();
  used.insert(fileFor(name), QDateTime::currentDateTime());
  settings.setValue(kLastUsedKey, used);
  refresh();
}

void VoiceLibrary::refresh() {
  const QString selected = selectedName();
  list_->clear();
  list_->addItems(names());
  const auto found = list_->findItems(selected, Qt::MatchExactly);
  if (!found.isEmpty()) list_->setCurrentItem(found.first());
  setFilter(filter_->text());
  emit refreshed();
}

QString VoiceLibrary::selectedName() const {
  return list_->currentItem() ? list_->currentItem()->text() : QString();
}

bool VoiceLibrary::previewSelected() {
  const QString name = selectedName();
  if (name.isEmpty()) return false;
  try {
    const Voice voice = Voice::load(fileFor(name).toStdString());
    const std::vector<float>& clip = voice.clipSamples();
    player_->setProperty("owner", QVariant::fromValue<QObject*>(this));
    if (!player_->play(QVector<float>(clip.begin(), clip.end()), voice.clipRate())) return false;
    emit message(tr("%1: “%2” (%3 s)")
                     .arg(name, QString::fromStdString(voice.transcript()))
                     .arg(voice.clipSeconds(), 0, 'f', 1));
    return true;
  } catch (const std::exception& e) {
    emit errorOccurred(tr("Cannot read the voice %1: %2").arg(name, errorText(e)));
    return false;
  }
}

void VoiceLibrary::setFilter(const QString& text) {
  for (int i = 0; i < list_->count(); ++i)
    list_->item(i)->setHidden(!list_->item(i)->text().contains(text.trimmed(), Qt::CaseInsensitive));
}

bool VoiceLibrary::setActiveVoice(const QString& name) {
  const auto found = list_->findItems(name, Qt::MatchExactly);
  if (found.isEmpty()) return false;
  list_->setCurrentItem(found.first());
  use_->setChecked(true);
  return true;
}

void VoiceLibrary::useClip() { use_->setChecked(false); }

QString VoiceLibrary::activeVoiceName() const { return use_->isChecked() ? selectedName() : QString(); }

QString VoiceLibrary::activeVoiceFile() const {
  const QString name = activeVoiceName();
  return name.isEmpty() ? QString() : fileFor(name);
}

bool VoiceLibrary::rename(const QString& from, const QString& to, QString* error) {
  const QString target = fileFor(to);
  if (voiceFileName(to).isEmpty() || QFile::exists(target)) {
    if (error) *error = tr("A voice named “%1” cannot be created.").arg(to);
    return false;
  }
  if (!QFile::rename(fileFor(from), target)) {
    if (error) *error = tr("“%1” could not be renamed.").arg(from);
    return false;
  }
  refresh();
  return true;
}

bool VoiceLibrary::remove(const QString& name, QString* error) {
  if (!QFile::remove(fileFor(name))) {
    if (error) *error = tr("“%1” could not be deleted.").arg(name);
    return false;
  }
  refresh();
  return true;
}

bool VoiceLibrary::importFile(const QString& path, QString* error) {
  try {
    Voice::load(std::filesystem::path(path.toStdString()));  // refuse anything that is not a voice
  } catch (const std::exception& e) {
    if (error) *error = tr("%1 is not a voice file: %2").arg(path, errorText(e));
    return false;
  }
  QDir().mkpath(folder_);
  const QString target = fileFor(QFileInfo(path).completeBaseName());
  if (QFile::exists(target) || !QFile::copy(path, target)) {
    if (error) *error = tr("A voice with the name of %1 already exists.").arg(QFileInfo(path).fileName());
    return false;
  }
  refresh();
  return true;
}

bool VoiceLibrary::exportVoice(const QString& name, const QString& path, QString* error) const {
  QFile::remove(path);
  if (!QFile::copy(fileFor(name), path)) {
    if (error) *error = tr("“%1” could not be exported to %2.").arg(name, path);
    return false;
  }
  return true;
}

void VoiceLibrary::renameSelected() {
  const QString from = selectedName();
  if (from.isEmpty()) return;
  bool ok = false;
  const QString to = QInputDialog::getText(this, tr("Rename voice"), tr("New name:"), QLineEdit::Normal, from, &ok);
  QString error;
  if (ok && to != from && !rename(from, to, &error)) emit errorOccurred(error);
}

void VoiceLibrary::removeSelected() {
  const QString name = selectedName();
  if (name.isEmpty()) return;
  if (QMessageBox::question(this, tr("Delete voice"), tr("Delete the voice “%1”?").arg(name)) != QMessageBox::Yes)
    return;
  QString error;
  if (!remove(name, &error)) emit errorOccurred(error);
}

void VoiceLibrary::importWithDialog() {
  const QString path = chooseOpenPath(
      this, tr("Import voice"), FileKind::Voice,
      tr("CosyStudio voices (*%1 *%2)").arg(QLatin1String(kSuffix), QLatin1String(kEarlierSuffix)));
  QString error;
  if (!path.isEmpty() && !importFile(path, &error)) emit errorOccurred(error);
}

void VoiceLibrary::exportWithDialog() {
  const QString name = selectedName();
  if (name.isEmpty()) return;
  if (QMessageBox::question(this, tr("Export voice"),
                            tr("A voice file lets anyone speak with this voice. Share it only with the "
                               "consent of the person whose voice it is. Continue?")) != QMessageBox::Yes)
    return;
  const QString path = chooseSavePath(this, tr("Export voice"), FileKind::Voice, name + QLatin1String(kSuffix),
                                      tr("CosyStudio voices (*%1)").arg(QLatin1String(kSuffix)));
  QString error;
  if (path.isEmpty()) return;
  if (exportVoice(name, path, &error))
    emit message(tr("Exported %1").arg(path));
  else
    emit errorOccurred(error);
}

void VoiceLibrary::saveSession(SessionState& state) const { state.voice = activeVoiceName(); }

void VoiceLibrary::restoreSession(const SessionState& state) {
  if (state.voice.isEmpty() || !setActiveVoice(state.voice)) use_->setChecked(false);  // the clip speaks
}

QString VoiceLibrary::saveClipAsVoice(const ClipPanel& clip, EngineSession* session) {
  QString error;
  const PromptClip selection = clip.clipForEngine(&error);
  if (selection.isEmpty()) return error;
  bool ok = false;
  const QString name = QInputDialog::getText(this, tr("Save voice"), tr("Name of the voice:"), QLineEdit::Normal,
                                             QFileInfo(clip.sourcePath()).completeBaseName(), &ok);
  if (!ok || voiceFileName(name).isEmpty()) return {};
  QDir().mkpath(folder_);
  session->saveVoice(selection, clip.transcript(), fileFor(name));
  return {};
}

}  // namespace cosystudio::ui

#include "moc_voice_library.cpp"

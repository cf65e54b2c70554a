#include "text_panel.h"

#include "engine_messages.h"
#include "engine_session.h"
#include "markup_highlighter.h"
#include "pronunciation_dictionary.h"
#include "pronunciation_markup.h"
#include "script_job.h"
#include "session_state.h"

#include "cosystudio/text/markup.h"
#include "cosystudio/text/split_paragraph.h"
#include "cosystudio/text/text_normalize.h"
#include "cosystudio/text/tokenizer.h"

#include "services/download/model_download.h"

#include <QCheckBox>
#include <QFutureWatcher>
#include <QGuiApplication>
#include <QHBoxLayout>
#include <QHelpEvent>
#include <QInputDialog>
#include <QLabel>
#include <QListWidget>
#include <QMenu>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QSplitter>
#include <QTextBlock>
#include <QThreadPool>
#include <QTimer>
#include <QToolBar>
#include <QToolTip>
#include <QVBoxLayout>
#include <QtConcurrent/QtConcurrentRun>

namespace cosystudio::ui {

namespace {

// Speech shorter than this is not worth an estimate.
constexpr double kEstimateFromSeconds = 60;

// How long `text` sounds at typical rates of speech: 4.5 Chinese (or
// Japanese, Korean) characters a second, 2.6 words a second otherwise. A
// rough figure, which says how long a long text will be before it is made.
double spokenSecondsOf(const QString& text) {
  qsizetype characters = 0, words = 0;
  bool inWord = false;
  for (const QChar c : text) {
    const QChar::Script script = c.script();
    if (script == QChar::Script_Han || script == QChar::Script_Hiragana || script == QChar::Script_Katakana ||
        script == QChar::Script_Hangul) {
      ++characters;
      inWord = false;
    } else if (c.isLetterOrNumber()) {
      words += !inWord;
      inWord = true;
    } else {
      inWord = false;
    }
  }
  return double(characters) / 4.5 + double(words) / 2.6;
}

}  // namespace

QList<PaletteTag> paletteTags() {
  return {{QStringLiteral("[breath]"), {}, TextPanel::tr("a breath")},
          {QStringLiteral("[quick_breath]"), {}, TextPanel::tr("a quick breath")},
          {QStringLiteral("[laughter]"), {}, TextPanel::tr("a laugh")},
          {QStringLiteral("[sigh]"), {}, TextPanel::tr("a sigh")},
          {QStringLiteral("[cough]"), {}, TextPanel::tr("a cough")},
          {QStringLiteral("<strong>"), QStringLiteral("</strong>"), TextPanel::tr("stress on the words inside")},
          {QStringLiteral("<laughter>"), QStringLiteral("</laughter>"),
           TextPanel::tr("the words inside said laughing")}};
}

TextPanel::TextPanel(QWidget* parent) : QWidget(parent) {
  // Read the helper's dictionaries now, off the GUI thread, so the first
  // Ctrl+P does not wait for them.
  QThreadPool::globalInstance()->start([] { PronunciationDictionary::system(); });
  setObjectName(QStringLiteral("textPanel"));
  editor_ = new QPlainTextEdit(this);
  editor_->setObjectName(QStringLiteral("textEditor"));
  editor_->setPlaceholderText(tr("Type the text to speak. Markup: 她[h][ào]干净 · [breath] · "
                                 "<strong>word</strong> · [M][AY1] for English phones"));
  editor_->setTabChangesFocus(true);
  editor_->viewport()->installEventFilter(this);
  highlighter_ = new MarkupHighlighter(editor_->document());  // owned by the document
  editor_->setContextMenuPolicy(Qt::CustomContextMenu);
  connect(editor_, &QWidget::customContextMenuRequested, this, &TextPanel::showEditorMenu);

  // A tool bar rather than a row of buttons: on a narrow window what does not
  // fit moves into its » menu instead of widening the window.
  auto* palette = new QToolBar(this);
  palette->setObjectName(QStringLiteral("markupBar"));
  palette->setToolButtonStyle(Qt::ToolButtonTextOnly);
  palette->addWidget(new QLabel(tr("Insert:"), palette));
  for (const PaletteTag& tag : paletteTags()) {
    QAction* action = palette->addAction(tag.shown(), this, [this, tag] { insertTag(tag.open, tag.close); });
    action->setToolTip(tag.close.isEmpty() ? tr("Insert %1 at the cursor").arg(tag.open)
                                           : tr("Wrap the selection in %1…%2").arg(tag.open, tag.close));
  }
  palette->addSeparator();
  QAction* pronounce = palette->addAction(tr("Pronunciation…"), this, &TextPanel::pronounce);
  pronounce->setToolTip(tr("Replace a Chinese character (the selected one, or the one before the cursor) by a "
                           "toned pinyin reading, or an English word (selected, or under the cursor) by CMU phones "
                           "(Ctrl+P)"));
  pronounce->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_P));
  QAction* rules = palette->addAction(tr("Rules…"), this, &TextPanel::editReplacements);
  rules->setObjectName(QStringLiteral("replacementRules"));
  rules->setToolTip(tr("Find → replace rules applied before normalisation, for words the model misreads"));
  replacements_ = loadReplacements();

  raw_ = new QCheckBox(tr("Raw text"), this);
  raw_->setObjectName(QStringLiteral("rawText"));
  raw_->setToolTip(tr("Send the text as typed, without number/symbol normalisation "
                      "(for languages the normaliser mishandles)"));
  readNumbers_ = new QCheckBox(tr("Read numbers as words"), this);
  readNumbers_->setObjectName(QStringLiteral("readNumbers"));
  readNumbers_->setChecked(true);
  readNumbers_->setToolTip(tr("Numbers, dates, times, money and units are written out in words before the model "
                              "reads them (off: only the official rules run, which leave Chinese digits as they are)"));
  status_ = new QLabel(this);
  status_->setObjectName(QStringLiteral("textStatus"));
  status_->setWordWrap(true);

  auto* bottom = new QHBoxLayout;
  bottom->addWidget(status_, 1);
  bottom->addWidget(readNumbers_);
  bottom->addWidget(raw_);

  preview_ = new QListWidget(this);
  preview_->setObjectName(QStringLiteral("segmentPreview"));
  preview_->setToolTip(tr("Exactly what the model will receive, one line per segment"));
  preview_->setWordWrap(true);
  preview_->setAlternatingRowColors(true);
  previewTimer_ = new QTimer(this);
  previewTimer_->setSingleShot(true);
  previewTimer_->setInterval(300);
  connect(previewTimer_, &QTimer::timeout, this, &TextPanel::updatePreview);

  auto* previewBox = new QWidget(this);
  auto* previewLayout = new QVBoxLayout(previewBox);
  previewLayout->setContentsMargins(0, 0, 0, 0);
  previewLayout->addWidget(new QLabel(tr("Normalised segments:"), previewBox));
  previewLayout->addWidget(preview_);
  auto* splitter = new QSplitter(Qt::Vertical, this);
  splitter->addWidget(editor_);
  splitter->addWidget(previewBox);
  splitter->setStretchFactor(0, 3);
  splitter->setStretchFactor(1, 1);

  auto* layout = new QVBoxLayout(this);
  layout->addWidget(palette);
  layout->addWidget(splitter, 1);
  layout->addLayout(bottom);

  connect(editor_, &QPlainTextEdit::textChanged, this, [this] {
    updateStatus();
    previewTimer_->start();
    emit textChanged();
  });
  connect(raw_, &QCheckBox::toggled, this, &TextPanel::updatePreview);
  connect(raw_, &QCheckBox::toggled, readNumbers_, &QWidget::setDisabled);  // raw text is not normalised at all
  connect(readNumbers_, &QCheckBox::toggled, this, &TextPanel::updatePreview);
  updateStatus();
}

QString TextPanel::text() const { return editor_->toPlainText(); }
void TextPanel::setText(const QString& text) { editor_->setPlainText(text); }
QString TextPanel::textToSpeak() const { return applyReplacements(text(), replacements_); }

void TextPanel::setReplacements(const QList<Replacement>& rules) {
  replacements_ = rules;
  saveReplacements(rules);
  updatePreview();
  updateStatus();
}

void TextPanel::editReplacements() {
  ReplacementRulesDialog dialog(replacements_, this);
  if (dialog.exec() == QDialog::Accepted) setReplacements(dialog.rules());
}

void TextPanel::writeSettings(SynthesisSettings& settings) const {
  settings.normalize = !raw_->isChecked();
  settings.readNumbers = readNumbers_->isChecked();
}

void TextPanel::showSettings(const SynthesisSettings& settings) {
  raw_->setChecked(!settings.normalize);
  readNumbers_->setChecked(settings.readNumbers);
}

void TextPanel::setKnownTags(const QStringList& tags) { knownTags_ = tags; }

void TextPanel::setTokenizer(std::shared_ptr<const text::Tokenizer> tokenizer) {
  tokenizer_ = std::move(tokenizer);
  updatePreview();
}

namespace {

// The tokenizer of a model folder and its added tokens (the markup tags), or why they cannot be read.
struct ReadTokenizer {
  std::shared_ptr<const text::Tokenizer> tokenizer;
  QStringList tags;
  QString error;
};

ReadTokenizer readTokenizer(const QString& folder) {
  ReadTokenizer read;
  try {
    auto tokenizer = std::make_shared<text::Tokenizer>(text::Tokenizer::load(std::filesystem::path(folder.toStdString())));
    for (const std::string& tag : tokenizer->addedTokens()) read.tags << QString::fromStdString(tag);
    read.tokenizer = std::move(tokenizer);
  } catch (const std::exception& e) {
    read.error = errorText(e);
  }
  return read;
}

}  // namespace

void TextPanel::loadTokenizer(const QString& folder) {
  tokenizerFolder_ = folder;
  auto* reading = new QFutureWatcher<ReadTokenizer>(this);
  connect(reading, &QFutureWatcher<ReadTokenizer>::finished, this, [this, reading, folder] {
    reading->deleteLater();
    if (folder != tokenizerFolder_) return;
    const ReadTokenizer read = reading->result();
    if (!read.tokenizer) {
      emit message(tr("The segments cannot be previewed: %1").arg(read.error));
      return;
    }
    setKnownTags(read.tags);
    setTokenizer(read.tokenizer);
  });
  reading->setFuture(QtConcurrent::run(readTokenizer, folder));
}

void TextPanel::setCrossLingual(bool crossLingual) {
  crossLingual_ = crossLingual;
  updatePreview();
}

QStringList TextPanel::previewSegments() const {
  QStringList segments;
  // Segments are shown numbered; the text itself is kept under UserRole.
  for (int i = 0; i < preview_->count(); ++i) {
    const QVariant segment = preview_->item(i)->data(Qt::UserRole);
    segments << (segment.isValid() ? segment.toString() : preview_->item(i)->text());
  }
  return segments;
}

void TextPanel::updatePreview() {
  previewTimer_->stop();
  preview_->clear();
  const QString typed = textToSpeak().trimmed();
  if (typed.isEmpty()) return;
  if (!tokenizer_) {
    preview_->addItem(crossLingual_ ? typed : tr("(the segments are shown once a model is chosen)"));
    return;
  }
  // A script's lines are spoken one by one, each by its speaker: its segments are shown so, named.
  QVector<QPair<QString, QString>> pieces;  // speaker (empty: the voice in use), text
  QString speaker;
  for (const QString& line : typed.split(QLatin1Char('\n'))) {
    const auto prefix = speakerPrefix(line, speakers_);
    if (prefix) speaker = prefix->name;
    if (!pieces.isEmpty() && pieces.last().first == speaker && !prefix)
      pieces.last().second += QLatin1Char('\n') + line;
    else
      pieces.append({speaker, prefix ? line.mid(prefix->length) : line});
  }
  try {
    // Cross-lingual text is sent as typed, only cut at the length bound.
    text::NormalizeOptions options;
    options.textFrontend = !raw_->isChecked();
    options.readNumbers = readNumbers_->isChecked();
    for (const auto& [name, piece] : pieces) {
      std::vector<bool> forcedCut;
      const std::vector<std::string> segments =
          crossLingual_ ? text::capToPieces(piece.toStdString(), *tokenizer_, &forcedCut)
                        : text::requestSegments(piece.toStdString(), *tokenizer_, options, &forcedCut);
      for (std::size_t i = 0; i < segments.size(); ++i) {
        const QString segment = QString::fromStdString(segments[i]);
        QString shown = tr("%1. %2").arg(preview_->count() + 1).arg(name.isEmpty() ? segment : name + QStringLiteral(": ") + segment);
        if (forcedCut[i]) shown += tr(" ✂ (cut here: too long without punctuation)");
        auto* item = new QListWidgetItem(shown, preview_);
        item->setData(Qt::UserRole, segment);
        if (forcedCut[i])
          item->setToolTip(tr("A segment may hold at most %1 text tokens; add punctuation where a cut sounds better.")
                               .arg(text::kMaxPieceTokens));
      }
    }
  } catch (const std::exception& e) {
    preview_->addItem(tr("⚠ %1").arg(errorText(e)));
  }
}

QStringList TextPanel::unknownTags() const {
  QStringList unknown;
  for (const text::MarkupSpan& span : text::unknownMarkup(textToSpeak().toStdString()))
    if (const QString tag = QString::fromStdString(span.text); !unknown.contains(tag)) unknown << tag;
  return unknown;
}

void TextPanel::insertTag(const QString& open, const QString& close) {
  QTextCursor cursor = editor_->textCursor();
  cursor.insertText(open + cursor.selectedText() + close);
  editor_->setFocus();
}

void TextPanel::pronounce() {
  QTextCursor cursor = pronunciationTarget(editor_->textCursor());
  const QString selected = cursor.selectedText().trimmed();
  const QList<uint> characters = selected.toUcs4();
  const bool chinese = isHanCharacter(selected);
  // A reading stands for one character; CMU phones exist only for Latin letters.
  if (!chinese && !isLatinText(selected)) {
    QMessageBox::information(this, tr("Pronunciation"),
                             tr("Select one Chinese character or an English word, or put the cursor right "
                                "after a Chinese character or inside an English word."));
    return;
  }
  const auto markupOf = [chinese](const QString& reading) {
    return chinese ? pinyinMarkup(reading) : phoneMarkup(reading);
  };

  // Offer the dictionary's readings that the loaded model can say.
  QGuiApplication::setOverrideCursor(Qt::WaitCursor);
  const PronunciationDictionary& dictionary = PronunciationDictionary::system();
  QGuiApplication::restoreOverrideCursor();
  QStringList offered;
  for (const QString& reading : chinese ? dictionary.pinyin(characters[0]) : dictionary.phones(selected)) {
    if (!markupOf(reading).isEmpty()) offered << reading;
  }
  QString label = (chinese ? tr("Reading of “%1”: pick one, or type pinyin with its tone number (e.g. hao4):")
                           : tr("CMU phones for “%1”: pick one, or type them separated by spaces (e.g. M AY1):"))
                      .arg(selected);
  if (offered.isEmpty() && !dictionary.problems().isEmpty())
    label += QLatin1Char('\n') + tr("No suggestions: %1").arg(dictionary.problems().join(QLatin1Char('\n')));
  bool ok = false;
  const QString typed = QInputDialog::getItem(this, tr("Pronunciation"), label, offered, 0,
                                              /*editable=*/true, &ok);
  if (!ok || typed.trimmed().isEmpty()) return;
  const QString markup = markupOf(typed);
  if (markup.isEmpty()) {
    QMessageBox::warning(this, tr("Pronunciation"), tr("“%1” is not a valid reading.").arg(typed));
    return;
  }
  cursor.insertText(markup);
}

void TextPanel::updateStatus() {
  const QStringList unknown = unknownTags();
  if (!unknown.isEmpty()) {
    status_->setText(tr("⚠ Unknown tags will be read out as text: %1").arg(unknown.join(QStringLiteral(" "))));
    return;
  }
  QString status = tr("%n character(s)", nullptr, int(text().size()));
  if (const double speech = spokenSecondsOf(text()); speech >= kEstimateFromSeconds) {
    status += tr(" · about %1 of speech").arg(services::durationText(speech));
    if (realTimeFactor_ > 0)
      status += tr(", about %1 to make here").arg(services::durationText(speech * realTimeFactor_));
  }
  status_->setText(status);
}

void TextPanel::follow(EngineSession* session) {
  connect(session, &EngineSession::jobFinished, this, [this](const Take& take) {
    if (take.isIncomplete() || take.realTimeFactor <= 0) return;
    realTimeFactor_ = take.realTimeFactor;
    updateStatus();
  });
}

bool TextPanel::eventFilter(QObject* watched, QEvent* event) {
  if (watched == editor_->viewport() && event->type() == QEvent::ToolTip) {
    auto* help = static_cast<QHelpEvent*>(event);
    const QTextCursor cursor = editor_->cursorForPosition(help->pos());
    const QTextBlock block = cursor.block();
    const int position = cursor.positionInBlock();
    for (const QTextLayout::FormatRange& range : block.layout()->formats())
      if (position >= range.start && position <= range.start + range.length &&
          !range.format.toolTip().isEmpty()) {
        QToolTip::showText(help->globalPos(), range.format.toolTip(), editor_);
        return true;
      }
    QToolTip::hideText();
    return true;
  }
  return QWidget::eventFilter(watched, event);
}

void TextPanel::setSpeakers(const QStringList& names) {
  QStringList sorted = names;
  sorted.sort(Qt::CaseInsensitive);
  if (sorted == speakers_) return;
  speakers_ = sorted;
  highlighter_->setSpeakers(speakers_);
  previewTimer_->start();  // the preview names the speakers
  qDeleteAll(speakerShortcuts_);
  speakerShortcuts_.clear();
  for (int i = 0; i < std::min<qsizetype>(9, speakers_.size()); ++i) {
    auto* shortcut = new QAction(editor_);
    shortcut->setShortcut(QKeySequence(Qt::ALT | Qt::Key(Qt::Key_1 + i)));
    shortcut->setShortcutContext(Qt::WidgetShortcut);
    connect(shortcut, &QAction::triggered, this, [this, name = speakers_[i]] { assignSpeaker(name); });
    editor_->addAction(shortcut);
    speakerShortcuts_ << shortcut;
  }
}

QMenu* TextPanel::speakerMenu(QWidget* parent) {
  auto* menu = new QMenu(tr("Spoken by"), parent);
  if (speakers_.isEmpty()) {
    menu->addAction(tr("(no saved voices: save one under Voices)"))->setEnabled(false);
    return menu;
  }
  for (qsizetype i = 0; i < speakers_.size(); ++i) {
    QAction* action = menu->addAction(speakers_[i], this, [this, name = speakers_[i]] { assignSpeaker(name); });
    if (i < speakerShortcuts_.size()) action->setShortcut(speakerShortcuts_[i]->shortcut());
  }
  menu->addSeparator();
  menu->addAction(tr("No one (the voice in use)"), this, [this] { assignSpeaker({}); });
  return menu;
}

void TextPanel::showEditorMenu(const QPoint& position) {
  QMenu* menu = editor_->createStandardContextMenu(position);
  menu->addSeparator();
  menu->addMenu(speakerMenu(menu));
  menu->setAttribute(Qt::WA_DeleteOnClose);
  menu->popup(editor_->viewport()->mapToGlobal(position));
}

QStringList TextPanel::speakersInText() const {
  QStringList named;
  for (QTextBlock block = editor_->document()->begin(); block.isValid(); block = block.next())
    if (const auto prefix = speakerPrefix(block.text(), speakers_); prefix && !named.contains(prefix->name))
      named << prefix->name;
  return named;
}

void TextPanel::assignSpeaker(const QString& name) {
  QTextCursor cursor = editor_->textCursor();
  QTextBlock block = editor_->document()->findBlock(cursor.selectionStart());
  const QTextBlock last = editor_->document()->findBlock(cursor.selectionEnd());
  cursor.beginEditBlock();  // one undo step
  for (;; block = block.next()) {
    QTextCursor line(block);
    if (const auto prefix = speakerPrefix(block.text(), speakers_)) {
      line.setPosition(block.position() + prefix->length, QTextCursor::KeepAnchor);
      line.removeSelectedText();
    }
    if (!name.isEmpty() && !block.text().trimmed().isEmpty()) line.insertText(name + QStringLiteral(": "));
    if (block == last || !block.next().isValid()) break;
  }
  cursor.endEditBlock();
}

void TextPanel::saveSession(SessionState& state) const {
  state.text = text();
  writeSettings(state.settings);
  state.realTimeFactor = realTimeFactor_;
}

void TextPanel::restoreSession(const SessionState& state) {
  // A take's state (SessionState::ofTake) says nothing of the machine's speed.
  if (state.realTimeFactor > 0) realTimeFactor_ = state.realTimeFactor;
  setText(state.text);
  showSettings(state.settings);
}

}  // namespace cosystudio::ui

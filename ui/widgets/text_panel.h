// The text to speak: an editor with markup highlighting, a tag palette, a
// pronunciation helper and a "raw text" switch.
#pragma once

#include "pronunciation_markup.h"  // the helper's pinyinMarkup() and phoneMarkup(), for the panel's users
#include "replacement_rules.h"

#include "cosystudio/engine.h"

#include <QWidget>

#include <memory>

class QCheckBox;
class QLabel;
class QListWidget;
class QPlainTextEdit;
class QTimer;
class QMenu;

namespace cosystudio::text {
class Tokenizer;
}

namespace cosystudio::ui {

class EngineSession;
class MarkupHighlighter;
struct SessionState;

class TextPanel : public QWidget {
  Q_OBJECT

 public:
  explicit TextPanel(QWidget* parent = nullptr);
  // The pace of the session's last whole take: with it the status line says
  // roughly how long a long text takes to make on this machine.
  void follow(EngineSession* session);

  QString text() const;
  void setText(const QString& text);
  // The text with the replacement rules applied: what goes to the engine.
  QString textToSpeak() const;
  const QList<Replacement>& replacements() const { return replacements_; }
  void setReplacements(const QList<Replacement>& rules);  // also saved in the settings
  // Its part of the settings: normalisation (off for raw text) and numbers,
  // dates and units read as words before the official rules (the default).
  void writeSettings(SynthesisSettings& settings) const;
  void showSettings(const SynthesisSettings& settings);
  // Its part of what is kept across quitting (session_state.h).
  void saveSession(SessionState& state) const;
  void restoreSession(const SessionState& state);
  // The tokenizer's added tokens of the loaded model (empty: not known yet),
  // for the markup reference. Markup is classified without them: the
  // engine's text::scanMarkup knows CosyVoice3's tokens.
  void setKnownTags(const QStringList& tags);
  const QStringList& knownTags() const { return knownTags_; }
  // The model's tokenizer, for the preview of normalised segments.
  void setTokenizer(std::shared_ptr<const text::Tokenizer> tokenizer);
  // Reads the tokenizer of the model in `folder` on a pool thread (a moment's
  // work), then sets it and its tags; a folder chosen meanwhile wins.
  void loadTokenizer(const QString& folder);
  // Cross-lingual mode sends the text whole and verbatim.
  void setCrossLingual(bool crossLingual);
  // What the model will receive, one entry per segment (empty until a tokenizer is set).
  QStringList previewSegments() const;
  // Tags in the text to speak the model does not know, each once.
  QStringList unknownTags() const;
  QPlainTextEdit* editor() const { return editor_; }
  // The saved voices a line can be given to: their "Name:" is coloured, and
  // the editor's menu (and Alt+1…9, in alphabetical order) gives lines to them.
  void setSpeakers(const QStringList& names);
  // Gives the selected lines (or the cursor's) to `name` ("name: …"); an
  // empty name takes their speaker away.
  void assignSpeaker(const QString& name);
  // The speakers the text's lines name, in the order they first speak.
  QStringList speakersInText() const;

 signals:
  void textChanged();
  // For the status bar: e.g. why the segment preview is not available.
  void message(const QString& text);

 protected:
  bool eventFilter(QObject* watched, QEvent* event) override;

 public slots:
  void editReplacements();
  // Replaces the selected Chinese character or English word by a reading
  // picked in a dialog; without a selection, the Chinese character before
  // (or at) the cursor, else the English word under it.
  void pronounce();

 private:
  void insertTag(const QString& open, const QString& close = {});
  void showEditorMenu(const QPoint& position);
  QMenu* speakerMenu(QWidget* parent);
  void updateStatus();
  void updatePreview();

  QPlainTextEdit* editor_;
  MarkupHighlighter* highlighter_;
  QStringList speakers_;                 // alphabetical
  QList<QAction*> speakerShortcuts_;     // Alt+1…9
  QCheckBox* raw_;
  QCheckBox* readNumbers_;
  QList<Replacement> replacements_;
  QLabel* status_;
  QListWidget* preview_;
  QTimer* previewTimer_;
  QStringList knownTags_;
  std::shared_ptr<const text::Tokenizer> tokenizer_;
  QString tokenizerFolder_;  // the folder loadTokenizer() was last asked for
  bool crossLingual_ = false;
  double realTimeFactor_ = 0;  // of the last whole take; 0: none made yet
};

// A tag of the palette: put in at the cursor or, with a close tag, around the selection.
struct PaletteTag {
  QString open;
  QString close;
  QString meaning;  // what the model makes of it
  QString shown() const { return close.isEmpty() ? open : open + QStringLiteral("…") + close; }
};
QList<PaletteTag> paletteTags();

}  // namespace cosystudio::ui

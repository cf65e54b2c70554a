// The Help menu's windows (the markup reference and About) and the one-time
// notice on cloning voices.
#pragma once

#include <QDialog>

class QTextBrowser;

namespace cosystudio::ui {

// Pinyin, CMU phones, the tags and the instructions, in a window that can stay
// open next to the text.
class MarkupReference : public QDialog {
  Q_OBJECT

 public:
  explicit MarkupReference(QWidget* parent = nullptr);

  // The loaded model's added tokens: its tags beyond the palette's are listed too.
  void setKnownTags(const QStringList& tags);

 private:
  QTextBrowser* text_;
};

// Shows the window's markup reference, opening it the first time.
void showMarkupReference(QWidget* window, const QStringList& knownTags);

// Version, backend, the linked libraries with their licences and the model's credit.
void showAbout(QWidget* parent);

// The first time a voice is cloned on this account: only voices the user has
// the right to use. Does not block (the job is already queued); shown once.
void showCloningNoticeOnce(QWidget* parent);

}  // namespace cosystudio::ui

// How the window shows an error: a box with one plain sentence, and what the
// libraries said (or a long list) under Show Details.
#pragma once

#include <QString>

class QWidget;

namespace cosystudio::ui {

// `message`'s first paragraph is the sentence; what follows a blank line is
// details. Opens a non-modal warning box on `parent` and returns at once.
void showErrorBox(QWidget* parent, const QString& message);

// The sentence of a message (its first line), for the status bar.
QString errorSentence(const QString& message);

}  // namespace cosystudio::ui

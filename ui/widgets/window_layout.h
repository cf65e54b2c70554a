// Where the main window and its docks are: the layout saved on quitting comes
// back exactly, and a first start gets most of the screen.
#pragma once

#include <QByteArray>

class QMainWindow;

namespace cosystudio::ui {

// Restores `geometry` and `state` (QMainWindow::saveGeometry/saveState), or
// sizes a first window to 80 % of its screen, centred, with the side docks at
// the widths their panels need. A geometry saved on a larger screen, or on one
// that is gone, is brought back onto the screen the window is on now.
void restoreWindowLayout(QMainWindow* window, const QByteArray& geometry, const QByteArray& state);
// The docks' part of that alone, once the window has laid out docks built anew
// (a switch of language): restored at once, a dock took the text's room.
void restoreDockLayout(QMainWindow* window, const QByteArray& state);

}  // namespace cosystudio::ui

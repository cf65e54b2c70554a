#include "main_window.h"

#include "cosystudio/version.h"

#include <QApplication>
#include <QKeySequence>
#include <QLabel>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>

namespace cosystudio::ui {

MainWindow::MainWindow(QWidget* parent) : QMainWindow(parent) {
  setWindowTitle(QStringLiteral("CosyStudio"));
  setObjectName(QStringLiteral("mainWindow"));
  resize(1100, 720);
  createMenus();

  engineStatus_ = new QLabel(tr("No model loaded"), this);
  engineStatus_->setObjectName(QStringLiteral("engineStatus"));
  statusBar()->addPermanentWidget(engineStatus_);
  statusBar()->showMessage(tr("Ready"));
}

void MainWindow::setModelFolder(const QString& folder) {
  modelFolder_ = folder;
  engineStatus_->setText(folder.isEmpty() ? tr("No model loaded") : tr("Model: %1").arg(folder));
}

void MainWindow::createMenus() {
  QMenu* file = menuBar()->addMenu(tr("&File"));
  file->setObjectName(QStringLiteral("fileMenu"));
  QAction* quit = file->addAction(tr("&Quit"), qApp, &QApplication::closeAllWindows);
  quit->setShortcut(QKeySequence::Quit);

  QMenu* engine = menuBar()->addMenu(tr("&Engine"));
  engine->setObjectName(QStringLiteral("engineMenu"));

  QMenu* help = menuBar()->addMenu(tr("&Help"));
  help->setObjectName(QStringLiteral("helpMenu"));
  help->addAction(tr("&About CosyStudio"), this, &MainWindow::showAbout);
}

void MainWindow::showAbout() {
  QMessageBox::about(this, tr("About CosyStudio"),
                     tr("<h3>CosyStudio %1</h3>"
                        "<p>Clone a voice from a short clip and speak any text with it, "
                        "using the CosyVoice3 model on your own computer.</p>"
                        "<p>libtorch %2</p>")
                         .arg(QString::fromLatin1(kVersion),
                              QString::fromLatin1(torchBuildDescription())));
}

}  // namespace cosystudio::ui

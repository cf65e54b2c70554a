#pragma once

#include <QMainWindow>

class QLabel;

namespace cosystudio::ui {

// The CosyStudio main window: menus, central work area and status bar.
class MainWindow : public QMainWindow {
  Q_OBJECT

 public:
  explicit MainWindow(QWidget* parent = nullptr);

  // The model folder given on the command line or remembered from last time.
  void setModelFolder(const QString& folder);
  QString modelFolder() const { return modelFolder_; }

 private:
  void createMenus();
  void showAbout();

  QString modelFolder_;
  QLabel* engineStatus_ = nullptr;
};

}  // namespace cosystudio::ui

#include "main_window.h"

#include <QMenuBar>
#include <QStatusBar>
#include <QtTest>

using cosystudio::ui::MainWindow;

class MainWindowTest : public QObject {
  Q_OBJECT

 private slots:
  void showsTitleMenusAndStatusBar() {
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QCOMPARE(window.windowTitle(), QStringLiteral("CosyStudio"));
    QStringList menus;
    for (QAction* action : window.menuBar()->actions()) menus << action->text().remove('&');
    QCOMPARE(menus, (QStringList{"File", "Engine", "Help"}));
    QVERIFY(window.statusBar()->isVisible());
  }
};

QTEST_MAIN(MainWindowTest)
#include "main_window_test.moc"

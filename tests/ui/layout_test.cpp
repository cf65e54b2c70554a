// The window on a laptop's and a desktop's screen, in the language of the
// environment (ctest runs it in English and in Chinese under Xvfb screens of
// 1280×720, 1366×768 and 1920×1080, named by COSYSTUDIO_SCREEN): it fits,
// nothing in it is cut off, it never widens itself, nothing moves it (takes,
// seeds, API jobs, a preset, switching the language), and a geometry saved on
// a larger screen is brought back onto this one.
#include "elided_label.h"
#include "engine_session.h"
#include "history_panel.h"
#include "language.h"
#include "main_window.h"
#include "style_panel.h"
#include "test_support.h"

#include "cosystudio/request_rules.h"

#include <QAbstractButton>
#include <QComboBox>
#include <QDockWidget>
#include <QLabel>
#include <QListView>
#include <QPlainTextEdit>
#include <QRegularExpression>
#include <QScreen>
#include <QSettings>
#include <QStatusBar>
#include <QtTest>

#include <cstdlib>

using cosystudio::ui::MainWindow;
using namespace cosystudio;

namespace {

// Room the window manager takes for a title bar and frame.
constexpr int kFrameAllowance = 40;

// Visible buttons, combo boxes and unwrapped labels that are narrower than they
// need, or that stick out of the window.
QStringList clippedWidgets(const QWidget& window) {
  QStringList clipped;
  const QRect inside = window.rect();
  for (QWidget* w : window.findChildren<QWidget*>()) {
    // Qt's own dock title buttons draw an icon smaller than their size hint.
    if (!w->isVisible() || w->objectName().startsWith(QLatin1String("qt_"))) continue;
    // A dock behind another's tab is moved out of sight, not hidden.
    const QDockWidget* dock = nullptr;
    for (QWidget* up = w; up && !dock; up = up->parentWidget()) dock = qobject_cast<QDockWidget*>(up);
    if (dock && dock->visibleRegion().isEmpty()) continue;
    const auto* label = qobject_cast<QLabel*>(w);
    const bool checked = qobject_cast<QAbstractButton*>(w) || qobject_cast<QComboBox*>(w) ||
                         (label && !label->wordWrap() && !label->text().isEmpty());
    if (!checked) continue;
    const QRect at(w->mapTo(&window, QPoint(0, 0)), w->size());
    const QString name = QStringLiteral("%1 \"%2\"").arg(QString::fromLatin1(w->metaObject()->className()),
                                                         label ? label->text().left(40) : w->objectName());
    if (w->width() < w->minimumSizeHint().width())
      clipped << QStringLiteral("%1 is %2 px wide, needs %3").arg(name).arg(w->width()).arg(w->minimumSizeHint().width());
    else if (!inside.contains(at))
      clipped << QStringLiteral("%1 at %2,%3 %4×%5 is outside the window")
                     .arg(name).arg(at.x()).arg(at.y()).arg(at.width()).arg(at.height());
  }
  return clipped;
}

// Where the parts of the window are: each dock, the text editor, the seed
// label and the Generate button.
QStringList geometryOf(const MainWindow& window) {
  QStringList at;
  const auto place = [&](const QWidget* w, const QString& name) {
    const QPoint corner = w->mapTo(&window, QPoint(0, 0));
    at << QStringLiteral("%1 %2,%3 %4×%5").arg(name).arg(corner.x()).arg(corner.y()).arg(w->width()).arg(w->height());
  };
  for (const QDockWidget* dock : window.findChildren<QDockWidget*>())
    if (dock->isVisible() && !dock->visibleRegion().isEmpty()) place(dock, dock->objectName());
  for (const char* name : {"textEditor", "usedSeed", "generateButton"})
    place(window.findChild<QWidget*>(QLatin1String(name)), QLatin1String(name));
  return at;
}

// A take of a long text, made with the largest seed there is.
ui::Take longTake(quint64 id) {
  ui::Take take;
  take.jobId = id;
  take.spec.id = id;
  take.spec.text = QStringLiteral("这是一段很长的文本，用来看列表会不会因此变宽。").repeated(6);
  take.spec.voiceName = QStringLiteral("a voice with a rather long name");
  take.seed = kMaxSeed;
  take.samples = QVector<float>(24000, 0.0f);
  ui::TakeSegment segment;
  segment.text = take.spec.text;
  segment.samples = take.samples;
  take.segments = {segment};
  take.created = QDateTime::currentDateTime();
  return take;
}

}  // namespace

class LayoutTest : public QObject {
  Q_OBJECT

 private slots:
  void initTestCase() {
    QStandardPaths::setTestModeEnabled(true);
    QSettings().clear();
    language_ = cosystudio::i18n::installTranslators();
    const QStringList wanted = qEnvironmentVariable("COSYSTUDIO_SCREEN", QStringLiteral("1280x720")).split(QLatin1Char('x'));
    screen_ = QSize(wanted.value(0).toInt(), wanted.value(1).toInt());
    const QSize screen = QGuiApplication::primaryScreen()->size();
    // ctest runs it on an Xvfb screen of that size: any other screen is a broken setup, not a reason to skip.
    if (screen != screen_)
      QFAIL(qPrintable(QStringLiteral("needs a %1×%2 screen, this one is %3×%4")
                           .arg(screen_.width()).arg(screen_.height()).arg(screen.width()).arg(screen.height())));
  }

  void fitsTheScreenWithNothingCutOff() {
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    const QSize minimum = window.minimumSizeHint();
    QVERIFY2(minimum.width() <= screen_.width() && minimum.height() <= screen_.height() - kFrameAllowance,
             qPrintable(QStringLiteral("[%1] minimum size %2×%3").arg(language_).arg(minimum.width()).arg(minimum.height())));
    window.resize(screen_.width(), screen_.height() - kFrameAllowance);
    QTest::qWait(50);
    QCOMPARE(window.size(), QSize(screen_.width(), screen_.height() - kFrameAllowance));
    // Every dock in front once, so that tabbed ones are checked too.
    for (QDockWidget* dock : window.findChildren<QDockWidget*>()) {
      dock->raise();
      QTest::qWait(20);
      const QStringList clipped = clippedWidgets(window);
      QVERIFY2(clipped.isEmpty(), qPrintable(QStringLiteral("[%1, %2 in front] ").arg(language_, dock->objectName()) +
                                             clipped.join(QStringLiteral("\n"))));
    }
  }

  void longStatusTextsDoNotWidenTheWindow() {
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.resize(screen_.width(), screen_.height() - kFrameAllowance);
    QTest::qWait(50);
    // What the labels that change at run time may be given: a long folder, a
    // long sentence.
    const QString path = QStringLiteral("/home/someone/models/").repeated(8) + QStringLiteral("Fun-CosyVoice3-0.5B-2512");
    const QString sentence = QStringLiteral("This is a long status message that keeps going. ").repeated(8);
    for (const char* name : {"engineStatus", "clipFile"}) {
      auto* label = window.findChild<cosystudio::ui::ElidedLabel*>(QLatin1String(name));
      QVERIFY2(label, name);
      label->setText(QStringLiteral("Loading %1…").arg(path));
    }
    for (const char* name : {"liveFigures", "textStatus", "clipAdvice", "transcriptWarning"}) {
      auto* label = window.findChild<QLabel*>(QLatin1String(name));
      QVERIFY2(label, name);
      label->setText(sentence);
    }
    window.statusBar()->showMessage(sentence);
    QTest::qWait(50);
    QCOMPARE(window.size(), QSize(screen_.width(), screen_.height() - kFrameAllowance));
    QVERIFY(window.minimumSizeHint().width() <= screen_.width());
  }

  // Quit and start again three times: the window and every dock come back
  // exactly as they were left, and the menus keep their room.
  void theSavedLayoutComesBackUnchanged() {
    QSettings().clear();
    const auto layoutOf = [](MainWindow& window) {
      QStringList sizes{QStringLiteral("window %1×%2").arg(window.width()).arg(window.height())};
      for (QDockWidget* dock : window.findChildren<QDockWidget*>())
        sizes << QStringLiteral("%1 %2×%3").arg(dock->objectName()).arg(dock->width()).arg(dock->height());
      return sizes;
    };
    QStringList first;
    for (int start = 0; start < 4; ++start) {
      MainWindow window;
      window.restoreSession();
      window.show();
      QVERIFY(QTest::qWaitForWindowExposed(&window));
      QTest::qWait(100);
      const QStringList layout = layoutOf(window);
      if (start == 0)
        first = layout;
      else
        QVERIFY2(layout == first, qPrintable(QStringLiteral("[%1] start %2: %3\nfirst: %4")
                                                 .arg(language_)
                                                 .arg(start + 1)
                                                 .arg(layout.join(QStringLiteral(", ")), first.join(QStringLiteral(", ")))));
      window.close();  // saves the session, layout included
    }
  }

  // Takes of long texts, the largest seed, API jobs waiting, a preset, and
  // the language switched and back: the docks, the editor, the seed and the
  // Generate button stay where they were, and the queue shows three jobs.
  void nothingMovesTheLayout() {
    QSettings().clear();
    MainWindow window;
    window.restoreSession();
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    QTest::qWait(100);
    const QStringList start = geometryOf(window);
    // `slack`: how far a dock may move, as another language's words need
    // more or less room (the menu bar's height, a dock's least width).
    const auto unmoved = [&](const QString& after, int slack = 0) {
      QTest::qWait(100);
      const QStringList now = geometryOf(window);
      bool same = now.size() == start.size();
      for (qsizetype i = 0; same && i < now.size(); ++i) {
        const QStringList a = now[i].split(QRegularExpression(QStringLiteral("[ ,×]"))),
                          b = start[i].split(QRegularExpression(QStringLiteral("[ ,×]")));
        same = a.first() == b.first();
        // The seed label and the button hold words, whose width is the language's.
        const bool words = slack > 0 && (a.first() == QLatin1String("usedSeed") || a.first() == QLatin1String("generateButton"));
        for (int k = 1; same && !words && k < 5; ++k) same = std::abs(a[k].toInt() - b[k].toInt()) <= slack;
      }
      QVERIFY2(same, qPrintable(QStringLiteral("[%1 %2×%3] after %4:\n  %5\nat the start:\n  %6")
                                     .arg(language_).arg(screen_.width()).arg(screen_.height()).arg(after,
                                          now.join(QStringLiteral("\n  ")), start.join(QStringLiteral("\n  ")))));
    };
    for (quint64 id = 1; id <= 4; ++id) window.historyPanel()->addTake(longTake(id));
    window.stylePanel()->showUsedSeed(kMaxSeed);
    unmoved(QStringLiteral("takes and a seed"));

    for (int i = 0; i < 4; ++i) {
      ui::JobSpec served;
      served.served = true;
      served.text = QStringLiteral("A request of another program, long enough to be cut in the list. ").repeated(3);
      served.settings.seed = kMaxSeed;
      window.session()->enqueue(served);  // no model: they wait
    }
    auto* queue = window.findChild<QListView*>(QStringLiteral("queue"));
    QTest::qWait(50);
    QVERIFY2(queue->visualRect(queue->model()->index(2, 0)).bottom() < queue->viewport()->height(),
             qPrintable(QStringLiteral("[%1] the queue shows fewer than three jobs (%2 px, a row %3 px, at least %4)").arg(language_).arg(queue->viewport()->height()).arg(queue->sizeHintForRow(0)).arg(queue->minimumHeight())));
    unmoved(QStringLiteral("API jobs"));

    window.findChild<QComboBox*>(QStringLiteral("preset"))->setCurrentIndex(1);
    unmoved(QStringLiteral("a preset"));

    const QString other = language_ == QStringLiteral("en") ? QStringLiteral("zh_CN") : QStringLiteral("en");
    for (const QString& language : {other, language_}) {
      QSettings().setValue(QLatin1String(i18n::kLanguageSettingsKey), language);
      window.switchLanguage();
      unmoved(QStringLiteral("switching to ") + language, 8);
      const QLabel* seed = window.findChild<QLabel*>(QStringLiteral("usedSeed"));
      // The seed shown before the switch is shown after it, whole.
      QVERIFY2(seed->text().endsWith(QString::number(kMaxSeed)), qPrintable(seed->text()));
      QVERIFY2(seed->width() >= seed->sizeHint().width(), qPrintable(seed->text()));
    }
    window.session()->cancelAll();
    QSettings().clear();
  }

  void aGeometrySavedOnALargerScreenIsClampedToThisOne() {
    {
      MainWindow large;
      large.setGeometry(0, 0, screen_.width() + 656, screen_.height() + 380);
      large.close();  // saves the session, geometry included
    }
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    const QRect screen = window.screen()->availableGeometry();
    QVERIFY2(screen.contains(window.frameGeometry()),
             qPrintable(QStringLiteral("window %1×%2 on a %3×%4 screen")
                            .arg(window.frameGeometry().width()).arg(window.frameGeometry().height())
                            .arg(screen.width()).arg(screen.height())));
  }

 private:
  QString language_;
  QSize screen_;
};

QTEST_MAIN(LayoutTest)
#include "layout_test.moc"

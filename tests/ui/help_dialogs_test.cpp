#include "diagnostics.h"
#include "help_dialogs.h"
#include "instruction_presets.h"
#include "main_window.h"
#include "model_dialogs.h"
#include "model_folder_dialog.h"
#include "test_support.h"
#include "text_panel.h"

#include "cosystudio/text/tokenizer.h"
#include "cosystudio/version.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QMenu>
#include <QMessageBox>
#include <QTextBrowser>
#include <QtTest>

using namespace cosystudio::ui;

class HelpDialogsTest : public QObject {
  Q_OBJECT

  static QString shownText(const MarkupReference& reference) {
    return reference.findChild<QTextBrowser*>()->toPlainText();
  }

  static QAction* helpAction(const MainWindow& window, const QString& text) {
    for (QAction* action : window.findChild<QMenu*>(QStringLiteral("helpMenu"))->actions())
      if (action->text().remove(QLatin1Char('&')) == text) return action;
    return nullptr;
  }

 private slots:
  void initTestCase() { QStandardPaths::setTestModeEnabled(true); }

  void theReferenceExplainsEveryKindOfMarkup() {
    const MarkupReference reference;
    const QString text = shownText(reference);
    for (const QString& example : {QStringLiteral("她[h][ào]干净"), QStringLiteral("[M][AY1][N][D]"),
                                   QStringLiteral("hao4"), QStringLiteral("Pronunciation…")})
      QVERIFY2(text.contains(example), qPrintable(example));
    for (const PaletteTag& tag : paletteTags()) {
      QVERIFY2(text.contains(tag.shown()), qPrintable(tag.shown()));
      QVERIFY2(text.contains(tag.meaning), qPrintable(tag.meaning));
    }
    for (const InstructionPreset& preset : instructionPresets())
      QVERIFY2(text.contains(preset.label), qPrintable(preset.label));
    QVERIFY(!text.contains(QStringLiteral("[noise]")));  // known once a model is loaded
  }

  void theLoadedModelsOtherTagsAreListedToo() {
    const auto tokenizer = cosystudio::text::Tokenizer::load(test::tinyModelA().toStdString());
    QStringList tags;
    for (const std::string& tag : tokenizer.addedTokens()) tags << QString::fromStdString(tag);
    MarkupReference reference;
    reference.setKnownTags(tags);
    const QString text = shownText(reference);
    QVERIFY(text.contains(QStringLiteral("[noise]")));
    QVERIFY(text.contains(QStringLiteral("[lipsmack]")));
    // Phones, pinyin and control tokens are not tags to insert.
    for (const QString& token : {QStringLiteral("[AA1]"), QStringLiteral("[iǎo]"), QStringLiteral("<|endofprompt|>")})
      QVERIFY2(!text.contains(token), qPrintable(token));
  }

  void helpOpensOneReferenceNextToTheWindow() {
    MainWindow window;
    QAction* open = helpAction(window, QStringLiteral("Markup reference"));
    QVERIFY(open);
    QCOMPARE(open->shortcut(), QKeySequence(QKeySequence::HelpContents));
    open->trigger();
    open->trigger();
    QCOMPARE(window.findChildren<MarkupReference*>().size(), 1);
    QVERIFY(window.findChild<MarkupReference*>()->isVisible());
    QVERIFY(!window.findChild<MarkupReference*>()->isModal());
  }

  void aboutNamesTheLicencesAndTheModel() {
    MainWindow window;
    QAction* about = helpAction(window, QStringLiteral("About CosyStudio"));
    QVERIFY(about);
    QString text;
    bool linksOpen = false;
    QTimer close;  // gone with this frame, should no box come
    close.setSingleShot(true);
    connect(&close, &QTimer::timeout, this, [&] {
      auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
      if (!box) return;
      text = box->text();
      linksOpen = box->findChild<QLabel*>(QStringLiteral("qt_msgbox_label"))->openExternalLinks();
      box->accept();
    });
    close.start(0);
    about->trigger();
    QVERIFY(text.contains(QLatin1String(cosystudio::kVersion)));
    QVERIFY(text.contains(QStringLiteral("href=\"%1\"").arg(QLatin1String(kModelScopeUrl))));
    QVERIFY(linksOpen);
    for (const QString& credit :
         {QStringLiteral("Fun-CosyVoice3-0.5B-2512"), QStringLiteral("FunAudioLLM"),
          QStringLiteral("Apache License 2.0"), QStringLiteral("Qt 6 (LGPL-3.0)"), QStringLiteral("libtorch (BSD-3-Clause)"),
          QStringLiteral("libsndfile (LGPL-2.1)"), QStringLiteral("libsamplerate (BSD-2-Clause)")})
      QVERIFY2(text.contains(credit), qPrintable(credit));
    // Why no GPU is used, where the user looks: a CUDA build without a usable
    // GPU (this machine, CI) names the reason; a CPU build says it is one.
    const QString why = QString::fromStdString(cosystudio::gpuUnavailableReason()).toHtmlEscaped();
    if (cosystudio::builtWithCuda() && !why.isEmpty())
      QVERIFY2(text.contains(QStringLiteral("No GPU is used:</b> ") + why), qPrintable(text));
    if (!cosystudio::builtWithCuda()) QVERIFY(text.contains(QStringLiteral("This build runs on the CPU only")));
    // The CPU's instruction sets, and the kernels OpenBLAS chose with its warning.
    const auto escaped = [](const std::string& line) { return QString::fromStdString(line).toHtmlEscaped(); };
    const QString features = escaped(cosystudio::describeCpuFeatures(cosystudio::cpuFeatures()));
    QVERIFY2(text.contains(QStringLiteral("CPU features: ") + features), qPrintable(text));
    const cosystudio::OpenBlasInfo blas = cosystudio::openBlasInfo();
    if (blas.loaded)
      QVERIFY2(text.contains(QStringLiteral("BLAS: ") + escaped(cosystudio::describeOpenBlas(blas))), qPrintable(text));
    if (!blas.warning.empty()) QVERIFY2(text.contains(escaped(blas.warning)), qPrintable(text));
  }

  void diagnosticsNameTheCpuFeaturesAndTheBlas() {
    const QJsonObject report = QJsonDocument::fromJson(diagnosticsJson(DiagnosticsContext{})).object();
    const QJsonObject cpu = report.value(QStringLiteral("cpu")).toObject();
    const cosystudio::CpuFeatures features = cosystudio::cpuFeatures();
    QCOMPARE(cpu.value(QStringLiteral("vendor")).toString(), QString::fromStdString(features.vendor));
    QCOMPARE(cpu.value(QStringLiteral("model")).toInt(), features.model);
    QCOMPARE(cpu.value(QStringLiteral("avx2")).toBool(), features.avx2);
    QCOMPARE(cpu.value(QStringLiteral("avx512f")).toBool(), features.avx512f);
    QCOMPARE(cpu.value(QStringLiteral("amx_tile")).toBool(), features.amx_tile);
    QCOMPARE(cpu.value(QStringLiteral("description")).toString(),
             QString::fromStdString(cosystudio::describeCpuFeatures(features)));
    const QJsonObject blas = report.value(QStringLiteral("blas")).toObject();
    const cosystudio::OpenBlasInfo info = cosystudio::openBlasInfo();
    QCOMPARE(blas.value(QStringLiteral("library")).toString(), QString::fromStdString(cosystudio::cpuBackend().blas));
    QCOMPARE(blas.value(QStringLiteral("openblas")).toBool(), info.loaded);
    QCOMPARE(blas.value(QStringLiteral("core")).toString(), QString::fromStdString(info.coreName));
    QCOMPARE(blas.value(QStringLiteral("warning")).toString(), QString::fromStdString(info.warning));
  }

  void settingsSaysWhyNoGpuCanBeUsed() {
    const SettingsDialog dialog{AppSettings{}};
    const auto* info = dialog.findChild<QLabel*>(QStringLiteral("deviceInfo"));
    QVERIFY(info);
    const QString why = QString::fromStdString(cosystudio::gpuUnavailableReason());
    if (cosystudio::builtWithCuda() && !why.isEmpty())
      QCOMPARE(info->text(), QStringLiteral("No GPU can be used: ") + why);
    else
      QCOMPARE(info->text(), QStringLiteral("Runs everywhere; much slower than a GPU."));
  }
};

QTEST_MAIN(HelpDialogsTest)
#include "help_dialogs_test.moc"

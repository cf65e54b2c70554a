// The model download against a hub on the loopback (fake_hub.py) serving the
// tiny model folder in Hugging Face's and ModelScope's layouts: redirects to a
// CDN host, ranges, a cut connection, a stalled one, a wrong hash, no hash, a
// 404, plain http, a full disk, a link planted as a .part, cancel.

#include "services/download/model_download.h"

#include "cosystudio/model_folder.h"
#include "cosystudio/recognizer.h"
#include "model_download_dialog.h"
#include "transcriber.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>

#include <QProcess>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>
#include <QTimer>

using namespace cosystudio;
using namespace cosystudio::services;
using namespace cosystudio::ui;

namespace {

QString tinyModelA() { return qEnvironmentVariable("COSYSTUDIO_FIXTURES_DIR") + QStringLiteral("/e2e/tiny-model-a"); }
QString tinyRecognizer() { return qEnvironmentVariable("COSYSTUDIO_FIXTURES_DIR") + QStringLiteral("/sensevoice/model"); }

// For the stall tests: shorter than the default, still far longer than a
// pause of a transfer on the loopback (a spurious stall would only resume).
constexpr std::chrono::seconds kShortStall{1};

// The fake hub is plain http on the loopback: downloads from it allow that.
AllowedRisks plainHttpAllowed() {
  AllowedRisks allowed;
  allowed.plainHttp = true;
  return allowed;
}

// fake_hub.py for one test: its URL, and the file requests it has seen.
class FakeHub {
 public:
  explicit FakeHub(const QStringList& faults = {}, const QString& folder = tinyModelA()) {
    process_.start(QStringLiteral("python3"), QStringList{QStringLiteral(FAKE_HUB), folder} + faults);
    while (!process_.canReadLine())
      if (!process_.waitForReadyRead(20000))
        qFatal("fake_hub.py did not start: %s", process_.readAllStandardError().constData());
    url_ = QStringLiteral("http://127.0.0.1:%1").arg(QString::fromLatin1(process_.readLine().split(' ').first()));
  }
  ~FakeHub() {
    process_.kill();
    process_.waitForFinished();
  }

  QString url() const { return url_; }
  Hub hub(Hub::Layout layout = Hub::Layout::HuggingFace) const { return {layout, QUrl(url_), kModelRepo}; }
  // "hub GET llm.pt range=-", "cdn GET llm.pt range=bytes=100-"…
  QStringList requests() {
    QTest::qWait(50);  // the last lines may still be in the pipe
    requests_ += QString::fromLatin1(process_.readAllStandardOutput()).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    return requests_;
  }

 private:
  QProcess process_;
  QString url_;
  QStringList requests_;
};

qint64 sizeOf(const QString& relative) { return QFileInfo(tinyModelA() + QLatin1Char('/') + relative).size(); }

// Runs a download to its end; the failure message, or empty.
QString runDownload(ModelDownload& download) {
  QSignalSpy finished(&download, &ModelDownload::finished);
  QSignalSpy failed(&download, &ModelDownload::failed);
  download.start();
  if (!QTest::qWaitFor([&] { return finished.count() + failed.count() > 0; }, 30000)) return QStringLiteral("timed out");
  return failed.isEmpty() ? QString() : failed.first().first().toString();
}

QStringList entriesOf(const QString& folder) {
  return QDir(folder).entryList(QDir::NoDotAndDotDot | QDir::AllEntries);
}

// The dialog set to download from the fake hub as a mirror into `folder`.
void fillIn(ModelDownloadDialog& dialog, const QString& mirror, const QString& folder) {
  dialog.findChild<QComboBox*>(QStringLiteral("source"))->setCurrentIndex(2);  // a Hugging Face mirror
  dialog.findChild<QLineEdit*>(QStringLiteral("mirror"))->setText(mirror);
  dialog.findChild<QLineEdit*>(QStringLiteral("folder"))->setText(folder);
}

// Whether `report` says what a download into `folder`, a new one, costs: the
// files, their size, and all of it to download.
bool saysTheWholeCost(const QString& report, const QString& folder) {
  const QRegularExpression cost(
      QStringLiteral("^(\\d+) file(?:s|\\(s\\)), (.+) in all; (.+) to download into (.+?)\\.(\\n|$)"));
  const QRegularExpressionMatch said = cost.match(report);
  const bool whole = said.hasMatch() && said.captured(1).toInt() >= 5 &&  // the model's files and its checkpoints
                     said.captured(3) == said.captured(2) &&  // a new folder: everything is missing
                     said.captured(4) == QDir::toNativeSeparators(folder);
  if (!whole) qWarning("not the whole cost: %s", qPrintable(report));
  return whole;
}

QStringList problemsIn(const QString& folder) {
  QStringList lines;
  for (const auto& problem : checkModelFolder(folder.toStdString()))
    lines << QString::fromStdString(problem.file + ": " + problem.message);
  return lines;
}

}  // namespace

class ModelDownloadTest : public QObject {
  Q_OBJECT

 private slots:
  void fetchesWhatTheEngineReadsFromHuggingFace() {
    FakeHub server;
    QTemporaryDir folder;
    ModelDownload download(server.hub(), folder.path(), plainHttpAllowed());
    QCOMPARE(runDownload(download), QString());
    QCOMPARE(problemsIn(folder.path()), QStringList());
    // Only what the engine reads: not the tokenizer's weights nor the hub's metadata.
    QVERIFY(!QFile::exists(folder.filePath(QStringLiteral("CosyVoice-BlankEN/model.safetensors"))));
    QVERIFY(!QFile::exists(folder.filePath(QStringLiteral("configuration.json"))));
    QVERIFY(!QFile::exists(folder.filePath(QStringLiteral("llm.pt.part"))));
    QCOMPARE(QFileInfo(folder.filePath(QStringLiteral("llm.pt"))).size(), sizeOf(QStringLiteral("llm.pt")));
    // LFS files come from the CDN host the hub redirects to.
    const QStringList requests = server.requests();
    QVERIFY2(requests.contains(QStringLiteral("hub GET llm.pt range=-")), qPrintable(requests.join('\n')));
    QVERIFY2(requests.contains(QStringLiteral("cdn GET llm.pt range=-")), qPrintable(requests.join('\n')));
  }

  void fetchesTheRecognizer() {
    FakeHub server({QStringLiteral("--repo"), QString::fromLatin1(kRecognizerRepo)}, tinyRecognizer());
    QTemporaryDir folder;
    ModelDownload download({Hub::Layout::HuggingFace, QUrl(server.url()), kRecognizerRepo}, folder.path(),
                           plainHttpAllowed(), ModelKind::Recognizer);
    QCOMPARE(runDownload(download), QString());
    QVERIFY(Recognizer::load(folder.path().toStdString()) != nullptr);
    // What the recogniser reads and its configuration.json, not the folder's other files.
    QCOMPARE(entriesOf(folder.path()), (QStringList{QStringLiteral("am.mvn"),
                                                    QStringLiteral("chn_jpn_yue_eng_ko_spectok.bpe.model"),
                                                    QStringLiteral("config.yaml"), QStringLiteral("configuration.json"),
                                                    QStringLiteral("model.pt")}));
  }

  void refusesARepositoryThatIsNotTheRecognizer() {
    FakeHub server({QStringLiteral("--repo"), QString::fromLatin1(kRecognizerRepo)});
    QTemporaryDir folder;
    ModelDownload download({Hub::Layout::HuggingFace, QUrl(server.url()), kRecognizerRepo}, folder.path(),
                           plainHttpAllowed(), ModelKind::Recognizer);
    QCOMPARE(runDownload(download),
             QStringLiteral("The repository has no config.yaml, model.pt, am.mvn, chn_jpn_yue_eng_ko_spectok.bpe.model: "
                            "is it SenseVoiceSmall?"));
  }

  void fetchesFromModelScope() {
    FakeHub server;
    QTemporaryDir folder;
    ModelDownload download(server.hub(Hub::Layout::ModelScope), folder.path(), plainHttpAllowed());
    QCOMPARE(runDownload(download), QString());
    QCOMPARE(problemsIn(folder.path()), QStringList());
    QVERIFY(server.requests().contains(QStringLiteral("hub GET CosyVoice-BlankEN/vocab.json range=-")));
  }

  void goesOnWhereACutConnectionStopped() {
    FakeHub server({QStringLiteral("--drop"), QStringLiteral("llm.pt:5000000")});
    QTemporaryDir folder;
    ModelDownload download(server.hub(), folder.path(), plainHttpAllowed());
    qint64 total = 0;
    connect(&download, &ModelDownload::listed, this, [&](const QList<HubFile>&, qint64 missing) { total = missing; });
    QCOMPARE(runDownload(download), QString());
    QCOMPARE(problemsIn(folder.path()), QStringList());
    QVERIFY(server.requests().contains(QStringLiteral("cdn GET llm.pt range=bytes=5000000-")));
    QCOMPARE(download.bytesFetched(), total);  // nothing twice
  }

  // The hub stops sending, the connection left open: the attempt is given up
  // after the stall timeout, and the file goes on from its .part.
  void goesOnWhereAStalledTransferStopped() {
    FakeHub server({QStringLiteral("--stall"), QStringLiteral("llm.pt:5000000")});
    QTemporaryDir folder;
    ModelDownload download(server.hub(), folder.path(), plainHttpAllowed());
    download.setStallTimeout(kShortStall);
    qint64 total = 0;
    connect(&download, &ModelDownload::listed, this, [&](const QList<HubFile>&, qint64 missing) { total = missing; });
    QCOMPARE(runDownload(download), QString());
    QCOMPARE(problemsIn(folder.path()), QStringList());
    const QStringList requests = server.requests();
    QVERIFY2(!requests.filter(QStringLiteral("cdn GET llm.pt range=bytes=")).isEmpty(),
             qPrintable(requests.join('\n')));
    QCOMPARE(download.bytesFetched(), total);  // nothing twice
  }

  // A hub that sends nothing however often it is asked: a bounded number of
  // tries, then a message naming the file.
  void givesUpOnAFileThatKeepsStalling() {
    FakeHub server({QStringLiteral("--hang"), QStringLiteral("hift.pt")});
    QTemporaryDir folder;
    ModelDownload download(server.hub(), folder.path(), plainHttpAllowed());
    download.setStallTimeout(kShortStall);
    QCOMPARE(runDownload(download),
             QStringLiteral("Downloading hift.pt failed after 4 tries: the hub sent nothing for 1 s"));
    QCOMPARE(server.requests().count(QStringLiteral("cdn GET hift.pt range=-")), 4);
    QVERIFY(!QFile::exists(folder.filePath(QStringLiteral("hift.pt"))));
  }

  void cancelKeepsThePartForTheNextDownload() {
    FakeHub server({QStringLiteral("--slow"), QStringLiteral("flow.pt")});
    QTemporaryDir folder;
    const QString flow = folder.filePath(QStringLiteral("flow.pt"));
    {
      ModelDownload download(server.hub(), folder.path(), plainHttpAllowed());
      QSignalSpy ended(&download, &ModelDownload::failed);
      bool cancelled = false;
      connect(&download, &ModelDownload::progress, this, [&](const DownloadProgress& progress) {
        if (cancelled || progress.file != QLatin1String("flow.pt") || progress.fileBytes < 100000) return;
        download.cancel();
        cancelled = true;
      });
      download.start();
      QVERIFY(QTest::qWaitFor([&] { return cancelled; }, 20000));
      QTest::qWait(100);
      QCOMPARE(ended.count(), 0);
    }
    QVERIFY(!QFile::exists(flow));
    const qint64 kept = QFileInfo(flow + QStringLiteral(".part")).size();
    QVERIFY(kept > 100000 && kept < sizeOf(QStringLiteral("flow.pt")));

    ModelDownload again(server.hub(), folder.path(), plainHttpAllowed());
    QSignalSpy reused(&again, &ModelDownload::fileDone);
    QCOMPARE(runDownload(again), QString());
    QCOMPARE(problemsIn(folder.path()), QStringList());
    QVERIFY(server.requests().contains(QStringLiteral("cdn GET flow.pt range=bytes=%1-").arg(kept)));
    QCOMPARE(reused.first().at(1).toBool(), true);  // cosyvoice3.yaml, complete before
  }

  void refusesAFileThatDoesNotMatchTheHubsHash() {
    FakeHub server({QStringLiteral("--wrong-hash"), QStringLiteral("hift.pt")});
    QTemporaryDir folder;
    ModelDownload download(server.hub(), folder.path(), plainHttpAllowed());
    const QString message = runDownload(download);
    QVERIFY2(message.startsWith(QStringLiteral("hift.pt does not match the hash the hub publishes for it (SHA-256 "
                                               "0000000000000000000000000000000000000000000000000000000000000000, "
                                               "the download has ")),
             qPrintable(message));
    QVERIFY(!QFile::exists(folder.filePath(QStringLiteral("hift.pt"))));
    QVERIFY(!QFile::exists(folder.filePath(QStringLiteral("hift.pt.part"))));
  }

  // Some ModelScope listings publish no hash for a file: refused, naming it,
  // before anything is downloaded.
  void refusesAFileTheHubPublishesNoHashFor() {
    FakeHub server({QStringLiteral("--no-hash"), QStringLiteral("cosyvoice3.yaml")});
    QTemporaryDir folder;
    ModelDownload download(server.hub(Hub::Layout::ModelScope), folder.path(), plainHttpAllowed());
    QCOMPARE(runDownload(download),
             QStringLiteral("The hub publishes no hash for these files, so they cannot be verified: cosyvoice3.yaml; "
                            "allow unverified files to download them anyway (cosystudio-cli: --allow-unverified)"));
    QCOMPARE(entriesOf(folder.path()), QStringList());
  }

  // Allowed, the unverified files are named in a warning.
  void takesUnverifiedFilesWhenAllowedAndNamesThem() {
    FakeHub server({QStringLiteral("--no-hash"), QStringLiteral("cosyvoice3.yaml")});
    QTemporaryDir folder;
    AllowedRisks allowed = plainHttpAllowed();
    allowed.unverifiedFiles = true;
    ModelDownload download(server.hub(Hub::Layout::ModelScope), folder.path(), allowed);
    QSignalSpy warnings(&download, &ModelDownload::warning);
    QCOMPARE(runDownload(download), QString());
    QCOMPARE(problemsIn(folder.path()), QStringList());
    QCOMPARE(warnings.count(), 2);  // plain http, then the file
    QCOMPARE(warnings.last().first().toString(),
             QStringLiteral("The hub publishes no hash for these files, so they cannot be verified: cosyvoice3.yaml"));
  }

  // An http:// hub is refused before any request, saying how to allow it;
  // allowed, it is warned about.
  void refusesAPlainHttpHubUnlessAllowed() {
    FakeHub server;
    QTemporaryDir folder;
    const QString risk = QStringLiteral("%1 is plain http: the files and the hashes that verify them come unencrypted "
                                        "from the same server, so whoever is on the way can change both")
                             .arg(server.url());
    ModelDownload refused(server.hub(), folder.path());
    QCOMPARE(runDownload(refused),
             risk + QStringLiteral("; allow plain http to use it anyway (cosystudio-cli: --allow-http)"));
    QCOMPARE(entriesOf(folder.path()), QStringList());

    ModelDownload allowed(server.hub(), folder.path(), plainHttpAllowed());
    QSignalSpy warnings(&allowed, &ModelDownload::warning);
    QCOMPARE(runDownload(allowed), QString());
    QCOMPARE(warnings.count(), 1);
    QCOMPARE(warnings.first().first().toString(), risk);
  }

  void namesAMissingFileAndItsUrl() {
    FakeHub server({QStringLiteral("--missing"), QStringLiteral("campplus.onnx")});
    QTemporaryDir folder;
    ModelDownload download(server.hub(), folder.path(), plainHttpAllowed());
    QCOMPARE(runDownload(download), QStringLiteral("campplus.onnx: the hub answered 404 Not Found for %1/%2/resolve/main/"
                                                   "campplus.onnx")
                                        .arg(server.url(), QString::fromLatin1(kModelRepo)));
    QVERIFY(!QFile::exists(folder.filePath(QStringLiteral("campplus.onnx"))));
  }

  // A symbolic link planted in place of a .part is not followed: the file it
  // points to keeps its bytes, and the download stops naming the link.
  void aLinkPlantedAsThePartIsNotFollowed() {
    FakeHub server;
    QTemporaryDir folder;
    QTemporaryDir elsewhere;
    const QString target = elsewhere.filePath(QStringLiteral("precious"));
    QFile precious(target);
    QVERIFY(precious.open(QIODevice::WriteOnly) && precious.write("precious") == 8);
    precious.close();
    const QString part = folder.filePath(QStringLiteral("flow.pt.part"));
    QVERIFY(QFile::link(target, part));
    ModelDownload download(server.hub(), folder.path(), plainHttpAllowed());
    const QString message = runDownload(download);
    QVERIFY(precious.open(QIODevice::ReadOnly));
    QCOMPARE(precious.readAll(), QByteArray("precious"));
    QCOMPARE(message, QStringLiteral("Cannot write %1: it is a symbolic link, which a download does not follow; remove it")
                          .arg(part));
    QVERIFY(!QFile::exists(folder.filePath(QStringLiteral("flow.pt"))));
  }

  void checksTheFreeSpaceFirst() {
    FakeHub server;
    QTemporaryDir folder;
    ModelDownload download(server.hub(), folder.path(), plainHttpAllowed());
    download.setFreeSpaceProbe([](const QString&) { return qint64(1) << 20; });
    const QString message = runDownload(download);
    QVERIFY2(message.contains(QStringLiteral("more on the disk of %1, which has 1.00 MiB free").arg(folder.path())),
             qPrintable(message));
    QCOMPARE(entriesOf(folder.path()), QStringList());
  }

  // A real write failure: the CLI under a file-size limit (ulimit -f, 512-byte
  // blocks in sh) of 1 MiB, which flow.pt (3 MB) passes.
  void aFullDiskStopsWithAMessageAndNoFinalFile() {
    FakeHub server;
    QTemporaryDir folder;
    QProcess cli;
    cli.start(QStringLiteral("sh"), {QStringLiteral("-c"), QStringLiteral("ulimit -f 2048; exec \"$0\" \"$@\""),
                                     QStringLiteral(COSYSTUDIO_CLI), QStringLiteral("model"), QStringLiteral("download"),
                                     QStringLiteral("--allow-http"), QStringLiteral("--source"), server.url(),
                                     folder.path()});
    QVERIFY(cli.waitForFinished(30000));
    const QString errors = QString::fromUtf8(cli.readAllStandardError());
    QCOMPARE(cli.exitCode(), 1);
    QVERIFY2(errors.contains(QStringLiteral("Cannot write %1/flow.pt.part: File too large").arg(folder.path())),
             qPrintable(errors));
    QVERIFY(QFile::exists(folder.filePath(QStringLiteral("cosyvoice3.yaml"))));  // small, complete
    QVERIFY(!QFile::exists(folder.filePath(QStringLiteral("flow.pt"))));
  }

  // Engine → Download model… from a mirror: a cut connection resumed, the
  // folder checked, then offered for use.
  void theDialogDownloadsFromAMirrorAndOffersTheFolder() {
    FakeHub server({QStringLiteral("--drop"), QStringLiteral("llm.pt:5000000")});
    QTemporaryDir parent;
    const QString folder = parent.filePath(QStringLiteral("model"));
    ModelDownloadDialog dialog;
    fillIn(dialog, server.url(), folder);
    dialog.findChild<QCheckBox*>(QStringLiteral("allowHttp"))->setChecked(true);
    auto* use = dialog.findChild<QPushButton*>(QStringLiteral("useModel"));
    auto* report = dialog.findChild<QLabel*>(QStringLiteral("downloadReport"));
    QVERIFY(use->isHidden());
    dialog.findChild<QPushButton*>(QStringLiteral("download"))->click();
    QTRY_VERIFY_WITH_TIMEOUT(!use->isHidden(), 30000);
    QVERIFY2(report->text().startsWith(QStringLiteral("✓ Downloaded and checked")), qPrintable(report->text()));
    QVERIFY(server.requests().contains(QStringLiteral("cdn GET llm.pt range=bytes=5000000-")));
    use->click();
    QCOMPARE(dialog.result(), int(QDialog::Accepted));
    QCOMPARE(dialog.folder(), folder);
    QCOMPARE(problemsIn(folder), QStringList());
  }

  // What the download costs is said once the hub has listed the files, and
  // stays while they arrive.
  void theDialogSaysWhatTheDownloadCosts() {
    FakeHub server({QStringLiteral("--hang"), QStringLiteral("llm.pt")});
    QTemporaryDir parent;
    const QString folder = parent.filePath(QStringLiteral("model"));
    ModelDownloadDialog dialog;
    fillIn(dialog, server.url(), folder);
    dialog.findChild<QCheckBox*>(QStringLiteral("allowHttp"))->setChecked(true);
    auto* report = dialog.findChild<QLabel*>(QStringLiteral("downloadReport"));
    dialog.findChild<QPushButton*>(QStringLiteral("download"))->click();
    QTRY_VERIFY_WITH_TIMEOUT(report->text().contains(QStringLiteral("to download")), 30000);
    QVERIFY(saysTheWholeCost(report->text(), folder));
    dialog.findChild<QDialogButtonBox*>()->button(QDialogButtonBox::Close)->click();  // Cancel while it hangs
  }

  // ... and before Download, as soon as the fields name a hub: the files are
  // listed, and nothing is fetched or written.
  void theDialogSaysWhatTheDownloadCostsBeforeItStarts() {
    FakeHub server;
    QTemporaryDir parent;
    const QString folder = parent.filePath(QStringLiteral("model"));
    ModelDownloadDialog dialog;
    fillIn(dialog, server.url(), folder);
    auto* report = dialog.findChild<QLabel*>(QStringLiteral("downloadReport"));
    QTRY_VERIFY_WITH_TIMEOUT(report->text().contains(QStringLiteral("to download")), 30000);
    QVERIFY(saysTheWholeCost(report->text(), folder));
    QCOMPARE(server.requests(), QStringList());  // the listing alone: no file was asked for
    QVERIFY(!QFileInfo::exists(folder));
    QVERIFY(dialog.findChild<QPushButton*>(QStringLiteral("download"))->isEnabled());
  }

  // In Chinese the dialog starts with ModelScope, which users in China reach.
  void inChineseTheDialogStartsWithModelScope() {
    const QLocale before;
    QLocale::setDefault(QLocale(QLocale::Chinese, QLocale::China));
    ModelDownloadDialog chinese;
    QLocale::setDefault(before);
    QCOMPARE(chinese.findChild<QComboBox*>(QStringLiteral("source"))->currentText(), QStringLiteral("ModelScope"));
    QCOMPARE(chinese.findChild<QLineEdit*>(QStringLiteral("repo"))->text(),
             defaultRepo(ModelKind::Speech, QStringLiteral("modelscope")));
    ModelDownloadDialog english;
    QCOMPARE(english.findChild<QComboBox*>(QStringLiteral("source"))->currentText(), QStringLiteral("Hugging Face"));
  }

  // A wrong hash: said in the dialog, nothing under the final name, nothing offered.
  void theDialogSaysWhyADownloadStopped() {
    FakeHub server({QStringLiteral("--wrong-hash"), QStringLiteral("hift.pt")});
    QTemporaryDir folder;
    ModelDownloadDialog dialog;
    fillIn(dialog, server.url(), folder.path());
    dialog.findChild<QCheckBox*>(QStringLiteral("allowHttp"))->setChecked(true);
    auto* download = dialog.findChild<QPushButton*>(QStringLiteral("download"));
    auto* report = dialog.findChild<QLabel*>(QStringLiteral("downloadReport"));
    download->click();
    QTRY_VERIFY_WITH_TIMEOUT(report->text().startsWith(QStringLiteral("The download stopped: hift.pt does not match")),
                             30000);
    QVERIFY(download->isEnabled());  // to try again
    QVERIFY(dialog.findChild<QPushButton*>(QStringLiteral("useModel"))->isHidden());
    QVERIFY(!QFile::exists(folder.filePath(QStringLiteral("hift.pt"))));
  }

  // A plain-http mirror whose listing has a file without a hash: each refused
  // until its box, off at first, is ticked; then both are warned about.
  void theDialogTakesARiskOnlyWhenItsBoxIsTicked() {
    FakeHub server({QStringLiteral("--no-hash"), QStringLiteral("cosyvoice3.yaml")});
    QTemporaryDir folder;
    ModelDownloadDialog dialog;
    fillIn(dialog, server.url(), folder.path());
    auto* allowHttp = dialog.findChild<QCheckBox*>(QStringLiteral("allowHttp"));
    auto* allowUnverified = dialog.findChild<QCheckBox*>(QStringLiteral("allowUnverified"));
    auto* download = dialog.findChild<QPushButton*>(QStringLiteral("download"));
    auto* use = dialog.findChild<QPushButton*>(QStringLiteral("useModel"));
    auto* report = dialog.findChild<QLabel*>(QStringLiteral("downloadReport"));
    auto* warnings = dialog.findChild<QLabel*>(QStringLiteral("downloadWarnings"));
    const QString plainHttp = QStringLiteral("%1 is plain http").arg(server.url());
    QVERIFY(!allowHttp->isChecked() && !allowUnverified->isChecked());

    download->click();
    QTRY_VERIFY_WITH_TIMEOUT(report->text().startsWith(QStringLiteral("The download stopped: ") + plainHttp), 30000);
    QVERIFY2(report->text().contains(QStringLiteral("allow plain http")), qPrintable(report->text()));
    QCOMPARE(entriesOf(folder.path()), QStringList());

    allowHttp->setChecked(true);
    download->click();
    QTRY_VERIFY_WITH_TIMEOUT(
        report->text().startsWith(QStringLiteral("The download stopped: The hub publishes no hash")), 30000);
    QVERIFY2(report->text().contains(QStringLiteral("cosyvoice3.yaml; allow unverified files")),
             qPrintable(report->text()));
    QCOMPARE(entriesOf(folder.path()), QStringList());

    allowUnverified->setChecked(true);
    download->click();
    QTRY_VERIFY_WITH_TIMEOUT(!use->isHidden(), 30000);
    QVERIFY2(warnings->text().startsWith(QStringLiteral("⚠ ") + plainHttp), qPrintable(warnings->text()));
    QVERIFY2(warnings->text().endsWith(QStringLiteral("cannot be verified: cosyvoice3.yaml")),
             qPrintable(warnings->text()));
  }

  // Engine → Download recogniser… (and the clip panel's offer): the dialog for
  // the recogniser, whose folder, downloaded and used, becomes the transcriber's.
  void theRecognizerDownloadedInTheWindowIsUsed() {
    FakeHub server({QStringLiteral("--repo"), QString::fromLatin1(kRecognizerRepo)}, tinyRecognizer());
    QTemporaryDir parent;
    Transcriber transcriber(parent.filePath(QStringLiteral("default")));
    QVERIFY(!transcriber.isInstalled());
    QSignalSpy available(&transcriber, &Transcriber::availabilityChanged);
    QSignalSpy moved(&transcriber, &Transcriber::folderChanged);
    const QString folder = parent.filePath(QStringLiteral("SenseVoiceSmall"));
    const auto download = [&](ModelDownloadDialog* dialog) {
      QVERIFY(dialog);
      QCOMPARE(dialog->findChild<QLineEdit*>(QStringLiteral("folder"))->text(), transcriber.folder());
      fillIn(*dialog, server.url(), folder);
      QCOMPARE(dialog->findChild<QLineEdit*>(QStringLiteral("repo"))->text(), QString::fromLatin1(kRecognizerRepo));
      dialog->findChild<QCheckBox*>(QStringLiteral("allowHttp"))->setChecked(true);
      auto* use = dialog->findChild<QPushButton*>(QStringLiteral("useModel"));
      QCOMPARE(use->text(), QStringLiteral("&Use this recogniser"));
      dialog->findChild<QPushButton*>(QStringLiteral("download"))->click();
      QTRY_VERIFY_WITH_TIMEOUT(!use->isHidden(), 30000);
      const QString report = dialog->findChild<QLabel*>(QStringLiteral("downloadReport"))->text();
      QVERIFY2(report.startsWith(QStringLiteral("✓ Downloaded and checked")), qPrintable(report));
      use->click();
    };
    QTimer::singleShot(0, this, [&] {
      auto* dialog = qobject_cast<ModelDownloadDialog*>(QApplication::activeModalWidget());
      download(dialog);
      if (dialog && dialog->isVisible()) dialog->reject();  // a check failed
    });
    QVERIFY(downloadRecognizer(&transcriber, nullptr));
    QCOMPARE(transcriber.folder(), folder);
    QVERIFY(transcriber.isInstalled());
    QCOMPARE(available.count(), 1);
    QCOMPARE(moved.count(), 1);
    QCOMPARE(moved.first().first().toString(), folder);
  }
};

QTEST_MAIN(ModelDownloadTest)
#include "model_download_test.moc"

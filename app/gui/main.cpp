// cosystudio: the desktop app.
#include "audio_streams.h"
#include "desktop_identity.h"
#include "language.h"
#include "main_window.h"

#include "services/app_data.h"

#include "cosystudio/version.h"

#include <QApplication>
#include <QCommandLineParser>
#include <QDir>
#include <QMessageBox>
#include <QTextStream>

#include <cstring>
#include <memory>

// --help and --version must work without a display, so they get a console-only
// application object.
static bool onlyPrintsText(int argc, char** argv) {
  for (int i = 1; i < argc; ++i)
    for (const char* flag : {"--help", "-h", "--version", "-v", "--help-all"})
      if (!std::strcmp(argv[i], flag)) return true;
  return false;
}

int main(int argc, char** argv) {
  const std::unique_ptr<QCoreApplication> app(onlyPrintsText(argc, argv)
                                                  ? new QCoreApplication(argc, argv)
                                                  : new QApplication(argc, argv));
  QCoreApplication::setApplicationName(QStringLiteral("CosyStudio"));
  QCoreApplication::setOrganizationName(QStringLiteral("CosyStudio"));
  QCoreApplication::setApplicationVersion(QString::fromLatin1(cosystudio::kVersion));
  // Before the parser, so that --help speaks the user's language too.
  cosystudio::i18n::installTranslators();

  QCommandLineParser parser;
  parser.setApplicationDescription(
      QCoreApplication::translate("main", "Voice cloning text-to-speech with CosyVoice3"));
  parser.addHelpOption();
  parser.addVersionOption();
  const QCommandLineOption modelOption(
      QStringLiteral("model"),
      QCoreApplication::translate("main", "CosyVoice3 model folder to load."),
      QCoreApplication::translate("main", "dir"));
  parser.addOption(modelOption);
  parser.addPositionalArgument(QStringLiteral("clip"),
                               QCoreApplication::translate("main", "Audio file to open as the prompt clip."),
                               QStringLiteral("[clip]"));

  if (!parser.parse(QCoreApplication::arguments())) {
    QTextStream err(stderr);
    err << parser.errorText() << "\n\n" << parser.helpText();
    return 2;
  }
  if (parser.isSet(QStringLiteral("version"))) parser.showVersion();
  if (parser.isSet(QStringLiteral("help"))) parser.showHelp(0);

  // Wayland matches the window to the desktop entry (and its icon) by this name.
  QGuiApplication::setDesktopFileName(cosystudio::desktop::applicationId());
  QApplication::setWindowIcon(cosystudio::desktop::applicationIcon());

  // Before the window reads voices, takes or the saved queue from there.
  if (const QStringList unmoved = cosystudio::services::moveEarlierAppData(); !unmoved.isEmpty())
    QMessageBox::warning(nullptr, QCoreApplication::applicationName(),
                         QCoreApplication::translate("main",
                                                     "CosyStudio keeps its voices and takes in %1 now but could not "
                                                     "move everything there. Until it is moved, what is listed below "
                                                     "stays where it was and the window does not show it.")
                                 .arg(QDir::toNativeSeparators(cosystudio::services::appDataFolder())) +
                             QStringLiteral("\n\n") + unmoved.join(QLatin1Char('\n')));

  int status = 0;
  {
    cosystudio::ui::MainWindow window;
    window.show();  // first: what restoring has to say (a queue it cannot bring back) opens over the window
    window.restoreSession();
    if (parser.isSet(modelOption))
      window.setModelFolder(parser.value(modelOption));
    else
      window.promptForModelOnFirstRun();
    if (!parser.positionalArguments().isEmpty()) window.openClip(parser.positionalArguments().constFirst());
    status = app->exec();
  }  // the window's player and recorder stop their streams here
  cosystudio::ui::waitForAudioServerAnswer();
  return status;
}

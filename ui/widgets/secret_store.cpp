#include "secret_store.h"

#include <QCoreApplication>
#include <QEventLoop>
#include <qt6keychain/keychain.h>

namespace cosystudio::ui {

namespace {

// The entries go under the application's name (CosyStudio), as the store shows them.
template <typename Job>
SecretResult run(Job& job, const QString& key) {
  job.setAutoDelete(false);
  job.setKey(key);
  QEventLoop loop;
  QObject::connect(&job, &QKeychain::Job::finished, &loop, &QEventLoop::quit);
  job.start();
  loop.exec(QEventLoop::ExcludeUserInputEvents);
  if (job.error() != QKeychain::NoError) return {false, {}, job.errorString(), job.error() == QKeychain::EntryNotFound};
  return {true, {}, {}, false};
}

}  // namespace

SecretResult readSecret(const QString& key) {
  QKeychain::ReadPasswordJob job(QCoreApplication::applicationName());
  SecretResult result = run(job, key);
  if (result.ok) result.value = job.textData();
  return result;
}

SecretResult writeSecret(const QString& key, const QString& value) {
  QKeychain::WritePasswordJob job(QCoreApplication::applicationName());
  job.setTextData(value);
  return run(job, key);
}

SecretResult deleteSecret(const QString& key) {
  QKeychain::DeletePasswordJob job(QCoreApplication::applicationName());
  return run(job, key);
}

}  // namespace cosystudio::ui

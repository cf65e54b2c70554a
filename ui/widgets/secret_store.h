// Secrets the user would not want in a plain-text file (the local server's
// token), kept in the desktop's secret store through QtKeychain: the Secret
// Service (GNOME Keyring, KeePassXC) or KWallet. A desktop without one says so
// in the result, and the caller keeps the secret elsewhere and tells the user.
#pragma once

#include <QString>

namespace cosystudio::ui {

struct SecretResult {
  bool ok = false;
  QString value;  // what was read (read) or nothing
  QString error;  // when not ok: why, in the store's words
  bool missing = false;  // not ok because the store holds no such entry
};

// Each waits for the store's answer: on a locked store that is the user
// unlocking it, so they run only where the user asked for the secret to be
// kept or used (not at every start).
SecretResult readSecret(const QString& key);
SecretResult writeSecret(const QString& key, const QString& value);
SecretResult deleteSecret(const QString& key);

}  // namespace cosystudio::ui

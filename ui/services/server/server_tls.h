// TLS for the speech server off the loopback: a certificate and its key read
// from PEM files, or a self-signed pair made for the server's names, which a
// client trusts by its fingerprint (or by the certificate file itself).
#pragma once

#include <QHostAddress>
#include <QSslConfiguration>
#include <QString>
#include <QStringList>

#include <optional>

namespace cosystudio::services {

struct TlsFiles {
  QString certificate;  // PEM: the server's certificate first, then any chain
  QString key;          // PEM: its private key (EC or RSA), not encrypted
};

// The server side of TLS 1.2 or later with these files; nothing, with `error`
// naming the file, when one cannot be read or the key is of another kind or
// size than the certificate's.
std::optional<QSslConfiguration> serverTls(const TlsFiles& files, QString* error);

// A self-signed certificate for `names` (host names and addresses, each in
// its subjectAltName; the first is its common name), valid 825 days, and its
// EC P-256 key, written to `files` (the key readable by its owner alone).
// Qt reads certificates but makes none: OpenSSL's own `openssl req` does.
bool makeSelfSignedCertificate(const TlsFiles& files, const QStringList& names, QString* error);

// The names a certificate made here is for: this machine's name, the
// loopback's, the address listened on (all of the machine's, listening on
// all) and `otherNames` (those a balancer or a client uses).
QStringList certificateNames(const QHostAddress& listening, const QStringList& otherNames = {});

// serverTls(files), made first as a self-signed pair for `names` where
// neither file exists (`made` then true).
std::optional<QSslConfiguration> serverTlsMadeIfMissing(const TlsFiles& files, const QStringList& names, bool* made,
                                                        QString* error);

// "AB:CD:…": the SHA-256 of the certificate, as `openssl x509 -fingerprint -sha256` and browsers show it.
QString certificateFingerprint(const QSslCertificate& certificate);

}  // namespace cosystudio::services

// Who the speech server answers (server_access.h): what a web page in the
// user's browser could send is refused (an Origin, a Host that names another
// site, a body that is not declared JSON), and so is a missing token; what a
// program on this computer sends passes.

#include "services/server/server_access.h"

#include <QTest>

#include <optional>

using namespace cosystudio::services;

namespace {

// A request as curl or an OpenAI client sends it to 127.0.0.1.
RequestHeaders fromAProgram() { return {"127.0.0.1:8880", {}, "Bearer secret", "application/json"}; }

ServerAccess onTheLoopback() {
  ServerAccess access;
  access.token = QStringLiteral("secret");
  return access;
}

QString codeOf(const std::optional<ApiError>& error) { return error ? error->code : QStringLiteral("admitted"); }

}  // namespace

class ServerAccessTest : public QObject {
  Q_OBJECT

 private slots:
  void aProgramOnThisComputerIsAdmitted() {
    QVERIFY(!refuseRequest(onTheLoopback(), fromAProgram()));
    QVERIFY(!refuseNonJsonBody(fromAProgram()));
    RequestHeaders charset = fromAProgram();
    charset.contentType = "Application/JSON; charset=utf-8";
    QVERIFY(!refuseNonJsonBody(charset));
  }

  void theHostMustNameThisServer_data() {
    QTest::addColumn<QString>("listening");
    QTest::addColumn<QByteArray>("host");
    QTest::addColumn<QString>("code");
    const QString admitted = QStringLiteral("admitted"), refused = QStringLiteral("host_not_allowed");
    const QString loopback = QStringLiteral("127.0.0.1");
    QTest::newRow("127.0.0.1 with its port") << loopback << QByteArray("127.0.0.1:8880") << admitted;
    QTest::newRow("localhost") << loopback << QByteArray("localhost") << admitted;
    QTest::newRow("another loopback address") << loopback << QByteArray("127.0.0.2:8880") << admitted;
    QTest::newRow("IPv6 loopback") << loopback << QByteArray("[::1]:8880") << admitted;
    // DNS rebinding: the page's own name, resolved to 127.0.0.1.
    QTest::newRow("a rebound name") << loopback << QByteArray("evil.example:8880") << refused;
    QTest::newRow("a name that starts like the loopback") << loopback << QByteArray("127.0.0.1.evil.example") << refused;
    QTest::newRow("a name under localhost's") << loopback << QByteArray("localhost.evil.example") << refused;
    QTest::newRow("no Host") << loopback << QByteArray() << refused;
    QTest::newRow("user info") << loopback << QByteArray("evil@127.0.0.1") << refused;
    QTest::newRow("a path") << loopback << QByteArray("127.0.0.1/x") << refused;
    // Listening on the network: its own address, not a name; on all addresses, any address.
    QTest::newRow("the address listened on") << QStringLiteral("192.168.1.5") << QByteArray("192.168.1.5:8880")
                                             << admitted;
    QTest::newRow("another address") << QStringLiteral("192.168.1.5") << QByteArray("192.168.1.6:8880") << refused;
    QTest::newRow("a name, off the loopback") << QStringLiteral("192.168.1.5") << QByteArray("box.example:8880")
                                              << refused;
    QTest::newRow("any address") << QStringLiteral("0.0.0.0") << QByteArray("10.0.0.7:8880") << admitted;
    QTest::newRow("a name, on all addresses") << QStringLiteral("0.0.0.0") << QByteArray("evil.example") << refused;
    QTest::newRow("a LAN address on the loopback") << loopback << QByteArray("192.168.1.5:8880") << refused;
  }
  void theHostMustNameThisServer() {
    QFETCH(QString, listening);
    QFETCH(QByteArray, host);
    QFETCH(QString, code);
    ServerAccess access = onTheLoopback();
    access.address = QHostAddress(listening);
    RequestHeaders headers = fromAProgram();
    headers.host = host;
    const auto refusal = refuseRequest(access, headers);
    QCOMPARE(codeOf(refusal), code);
    if (refusal) QCOMPARE(refusal->status, 403);
  }

  // Behind a load balancer, clients give the balancer's name: the user allows it, and it alone.
  void anAllowedNameIsAdmitted() {
    ServerAccess access = onTheLoopback();
    access.address = QHostAddress(QHostAddress::AnyIPv4);
    access.allowedHosts = {QStringLiteral("tts.example.org")};
    RequestHeaders headers = fromAProgram();
    for (const QByteArray host : {QByteArray("tts.example.org"), QByteArray("TTS.Example.org:8880")}) {
      headers.host = host;
      QVERIFY2(!refuseRequest(access, headers), host.constData());
    }
    for (const QByteArray host : {QByteArray("evil.example"), QByteArray("tts.example.org.evil.example"),
                                  QByteArray("x.tts.example.org")}) {
      headers.host = host;
      QCOMPARE(codeOf(refuseRequest(access, headers)), QStringLiteral("host_not_allowed"));
    }
  }

  void aWebPageIsRefusedUnlessItsOriginIsAllowed() {
    RequestHeaders page = fromAProgram();
    page.origin = "https://evil.example";
    QCOMPARE(codeOf(refuseRequest(onTheLoopback(), page)), QStringLiteral("origin_not_allowed"));
    page.origin = "null";  // a sandboxed frame or a file:// page
    QCOMPARE(codeOf(refuseRequest(onTheLoopback(), page)), QStringLiteral("origin_not_allowed"));
    ServerAccess allowing = onTheLoopback();
    allowing.allowedOrigins = {QStringLiteral("http://localhost:3000/")};
    page.origin = "http://LOCALHOST:3000";
    QVERIFY(!refuseRequest(allowing, page));
    page.origin = "http://localhost:3001";
    QCOMPARE(codeOf(refuseRequest(allowing, page)), QStringLiteral("origin_not_allowed"));
  }

  void aSimpleCrossSitePostIsNotJson() {
    for (const QByteArray type : {QByteArray("text/plain"), QByteArray("application/x-www-form-urlencoded"),
                                  QByteArray("multipart/form-data; boundary=x"), QByteArray()}) {
      RequestHeaders headers = fromAProgram();
      headers.contentType = type;
      const auto refusal = refuseNonJsonBody(headers);
      QVERIFY2(refusal && refusal->status == 415, type.constData());
    }
  }

  void theTokenIsAskedWhenThereIsOne() {
    RequestHeaders headers = fromAProgram();
    headers.authorization.clear();
    QCOMPARE(codeOf(refuseRequest(onTheLoopback(), headers)), QStringLiteral("invalid_api_key"));
    headers.authorization = "Bearer secreT";
    QCOMPARE(codeOf(refuseRequest(onTheLoopback(), headers)), QStringLiteral("invalid_api_key"));
    QVERIFY(!refuseRequest(ServerAccess{}, headers));  // no token: none asked, on the loopback
    // GET /health asks none, but still what a web page could send.
    QVERIFY(!refuseRequest(onTheLoopback(), headers, TokenCheck::NotAsked));
    headers.origin = "https://evil.example";
    QCOMPARE(codeOf(refuseRequest(onTheLoopback(), headers, TokenCheck::NotAsked)),
             QStringLiteral("origin_not_allowed"));
  }

  void offTheLoopbackATokenIsNeeded() {
    ServerAccess open;
    QVERIFY(!refuseListening(open));
    open.address = QHostAddress(QHostAddress::AnyIPv4);
    const auto refusal = refuseListening(open);
    QVERIFY(refusal && refusal->contains(QStringLiteral("needs a token")));
    open.token = newServerToken();
    QVERIFY(!refuseListening(open));
  }

  void newTokensAreLongAndDiffer() {
    const QString first = newServerToken(), second = newServerToken();
    QCOMPARE(first.size(), 22);  // 128 bits in base64url
    QVERIFY(first != second);
    for (const QChar c : first) QVERIFY(c.isLetterOrNumber() || c == QLatin1Char('-') || c == QLatin1Char('_'));
  }
};

QTEST_GUILESS_MAIN(ServerAccessTest)
#include "server_access_test.moc"

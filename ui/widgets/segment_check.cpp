#include "segment_check.h"

#include <QCoreApplication>
#include <QJsonArray>
#include <QLocale>
#include <QPainter>
#include <QPainterPath>
#include <QPixmap>

#include <functional>

namespace cosystudio::ui {

namespace {

QString tr(const char* text) { return QCoreApplication::translate("cosystudio::ui", text); }

QString percent(double rate) { return tr("%1 %").arg(QLocale().toString(rate * 100, 'f', 0)); }
QString decimal(double value) { return QLocale().toString(value, 'f', 2); }

// The kind of failure `index` of a try, from the names checked_synthesis.h
// gives them; nothing for a reason of no known kind (shown as it is).
std::optional<CheckFailure> failureKind(const HeardTry& attempt, qsizetype index) {
  if (index >= attempt.failureKinds.size()) return std::nullopt;
  for (const CheckFailure kind : {CheckFailure::NoSpeech, CheckFailure::OtherWords, CheckFailure::OtherSpeaker,
                                  CheckFailure::Rushes, CheckFailure::Drags})
    if (attempt.failureKinds[index] == QLatin1String(checkFailureName(kind))) return kind;
  return std::nullopt;
}

QString quoted(const QString& text) { return tr("“%1”").arg(text); }

}  // namespace

TakeCheck takeCheck(const SegmentCheck& check) {
  TakeCheck kept;
  kept.kept = int(check.kept);
  for (const SegmentTry& attempt : check.tries) {
    HeardTry heard;
    heard.seed = attempt.seed;
    heard.heard = QString::fromStdString(attempt.heard);
    heard.heardLanguage = QString::fromStdString(attempt.heardLanguage);
    heard.characters = attempt.score.unit == ScoringUnit::Character;
    heard.errorRate = attempt.score.errorRate;
    heard.differences = QString::fromStdString(describeDifferences(attempt.score));
    heard.similarity = attempt.similarity;
    heard.rateRatio = attempt.rateRatio;
    for (const std::string& failure : attempt.failures) heard.failures << QString::fromStdString(failure);
    for (const CheckFailure kind : attempt.failureKinds) heard.failureKinds << QLatin1String(checkFailureName(kind));
    kept.tries << heard;
  }
  return kept;
}

QJsonObject checkJson(const TakeCheck& check) {
  QJsonArray tries;
  for (const HeardTry& attempt : check.tries)
    tries << QJsonObject{{QStringLiteral("seed"), QString::number(attempt.seed)},
                         {QStringLiteral("passed"), attempt.passed()},
                         {QStringLiteral("heard"), attempt.heard},
                         {QStringLiteral("heard_language"), attempt.heardLanguage},
                         {QStringLiteral("unit"), attempt.characters ? QStringLiteral("character") : QStringLiteral("word")},
                         {QStringLiteral("error_rate"), attempt.errorRate},
                         {QStringLiteral("differences"), attempt.differences},
                         {QStringLiteral("similarity"), attempt.similarity},
                         {QStringLiteral("rate_ratio"), attempt.rateRatio > 0 ? QJsonValue(attempt.rateRatio) : QJsonValue()},
                         {QStringLiteral("failures"), QJsonArray::fromStringList(attempt.failures)},
                         {QStringLiteral("failure_kinds"), QJsonArray::fromStringList(attempt.failureKinds)}};
  return {{QStringLiteral("passed"), check.passed()}, {QStringLiteral("kept_try"), check.kept},
          {QStringLiteral("tries"), tries}};
}

std::optional<TakeCheck> checkFromJson(const QJsonValue& value) {
  if (!value.isObject()) return std::nullopt;
  const QJsonObject json = value.toObject();
  TakeCheck check;
  for (const QJsonValue& entry : json.value(QStringLiteral("tries")).toArray()) {
    const QJsonObject tried = entry.toObject();
    HeardTry attempt;
    const QJsonValue seed = tried.value(QStringLiteral("seed"));
    attempt.seed = seed.isString() ? seed.toString().toULongLong() : quint64(seed.toInteger());
    attempt.heard = tried.value(QStringLiteral("heard")).toString();
    attempt.heardLanguage = tried.value(QStringLiteral("heard_language")).toString();
    attempt.characters = tried.value(QStringLiteral("unit")).toString() == QLatin1String("character");
    attempt.errorRate = tried.value(QStringLiteral("error_rate")).toDouble();
    attempt.differences = tried.value(QStringLiteral("differences")).toString();
    attempt.similarity = tried.value(QStringLiteral("similarity")).toDouble();
    attempt.rateRatio = tried.value(QStringLiteral("rate_ratio")).toDouble();
    for (const QJsonValue& failure : tried.value(QStringLiteral("failures")).toArray())
      attempt.failures << failure.toString();
    for (const QJsonValue& kind : tried.value(QStringLiteral("failure_kinds")).toArray())
      attempt.failureKinds << kind.toString();
    check.tries << attempt;
  }
  check.kept = json.value(QStringLiteral("kept_try")).toInt(-1);
  if (check.tries.isEmpty() || check.kept < 0 || check.kept >= check.tries.size()) return std::nullopt;
  return check;
}

QJsonObject listeningJson(const JobListening& listening) {
  return {{QStringLiteral("max_error_rate"), listening.thresholds.maxErrorRate},
          {QStringLiteral("min_similarity"), listening.thresholds.minSimilarity},
          {QStringLiteral("max_rate_ratio"), listening.thresholds.maxRateRatio},
          {QStringLiteral("retakes"), listening.retakes}};
}

JobListening listeningFromJson(const QJsonObject& json) {
  JobListening listening;
  listening.check = !json.isEmpty();
  listening.thresholds.maxErrorRate = json.value(QStringLiteral("max_error_rate")).toDouble(listening.thresholds.maxErrorRate);
  listening.thresholds.minSimilarity = json.value(QStringLiteral("min_similarity")).toDouble(listening.thresholds.minSimilarity);
  listening.thresholds.maxRateRatio = json.value(QStringLiteral("max_rate_ratio")).toDouble(listening.thresholds.maxRateRatio);
  listening.retakes = json.value(QStringLiteral("retakes")).toInt();
  return listening;
}

QString checkFigures(const HeardTry& attempt) {
  QStringList figures;
  figures << (attempt.characters ? tr("characters %1").arg(percent(attempt.errorRate))
                                 : tr("words %1").arg(percent(attempt.errorRate)));
  figures << tr("speaker %1").arg(decimal(attempt.similarity));
  if (attempt.rateRatio > 0) figures << tr("rate %1×").arg(decimal(attempt.rateRatio));
  return figures.join(QStringLiteral(" · "));
}

QStringList failureReasons(const HeardTry& attempt) {
  QStringList reasons;
  for (qsizetype i = 0; i < attempt.failures.size(); ++i) {
    const std::optional<CheckFailure> kind = failureKind(attempt, i);
    if (!kind) {
      reasons << attempt.failures[i];
      continue;
    }
    switch (*kind) {
      case CheckFailure::NoSpeech: reasons << tr("It made no speech."); break;
      case CheckFailure::OtherWords:
        reasons << (attempt.heard.isEmpty()
                        ? tr("It says other words (%1 wrong): nothing was heard.").arg(percent(attempt.errorRate))
                        : tr("It says other words (%1 wrong): heard %2.")
                              .arg(percent(attempt.errorRate), quoted(attempt.heard)));
        if (!attempt.differences.isEmpty()) reasons << tr("Difference: %1").arg(attempt.differences);
        break;
      case CheckFailure::OtherSpeaker:
        reasons << tr("It sounds like another speaker (similarity %1).").arg(decimal(attempt.similarity));
        break;
      case CheckFailure::Rushes:
        reasons << tr("It rushes (%1 times the voice's speaking rate).").arg(decimal(attempt.rateRatio));
        break;
      case CheckFailure::Drags:
        reasons << tr("It drags or pauses (%1 times the voice's speaking rate).").arg(decimal(attempt.rateRatio));
        break;
    }
  }
  return reasons;
}

QString checkTip(const TakeCheck& check) {
  const HeardTry& kept = check.keptTry();
  QStringList tip;
  tip << (kept.passed() ? tr("Passes the check: %1").arg(checkFigures(kept))
                        : tr("Fails the check: %1").arg(checkFigures(kept)));
  tip << failureReasons(kept);
  if (kept.passed() && !kept.heard.isEmpty()) tip << tr("Heard: %1").arg(quoted(kept.heard));
  if (check.tries.size() > 1) {
    tip << tr("Kept try %1 of %2:").arg(check.kept + 1).arg(check.tries.size());
    for (int i = 0; i < check.tries.size(); ++i) {
      const HeardTry& attempt = check.tries[i];
      tip << tr("  %1. seed %2, %3, %4")
                 .arg(i + 1)
                 .arg(attempt.seed)
                 .arg(attempt.passed() ? tr("passes") : tr("fails"), checkFigures(attempt));
    }
  }
  return tip.join(QLatin1Char('\n'));
}

QString takeCheckSummary(const Take& take) {
  const QList<int> failing = take.segmentsFailing();
  if (failing.isEmpty()) return tr("Every segment passes the check.");
  const QList<int> lines = take.linesFailing();
  QStringList numbers;
  for (const int n : lines.isEmpty() ? failing : lines) numbers << QString::number(n + 1);
  return lines.isEmpty()
             ? tr("Segments still failing the check after every retake: %1.").arg(numbers.join(QStringLiteral(", ")))
             : tr("Lines still failing the check after every retake: %1. Listen to these alone.")
                   .arg(numbers.join(QStringLiteral(", ")));
}

namespace {

// A round mark at 16 and 32 px: `colour` filled, `symbol` drawn in white on a 16-px grid.
QIcon roundMark(const QColor& colour, const std::function<void(QPainter&)>& symbol) {
  QIcon icon;
  for (const int size : {16, 32}) {
    QPixmap pixmap(size, size);
    pixmap.fill(Qt::transparent);
    QPainter painter(&pixmap);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.scale(size / 16.0, size / 16.0);
    painter.setPen(Qt::NoPen);
    painter.setBrush(colour);
    painter.drawEllipse(QRectF(1, 1, 14, 14));
    painter.setPen(QPen(Qt::white, 2, Qt::SolidLine, Qt::RoundCap, Qt::RoundJoin));
    painter.setBrush(Qt::NoBrush);
    symbol(painter);
    painter.end();
    icon.addPixmap(pixmap);
  }
  return icon;
}

}  // namespace

QIcon checkMark(bool passed) {
  static const QIcon cross = roundMark(QColor(0xc6, 0x28, 0x28), [](QPainter& painter) {
    painter.drawLine(QPointF(5.2, 5.2), QPointF(10.8, 10.8));
    painter.drawLine(QPointF(10.8, 5.2), QPointF(5.2, 10.8));
  });
  static const QIcon tick = roundMark(QColor(0x2e, 0x7d, 0x32), [](QPainter& painter) {
    QPainterPath path;
    path.moveTo(4.5, 8.3);
    path.lineTo(7, 10.8);
    path.lineTo(11.5, 5.5);
    painter.drawPath(path);
  });
  return passed ? tick : cross;
}

}  // namespace cosystudio::ui

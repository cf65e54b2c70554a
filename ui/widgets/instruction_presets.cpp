#include "instruction_presets.h"

#include <QCoreApplication>

namespace cosystudio::ui {

namespace {

// lupdate files the tr() calls of these free functions under the enclosing
// namespace, so that is the context the catalogue holds them in.
QString tr(const char* text) { return QCoreApplication::translate("cosystudio::ui", text); }

}  // namespace

QList<InstructionPreset> instructionPresets() {
  using K = InstructionPreset::Kind;
  // The instruction bodies are the model's training prompts, kept verbatim (the
  // engine wraps them as "You are a helpful assistant. <body><|endofprompt|>").
  // 粤语 is the usual name for 广东话; both are offered.
  return {
      {K::Dialect, tr("Cantonese (粤语)"), QStringLiteral("请用粤语表达。")},
      {K::Dialect, tr("Cantonese (广东话)"), QStringLiteral("请用广东话表达。")},
      {K::Dialect, tr("Northeastern (东北话)"), QStringLiteral("请用东北话表达。")},
      {K::Dialect, tr("Gansu (甘肃话)"), QStringLiteral("请用甘肃话表达。")},
      {K::Dialect, tr("Guizhou (贵州话)"), QStringLiteral("请用贵州话表达。")},
      {K::Dialect, tr("Henan (河南话)"), QStringLiteral("请用河南话表达。")},
      {K::Dialect, tr("Hubei (湖北话)"), QStringLiteral("请用湖北话表达。")},
      {K::Dialect, tr("Hunan (湖南话)"), QStringLiteral("请用湖南话表达。")},
      {K::Dialect, tr("Jiangxi (江西话)"), QStringLiteral("请用江西话表达。")},
      {K::Dialect, tr("Minnan (闽南话)"), QStringLiteral("请用闽南话表达。")},
      {K::Dialect, tr("Ningxia (宁夏话)"), QStringLiteral("请用宁夏话表达。")},
      {K::Dialect, tr("Shanxi (山西话)"), QStringLiteral("请用山西话表达。")},
      {K::Dialect, tr("Shaanxi (陕西话)"), QStringLiteral("请用陕西话表达。")},
      {K::Dialect, tr("Shandong (山东话)"), QStringLiteral("请用山东话表达。")},
      {K::Dialect, tr("Shanghainese (上海话)"), QStringLiteral("请用上海话表达。")},
      {K::Dialect, tr("Sichuanese (四川话)"), QStringLiteral("请用四川话表达。")},
      {K::Dialect, tr("Tianjin (天津话)"), QStringLiteral("请用天津话表达。")},
      {K::Dialect, tr("Yunnan (云南话)"), QStringLiteral("请用云南话表达。")},
      {K::Emotion, tr("Happy"), QStringLiteral("请非常开心地说一句话。")},
      {K::Emotion, tr("Sad"), QStringLiteral("请非常伤心地说一句话。")},
      {K::Emotion, tr("Angry"), QStringLiteral("请非常生气地说一句话。")},
      {K::Speed, tr("As slow as possible"), QStringLiteral("请用尽可能慢地语速说一句话。")},
      {K::Speed, tr("As fast as possible"), QStringLiteral("请用尽可能快地语速说一句话。")},
      {K::Loudness, tr("Very loud"), QStringLiteral("Please say a sentence as loudly as possible.")},
      {K::Loudness, tr("Very soft"), QStringLiteral("Please say a sentence in a very soft voice.")},
      {K::Role, tr("Peppa Pig style"), QStringLiteral("我想体验一下小猪佩奇风格，可以吗？")},
      {K::Role, tr("Like a robot"), QStringLiteral("你可以尝试用机器人的方式解答吗？")},
  };
}

QString kindName(InstructionPreset::Kind kind) {
  switch (kind) {
    case InstructionPreset::Kind::Dialect: return tr("Dialect");
    case InstructionPreset::Kind::Emotion: return tr("Emotion");
    case InstructionPreset::Kind::Speed: return tr("Speed");
    case InstructionPreset::Kind::Loudness: return tr("Volume");
    case InstructionPreset::Kind::Role: return tr("Role");
  }
  return {};
}

}  // namespace cosystudio::ui

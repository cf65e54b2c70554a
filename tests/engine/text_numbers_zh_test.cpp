// Numbers in Chinese text read as a native speaker says them, one corpus per
// category the normaliser once missed as a whole (issue 27 §4): units in Latin
// letters, 两 for a lone 2 that counts, digit strings that name rather than
// count, and numbers alone on their line. Each sentence goes through
// normalizeText with number reading on, then the official rules, as the
// synthesis path runs it.
#include "cosystudio/text/text_normalize.h"

#include <gtest/gtest.h>

#include <string>

namespace {

using namespace cosystudio::text;

struct ReadingCase {
  const char* input;
  const char* expected;
};

// Test listings show the sentence rather than the bytes of the struct.
void PrintTo(const ReadingCase& c, std::ostream* os) { *os << c.input; }

// Units written in Latin letters or symbols, read in Chinese words. km and kg
// are read as written (千米, 千克); speeds as they are said (每小时十公里);
// data sizes as they are said (三G, 一百兆); 5G and 4G are network names, not
// units, and keep their letter.
const ReadingCase kUnits[] = {
    {"网络延迟只有10ms。", "网络延迟只有十毫秒。"},
    {"这袋面粉重5kg。", "这袋面粉重五千克。"},
    {"电动自行车限速25km/h。", "电动自行车限速每小时二十五公里。"},
    {"台风中心附近风速达到40m/s。", "台风中心附近风速达到每秒四十米。"},
    {"车速保持在60-80km/h。", "车速保持在每小时六十到八十公里。"},
    {"这部手机有8GB内存。", "这部手机有八G内存。"},
    {"3GB的流量很快就用完了。", "三G的流量很快就用完了。"},
    {"安装包大约100MB。", "安装包大约一百兆。"},
    {"硬盘容量2TB。", "硬盘容量两T。"},
    {"伤口长约5cm。", "伤口长约五厘米。"},
    {"明天最高气温20℃。", "明天最高气温二十摄氏度。"},
    {"夜里降到-2℃。", "夜里降到零下二摄氏度。"},
    {"充满电需要2h。", "充满电需要两小时。"},
    {"每天快走30min。", "每天快走三十分钟。"},
    {"响应时间在5-10ms之间。", "响应时间在五到十毫秒之间。"},
    {"芯片采用7nm工艺。", "芯片采用七纳米工艺。"},
    {"电池容量为5000mAh。", "电池容量为五千毫安时。"},
    {"处理器主频3.2GHz。", "处理器主频三点二吉赫。"},
    {"这台空调功率1.5kW。", "这台空调功率一点五千瓦。"},
    {"充电器输出电压5V。", "充电器输出电压五伏。"},
    {"一份套餐含热量650kcal。", "一份套餐含热量六百五十千卡。"},
    {"5G网络已经覆盖全市。", "五G网络已经覆盖全市。"},
    {"4G手机还能用吗？", "四G手机还能用吗？"},
};

// 两 where a lone 2 counts (before a measure word or a unit, and the hour of a
// time); 二 where it names or orders (第二, 二号, 二楼, 二年级, 二月), in a
// decimal, and inside larger numbers (十二, 二百: the cardinal reading stays).
const ReadingCase kLiang[] = {
    {"2年后我们再见。", "两年后我们再见。"},
    {"今天来了2个人。", "今天来了两个人。"},
    {"现在是2:02。", "现在是两点零二分。"},
    {"我们下午2点见。", "我们下午两点见。"},
    {"02:15的闹钟响了。", "两点十五分的闹钟响了。"},
    {"他睡了2小时。", "他睡了两小时。"},
    {"2分钟后出发。", "两分钟后出发。"},
    {"我们等了2周。", "我们等了两周。"},
    {"他每天跑2公里。", "他每天跑两公里。"},
    {"买了2斤苹果。", "买了两斤苹果。"},
    {"这辆车卖了2万元。", "这辆车卖了两万元。"},
    {"每人喝了2杯咖啡。", "每人喝了两杯咖啡。"},
    {"这套房子3室2厅。", "这套房子三室两厅。"},
    {"体重减了2kg。", "体重减了两千克。"},
    {"需要2-3天。", "需要两到三天。"},
    {"他在比赛中得了第2名。", "他在比赛中得了第二名。"},
    {"这是我第2次来。", "这是我第二次来。"},
    {"坐2号线到西直门。", "坐二号线到西直门。"},
    {"会议室在2楼。", "会议室在二楼。"},
    {"妹妹读2年级。", "妹妹读二年级。"},
    {"2月14日是情人节。", "二月十四日是情人节。"},
    {"他得了2等奖。", "他得了二等奖。"},
    {"我买了12个包子。", "我买了十二个包子。"},
    {"这段路长2.5公里。", "这段路长二点五公里。"},
    {"礼堂能坐200人。", "礼堂能坐二百人。"},
    {"水箱容积2m³。", "水箱容积二立方米。"},
};

// Digit strings that name rather than count, said digit by digit with 1 as 幺
// (as phone and room numbers are said aloud): phone numbers, numbers after a
// word that announces one (尾号, 编号, 验证码, 拨打…), rooms, bus routes of
// three digits or more, hotlines, codes of capitals and digits. Quantities
// stay quantities.
const ReadingCase kIdentifiers[] = {
    {"他的手机号是13812345678。", "他的手机号是幺三八幺二三四五六七八。"},
    {"办公室电话010-12345678。", "办公室电话零幺零，幺二三四五六七八。"},
    {"客服电话400-810-8888。", "客服电话四零零，八幺零，八八八八。"},
    {"尾号1234的乘客请到服务台。", "尾号幺二三四的乘客请到服务台。"},
    {"编号2019001的设备需要检修。", "编号二零幺九零零幺的设备需要检修。"},
    {"他的工号是10086。", "他的工号是幺零零八六。"},
    {"学号20230115的同学请留下。", "学号二零二三零幺幺五的同学请留下。"},
    {"您的验证码是654321。", "您的验证码是六五四三二幺。"},
    {"北京海淀区邮编100080。", "北京海淀区邮编幺零零零八零。"},
    {"买火车票可以拨打12306。", "买火车票可以拨打幺二三零六。"},
    {"在12306上买票。", "在幺二三零六上买票。"},
    {"遇到危险请拨打110。", "遇到危险请拨打幺幺零。"},
    {"着火了快打119！", "着火了快打幺幺九！"},
    {"120急救车马上就到。", "幺二零急救车马上就到。"},
    {"他住在302房间。", "他住在三零二房间。"},
    {"请到1201室开会。", "请到幺二零幺室开会。"},
    {"房间号1102。", "房间号幺幺零二。"},
    {"坐101路公交车。", "坐幺零幺路公交车。"},
    {"坐38路公交车。", "坐三十八路公交车。"},
    {"航班CA1234延误了。", "航班CA幺二三四延误了。"},
    {"乘坐G1234次列车。", "乘坐G幺二三四次列车。"},
    {"C919大飞机首飞成功。", "C九幺九大飞机首飞成功。"},
    {"今天来了110位客人。", "今天来了一百一十位客人。"},
    {"他考了120分。", "他考了一百二十分。"},
    {"限速120。", "限速一百二十。"},
    {"每天接电话300次。", "每天接电话三百次。"},
    {"他是第12306位乘客。", "他是第一万二千三百零六位乘客。"},
};

// A number alone on its line is read in the language of the lines around it,
// not of the one word nearest to it. The official Chinese rules then drop the
// line feeds of a Chinese text.
const ReadingCase kLines[] = {
    {"会议日期：\n2024-05-01\n请准时参加。", "会议日期：二零二四年五月一日请准时参加。"},
    {"本次更新的版本号是\n3.5\n欢迎大家升级。", "本次更新的版本号是三点五欢迎大家升级。"},
    {"午饭时间：\n12:30\n请不要迟到。", "午饭时间：十二点三十分请不要迟到。"},
    {"最新版本发布在 GitHub\n2024-05-01", "最新版本发布在GitHub二零二四年五月一日"},
    {"日程请看 Outlook\n12:30\nZoom 线上会议", "日程请看Outlook十二点三十分Zoom线上会议"},
    {"下载 App 后的评分是\n4.8\n满分五分。", "下载App后的评分是四点八满分五分。"},
    {"Wi-Fi 名称见背面，信号强度\n3.5\n格", "Wi-Fi名称见背面，信号强度三点五格"},
    {"项目代号 Phoenix\n2.0\n版本说明见下文。", "项目代号Phoenix二点零版本说明见下文。"},
    {"Lunch with 王总 at the hotel\n12:30\nin the lobby.", "Lunch with王总at the hoteltwelve thirtyin the lobby。"},
    {"The meeting date is\n2024-05-01\nPlease be on time.",
     "The meeting date is\nMay first, twenty twenty-four\nPlease be on time."},
    {"Version\n3.5\nreleased today.", "Version\nthree point five\nreleased today."},
};

std::string read(const char* text) {
  NormalizeOptions options;
  options.readNumbers = true;
  return normalizeText(text, options);
}

class ChineseUnits : public testing::TestWithParam<ReadingCase> {};
class ChineseLiang : public testing::TestWithParam<ReadingCase> {};
class ChineseIdentifiers : public testing::TestWithParam<ReadingCase> {};
class NumbersAloneOnALine : public testing::TestWithParam<ReadingCase> {};

TEST_P(ChineseUnits, ReadsSentence) { EXPECT_EQ(read(GetParam().input), GetParam().expected); }
TEST_P(ChineseLiang, ReadsSentence) { EXPECT_EQ(read(GetParam().input), GetParam().expected); }
TEST_P(ChineseIdentifiers, ReadsSentence) { EXPECT_EQ(read(GetParam().input), GetParam().expected); }
TEST_P(NumbersAloneOnALine, ReadsText) { EXPECT_EQ(read(GetParam().input), GetParam().expected); }

INSTANTIATE_TEST_SUITE_P(Sentences, ChineseUnits, testing::ValuesIn(kUnits));
INSTANTIATE_TEST_SUITE_P(Sentences, ChineseLiang, testing::ValuesIn(kLiang));
INSTANTIATE_TEST_SUITE_P(Sentences, ChineseIdentifiers, testing::ValuesIn(kIdentifiers));
INSTANTIATE_TEST_SUITE_P(Texts, NumbersAloneOnALine, testing::ValuesIn(kLines));

// With number reading off, every category goes to the model as the official
// code passes it: the Chinese rules alone, which leave digits as they are.
TEST(ChineseNumbers, OffLeavesEveryCategoryToTheOfficialRules) {
  const auto digitsOf = [](const std::string& text) {
    std::string digits;
    for (const char c : text)
      if (c >= '0' && c <= '9') digits += c;
    return digits;
  };
  const auto expectDigitsKept = [&](const auto& corpus) {
    for (const ReadingCase& c : corpus) EXPECT_EQ(digitsOf(normalizeText(c.input)), digitsOf(c.input)) << c.input;
  };
  expectDigitsKept(kUnits);
  expectDigitsKept(kLiang);
  expectDigitsKept(kIdentifiers);
}

}  // namespace

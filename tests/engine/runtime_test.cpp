#include "cosystudio/engine.h"

#include <gtest/gtest.h>

#include <unistd.h>

#include <fstream>

namespace fs = std::filesystem;
using namespace cosystudio;

namespace {

const fs::path kTinyModel = fs::path(COSYSTUDIO_FIXTURES_DIR) / "e2e" / "tiny-model-a";

class TempDir {
 public:
  TempDir() : path_(fs::temp_directory_path() / ("cosystudio-test-" + std::to_string(::getpid()))) {
    fs::remove_all(path_);
    fs::create_directories(path_);
  }
  ~TempDir() { fs::remove_all(path_); }
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

bool mentions(const std::vector<ModelProblem>& problems, const std::string& file,
              const std::string& words) {
  for (const auto& p : problems)
    if (p.file == file && p.message.find(words) != std::string::npos) return true;
  return false;
}

}  // namespace

TEST(ModelFolder, OfficialLayoutHasNoProblems) {
  EXPECT_TRUE(checkModelFolder(kTinyModel).empty());
}

TEST(ModelFolder, ListsEveryProblemAtOnce) {
  TempDir dir;
  const fs::path model = dir.path() / "model";
  fs::copy(kTinyModel, model, fs::copy_options::recursive);
  fs::remove(model / "flow.pt");
  fs::remove(model / "CosyVoice-BlankEN" / "merges.txt");
  std::ofstream(model / "hift.pt", std::ios::trunc) << "version https://git-lfs.github.com/spec/v1\n";
  std::ofstream(model / "campplus.onnx", std::ios::trunc);

  const auto problems = checkModelFolder(model);
  EXPECT_EQ(problems.size(), 4u);
  EXPECT_TRUE(mentions(problems, "flow.pt", "missing"));
  EXPECT_TRUE(mentions(problems, "CosyVoice-BlankEN/merges.txt", "missing"));
  EXPECT_TRUE(mentions(problems, "hift.pt", "expected format"));
  EXPECT_TRUE(mentions(problems, "campplus.onnx", "empty"));
}

TEST(ModelFolder, RecognisesTheParentFolderMistake) {
  TempDir dir;
  fs::copy(kTinyModel, dir.path() / "Fun-CosyVoice3-0.5B-2512", fs::copy_options::recursive);
  const auto problems = checkModelFolder(dir.path());
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_NE(problems[0].message.find("subfolder 'Fun-CosyVoice3-0.5B-2512'"), std::string::npos);
}

TEST(ModelFolder, EitherLanguageModelCheckpointWill) {
  TempDir dir;
  const fs::path model = dir.path() / "model";
  fs::copy(kTinyModel, model, fs::copy_options::recursive);
  fs::copy_file(model / kBaseCheckpoint, model / kRlCheckpoint);
  EXPECT_EQ(llmCheckpoints(model), (std::vector<std::string>{kRlCheckpoint, kBaseCheckpoint}));
  fs::remove(model / kBaseCheckpoint);
  EXPECT_TRUE(checkModelFolder(model).empty());
  std::ofstream(model / kRlCheckpoint, std::ios::trunc) << "version https://git-lfs.github.com/spec/v1\n";
  EXPECT_TRUE(mentions(checkModelFolder(model), kRlCheckpoint, "expected format"));
  fs::remove(model / kRlCheckpoint);
  const auto problems = checkModelFolder(model);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_TRUE(mentions(problems, kBaseCheckpoint, std::string("missing (and so is ") + kRlCheckpoint));
}

// A CosyVoice 1 or 2 download: named as such instead of listing every file
// CosyVoice3 needs.
TEST(ModelFolder, RecognisesAnOlderCosyVoiceModel) {
  for (const char* yaml : {"cosyvoice.yaml", "cosyvoice2.yaml"}) {
    SCOPED_TRACE(yaml);
    TempDir dir;
    std::ofstream(dir.path() / yaml) << "sample_rate: 22050\n";
    std::ofstream(dir.path() / "llm.pt") << "PK";
    const auto problems = checkModelFolder(dir.path());
    ASSERT_EQ(problems.size(), 1u);
    EXPECT_EQ(problems[0].file, dir.path().string());
    EXPECT_EQ(problems[0].message, "is an older CosyVoice model; CosyStudio needs Fun-CosyVoice3-0.5B-2512");
  }
}

// A folder where a file belongs (an archive unpacked under the file's name).
TEST(ModelFolder, AFolderInPlaceOfAFile) {
  TempDir dir;
  const fs::path model = dir.path() / "model";
  fs::copy(kTinyModel, model, fs::copy_options::recursive);
  fs::remove(model / "campplus.onnx");
  fs::create_directory(model / "campplus.onnx");
  const auto problems = checkModelFolder(model);
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_TRUE(mentions(problems, "campplus.onnx", "not a regular file"));
}

TEST(ModelFolder, NotAFolder) {
  const auto problems = checkModelFolder(kTinyModel / "llm.pt");
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_NE(problems[0].message.find("not a folder"), std::string::npos);
}

TEST(Runtime, CpuIsAlwaysAvailableAndMemoryIsSampled) {
  const auto devices = availableDevices();
  ASSERT_FALSE(devices.empty());
  EXPECT_EQ(devices[0].device.kind, DeviceKind::Cpu);
  const auto memory = sampleMemory(Device{});
  // The resident set as the kernel counts it (statm's second field, in pages).
  long size = 0, resident = 0;
  std::ifstream("/proc/self/statm") >> size >> resident;
  const double kernelResident = double(resident) * double(sysconf(_SC_PAGESIZE));
  EXPECT_NEAR(double(memory.hostResident), kernelResident, 0.1 * kernelResident);
  EXPECT_EQ(memory.deviceAllocated, 0);
}

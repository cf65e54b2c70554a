// CUDA graphs: a computation run once per token or step, recorded per shape
// and replayed, where the build and the device have them (torch_compat.h's
// COSYSTUDIO_HAVE_CUDA_GRAPHS); and why they last gave way to eager runs.
#pragma once

#include "core/torch_compat.h"

#include <cstdint>
#include <cstdlib>
#include <functional>
#include <iostream>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <utility>

#if COSYSTUDIO_HAVE_CUDA_GRAPHS
#include <ATen/cuda/CUDAGraph.h>
#include <c10/cuda/CUDAStream.h>
#endif

namespace cosystudio::compat {

// Why the model's CUDA graphs last gave way to eager runs, in words for the
// user (MemoryStats::cudaGraphFailure shows it); empty when none has since
// it was cleared (at each unload). Set on the engine's thread, read on any.
namespace detail {
struct GraphFailure {
  std::mutex mutex;
  std::string reason;
};
inline GraphFailure& graphFailure() {
  static GraphFailure failure;
  return failure;
}
}  // namespace detail

inline std::string cudaGraphFailure() {
  auto& failure = detail::graphFailure();
  const std::lock_guard<std::mutex> lock(failure.mutex);
  return failure.reason;
}

inline void setCudaGraphFailure(std::string reason) {
  auto& failure = detail::graphFailure();
  const std::lock_guard<std::mutex> lock(failure.mutex);
  failure.reason = std::move(reason);
}

// A device computation run once per token or step, recorded as a CUDA graph
// per shape key and replayed after, in builds with CUDA graphs and on a CUDA
// device; elsewhere, or once recording has failed, it runs eagerly every time.
// The computation must read and write only tensors that stay where they are
// (a replay repeats its kernels on the same addresses), decide nothing on the
// host from device values, and change no host state (a replay runs none of
// its C++). Its output is rewritten by the next replay: read it before that.
// COSYSTUDIO_CUDA_GRAPHS=0 keeps it eager, to compare the two.
class GraphedSteps {
 public:
  explicit GraphedSteps(std::string what) : what_(std::move(what)) {
    if (const char* graphs = std::getenv("COSYSTUDIO_CUDA_GRAPHS"); graphs && std::string(graphs) == "0")
      eagerReason_ = "COSYSTUDIO_CUDA_GRAPHS=0";
  }
  GraphedSteps(const GraphedSteps&) = delete;
  GraphedSteps& operator=(const GraphedSteps&) = delete;
  ~GraphedSteps() { clear(); }

  // The first call per key runs eagerly (it warms up the kernels' lazy state),
  // the second records the graph and replays it, later ones replay it.
  at::Tensor run(int64_t key, const at::Device& device, const std::function<at::Tensor()>& compute) {
#if COSYSTUDIO_HAVE_CUDA_GRAPHS
    if (device.is_cuda() && eagerReason_.empty()) return runOnGraph(key, device, compute);
#endif
    return compute();
  }

  // Whether run() records and replays on `device` (rather than running eagerly).
  bool replays(const at::Device& device) const {
#if COSYSTUDIO_HAVE_CUDA_GRAPHS
    return device.is_cuda() && eagerReason_.empty();
#else
    (void)device;
    return false;
#endif
  }

  // Drops the graphs, and with them their memory pool: before the tensors
  // they read move, and when the model goes.
  void clear() {
    retain([](int64_t) { return false; });
  }

  // Drops the graphs of the keys `keep` refuses: before the tensors they read go.
  void retain([[maybe_unused]] const std::function<bool(int64_t)>& keep) {
#if COSYSTUDIO_HAVE_CUDA_GRAPHS
    bool waited = false;
    for (auto entry = graphs_.begin(); entry != graphs_.end();) {
      if (keep(entry->first)) {
        ++entry;
        continue;
      }
      if (!std::exchange(waited, true)) synchronize();  // a replay may still be running
      entry = graphs_.erase(entry);
    }
#endif
  }

 private:
#if COSYSTUDIO_HAVE_CUDA_GRAPHS
  struct Recorded {
    std::unique_ptr<at::cuda::CUDAGraph> graph;
    at::Tensor output;  // in the graphs' private pool
  };

  at::Tensor runOnGraph(int64_t key, const at::Device& device, const std::function<at::Tensor()>& compute) {
    device_ = device.index();
    auto found = graphs_.find(key);
    if (found == graphs_.end()) {
      graphs_[key];
      return onSideStream(compute);  // warm-up, on the stream the capture will use
    }
    Recorded& recorded = found->second;
    if (!recorded.graph && !record(recorded, compute)) return compute();
    recorded.graph->replay();
    return recorded.output;
  }

  // Waits for the graphs' device, whichever device is current.
  void synchronize() const {
    const c10::cuda::CUDAGuard guard(device_);
    cudaDeviceSynchronize();
  }

  // Capture needs a stream other than the default one. One per device and
  // thread, made once: libtorch keeps a cuBLAS workspace per handle and stream,
  // so a stream per model load would add a workspace at each (up to the pool's
  // 32 streams); per thread, since whatever any thread launches on a stream
  // being recorded joins the recording.
  c10::cuda::CUDAStream sideStream() const {
    thread_local std::map<c10::DeviceIndex, c10::cuda::CUDAStream> streams;
    auto found = streams.find(device_);
    if (found == streams.end()) found = streams.emplace(device_, c10::cuda::getStreamFromPool(false, device_)).first;
    return found->second;
  }

  // The side stream and the default one wait for each other.
  at::Tensor onSideStream(const std::function<at::Tensor()>& compute) {
    c10::cuda::getCurrentCUDAStream(device_).synchronize();
    const auto side = sideStream();
    at::Tensor output;
    {
      const c10::cuda::CUDAStreamGuard guard(side);
      output = compute();
    }
    side.synchronize();
    return output;
  }

  bool record(Recorded& recorded, const std::function<at::Tensor()>& compute) {
    if (pool_ == c10::MempoolId_t{0, 0}) pool_ = at::cuda::graph_pool_handle();  // shared by this object's graphs
    auto graph = std::make_unique<at::cuda::CUDAGraph>();
    c10::cuda::getCurrentCUDAStream(device_).synchronize();
    const auto side = sideStream();
    try {
      const c10::cuda::CUDAStreamGuard guard(side);
      // Thread-local: other threads may call CUDA meanwhile (the window samples
      // memory and tries GPUs on its own thread: cudaMemGetInfo, small kernels
      // on its default stream, which the non-blocking side stream does not
      // wait for). In the global mode those calls would fail, or break the
      // recording; in this one they are safe, so they stay on their threads.
      graph->capture_begin(pool_, cudaStreamCaptureModeThreadLocal);
      recorded.output = compute();
      graph->capture_end();
    } catch (const std::exception& error) {
      const auto* torchError = dynamic_cast<const c10::Error*>(&error);
      giveUp(std::move(graph), side, torchError ? torchError->what_without_backtrace() : error.what());
      return false;
    }
    recorded.graph = std::move(graph);
    return true;
  }

  // After a failed recording (running out of memory is the likely cause): the
  // capture ends, every graph goes, their pool's memory goes back to the
  // driver (the eager run that follows may need it), and from now on the
  // computation runs eagerly, which the user is told.
  void giveUp(std::unique_ptr<at::cuda::CUDAGraph> graph, const c10::cuda::CUDAStream& side, const std::string& why) {
    abandonCapture(side);
    graph.reset();
    graphs_.clear();
    synchronize();
    c10::cuda::CUDACachingAllocator::emptyCache();
    eagerReason_ = "recording it as a CUDA graph failed: " + why;
    setCudaGraphFailure(what_ + " runs eagerly, slower, since " + eagerReason_);
    std::cerr << "cosystudio: " << what_ << " runs eagerly: " << eagerReason_ << std::endl;
  }

  // Leaves the stream and the allocator as they were before a failed capture.
  void abandonCapture(const c10::cuda::CUDAStream& side) {
    cudaStreamCaptureStatus status = cudaStreamCaptureStatusNone;
    if (cudaStreamIsCapturing(side.stream(), &status) == cudaSuccess && status != cudaStreamCaptureStatusNone) {
      cudaGraph_t partial = nullptr;
      cudaStreamEndCapture(side.stream(), &partial);
      if (partial) cudaGraphDestroy(partial);
    }
    try {
      c10::cuda::CUDACachingAllocator::endAllocateToPool(device_, pool_);
      c10::cuda::CUDACachingAllocator::releasePool(device_, pool_);
    } catch (const std::exception&) {
      // capture_end got that far and already ended it; the graph's reset releases its share
    }
    cudaGetLastError();  // a capture error is not sticky; clear it for the eager run
  }

  std::map<int64_t, Recorded> graphs_;
  c10::DeviceIndex device_ = -1;  // of the graphs
  c10::MempoolId_t pool_{0, 0};
#endif
  std::string what_;
  std::string eagerReason_;  // why it runs eagerly on a CUDA device, empty while it does not
};

}  // namespace cosystudio::compat

// The ONNX protobuf classes (Debian's libonnx-dev). Targets that link
// onnx_proto get ONNX_ML/ONNX_NAMESPACE from it; code that only links the
// engine (its tests) gets the same values here.
#pragma once

#ifndef ONNX_ML
#define ONNX_ML 1
#endif
#ifndef ONNX_NAMESPACE
#define ONNX_NAMESPACE onnx
#endif
#include <onnx/onnx_pb.h>

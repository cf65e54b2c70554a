// Precompiled header for the engine's torch translation units. ATen plus the
// functional ops is what the networks need; <torch/torch.h> (nn modules,
// optimisers, data loaders) would double the cost of every TU.
#pragma once
#include <ATen/ATen.h>
#include <torch/nn/functional.h>
#include <c10/util/Exception.h>

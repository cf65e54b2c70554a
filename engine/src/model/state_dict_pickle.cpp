#include "model/state_dict_pickle.h"

#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <optional>

namespace cosystudio {
namespace {

// The few globals a tensor state dict refers to; anything else is refused.
enum class Callable { OrderedDict, RebuildTensor };

std::optional<c10::ScalarType> storageType(const std::string& name) {
  static const std::map<std::string, c10::ScalarType> types = {
      {"torch.FloatStorage", c10::ScalarType::Float},   {"torch.HalfStorage", c10::ScalarType::Half},
      {"torch.BFloat16Storage", c10::ScalarType::BFloat16}, {"torch.DoubleStorage", c10::ScalarType::Double},
      {"torch.LongStorage", c10::ScalarType::Long},     {"torch.IntStorage", c10::ScalarType::Int},
      {"torch.ShortStorage", c10::ScalarType::Short},   {"torch.CharStorage", c10::ScalarType::Char},
      {"torch.ByteStorage", c10::ScalarType::Byte},     {"torch.BoolStorage", c10::ScalarType::Bool},
  };
  auto it = types.find(name);
  if (it == types.end()) return std::nullopt;
  return it->second;
}

struct Value;
using ValuePtr = std::shared_ptr<Value>;

struct Value {
  enum class Kind { None, Bool, Int, Float, String, Tuple, List, Dict, Callable, StorageType, Storage, Tensor };
  Kind kind = Kind::None;
  int64_t integer = 0;
  double real = 0;
  std::string text;
  std::vector<ValuePtr> items;                          // Tuple, List
  std::vector<std::pair<ValuePtr, ValuePtr>> entries;   // Dict
  Callable callable = Callable::OrderedDict;
  StoredTensor tensor;                                  // Storage (key/dtype/numel), Tensor

  static ValuePtr make(Kind kind) {
    auto value = std::make_shared<Value>();
    value->kind = kind;
    return value;
  }
};

const char* kindName(Value::Kind kind) {
  switch (kind) {
    case Value::Kind::None: return "None";
    case Value::Kind::Bool: return "bool";
    case Value::Kind::Int: return "int";
    case Value::Kind::Float: return "float";
    case Value::Kind::String: return "str";
    case Value::Kind::Tuple: return "tuple";
    case Value::Kind::List: return "list";
    case Value::Kind::Dict: return "dict";
    case Value::Kind::Callable: return "callable";
    case Value::Kind::StorageType: return "storage type";
    case Value::Kind::Storage: return "storage";
    case Value::Kind::Tensor: return "tensor";
  }
  return "?";
}

class Unpickler {
 public:
  Unpickler(const char* data, size_t size) : data_(data), size_(size) {}

  ValuePtr run() {
    for (;;) {
      const size_t at = pos_;
      const uint8_t op = byte();
      switch (op) {
        case 0x80: byte(); break;                        // PROTO
        case 0x95: bytes(8); break;                      // FRAME
        case '.': return finish();                       // STOP
        case '(': marks_.push_back(stack_.size()); break;  // MARK
        case '}': push(Value::make(Value::Kind::Dict)); break;
        case ')': push(Value::make(Value::Kind::Tuple)); break;
        case ']': push(Value::make(Value::Kind::List)); break;
        case 't': push(sequence(Value::Kind::Tuple, popMark())); break;
        case 'l': push(sequence(Value::Kind::List, popMark())); break;
        case 0x85: case 0x86: case 0x87: {                 // TUPLE1..3
          const size_t n = op - 0x84;
          requireStack(n);
          std::vector<ValuePtr> items(stack_.end() - n, stack_.end());
          stack_.resize(stack_.size() - n);
          push(sequence(Value::Kind::Tuple, std::move(items)));
          break;
        }
        case 'a': {                                      // APPEND
          ValuePtr item = pop();
          expect(top(), Value::Kind::List, "APPEND")->items.push_back(item);
          break;
        }
        case 'e': {                                      // APPENDS
          auto items = popMark();
          auto& list = expect(top(), Value::Kind::List, "APPENDS")->items;
          list.insert(list.end(), items.begin(), items.end());
          break;
        }
        case 'd': {                                      // DICT
          auto dict = Value::make(Value::Kind::Dict);
          addEntries(*dict, popMark());
          push(dict);
          break;
        }
        case 's': {                                      // SETITEM
          ValuePtr value = pop();
          ValuePtr key = pop();
          addEntries(*expect(top(), Value::Kind::Dict, "SETITEM"), {key, value});
          break;
        }
        case 'u': {                                      // SETITEMS
          auto items = popMark();
          addEntries(*expect(top(), Value::Kind::Dict, "SETITEMS"), items);
          break;
        }
        case 'X': pushString(uint32()); break;           // BINUNICODE
        case 0x8c: pushString(byte()); break;            // SHORT_BINUNICODE
        case 0x8d: pushString(uint64()); break;          // BINUNICODE8
        case 'J': pushInt(static_cast<int32_t>(uint32())); break;  // BININT
        case 'K': pushInt(byte()); break;                // BININT1
        case 'M': pushInt(uint16()); break;              // BININT2
        case 0x8a: pushInt(long1()); break;              // LONG1
        case 0x88: case 0x89: {                          // NEWTRUE / NEWFALSE
          auto value = Value::make(Value::Kind::Bool);
          value->integer = op == 0x88;
          push(value);
          break;
        }
        case 'N': push(Value::make(Value::Kind::None)); break;
        case 'G': {                                      // BINFLOAT (big-endian)
          const char* raw = bytes(8);
          uint64_t bits = 0;
          for (int i = 0; i < 8; ++i) bits = (bits << 8) | static_cast<uint8_t>(raw[i]);
          auto value = Value::make(Value::Kind::Float);
          std::memcpy(&value->real, &bits, sizeof bits);
          push(value);
          break;
        }
        case 'c': {                                      // GLOBAL
          std::string module = line();
          std::string name = line();
          push(global(module + "." + name));
          break;
        }
        case 0x93: {                                     // STACK_GLOBAL
          ValuePtr name = pop();
          ValuePtr module = pop();
          expect(name, Value::Kind::String, "STACK_GLOBAL");
          expect(module, Value::Kind::String, "STACK_GLOBAL");
          push(global(module->text + "." + name->text));
          break;
        }
        case 'R': {                                      // REDUCE
          ValuePtr args = expect(pop(), Value::Kind::Tuple, "REDUCE arguments");
          ValuePtr callable = pop();
          push(call(*callable, args->items));
          break;
        }
        case 'b': {                                      // BUILD: only OrderedDict's `_metadata`
          ValuePtr state = pop();
          expect(top(), Value::Kind::Dict, "BUILD");
          if (state->kind != Value::Kind::Dict && state->kind != Value::Kind::None)
            fail("BUILD with a " + std::string(kindName(state->kind)) + " state");
          break;
        }
        case 'Q': push(persistentStorage(*pop())); break;  // BINPERSID
        case 'q': memo_[byte()] = top(); break;          // BINPUT
        case 'r': memo_[uint32()] = top(); break;        // LONG_BINPUT
        case 0x94: memo_[static_cast<uint32_t>(memo_.size())] = top(); break;  // MEMOIZE
        case 'h': push(memo(byte())); break;             // BINGET
        case 'j': push(memo(uint32())); break;           // LONG_BINGET
        case '0': pop(); break;                          // POP
        default: {
          char hex[8];
          std::snprintf(hex, sizeof hex, "0x%02x", op);
          pos_ = at;
          fail(std::string("unsupported pickle opcode ") + hex);
        }
      }
    }
  }

 private:
  [[noreturn]] void fail(const std::string& what) const {
    throw PickleError(what + " at byte " + std::to_string(pos_) + " of data.pkl");
  }

  const char* bytes(size_t n) {
    if (n > size_ - pos_) fail("pickle data ends early");
    const char* p = data_ + pos_;
    pos_ += n;
    return p;
  }
  uint8_t byte() { return static_cast<uint8_t>(*bytes(1)); }
  uint64_t littleEndian(size_t n) {
    const char* p = bytes(n);
    uint64_t v = 0;
    for (size_t i = n; i-- > 0;) v = (v << 8) | static_cast<uint8_t>(p[i]);
    return v;
  }
  uint16_t uint16() { return static_cast<uint16_t>(littleEndian(2)); }
  uint32_t uint32() { return static_cast<uint32_t>(littleEndian(4)); }
  uint64_t uint64() { return littleEndian(8); }
  int64_t long1() {
    const size_t n = byte();
    if (n > 8) fail("integer wider than 64 bits");
    if (n == 0) return 0;
    uint64_t v = littleEndian(n);
    if (n < 8 && (v >> (8 * n - 1)) & 1) v |= ~uint64_t{0} << (8 * n);  // sign-extend
    return static_cast<int64_t>(v);
  }
  std::string line() {
    const void* end = std::memchr(data_ + pos_, '\n', size_ - pos_);
    if (!end) fail("pickle data ends early");
    const size_t n = static_cast<const char*>(end) - (data_ + pos_);
    std::string text(bytes(n), n);
    bytes(1);
    return text;
  }

  void push(ValuePtr value) { stack_.push_back(std::move(value)); }
  void pushString(uint64_t n) {
    auto value = Value::make(Value::Kind::String);
    value->text.assign(bytes(n), n);
    push(value);
  }
  void pushInt(int64_t n) {
    auto value = Value::make(Value::Kind::Int);
    value->integer = n;
    push(value);
  }
  void requireStack(size_t n) const {
    const size_t floor = marks_.empty() ? 0 : marks_.back();
    if (stack_.size() < floor + n) fail("pickle stack underflow");
  }
  ValuePtr pop() {
    requireStack(1);
    ValuePtr value = stack_.back();
    stack_.pop_back();
    return value;
  }
  const ValuePtr& top() const {
    requireStack(1);
    return stack_.back();
  }
  std::vector<ValuePtr> popMark() {
    if (marks_.empty()) fail("pickle MARK missing");
    std::vector<ValuePtr> items(stack_.begin() + marks_.back(), stack_.end());
    stack_.resize(marks_.back());
    marks_.pop_back();
    return items;
  }
  ValuePtr memo(uint32_t index) const {
    auto it = memo_.find(index);
    if (it == memo_.end()) fail("pickle memo entry " + std::to_string(index) + " missing");
    return it->second;
  }
  const ValuePtr& expect(const ValuePtr& value, Value::Kind kind, const char* where) const {
    if (value->kind != kind)
      fail(std::string(where) + " expects a " + kindName(kind) + ", got a " + kindName(value->kind));
    return value;
  }
  static ValuePtr sequence(Value::Kind kind, std::vector<ValuePtr> items) {
    auto value = Value::make(kind);
    value->items = std::move(items);
    return value;
  }
  void addEntries(Value& dict, const std::vector<ValuePtr>& flat) const {
    if (flat.size() % 2) fail("odd number of dict items");
    for (size_t i = 0; i < flat.size(); i += 2) dict.entries.emplace_back(flat[i], flat[i + 1]);
  }

  ValuePtr global(const std::string& name) const {
    auto value = Value::make(Value::Kind::Callable);
    if (name == "collections.OrderedDict") {
      value->callable = Callable::OrderedDict;
    } else if (name == "torch._utils._rebuild_tensor_v2") {
      value->callable = Callable::RebuildTensor;
    } else if (auto dtype = storageType(name)) {
      value->kind = Value::Kind::StorageType;
      value->tensor.dtype = *dtype;
    } else {
      fail("refused pickle global '" + name +
           "' (a checkpoint may only hold a dict of tensors; nothing else is executed)");
    }
    return value;
  }

  std::vector<int64_t> intTuple(const ValuePtr& value, const char* what) const {
    expect(value, Value::Kind::Tuple, what);
    std::vector<int64_t> ints;
    for (const auto& item : value->items) ints.push_back(expect(item, Value::Kind::Int, what)->integer);
    return ints;
  }

  ValuePtr call(const Value& callable, const std::vector<ValuePtr>& args) const {
    if (callable.kind != Value::Kind::Callable)
      fail(std::string("REDUCE on a ") + kindName(callable.kind));
    if (callable.callable == Callable::OrderedDict) {
      if (!args.empty()) fail("OrderedDict called with arguments");
      return Value::make(Value::Kind::Dict);
    }
    // _rebuild_tensor_v2(storage, offset, size, stride, requires_grad, backward_hooks[, metadata])
    if (args.size() < 6 || args.size() > 7) fail("_rebuild_tensor_v2 with " + std::to_string(args.size()) + " arguments");
    auto tensor = Value::make(Value::Kind::Tensor);
    tensor->tensor = expect(args[0], Value::Kind::Storage, "_rebuild_tensor_v2 storage")->tensor;
    tensor->tensor.offset = expect(args[1], Value::Kind::Int, "_rebuild_tensor_v2 offset")->integer;
    tensor->tensor.sizes = intTuple(args[2], "_rebuild_tensor_v2 size");
    tensor->tensor.strides = intTuple(args[3], "_rebuild_tensor_v2 stride");
    if (tensor->tensor.sizes.size() != tensor->tensor.strides.size()) fail("tensor size and stride ranks differ");
    if (args[5]->kind != Value::Kind::Dict || !args[5]->entries.empty()) fail("tensor with backward hooks");
    return tensor;
  }

  // ('storage', <storage type>, key, location, numel) as written by torch.save.
  ValuePtr persistentStorage(const Value& id) const {
    if (id.kind != Value::Kind::Tuple || id.items.size() != 5 || id.items[0]->kind != Value::Kind::String ||
        id.items[0]->text != "storage")
      fail("persistent id is not a storage reference");
    auto storage = Value::make(Value::Kind::Storage);
    storage->tensor.dtype = expect(id.items[1], Value::Kind::StorageType, "storage type")->tensor.dtype;
    storage->tensor.storageKey = expect(id.items[2], Value::Kind::String, "storage key")->text;
    storage->tensor.storageNumel = expect(id.items[4], Value::Kind::Int, "storage size")->integer;
    return storage;
  }

  ValuePtr finish() {
    ValuePtr result = pop();
    if (!stack_.empty() || !marks_.empty()) fail("pickle stack not empty at STOP");
    return expect(result, Value::Kind::Dict, "checkpoint root");
  }

  const char* data_;
  size_t size_;
  size_t pos_ = 0;
  std::vector<ValuePtr> stack_;
  std::vector<size_t> marks_;
  std::map<uint32_t, ValuePtr> memo_;
};

}  // namespace

std::vector<std::pair<std::string, StoredTensor>> readStateDictPickle(const char* data, size_t size) {
  ValuePtr root = Unpickler(data, size).run();
  std::vector<std::pair<std::string, StoredTensor>> entries;
  for (const auto& [key, value] : root->entries) {
    if (key->kind != Value::Kind::String)
      throw PickleError(std::string("checkpoint key is a ") + kindName(key->kind) + ", not a string");
    if (value->kind != Value::Kind::Tensor)
      throw PickleError("checkpoint entry '" + key->text + "' is a " + kindName(value->kind) + ", not a tensor");
    entries.emplace_back(key->text, value->tensor);
  }
  return entries;
}

}  // namespace cosystudio

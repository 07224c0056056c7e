// Descriptor objects and the matmul of the emulated cuBLASLt / hipBLASLt
// (parity/simt/libs/blaslt.hpp).
#include "parity/simt/libs/blaslt.hpp"

#include <cstring>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

namespace parity::simt::libs {

struct LtObject {
  LtKind kind;
  BlasVendor vendor;
  LtTable table;
  std::vector<std::uint64_t> values;

  const LtAttribute* find(int id, std::size_t* index) const {
    for (std::size_t i = 0; i < table.count; ++i) {
      if (table.attributes[i].id == id) {
        *index = i;
        return &table.attributes[i];
      }
    }
    return nullptr;
  }
};

namespace {

struct Registry {
  std::mutex mutex;
  std::unordered_map<const void*, std::unique_ptr<LtObject>> objects;
};
Registry& registry() {
  static Registry* r = new Registry;
  return *r;
}

bool cuda(const LtObject* o) {
  return o->vendor == BlasVendor::kCublas;
}

}  // namespace

LtObject* lt_create(LtKind kind, BlasVendor vendor, LtTable table) {
  auto object = std::make_unique<LtObject>();
  object->kind = kind;
  object->vendor = vendor;
  object->table = table;
  for (std::size_t i = 0; i < table.count; ++i)
    object->values.push_back(table.attributes[i].initial);
  LtObject* raw = object.get();
  std::lock_guard lock(registry().mutex);
  registry().objects.emplace(raw, std::move(object));
  return raw;
}

LtObject* lt_find(const void* object, LtKind kind) noexcept {
  if (object == nullptr) return nullptr;
  std::lock_guard lock(registry().mutex);
  const auto it = registry().objects.find(object);
  if (it == registry().objects.end() || it->second->kind != kind) return nullptr;
  return it->second.get();
}

bool lt_destroy(const void* object, LtKind kind) noexcept {
  std::lock_guard lock(registry().mutex);
  const auto it = registry().objects.find(object);
  if (it == registry().objects.end() || it->second->kind != kind) return false;
  registry().objects.erase(it);
  return true;
}

BlasStatus lt_set(LtObject* o, int attribute, const void* buf, std::size_t size) {
  if (buf == nullptr || size == 0) return BlasStatus::kInvalidValue;
  std::size_t index = 0;
  const LtAttribute* a = o->find(attribute, &index);
  if (a == nullptr) return BlasStatus::kInvalidValue;
  if (cuda(o) ? size != a->size : size < a->size) return BlasStatus::kInvalidValue;
  std::uint64_t v = 0;
  std::memcpy(&v, buf, a->size);
  o->values[index] = v;
  return BlasStatus::kSuccess;
}

BlasStatus lt_get(const LtObject* o, int attribute, void* buf, std::size_t size,
                  std::size_t* written) {
  std::size_t index = 0;
  const LtAttribute* a = o->find(attribute, &index);
  if (cuda(o)) {
    if (buf == nullptr) {
      if (size != 0 || written == nullptr || a == nullptr) return BlasStatus::kInvalidValue;
      *written = a->size;  // the size query
      return BlasStatus::kSuccess;
    }
    if (a == nullptr || size != a->size) return BlasStatus::kInvalidValue;
  } else {
    if ((size == 0 && written == nullptr) || (size != 0 && buf == nullptr) || a == nullptr)
      return BlasStatus::kInvalidValue;
    if (written != nullptr) *written = a->size;
    if (size < a->size) return BlasStatus::kInvalidValue;
  }
  std::memcpy(buf, &o->values[index], a->size);
  if (written != nullptr) *written = a->size;
  return BlasStatus::kSuccess;
}

std::uint64_t lt_value(const LtObject* o, int attribute) noexcept {
  std::size_t index = 0;
  return o->find(attribute, &index) != nullptr ? o->values[index] : 0;
}

void lt_store(LtObject* o, int attribute, std::uint64_t value) noexcept {
  std::size_t index = 0;
  if (o->find(attribute, &index) != nullptr) o->values[index] = value;
}

void* lt_create_handle(BlasVendor vendor) {
  return create_blas_handle(vendor);
}
bool lt_valid_handle(const void* handle, BlasVendor vendor) noexcept {
  return find_blas_handle(handle, vendor) != nullptr;
}
bool lt_destroy_handle(const void* handle, BlasVendor vendor) noexcept {
  return destroy_blas_handle(handle, vendor);
}

namespace {

std::string shape(const char* name, const LtMatrix& m) {
  return std::string(name) + " is " + std::to_string(m.rows) + " x " + std::to_string(m.cols) +
         " (ld " + std::to_string(m.ld) + ")";
}

bool same_layout(const LtMatrix& x, const LtMatrix& y) {
  return x.type == y.type && x.rows == y.rows && x.cols == y.cols && x.ld == y.ld &&
         x.batch_count == y.batch_count && x.batch_stride == y.batch_stride;
}

//! The data-type number of an element type (cudaDataType and hipDataType agree).
int datatype_of(Element e) {
  switch (e) {
    case Element::kF32:
      return 0;
    case Element::kF64:
      return 1;
    case Element::kF16:
      return 2;
    case Element::kI8:
      return 3;
    case Element::kI32:
      return 10;
    case Element::kBF16:
      return 14;
  }
  return -1;
}

}  // namespace

BlasStatus lt_matmul(BlasVendor vendor, const LtCall& c, bool config_only, bool run) {
  auto fail = [&](BlasStatus s, const std::string& why) {
    return report(s, vendor, c.function, why);
  };
  const bool cu = vendor == BlasVendor::kCublas;

  // Types: the GemmEx table of the library, D of C's type, the scale type the compute implies.
  GemmCall types;
  resolve_gemm_ex_types(vendor, c.compute, c.a.type, c.b.type, c.c.type, types);
  if (!types.types_supported) return fail(BlasStatus::kNotSupported, types.unsupported_reason);
  if (types.compute == Compute::kI32)
    return fail(BlasStatus::kNotSupported,
                "int8 matmuls through cuBLASLt / hipBLASLt are not emulated (cublasGemmEx and "
                "hipblasGemmEx are)");
  if (c.d.type != c.c.type)
    return fail(BlasStatus::kNotSupported, "D's type (" + std::to_string(c.d.type) +
                                               ") differs from C's (" + std::to_string(c.c.type) +
                                               ")");
  if (c.scale_type != datatype_of(types.scale))
    return fail(BlasStatus::kNotSupported, "the scale type (" + std::to_string(c.scale_type) +
                                               ") is not the one the compute "
                                               "type implies (" +
                                               std::to_string(datatype_of(types.scale)) + ")");
  if (!c.op_a_valid || !c.op_b_valid)
    return fail(BlasStatus::kInvalidValue, "TRANSA / TRANSB is not N, T or C");
  if (!c.op_c_valid) return fail(BlasStatus::kNotSupported, "TRANSC must be CUBLAS_OP_N");
  if (!c.a.column_order || !c.b.column_order || !c.c.column_order || !c.d.column_order)
    return fail(BlasStatus::kNotSupported,
                "only column-major layouts (ORDER_COL) are emulated, not row or tiled orders");
  if (c.pointer_mode != 0 && c.pointer_mode != 1)
    return fail(BlasStatus::kNotSupported,
                "only the host and device pointer modes are emulated (not alpha vectors)");
  if (c.scaled)
    return fail(BlasStatus::kNotSupported,
                "scale and amax pointers (fp8 scaling) are not emulated");

  // Shapes: D is m x n, op(A) m x k, op(B) k x n, C like D.
  const std::int64_t m = c.d.rows, n = c.d.cols;
  const std::int64_t k = c.op_a == Transpose::kNone ? c.a.cols : c.a.rows;
  const bool a_ok = (c.op_a == Transpose::kNone ? c.a.rows : c.a.cols) == m;
  const bool b_ok = c.op_b == Transpose::kNone ? (c.b.rows == k && c.b.cols == n)
                                               : (c.b.cols == k && c.b.rows == n);
  if (!a_ok || !b_ok || c.c.rows != m || c.c.cols != n) {
    return fail(BlasStatus::kInvalidValue,
                "the layouts do not fit one product: " + shape("A", c.a) + ", " + shape("B", c.b) +
                    ", " + shape("C", c.c) + ", " + shape("D", c.d));
  }
  for (const auto* x : {&c.a, &c.b, &c.c, &c.d}) {
    if (x->ld < std::max<std::int64_t>(1, x->rows))
      return fail(BlasStatus::kInvalidValue,
                  "a leading dimension is below its matrix's rows: " + shape("A", c.a) + ", " +
                      shape("B", c.b) + ", " + shape("C", c.c) + ", " + shape("D", c.d));
    if (x->batch_count < 1 || x->batch_count != c.d.batch_count)
      return fail(BlasStatus::kInvalidValue,
                  "the batch counts of A, B, C and D differ (or one is below 1)");
  }

  // Epilogue.
  GemmProblem p;
  Epilogue& e = p.epilogue;
  const auto epi = static_cast<LtEpilogue>(c.epilogue);
  bool bias = false, aux_out = false, aux_in = false, bgrad = false;
  switch (epi) {
    case LtEpilogue::kDefault:
      break;
    case LtEpilogue::kRelu:
      e.activation = Activation::kRelu;
      break;
    case LtEpilogue::kBias:
      bias = true;
      break;
    case LtEpilogue::kReluBias:
      bias = true;
      e.activation = Activation::kRelu;
      break;
    case LtEpilogue::kGelu:
      e.activation = Activation::kGelu;
      break;
    case LtEpilogue::kGeluBias:
      bias = true;
      e.activation = Activation::kGelu;
      break;
    case LtEpilogue::kGeluAux:
      aux_out = true;
      e.activation = Activation::kGelu;
      break;
    case LtEpilogue::kGeluAuxBias:
      aux_out = bias = true;
      e.activation = Activation::kGelu;
      break;
    case LtEpilogue::kDGelu:
      aux_in = true;
      e.activation = Activation::kGeluBackward;
      break;
    case LtEpilogue::kBGradB:
      bgrad = true;
      break;
    default:
      return fail(BlasStatus::kNotSupported,
                  "epilogue " + std::to_string(c.epilogue) +
                      " is not emulated (DEFAULT, RELU, BIAS, RELU_BIAS, GELU, GELU_BIAS, "
                      "GELU_AUX, GELU_AUX_BIAS, DGELU and BGRADB are)");
  }
  if (epi != LtEpilogue::kDefault && types.compute != Compute::kF32)
    return fail(BlasStatus::kNotSupported,
                "epilogues are emulated with the fp32 compute types only");
  Element bias_type = Element::kF32, aux_type = Element::kF32, d_type = Element::kF32;
  element_from_datatype(c.d.type, d_type);
  if (bias || bgrad) {
    if (c.bias_type == -1) {
      bias_type = d_type;
    } else if (!element_from_datatype(c.bias_type, bias_type) || bias_type == Element::kI8 ||
               bias_type == Element::kI32 || bias_type == Element::kF64) {
      return fail(BlasStatus::kNotSupported, "bias type " + std::to_string(c.bias_type) +
                                                 " is not emulated (fp32, fp16 and bf16 are)");
    }
  }
  if (aux_out || aux_in) {
    if (c.aux_type == -1) {
      aux_type = d_type;
    } else if (!element_from_datatype(c.aux_type, aux_type) || aux_type == Element::kI8 ||
               aux_type == Element::kI32 || aux_type == Element::kF64) {
      return fail(BlasStatus::kNotSupported,
                  "aux type " + std::to_string(c.aux_type) + " is not emulated");
    }
    if (c.aux_ld < std::max<std::int64_t>(1, m))
      return fail(BlasStatus::kInvalidValue, "EPILOGUE_AUX_LD (" + std::to_string(c.aux_ld) +
                                                 ") is below the rows of D (" + std::to_string(m) +
                                                 ")");
  }
  if (c.workspace_bytes > 0 && c.workspace == nullptr)
    return fail(BlasStatus::kInvalidValue, "a workspace size without a workspace pointer");
  if (config_only) return BlasStatus::kSuccess;

  if (c.alpha == nullptr || c.beta == nullptr)
    return fail(BlasStatus::kInvalidValue, "alpha or beta is a null pointer");
  const double alpha = read_scalar(c.alpha, types.scale);
  const double beta = read_scalar(c.beta, types.scale);
  if ((k > 0 && alpha != 0.0 && (c.a_data == nullptr || c.b_data == nullptr)) ||
      (beta != 0.0 && c.c_data == nullptr) || c.d_data == nullptr)
    return fail(BlasStatus::kInvalidValue, "a matrix pointer the computation needs is null");
  if ((bias || bgrad) && c.bias == nullptr)
    return fail(BlasStatus::kInvalidValue, "the epilogue needs BIAS_POINTER, which is null");
  if ((aux_out || aux_in) && c.aux == nullptr)
    return fail(BlasStatus::kInvalidValue,
                "the epilogue needs EPILOGUE_AUX_POINTER, which is null");
  if (c.c_data == c.d_data && !same_layout(c.c, c.d))
    return fail(BlasStatus::kInvalidValue,
                "C and D are the same memory with different layouts (in place needs Cdesc == "
                "Ddesc)");
  if (!run) return BlasStatus::kSuccess;

  p.op_a = c.op_a;
  p.op_b = c.op_b;
  p.m = m;
  p.n = n;
  p.k = k;
  p.batch = c.d.batch_count;
  p.a = {c.a_data, nullptr, types.a.type, c.a.ld, c.a.batch_stride};
  p.b = {c.b_data, nullptr, types.b.type, c.b.ld, c.b.batch_stride};
  p.c = {c.c_data, nullptr, types.c.type, c.c.ld, c.c.batch_stride};
  p.d = {c.d_data, nullptr, d_type, c.d.ld, c.d.batch_stride};
  p.compute = types.compute;
  p.scale = types.scale;
  p.alpha = alpha;
  p.beta = beta;
  if (bias) {
    e.bias = c.bias;
    e.bias_type = bias_type;
  }
  if (bgrad) {
    e.bias_grad_b = const_cast<void*>(c.bias);
    e.bias_grad_type = bias_type;
  }
  if (aux_out || aux_in) {
    e.aux = c.aux;
    e.aux_type = aux_type;
    e.aux_ld = c.aux_ld;
    e.aux_batch_stride = c.aux_batch_stride;
  }
  (void)cu;
  run_gemm(p);
  return BlasStatus::kSuccess;
}

}  // namespace parity::simt::libs

// The test-facing API: one equivalence case. A test body reads the same in every mode:
//
//   auto& run = parity::current_case();
//   auto x = run.input<float>("x", {n}, parity::gen::normal(0, 1));
//   auto y = run.output<float>("y", {n});
//   run.launch([&] { launch_saxpy(run.stream(), 2.0f, x.device(), y.device(), n); });
//   run.check(y, parity::policy::for_dtype<float>().max_ulp(1));
//
// capture: inputs come from the counter-based RNG, outputs are staged into a golden file.
// verify:  inputs come from the golden file, outputs are judged against it.
// record:  verify, and the candidate outputs are written to a results file as well.
#pragma once

#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "parity/backend.hpp"
#include "parity/compare.hpp"
#include "parity/error.hpp"
#include "parity/golden_reader.hpp"
#include "parity/policy.hpp"
#include "parity/rng.hpp"
#include "parity/run_config.hpp"
#include "parity/tensor.hpp"
#include "parity/tolerance.hpp"
#include "parity/tolerance_overrides.hpp"
#include "parity/verdict.hpp"

namespace parity {

//! Receives what a case wants the test framework to do (Catch2's glue implements it).
class CaseReporter {
 public:
  virtual ~CaseReporter() = default;
  //! A check failed: `message` is the verdict table or the error. The test goes on.
  virtual void fail(const std::string& message) = 0;
  //! Something worth showing next to the result (timing, hints on a passing verdict).
  virtual void info(const std::string& message) = 0;
};

//! A tensor of the case: host copy plus device buffer.
struct CaseTensor {
  std::string name;
  bool is_output = false;
  Tensor host;
  DeviceBuffer device;
  std::optional<Recipe> recipe;  // inputs generated in this run
};

//! Typed handle to a CaseTensor (stable for the life of the case).
template <class T>
class TensorRef {
 public:
  explicit TensorRef(CaseTensor* tensor) : tensor_(tensor) {}
  T* device() const { return tensor_->device.template as<T>(); }
  //! The host copy: inputs as uploaded; outputs after check() downloaded them.
  std::span<const T> host() const { return std::as_const(tensor_->host).template as<T>(); }
  const Shape& shape() const { return tensor_->host.shape(); }
  std::int64_t numel() const { return tensor_->host.numel(); }
  const std::string& name() const { return tensor_->name; }
  CaseTensor& tensor() const { return *tensor_; }
  TensorView view() const { return tensor_->host.view(); }

 private:
  CaseTensor* tensor_;
};

//! What an output is judged with besides its golden.
struct CheckOptions {
  std::optional<TensorView> reference;  // fp64 reference, for the reference-relative models
  std::optional<TensorView> magnitude;  // sum|x_i| per element, for the reduction bound
  //! Widen atol to the run-to-run spread the golden recorded in capture (RunConfig::repeat > 1):
  //! how kernels with floating-point atomics are judged.
  bool use_envelope = false;
};

//! What the case did, for the run summary.
struct OutputRecord {
  std::string name;
  nlohmann::json verdict;  // null in capture mode
  bool passed = true;
  std::string error;       // set when the output could not be judged at all
  nlohmann::json error_map;  // where a failed output differs (parity/error_map.hpp); else null
};

class Case {
 public:
  Case(const RunConfig& config, std::string name, Backend& backend, const DeviceInfo& device,
       CaseReporter& reporter, const ToleranceOverrides* overrides);
  ~Case();
  Case(const Case&) = delete;
  Case& operator=(const Case&) = delete;

  const std::string& name() const { return name_; }
  Mode mode() const { return config_.mode; }
  Backend& backend() const { return backend_; }
  Stream stream() const { return backend_.stream(); }
  const DeviceInfo& device() const { return device_; }

  //! An input. capture: generated from `distribution` (seed from the case name, stream from the
  //! input name) and uploaded; verify/record: read from the golden and checked against the
  //! declared dtype and shape. Inputs of more than `recipe_threshold_bytes` are stored in the
  //! golden as their recipe (the bytes are regenerated and checked by hash on replay).
  CaseTensor& input(std::string name, DType dtype, Shape shape, const Distribution& distribution);
  template <class T>
  TensorRef<T> input(std::string name, Shape shape, const Distribution& distribution) {
    return TensorRef<T>(&input(std::move(name), dtype_of<T>, std::move(shape), distribution));
  }
  //! An input with values the test constructs (edge cases: rounding ties, overflow boundaries,
  //! NaN payloads). capture: `values` (contiguous) is uploaded and stored in the golden as data;
  //! verify/record: the golden's copy must hold exactly these bytes, else the test changed its
  //! values since the capture and GoldenError says to re-capture.
  CaseTensor& input(std::string name, const TensorView& values);
  template <class T>
  TensorRef<T> input(std::string name, Shape shape, std::span<const T> values) {
    if (element_count(shape) != static_cast<std::int64_t>(values.size()))
      throw UsageError("input '" + name + "': " + std::to_string(values.size()) +
                       " values for shape [" + shape_string(shape) + "]");
    return TensorRef<T>(
        &input(std::move(name), TensorView(dtype_of<T>, std::move(shape), values.data())));
  }
  //! An output: a device buffer pre-filled with a sentinel (NaN where the format has one), so
  //! that elements a kernel never writes are caught.
  CaseTensor& output(std::string name, DType dtype, Shape shape);
  template <class T>
  TensorRef<T> output(std::string name, Shape shape) {
    return TensorRef<T>(&output(std::move(name), dtype_of<T>, std::move(shape)));
  }

  //! Free-form parameters stored in the golden's provenance ("params").
  void param(const std::string& key, nlohmann::json value);
  //! Launch geometry stored in provenance, e.g. geometry({{"grid", {g}}, {"block", {b}}}).
  void geometry(nlohmann::json geometry);

  //! Runs `kernel` (which launches on stream()) and records its device time. In capture mode
  //! with RunConfig::repeat > 1 it runs that many times and records the run-to-run spread of
  //! every output (the determinism envelope).
  void launch(const std::function<void()>& kernel);

  //! Downloads `out` and, in capture mode, stages it with `policy`; otherwise judges it against
  //! its golden under `policy` (after tolerance overrides). Failures go to the reporter.
  //! Returns the verdict (nullopt in capture mode or when the output could not be judged).
  std::optional<Verdict> check(CaseTensor& out, Policy policy, const CheckOptions& options = {});
  template <class T>
  std::optional<Verdict> check(const TensorRef<T>& out, Policy policy,
                               const CheckOptions& options = {}) {
    return check(out.tensor(), std::move(policy), options);
  }
  template <class T>
  std::optional<Verdict> check(const TensorRef<T>& out) {
    return check(out.tensor(), default_policy(dtype_of<T>));
  }

  //! The values of a tensor's host copy as doubles (for fp64 references).
  static std::vector<double> values(const TensorView& view);
  template <class T>
  static std::vector<double> values(const TensorRef<T>& t) {
    return values(t.view());
  }

  //! Ends the case: capture writes the staged golden, record the results file. Throws on failure.
  void finish();

  //! Summary of the case (outputs, timing, provenance of both sides).
  nlohmann::json summary() const;
  bool failed() const { return failed_; }

 private:
  const GoldenReader& golden();
  void fail(const std::string& message);
  Provenance provenance() const;
  std::filesystem::path relative_path() const;

  RunConfig config_;
  std::string name_;
  Backend& backend_;
  DeviceInfo device_;
  CaseReporter& reporter_;
  const ToleranceOverrides* overrides_;
  std::uint64_t seed_;
  std::deque<CaseTensor> tensors_;
  std::vector<std::pair<CaseTensor*, std::string>> staged_outputs_;  // tensor, policy JSON
  std::optional<GoldenReader> golden_;
  nlohmann::json params_ = nlohmann::json::object();
  nlohmann::json geometry_ = nullptr;
  std::vector<double> kernel_ms_;
  std::vector<OutputRecord> outputs_;
  nlohmann::json envelope_ = nlohmann::json::object();
  bool failed_ = false;
};

//! The case of the running test. Defined by the test-framework glue (parity::catch2_main): it
//! creates the backend once per process and SKIPs the test when the backend is unavailable.
Case& current_case();

}  // namespace parity

#include "golden/h5_handle.hpp"

#include <vector>

namespace parity::detail::h5 {

namespace {

// HDF5's diagnostics stay off on the main thread from load time to the library's shutdown.
const bool kSilencedAtLoad = [] {
  H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);
  return true;
}();

herr_t collect(unsigned, const H5E_error2_t* err, void* data) {
  auto* descs = static_cast<std::vector<std::string>*>(data);
  if (err->desc != nullptr && err->desc[0] != '\0') descs->emplace_back(err->desc);
  return 0;
}

// "file write failed: time = ..., errno = 28, error message = 'No space left on device', ..."
// -> "file write failed: No space left on device".
std::string short_form(const std::string& desc) {
  const std::size_t colon = desc.find(": time = ");
  const std::size_t msg = desc.find("error message = '");
  if (colon == std::string::npos || msg == std::string::npos) return desc;
  const std::size_t end = desc.find('\'', msg + 17);
  return desc.substr(0, colon) + ": " + desc.substr(msg + 17, end - msg - 17);
}

}  // namespace

std::string error_stack_text() {
  (void)kSilencedAtLoad;
  std::vector<std::string> descs;
  H5Ewalk2(H5E_DEFAULT, H5E_WALK_UPWARD, collect, &descs);
  if (descs.empty()) return "";
  // The innermost cause and the outermost operation say what happened; the rest is HDF5's path.
  std::string text = short_form(descs.front());
  if (descs.size() > 1) text += "; " + descs.back();
  return text;
}

void fail(const Where& where, std::string_view what) {
  std::string stack = error_stack_text();
  H5Eclear2(H5E_DEFAULT);
  std::string message = where.describe() + ": " + std::string(what);
  if (!stack.empty()) message += " (HDF5: " + stack + ")";
  throw GoldenError(message);
}

}  // namespace parity::detail::h5

#include "golden/h5_handle.hpp"

namespace parity::detail::h5 {

namespace {
herr_t collect(unsigned depth, const H5E_error2_t* err, void* data) {
  auto* text = static_cast<std::string*>(data);
  if (err->desc == nullptr || err->desc[0] == '\0') return 0;
  if (!text->empty()) *text += "; ";
  (void)depth;
  *text += err->desc;
  return 0;
}
}  // namespace

std::string error_stack_text() {
  std::string text;
  H5Ewalk2(H5E_DEFAULT, H5E_WALK_UPWARD, collect, &text);
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

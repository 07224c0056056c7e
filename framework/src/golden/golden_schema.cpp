#include "parity/golden_schema.hpp"

#include <string>

#include "parity/error.hpp"

namespace parity {

std::string_view name(Encoding encoding) {
  switch (encoding) {
    case Encoding::kNative:
      return "native";
    case Encoding::kRawBits:
      return "raw_bits";
    case Encoding::kRecipe:
      return "recipe";
  }
  return "?";
}

std::optional<Encoding> parse_encoding(std::string_view text) {
  for (auto e : {Encoding::kNative, Encoding::kRawBits, Encoding::kRecipe})
    if (text == name(e)) return e;
  return std::nullopt;
}

Encoding storage_encoding(DType dtype) {
  switch (component_dtype(dtype)) {
    case DType::kFloat8E4M3FN:
    case DType::kFloat8E4M3FNUZ:
    case DType::kFloat8E5M2FNUZ:
    case DType::kFloat8E8M0FNU:
    case DType::kFloat4E2M1FN:
      // HDF5's float model reserves the top exponent for inf/NaN, so it would misread these.
      return Encoding::kRawBits;
    default:
      return Encoding::kNative;
  }
}

std::string_view name(TensorRole role) {
  return role == TensorRole::kInput ? "inputs" : "outputs";
}

void check_tensor_name(std::string_view name) {
  auto fail = [&](const std::string& why) {
    throw UsageError("tensor name \"" + std::string(name) + "\" " + why +
                     ": use 1-128 characters from [A-Za-z0-9_.-], not starting with '.'");
  };
  if (name.empty() || name.size() > 128) fail("has the wrong length");
  if (name.front() == '.') fail("starts with '.'");
  for (char c : name) {
    bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '_' || c == '.' || c == '-';
    if (!ok) fail("contains '" + std::string(1, c) + "'");
  }
}

namespace {

constexpr std::size_t kMaxSegment = 160;  // leaves room for ".h5.tmp.<pid>.<random>" in 255

bool keeps(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '.' || c == '-' || c == '+' || c == '=' || c == ',';
}

std::string encode_segment(std::string_view segment, std::string_view what,
                           std::string_view whole) {
  if (segment.empty())
    throw UsageError(std::string(what) + " \"" + std::string(whole) +
                     "\" has an empty part (leading, trailing or doubled '/')");
  if (segment == "." || segment == "..")
    throw UsageError(std::string(what) + " \"" + std::string(whole) + "\" has a '" +
                     std::string(segment) + "' part");
  static constexpr char kHex[] = "0123456789ABCDEF";
  std::string out;
  for (std::size_t i = 0; i < segment.size(); ++i) {
    const char c = segment[i];
    if (keeps(c) && !(i == 0 && c == '.')) {
      out += c;
    } else {
      const auto b = static_cast<unsigned char>(c);
      out += '%';
      out += kHex[b >> 4];
      out += kHex[b & 0xF];
    }
  }
  if (out.size() > kMaxSegment)
    throw UsageError(std::string(what) + " \"" + std::string(whole) + "\" has a part of " +
                     std::to_string(out.size()) + " bytes once encoded; the limit is " +
                     std::to_string(kMaxSegment));
  return out;
}

}  // namespace

std::filesystem::path golden_relative_path(std::string_view suite, std::string_view case_name) {
  if (suite.find('/') != std::string_view::npos)
    throw UsageError("suite name \"" + std::string(suite) + "\" must not contain '/'");
  std::filesystem::path path = encode_segment(suite, "suite name", suite);
  if (case_name.empty()) throw UsageError("case name is empty");
  std::size_t start = 0;
  for (;;) {
    std::size_t slash = case_name.find('/', start);
    std::string_view segment = case_name.substr(start, slash - start);
    std::string encoded = encode_segment(segment, "case name", case_name);
    if (slash == std::string_view::npos) {
      path /= encoded + ".h5";
      break;
    }
    path /= encoded;
    start = slash + 1;
  }
  return path;
}

std::filesystem::path case_golden_path(std::string_view suite, std::string_view case_name) {
  const std::string prefix = std::string(suite) + "/";
  if (case_name.size() > prefix.size() && case_name.starts_with(prefix))
    case_name.remove_prefix(prefix.size());
  return golden_relative_path(suite, case_name);
}

void check_suite_name(std::string_view suite) {
  bool ok = !suite.empty() && suite.size() <= kMaxSegment && suite.front() != '.';
  for (char c : suite) ok = ok && keeps(c);
  if (!ok)
    throw UsageError("suite name \"" + std::string(suite.substr(0, 200)) +
                     "\" is not a valid suite name: use 1-160 characters from "
                     "[A-Za-z0-9_.+=,-], not starting with '.'");
}

std::optional<std::string> decode_path_segment(std::string_view segment) {
  std::string out;
  auto hex = [](char c) -> int {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  };
  for (std::size_t i = 0; i < segment.size(); ++i) {
    char c = segment[i];
    if (c == '%') {
      if (i + 2 >= segment.size()) return std::nullopt;
      int hi = hex(segment[i + 1]), lo = hex(segment[i + 2]);
      if (hi < 0 || lo < 0) return std::nullopt;
      out += static_cast<char>(hi * 16 + lo);
      i += 2;
    } else if (keeps(c)) {
      out += c;
    } else {
      return std::nullopt;
    }
  }
  return out;
}

}  // namespace parity

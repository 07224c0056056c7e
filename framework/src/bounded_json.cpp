#include "parity/bounded_json.hpp"

#include "parity/error.hpp"

namespace parity {

std::optional<std::string> json_limit_problem(std::string_view text, const JsonLimits& limits) {
  if (text.size() > limits.max_bytes)
    return "is " + std::to_string(text.size()) + " bytes long; parity reads at most " +
           std::to_string(limits.max_bytes);
  std::size_t depth = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (in_string) {
      if (c == '\\') {
        ++i;
      } else if (c == '"') {
        in_string = false;
      }
      continue;
    }
    if (c == '"') {
      in_string = true;
    } else if (c == '[' || c == '{') {
      if (++depth > limits.max_depth)
        return "is nested deeper than " + std::to_string(limits.max_depth) + " levels (at byte " +
               std::to_string(i) + "); parity refuses such documents";
    } else if ((c == ']' || c == '}') && depth > 0) {
      --depth;
    }
  }
  return std::nullopt;
}

nlohmann::json parse_bounded_json(std::string_view text, std::string_view what,
                                  const JsonLimits& limits) {
  if (auto problem = json_limit_problem(text, limits))
    throw ConfigError(std::string(what) + " " + *problem);
  nlohmann::json doc = nlohmann::json::parse(text, nullptr, /*allow_exceptions=*/false);
  if (doc.is_discarded()) throw ConfigError(std::string(what) + " is not valid JSON");
  return doc;
}

std::string dump_json(const nlohmann::json& j, int indent) {
  return j.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
}

}  // namespace parity

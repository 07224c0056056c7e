// JSON from files parity did not write itself (golden attributes, run summaries, capture records,
// suite indexes, policy files), parsed within limits: a document nested deeper than the limit is
// refused before nlohmann::json sees it, because its recursive dump, comparison and conversion
// code would overflow the stack on one (100000 nested brackets take a few hundred KB).
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>

namespace parity {

struct JsonLimits {
  std::size_t max_depth = 64;  // nesting of arrays and objects
  std::size_t max_bytes = std::size_t{256} << 20;
};

//! Nothing, or what is wrong with `text` against `limits` ("nested deeper than 64 levels",
//! "is 300000000 bytes long; the limit is ..."). Scans without parsing (strings are skipped),
//! in linear time and constant memory.
std::optional<std::string> json_limit_problem(std::string_view text, const JsonLimits& limits = {});

//! Parses `text`; throws ConfigError "<what>: ..." for a limit or a syntax error. `what` names
//! the source in messages: "run summary 'runs/a.json'", "attribute 'policy' of /outputs/y".
nlohmann::json parse_bounded_json(std::string_view text, std::string_view what,
                                  const JsonLimits& limits = {});

//! dump() that never throws on invalid UTF-8 (replaces it): for documents that carry names and
//! texts from files.
std::string dump_json(const nlohmann::json& j, int indent = -1);

}  // namespace parity

// Bounded JSON: the depth scan agrees with what nesting is (strings and escapes skipped), refuses
// before nlohmann::json recurses, and a document nested 100000 deep is refused, not a crash.
// Oracle: documents built with known depths.
#include "parity/bounded_json.hpp"

#include <catch2/catch_test_macros.hpp>
#include <catch2/matchers/catch_matchers_string.hpp>

#include "parity/error.hpp"

using namespace parity;
using Catch::Matchers::ContainsSubstring;

namespace {
std::string nested(std::size_t depth) {
  return std::string(depth, '[') + std::string(depth, ']');
}
}  // namespace

TEST_CASE("depth and size limits come before parsing", "[bounded_json]") {
  JsonLimits limits;
  limits.max_depth = 3;
  CHECK_FALSE(json_limit_problem(nested(3), limits));
  CHECK_THAT(*json_limit_problem(nested(4), limits), ContainsSubstring("nested deeper than 3"));
  // Brackets inside strings, and escaped quotes, are not nesting.
  CHECK_FALSE(json_limit_problem(R"({"a":"[[[[[[[[", "b":"\"[[[[\\"})", limits));
  CHECK(json_limit_problem(R"({"a":"\"", "b":[[[[]]]]})", limits));
  limits.max_bytes = 4;
  CHECK_THAT(*json_limit_problem("[1,2,3]", limits), ContainsSubstring("at most 4"));

  CHECK_THROWS_WITH(parse_bounded_json(nested(100000), "run summary 'x'"),
                    ContainsSubstring("run summary 'x' is nested deeper than 64"));
  CHECK_THROWS_WITH(parse_bounded_json("{", "policy file 'p'"),
                    ContainsSubstring("policy file 'p' is not valid JSON"));
  CHECK_THROWS_AS(parse_bounded_json("{", "x"), ConfigError);
  CHECK(parse_bounded_json(nested(64), "x").is_array());
  // Invalid UTF-8 in a string is replaced when printed, never an exception.
  CHECK(dump_json(nlohmann::json(std::string("a\xff"))) == "\"a\xEF\xBF\xBD\"");
}

#include "parity/tolerance_overrides.hpp"

#include <algorithm>
#include <fstream>
#include <sstream>

// toml++ is used header-only (Debian's libtomlplusplus-dev), in this translation unit only.
#include <toml++/toml.h>

#include "parity/error.hpp"

namespace parity {
namespace {

constexpr std::string_view kSelectors[] = {"suite", "case", "output", "vendor", "arch"};

std::string where(const std::string& source, std::uint32_t line) {
  return source + ":" + std::to_string(line);
}

[[noreturn]] void fail(const std::string& source, std::uint32_t line, const std::string& what) {
  throw ConfigError(where(source, line) + ": " + what);
}

nlohmann::json to_json_value(const toml::node& node, const std::string& source,
                             const std::string& key) {
  const auto line = node.source().begin.line;
  if (auto v = node.as_integer()) return v->get();
  if (auto v = node.as_floating_point()) return v->get();
  if (auto v = node.as_boolean()) return v->get();
  if (auto v = node.as_string()) return v->get();
  const char* what = node.is_array() ? "an array" : node.is_table() ? "a table" : "a date/time";
  fail(source, line, "key '" + key + "' must be a number, boolean or string, not " + what);
}

ToleranceOverride parse_entry(const toml::table& t, const std::string& source) {
  ToleranceOverride o;
  o.source = source;
  o.line = static_cast<int>(t.source().begin.line);
  bool has_reason = false;
  std::vector<std::uint32_t> lines;  // of each setting
  for (auto&& [k, node] : t) {
    const std::string key(k.str());
    const auto line = k.source().begin.line ? k.source().begin.line : node.source().begin.line;
    const bool selector =
        std::find(std::begin(kSelectors), std::end(kSelectors), key) != std::end(kSelectors);
    if (selector || key == "reason") {
      const auto* s = node.as_string();
      if (!s) fail(source, line, "key '" + key + "' must be a string");
      const std::string value = s->get();
      if (key == "suite")
        o.suite = value;
      else if (key == "case")
        o.case_pattern = value;
      else if (key == "output")
        o.output = value;
      else if (key == "vendor")
        o.vendor = value;
      else if (key == "arch")
        o.arch = value;
      else {
        const bool blank = value.find_first_not_of(" \t\r\n") == std::string::npos;
        if (blank) fail(source, line, "key 'reason' is empty: say why this tolerance differs");
        o.reason = value;
        has_reason = true;
      }
      continue;
    }
    if (key == "notes") fail(source, line, "key 'notes' is not allowed here: use 'reason'");
    o.settings.emplace_back(key, to_json_value(node, source, key));
    lines.push_back(line);
  }
  // Validate keys, types and ranges on a scratch policy ("model" first, as apply() does), so
  // that an error names the offending line.
  Policy probe;
  for (int pass = 0; pass < 2; ++pass) {
    for (std::size_t i = 0; i < o.settings.size(); ++i) {
      const auto& [key, value] = o.settings[i];
      if ((key == "model") != (pass == 0)) continue;
      try {
        apply_policy_setting(probe, key, value);
      } catch (const ConfigError& e) {
        fail(source, lines[i], e.what());  // names the key
      }
    }
  }
  if (!has_reason)
    fail(source, static_cast<std::uint32_t>(o.line),
         "[[override]] has no 'reason': every override must say why (reason = \"...\")");
  if (o.settings.empty())
    fail(source, static_cast<std::uint32_t>(o.line),
         "[[override]] sets no policy key (max_ulp, atol, rtol, ...): it would change nothing");
  return o;
}

}  // namespace

bool glob_match(std::string_view pattern, std::string_view text) {
  // Iterative matcher with one backtrack point for the last '*'.
  std::size_t p = 0, t = 0, star = std::string_view::npos, mark = 0;
  while (t < text.size()) {
    if (p < pattern.size() && (pattern[p] == '?' || pattern[p] == text[t])) {
      ++p;
      ++t;
    } else if (p < pattern.size() && pattern[p] == '*') {
      star = p++;
      mark = t;
    } else if (star != std::string_view::npos) {
      p = star + 1;
      t = ++mark;
    } else {
      return false;
    }
  }
  while (p < pattern.size() && pattern[p] == '*') ++p;
  return p == pattern.size();
}

bool ToleranceOverride::matches(const OverrideTarget& target) const {
  auto ok = [](const std::string& pattern, const std::string& value) {
    return pattern.empty() || glob_match(pattern, value);
  };
  return ok(suite, target.suite) && ok(case_pattern, target.case_name) &&
         ok(output, target.output) && ok(vendor, target.vendor) && ok(arch, target.arch);
}

void ToleranceOverride::apply(Policy& policy) const {
  // "model" first: factor, reduction_length and accumulation refine it.
  for (const auto& [k, v] : settings)
    if (k == "model") apply_policy_setting(policy, k, v);
  for (const auto& [k, v] : settings)
    if (k != "model") apply_policy_setting(policy, k, v);
  policy.add_note(source + ":" + std::to_string(line) + ": " + reason);
}

ToleranceOverrides ToleranceOverrides::parse(std::string_view toml_text, std::string source_name) {
  toml::table root;
  try {
    root = toml::parse(toml_text, source_name);
  } catch (const toml::parse_error& e) {
    fail(source_name, e.source().begin.line, "TOML syntax error: " + std::string(e.description()));
  }
  ToleranceOverrides out;
  for (auto&& [k, node] : root) {
    const std::string key(k.str());
    if (key != "override")
      fail(source_name, k.source().begin.line,
           "unknown top-level key '" + key + "': the file holds [[override]] tables only");
    const auto* entries = node.as_array();
    if (!entries)
      fail(source_name, k.source().begin.line,
           "'override' must be an array of tables: write [[override]], not [override]");
    for (const auto& entry : *entries) {
      const auto* table = entry.as_table();
      if (!table)
        fail(source_name, entry.source().begin.line, "each 'override' entry must be a table");
      out.entries_.push_back(parse_entry(*table, source_name));
    }
  }
  return out;
}

ToleranceOverrides ToleranceOverrides::load(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in)
    throw ConfigError(file.string() +
                      ": cannot open the tolerance overrides file (does it "
                      "exist and is it readable?)");
  std::ostringstream text;
  text << in.rdbuf();
  return parse(text.str(), file.string());
}

Policy ToleranceOverrides::resolve(Policy base, const OverrideTarget& target,
                                   std::vector<const ToleranceOverride*>* applied) const {
  for (const auto& o : entries_) {
    if (!o.matches(target)) continue;
    o.apply(base);
    if (applied) applied->push_back(&o);
  }
  return base;
}

}  // namespace parity

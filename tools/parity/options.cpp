#include "options.hpp"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <limits>
#include <thread>

#include "process.hpp"

namespace parity::cli {

namespace {

// A whole decimal number, nothing else: no sign on unsigned, no spaces, no exponent.
template <class T>
std::optional<T> parse_whole(const std::string& text) {
  T value{};
  if (text.empty()) return std::nullopt;
  if (std::numeric_limits<T>::is_signed ? false : text.front() == '-') return std::nullopt;
  const char* begin = text.data() + (text.front() == '+' ? 1 : 0);
  const auto [end, ec] = std::from_chars(begin, text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return value;
}

template <class T>
std::string range_text(T min, T max) {
  return "use a whole number from " + std::to_string(min) + " to " + std::to_string(max);
}

[[noreturn]] void invalid(const std::string& name, const std::string& value,
                          const std::string& rule) {
  throw CLI::ValidationError(name + " '" + value + "'", rule);
}

std::string flag_of(const std::string& name);

template <class T, class Store>
CLI::Option* add_whole(CLI::App* cmd, const std::string& name, Store store, T min, T max,
                       const std::string& help) {
  const std::string flag = flag_of(name);
  return cmd
      ->add_option_function<std::string>(
          name,
          [=](const std::string& text) {
            const std::optional<T> v = parse_whole<T>(text);
            if (!v || *v < min || *v > max) invalid(flag, text, range_text(min, max));
            store(*v);
          },
          help)
      ->type_name("N");
}

std::string number_text(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", v);
  return text;
}

std::string flag_of(const std::string& name) {
  const std::size_t comma = name.rfind(',');
  return comma == std::string::npos ? name : name.substr(comma + 1);
}

}  // namespace

CLI::Option* add_integer(CLI::App* cmd, const std::string& name, std::int64_t& value,
                         std::int64_t min, std::int64_t max, const std::string& help) {
  return add_whole<std::int64_t>(
      cmd, name, [&value](std::int64_t v) { value = v; }, min, max, help);
}

CLI::Option* add_integer(CLI::App* cmd, const std::string& name, int& value, int min, int max,
                         const std::string& help) {
  return add_whole<int>(
      cmd, name, [&value](int v) { value = v; }, min, max, help);
}

CLI::Option* add_integer(CLI::App* cmd, const std::string& name, std::size_t& value,
                         std::size_t min, std::size_t max, const std::string& help) {
  return add_whole<std::size_t>(
      cmd, name, [&value](std::size_t v) { value = v; }, min, max, help);
}

CLI::Option* add_integer(CLI::App* cmd, const std::string& name,
                         std::optional<std::uint64_t>& value, std::uint64_t min, std::uint64_t max,
                         const std::string& help) {
  return add_whole<std::uint64_t>(
      cmd, name, [&value](std::uint64_t v) { value = v; }, min, max, help);
}

CLI::Option* add_real(CLI::App* cmd, const std::string& name, std::optional<double>& value,
                      double min, double max, const std::string& help) {
  const std::string flag = flag_of(name);
  return cmd
      ->add_option_function<std::string>(
          name,
          [=, &value](const std::string& text) {
            char* end = nullptr;
            const double v = text.empty() ? NAN : std::strtod(text.c_str(), &end);
            if (text.empty() || end != text.c_str() + text.size() || !std::isfinite(v) || v < min ||
                v > max)
              invalid(flag, text,
                      "use a finite number from " + number_text(min) + " to " + number_text(max));
            value = v;
          },
          help)
      ->type_name("X");
}

namespace {
CLI::Validator non_empty() {
  return CLI::Validator(
      [](std::string& s) { return s.empty() ? std::string("must not be empty") : std::string(); },
      "", "NONEMPTY");
}
}  // namespace

CLI::Option* add_text(CLI::App* cmd, const std::string& name, std::string& value,
                      const std::string& help) {
  return cmd->add_option(name, value, help)->check(non_empty());
}
CLI::Option* add_text(CLI::App* cmd, const std::string& name, std::optional<std::string>& value,
                      const std::string& help) {
  return cmd->add_option(name, value, help)->check(non_empty());
}
CLI::Option* add_text(CLI::App* cmd, const std::string& name, std::vector<std::string>& values,
                      const std::string& help) {
  return cmd->add_option(name, values, help)->check(non_empty());
}

void CaseSelection::add_to(CLI::App* cmd, const std::string& verb) {
  jobs = default_jobs();
  add_text(cmd, "--suite", suites, verb + " only this suite (repeatable; default: all)");
  add_text(cmd, "--case", cases,
           verb +
               " only cases whose name or golden path (without .h5) matches this glob "
               "(repeatable), e.g. 'saxpy/f16/*'");
  add_build_dir(cmd, build_dir);
  add_integer(cmd, "-j,--jobs", jobs, 1, 1024,
              "Cases run in parallel, 1 to 1024 (default: the number of cores)");
}

void add_build_dir(CLI::App* cmd, std::optional<std::string>& build_dir) {
  add_text(cmd, "--build-dir", build_dir,
           "CMake build folder with the suite binaries (default: . or ./build)");
}

void add_json(CLI::App* cmd, bool& json) {
  cmd->add_flag("--json", json, "Print one JSON document");
}

int default_threads() {
  return std::max(1, std::min(2, static_cast<int>(std::thread::hardware_concurrency())));
}

void add_threads(CLI::App* cmd, int& threads) {
  threads = default_threads();
  add_integer(cmd, "--threads", threads, 1, 256,
              "Comparator threads, 1 to 256 (default: 2, or 1 on one core)");
}

void add_lock_timeout(CLI::App* cmd, std::chrono::milliseconds& timeout,
                      const std::string& holder) {
  cmd->add_option_function<std::string>(
         "--lock-timeout",
         [&timeout](const std::string& text) {
           char* end = nullptr;
           const double s = text.empty() ? NAN : std::strtod(text.c_str(), &end);
           if (text.empty() || end != text.c_str() + text.size() || !std::isfinite(s) || s < 0 ||
               s > 86400)
             invalid("--lock-timeout", text, "use a number of seconds from 0 to 86400");
           timeout = std::chrono::milliseconds(static_cast<std::int64_t>(s * 1000));
         },
         "Seconds to wait while " + holder + " holds the folder's lock, 0 to 86400 (default: 60)")
      ->type_name("SECONDS");
}

}  // namespace parity::cli

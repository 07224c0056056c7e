#include "progress.hpp"

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>

namespace parity::cli {

namespace {

std::size_t terminal_width() {
  winsize size{};
  if (ioctl(STDERR_FILENO, TIOCGWINSZ, &size) == 0 && size.ws_col > 20) return size.ws_col;
  return 80;
}

}  // namespace

Progress::Progress(std::string label, std::size_t total)
    : label_(std::move(label)), total_(total), enabled_(isatty(STDERR_FILENO) == 1 && total > 0) {
  if (enabled_) draw("");
}

Progress::~Progress() {
  if (enabled_) std::fprintf(stderr, "\r\033[K");
}

void Progress::step(const std::string& what) {
  std::lock_guard lock(mutex_);
  ++done_;
  if (enabled_) draw(what);
}

void Progress::draw(const std::string& what) {
  constexpr std::size_t kBar = 24;
  const std::size_t filled = total_ ? std::min(kBar, done_ * kBar / total_) : kBar;
  std::string line = label_ + " [" + std::string(filled, '#') + std::string(kBar - filled, '.') +
                     "] " + std::to_string(done_) + "/" + std::to_string(total_) + " " + what;
  const std::size_t width = terminal_width() - 1;
  if (line.size() > width) line.resize(width);
  std::fprintf(stderr, "\r\033[K%s", line.c_str());
  std::fflush(stderr);
}

}  // namespace parity::cli

// A one-line progress bar on stderr, drawn only when stderr is a terminal (never in logs/pipes).
#pragma once

#include <cstddef>
#include <mutex>
#include <string>

namespace parity::cli {

class Progress {
 public:
  //! `label`: what is counted ("capture"); `total`: how many steps there are.
  Progress(std::string label, std::size_t total);
  //! Erases the bar, so that what follows starts on a clean line.
  ~Progress();
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  //! One step done; `what` names it ("saxpy/f32/4099"). Thread-safe.
  void step(const std::string& what);
  bool enabled() const { return enabled_; }

 private:
  void draw(const std::string& what);

  std::string label_;
  std::size_t total_;
  std::size_t done_ = 0;
  bool enabled_;
  std::mutex mutex_;
};

}  // namespace parity::cli

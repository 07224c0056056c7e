// fp64 reference for saxpy: exact products and sums of the decoded inputs, rounded once.
#pragma once

#include <Eigen/Core>

inline Eigen::ArrayXd saxpy_reference(double a, const Eigen::ArrayXd& x, const Eigen::ArrayXd& y) {
  return a * x + y;
}

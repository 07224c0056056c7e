// error_map: the report's picture of where an output differs. Expected cells are worked out by
// hand from the layout rules in parity/error_map.hpp.
#include <catch2/catch_test_macros.hpp>

#include <cmath>
#include <limits>
#include <vector>

#include <nlohmann/json.hpp>

#include "parity/error_map.hpp"
#include "parity/scalar_types.hpp"

using parity::DType;
using parity::TensorView;

TEST_CASE("a 1-D output folds at 64 so that a wavefront-half bug is a stripe of columns",
          "[error_map]") {
  const int n = 640;  // ten wavefronts
  std::vector<float> golden(n), candidate(n);
  for (int i = 0; i < n; ++i) golden[i] = candidate[i] = 1.0f + static_cast<float>(i);
  // A hard-coded-32 port: lanes 32..63 of every wavefront are off by one ulp.
  for (int i = 0; i < n; ++i)
    if (i % 64 >= 32) candidate[i] = std::nextafter(golden[i], 1e9f);
  const auto map = parity::error_map(TensorView(DType::kFloat32, {n}, golden.data()),
                                     TensorView(DType::kFloat32, {n}, candidate.data()));
  CHECK(map.layout == "folded at 64");
  CHECK(map.rows == 10);
  CHECK(map.cols == 64);
  REQUIRE(map.grid_rows == 10);
  REQUIRE(map.grid_cols == 64);
  for (int r = 0; r < 10; ++r)
    for (int c = 0; c < 64; ++c) {
      INFO("cell " << r << "," << c);
      CHECK(map.cells[static_cast<std::size_t>(r * 64 + c)] == (c >= 32 ? 1.0 : 0.0));
    }
  CHECK(map.max == 1.0);
}

TEST_CASE("a 2-D output is binned into at most 64x64 cells holding the largest distance",
          "[error_map]") {
  const int rows = 130, cols = 200;  // cells of 3x4 elements: a 44 x 50 grid
  std::vector<float> golden(rows * cols, 1.0f), candidate(rows * cols, 1.0f);
  candidate[static_cast<std::size_t>(129 * cols + 199)] = std::nextafter(1.0f, 2.0f);
  candidate[static_cast<std::size_t>(129 * cols + 196)] =
      std::nextafter(std::nextafter(std::nextafter(1.0f, 2.0f), 2.0f), 2.0f);
  const auto map = parity::error_map(TensorView(DType::kFloat32, {rows, cols}, golden.data()),
                                     TensorView(DType::kFloat32, {rows, cols}, candidate.data()));
  CHECK(map.layout == "rows x last dimension");
  CHECK(map.cell_rows == 3);
  CHECK(map.cell_cols == 4);
  REQUIRE(map.grid_rows == 44);
  REQUIRE(map.grid_cols == 50);
  // Row 129 is the last cell row (rows 129..131), columns 196..199 the last cell column.
  CHECK(map.cells.back() == 3.0);  // both elements fall into the last cell: the larger wins
  CHECK(map.max == 3.0);
  double others = 0;
  for (std::size_t i = 0; i + 1 < map.cells.size(); ++i) others += map.cells[i];
  CHECK(others == 0.0);
}

TEST_CASE("NaN against a number is marked -1; NaN against NaN is no difference", "[error_map]") {
  const float nan = std::numeric_limits<float>::quiet_NaN();
  std::vector<float> golden{nan, nan, 1.0f, 2.0f};
  std::vector<float> candidate{nan, 1.0f, nan, 2.0f};
  const auto map = parity::error_map(TensorView(DType::kFloat32, {4}, golden.data()),
                                     TensorView(DType::kFloat32, {4}, candidate.data()));
  REQUIRE(map.cells.size() == 4);
  CHECK(map.cells == std::vector<double>{0.0, -1.0, -1.0, 0.0});
  CHECK(map.max == 0.0);
}

TEST_CASE("across formats the distance is counted on the coarser grid; integers by value",
          "[error_map]") {
  // bf16 golden 1.0 against an f16 candidate one f16 ulp above 1.0: the same bf16 value.
  std::vector<parity::bf16> golden{parity::bf16(1.0f), parity::bf16(1.0f)};
  std::vector<parity::f16> candidate{parity::f16(1.0f + 1.0f / 1024),
                                     parity::f16(1.0f + 1.0f / 64)};
  const auto map = parity::error_map(TensorView(DType::kBFloat16, {2}, golden.data()),
                                     TensorView(DType::kFloat16, {2}, candidate.data()));
  CHECK(map.cells == std::vector<double>{0.0, 2.0});  // 1/64 is two bf16 ulps (2^-7 each)

  std::vector<std::int16_t> gi{-5, 7, 100};
  std::vector<std::int16_t> ci{5, 7, 97};
  const auto imap = parity::error_map(TensorView(DType::kInt16, {3}, gi.data()),
                                      TensorView(DType::kInt16, {3}, ci.data()));
  CHECK(imap.cells == std::vector<double>{10.0, 0.0, 3.0});
}

TEST_CASE("complex and empty tensors give no map; a shape mismatch is an error", "[error_map]") {
  std::vector<float> a(8, 0.0f);
  CHECK(parity::error_map(TensorView(DType::kComplex64, {4}, a.data()),
                          TensorView(DType::kComplex64, {4}, a.data()))
            .cells.empty());
  CHECK(parity::error_map(TensorView(DType::kFloat32, {0}, a.data()),
                          TensorView(DType::kFloat32, {0}, a.data()))
            .cells.empty());
  CHECK_THROWS(parity::error_map(TensorView(DType::kFloat32, {8}, a.data()),
                                 TensorView(DType::kFloat32, {2, 4}, a.data())));
  nlohmann::json j = parity::error_map(TensorView(DType::kFloat32, {8}, a.data()),
                                       TensorView(DType::kFloat32, {8}, a.data()));
  CHECK(j.at("grid_cols") == 8);
  CHECK(j.at("cells").size() == 8);
}

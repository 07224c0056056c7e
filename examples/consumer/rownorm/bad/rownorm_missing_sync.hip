// A faulty port, kept to prove the suite catches it: the barrier between reading the mean from
// partial[0] and overwriting partial[] with the squares is gone, so thread 0 overwrites
// partial[0] while the block's other threads still read it. The suite's RACE_CHECK reports it.
#include <hip/hip_runtime.h>
#include <math.h>

#include "rownorm_block_size.h"
#include "rownorm_common.h"

#define cudaCheck(err) (cuda_check((err), __FILE__, __LINE__))
void cuda_check(hipError_t error, const char* file, int line) {
  if (error != hipSuccess) {
    printf("[CUDA ERROR] at file %s:%d:\n%s\n", file, line, hipGetErrorString(error));
    exit(EXIT_FAILURE);
  }
}

// ----------------------------------------------------------------------------
// CPU code reference

void rownorm_forward_cpu(float* out, const float* inp, int N, int C) {
  for (int n = 0; n < N; n++) {
    const float* x = inp + n * C;
    float mean = 0.0f;
    for (int c = 0; c < C; c++) mean += x[c];
    mean /= C;
    float var = 0.0f;
    for (int c = 0; c < C; c++) var += (x[c] - mean) * (x[c] - mean);
    var /= C;
    const float rstd = 1.0f / sqrtf(var + ROWNORM_EPS);
    for (int c = 0; c < C; c++) out[n * C + c] = (x[c] - mean) * rstd;
  }
}

// ----------------------------------------------------------------------------
// GPU kernels

// One thread per row: the CPU loop, parallel over rows.
__global__ void rownorm_forward_kernel1(float* out, const float* inp, int N, int C) {
  int n = blockIdx.x * blockDim.x + threadIdx.x;
  if (n >= N) return;
  const float* x = inp + n * C;
  float mean = 0.0f;
  for (int c = 0; c < C; c++) mean += x[c];
  mean /= C;
  float var = 0.0f;
  for (int c = 0; c < C; c++) var += (x[c] - mean) * (x[c] - mean);
  var /= C;
  const float rstd = rsqrtf(var + ROWNORM_EPS);
  for (int c = 0; c < C; c++) out[n * C + c] = (x[c] - mean) * rstd;
}

// One block per row: strided partial sums, then a shared-memory tree.
__global__ void rownorm_forward_kernel2(float* out, const float* inp, int N, int C) {
  extern __shared__ float partial[];
  const float* x = inp + blockIdx.x * C;
  float sum = 0.0f;
  for (int c = threadIdx.x; c < C; c += blockDim.x) sum += x[c];
  partial[threadIdx.x] = sum;
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) partial[threadIdx.x] += partial[threadIdx.x + stride];
    __syncthreads();
  }
  const float mean = partial[0] / C;
  float sq = 0.0f;
  for (int c = threadIdx.x; c < C; c += blockDim.x) sq += (x[c] - mean) * (x[c] - mean);
  partial[threadIdx.x] = sq;
  __syncthreads();
  for (int stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) partial[threadIdx.x] += partial[threadIdx.x + stride];
    __syncthreads();
  }
  const float rstd = rsqrtf(partial[0] / C + ROWNORM_EPS);
  for (int c = threadIdx.x; c < C; c += blockDim.x) out[blockIdx.x * C + c] = (x[c] - mean) * rstd;
}

// ----------------------------------------------------------------------------
// kernel launchers

void rownorm_forward1(float* out, const float* inp, int N, int C, int block_size) {
  rownorm_forward_kernel1<<<ceil_div(N, block_size), block_size>>>(out, inp, N, C);
  cudaCheck(hipGetLastError());
}

void rownorm_forward2(hipStream_t stream, float* out, const float* inp, int N, int C,
                      int block_size) {
  rownorm_forward_kernel2<<<N, block_size, block_size * sizeof(float), stream>>>(out, inp, N, C);
  cudaCheck(hipGetLastError());
}

void rownorm_forward(int kernel_num, float* out, const float* inp, int N, int C, int block_size) {
  switch (kernel_num) {
    case 1:
      rownorm_forward1(out, inp, N, C, block_size);
      break;
    case 2:
      rownorm_forward2(0, out, inp, N, C, rownorm_block_size(C));
      break;
    default:
      printf("Invalid kernel number\n");
      exit(1);
  }
}

// ----------------------------------------------------------------------------

int main(int argc, char** argv) {
  const int N = 64, C = 300;
  int kernel_num = argc > 1 ? atoi(argv[1]) : 2;
  float* inp = (float*)malloc(N * C * sizeof(float));
  float* out = (float*)malloc(N * C * sizeof(float));
  float* ref = (float*)malloc(N * C * sizeof(float));
  for (int i = 0; i < N * C; i++) inp[i] = (float)rand() / RAND_MAX * 2.0f - 1.0f;
  float *d_inp, *d_out;
  cudaCheck(hipMalloc(&d_inp, N * C * sizeof(float)));
  cudaCheck(hipMalloc(&d_out, N * C * sizeof(float)));
  cudaCheck(hipMemcpy(d_inp, inp, N * C * sizeof(float), hipMemcpyHostToDevice));
  rownorm_forward(kernel_num, d_out, d_inp, N, C, 32);
  cudaCheck(hipMemcpy(out, d_out, N * C * sizeof(float), hipMemcpyDeviceToHost));
  rownorm_forward_cpu(ref, inp, N, C);
  for (int i = 0; i < N * C; i++) {
    if (fabsf(out[i] - ref[i]) > 1e-4f) {
      printf("Mismatch at %d: CPU_ref: %f vs GPU: %f\n", i, ref[i], out[i]);
      exit(EXIT_FAILURE);
    }
  }
  printf("All results match.\n");
  cudaCheck(hipFree(d_inp));
  cudaCheck(hipFree(d_out));
  free(inp);
  free(out);
  free(ref);
  return 0;
}

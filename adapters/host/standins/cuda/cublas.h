// cuBLAS's legacy API (cublas.h: cublasInit, cublasAlloc, handle-less calls) is not emulated.
#error \
    "parity-simt: cublas.h (the legacy cuBLAS API) is not emulated: include cublas_v2.h and use the handle API (docs/vendor-libraries.md lists the covered calls)"

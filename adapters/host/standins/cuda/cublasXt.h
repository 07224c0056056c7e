// cuBLASXt (multi-GPU, host-memory BLAS) is not emulated.
#error \
    "parity-simt: cublasXt.h (cuBLASXt) is not emulated: docs/vendor-libraries.md lists the covered cuBLAS calls"

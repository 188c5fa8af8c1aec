#ifndef ARTFIT_CPU_FEATURES_H
#define ARTFIT_CPU_FEATURES_H

/// 1 when the CPU and the operating system run AVX2 code (x86-64 only), else 0.
int cpu_features_has_avx2(void);

#endif

#include "cpu_features.h"

// The compiler's own CPUID probe, which also checks that the OS saves the YMM registers.
// FixedPointAVX2 is compiled for Haswell, so every extension that CPU brings is required.
int cpu_features_has_avx2(void) {
#if defined(__x86_64__)
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma") && __builtin_cpu_supports("bmi") &&
         __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("popcnt") && __builtin_cpu_supports("f16c") &&
         __builtin_cpu_supports("movbe") && __builtin_cpu_supports("lzcnt");
#else
  return 0;
#endif
}

#if canImport(Glibc)
  import Glibc
#endif

/// Which sanitizer this test process runs under, for tests that cannot run under one.
public enum Sanitizers {
  /// Whether ThreadSanitizer's runtime is linked in (`swift test --sanitize=thread`).
  public static let threadSanitizerIsRunning: Bool = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "__tsan_init") != nil
}

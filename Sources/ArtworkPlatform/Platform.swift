// The one place artfit names its C library and what differs between Linux and Darwin.
// Every other file calls POSIX through this module (`import ArtworkPlatform`, which re-exports
// the C library) and the functions below; `Scripts/check_platform_seam.py` fails CI when a
// platform name appears anywhere else. The umbrella does not re-export this module, so the C
// library stays out of the library's public API and documentation.
// The Darwin branches are written from Apple's headers and are not built by CI here.
#if canImport(Glibc)
  @_exported import Glibc
#elseif canImport(Darwin)
  @_exported import Darwin
#else
  #error("artfit builds against Glibc (Linux) or Darwin (macOS)")
#endif

/// What differs between the C libraries artfit builds against.
public enum Platform {
  /// The C library this build calls: "glibc" or "darwin".
  public static var cLibrary: String {
    #if canImport(Glibc)
      "glibc"
    #else
      "darwin"
    #endif
  }

  /// read(2) into `buffer`: the C library's, by name (Foundation declares a `read` of its own).
  @inlinable
  public static func read(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
      Glibc.read(descriptor, buffer, count)
    #else
      Darwin.read(descriptor, buffer, count)
    #endif
  }

  /// A file's modification time as `stat` gives it (`st_mtim`, Darwin's `st_mtimespec`).
  public static func modified(_ status: stat) -> timespec {
    #if canImport(Glibc)
      status.st_mtim
    #else
      status.st_mtimespec
    #endif
  }

  /// A file's status-change time as `stat` gives it (`st_ctim`, Darwin's `st_ctimespec`).
  public static func changed(_ status: stat) -> timespec {
    #if canImport(Glibc)
      status.st_ctim
    #else
      status.st_ctimespec
    #endif
  }

  /// The running executable's path, or nil when the system will not say: the kernel's link on
  /// Linux, dyld's answer on Darwin.
  public static var executablePath: String? {
    #if canImport(Glibc)
      return "/proc/self/exe"
    #else
      var size: UInt32 = 0
      _ = _NSGetExecutablePath(nil, &size)
      var path = [CChar](repeating: 0, count: Int(size) + 1)
      guard _NSGetExecutablePath(&path, &size) == 0 else { return nil }
      return String(cString: path)
    #endif
  }
}

import Foundation

/// Paths compared as the file system sees them.
package enum CanonicalPath {
  /// An absolute path with symbolic links resolved, for comparing folders.
  package static func of(_ path: String) -> String {
    // realpath(3) when the path exists (one call; a discovery asks once a file), else the
    // standardised path with what does exist resolved.
    if let resolved = realpath(path, nil) {
      defer { free(resolved) }
      return String(cString: resolved)
    }
    return URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
  }
}

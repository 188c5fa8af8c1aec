import Foundation

/// Paths compared as the file system sees them.
package enum CanonicalPath {
  /// An absolute path with symbolic links resolved, for comparing folders.
  package static func of(_ path: String) -> String {
    URL(fileURLWithPath: path).standardizedFileURL.resolvingSymlinksInPath().path
  }
}

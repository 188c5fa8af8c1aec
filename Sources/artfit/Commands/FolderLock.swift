import Artwork
import Foundation

/// The command line's side of `OutputLock`: `--no-wait`, the waiting line, and a busy folder
/// as bad usage naming the run that holds it.
enum FolderLock {
  /// `--no-wait`, shared by every command that writes into a folder.
  static let noWaitOption = OptionSpec.flag(
    "--no-wait", "Exit at once (status 2) when another artfit run is writing into the same output folder.")

  /// Takes the lock on `folder`, waiting (and saying so on stderr) unless `wait` is false.
  /// nil when the folder cannot be written at all: the run then stops at its first write,
  /// with the status and words of an output that takes no more writes.
  static func take(_ folder: String, wait: Bool, quiet: Bool) throws(UsageError) -> OutputLock? {
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), !isDirectory.boolValue {
      throw UsageError("--out \(folder) is a file, not a folder; give a folder for the outputs")
    }
    if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: folder),
      !FileManager.default.fileExists(atPath: folder)
    {
      throw UsageError(
        "--out \(folder) is a symbolic link to \(target), which does not exist; make that folder, or give another --out"
      )
    }
    do {
      return try OutputLock.acquire(folder, wait: wait) { holder in
        if !quiet { printError("artfit: another artfit run is writing \(folder)\(pid(holder)); waiting") }
      }
    } catch {
      switch error {
      case .busy(let folder, let holder):
        throw UsageError(
          "another artfit run is writing \(folder)\(pid(holder)); without --no-wait this run waits for it, or choose another --out"
        )
      case .output: return nil
      }
    }
  }

  private static func pid(_ holder: Int32?) -> String {
    holder.map { " (pid \($0))" } ?? ""
  }
}

/// Bad usage: printed with a pointer to the help; exit status 2.
struct UsageError: Error, CustomStringConvertible {
  var message: String
  var command: String?

  init(_ message: String, command: String? = nil) {
    self.message = message
    self.command = command
  }

  var description: String { message }
}

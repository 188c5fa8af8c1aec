/// Where a CI system tells a parallel job which slice it is (`--shard auto`): one entry per
/// system, with the variables it sets and the number its first job gets. Sources for each are
/// in Research/ci-shards.md.
public struct ShardEnvironment: Sendable, Hashable {
  /// The system, as an error names it.
  public let name: String
  /// The variable holding this job's index.
  public let index: String
  /// The variable holding how many jobs there are; nil where the system sets none (a
  /// Kubernetes Indexed Job's count is its `completions`, which no variable carries).
  public let count: String?
  /// The index the first job gets: 0 or 1.
  public let base: Int
  /// A file the system asks a test that shards to touch (Bazel's `TEST_SHARD_STATUS_FILE`).
  public let statusFile: String?

  /// Every system `--shard auto` reads, in the order an error lists them.
  public static let systems: [ShardEnvironment] = [
    ShardEnvironment(name: "GitLab CI", index: "CI_NODE_INDEX", count: "CI_NODE_TOTAL", base: 1, statusFile: nil),
    ShardEnvironment(
      name: "CircleCI", index: "CIRCLE_NODE_INDEX", count: "CIRCLE_NODE_TOTAL", base: 0, statusFile: nil),
    ShardEnvironment(
      name: "Buildkite", index: "BUILDKITE_PARALLEL_JOB", count: "BUILDKITE_PARALLEL_JOB_COUNT", base: 0,
      statusFile: nil),
    ShardEnvironment(
      name: "Bazel", index: "TEST_SHARD_INDEX", count: "TEST_TOTAL_SHARDS", base: 0,
      statusFile: "TEST_SHARD_STATUS_FILE"),
    ShardEnvironment(
      name: "a Kubernetes Indexed Job", index: "JOB_COMPLETION_INDEX", count: nil, base: 0, statusFile: nil),
  ]

  /// Every variable any system sets, for a caller that must run without them.
  public static var variables: [String] {
    systems.flatMap { [$0.index, $0.count, $0.statusFile].compactMap { $0 } }
  }

  /// The slice a job is, from the systems whose index variable `environment` sets. `count`
  /// is the job count given otherwise (`--shard-count`): the only count for a system that
  /// sets none, and one that must agree with a system's own. Several systems may be set (a
  /// Bazel test run under GitLab CI) when they name the same slice. The system that gave
  /// the slice comes with it.
  public static func shard(in environment: [String: String], count given: Int?) throws(Problem) -> (
    shard: Shard, system: ShardEnvironment
  ) {
    var found: [(shard: Shard, system: ShardEnvironment)] = []
    for system in systems {
      guard let indexText = environment[system.index] else { continue }
      guard let index = Int(indexText) else {
        throw Problem("\(system.index)='\(indexText)' (\(system.name)) is not a whole number")
      }
      let count: Int
      if let variable = system.count {
        guard let countText = environment[variable], let own = Int(countText), own >= 1 else {
          throw Problem(
            "\(system.name) sets \(system.index) but \(variable) is "
              + (environment[variable].map { "'\($0)', not a count of 1 or more" } ?? "not set"))
        }
        if let given, given != own {
          throw Problem("\(variable)=\(own) (\(system.name)) and the count given, \(given), differ")
        }
        count = own
      } else {
        guard let given else {
          throw Problem(
            "\(system.index) (\(system.name)) gives the index but no variable gives the count", wantsCount: true)
        }
        count = given
      }
      let last = system.base + count - 1
      guard let shard = Shard(index: index - system.base + 1, count: count) else {
        throw Problem(
          "\(system.index)=\(index) (\(system.name)) is outside \(system.base)...\(last), its jobs' indexes for \(count)"
        )
      }
      found.append((shard, system))
    }
    guard let first = found.first else {
      throw Problem("no CI system's shard variables are set (\(systems.map(\.index).joined(separator: ", ")))")
    }
    if let other = found.first(where: { $0.shard != first.shard }) {
      throw Problem(
        "\(first.system.name) says slice \(first.shard) and \(other.system.name) says \(other.shard)")
    }
    return first
  }

  /// Why `--shard auto` found no slice, in words naming the variables.
  public struct Problem: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong, naming the variables and the system.
    public let description: String
    /// The system gives no count: the caller must (`--shard-count`).
    public let wantsCount: Bool
    init(_ description: String, wantsCount: Bool = false) {
      self.description = description
      self.wantsCount = wantsCount
    }
  }
}

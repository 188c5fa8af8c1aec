import Testing

@testable import ArtworkReport

/// `--shard auto` reads each CI system's variables with that system's base: for every system,
/// count and index, the slice is the one `--shard I/N` names; every way the variables can be
/// wrong is named.
struct ShardEnvironmentTests {
  /// The variables `system` sets for job `index` (its own base) of `count`.
  static func variables(_ system: ShardEnvironment, index: Int, count: Int) -> [String: String] {
    var environment = [system.index: String(index)]
    if let variable = system.count { environment[variable] = String(count) }
    return environment
  }

  @Test func everySystemsIndexIsTheSliceCountedFromItsBase() throws {
    for system in ShardEnvironment.systems {
      for count in 1...6 {
        for index in system.base..<(system.base + count) {
          let given = system.count == nil ? count : nil
          let found = try ShardEnvironment.shard(in: Self.variables(system, index: index, count: count), count: given)
          #expect(found.shard == Shard(index: index - system.base + 1, count: count), "\(system.name) \(index)")
          #expect(found.system == system)
          // The same count given on the command line as well agrees.
          #expect(
            try ShardEnvironment.shard(in: Self.variables(system, index: index, count: count), count: count).shard
              == found.shard)
        }
      }
    }
  }

  @Test func indexesOutsideTheBaseAreNamed() {
    for system in ShardEnvironment.systems {
      let given = system.count == nil ? 3 : nil
      for index in [system.base - 1, system.base + 3, -7] {
        #expect {
          try ShardEnvironment.shard(in: Self.variables(system, index: index, count: 3), count: given)
        } throws: { error in
          "\(error)".contains(system.index) && "\(error)".contains("outside \(system.base)...\(system.base + 2)")
        }
      }
    }
  }

  @Test func wrongVariablesAreNamed() {
    func problem(_ environment: [String: String], count: Int? = nil) -> String {
      do {
        let found = try ShardEnvironment.shard(in: environment, count: count)
        return "no problem: \(found.shard)"
      } catch {
        return error.description
      }
    }
    // None set: every index variable is named.
    let none = problem(["PATH": "/bin"])
    #expect(ShardEnvironment.systems.allSatisfy { none.contains($0.index) }, "\(none)")
    #expect(problem(["CI_NODE_INDEX": "two", "CI_NODE_TOTAL": "4"]).contains("CI_NODE_INDEX='two'"))
    #expect(problem(["CI_NODE_INDEX": "2"]).contains("CI_NODE_TOTAL is not set"))
    #expect(problem(["CIRCLE_NODE_INDEX": "0", "CIRCLE_NODE_TOTAL": "0"]).contains("'0', not a count"))
    // Kubernetes gives no count: the error says so, and the count given completes it.
    let kubernetes = ["JOB_COMPLETION_INDEX": "2"]
    #expect(problem(kubernetes).contains("no variable gives the count"))
    #expect(throws: ShardEnvironment.Problem.self) { try ShardEnvironment.shard(in: kubernetes, count: nil) }
    #expect(problem(["BUILDKITE_PARALLEL_JOB": "1", "BUILDKITE_PARALLEL_JOB_COUNT": "3"], count: 4).contains("differ"))
    // Two systems: the same slice is one answer, another slice is an error naming both.
    let bazelUnderGitLab = [
      "CI_NODE_INDEX": "2", "CI_NODE_TOTAL": "3", "TEST_SHARD_INDEX": "1", "TEST_TOTAL_SHARDS": "3",
    ]
    #expect(problem(bazelUnderGitLab) == "no problem: 2/3")
    var disagreeing = bazelUnderGitLab
    disagreeing["TEST_SHARD_INDEX"] = "2"
    let both = problem(disagreeing)
    #expect(both.contains("GitLab CI") && both.contains("Bazel") && both.contains("2/3") && both.contains("3/3"))
  }

  @Test func theWantsCountFlagIsSetOnlyWhereACountIsMissing() throws {
    do {
      _ = try ShardEnvironment.shard(in: ["JOB_COMPLETION_INDEX": "0"], count: nil)
      Issue.record("no count, yet a slice")
    } catch {
      #expect(error.wantsCount)
    }
    do {
      _ = try ShardEnvironment.shard(in: [:], count: nil)
      Issue.record("no variables, yet a slice")
    } catch {
      #expect(!error.wantsCount)
    }
  }
}

import Artwork
import Foundation
import TestSupport
import Testing

/// `artfit devices`, run as a user runs it.
struct DevicesCommandTests {
  @Test func jsonListsTheWholeCatalogWithContractFields() throws {
    let run = try ArtfitRun(["devices", "--json"])
    #expect(run.status == 0)
    let document = try #require(try run.json() as? [String: Any])
    #expect(document["version"] as? Int == 2)
    let targets = try #require(document["targets"] as? [[String: Any]])
    #expect(targets.count == Catalog.all.count)
    let fields = [
      "name", "aliases", "slug", "family", "points", "scale", "pixels", "native_scale", "native_pixels",
      "corners", "safe_area", "regions", "home_indicator", "status_bar", "status_bar_edge", "size_classes", "sources",
    ]
    for target in targets {
      for field in fields { #expect(target[field] != nil, "\(target["name"] ?? "?") has \(field)") }
    }
    let plus = try #require(targets.first { $0["name"] as? String == "iPhone 8 Plus" })
    #expect((plus["native_pixels"] as? [String: Int]) == ["w": 1080, "h": 1920])
    let split = try #require(targets.first { $0["family"] as? String == "split" })
    #expect(split["device"] != nil && split["fraction"] != nil && split["orientation"] != nil)
  }

  @Test func tableFiltersByFamily() throws {
    let run = try ArtfitRun(["devices", "--family", "tv"])
    #expect(run.status == 0)
    #expect(run.stdout.contains("Apple TV 4K") && run.stdout.contains("3840x2160"))
    #expect(!run.stdout.contains("iPhone"))
  }

  @Test func helpAndVersion() throws {
    let help = try ArtfitRun(["help", "devices"])
    #expect(help.status == 0 && help.stdout.contains("--family"))
    let version = try ArtfitRun(["--version"])
    #expect(version.stdout.trimmingCharacters(in: .whitespacesAndNewlines) == ArtfitVersion.generator)
    // No command is bad usage: the overview goes to stderr, and the status says so.
    let overview = try ArtfitRun([])
    #expect(overview.status == 2 && overview.stderr.contains("devices") && overview.stderr.contains("fit"))
    #expect(overview.stdout.isEmpty)
  }
}

import TestSupport
import Testing

@testable import ArtworkCodec

/// Reading profiles, and the profiles artfit builds.
struct ColourProfileTests {
  @Test func readsNameAndSpace() throws {
    let p3 = try ColourProfile(reading: ColourFixtures.displayP3)
    #expect(p3.space == .rgb && p3.name == "test Display P3")
    let cmyk = try ColourProfile(reading: ColourFixtures.cmykProfile)
    #expect(cmyk.space == .cmyk && cmyk.name == "artfit test CMYK")
  }

  @Test func builtProfilesAreReadableAndNamed() throws {
    for (profile, name) in [(ColourProfile.sRGB, "sRGB"), (ColourProfile.displayP3, "Display P3")] {
      let read = try ColourProfile(reading: profile.bytes)
      #expect(read.name == name && read.space == .rgb)
    }
  }

  /// artfit's Display P3 converts as one built independently from the published figures.
  @Test func displayP3AgreesWithThePublishedFigures() {
    var samples: [UInt8] = []
    for r in stride(from: 0, through: 255, by: 51) {
      for g in stride(from: 0, through: 255, by: 51) {
        for b in stride(from: 0, through: 255, by: 51) { samples += [UInt8(r), UInt8(g), UInt8(b)] }
      }
    }
    let ours = ColourFixtures.converted(samples, from: ColourProfile.displayP3.bytes, to: nil)
    let reference = ColourFixtures.converted(samples, from: ColourFixtures.displayP3, to: nil)
    let worst = zip(ours, reference).map { abs(Int($0) - Int($1)) }.max() ?? 0
    #expect(worst <= 1, "P3 → sRGB differs by \(worst) levels")
    // Pure P3 green lies outside sRGB: clipped to the sRGB gamut's edge.
    let green: [UInt8] = [0, 255, 0]
    #expect(ColourFixtures.converted(green, from: ColourProfile.displayP3.bytes, to: nil) == green)
  }

  /// Hostile or broken profiles are refused with a cause, never a crash.
  @Test(arguments: HostileProfile.allCases)
  func hostileProfileIsRefusedWithItsCause(_ hostile: HostileProfile) {
    #expect(throws: ProfileError.self) { try ColourProfile(reading: hostile.bytes) }
    do {
      _ = try ColourProfile(reading: hostile.bytes)
    } catch {
      #expect(error.description.contains(hostile.cause), "\(hostile): \(error.description)")
    }
  }

  @Test func transformRefusesPixelsOfAnotherSpace() {
    #expect(throws: ProfileError.self) {
      try ColourTransform(
        from: try ColourProfile(reading: ColourFixtures.cmykProfile), layout: .rgb, bitDepth: 8, to: .sRGB,
        intent: .relative)
    }
  }

  @Test func cacheGivesTheSameProfileAgainAndRemembersFailures() {
    let cache = ColourCache()
    let first = try? cache.profile(ColourFixtures.displayP3).get()
    let second = try? cache.profile(ColourFixtures.displayP3).get()
    #expect(first != nil && first == second)
    #expect((try? cache.profile(HostileProfile.truncated.bytes).get()) == nil)
  }
}

/// Profiles no colour management should trust.
enum HostileProfile: String, CaseIterable, CustomTestStringConvertible {
  case garbage, truncated, hugeTagCount, deviceLink, abstract, tooShort

  var testDescription: String { rawValue }

  var bytes: [UInt8] {
    var profile = ColourFixtures.adobeRGB
    switch self {
    case .garbage: return (0..<600).map { UInt8(truncatingIfNeeded: $0 &* 151 &+ 7) }
    case .truncated: return Array(ColourFixtures.cmykProfile.prefix(400))
    case .hugeTagCount: profile.replaceSubrange(128..<132, with: [0x0F, 0xFF, 0xFF, 0xFF])
    case .deviceLink: profile.replaceSubrange(12..<16, with: Array("link".utf8))
    case .abstract: profile.replaceSubrange(12..<16, with: Array("abst".utf8))
    case .tooShort: return Array(profile.prefix(100))
    }
    return profile
  }

  /// Words the error must contain.
  var cause: String {
    switch self {
    case .garbage, .truncated, .hugeTagCount: "unusable"
    case .deviceLink: "device link"
    case .abstract: "abstract"
    case .tooShort: "too short"
    }
  }
}

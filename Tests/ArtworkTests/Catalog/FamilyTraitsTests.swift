import ArtworkGeometry
import Testing

/// The families' table: every family has a whole row, and what is derived from it holds
/// together, so a family added next year is one row and its data.
struct FamilyTraitsTests {
  @Test(arguments: Family.allCases)
  func everyFamilyHasAWholeRow(family: Family) {
    let traits = family.traits
    #expect(!traits.plural.isEmpty && !traits.legendLabel.isEmpty)
    #expect(Family.legend.contains(traits.legendFamily), "\(family) is drawn as a family the legend lists")
    #expect(traits.legendFamily.traits.outline == traits.outline, "\(family) has its legend family's colour")
    if traits.selectable && family != .custom {
      #expect(!Catalog.targets(in: family).isEmpty, "\(family) is selectable and has targets")
    }
    if traits.inDefaultRun { #expect(traits.selectable) }
  }

  @Test func theLegendListsEachFamilyOnceInItsOrder() {
    let drawnAsThemselves = Family.allCases.filter { $0.traits.legendFamily == $0 }
    #expect(Set(Family.legend) == Set(drawnAsThemselves) && Family.legend.count == drawnAsThemselves.count)
    let positions = drawnAsThemselves.map(\.traits.legendPosition)
    #expect(Set(positions).count == positions.count, "no two families the legend lists share a place")
    let colours = Family.legend.map { "\($0.traits.outline)" }
    #expect(Set(colours).count == colours.count, "each family the legend lists has its own colour")
  }
}

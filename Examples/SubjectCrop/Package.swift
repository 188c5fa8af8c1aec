// swift-tools-version: 6.0
// An example of the Artwork library: which iPhones crop the subject of an artwork.
import PackageDescription

let package = Package(
  name: "SubjectCrop",
  dependencies: [.package(name: "artfit", path: "../..")],
  targets: [
    .executableTarget(name: "subject-crop", dependencies: [.product(name: "Artwork", package: "artfit")])
  ]
)

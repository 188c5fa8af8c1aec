import Foundation
import TestSupport
import Testing

@testable import ArtworkCodec
@testable import ArtworkGeometry
@testable import ArtworkRender
@testable import ArtworkReport

extension Slow {
  /// End-to-end renders on generated images: sizes, bars, crops, overlays, determinism.
  @Suite(.tags(.slow))
  struct RenderTests {
    static let red = [220, 30, 30]
    static let green = [30, 200, 40]
    static let blue = [40, 50, 210]
    static let white = [250, 250, 250]

    static func options(
      _ folder: TemporaryFolder, targets: [String], overlays: Set<Overlay> = [], modes: [FitMode] = [.fit, .fill]
    ) throws -> RenderOptions {
      var options = RenderOptions(inputs: [folder.path("art")], outputFolder: folder.path("out"))
      options.solving.targets = try TargetSelection.resolve(targets)
      options.solving.modes = modes
      options.drawing.overlays = overlays
      options.solving.scales = .factors([0.5])
      options.running.jobs = 2
      return options
    }

    static func write(_ image: Image, _ name: String, in folder: TemporaryFolder) throws {
      try FileManager.default.createDirectory(atPath: folder.path("art"), withIntermediateDirectories: true)
      _ = folder.write(try ImageEncoder.png(image), to: "art/\(name)")
    }

    static func close(_ have: [Int], _ expected: [Int], tolerance: Int = 3) -> Bool {
      zip(have, expected).allSatisfy { abs($0 - $1) <= tolerance }
    }

    @Test func previewsHaveTheirCanvasSizeAndBarsTheSolversSizes() throws {
      let folder = TemporaryFolder()
      defer { folder.remove() }
      try Self.write(TestPictures.quadrants(), "quad.png", in: folder)
      var options = try Self.options(folder, targets: ["iPhone X", "iPad Pro 13\" (M4, M5)", "video-2-39x1"])
      options.drawing.background = RGB(10, 20, 30)
      let (report, _) = BatchRenderer(options: options).run()
      #expect(report.errors.isEmpty)
      let results = try #require(report.artworks.first).results
      #expect(results.count == 10)  // 2 devices x 2 orientations x 2 modes + the video ratio x 2 modes
      for result in results {
        let preview = try ImageDecoder.decode(file: folder.path("out/" + (result.preview ?? "")))
        let p = result.placement
        #expect(preview.width == p.canvas.width && preview.height == p.canvas.height, "\(result.preview ?? "")")
        guard p.mode == .fit, p.boxing != .none else { continue }
        // Bars: exactly the solver's sizes, in the background colour; the picture right after.
        let midX = p.canvas.width / 2
        let midY = p.canvas.height / 2
        if p.boxing == .letterbox {
          #expect(preview.pixel(x: midX, y: p.bars.top - 1) == [10, 20, 30])
          #expect(preview.pixel(x: midX, y: p.canvas.height - p.bars.bottom) == [10, 20, 30])
          #expect(preview.pixel(x: midX / 2, y: p.bars.top + 1) != [10, 20, 30], "picture starts after the bar")
          #expect(preview.pixel(x: midX / 2, y: p.canvas.height - p.bars.bottom - 2) != [10, 20, 30])
        } else {
          #expect(preview.pixel(x: p.bars.left - 1, y: midY) == [10, 20, 30])
          #expect(preview.pixel(x: p.canvas.width - p.bars.right, y: midY) == [10, 20, 30])
          #expect(preview.pixel(x: p.bars.left + 1, y: midY / 2) != [10, 20, 30])
        }
      }
    }

    @Test func fillShowsTheSourceRegionTheCropSays() throws {
      let folder = TemporaryFolder()
      defer { folder.remove() }
      try Self.write(TestPictures.quadrants(), "quad.png", in: folder)
      var options = try Self.options(folder, targets: ["200x400"], modes: [.fill])
      options.solving.scales = .native
      let centred = try #require(BatchRenderer(options: options).run().report.artworks.first?.results.first)
      let preview = try ImageDecoder.decode(file: folder.path("out/" + centred.preview!))
      // The centre crop keeps both halves: quadrants land where they are in the source.
      #expect(Self.close(preview.pixel(x: 50, y: 100), Self.red))
      #expect(Self.close(preview.pixel(x: 150, y: 100), Self.green))
      #expect(Self.close(preview.pixel(x: 50, y: 300), Self.blue))
      #expect(Self.close(preview.pixel(x: 150, y: 300), Self.white))
      // Gravity right keeps only the right half: green above white.
      options.solving.gravity = .right
      options.running.outputFolder = folder.path("out-right")
      let right = try #require(BatchRenderer(options: options).run().report.artworks.first?.results.first)
      #expect(right.placement.crop.x == 250)
      let shifted = try ImageDecoder.decode(file: folder.path("out-right/" + right.preview!))
      #expect(
        Self.close(shifted.pixel(x: 20, y: 100), Self.green) && Self.close(shifted.pixel(x: 180, y: 300), Self.white))
    }

    @Test func overlaysSitWhereTheCatalogPutsThem() throws {
      let folder = TemporaryFolder()
      defer { folder.remove() }
      let plain = Image(width: 600, height: 1200, layout: .rgb, filledWith: [90, 160, 90])
      try Self.write(plain, "plain.png", in: folder)
      var options = try Self.options(
        folder, targets: ["iPhone 16 Pro", "iPhone X", "iPhone 8"], overlays: Set(Overlay.allCases), modes: [.fill])
      options.solving.orientations = [.portrait]
      options.solving.scales = .native
      let results = try #require(BatchRenderer(options: options).run().report.artworks.first?.results)
      func preview(_ slug: String) throws -> (Image, ReportedResult) {
        let result = try #require(results.first { $0.screen.target.slug == slug })
        return (try ImageDecoder.decode(file: folder.path("out/" + result.preview!)), result)
      }
      let art = [90, 160, 90]

      let (island, islandResult) = try preview("iphone-16-pro")
      let screen = islandResult.screen
      let sensor = try #require(screen.occlusions.first)
      #expect(island.pixel(x: Int(sensor.midX), y: Int(sensor.midY)) == [0, 0, 0], "island is solid black")
      let safe = screen.safeArea
      #expect(island.pixel(x: Int(safe.midX), y: Int(safe.midY)) == art, "inside the safe area the art is untouched")
      let tinted = island.pixel(x: 200, y: Int(safe.y) - 20)
      #expect(tinted != art && tinted[0] > art[0], "outside the safe area the art is tinted red: \(tinted)")
      let home = try #require(screen.homeIndicator)
      let pill = island.pixel(x: Int(home.midX), y: Int(home.midY))
      #expect(pill[0] > 230 && pill[1] > 230, "the Home indicator pill is light: \(pill)")
      #expect(
        island.pixel(x: Int(home.midX), y: Int(home.minYBelow(by: 12))) != pill, "and ends where the catalog says")
      #expect(island.pixel(x: 0, y: 0) == [0, 0, 0], "the rounded corner is masked")

      let (notch, notchResult) = try preview("iphone-x")
      let notchRect = try #require(notchResult.screen.occlusions.first)
      #expect(notch.pixel(x: Int(notchRect.midX), y: 5) == [0, 0, 0], "the notch is black")
      #expect(notch.pixel(x: Int(notchRect.maxX) + 30, y: 5) != [0, 0, 0], "beside it the status bar area shows")

      let (plainPhone, plainResult) = try preview("iphone-4-7")
      #expect(plainResult.screen.regions.isEmpty)
      let top = plainPhone.pixel(x: plainPhone.width / 2, y: 5)
      #expect(top != [0, 0, 0] && top[0] > art[0], "no sensor on a notch-less phone, only the status-bar tint: \(top)")
      #expect(plainPhone.pixel(x: 0, y: 0) != [0, 0, 0], "square corners are not masked")
    }

    /// A 16:9 artwork on a 16:9 canvas: fit and fill are the same picture, encoded once and
    /// written to both files (each result keeps its own file and thumbnail).
    @Test func fitAndFillOfTheCanvasAspectGetTheSameBytesInTheirOwnFiles() throws {
      let folder = TemporaryFolder()
      defer { folder.remove() }
      try Self.write(TestPictures.quadrants(width: 320, height: 180), "wide.png", in: folder)
      let options = try Self.options(folder, targets: ["video-16x9", "iPhone 15 Pro"], overlays: Set(Overlay.allCases))
      let (report, stats) = BatchRenderer(options: options).run()
      let results = try #require(report.artworks.first).results
      let video = results.filter { $0.screen.target.slug == "video-16x9" }
      #expect(video.count == 2)
      let paths = Set(video.compactMap(\.preview))
      #expect(paths == ["wide/video-16x9-landscape-fit@0.5x.png", "wide/video-16x9-landscape-fill@0.5x.png"])
      let bytes = paths.map { FileManager.default.contents(atPath: folder.path("out/" + $0)) }
      #expect(bytes.count == 2 && bytes[0] != nil && bytes[0] == bytes[1])
      for path in paths {
        #expect(
          FileManager.default.fileExists(atPath: folder.path("out/" + PreviewThumbnail.path(for: path))), "\(path)")
      }
      // Every result's own file is on disk and counted.
      let files = Set(results.compactMap(\.preview))
      #expect(stats.outputs == files.count)
      for file in files { #expect(FileManager.default.fileExists(atPath: folder.path("out/" + file)), "\(file)") }
      let plan = PreviewPlan(
        stem: "wide", results: results.map(\.result), overlays: OverlayPainter(overlays: Set(Overlay.allCases)),
        format: .png)
      #expect(plan.previews.reduce(0) { $0 + 1 + $1.copies.count } == files.count)
      #expect(plan.previews.filter { !$0.copies.isEmpty }.count == 1, "only the video canvas has the artwork's aspect")
    }

    @Test func twoRunsWriteIdenticalBytes() throws {
      let folder = TemporaryFolder()
      defer { folder.remove() }
      try Self.write(TestPictures.quadrants(width: 331, height: 197), "quad.png", in: folder)
      var options = try Self.options(folder, targets: ["iPhone 15 Pro", "video-16x9"], overlays: Set(Overlay.allCases))
      _ = BatchRenderer(options: options).run()
      options.running.outputFolder = folder.path("again")
      _ = BatchRenderer(options: options).run()
      let manager = FileManager.default
      let files = try #require(manager.subpaths(atPath: folder.path("out"))).filter { !$0.hasSuffix("/") }.sorted()
      #expect(files.count > 10)
      // Not the render cache: like git's index it records the inputs' identities (inode and
      // times, and only once they have settled), which are the file system's, not the run's.
      for file in files
      where
        !((try? manager.attributesOfItem(atPath: folder.path("out/" + file))[.type] as? FileAttributeType)
        == .typeDirectory) && file != ".artfit-cache.json"
      {
        // Previews, thumbnails, crop maps and the reports alike.
        let first = manager.contents(atPath: folder.path("out/" + file))
        let second = manager.contents(atPath: folder.path("again/" + file))
        #expect(first != nil && first == second, "\(file)")
      }
    }
  }
}

extension Rect {
  func minYBelow(by amount: Double) -> Double { maxY + amount }
}

import Artwork

/// Encodes the input as an 8-bit image's samples with artfit's PNG writer and checks the file
/// against libpng's: the same pixels when decoded, and the same bytes on one thread and two.
/// The first five bytes pick the layout, the effort (mostly 1, artfit's own deflate), the
/// width and how many times the rows repeat down the image, so a 64 KB input reaches the
/// writer's 1 MiB bands and the joins between them.
public func fuzzPNGEncoder(_ input: [UInt8]) {
  guard input.count > 5 else { return }
  let layout = ChannelLayout.allCases[Int(input[0]) % ChannelLayout.allCases.count]
  let effort = PNGEffort(rawValue: [1, 1, 1, 0, 2][Int(input[1]) % 5])!
  let width = 1 + (Int(input[2]) << 8 | Int(input[3])) % 2048
  let copies = 1 + Int(input[4]) % 48
  let rowBytes = width * layout.channels
  let rows = (input.count - 5) / rowBytes
  guard rows > 0 else { return }
  let tile = input[5..<(5 + rows * rowBytes)]
  let samples = [UInt8]((0..<copies).map { _ in tile }.joined())
  let image = Image(width: width, height: rows * copies, layout: layout, storage: .uint8(samples))
  do throws(ImageError) {
    let one = try ImageEncoder.png(image, effort: effort, threads: 1)
    let two = try ImageEncoder.png(image, effort: effort, threads: 2)
    guard one == two else { fatalError("\(effort): other bytes on two threads than on one") }
    let reference = try ImageEncoder.png(image, effort: .stored, filter: 0)  // libpng's
    let decoded = try ImageDecoder.decode(data: one, name: "fuzz.png")
    guard decoded == (try ImageDecoder.decode(data: reference, name: "reference.png")) else {
      fatalError("\(effort): \(width)×\(rows * copies) \(layout) decodes to other pixels than libpng's file")
    }
  } catch {
    fatalError("\(error)")
  }
}

// subject-crop FILE [x,y,w,h]
//
// Which iPhones cut into this artwork's subject when it fills their screen? The subject is
// the focus given as fractions of the artwork (x,y,w,h), or else the region artfit's
// auto-focus finds in the pixels. Each iPhone is solved in portrait, filled with the focus
// gravity, and the subject is checked against the screen's visible safe area.
import Artwork
import Foundation

func fail(_ message: String) -> Never {
  FileHandle.standardError.write(Data("subject-crop: \(message)\n".utf8))
  exit(2)
}

let arguments = CommandLine.arguments.dropFirst()
guard let path = arguments.first, arguments.count <= 2 else { fail("usage: subject-crop FILE [x,y,w,h]") }

// The artwork's size after its orientation, from the header alone.
let info: ImageInfo
do { info = try ImageDecoder.probe(file: path) } catch { fail("\(error)") }

// The subject: given, or found in the pixels (a decode at 1/8 scale is plenty for 160 px).
let focus: FocusRegion
if let text = arguments.dropFirst().first {
  do { focus = try FocusRegion.parse(text, origin: .option) } catch { fail("\(error)") }
} else {
  let image: Image
  do { image = try ImageDecoder.decode(file: path, shrink: 8) } catch { fail("\(error)") }
  guard let found = AutoFocus.region(in: image) else {
    fail("\(path): nothing stands out; give the subject as x,y,w,h")
  }
  focus = found
}

let source = Size(Double(info.width), Double(info.height))
let checks = Checks(requireFocus: true)
let subject = [focus.x, focus.y, focus.width, focus.height].map { String(format: "%.2f", $0) }.joined(separator: ",")
print("\(path): \(info.width)×\(info.height), subject \(subject) (\(focus.origin == .auto ? "auto-focus" : "given"))")
var cropped = 0
for target in Catalog.targets(in: .iphone) {
  let screen = Screen(target: target, orientation: .portrait)
  let result = TargetResult.solve(
    source: source, screen: screen, mode: .fill, gravity: .focus, focus: focus, checks: checks)
  let loss = result.placement.focusLoss ?? 0
  if result.passed {
    print("  \(target.name): subject whole (crop loss \(Checks.percent(result.placement.cropLoss)))")
  } else {
    cropped += 1
    print("  \(target.name): \(Checks.percent(loss)) of the subject outside the safe area")
  }
}
print("\(cropped) of \(Catalog.targets(in: .iphone).count) iPhones crop the subject in portrait fill")

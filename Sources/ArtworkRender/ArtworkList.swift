import ArtworkReport

/// The artwork files of a run, held compactly: every path's UTF-8 bytes in one array, and each
/// stem as a range of its path (a stem is the path below the input folder, without extension,
/// so it nearly always lies inside the path). A 50,000-artwork folder then takes about 70 bytes
/// an artwork instead of two heap strings' 240, and memory stays flat as folders grow. Each
/// `ArtworkFile` is made when asked for.
public struct ArtworkList: RandomAccessCollection, Sendable, Equatable {
  /// Where one file's path and stem lie in `bytes`.
  private struct Entry: Sendable, Equatable {
    var pathStart: UInt32
    var pathEnd: UInt32
    var stemStart: UInt32
    var stemEnd: UInt32
    /// Where the path below the input begins: the relative path is the path's end.
    var relativeStart: UInt32
  }

  private var bytes: [UInt8] = []
  private var entries: [Entry] = []
  /// Stems that are not a part of their path (a renamed one), by index.
  private var otherStems: [Int: String] = [:]
  /// Relative paths that are not the end of their path (none that discovery makes), by index.
  private var otherRelatives: [Int: String] = [:]

  /// An empty list.
  public init() {}

  /// The list of `files`, in their order.
  public init(_ files: some Sequence<ArtworkFile>) {
    for file in files { append(file) }
  }

  /// The first file's index, 0.
  public var startIndex: Int { 0 }
  /// One past the last file's index: the number of files.
  public var endIndex: Int { entries.count }

  /// The file at `index`, made from its bytes.
  public subscript(index: Int) -> ArtworkFile {
    let entry = entries[index]
    return ArtworkFile(
      path: path(at: index), stem: stem(at: index),
      relativePath: otherRelatives[index] ?? string(Int(entry.relativeStart)..<Int(entry.pathEnd)))
  }

  /// The path of the file at `index`.
  public func path(at index: Int) -> String {
    let entry = entries[index]
    return string(Int(entry.pathStart)..<Int(entry.pathEnd))
  }

  /// The stem of the file at `index`.
  public func stem(at index: Int) -> String {
    if let other = otherStems[index] { return other }
    let entry = entries[index]
    return string(Int(entry.stemStart)..<Int(entry.stemEnd))
  }

  private func string(_ range: Range<Int>) -> String {
    bytes.withUnsafeBufferPointer { String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self) }
  }

  /// Adds `file` at the end.
  public mutating func append(_ file: ArtworkFile) {
    precondition(bytes.count + file.path.utf8.count < UInt32.max, "paths beyond 4 GB in one run")
    let start = bytes.count
    bytes.append(contentsOf: file.path.utf8)
    let isEnd = file.path.utf8.reversed().starts(with: file.relativePath.utf8.reversed())
    entries.append(
      Entry(
        pathStart: UInt32(start), pathEnd: UInt32(bytes.count), stemStart: 0, stemEnd: 0,
        relativeStart: UInt32(bytes.count - (isEnd ? file.relativePath.utf8.count : 0))))
    if !isEnd { otherRelatives[entries.count - 1] = file.relativePath }
    setStem(file.stem, at: entries.count - 1)
  }

  /// Files the stem at `index` under `stem`: a range of the path where it lies in it (after a
  /// `/` or at the start), kept aside otherwise.
  public mutating func setStem(_ stem: String, at index: Int) {
    let entry = entries[index]
    let stemBytes = Array(stem.utf8)
    let (start, end) = (Int(entry.pathStart), Int(entry.pathEnd))
    var candidate = start
    while candidate + stemBytes.count <= end {
      if bytes[candidate..<(candidate + stemBytes.count)].elementsEqual(stemBytes) {
        entries[index].stemStart = UInt32(candidate)
        entries[index].stemEnd = UInt32(candidate + stemBytes.count)
        otherStems[index] = nil
        return
      }
      guard let slash = bytes[candidate..<end].firstIndex(of: UInt8(ascii: "/")) else { break }
      candidate = slash + 1
    }
    entries[index].stemStart = entry.pathStart
    entries[index].stemEnd = entry.pathStart
    otherStems[index] = stem
  }

  /// Two lists are equal when they hold the same files in the same order, however packed.
  public static func == (lhs: ArtworkList, rhs: ArtworkList) -> Bool { lhs.elementsEqual(rhs) }

  /// The list sorted by path, byte by byte. The bytes stay where they are; only the entries
  /// that point into them are put in order.
  public func sortedByPath() -> ArtworkList {
    let order = bytes.withUnsafeBufferPointer { all in
      entries.indices.sorted { left, right in
        let (a, b) = (entries[left], entries[right])
        return UnsafeBufferPointer(rebasing: all[Int(a.pathStart)..<Int(a.pathEnd)])
          .lexicographicallyPrecedes(UnsafeBufferPointer(rebasing: all[Int(b.pathStart)..<Int(b.pathEnd)]))
      }
    }
    var sorted = self
    sorted.entries = order.map { entries[$0] }
    sorted.otherStems = [:]
    sorted.otherRelatives = [:]
    for (position, index) in order.enumerated() {
      if let other = otherStems[index] { sorted.otherStems[position] = other }
      if let other = otherRelatives[index] { sorted.otherRelatives[position] = other }
    }
    return sorted
  }

  /// The files `isIncluded` keeps, in order.
  public func filter(_ isIncluded: (ArtworkFile) throws -> Bool) rethrows -> ArtworkList {
    try picking(indices.filter { try isIncluded(self[$0]) })
  }

  /// The files at `order`, in that order, their bytes packed anew.
  private func picking(_ order: [Int]) -> ArtworkList {
    var picked = ArtworkList()
    picked.bytes.reserveCapacity(order.reduce(0) { $0 + Int(entries[$1].pathEnd - entries[$1].pathStart) })
    picked.entries.reserveCapacity(order.count)
    for index in order {
      let entry = entries[index]
      let shift = Int(entry.pathStart) - picked.bytes.count
      picked.bytes.append(contentsOf: bytes[Int(entry.pathStart)..<Int(entry.pathEnd)])
      picked.entries.append(
        Entry(
          pathStart: UInt32(Int(entry.pathStart) - shift), pathEnd: UInt32(Int(entry.pathEnd) - shift),
          stemStart: UInt32(Int(entry.stemStart) - shift), stemEnd: UInt32(Int(entry.stemEnd) - shift),
          relativeStart: UInt32(Int(entry.relativeStart) - shift)))
      if let other = otherStems[index] { picked.otherStems[picked.entries.count - 1] = other }
      if let other = otherRelatives[index] { picked.otherRelatives[picked.entries.count - 1] = other }
    }
    return picked
  }
}

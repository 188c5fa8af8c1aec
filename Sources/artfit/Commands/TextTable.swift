/// Columns of text padded to line up, for terminal output.
struct TextTable {
  var header: [String]
  var rows: [[String]] = []

  mutating func add(_ row: [String]) { rows.append(row) }

  var rendered: String {
    let all = [header] + rows
    var widths = [Int](repeating: 0, count: header.count)
    for row in all { for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) } }
    return all.map { row in
      row.enumerated().map { index, cell in
        index == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[index] - cell.count)
      }.joined(separator: "  ")
    }.joined(separator: "\n")
  }
}

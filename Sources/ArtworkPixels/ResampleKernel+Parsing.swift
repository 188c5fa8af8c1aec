import ArtworkGeometry

extension ResampleKernel {
  /// A kernel by name (`lanczos3`, `mitchell`, …), in any case.
  public static func parse(_ text: String) throws(ValueError) -> ResampleKernel {
    guard let kernel = ResampleKernel(rawValue: text.lowercased()) else {
      let names = ResampleKernel.allCases.map(\.rawValue).joined(separator: ", ")
      throw ValueError("unknown kernel '\(text)'; kernels are \(names)")
    }
    return kernel
  }
}

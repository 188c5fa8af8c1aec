extension Array where Element == UInt8 {
  /// Makes the array `count` samples long in the memory it already has when that is enough
  /// (its contents then are whatever was there, or zeros past the old end, for the caller to
  /// overwrite), else in fresh memory. A batch resamples and draws hundreds of pictures of
  /// a few sizes; memory it keeps is mapped already, where fresh memory of this size is
  /// mapped by the kernel a page at a time, each page cleared first.
  mutating func resize(reusingMemoryTo count: Int) {
    if self.count >= count {
      removeLast(self.count - count)  // keeps the capacity
    } else if capacity >= count {
      append(contentsOf: repeatElement(0, count: count - self.count))
    } else {
      self = [UInt8](unsafeUninitializedCapacity: count) { _, initialized in initialized = count }
    }
  }
}

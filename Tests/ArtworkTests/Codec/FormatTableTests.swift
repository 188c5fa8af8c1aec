import CImageIO
import Foundation
import Testing

@testable import ArtworkCodec

/// The format table (`cimageio_formats.c`) is the one place a format is described: every
/// descriptor is whole, each Swift case has exactly one, and what lists formats (help, errors,
/// discovery's extensions) is made from it.
@Suite struct FormatTableTests {
  static var descriptors: [cimageio_format_descriptor] {
    (0..<cimageio_format_count()).map { cimageio_format_at($0).pointee }
  }

  @Test func everyDescriptorIsWhole() {
    #expect(cimageio_format_at(cimageio_format_count()) == nil)
    for descriptor in Self.descriptors {
      let id = String(cString: descriptor.id)
      #expect(!id.isEmpty && !String(cString: descriptor.name).isEmpty && !String(cString: descriptor.library).isEmpty)
      let extensions = String(cString: descriptor.extensions).split(separator: " ")
      #expect(!extensions.isEmpty && extensions.allSatisfy { $0 == $0.lowercased() && !$0.contains(".") }, "\(id)")
      #expect(descriptor.sniff != nil, "\(id) has no sniff")
      let vector = descriptor.traits & UInt32(CIMAGEIO_TRAIT_VECTOR) != 0
      #expect((descriptor.read == nil) == vector, "\(id): a reader, or a vector document")
      let keeps = descriptor.traits & UInt32(CIMAGEIO_TRAIT_KEEPS_STATE) != 0
      #expect((descriptor.free_kept != nil) == keeps, "\(id): kept state and its free go together")
      #expect(cimageio_format_of(descriptor.format)?.pointee.format == descriptor.format)
      // Nothing sniffs an empty or one-byte file as this format.
      #expect(descriptor.sniff([0], 1) == 0, "\(id)")
    }
    let codes = Self.descriptors.map(\.format)
    #expect(Set(codes).count == codes.count && !codes.contains(Int32(CIMAGEIO_FORMAT_UNKNOWN.rawValue)))
  }

  @Test func eachSwiftFormatIsOneDescriptor() {
    let ids = Self.descriptors.map { String(cString: $0.id) }
    #expect(ids.sorted() == ImageFormat.allCases.map(\.rawValue).sorted())
    for descriptor in Self.descriptors {
      #expect(ImageFormat(cFormat: descriptor.format)?.rawValue == String(cString: descriptor.id))
    }
    #expect(ImageFormat(cFormat: 999) == nil && ImageFormat(cFormat: 0) == nil)
  }

  /// No extension is claimed twice, and discovery takes every one of them as artwork.
  @Test func extensionsAreTheTablesAndUnique() {
    let all = ImageFormat.allCases.flatMap(\.fileExtensions)
    #expect(Set(all).count == all.count)
    #expect(FileKind.artworkExtensions == Set(all))
    let unread = UnreadFormat.all.flatMap(\.extensions)
    #expect(Set(unread).isDisjoint(with: all), "an extension both read and named unread")
  }

  @Test func messagesListingFormatsNameEveryOne() {
    for format in ImageFormat.allCases { #expect(ImageFormat.namesInProse.contains(format.displayName)) }
    let error = ImageError.notAnImage(file: "x", reason: "r").description
    for format in ImageFormat.allCases { #expect(error.contains(format.displayName), "\(error)") }
  }
}

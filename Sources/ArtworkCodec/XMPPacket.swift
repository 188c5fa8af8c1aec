/// The few XMP packets artfit writes: one rdf:Description in the x:xmpmeta wrapper.
enum XMPPacket {
  static let hdrgm = "http://ns.adobe.com/hdr-gain-map/1.0/"
  static let container = "http://ns.google.com/photos/1.0/container/"
  static let item = "http://ns.google.com/photos/1.0/container/item/"

  static func wrap(namespaces: [String: String], attributes: [String], elements: String) -> String {
    let declared = namespaces.sorted { $0.key < $1.key }.map { "xmlns:\($0.key)=\"\($0.value)\"" }
    let description = (["rdf:about=\"\""] + declared + attributes).joined(separator: " ")
    return
      "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\" x:xmptk=\"artfit\">"
      + "<rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">"
      + (elements.isEmpty
        ? "<rdf:Description \(description)/>" : "<rdf:Description \(description)>\(elements)</rdf:Description>")
      + "</rdf:RDF></x:xmpmeta>"
  }
}

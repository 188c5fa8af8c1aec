import ArtworkGeometry
@_spi(Support) import ArtworkSupport

/// The focus editor's markup: once a page, how to use it and the download; per artwork, its
/// crop map with the rectangle to drag, the live list of its results and its manifest entry.
/// `FocusEditorScript` brings it to life from `FocusEditorData`.
enum FocusEditorMarkup {
  /// The longest side of an artwork's picture in the editor, in CSS pixels.
  static let pictureSide = 480.0

  static func writeHelp(setup: FocusEditorSetup, to out: inout ByteBuffer) {
    out.append(
      """
      <section class="editor-help" id="artfit-focus-help"><h2>Focus editor</h2>
      <p>Drag an artwork's yellow rectangle to move its focus and drag a corner to resize it, or select it (Tab) and use the arrow keys: 1 % of the artwork a press, 10 % with Shift; Alt with the arrows resizes. Its list answers at once, with artfit's own geometry: each result's visible region and whether the focus stays inside the safe area. Over the picture, each fill's visible region is outlined in its family's colour and the region safe on every screen in white. The cards, previews and crop maps show the run's focus.</p>
      <p><button type="button" id="artfit-save" hidden disabled>Save…</button>
      <button type="button" id="artfit-download" disabled>Download
      """)
    out.append(byte: 0x20)
    out.html(setup.manifestName)
    out.append(
      " (0 artworks edited)</button> <span id=\"artfit-edits-status\" role=\"status\"></span> It holds every artwork edited on this page"
    )
    if let path = setup.manifestPath {
      out.append(", merged over the run's manifest, <code>")
      out.html(path)
      out.append("</code>, which it replaces; its keys are relative to that file's folder.")
    } else {
      out.append(
        "; save it as <code>artfit.json</code> in the input folder, where render and check look for it: its keys are relative to that folder."
      )
    }
    out.append(" Edits are kept in this browser until the page is rewritten by another run.")
    out.append(" A <code>--focus</code> on the command line wins over a manifest.</p></section>\n")
  }

  /// The artwork's editor, numbered `index` in the page's data, in place of its crop map.
  static func writeBlock(_ artwork: ArtworkReport, index: Int, to out: inout ByteBuffer) {
    out.append("<div class=\"focus-editor\" data-editor=\"")
    out.integer(index)
    out.append("\">")
    writeFigure(artwork, to: &out)
    writePanel(artwork, to: &out)
    out.append("</div>\n")
  }

  /// The picture to draw on: the crop map (or the artwork's outline), the live outlines and
  /// the focus rectangle with its corners, and the caption.
  private static func writeFigure(_ artwork: ArtworkReport, to out: inout ByteBuffer) {
    let (w, h) = (Double(artwork.width), Double(artwork.height))
    out.append("<figure class=\"cropmap editor\" style=\"width:")
    out.fixed(w >= h ? pictureSide : max(160, pictureSide * w / h), places: 1)
    out.append("px\"><div class=\"stage\" style=\"aspect-ratio:")
    out.integer(artwork.width)
    out.append(" / ")
    out.integer(artwork.height)
    out.append("\">")
    if let map = artwork.cropMap {
      out.append("<img src=\"")
      out.url(map)
      out.append("\" alt=\"crop map of ")
      out.html(artwork.file.path)
      out.append("\" draggable=\"false\">")
    }
    out.append("<svg class=\"live\" viewBox=\"0 0 ")
    out.integer(artwork.width)
    out.append(byte: 0x20)
    out.integer(artwork.height)
    out.append(
      "\" preserveAspectRatio=\"none\" aria-hidden=\"true\"></svg><div data-focus-editor tabindex=\"0\" role=\"group\" aria-roledescription=\"focus rectangle\" aria-describedby=\"artfit-focus-help\" aria-label=\"Focus of "
    )
    out.html(artwork.file.path)
    out.append(
      "\"><span data-corner=\"nw\"></span><span data-corner=\"ne\"></span><span data-corner=\"sw\"></span><span data-corner=\"se\"></span></div></div><figcaption>"
    )
    if let map = artwork.cropMap {
      out.append("<a href=\"")
      out.url(map)
      out.append("\">Crop map</a>: ")
    } else {
      out.append("The artwork's outline (this run drew no crop map). ")
    }
    HTMLWriter.cropMapCaption(artwork, to: &out)
    out.append("</figcaption></figure>\n")
  }

  /// The live answers beside the picture: the summary, the gravity's hint, the list of
  /// results and the manifest entry.
  private static func writePanel(_ artwork: ArtworkReport, to out: inout ByteBuffer) {
    out.append("<div class=\"live-panel\"><p class=\"live-summary\"></p>")
    if let gravity = FocusEditorData.gravity(of: artwork) {
      out.append("<p class=\"hint\">This run places fills by gravity ")
      out.append(gravity.rawValue)
      out.append(", so the focus moves no crop: it is checked where the crops are.</p>")
    }
    out.append(
      """
      <div class="live-list"><div class="row head"><span>screen</span><span>orientation</span><span>mode</span><span>visible region (px)</span><span>crop loss</span><span>focus</span></div><div class="live-rows"></div></div>
      <p class="entry">Manifest entry for the focus drawn: <button type="button" class="copy">Copy</button> <button type="button" class="reset">Reset</button></p>
      <textarea data-manifest readonly rows="2" aria-label="manifest entry for
      """)
    out.append(byte: 0x20)
    out.html(artwork.file.path)
    out.append("\"></textarea></div>")
  }
}

// The umbrella: `import Artwork` brings every layer's public API, as before the split.
@_exported import ArtworkCodec
@_exported import ArtworkGeometry
@_exported import ArtworkPixels
@_exported import ArtworkRender
@_exported import ArtworkReport
@_exported import ArtworkSupport

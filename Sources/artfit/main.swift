#if canImport(Glibc)
  import Glibc
#endif

exit(ArtfitCLI.run(Array(CommandLine.arguments.dropFirst())).rawValue)

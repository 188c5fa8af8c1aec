import ArtworkSupport

exit(ArtfitCLI.run(Array(CommandLine.arguments.dropFirst())).rawValue)

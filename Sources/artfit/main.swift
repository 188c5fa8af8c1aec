import ArtworkPlatform

exit(ArtfitCLI.run(Array(CommandLine.arguments.dropFirst())).rawValue)

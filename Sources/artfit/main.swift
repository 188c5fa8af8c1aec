import Artwork

print("artfit: commands arrive with the geometry core")

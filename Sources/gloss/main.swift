print("gloss")

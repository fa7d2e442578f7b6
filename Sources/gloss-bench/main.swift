print("gloss-bench")

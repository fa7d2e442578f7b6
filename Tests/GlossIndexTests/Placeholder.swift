// GlossIndexTests

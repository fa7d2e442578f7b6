// GlossServerTests

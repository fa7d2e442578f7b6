// GlossSyntaxTests

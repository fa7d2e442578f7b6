// LanguageServerProtocolTests

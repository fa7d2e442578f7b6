// swift-tools-version: 6.0
import PackageDescription

let upcoming: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("MemberImportVisibility"),
  .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
  name: "Gloss",
  products: [
    .executable(name: "gloss", targets: ["gloss"])
  ],
  targets: [
    .target(name: "JSONStrings", swiftSettings: upcoming),
    .target(name: "GlossSyntax", swiftSettings: upcoming),
    .target(name: "GlossIndex", dependencies: ["GlossSyntax", "JSONStrings"], swiftSettings: upcoming),
    .target(name: "LanguageServerProtocol", dependencies: ["JSONStrings"], swiftSettings: upcoming),
    .target(
      name: "GlossServer",
      dependencies: ["GlossIndex", "GlossSyntax", "LanguageServerProtocol"],
      swiftSettings: upcoming
    ),
    .executableTarget(
      name: "gloss",
      dependencies: ["GlossServer", "GlossIndex", "GlossSyntax", "LanguageServerProtocol"],
      swiftSettings: upcoming
    ),
    .executableTarget(
      name: "gloss-bench", dependencies: ["GlossSyntax", "GlossIndex", "GlossServer", "LanguageServerProtocol"],
      swiftSettings: upcoming),
    .target(
      name: "TestSupport",
      dependencies: ["GlossServer", "GlossIndex", "GlossSyntax", "LanguageServerProtocol"],
      path: "Tests/TestSupport",
      swiftSettings: upcoming
    ),
    .testTarget(name: "JSONStringsTests", dependencies: ["JSONStrings"], swiftSettings: upcoming),
    .testTarget(name: "GlossSyntaxTests", dependencies: ["GlossSyntax", "TestSupport"], swiftSettings: upcoming),
    .testTarget(
      name: "GlossIndexTests", dependencies: ["GlossIndex", "GlossSyntax", "TestSupport"], swiftSettings: upcoming),
    .testTarget(
      name: "LanguageServerProtocolTests",
      dependencies: ["LanguageServerProtocol", "TestSupport"],
      swiftSettings: upcoming
    ),
    .testTarget(
      name: "GlossServerTests",
      dependencies: ["GlossServer", "LanguageServerProtocol", "GlossIndex", "GlossSyntax", "TestSupport", "gloss"],
      swiftSettings: upcoming
    ),
  ],
  swiftLanguageModes: [.v6]
)

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
    .target(name: "GlossMatching", dependencies: ["GlossSyntax"], swiftSettings: upcoming),
    .target(
      name: "GlossIndex", dependencies: ["GlossMatching", "GlossSyntax", "JSONStrings"], swiftSettings: upcoming),
    .target(name: "LanguageServerProtocol", dependencies: ["JSONStrings"], swiftSettings: upcoming),
    .target(
      name: "GlossServer",
      dependencies: ["GlossIndex", "GlossMatching", "GlossSyntax", "LanguageServerProtocol"],
      swiftSettings: upcoming
    ),
    .executableTarget(
      name: "gloss",
      dependencies: ["GlossServer", "GlossIndex", "GlossSyntax", "LanguageServerProtocol"],
      swiftSettings: upcoming
    ),
    .executableTarget(
      name: "gloss-bench",
      dependencies: ["GlossMatching", "GlossSyntax", "GlossIndex", "GlossServer", "LanguageServerProtocol"],
      swiftSettings: upcoming),
    .target(
      name: "TestSupport",
      dependencies: ["GlossServer", "GlossIndex", "GlossSyntax", "LanguageServerProtocol"],
      path: "Tests/TestSupport",
      swiftSettings: upcoming
    ),
    .testTarget(name: "JSONStringsTests", dependencies: ["JSONStrings"], swiftSettings: upcoming),
    .testTarget(
      name: "GlossSyntaxTests", dependencies: ["GlossSyntax", "GlossMatching", "TestSupport"], swiftSettings: upcoming),
    .testTarget(
      name: "GlossMatchingTests", dependencies: ["GlossMatching", "GlossSyntax", "TestSupport"],
      swiftSettings: upcoming),
    .testTarget(
      name: "GlossIndexTests", dependencies: ["GlossIndex", "GlossMatching", "GlossSyntax", "TestSupport"],
      swiftSettings: upcoming),
    .testTarget(
      name: "LanguageServerProtocolTests",
      dependencies: ["LanguageServerProtocol", "TestSupport"],
      swiftSettings: upcoming
    ),
    .testTarget(
      name: "GlossServerTests",
      dependencies: [
        "GlossServer", "LanguageServerProtocol", "GlossIndex", "GlossMatching", "GlossSyntax", "TestSupport", "gloss",
      ],
      swiftSettings: upcoming
    ),
  ],
  swiftLanguageModes: [.v6]
)

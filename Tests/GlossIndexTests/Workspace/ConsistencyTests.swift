import GlossIndex
import GlossSyntax
import Testing

/// Incremental updates must end where a fresh bulk load of the same files ends.
@Suite struct ConsistencyTests {
  /// The contents a path may take in a step (an empty string removes the file).
  static let pool: [String: [String]] = [
    "notes/a.md": [
      "# Alpha\n\n## Méthodes\n\n[@k1] [[b]] [[b#Résultats]] #thème\n",
      "# Alpha\n\n## Méthode\n\n[@k2, p. 2] [[gamma]] [c](c.md#fin) #thème/sous\n",
      "",
    ],
    "notes/b.md": [
      "---\ntitle: Bêta\naliases: [gamma]\n---\n# Résultats\n[[a#Méthodes]] [@k3]\n",
      "# Résultats\n\n[[a#Méthode]] [@k1; @doc, p. 9] #Thème\n",
      "",
    ],
    "notes/c.md": ["# Fin\n[[gamma]] [[b]] \"mots exacts\" [@k1]\n", "## Autre\n[a](a.md) [@doc, line 1]\n", ""],
    "refs.bib": ["@book{k1, title = {Un}}\n@book{k2, title = {Deux}}\n", "@book{k3, title = {Trois}}\n", ""],
    "more.bib": ["@book{k1, title = {Encore}}\n", "@book{doc, title = {Doc}}\n", ""],
    "sources/doc.txt": ["ligne un\nligne deux\u{0C}page deux\n", "seule page\n", ""],
    "sources/k2.md": ["---\nid: k2\n---\nTexte de deux\n", "---\nid: k3\n---\nTexte\n", ""],
  ]

  @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8])
  func editsMatchAFreshLoad(seed: UInt64) {
    var state = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    let paths = Self.pool.keys.sorted()
    var current: [String: String] = [:]
    var workspace = Workspace()
    for step in 0..<40 {
      let path = paths[next(paths.count)]
      let options = Self.pool[path] ?? []
      let text = options[next(options.count)]
      let before = workspace
      let changed: Set<String>
      if text.isEmpty {
        current[path] = nil
        changed = workspace.remove(path: path)
      } else {
        current[path] = text
        changed = Fixture.set(path, text, in: &workspace)
      }
      let fresh = Fixture.workspace(current)
      #expect(dump(workspace) == dump(fresh), "seed \(seed) step \(step): \(path)")
      // Every path whose diagnostics differ from before the step is in the changed set.
      for candidate in Set(before.diagnosedPaths + workspace.diagnosedPaths)
      where before.diagnostics(for: candidate) != workspace.diagnostics(for: candidate) {
        #expect(changed.contains(candidate), "seed \(seed) step \(step): \(candidate) changed unannounced")
      }
      for key in ["k1", "k2", "k3", "doc"] {
        #expect(workspace.citations(ofKey: key) == fresh.citations(ofKey: key))
        #expect(workspace.source(forKey: key)?.title == fresh.source(forKey: key)?.title)
      }
      for note in ["notes/a.md", "notes/b.md", "notes/c.md"] {
        #expect(workspace.backlinks(to: note) == fresh.backlinks(to: note), "seed \(seed) step \(step)")
      }
      #expect(workspace.tagCounts == fresh.tagCounts)
    }
  }
}

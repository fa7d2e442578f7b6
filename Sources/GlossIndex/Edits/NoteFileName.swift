/// Safe file names for notes made from titles, and free paths that never replace an existing file.
package enum NoteFileName {
  /// The longest file stem made from a title, in UTF-8 bytes (file systems allow 255 for the whole name).
  package static let maximumStemBytes = 120

  /// A file stem for `title` that stays in its folder: separators, control characters and characters Windows
  /// refuses and the characters that end a wiki link's target (`#`, `[`, `]`, `^`, `|`) become spaces, runs of spaces become one, leading dots go (no `..`, no hidden files), trailing dots
  /// and spaces go, the length is capped on a character boundary; non-ASCII letters are kept. Never empty.
  package static func stem(for title: String) -> String {
    var scalars: [Unicode.Scalar] = []
    var pendingSpace = false
    for scalar in title.unicodeScalars {
      if isUnsafe(scalar) || scalar.properties.isWhitespace {
        pendingSpace = !scalars.isEmpty
        continue
      }
      if scalars.isEmpty && scalar == "." { continue }
      if pendingSpace { scalars.append(" ") }
      pendingSpace = false
      scalars.append(scalar)
    }
    var stem = ""
    var bytes = 0
    // Whole characters only, so a cap never splits an accent from its letter or an emoji sequence.
    for character in String(String.UnicodeScalarView(scalars)) {
      let size = character.utf8.count
      if bytes + size > maximumStemBytes { break }
      stem.append(character)
      bytes += size
    }
    while let last = stem.last, last == "." || last == " " { stem.removeLast() }
    if stem.isEmpty { return "untitled" }
    // Windows refuses these device names whatever the extension.
    let device = stem.uppercased()
    let reserved = ["CON", "PRN", "AUX", "NUL"] + (1...9).flatMap { ["COM\($0)", "LPT\($0)"] }
    return reserved.contains(device) ? stem + " note" : stem
  }

  /// The first of `folder/stem.ext`, `folder/stem-2.ext`, `folder/stem-3.ext`, … that `isTaken` refuses.
  package static func availablePath(
    folder: String, stem: String, extension ext: String, isTaken: (String) -> Bool
  ) -> String {
    var number = 1
    while true {
      let name = number == 1 ? "\(stem).\(ext)" : "\(stem)-\(number).\(ext)"
      let path = PathComponents.join(folder, name)
      if !isTaken(path) { return path }
      number += 1
    }
  }

  /// Whether `scalar` may not appear in a portable file name.
  private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "/", "\\", ":", "*", "?", "\"", "<", ">", "|", "#", "[", "]", "^": return true
    default: return scalar.properties.generalCategory == .control || (0x202A...0x202E).contains(scalar.value)
    }
  }
}

extension Workspace {
  /// Whether a file at `path` is known to the index (any role, compared without case, as macOS and Windows do).
  package func isKnownPath(_ path: String) -> Bool {
    let lower = path.lowercased()
    if notes[path] != nil || sourceDocuments[path] != nil || bibliographies[path] != nil || otherFiles.contains(path) {
      return true
    }
    return notes.keys.contains { $0.lowercased() == lower }
      || sourceDocuments.keys.contains { $0.lowercased() == lower } || otherFiles.contains { $0.lowercased() == lower }
  }

  /// The folder `dir` normalised inside the workspace (the root for ""), or nil when it is absolute (`/…`, `~/…`)
  /// or climbs out of it.
  package static func folderInside(_ dir: String) -> String? {
    guard !dir.utf8.contains(0), !dir.hasPrefix("/"), !dir.hasPrefix("~") else { return nil }
    return PathUtilities.normalizeWithinRoot(dir)
  }
}

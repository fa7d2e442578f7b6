import GlossIndex
import GlossSyntax

/// Zotero's own preferences, read (never written) for its "Linked Attachment Base Directory" when `zotero.baseDir`
/// is not set (docs/zotero.md): Zotero keeps them in `prefs.js` (and a user's `user.js`) of its profile, found through
/// `profiles.ini` in `~/.zotero/zotero` (Linux) or `~/Library/Application Support/Zotero` (macOS).
package enum ZoteroProfile {
  /// The preference naming the base folder of files linked relative to it (`attachments:` paths).
  static let baseAttachmentPreference = "extensions.zotero.baseAttachmentPath"

  /// The folders that hold Zotero's `profiles.ini`, relative to the home folder: Linux's, then macOS's.
  static let profileFolders = [".zotero/zotero", "Library/Application Support/Zotero"]

  /// Zotero's base folder for linked files as its preferences of the default profile say (a `user.js` value wins,
  /// as it does when Zotero starts), absolute; nil when there is no profile or no such preference.
  static func baseAttachmentPath(home: String?, fileSystem: any FileReading) -> String? {
    guard let home, !home.isEmpty else { return nil }
    for folder in profileFolders {
      let profiles = PathComponents.join(home, folder)
      guard let ini = try? fileSystem.contents(of: PathComponents.join(profiles, "profiles.ini")),
        let profile = defaultProfile(String(decoding: ini, as: UTF8.self), in: profiles)
      else { continue }
      var found: String?
      for name in ["prefs.js", "user.js"] {
        guard let bytes = try? fileSystem.contents(of: PathComponents.join(profile, name)) else { continue }
        if let value = preference(baseAttachmentPreference, in: String(decoding: bytes, as: UTF8.self)) {
          found = value
        }
      }
      guard let found, !found.isEmpty else { return nil }
      if found == "~" { return home }
      if found.hasPrefix("~/") { return PathComponents.join(home, String(found.dropFirst(2))) }
      return found.hasPrefix("/") ? PathComponents.normalize(found) : nil
    }
    return nil
  }

  /// The files whose change may change what `baseAttachmentPath` finds: each profile folder's `profiles.ini` up to
  /// the first naming a default profile, and that profile's `prefs.js` and `user.js` (absolute; those absent too,
  /// for the periodic scan to see them appear).
  static func preferenceFiles(home: String?, fileSystem: any FileReading) -> [String] {
    guard let home, !home.isEmpty else { return [] }
    var files: [String] = []
    for folder in profileFolders {
      let profiles = PathComponents.join(home, folder)
      let ini = PathComponents.join(profiles, "profiles.ini")
      files.append(ini)
      guard let bytes = try? fileSystem.contents(of: ini),
        let profile = defaultProfile(String(decoding: bytes, as: UTF8.self), in: profiles)
      else { continue }
      return files + ["prefs.js", "user.js"].map { PathComponents.join(profile, $0) }
    }
    return files
  }

  /// The default profile's folder in `profiles.ini` (in the folder `profiles`): the one an `[Install…]` section
  /// names, else the `[Profile…]` marked `Default=1`, else the first profile; relative paths from `profiles`.
  package static func defaultProfile(_ ini: String, in profiles: String) -> String? {
    var sections: [(name: String, values: [String: String])] = []
    for raw in ini.split(whereSeparator: { $0 == "\n" || $0 == "\r" }) {
      let line = raw.trimmingSpaces()
      if line.hasPrefix("["), line.hasSuffix("]") {
        sections.append((String(line.dropFirst().dropLast()), [:]))
      } else if let equals = line.firstIndex(of: "="), !sections.isEmpty {
        sections[sections.count - 1].values[String(line[..<equals])] = String(line[line.index(after: equals)...])
      }
    }
    let profileSections = sections.filter { $0.name.hasPrefix("Profile") }
    func folder(_ path: String, relative: Bool) -> String {
      relative ? PathComponents.normalize(PathComponents.join(profiles, path)) : PathComponents.normalize(path)
    }
    if let installed = sections.first(where: { $0.name.hasPrefix("Install") })?.values["Default"], !installed.isEmpty {
      let relative = profileSections.first { $0.values["Path"] == installed }?.values["IsRelative"] != "0"
      return folder(installed, relative: relative && !installed.hasPrefix("/"))
    }
    let chosen = profileSections.first { $0.values["Default"] == "1" } ?? profileSections.first
    guard let chosen, let path = chosen.values["Path"], !path.isEmpty else { return nil }
    return folder(path, relative: chosen.values["IsRelative"] != "0" && !path.hasPrefix("/"))
  }

  /// The string value of `user_pref("name", "value");` in a `prefs.js`/`user.js` text (the last one wins), with
  /// JavaScript's escapes (`\\`, `\"`, `\n`, `\uXXXX`) undone; nil when absent or not a string.
  package static func preference(_ name: String, in text: String) -> String? {
    var found: String?
    let quotedName = "\"" + name + "\""
    for raw in text.split(whereSeparator: { $0 == "\n" || $0 == "\r" }) {
      let line = raw.trimmingSpaces()
      guard line.hasPrefix("user_pref("), let nameRange = line.firstRange(of: quotedName) else { continue }
      var rest = line[nameRange.upperBound...].drop { $0 == " " || $0 == "\t" }
      guard rest.first == "," else { continue }
      rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" }
      guard rest.first == "\"" else { continue }
      var value = ""
      var scalars = rest.dropFirst().unicodeScalars.makeIterator()
      var closed = false
      while let scalar = scalars.next() {
        if scalar == "\"" {
          closed = true
          break
        }
        guard scalar == "\\", let escaped = scalars.next() else {
          value.unicodeScalars.append(scalar)
          continue
        }
        switch escaped {
        case "n": value += "\n"
        case "t": value += "\t"
        case "u":
          var hex = ""
          for _ in 0..<4 { if let digit = scalars.next() { hex.unicodeScalars.append(digit) } }
          if let code = UInt32(hex, radix: 16), let decoded = Unicode.Scalar(code) {
            value.unicodeScalars.append(decoded)
          }
        default: value.unicodeScalars.append(escaped)
        }
      }
      if closed { found = value }
    }
    return found
  }
}

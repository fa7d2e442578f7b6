extension BibTeXParser {
  /// The citable entries, each with the fields it inherits through `crossref` and `xdata` (Pandoc's rules), decoded.
  ///
  /// Targets are looked up in this file only, as Pandoc does. A missing or circular target is a problem on the
  /// field naming it; the entry keeps its own fields and whatever the rest of the chain gives.
  mutating func resolvedEntries() -> [BibliographyEntry] {
    guard hasInheritance else {
      return rawEntries.map {
        BibliographyEntry(bibTeXType: $0.type, key: $0.key, keyRange: $0.keyRange, range: $0.range, fields: $0.fields)
      }
    }
    var targets: [String: Int] = [:]
    let all = rawEntries + dataContainers
    // The first definition of a key wins, as it does for citations.
    for (index, entry) in all.enumerated().reversed() { targets[entry.key] = index }
    var reported: Set<Range<Int>> = []
    var entries: [BibliographyEntry] = []
    entries.reserveCapacity(rawEntries.count)
    for entry in rawEntries {
      var fields = entry.fields
      // `xdata` first: what it gives wins over what `crossref` gives (Pandoc adds them in that order).
      for name in ["xdata", "crossref"] {
        guard let field = entry.fields.first(where: { $0.name == name }) else { continue }
        let own = Set(fields.map(\.name))
        let inherited = inheritedFields(
          naming: field, base: entry, chain: [entry.key], all: all, targets: targets, reported: &reported)
        for (fieldName, value) in inherited where !own.contains(fieldName) {
          fields.append(BibTeXField(name: fieldName, value: value, isInherited: true))
        }
      }
      entries.append(
        BibliographyEntry(
          bibTeXType: entry.type, key: entry.key, keyRange: entry.keyRange, range: entry.range, fields: fields))
    }
    return entries
  }

  /// The fields `field` (a `crossref` or `xdata` of some entry in `chain`) passes on to `base`, later ones winning.
  private mutating func inheritedFields(
    naming field: BibTeXField, base: RawBibTeXEntry, chain: [String], all: [RawBibTeXEntry], targets: [String: Int],
    reported: inout Set<Range<Int>>
  ) -> [(String, ArraySlice<UInt8>)] {
    let place = field.literalRange ?? base.keyRange
    var out: [(String, ArraySlice<UInt8>)] = []
    for key in Self.keyList(field.value) {
      guard let index = targets[key] else {
        if reported.insert(place).inserted {
          problems.append(
            SyntaxProblem(
              range: place, message: "\(field.name) target '\(key)' is not in this file: nothing is inherited from it"))
        }
        continue
      }
      // Hostile files may chain thousands of entries: past `maximumChain` links nothing more is inherited, which
      // bounds both the recursion and the work per entry.
      if chain.count >= Self.maximumChain {
        if reported.insert(place).inserted {
          problems.append(
            SyntaxProblem(
              range: place, message: "\(field.name) chain longer than \(Self.maximumChain) entries: stops here"))
        }
        continue
      }
      if chain.contains(key) {
        if reported.insert(place).inserted {
          let loop = (chain + [key]).map { "'\($0)'" }.joined(separator: " → ")
          problems.append(SyntaxProblem(range: place, message: "circular \(field.name): \(loop)"))
        }
        continue
      }
      let parent = all[index]
      let parentNames = Set(parent.fields.map(\.name))
      // Pandoc walks the parent's fields in name order; a later one mapped to the same name wins.
      for parentField in parent.fields.sorted(by: { $0.name < $1.name }) {
        if parentField.name == "crossref" || parentField.name == "xdata" {
          let deeper = inheritedFields(
            naming: parentField, base: base, chain: chain + [key], all: all, targets: targets, reported: &reported)
          out += deeper.filter { !parentNames.contains($0.0) }
          continue
        }
        for name in Self.inheritedNames(parentField.name, from: parent.type, to: base.type) {
          out.append((name, parentField.value))
        }
      }
    }
    return out
  }

  /// The longest chain of `crossref`/`xdata` links followed (biblatex's own examples use two or three).
  static let maximumChain = 16

  /// The keys of a `crossref`/`xdata` value: comma-separated, blanks around them ignored.
  static func keyList(_ value: ArraySlice<UInt8>) -> [String] {
    let ignored: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: "{"), UInt8(ascii: "}")]
    return value.split(separator: UInt8(ascii: ",")).compactMap { part in
      let key = part.drop(while: ignored.contains).reversed().drop(while: ignored.contains).reversed()
      return key.isEmpty ? nil : String(decoding: key, as: UTF8.self)
    }
  }

  /// The names a parent's field takes in a child of type `child` (biblatex's inheritance table, as Pandoc applies it).
  static func inheritedNames(_ name: String, from parent: String, to child: String) -> [String] {
    if neverInherited.contains(name) { return [] }
    let bookParts: Set<String> = ["inbook", "bookinbook", "suppbook"]
    if name == "author", parent == "mvbook" || parent == "book", bookParts.contains(child) || child == "book" {
      // A book's author is also the author of its chapters (`bookauthor`); Pandoc adds mvbook → book.
      return parent == "book" && child == "book" ? ["author"] : ["bookauthor", "author"]
    }
    let collections: Set<String> = ["collection", "reference", "incollection", "inreference", "suppcollection"]
    switch (parent, child) {
    case ("mvbook", _) where child == "book" || bookParts.contains(child),
      ("mvcollection", _) where collections.contains(child), ("mvreference", _) where collections.contains(child),
      ("mvproceedings", "proceedings"), ("mvproceedings", "inproceedings"):
      return renamedTitle(name, prefix: "main")
    case ("book", _) where bookParts.contains(child),
      ("collection", _) where ["incollection", "inreference", "suppcollection"].contains(child),
      ("reference", _) where ["incollection", "inreference", "suppcollection"].contains(child),
      ("proceedings", "inproceedings"):
      return renamedTitle(name, prefix: "book")
    case ("periodical", "article"), ("periodical", "suppperiodical"):
      switch name {
      case "title": return ["journaltitle"]
      case "subtitle": return ["journalsubtitle"]
      case "shorttitle", "sorttitle", "indextitle", "indexsorttitle": return []
      default: return [name]
      }
    default:
      return [name]
    }
  }

  /// `title` → `<prefix>title` (and its subtitle and addon); short and sorting titles are not inherited.
  private static func renamedTitle(_ name: String, prefix: String) -> [String] {
    switch name {
    case "title", "subtitle", "titleaddon": return [prefix + name]
    case "shorttitle", "sorttitle", "indextitle", "indexsorttitle": return []
    default: return [name]
    }
  }

  /// Fields that describe the parent entry itself (biblatex never passes them on); Gloss adds `file`, so a chapter
  /// does not take its book's PDF as its own text.
  static let neverInherited: Set<String> = [
    "ids", "crossref", "xref", "xdata", "entryset", "entrysubtype", "execute", "label", "options", "presort",
    "related", "relatedoptions", "relatedstring", "relatedtype", "shorthand", "shorthandintro", "sortkey", "file",
  ]
}

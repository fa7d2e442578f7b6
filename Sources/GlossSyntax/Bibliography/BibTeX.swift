/// The BibTeX/BibLaTeX reader: entries, `@string` macros, comments and problems, as BibTeX reads them.
package enum BibTeX {
  /// The entries of a `.bib` file; unreadable parts become problems and the rest still loads.
  package static func parse(_ bytes: [UInt8]) -> Bibliography {
    var parser = BibTeXParser(bytes: bytes)
    parser.parseFile()
    let entries = parser.resolvedEntries()
    return Bibliography(entries: entries, problems: parser.problems)
  }

  /// The standard month macros of BibTeX's styles.
  static let monthMacros: [String: ArraySlice<UInt8>] = [
    "jan": "January", "feb": "February", "mar": "March", "apr": "April", "may": "May", "jun": "June",
    "jul": "July", "aug": "August", "sep": "September", "oct": "October", "nov": "November", "dec": "December",
  ].mapValues { Array($0.utf8)[...] }
}

/// What one note files in the workspace's reverse maps (cited keys, tags, link keys, labels, names, citekey,
/// bibliographies), found from its record.
///
/// The bulk load finds it on the core that parsed the note, so that the single thread merging the records into the
/// reverse maps only files it (docs/contributing/architecture.md, "Start-up"); an update finds it where it replaces
/// the note. Either way the maps receive the same members.
struct NoteContributions: Sendable {
  /// The note's path key (`PathUtilities.pathKey`), one of its names: made once, so that `notesByName` and
  /// `notesByPathKey` share its string.
  var pathKey: String
  /// The keys cited, exactly as written.
  var citedKeys: Set<String>
  /// Lowercased tag → number of uses.
  var tagCounts: [String: Int]
  /// The link keys (`w:` + wiki target, `p:` + path key) the note's links are looked up under.
  var linkKeys: Set<String>
  /// The identifiers of the note's labels.
  var labelIDs: Set<String>
  /// The lowercased names a wiki link can use for the note.
  var nameKeys: Set<String>
  /// The key its front matter's `citekey:` names.
  var citekey: String?
  /// The bibliographies its front matter names.
  var bibliographyPaths: Set<String>

  /// The contributions of `record`, whose path key is `pathKey`.
  init(_ record: NoteRecord, pathKey: String) {
    self.pathKey = pathKey
    citedKeys = record.citedKeys
    tagCounts = record.tagCounts
    linkKeys = record.linkKeys
    labelIDs = record.labelIDs
    nameKeys = record.nameKeys(pathKey: pathKey)
    citekey = record.citekey
    bibliographyPaths = Set(record.bibliographyPaths)
  }

  /// The contributions of `record`.
  init(_ record: NoteRecord) {
    self.init(record, pathKey: PathUtilities.pathKey(record.path))
  }
}

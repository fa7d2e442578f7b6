/// What Gloss knows of Zotero's database schema (`resource/schema/userdata.sql` in Zotero's repository) and of how
/// Zotero's own BibTeX export maps item types, fields and creator types: the tables of docs/zotero.md.
package enum ZoteroSchema {
  /// The newest `userdata` schema version Gloss was written against; a newer database is read as far as its tables
  /// are understood, and said once.
  package static let knownUserDataVersion = 125

  /// Zotero's item types and the BibTeX entry types its BibTeX export gives them; any other type is `misc`.
  static let bibTeXTypes: [String: String] = [
    "journalArticle": "article", "magazineArticle": "article", "newspaperArticle": "article",
    "book": "book", "bookSection": "incollection", "conferencePaper": "inproceedings", "thesis": "phdthesis",
    "report": "techreport", "manuscript": "unpublished", "patent": "patent", "dictionaryEntry": "inbook",
    "encyclopediaArticle": "inbook", "webpage": "online", "blogPost": "online", "forumPost": "online",
    "preprint": "misc", "dataset": "misc", "software": "software", "computerProgram": "software",
  ]

  /// The item types that are not citable items of their own: files, notes and annotations belong to an item.
  static let childTypes: Set<String> = ["attachment", "note", "annotation"]

  /// Fields giving the container's title, by item type (Zotero's base field `publicationTitle` and the type-specific
  /// fields mapped onto it).
  static let containerFields = [
    "publicationTitle", "bookTitle", "proceedingsTitle", "encyclopediaTitle", "dictionaryTitle", "websiteTitle",
    "blogTitle", "forumTitle", "programTitle", "seriesTitle",
  ]

  /// Fields giving the publisher (the base field `publisher` and the type-specific fields mapped onto it).
  static let publisherFields = [
    "publisher", "university", "institution", "label", "company", "distributor", "network", "studio",
    "repository", "archive",
  ]

  /// Fields giving the issue (the base field `number` and its type-specific fields).
  static let issueFields = ["issue", "number", "reportNumber", "billNumber", "docketNumber", "episodeNumber"]

  /// Creator types that make the item's authors (each item type's primary creator type).
  static let authorTypes: Set<String> = [
    "author", "artist", "director", "inventor", "programmer", "presenter", "podcaster", "interviewee",
    "cartographer", "performer", "sponsor", "composer", "castMember", "guest", "recipient",
  ]

  /// Creator types that make the item's editors.
  static let editorTypes: Set<String> = ["editor", "seriesEditor"]

  /// Zotero's annotation types (`Zotero.Annotations.ANNOTATION_TYPE_*`).
  static func annotationKind(_ type: Int64) -> ZoteroAnnotation.Kind? {
    switch type {
    case 1: .highlight
    case 2: .note
    case 3: .image
    case 4: .ink
    case 5: .underline
    case 6: .text
    default: nil
    }
  }

  /// Zotero's attachment link modes (`Zotero.Attachments.LINK_MODE_*`).
  enum LinkMode: Int64 {
    case importedFile = 0, importedURL = 1, linkedFile = 2, linkedURL = 3, embeddedImage = 4
  }
}

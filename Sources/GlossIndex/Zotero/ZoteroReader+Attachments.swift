import GlossSyntax

extension ZoteroReader {
  /// The attachments of each item by the item's ID, each with its annotations (in Zotero's sort order); attachments
  /// and annotations in the trash are left out.
  func attachmentsByParent(
    keysByID: [Int64: String], excluded: Set<Int64>, notices: inout [String]
  ) -> [Int64: [ZoteroAttachment]] {
    let annotations = annotationsByAttachment(keysByID: keysByID, excluded: excluded)
    var out: [Int64: [ZoteroAttachment]] = [:]
    var unplaced = 0
    let read = table("itemAttachments")
    let contentTypeColumn = read.column("contentType")
    let itemIDColumn = read.column("itemID")
    let linkModeColumn = read.column("linkMode")
    let mimeTypeColumn = read.column("mimeType")
    let parentItemIDColumn = read.column("parentItemID")
    let pathColumn = read.column("path")
    for row in read.rows {
      guard let id = itemIDColumn.int(row), !excluded.contains(id), let key = keysByID[id],
        let parent = parentItemIDColumn.int(row)
      else { continue }
      let mode = linkModeColumn.int(row).flatMap(ZoteroSchema.LinkMode.init(rawValue:))
      // Links to web pages and embedded images have no file of their own.
      guard mode != .linkedURL, mode != .embeddedImage else { continue }
      let stored = pathColumn.text(row) ?? ""
      let path = filePath(stored, attachmentKey: key, mode: mode)
      if path == nil, !stored.isEmpty { unplaced += 1 }
      let contentType = contentTypeColumn.text(row) ?? mimeTypeColumn.text(row) ?? ""
      out[parent, default: []].append(
        ZoteroAttachment(key: key, path: path, contentType: contentType, annotations: annotations[id] ?? []))
    }
    if unplaced > 0 {
      notices.append(
        "\(unplaced) Zotero attachment\(unplaced == 1 ? "" : "s") linked relative to Zotero's base folder cannot be"
          + " found: set 'zotero.baseDir' in '.gloss.json' to that folder")
    }
    return out
  }

  /// The absolute path of an attachment's file from Zotero's `path` column: `storage:<name>` is in the data folder's
  /// `storage/<KEY>/`, `attachments:<relative>` in the base folder, and a linked file's path is absolute; nil when
  /// it cannot be placed (no base folder, a Windows path).
  func filePath(_ stored: String, attachmentKey: String, mode: ZoteroSchema.LinkMode?) -> String? {
    if stored.hasPrefix("storage:") {
      let name = String(stored.dropFirst("storage:".count))
      guard !name.isEmpty, !name.contains("/"), name != "..", name != "." else { return nil }
      return dataDirectory + "/storage/" + attachmentKey + "/" + name
    }
    if stored.hasPrefix("attachments:") {
      guard let baseDirectory else { return nil }
      let relative = String(stored.dropFirst("attachments:".count))
      guard let normalized = PathUtilities.normalizeWithinRoot(relative) else { return nil }
      return baseDirectory + "/" + normalized
    }
    if stored.hasPrefix("/") { return stored }
    return nil
  }

  /// The annotations of each attachment by the attachment's ID, in Zotero's sort order.
  func annotationsByAttachment(keysByID: [Int64: String], excluded: Set<Int64>) -> [Int64: [ZoteroAnnotation]] {
    var out: [Int64: [ZoteroAnnotation]] = [:]
    let read = table("itemAnnotations")
    let colorColumn = read.column("color")
    let commentColumn = read.column("comment")
    let itemIDColumn = read.column("itemID")
    let pageLabelColumn = read.column("pageLabel")
    let parentItemIDColumn = read.column("parentItemID")
    let positionColumn = read.column("position")
    let sortIndexColumn = read.column("sortIndex")
    let textColumn = read.column("text")
    let typeColumn = read.column("type")
    for row in read.rows {
      guard let id = itemIDColumn.int(row), !excluded.contains(id), let key = keysByID[id],
        let parent = parentItemIDColumn.int(row), let kind = typeColumn.int(row).flatMap(ZoteroSchema.annotationKind)
      else { continue }
      out[parent, default: []].append(
        ZoteroAnnotation(
          key: key, kind: kind, text: textColumn.text(row) ?? "", comment: commentColumn.text(row) ?? "",
          color: colorColumn.text(row) ?? "", pageLabel: pageLabelColumn.text(row) ?? "",
          pageIndex: positionColumn.text(row).flatMap(Self.pageIndex), sortIndex: sortIndexColumn.text(row) ?? ""))
    }
    for (parent, list) in out {
      out[parent] = list.sorted { ($0.sortIndex, $0.key) < ($1.sortIndex, $1.key) }
    }
    return out
  }

  /// The `pageIndex` of an annotation's position (`{"pageIndex":3,"rects":[…]}`), or nil.
  static func pageIndex(_ position: String) -> Int? {
    let bytes = Array(position.utf8)
    let name = Array("\"pageIndex\"".utf8)
    guard bytes.count > name.count else { return nil }
    var index = 0
    while index + name.count <= bytes.count {
      if bytes[index] == name[0], Array(bytes[index..<index + name.count]) == name {
        var cursor = index + name.count
        while cursor < bytes.count, bytes[cursor] == 32 || bytes[cursor] == 58 || bytes[cursor] == 9 { cursor += 1 }
        var value = 0
        var digits = 0
        while cursor < bytes.count, bytes[cursor] >= 48, bytes[cursor] <= 57, digits < 9 {
          value = value * 10 + Int(bytes[cursor] - 48)
          digits += 1
          cursor += 1
        }
        return digits > 0 ? value : nil
      }
      index += 1
    }
    return nil
  }
}

import GlossSyntax

extension Workspace {
  /// `result` with the cross-reference labels seen from the note at `path` that start with `prefix` (its first
  /// letter in either case; `@Fig-` offers `Fig-elephant`): first when `prefix` already names a kind (`@fig-`), else
  /// after the sources. Each shows its kind and caption.
  func withLabels(_ result: CompletionResult, prefix: String, replace: Range<Int>, in path: String) -> CompletionResult
  {
    // Only notes with labels, or books, have any to offer: the common case costs one look-up.
    guard crossrefsSpanProject || notes[path]?.note.labels.isEmpty == false else { return result }
    let record = notes[path]
    let capital = prefix.first?.isUppercase ?? false
    let wanted = Self.labelID(ofKey: prefix).lowercased()
    var items: [CompletionCandidate] = []
    var seen: Set<String> = []
    for occurrence in visibleLabels(from: path) {
      let id = occurrence.label.id
      guard id.lowercased().hasPrefix(wanted), seen.insert(id).inserted,
        let kind = crossrefKind(ofKey: id, in: record)
      else { continue }
      let text = capital ? id.prefix(1).uppercased() + id.dropFirst() : id
      var detail = kind.name
      if let number = crossrefNumber(of: occurrence) { detail += " " + number }
      if !occurrence.label.caption.isEmpty { detail += ": " + occurrence.label.caption }
      items.append(
        CompletionCandidate(
          kind: .label, label: text, detail: detail, filterText: text + " " + occurrence.label.caption, newText: text,
          replaceRange: replace))
    }
    guard !items.isEmpty else { return result }
    var out = result
    let written = prefix.contains("-") || prefix.contains(":") ? prefix + "x" : prefix + "-x"
    if crossrefKind(ofKey: written, in: record) != nil {
      out.items.insert(contentsOf: items, at: 0)
    } else {
      out.items += items
    }
    if out.items.count > Self.completionLimit {
      out.items.removeLast(out.items.count - Self.completionLimit)
      out.isIncomplete = true
    }
    return out
  }
}

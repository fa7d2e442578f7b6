extension Workspace {
  /// HOOK for the quotation check: the Markdown paragraphs a citation hover shows about the quotations attributed to
  /// item `itemIndex` of citation `citationIndex` in the note at `path` ("quotation found at lines 40–41", "not found;
  /// closest passage …").
  ///
  /// Empty until the quotation check lands; the helper adding it fills in this function only.
  func quotationCheckLines(path: String, citationIndex: Int, itemIndex: Int) -> [String] {
    []
  }
}

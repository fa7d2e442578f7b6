import Foundation
import GlossIndex
import GlossSyntax
import LanguageServerProtocol
import Testing

@testable import GlossServer

@Suite struct WorkspaceChangeLSPTests {
  static let texts = [
    "notes/à.md": SourceText("Trí nhớ 🧠 [@smith2020]\n"),
    "refs.bib": SourceText("@book{smith2020,}\n"),
  ]

  static func context(encoding: PositionEncoding = .utf16) -> WorkspaceEditContext {
    WorkspaceEditContext(
      uri: { "file:///w/" + $0.replacingOccurrences(of: "à", with: "%C3%A0") },
      version: { $0.hasSuffix("%C3%A0.md") ? 7 : nil },
      text: { texts[$0] }, encoding: encoding)
  }

  static var change: WorkspaceChange {
    var change = WorkspaceChange()
    let note = Array("Trí nhớ 🧠 [@".utf8).count
    change.replace(note..<note + 9, in: "notes/à.md", with: "lê2021")
    change.replace(6..<15, in: "refs.bib", with: "lê2021")
    change.operations = [
      .rename(old: "sources/smith2020.md", new: "sources/lê2021.md"), .create(path: "n.md", contents: "x\n"),
    ]
    change.normalize()
    return change
  }

  @Test func documentChangesCreateThenEditThenRenameInUTF16() {
    let support = WorkspaceEditSupport(documentChanges: true, createFiles: true, renameFiles: true)
    let edit = Self.change.workspaceEdit(support: support, context: Self.context())
    let start = Position(line: 0, character: 0)
    // "Trí nhớ 🧠 [@" is 13 UTF-16 units (the emoji counts two).
    #expect(
      edit.documentChanges == [
        .createFile(
          CreateFile(uri: "file:///w/n.md", options: FileOperationOptions(overwrite: false, ignoreIfExists: false))),
        .textDocumentEdit(
          TextDocumentEdit(
            textDocument: OptionalVersionedTextDocumentIdentifier(uri: "file:///w/n.md", version: nil),
            edits: [TextEdit(range: LSPRange(at: start), newText: "x\n")])),
        .textDocumentEdit(
          TextDocumentEdit(
            textDocument: OptionalVersionedTextDocumentIdentifier(uri: "file:///w/notes/%C3%A0.md", version: 7),
            edits: [
              TextEdit(
                range: LSPRange(start: Position(line: 0, character: 13), end: Position(line: 0, character: 22)),
                newText: "lê2021")
            ])),
        .textDocumentEdit(
          TextDocumentEdit(
            textDocument: OptionalVersionedTextDocumentIdentifier(uri: "file:///w/refs.bib", version: nil),
            edits: [
              TextEdit(
                range: LSPRange(start: Position(line: 0, character: 6), end: Position(line: 0, character: 15)),
                newText: "lê2021")
            ])),
        .renameFile(
          RenameFile(
            oldUri: "file:///w/sources/smith2020.md", newUri: "file:///w/sources/lê2021.md",
            options: FileOperationOptions(overwrite: false, ignoreIfExists: false))),
      ])
    #expect(edit.changes == nil)
  }

  @Test func withoutDocumentChangesOnlyTextEditsRemain() {
    let support = WorkspaceEditSupport(ClientCapabilities())
    #expect(!support.canApply(Self.change))
    let edit = Self.change.workspaceEdit(support: support, context: Self.context(encoding: .utf8))
    #expect(edit.documentChanges == nil)
    #expect(
      edit.changes?["file:///w/notes/%C3%A0.md"] == [
        TextEdit(
          range: LSPRange(start: Position(line: 0, character: 18), end: Position(line: 0, character: 27)),
          newText: "lê2021")
      ])
    #expect(edit.changes?.count == 2)
  }

  @Test func supportIsReadFromTheCapabilities() {
    let capabilities = ClientCapabilities(
      workspace: .init(workspaceEdit: .init(documentChanges: true, resourceOperations: ["create"])))
    let support = WorkspaceEditSupport(capabilities)
    #expect(support == WorkspaceEditSupport(documentChanges: true, createFiles: true, renameFiles: false))
  }

  @Test func resourceOperationsAloneImplyDocumentChanges() {
    // Neovim 0.11 and 0.12 announce `resourceOperations` without `documentChanges`, which alone carries them.
    let capabilities = ClientCapabilities(
      workspace: .init(workspaceEdit: .init(resourceOperations: ["rename", "create"])))
    #expect(
      WorkspaceEditSupport(capabilities)
        == WorkspaceEditSupport(documentChanges: true, createFiles: true, renameFiles: true))
  }
}

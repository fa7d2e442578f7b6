import Foundation
import LanguageServerProtocol
import TestSupport
import Testing

@Suite struct JSONWriterTests {
  static let edit = WorkspaceEdit(
    changes: [
      "file:///a%20b.md": [TextEdit(range: LSPRange(at: Position(line: 3, character: 9)), newText: "x\"\\\n\t\u{1}y")]
    ],
    documentChanges: [
      .createFile(
        CreateFile(
          uri: "file:///n/m%E1%BB%9Bi.md", options: FileOperationOptions(overwrite: false, ignoreIfExists: true))),
      .textDocumentEdit(
        TextDocumentEdit(
          textDocument: OptionalVersionedTextDocumentIdentifier(uri: "file:///n/m%E1%BB%9Bi.md", version: nil),
          edits: [TextEdit(range: LSPRange(at: Position(line: 0, character: 0)), newText: "---\ntitle: Mới 🧠\n---\n")])),
      .textDocumentEdit(
        TextDocumentEdit(
          textDocument: OptionalVersionedTextDocumentIdentifier(uri: "file:///a.md", version: 12),
          edits: [
            TextEdit(
              range: LSPRange(start: Position(line: 1, character: 2), end: Position(line: 1, character: 11)),
              newText: "nguyễn2020"),
            TextEdit(range: LSPRange(at: Position(line: 4, character: 0)), newText: "a/b"),
          ])),
      .renameFile(
        RenameFile(oldUri: "file:///a.md", newUri: "file:///b.md", options: FileOperationOptions(overwrite: false))),
      .renameFile(RenameFile(oldUri: "file:///c.md", newUri: "file:///d.md")),
      .deleteFile(
        DeleteFile(uri: "file:///c.md", options: DeleteFileOptions(recursive: true, ignoreIfNotExists: true))),
    ])

  @Test func handWrittenEditMeansWhatTheEncoderWrites() throws {
    var writer = JSONWriter()
    Self.edit.write(to: &writer)
    let handWritten = String(decoding: writer.bytes, as: UTF8.self)
    #expect(parseJSON(handWritten) == parseJSON(jsonText(Self.edit)))
    #expect(decodeJSON(WorkspaceEdit.self, handWritten) == Self.edit)
  }

  @Test(arguments: [RequestID.number(7), .string("gl\"oss-1")])
  func responsesOfWritableResultsAreWrittenByHand(id: RequestID) throws {
    let fast = try JSONRPC.encodeResponse(id: id, result: Optional(Self.edit))
    let slow = try JSONRPC.encode(ResponseMessage(id: id, result: Optional(Self.edit)))
    #expect(parseJSON(String(decoding: fast, as: UTF8.self)) == parseJSON(String(decoding: slow, as: UTF8.self)))
  }

  @Test func aNilResultIsStillNull() throws {
    let body = try JSONRPC.encodeResponse(id: .number(1), result: WorkspaceEdit?.none)
    #expect(parseJSON(String(decoding: body, as: UTF8.self)) == parseJSON(#"{"jsonrpc":"2.0","id":1,"result":null}"#))
  }
}

@Suite struct JSONWriterStringTests {
  @Test func protocolStringsEscapeWhatTheExportsEscape() {
    var writer = JSONWriter()
    writer.string("a\u{2028}b\u{2029}\u{1}\"\\🦉")
    #expect(String(decoding: writer.bytes, as: UTF8.self) == #""a\u2028b\u2029\u0001\"\\🦉""#)
  }
}

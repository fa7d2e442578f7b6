import Foundation
import GlossServer
import LanguageServerProtocol
import TestSupport
import Testing

/// `workspace/diagnostic/refresh`: a pull client is asked to pull again when reports it holds go stale without
/// a request or an edit of its own (a file changed on disk, a `.bib` rewritten by Zotero).
@Suite struct DiagnosticRefreshTests {
  static let refreshMethod = "workspace/diagnostic/refresh"

  /// A pull client over `WorkspaceDiagnosticsTests.files` that holds every report, its requests cleared.
  private func pullingFixture(refreshSupport: Bool?) throws -> WorkspaceFixture {
    let fixture = WorkspaceFixture(files: WorkspaceDiagnosticsTests.files)
    var capabilities = ClientCapabilities(
      textDocument: ClientCapabilities.TextDocument(diagnostic: ClientCapabilities.DynamicRegistration()))
    capabilities.workspace = ClientCapabilities.Workspace()
    capabilities.workspace?.diagnostics = ClientCapabilities.RefreshSupport(refreshSupport: refreshSupport)
    try fixture.start(capabilities: capabilities)
    #expect(try fixture.client.send(WorkspaceDiagnosticRequest()).items.count == 4)
    fixture.client.clearCollected()
    return fixture
  }

  private func refreshCount(_ fixture: WorkspaceFixture) -> Int {
    fixture.client.serverRequests.count { $0.method == Self.refreshMethod }
  }

  @Test func aBibliographyRewrittenOnDiskAsksForOneRefreshAndThePullSeesTheChange() throws {
    let fixture = try pullingFixture(refreshSupport: true)
    let uri = fixture.uri("notes/trí nhớ.md")
    let before = try fixture.client.send(DocumentDiagnosticRequest(textDocument: TextDocumentIdentifier(uri: uri)))
    #expect(before.items?.compactMap(\.code) == [])
    fixture.fileSystem.setFile("/w/references.bib", "@book{lê2021, title = {Đà Lạt}, year = 2021}\n")
    fixture.tick()
    #expect(refreshCount(fixture) == 1)
    let after = try fixture.client.send(
      DocumentDiagnosticRequest(textDocument: TextDocumentIdentifier(uri: uri), previousResultId: before.resultId))
    #expect(after.kind == "full")
    #expect(after.items?.compactMap(\.code) == ["unknown-source"])
    // Nothing changed since: no second refresh.
    fixture.tick()
    #expect(refreshCount(fixture) == 1)
    #expect(fixture.published.isEmpty)
  }

  @Test func theClientsOwnEditsAskForNoRefresh() throws {
    let fixture = try pullingFixture(refreshSupport: true)
    fixture.open("notes/đường cong.md", "# Đường cong\n\nCites [@smith2020] 🦉.\n")
    fixture.replace("notes/đường cong.md", with: "# Đường cong\n\nCites [@ghost1999] 🦉.\n", version: 2)
    fixture.tick()
    #expect(refreshCount(fixture) == 0)
  }

  @Test(arguments: [false, nil] as [Bool?])
  func clientsWithoutRefreshSupportArePushedToInstead(refreshSupport: Bool?) throws {
    let fixture = WorkspaceFixture(files: WorkspaceDiagnosticsTests.files)
    var capabilities = ClientCapabilities(
      textDocument: ClientCapabilities.TextDocument(diagnostic: ClientCapabilities.DynamicRegistration()))
    capabilities.workspace = ClientCapabilities.Workspace()
    capabilities.workspace?.diagnostics = ClientCapabilities.RefreshSupport(refreshSupport: refreshSupport)
    try fixture.start(capabilities: capabilities)
    #expect(fixture.codes("notes/trí nhớ.md") == [])
    fixture.fileSystem.setFile("/w/references.bib", "")
    fixture.tick()
    #expect(refreshCount(fixture) == 0)
    #expect(fixture.codes("notes/trí nhớ.md") == ["unknown-source"])
  }

  @Test func theCapabilityIsReadFromWorkspaceDiagnostics() throws {
    let json = #"{"workspace":{"diagnostics":{"refreshSupport":true}},"textDocument":{"diagnostic":{}}}"#
    let capabilities = try JSONDecoder().decode(ClientCapabilities.self, from: Data(json.utf8))
    #expect(capabilities.workspace?.diagnostics?.refreshSupport == true)
  }
}

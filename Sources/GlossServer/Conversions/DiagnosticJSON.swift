package import GlossIndex
package import GlossSyntax
package import LanguageServerProtocol

#if canImport(FoundationEssentials)
  package import FoundationEssentials
#else
  package import Foundation
#endif

/// `textDocument/publishDiagnostics` bodies written by hand: 10,000 of them at start-up, where `JSONEncoder`'s
/// per-message cost would show (docs/benchmarks.md).
package enum DiagnosticJSON {
  /// The whole JSON-RPC notification publishing the index's `diagnostics` of `text` for `uri`, their ranges
  /// converted to `encoding`.
  package static func publishBody(
    uri: DocumentURI, version: Int?, diagnostics: [GlossIndex.Diagnostic], in text: SourceText,
    encoding: PositionEncoding
  ) -> Data {
    publishBody(
      uri: uri, version: version, diagnostics: diagnostics.map { $0.lspDiagnostic(in: text, encoding: encoding) })
  }

  /// The same for a released text, its ranges converted from its position table `table`.
  package static func publishBody(
    uri: DocumentURI, version: Int?, diagnostics: [GlossIndex.Diagnostic], in table: PositionTable,
    encoding: PositionEncoding
  ) -> Data {
    publishBody(
      uri: uri, version: version, diagnostics: diagnostics.map { $0.lspDiagnostic(in: table, encoding: encoding) })
  }

  /// The whole JSON-RPC notification publishing `diagnostics` (already in LSP terms) for `uri`.
  package static func publishBody(uri: DocumentURI, version: Int?, diagnostics: [LSPDiagnostic]) -> Data {
    var out: [UInt8] = []
    out.reserveCapacity(120 + uri.utf8.count + diagnostics.count * 160)
    out.append(contentsOf: publishPrefix)
    appendString(uri, to: &out)
    if let version {
      out.append(contentsOf: #","version":"#.utf8)
      appendInt(version, to: &out)
    }
    out.append(contentsOf: #","diagnostics":["#.utf8)
    for (index, diagnostic) in diagnostics.enumerated() {
      if index > 0 { out.append(UInt8(ascii: ",")) }
      appendDiagnostic(diagnostic, to: &out)
    }
    out.append(contentsOf: "]}}".utf8)
    return Data(out)
  }

  /// How every body `publishBody` writes begins, up to its URI.
  static let publishPrefix = Array(
    #"{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"uri":"#.utf8)

  /// The URI of a body `publishBody` wrote, as written there (JSON-escaped, with its quotes); nil for another body.
  package static func uri(ofPublishBody body: Data) -> String? {
    body.withUnsafeBytes { bytes -> String? in
      guard bytes.count > publishPrefix.count, bytes.starts(with: publishPrefix),
        bytes[publishPrefix.count] == UInt8(ascii: "\"")
      else { return nil }
      var index = publishPrefix.count + 1
      while index < bytes.count {
        switch bytes[index] {
        case UInt8(ascii: "\\"): index += 2
        case UInt8(ascii: "\""):
          return String(decoding: bytes[publishPrefix.count...index], as: UTF8.self)
        default: index += 1
        }
      }
      return nil
    }
  }

  /// One diagnostic object.
  static func appendDiagnostic(_ diagnostic: LSPDiagnostic, to out: inout [UInt8]) {
    out.append(contentsOf: #"{"range":{"start":{"line":"#.utf8)
    appendInt(diagnostic.range.start.line, to: &out)
    out.append(contentsOf: #","character":"#.utf8)
    appendInt(diagnostic.range.start.character, to: &out)
    out.append(contentsOf: #"},"end":{"line":"#.utf8)
    appendInt(diagnostic.range.end.line, to: &out)
    out.append(contentsOf: #","character":"#.utf8)
    appendInt(diagnostic.range.end.character, to: &out)
    out.append(contentsOf: #"}},"severity":"#.utf8)
    appendInt(diagnostic.severity?.rawValue ?? 1, to: &out)
    if let code = diagnostic.code {
      out.append(contentsOf: #","code":"#.utf8)
      appendString(code, to: &out)
    }
    out.append(contentsOf: #","source":"gloss","message":"#.utf8)
    appendString(diagnostic.message, to: &out)
    out.append(UInt8(ascii: "}"))
  }

  /// A JSON string literal, escaped as every hand-written JSON writer does (`JSONWriter.appendString`).
  static func appendString(_ string: String, to out: inout [UInt8]) {
    JSONWriter.appendString(string, to: &out)
  }

  /// A decimal integer (`JSONWriter.appendInt`).
  static func appendInt(_ value: Int, to out: inout [UInt8]) {
    JSONWriter.appendInt(value, to: &out)
  }
}

/// The LSP diagnostic type (the index has its own `Diagnostic`).
package typealias LSPDiagnostic = LanguageServerProtocol.Diagnostic

extension GlossIndex.Diagnostic {
  /// The LSP diagnostic, its range converted in `text` to `encoding`; `source` is `gloss`.
  func lspDiagnostic(in text: SourceText, encoding: PositionEncoding) -> LSPDiagnostic {
    LSPDiagnostic(
      range: text.lspRange(of: range, in: encoding), severity: severity.lspSeverity, code: code, source: "gloss",
      message: message)
  }
}

extension GlossIndex.Diagnostic {
  /// The same from the position table of a released text.
  func lspDiagnostic(in table: PositionTable, encoding: PositionEncoding) -> LSPDiagnostic {
    LSPDiagnostic(
      range: table.lspRange(of: range, in: encoding), severity: severity.lspSeverity, code: code, source: "gloss",
      message: message)
  }
}

extension GlossIndex.Diagnostic.Severity {
  /// The LSP severity.
  var lspSeverity: DiagnosticSeverity {
    switch self {
    case .error: .error
    case .warning: .warning
    case .info: .information
    case .hint: .hint
    }
  }
}

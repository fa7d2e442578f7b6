import Foundation
import GlossIndex
import GlossSyntax
import LanguageServerProtocol

/// `textDocument/publishDiagnostics` bodies written by hand: 10,000 of them at start-up, where `JSONEncoder`'s
/// per-message cost would show (bench NOTES §4.1).
enum DiagnosticJSON {
  /// The whole JSON-RPC notification publishing `diagnostics` (already in LSP terms) for `uri`.
  static func publishBody(uri: DocumentURI, version: Int?, diagnostics: [LSPDiagnostic]) -> Data {
    var out: [UInt8] = []
    out.reserveCapacity(120 + uri.utf8.count + diagnostics.count * 160)
    out.append(contentsOf: #"{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"uri":"#.utf8)
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

  /// A JSON string literal: quotes, backslashes and control characters escaped; other bytes (UTF-8) as they are.
  static func appendString(_ string: String, to out: inout [UInt8]) {
    out.append(UInt8(ascii: "\""))
    for byte in string.utf8 {
      switch byte {
      case UInt8(ascii: "\""): out.append(contentsOf: #"\""#.utf8)
      case UInt8(ascii: "\\"): out.append(contentsOf: #"\\"#.utf8)
      case 0x0A: out.append(contentsOf: #"\n"#.utf8)
      case 0x0D: out.append(contentsOf: #"\r"#.utf8)
      case 0x09: out.append(contentsOf: #"\t"#.utf8)
      case 0..<0x20:
        out.append(contentsOf: #"\u00"#.utf8)
        out.append(hexDigits[Int(byte >> 4)])
        out.append(hexDigits[Int(byte & 0x0F)])
      default: out.append(byte)
      }
    }
    out.append(UInt8(ascii: "\""))
  }

  /// A decimal integer.
  static func appendInt(_ value: Int, to out: inout [UInt8]) {
    if value < 0 {
      out.append(UInt8(ascii: "-"))
      appendInt(-value, to: &out)
      return
    }
    if value >= 10 { appendInt(value / 10, to: &out) }
    out.append(UInt8(ascii: "0") + UInt8(value % 10))
  }

  private static let hexDigits: [UInt8] = Array("0123456789abcdef".utf8)
}

/// The LSP diagnostic type (the index has its own `Diagnostic`).
typealias LSPDiagnostic = LanguageServerProtocol.Diagnostic

extension GlossIndex.Diagnostic {
  /// The LSP diagnostic, its range converted in `text` to `encoding`; `source` is `gloss`.
  func lspDiagnostic(in text: SourceText, encoding: PositionEncoding) -> LSPDiagnostic {
    LSPDiagnostic(
      range: text.lspRange(of: range, in: encoding), severity: severity.lspSeverity, code: code, source: "gloss",
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

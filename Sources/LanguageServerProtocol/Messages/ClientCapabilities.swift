/// The subset of the client's capabilities the server reads; each section is optional and read leniently.
package struct ClientCapabilities: Hashable, Sendable, Codable {
  /// General capabilities (position encodings).
  package var general: General?
  /// Workspace capabilities.
  package var workspace: Workspace?
  /// Window capabilities (progress, show document).
  package var window: Window?
  /// Text document capabilities.
  package var textDocument: TextDocument?
  /// Client-specific capabilities, as sent.
  package var experimental: JSONValue?

  /// Creates capabilities.
  package init(
    general: General? = nil, workspace: Workspace? = nil, window: Window? = nil, textDocument: TextDocument? = nil,
    experimental: JSONValue? = nil
  ) {
    self.general = general
    self.workspace = workspace
    self.window = window
    self.textDocument = textDocument
    self.experimental = experimental
  }

  private enum CodingKeys: String, CodingKey { case general, workspace, window, textDocument, experimental }

  package init(from decoder: any Decoder) throws {
    // A section of an unexpected shape is dropped rather than failing `initialize`.
    let container = try decoder.container(keyedBy: CodingKeys.self)
    general = try? container.decodeIfPresent(General.self, forKey: .general)
    workspace = try? container.decodeIfPresent(Workspace.self, forKey: .workspace)
    window = try? container.decodeIfPresent(Window.self, forKey: .window)
    textDocument = try? container.decodeIfPresent(TextDocument.self, forKey: .textDocument)
    experimental = try? container.decodeIfPresent(JSONValue.self, forKey: .experimental)
  }

  /// `general`: the position encodings the client accepts, most preferred first.
  package struct General: Hashable, Sendable, Codable {
    /// `utf-8`, `utf-16`, `utf-32` or others, in the client's order of preference.
    package var positionEncodings: [String]?

    /// Creates the section.
    package init(positionEncodings: [String]? = nil) { self.positionEncodings = positionEncodings }
  }

  /// `workspace`: folders, watched files, edits and file operations.
  package struct Workspace: Hashable, Sendable, Codable {
    /// Whether the client applies `workspace/applyEdit`.
    package var applyEdit: Bool?
    /// How the client applies workspace edits.
    package var workspaceEdit: WorkspaceEdit?
    /// Whether watchers may be registered dynamically.
    package var didChangeWatchedFiles: DynamicRegistration?
    /// Whether the client supports several workspace folders.
    package var workspaceFolders: Bool?
    /// Whether the client answers `workspace/configuration`.
    package var configuration: Bool?
    /// Which file operation notifications the client sends.
    package var fileOperations: FileOperations?

    /// Creates the section.
    package init(
      applyEdit: Bool? = nil, workspaceEdit: WorkspaceEdit? = nil, didChangeWatchedFiles: DynamicRegistration? = nil,
      workspaceFolders: Bool? = nil, configuration: Bool? = nil, fileOperations: FileOperations? = nil
    ) {
      self.applyEdit = applyEdit
      self.workspaceEdit = workspaceEdit
      self.didChangeWatchedFiles = didChangeWatchedFiles
      self.workspaceFolders = workspaceFolders
      self.configuration = configuration
      self.fileOperations = fileOperations
    }

    // Outline features (not in the init, so other features' fields can be added without touching these).
    /// Whether the client accepts `workspace/semanticTokens/refresh`.
    package var semanticTokens: RefreshSupport?
    /// Whether the client accepts `workspace/inlayHint/refresh`.
    package var inlayHint: RefreshSupport?
    /// Whether the client accepts `workspace/diagnostic/refresh`.
    package var diagnostics: RefreshSupport?
  }

  /// `workspace.workspaceEdit`: whether `documentChanges` and create/rename/delete operations are applied.
  package struct WorkspaceEdit: Hashable, Sendable, Codable {
    /// Whether the client accepts `documentChanges`.
    package var documentChanges: Bool?
    /// The resource operations (`create`, `rename`, `delete`) the client applies.
    package var resourceOperations: [String]?

    /// Creates the section.
    package init(documentChanges: Bool? = nil, resourceOperations: [String]? = nil) {
      self.documentChanges = documentChanges
      self.resourceOperations = resourceOperations
    }
  }

  /// `workspace.fileOperations`: which will/did create/rename/delete messages the client sends.
  package struct FileOperations: Hashable, Sendable, Codable {
    /// Whether registration is dynamic.
    package var dynamicRegistration: Bool?
    /// `workspace/didCreateFiles`.
    package var didCreate: Bool?
    /// `workspace/willRenameFiles`.
    package var willRename: Bool?
    /// `workspace/didRenameFiles`.
    package var didRename: Bool?
    /// `workspace/didDeleteFiles`.
    package var didDelete: Bool?

    /// Creates the section.
    package init(
      dynamicRegistration: Bool? = nil, didCreate: Bool? = nil, willRename: Bool? = nil, didRename: Bool? = nil,
      didDelete: Bool? = nil
    ) {
      self.dynamicRegistration = dynamicRegistration
      self.didCreate = didCreate
      self.willRename = willRename
      self.didRename = didRename
      self.didDelete = didDelete
    }
  }

  /// A capability that may be registered dynamically.
  package struct DynamicRegistration: Hashable, Sendable, Codable {
    /// Whether the server may register it with `client/registerCapability`.
    package var dynamicRegistration: Bool?
    /// Whether glob patterns relative to a base URI are supported (watched files).
    package var relativePatternSupport: Bool?

    /// Creates the section.
    package init(dynamicRegistration: Bool? = nil, relativePatternSupport: Bool? = nil) {
      self.dynamicRegistration = dynamicRegistration
      self.relativePatternSupport = relativePatternSupport
    }
  }

  /// `window`: progress and show-document support.
  package struct Window: Hashable, Sendable, Codable {
    /// Whether the client shows server-initiated work-done progress.
    package var workDoneProgress: Bool?
    /// Whether the client answers `window/showDocument`.
    package var showDocument: ShowDocument?

    /// Creates the section.
    package init(workDoneProgress: Bool? = nil, showDocument: ShowDocument? = nil) {
      self.workDoneProgress = workDoneProgress
      self.showDocument = showDocument
    }
  }

  /// `window.showDocument`.
  package struct ShowDocument: Hashable, Sendable, Codable {
    /// Whether `window/showDocument` is supported.
    package var support: Bool

    /// Creates the section.
    package init(support: Bool) { self.support = support }
  }

  /// `textDocument`: per-feature capabilities the server reads.
  package struct TextDocument: Hashable, Sendable, Codable {
    /// Pull diagnostics (`textDocument/diagnostic`); present when the client supports them.
    package var diagnostic: DynamicRegistration?
    /// Push diagnostics details.
    package var publishDiagnostics: PublishDiagnostics?
    /// Completion details.
    package var completion: Completion?
    /// Hover details.
    package var hover: Hover?
    /// Rename details.
    package var rename: Rename?

    /// Creates the section.
    package init(
      diagnostic: DynamicRegistration? = nil, publishDiagnostics: PublishDiagnostics? = nil,
      completion: Completion? = nil, hover: Hover? = nil, rename: Rename? = nil
    ) {
      self.diagnostic = diagnostic
      self.publishDiagnostics = publishDiagnostics
      self.completion = completion
      self.hover = hover
      self.rename = rename
    }

    // Outline features (not in the init, so other features' fields can be added without touching these).
    /// Document symbol details.
    package var documentSymbol: DocumentSymbolSupport?
  }

  /// `textDocument.publishDiagnostics`.
  package struct PublishDiagnostics: Hashable, Sendable, Codable {
    /// Whether `relatedInformation` is shown.
    package var relatedInformation: Bool?
    /// Whether `version` is read.
    package var versionSupport: Bool?

    /// Creates the section.
    package init(relatedInformation: Bool? = nil, versionSupport: Bool? = nil) {
      self.relatedInformation = relatedInformation
      self.versionSupport = versionSupport
    }
  }

  /// `textDocument.completion`.
  package struct Completion: Hashable, Sendable, Codable {
    /// Item-level details.
    package var completionItem: CompletionItem?

    /// Creates the section.
    package init(completionItem: CompletionItem? = nil) { self.completionItem = completionItem }
  }

  /// `textDocument.completion.completionItem`.
  package struct CompletionItem: Hashable, Sendable, Codable {
    /// Whether snippets are expanded.
    package var snippetSupport: Bool?
    /// The documentation formats accepted (`markdown`, `plaintext`).
    package var documentationFormat: [String]?
    /// Which properties may be filled in `completionItem/resolve`.
    package var resolveSupport: ResolveSupport?

    /// Creates the section.
    package init(
      snippetSupport: Bool? = nil, documentationFormat: [String]? = nil, resolveSupport: ResolveSupport? = nil
    ) {
      self.snippetSupport = snippetSupport
      self.documentationFormat = documentationFormat
      self.resolveSupport = resolveSupport
    }
  }

  /// `…completionItem.resolveSupport`.
  package struct ResolveSupport: Hashable, Sendable, Codable {
    /// The properties resolved lazily.
    package var properties: [String]

    /// Creates the section.
    package init(properties: [String]) { self.properties = properties }
  }

  /// `textDocument.hover`.
  package struct Hover: Hashable, Sendable, Codable {
    /// The content formats accepted, preferred first.
    package var contentFormat: [String]?

    /// Creates the section.
    package init(contentFormat: [String]? = nil) { self.contentFormat = contentFormat }
  }

  /// `textDocument.rename`.
  package struct Rename: Hashable, Sendable, Codable {
    /// Whether `textDocument/prepareRename` is sent.
    package var prepareSupport: Bool?

    /// Creates the section.
    package init(prepareSupport: Bool? = nil) { self.prepareSupport = prepareSupport }
  }
}

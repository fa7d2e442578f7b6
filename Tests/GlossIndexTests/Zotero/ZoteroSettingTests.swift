import GlossIndex
import GlossSyntax
import Testing

/// The `zotero` key of `.gloss.json`: on by default, off with `false`, a data folder and a base folder.
@Suite struct ZoteroSettingTests {
  func parsed(_ json: String) -> (ZoteroSetting, [String]) {
    let (config, problems) = WorkspaceConfig.parse(Array(json.utf8))
    return (config.zotero, problems.map(\.message))
  }

  @Test func theDefaultReadsZoterosUsualFolder() {
    #expect(parsed("{}").0 == ZoteroSetting())
    #expect(parsed("{}").0.isEnabled)
    #expect(parsed("{}").0.dataDir == nil)
  }

  @Test func falseTurnsItOffAndAFolderOrAnObjectNamesTheFolders() {
    #expect(parsed(#"{"zotero": false}"#).0 == ZoteroSetting(isEnabled: false))
    #expect(parsed(#"{"zotero": "~/Sync/Zotero"}"#).0 == ZoteroSetting(dataDir: "~/Sync/Zotero"))
    #expect(
      parsed(#"{"zotero": {"dataDir": "~/Zotero", "baseDir": "/papers"}}"#).0
        == ZoteroSetting(dataDir: "~/Zotero", baseDir: "/papers"))
  }

  @Test func aValueOfTheWrongKindIsAProblemOnTheKey() {
    #expect(
      parsed(#"{"zotero": 3}"#).1 == [
        "'zotero' must be true, false, a folder or an object with 'dataDir' and 'baseDir', found a number"
      ])
    #expect(parsed(#"{"zotero": {"dataDir": 1}}"#).1 == ["'zotero.dataDir' must be a folder, found a number"])
  }
}

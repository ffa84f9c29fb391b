import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"

// The public surface: an accidental export (or a lost one) shows up here in review.
describe("package exports", () => {
  it("only the documented entry points are importable", () => {
    const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
      exports: Record<string, string>
    }
    expect(Object.keys(pkg.exports)).toEqual([
      ".",
      "./react",
      "./react/styles.css",
      "./testing",
      "./networks",
      "./package.json"
    ])
  })

  it("airlock exports the client, errors, state types' runtime helpers and anatomy", async () => {
    const core = await import("airlock")
    expect(Object.keys(core).sort()).toMatchInlineSnapshot(`
      [
        "AccountDataError",
        "AirlockError",
        "AlertError",
        "ChainError",
        "ConnectionError",
        "EmailError",
        "FrameError",
        "NameError",
        "OptionsError",
        "ReasonError",
        "RpcError",
        "SendError",
        "SiwxError",
        "VIEWS",
        "actionNotAllowedText",
        "alertCodeFromServerMessage",
        "alertCodes",
        "alerts",
        "canGoBack",
        "createAirlock",
        "defaultThemeVariables",
        "docsBaseUrl",
        "getBackButtonProps",
        "getCloseButtonProps",
        "getDialogProps",
        "getModalIds",
        "getTabForKey",
        "getTabListProps",
        "getTabPanelProps",
        "getTabProps",
        "getTitleProps",
        "getWalletItemProps",
        "getWalletListProps",
        "selectConnectView",
        "selectConnectorStatus",
      ]
    `)
  })

  it("airlock/testing exports the test client and the memory layers", async () => {
    const testing = await import("airlock/testing")
    expect(Object.keys(testing).sort()).toMatchInlineSnapshot(`
      [
        "ActiveNetwork",
        "Analytics",
        "BlockchainApi",
        "Platform",
        "StateStore",
        "Storage",
        "StorageKeys",
        "WalletApi",
        "createTestAirlock",
      ]
    `)
  })
})

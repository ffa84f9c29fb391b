import { describe, expect, test } from "vitest"
import { dialogTitle } from "../../../core/anatomy/dialog.ts"
import { en } from "../../../core/i18n/en/index.ts"
import { initial } from "../../../core/router/state.ts"
import { VIEWS } from "../../../core/router/views.ts"

describe("view titles", () => {
  test("no view shows its internal name split into words ('Connecting Wallet Connect Basic')", () => {
    for (const view of VIEWS) {
      const internal = view.replace(/([a-z])([A-Z])/g, "$1 $2")
      const title = dialogTitle({ view, data: {} }, en)
      expect(title.length).toBeGreaterThan(0)
      // Two-word names read fine ("All Wallets"); longer ones are internal jargon and need a real title.
      if (internal.split(" ").length >= 3) expect(title, view).not.toBe(internal)
    }
  })

  test("a wallet's connecting view is titled with the wallet's name", () => {
    const data = { ...initial.data, ConnectingExternal: { connectorId: "io.metamask", walletName: "MetaMask" } }
    expect(dialogTitle({ view: "ConnectingExternal", data }, en)).toBe("MetaMask")
  })
})

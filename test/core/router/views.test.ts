import { assert, describe, it } from "@effect/vitest"
import { isView, isViewEnabled, VIEW_FEATURE, VIEWS, type View } from "../../../core/router/views.ts"

const SPEC_VIEWS: ReadonlyArray<View> = [
  "Connect",
  "Account",
  "AllWallets",
  "ConnectingWalletConnect",
  "ConnectingWalletConnectBasic",
  "ConnectingExternal",
  "ConnectingFarcaster",
  "EmailLogin",
  "UpdateEmailWallet",
  "ProfileWallets",
  "SwitchNetwork",
  "SwitchActiveChain",
  "UnsupportedChain",
  "RegisterAccountName",
  "RegisterAccountNameSuccess",
  "DataCapture",
  "SIWXSignMessage",
  "ApproveTransaction",
  "Swap"
]

describe("views", () => {
  it("every view SPEC §2 names exists", () => {
    for (const view of SPEC_VIEWS) assert.include(VIEWS, view)
  })

  it("isView accepts view names and refuses anything else", () => {
    assert.isTrue(isView("SIWXSignMessage"))
    assert.isFalse(isView("Settings"))
    assert.isFalse(isView(42))
  })

  it("feature views load only when their feature is on", () => {
    const gated: ReadonlyArray<readonly [View, string]> = [
      ["EmailLogin", "email"],
      ["UpdateEmailWallet", "email"],
      ["ConnectingFarcaster", "socials"],
      ["ConnectingSocial", "socials"],
      ["Swap", "swaps"],
      ["Send", "send"],
      ["Receive", "receive"],
      ["Onramp", "onramp"],
      ["Activity", "activity"],
      ["Pay", "pay"],
      ["DataCapture", "emailCapture"]
    ]
    for (const [view, feature] of gated) {
      assert.strictEqual(VIEW_FEATURE[view], feature)
      assert.isFalse(isViewEnabled(view, { [feature]: false }), `${view} with ${feature} off`)
      assert.isFalse(isViewEnabled(view, {}), `${view} with ${feature} missing`)
      assert.isTrue(isViewEnabled(view, { [feature]: true }), `${view} with ${feature} on`)
    }
  })

  it("a provider-list feature is on only when the list is not empty", () => {
    assert.isTrue(isViewEnabled("Swap", { swaps: ["1inch"] }))
    assert.isFalse(isViewEnabled("Swap", { swaps: [] }))
    assert.isTrue(isViewEnabled("ConnectingFarcaster", { socials: ["farcaster"] }))
  })

  it("views outside the feature list are always enabled", () => {
    for (const view of ["Connect", "Account", "AllWallets", "SIWXSignMessage", "ApproveTransaction"] as const) {
      assert.isTrue(isViewEnabled(view, {}))
    }
  })
})

import { assert, describe, it } from "@effect/vitest"
import { getViewParams, initial, push, replace, reset } from "../../../core/router/state.ts"

describe("router stack", () => {
  it("the modal starts closed on Connect", () => {
    assert.deepStrictEqual(initial, {
      open: false,
      view: "Connect",
      history: ["Connect"],
      data: {},
      transition: "next"
    })
  })

  it("push shows the view on top of the stack with transition next", () => {
    const state = push({ ...initial, transition: "prev" }, "AllWallets")
    assert.deepStrictEqual(
      [state.view, state.history, state.transition],
      ["AllWallets", ["Connect", "AllWallets"], "next"]
    )
  })

  it("pushing the view already shown does not stack it twice but updates its parameters", () => {
    const once = push(initial, "ConnectingExternal", { connectorId: "io.metamask" })
    const twice = push(once, "ConnectingExternal", { connectorId: "io.rabby" })
    assert.deepStrictEqual(twice.history, ["Connect", "ConnectingExternal"])
    assert.deepStrictEqual(getViewParams(twice, "ConnectingExternal"), { connectorId: "io.rabby" })
  })

  it("pushing a view without parameters forgets the ones it had before", () => {
    const withParams = push(initial, "ConnectingWalletConnect", { walletId: "rainbow" })
    const again = push(push(withParams, "AllWallets"), "ConnectingWalletConnect")
    assert.isUndefined(getViewParams(again, "ConnectingWalletConnect"))
  })

  it("replace swaps the top view, e.g. ProfileWallets after a login succeeds", () => {
    const state = replace(push(push(initial, "AllWallets"), "EmailLogin"), "ProfileWallets")
    assert.deepStrictEqual(state.history, ["Connect", "AllWallets", "ProfileWallets"])
    assert.strictEqual(state.view, "ProfileWallets")
  })

  it("reset keeps the open flag and leaves one view on the stack", () => {
    const state = reset({ ...push(initial, "AllWallets"), open: true }, "Account")
    assert.deepStrictEqual([state.open, state.view, state.history], [true, "Account", ["Account"]])
  })

  it("reset forgets the parameters of the old stack", () => {
    const state = reset(push(initial, "SwitchNetwork", { caipNetworkId: "eip155:1" }), "Connect")
    assert.deepStrictEqual(state.data, {})
  })
})

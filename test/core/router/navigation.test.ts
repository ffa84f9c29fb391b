import { assert, describe, it } from "@effect/vitest"
import { close, goBack, open, type RouterContext } from "../../../core/router/navigation.ts"
import { initial, push, type RouterState } from "../../../core/router/state.ts"

const desktop: RouterContext = {
  isConnected: false,
  hasAdapters: true,
  manualControl: false,
  isMobile: false,
  embedded: false,
  activeNamespace: "eip155"
}
const connected: RouterContext = { ...desktop, isConnected: true }

/** An open modal showing `views` stacked on Connect. */
const openOn = (...views: ReadonlyArray<Parameters<typeof push>[1]>): RouterState =>
  views.reduce<RouterState>((state, view) => push(state, view), { ...initial, open: true })

describe("opening the modal", () => {
  it("opening for another namespace first asks to switch to that namespace", () => {
    const { state, effects } = open(initial, desktop, { namespace: "solana" })
    assert.deepStrictEqual(effects, [{ _tag: "SwitchNamespace", namespace: "solana" }])
    assert.isTrue(state.open)
    assert.strictEqual(state.view, "Connect")
  })

  it("opening for the active namespace switches nothing", () => {
    assert.deepStrictEqual(open(initial, desktop, { namespace: "eip155" }).effects, [])
  })

  it("with no adapters and nothing connected, desktop shows ConnectingWalletConnectBasic", () => {
    const { state } = open(initial, { ...desktop, hasAdapters: false }, { view: "Account" })
    assert.strictEqual(state.view, "ConnectingWalletConnectBasic")
    assert.deepStrictEqual(state.history, ["ConnectingWalletConnectBasic"])
  })

  it("with no adapters and nothing connected, mobile shows AllWallets", () => {
    assert.strictEqual(open(initial, { ...desktop, hasAdapters: false, isMobile: true }).state.view, "AllWallets")
  })

  it("with manual connection control, desktop shows ConnectingWalletConnectBasic even when connected", () => {
    assert.strictEqual(open(initial, { ...connected, manualControl: true }).state.view, "ConnectingWalletConnectBasic")
  })

  it("with manual connection control, mobile shows AllWallets", () => {
    assert.strictEqual(open(initial, { ...desktop, manualControl: true, isMobile: true }).state.view, "AllWallets")
  })

  it("with no adapters but a connected address, the connected user still sees Account", () => {
    assert.strictEqual(open(initial, { ...connected, hasAdapters: false }).state.view, "Account")
  })

  it("a requested view is shown, with its parameters", () => {
    const { state } = open(initial, connected, { view: "SwitchNetwork", params: { caipNetworkId: "eip155:8453" } })
    assert.strictEqual(state.view, "SwitchNetwork")
    assert.deepStrictEqual(state.history, ["SwitchNetwork"])
    assert.deepStrictEqual(state.data.SwitchNetwork, { caipNetworkId: "eip155:8453" })
  })

  it("without a requested view, a connected user sees Account", () => {
    assert.strictEqual(open(initial, connected).state.view, "Account")
  })

  it("without a requested view, a visitor who is not connected sees Connect", () => {
    const { state, effects } = open(initial, desktop)
    assert.deepStrictEqual([state.open, state.view, effects], [true, "Connect", []])
  })

  it("opening restarts the stack at the shown view", () => {
    assert.deepStrictEqual(open(openOn("AllWallets", "ConnectingExternal"), connected).state.history, ["Account"])
  })
})

describe("closing the modal", () => {
  it("closing resets the stack to Connect and hides the modal", () => {
    const { state } = close(openOn("AllWallets", "ConnectingWalletConnect"), connected)
    assert.deepStrictEqual([state.open, state.view, state.history], [false, "Connect", ["Connect"]])
    assert.deepStrictEqual(state.data, {})
  })

  it("in embedded mode closing never hides the modal and shows Account when connected", () => {
    const { state } = close(openOn("Networks"), { ...connected, embedded: true })
    assert.deepStrictEqual([state.open, state.view, state.history], [true, "Account", ["Account"]])
  })

  it("in embedded mode closing shows Connect when not connected", () => {
    const { state } = close(openOn("AllWallets"), { ...desktop, embedded: true })
    assert.deepStrictEqual([state.open, state.view], [true, "Connect"])
  })

  it("closing the Farcaster view while not connected clears its url and reloads the auth connector after 100 ms", () => {
    assert.deepStrictEqual(close(openOn("ConnectingFarcaster"), desktop).effects, [
      { _tag: "ClearFarcasterUrl" },
      { _tag: "ReloadAuthConnector", delayMs: 100 }
    ])
  })
})

describe("going back", () => {
  it("back pops the history and shows the view below with transition prev", () => {
    const { state, effects } = goBack(openOn("AllWallets", "ConnectingWalletConnect"), desktop)
    assert.deepStrictEqual(
      [state.view, state.history, state.transition],
      ["AllWallets", ["Connect", "AllWallets"], "prev"]
    )
    assert.isTrue(state.open)
    assert.deepStrictEqual(effects, [])
  })

  it("back to Connect while connected shows Account instead", () => {
    const { state } = goBack(openOn("Networks"), connected)
    assert.strictEqual(state.view, "Account")
    assert.deepStrictEqual(state.history, ["Account"])
  })

  it("back with no history left closes the modal", () => {
    const { state } = goBack({ ...initial, open: true }, desktop)
    assert.deepStrictEqual([state.open, state.view], [false, "Connect"])
  })

  it("back with no history left in embedded mode keeps the modal shown", () => {
    const { state } = goBack(
      { ...initial, open: true, view: "Account", history: ["Account"] },
      {
        ...connected,
        embedded: true
      }
    )
    assert.deepStrictEqual([state.open, state.view], [true, "Account"])
  })

  it("leaving ConnectingFarcaster while not connected clears the Farcaster url and reloads the auth connector after 100 ms", () => {
    const { state, effects } = goBack(openOn("ConnectingFarcaster"), desktop)
    assert.strictEqual(state.view, "Connect")
    assert.deepStrictEqual(effects, [{ _tag: "ClearFarcasterUrl" }, { _tag: "ReloadAuthConnector", delayMs: 100 }])
  })

  it("leaving ConnectingFarcaster once connected needs no reload", () => {
    assert.deepStrictEqual(goBack(openOn("ConnectingFarcaster"), connected).effects, [])
  })

  it("going back keeps the parameters of the view returned to", () => {
    const state = push(push({ ...initial, open: true }, "SwitchNetwork", { caipNetworkId: "eip155:10" }), "Account")
    const back = goBack(state, connected).state
    assert.deepStrictEqual(back.data.SwitchNetwork, { caipNetworkId: "eip155:10" })
  })
})

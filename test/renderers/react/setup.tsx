import { frameLoop, Globals as SharedGlobals } from "@react-spring/shared"
import { Globals } from "@react-spring/web"
import axe from "axe-core"
import type { ReactNode } from "react"
import { afterEach } from "vitest"
import { render } from "vitest-browser-react"
import "../../../renderers/react/theme/styles.css"
import type { AirlockAdapter } from "../../../core/adapter/AirlockAdapter.ts"
import type { AirlockClient } from "../../../core/client/types.ts"
import type { Connector } from "../../../core/schema/connector.ts"
import type { CaipAddress } from "../../../core/schema/network.ts"
import type { AirlockState } from "../../../core/state/AirlockState.ts"
import { createTestAirlock, type TestAirlockClient, type TestAirlockOptions } from "../../../core/testing/index.ts"
import { AirlockProvider, ConnectButton } from "../../../renderers/react/index.ts"

/** Animations finish at once, so tests never see (or wait for) a half-faded view. */
export const skipAnimations = (skip = true) => Globals.assign({ skipAnimation: skip })

const clients: AirlockClient[] = []
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.destroy()))
})

/** Options of {@link renderAirlock}: the test client's options plus a state to put it in once it is ready. */
export interface RenderAirlockOptions extends TestAirlockOptions {
  /** Applied with `setState` after `ready`, so initialisation does not overwrite it. */
  readonly state?: ((state: AirlockState) => AirlockState) | undefined
}

/**
 * The real client on memory layers (`airlock-kit/testing`, an EVM adapter so the modal opens on Connect), ready and in
 * the given state, with a provider, a ConnectButton and `extra` rendered around it; returns the client and button.
 */
export const renderAirlock = async (
  options: RenderAirlockOptions = {},
  extra: ReactNode = null
): Promise<{ client: TestAirlockClient; button: HTMLButtonElement }> => {
  const { state, ...rest } = options
  const client = await readyAirlock(rest)
  if (state !== undefined) client.setState(state)
  const screen = await render(
    <AirlockProvider client={client}>
      <ConnectButton />
      {extra}
    </AirlockProvider>
  )
  const button = screen.container.querySelector("button.airlock-button") as HTMLButtonElement
  return { client, button }
}

/** `walletConnect()`'s connector, listed without its SDK: the registry's wallets and All Wallets need it to show. */
export const walletConnectConnector = {
  id: "walletConnect",
  type: "WALLET_CONNECT",
  name: "WalletConnect",
  chain: "eip155"
} as const satisfies Connector

/** An EVM adapter that lists {@link walletConnectConnector}, for tests of the registry's wallets. */
export const walletConnectListed: AirlockAdapter = {
  namespace: "eip155",
  watchConnectors: (onChange) => {
    onChange([walletConnectConnector])
    return () => {}
  }
}

/** A ready test client (EVM adapter, light theme unless told), destroyed after the test. */
export const readyAirlock = async (options: TestAirlockOptions = {}): Promise<TestAirlockClient> => {
  const client = createTestAirlock({ adapters: [{ namespace: "eip155" }], themeMode: "light", ...options })
  clients.push(client)
  await client.ready
  return client
}

/** The `eip155` account, connected with `address` on mainnet. */
export const connectedTo =
  (address: string) =>
  (state: AirlockState): AirlockState => ({
    ...state,
    accounts: {
      ...state.accounts,
      eip155: {
        ...state.accounts.eip155,
        status: "connected",
        address,
        caipAddress: `eip155:1:${address}` as CaipAddress
      }
    }
  })

const frame = () => new Promise<void>((resolve) => requestAnimationFrame(() => resolve()))

// The renderer's views, title and height are react-spring springs: JavaScript writing inline styles on each frame, not
// in `document.getAnimations()`. The frame loop that runs them is @react-spring/shared's; a second copy of it (a
// package optimised apart from @react-spring/web) would be idle for ever and `settled` a no-op, hence this check.
if (Globals !== SharedGlobals) throw new Error("setup.tsx: @react-spring/shared is not the copy @react-spring/web runs")

/** What still moves under `root`: finite CSS animations and transitions (a spinner turns for ever), running springs. */
const moving = (root: Document | Element): string[] => {
  const animations = root instanceof Document ? root.getAnimations() : root.getAnimations({ subtree: true })
  const css = animations
    .filter((animation) => animation.playState === "running" || animation.pending)
    .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
    .map((animation) => `${animation.constructor.name} ${(animation as CSSAnimation).animationName ?? ""}`.trim())
  return frameLoop.idle ? css : [...css, "react-spring"]
}

/**
 * Resolves once nothing moves on the page: no finite CSS animation or transition under `root` (the whole document by
 * default) and no react-spring animation (view slide-in, title fade, height), for two frames in a row, so layout and
 * the ResizeObserver callbacks of the last frame (the view's height, the social row's columns) and what they start
 * are done too. Every axe, visual or layout check calls it first: a view still fading in is measured at its passing
 * opacity and fails colour contrast, a card still growing has its rows elsewhere, which a user never sees settled.
 * Waits for the animations' real end (with `skipAnimations()` springs end at once); rejects, naming what still moves,
 * after `timeout` ms.
 */
export const settled = async (root: Document | Element = document, timeout = 4000): Promise<void> => {
  const deadline = performance.now() + timeout
  let quiet = 0
  while (quiet < 2) {
    await frame()
    const left = moving(root)
    if (left.length === 0) {
      quiet += 1
      continue
    }
    quiet = 0
    if (performance.now() > deadline) throw new Error(`settled: still moving after ${timeout} ms: ${left.join(", ")}`)
    const ending = (root instanceof Document ? root.getAnimations() : root.getAnimations({ subtree: true })).filter(
      (animation) => animation.playState === "running" && animation.effect?.getComputedTiming().endTime !== Infinity
    )
    await Promise.race([
      Promise.all(ending.map((animation) => animation.finished.catch(() => undefined))),
      new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - performance.now())))
    ])
  }
}

/** axe over `context` once the page is {@link settled}: a text still fading in fails colour contrast. */
export const axeWhenSettled = async (context: axe.ElementContext = document): Promise<axe.AxeResults> => {
  await settled()
  return axe.run(context)
}

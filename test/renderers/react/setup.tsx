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

/**
 * axe over `context` once every CSS transition and finite animation on the page has finished: a text still fading in is
 * measured at its passing opacity and fails colour contrast, which a user never sees settled.
 */
export const axeWhenSettled = async (context: axe.ElementContext = document): Promise<axe.AxeResults> => {
  // Finite ones only: a spinner turns for ever.
  const ending = document
    .getAnimations()
    .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
  await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)))
  return axe.run(context)
}

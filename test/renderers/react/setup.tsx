import { Globals } from "@react-spring/web"
import type { ReactNode } from "react"
import { afterEach } from "vitest"
import { render } from "vitest-browser-react"
import "../../../renderers/react/theme/styles.css"
import type { AirlockClient } from "../../../core/client/types.ts"
import { createTestAirlock, type TestAirlockOptions } from "../../../core/testing/index.ts"
import { AirlockProvider, ConnectButton } from "../../../renderers/react/index.ts"
import { createFakeAirlock, type FakeAirlock, type FakeAirlockOptions } from "../../fixtures/fakeAirlock.ts"

/** Animations finish at once, so tests never see (or wait for) a half-faded view. */
export const skipAnimations = (skip = true) => Globals.assign({ skipAnimation: skip })

const clients: AirlockClient[] = []
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.destroy()))
})

/** Renders a provider around `client` with a ConnectButton and `extra`; returns the button. */
export const renderWith = async <C extends AirlockClient>(client: C, extra: ReactNode = null) => {
  clients.push(client)
  const screen = await render(
    <AirlockProvider client={client}>
      <ConnectButton />
      {extra}
    </AirlockProvider>
  )
  const button = screen.container.querySelector("button.airlock-button") as HTMLButtonElement
  return { client, button }
}

/** The real client on memory layers (`airlock/testing`), with an EVM adapter so the modal opens on Connect. */
export const renderTestAirlock = async (options: TestAirlockOptions = {}, extra: ReactNode = null) => {
  const client = createTestAirlock({ adapters: [{ namespace: "eip155" }], ...options })
  await client.ready
  return renderWith(client, extra)
}

/**
 * A stand-in client whose store a test writes directly: for states the real client only reaches through wallets
 * and services (a connected account, wallet lists, a snack message).
 */
export const renderAirlock = async (
  options: FakeAirlockOptions = {},
  extra: ReactNode = null
): Promise<{ client: FakeAirlock; button: HTMLButtonElement }> => renderWith(createFakeAirlock(options), extra)

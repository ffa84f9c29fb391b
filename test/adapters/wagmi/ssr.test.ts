import { QueryClient, QueryClientProvider } from "@tanstack/react-query"
import { createElement, type ReactNode } from "react"
import { renderToString } from "react-dom/server"
import { mainnet as viemMainnet } from "viem/chains"
import { describe, expect, it } from "vitest"
import * as wagmi2 from "wagmi2"
import * as wagmi3 from "wagmi3"
import { airlock } from "../../../adapters/wagmi/index.ts"
import { mainnet } from "../../../core/networks/index.ts"
import { createTestAirlock, fakeAccount } from "../../../core/testing/index.ts"
import { AirlockProvider } from "../../../renderers/react/index.ts"

// wagmi's SSR mode with cookie storage (issue 26): on the server the Airlock connector is set up and the page renders
// from the cookie wagmi wrote in the browser, with nothing of the browser needed and nothing thrown.
describe.each([
  { name: "wagmi 2", lib: wagmi2 as unknown as typeof wagmi3, hook: "useAccount" as const },
  { name: "wagmi 3", lib: wagmi3, hook: "useConnection" as const }
])("the Airlock connector in $name's server rendering", ({ lib, hook }) => {
  const render = (cookie: string | undefined) => {
    const client = createTestAirlock({ networks: [mainnet] })
    const config = lib.createConfig({
      chains: [viemMainnet],
      connectors: [airlock(client)],
      transports: { [viemMainnet.id]: lib.http() },
      ssr: true,
      storage: lib.createStorage({ storage: lib.cookieStorage }),
      multiInjectedProviderDiscovery: false
    })
    const Status = () => {
      const account = (lib as unknown as Record<string, () => { status: string; address?: string }>)[hook]!()
      return createElement("p", null, `${account.status} ${account.address ?? ""}`)
    }
    const tree: ReactNode = createElement(
      lib.WagmiProvider,
      { config, initialState: lib.cookieToInitialState(config, cookie) },
      createElement(
        QueryClientProvider,
        { client: new QueryClient() },
        createElement(AirlockProvider, { client }, createElement(Status))
      )
    )
    return { html: renderToString(tree), client }
  }

  it("renders disconnected without a cookie", async () => {
    const { html, client } = render(undefined)
    expect(html).toContain("<p>disconnected </p>")
    await client.destroy()
  })

  it("renders the connection the cookie holds (wagmi reconnects it in the browser)", async () => {
    const state = {
      state: {
        chainId: 1,
        current: "airlock-uid",
        connections: {
          __type: "Map",
          value: [["airlock-uid", { accounts: [fakeAccount], chainId: 1, connector: { id: "airlock", uid: "x" } }]]
        }
      },
      version: 2
    }
    const { html, client } = render(`wagmi.store=${JSON.stringify(state)}`)
    expect(html).toContain(fakeAccount)
    await client.destroy()
  })
})

"use client"
/**
 * A Next.js-style page, rendered on a server (`renderToString` in Node) and hydrated in the browser by the SSR tests.
 * Both sides create their client from the same {@link pageOptions}, as an app's shared `airlock.ts` module would.
 */
import type { AirlockAdapter } from "../../../core/adapter/AirlockAdapter.ts"
import type { AirlockClient } from "../../../core/client/types.ts"
import { base, mainnet } from "../../../core/networks/index.ts"
import type { AirlockOptions } from "../../../core/options/AirlockOptions.ts"
import { AccountButton, AirlockProvider, ConnectButton, NetworkButton } from "../../../renderers/react/index.ts"

/**
 * The app's options. No theme mode: the browser's colour scheme decides it, which a server cannot know. Nothing
 * listens at the endpoints: a server's project fetch fails (an alert in the state, which the buttons do not show);
 * the browser test passes in-memory APIs.
 */
export const pageOptions = (adapter: AirlockAdapter): AirlockOptions => ({
  projectId: "airlock-demo",
  networks: [mainnet, base],
  adapters: [adapter],
  endpoints: { walletApi: "http://127.0.0.1:9", blockchainApi: "http://127.0.0.1:9" }
})

/** The page: the three buttons in a header, under the provider. */
export const Page = ({ airlock }: { readonly airlock: AirlockClient }) => (
  <AirlockProvider client={airlock}>
    <header>
      <ConnectButton />
      <AccountButton />
      <NetworkButton />
    </header>
  </AirlockProvider>
)

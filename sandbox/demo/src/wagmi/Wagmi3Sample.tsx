/**
 * `/wagmi3`: a wagmi 3 app (its quick start: connect, the account, a signed message, a transaction) with Airlock as
 * its connector (`airlock-kit/wagmi`), SSR mode and cookie storage on. test/e2e/wagmi.test.ts drives it.
 */
import { QueryClient, QueryClientProvider } from "@tanstack/react-query"
import type { AirlockClient } from "airlock-kit"
import { AirlockProvider } from "airlock-kit/react"
import { airlock } from "airlock-kit/wagmi"
import { useState } from "react"
import { parseEther } from "viem"
import {
  cookieStorage,
  createConfig,
  createStorage,
  http,
  useConnect,
  useConnection,
  useDisconnect,
  useSendTransaction,
  useSignMessage,
  WagmiProvider
} from "wagmi3"
import type { DemoConfig } from "../config.ts"
import { wagmiChains, wagmiMessage, wagmiRecipient } from "./sample.ts"

/** The app's wagmi config: Airlock is its one connector. */
const makeConfig = (config: DemoConfig, client: AirlockClient) => {
  const chains = wagmiChains(config)
  return createConfig({
    chains,
    connectors: [airlock(client)],
    transports: Object.fromEntries(config.chains.map((chain) => [chain.chainId, http(chain.rpcUrl)])),
    ssr: true,
    storage: createStorage({ storage: cookieStorage }),
    multiInjectedProviderDiscovery: false
  })
}

const Sample = () => {
  const { address, status, chainId } = useConnection()
  const { connectors, mutateAsync: connectAsync } = useConnect()
  const { mutateAsync: disconnectAsync } = useDisconnect()
  const { mutateAsync: signMessageAsync } = useSignMessage()
  const { mutateAsync: sendTransactionAsync } = useSendTransaction()
  const [signature, setSignature] = useState("")
  const [hash, setHash] = useState("")
  const [problem, setProblem] = useState("")
  const run = (action: () => Promise<void>) => () => {
    setProblem("")
    action().catch((error: unknown) => setProblem(error instanceof Error ? error.message : String(error)))
  }
  return (
    <main>
      <h1>wagmi 3 sample</h1>
      {connectors.map((connector) => (
        <button key={connector.uid} type="button" onClick={run(async () => void (await connectAsync({ connector })))}>
          Connect with {connector.name}
        </button>
      ))}
      <p>
        Status: <span data-testid="wagmi-status">{status}</span>
      </p>
      <p>
        Address: <span data-testid="wagmi-address">{address ?? ""}</span>
      </p>
      <p>
        Chain: <span data-testid="wagmi-chain">{chainId ?? ""}</span>
      </p>
      {status === "connected" ? (
        <>
          <button
            type="button"
            onClick={run(async () => setSignature(await signMessageAsync({ message: wagmiMessage })))}
          >
            Sign message
          </button>
          <button
            type="button"
            onClick={run(async () =>
              setHash(await sendTransactionAsync({ to: wagmiRecipient, value: parseEther("0.001") }))
            )}
          >
            Send 0.001 ETH
          </button>
          <button type="button" onClick={run(() => disconnectAsync())}>
            Disconnect
          </button>
        </>
      ) : null}
      <p>
        Signature: <span data-testid="wagmi-signature">{signature}</span>
      </p>
      <p>
        Transaction: <span data-testid="wagmi-hash">{hash}</span>
      </p>
      {problem === "" ? null : <p role="alert">{problem}</p>}
    </main>
  )
}

/** The page: WagmiProvider, QueryClientProvider and AirlockProvider (which draws the modal the connector opens). */
export const startWagmi3Sample = (config: DemoConfig, client: AirlockClient) => {
  const wagmiConfig = makeConfig(config, client)
  const queryClient = new QueryClient()
  return () => (
    <WagmiProvider config={wagmiConfig}>
      <QueryClientProvider client={queryClient}>
        <AirlockProvider client={client}>
          <Sample />
        </AirlockProvider>
      </QueryClientProvider>
    </WagmiProvider>
  )
}

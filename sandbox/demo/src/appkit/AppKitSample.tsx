/**
 * `/appkit`: an app written against AppKit's documented React API (its quick start: a connect button, the account, a
 * network switch, a signed message, a transaction), running on Airlock. Only two things differ from the AppKit app:
 * the imports (`@reown/appkit/react` and the ethers adapter are `airlock-kit/appkit/react`) and the endpoints (the
 * sandbox's API in `endpoints`, its local chains as the networks). test/e2e/appkitCompat.test.ts drives it.
 */
import {
  createAppKit,
  EthersAdapter,
  useAppKit,
  useAppKitAccount,
  useAppKitNetwork,
  useAppKitProvider,
  useDisconnect
} from "airlock-kit/appkit/react"
import { useState } from "react"
import { createWalletClient, custom, type EIP1193Provider, parseEther } from "viem"
import type { DemoConfig } from "../config.ts"
import { sampleMessage, sampleRecipient } from "./sample.ts"

const names: Readonly<Record<number, string>> = { 1: "Ethereum", 8453: "Base", 59144: "Linea" }

/** Creates the AppKit client (as an AppKit app does at module level); returns the networks for {@link AppKitSample}. */
export const startAppKitSample = (config: DemoConfig) => {
  // The endpoints: AppKit's `mainnet`, `base`… point at public RPCs; here the sandbox's chains, as viem chains.
  const networks = config.chains.map(
    (chain): SampleNetwork => ({
      id: chain.chainId,
      name: names[chain.chainId] ?? `Chain ${chain.chainId}`,
      nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
      rpcUrls: { default: { http: [chain.rpcUrl] } }
    })
  )
  const [first, ...rest] = networks
  if (first === undefined) throw new Error("The sample needs a chain")
  createAppKit({
    adapters: [new EthersAdapter()],
    networks: [first, ...rest],
    projectId: config.projectId,
    metadata: {
      name: "AppKit sample",
      description: "AppKit's React quick start on Airlock",
      url: window.location.origin,
      icons: [`${window.location.origin}/favicon.svg`]
    },
    features: { analytics: true },
    endpoints: { walletApi: config.api, blockchainApi: config.api }
  })
  return { networks }
}

/** A network as a viem chain (AppKit's `defineChain`). */
interface SampleNetwork {
  readonly id: number
  readonly name: string
  readonly nativeCurrency: { readonly name: string; readonly symbol: string; readonly decimals: number }
  readonly rpcUrls: { readonly default: { readonly http: ReadonlyArray<string> } }
}

/** The app, as AppKit's quick start writes it. */
export const AppKitSample = ({ networks }: { readonly networks: ReadonlyArray<SampleNetwork> }) => {
  const { open } = useAppKit()
  const { address, isConnected, status } = useAppKitAccount()
  const { chainId, switchNetwork } = useAppKitNetwork()
  const { walletProvider } = useAppKitProvider<EIP1193Provider>("eip155")
  const { disconnect } = useDisconnect()
  const [signature, setSignature] = useState("")
  const [hash, setHash] = useState("")
  const [problem, setProblem] = useState("")

  const wallet = () => {
    if (walletProvider === undefined || address === undefined) throw new Error("Not connected")
    return createWalletClient({ account: address as `0x${string}`, transport: custom(walletProvider) })
  }
  const run = (action: () => Promise<void>) => () => {
    setProblem("")
    action().catch((error: unknown) => setProblem(error instanceof Error ? error.message : String(error)))
  }

  return (
    <main>
      <h1>AppKit sample</h1>
      <appkit-button />
      <button type="button" onClick={() => void open()}>
        Open modal
      </button>
      <p>
        Status: <span data-testid="appkit-status">{status}</span>
      </p>
      <p>
        Address: <span data-testid="appkit-address">{address ?? ""}</span>
      </p>
      <p>
        Chain: <span data-testid="appkit-chain">{chainId ?? ""}</span>
      </p>
      {isConnected ? (
        <>
          {networks.map((network) => (
            <button key={network.id} type="button" onClick={run(() => switchNetwork(network))}>
              Switch to {network.name}
            </button>
          ))}
          <button
            type="button"
            onClick={run(async () => setSignature(await wallet().signMessage({ message: sampleMessage })))}
          >
            Sign message
          </button>
          <button
            type="button"
            onClick={run(async () =>
              setHash(await wallet().sendTransaction({ to: sampleRecipient, value: parseEther("0.001"), chain: null }))
            )}
          >
            Send 0.001 ETH
          </button>
          <button type="button" onClick={run(() => disconnect())}>
            Disconnect
          </button>
        </>
      ) : null}
      <p>
        Signature: <span data-testid="appkit-signature">{signature}</span>
      </p>
      <p>
        Transaction: <span data-testid="appkit-hash">{hash}</span>
      </p>
      {problem === "" ? null : <p role="alert">{problem}</p>}
    </main>
  )
}

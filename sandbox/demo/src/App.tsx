/**
 * The demo page: the three buttons, the connection state and the EIP-6963 wallets the page saw.
 */
import {
  AccountButton,
  ConnectButton,
  NetworkButton,
  useAirlock,
  useAirlockAccount,
  useAirlockNetwork
} from "airlock-kit/react"
import { useState } from "react"
import { createWalletClient, custom, type EIP1193Provider } from "viem"
import { SolanaPanel } from "./SolanaPanel.tsx"
import { useAnnouncedWallets } from "./useAnnouncedWallets.ts"

const ConnectionPanel = () => {
  const account = useAirlockAccount()
  const { network } = useAirlockNetwork()
  const evmAccount = useAirlockAccount({ namespace: "eip155" })
  const solanaAccount = useAirlockAccount({ namespace: "solana" })
  return (
    <section className="panel" aria-labelledby="connection-title">
      <h2 id="connection-title">Connection</h2>
      <dl data-testid="namespaces">
        <dt>EVM</dt>
        <dd data-testid="eip155-account">
          {evmAccount.status}
          {evmAccount.address === undefined ? "" : ` ${evmAccount.address}`}
        </dd>
        <dt>Solana</dt>
        <dd data-testid="solana-account">
          {solanaAccount.status}
          {solanaAccount.address === undefined ? "" : ` ${solanaAccount.address}`}
        </dd>
      </dl>
      <h3>Active namespace</h3>
      <dl data-testid="connection">
        <dt>Status</dt>
        <dd data-testid="connection-status">{account.status}</dd>
        <dt>Address</dt>
        <dd data-testid="connection-address">{account.address ?? "—"}</dd>
        <dt>Network</dt>
        <dd data-testid="connection-network">{network ? `${network.name} (${network.caipNetworkId})` : "—"}</dd>
        <dt>Balance</dt>
        <dd>{account.balance === undefined ? "—" : `${account.balance} ${account.balanceSymbol ?? ""}`}</dd>
      </dl>
    </section>
  )
}

const WalletsPanel = () => {
  const wallets = useAnnouncedWallets()
  return (
    <section className="panel" aria-labelledby="wallets-title">
      <h2 id="wallets-title">Browser wallets (EIP-6963)</h2>
      {wallets.length === 0 ? (
        <p>No wallet announced itself.</p>
      ) : (
        <ul data-testid="eip6963-wallets">
          {wallets.map((wallet) => (
            <li key={wallet.uuid} data-rdns={wallet.rdns}>
              {wallet.icon.startsWith("data:image/") ? <img src={wallet.icon} alt="" width={20} height={20} /> : null}
              <span>{wallet.name}</span> <code>{wallet.rdns}</code>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

/** Signs a message with viem over the connected wallet's own EIP-1193 provider (`airlock.getProvider()`). */
const SignPanel = () => {
  const airlock = useAirlock()
  const account = useAirlockAccount({ namespace: "eip155" })
  const [result, setResult] = useState<string>("")
  const [sent, setSent] = useState<string>("")
  const send = async () => {
    setSent("")
    try {
      const hash = await airlock.request(
        {
          method: "eth_sendTransaction",
          params: [{ from: account.address, to: account.address, value: "0x38d7ea4c68000" }]
        },
        { namespace: "eip155" }
      )
      setSent(String(hash))
    } catch (error) {
      setSent(error instanceof Error ? (error.message.split("\n")[0] ?? "") : String(error))
    }
  }
  const sign = async () => {
    setResult("")
    try {
      const provider = (await airlock.getProvider("eip155")) as EIP1193Provider | undefined
      if (provider === undefined || account.address === undefined) return setResult("Connect a wallet first")
      const wallet = createWalletClient({ transport: custom(provider) })
      setResult(await wallet.signMessage({ account: account.address as `0x${string}`, message: demoMessage }))
    } catch (error) {
      setResult(error instanceof Error ? (error.message.split("\n")[0] ?? "") : String(error))
    }
  }
  return (
    <section className="panel" aria-labelledby="sign-title">
      <h2 id="sign-title">Sign and send (EVM)</h2>
      <p>
        Message: <code>{demoMessage}</code>
      </p>
      <button type="button" onClick={() => void sign()} disabled={account.status !== "connected"}>
        Sign message
      </button>
      <output data-testid="signature">{result}</output>
      <button type="button" onClick={() => void send()} disabled={account.status !== "connected"}>
        Send 0.001 ETH to myself
      </button>
      <output data-testid="transaction">{sent}</output>
    </section>
  )
}

/** The message the demo's sign panel signs. */
export const demoMessage = "Hello from Airlock"

const Actions = () => {
  const airlock = useAirlock()
  return (
    <section className="panel" aria-labelledby="actions-title">
      <h2 id="actions-title">Open a view</h2>
      <div className="row start">
        <button type="button" onClick={() => void airlock.open({ view: "Connect" })}>
          Connect view
        </button>
        <button type="button" onClick={() => void airlock.open({ view: "AllWallets" })}>
          All wallets
        </button>
        <button type="button" onClick={() => void airlock.open({ view: "Networks" })}>
          Networks
        </button>
      </div>
    </section>
  )
}

/** The demo dapp's page. */
export const App = () => (
  <main>
    <header className="row">
      <h1>Airlock demo</h1>
      <div className="row">
        <NetworkButton />
        <ConnectButton />
        <AccountButton />
      </div>
    </header>
    <ConnectionPanel />
    <WalletsPanel />
    <SignPanel />
    <SolanaPanel />
    <Actions />
  </main>
)

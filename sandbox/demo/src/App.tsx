/**
 * The demo page: a header with the app's name, the network and account buttons and the theme and language switches,
 * then one card per feature (the connection, signing, sending, switching networks, Solana, email login, the modal's
 * views, the browser wallets the page saw).
 */
import {
  ConnectButton,
  NetworkButton,
  useAirlock,
  useAirlockAccount,
  useAirlockNetwork,
  useAirlockSiwx
} from "airlock-kit/react"
import { useEffect, useState } from "react"
import { createWalletClient, custom, type EIP1193Provider } from "viem"
import { Card } from "./Card.tsx"
import { CopyValue } from "./CopyValue.tsx"
import { LanguageSwitch, ThemeSwitch, usePageFollowsClient } from "./Preferences.tsx"
import { SolanaPanel } from "./SolanaPanel.tsx"
import { useAnnouncedWallets } from "./useAnnouncedWallets.ts"

/** The message the demo's sign card signs. */
export const demoMessage = "Hello from Airlock"

const firstLine = (error: unknown) => (error instanceof Error ? (error.message.split("\n")[0] ?? "") : String(error))

const ConnectionCard = () => {
  const account = useAirlockAccount()
  const { network } = useAirlockNetwork()
  const evmAccount = useAirlockAccount({ namespace: "eip155" })
  const solanaAccount = useAirlockAccount({ namespace: "solana" })
  return (
    <Card id="connection" title="Connection">
      <dl data-testid="connection">
        <dt>Status</dt>
        <dd data-testid="connection-status">{account.status}</dd>
        <dt>Address</dt>
        <dd data-testid="connection-address">{account.address ?? "—"}</dd>
        <dt>Network</dt>
        <dd data-testid="connection-network">{network ? `${network.name} (${network.caipNetworkId})` : "—"}</dd>
        <dt>Balance</dt>
        <dd data-testid="connection-balance">
          {account.balance === undefined ? "—" : `${account.balance} ${account.balanceSymbol ?? ""}`}
        </dd>
      </dl>
      <h3>By namespace</h3>
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
    </Card>
  )
}

/** Signs a message with viem over the connected wallet's own EIP-1193 provider (`airlock.getProvider()`). */
const SignCard = () => {
  const airlock = useAirlock()
  const account = useAirlockAccount({ namespace: "eip155" })
  const [result, setResult] = useState("")
  const sign = async () => {
    setResult("")
    try {
      const provider = (await airlock.getProvider("eip155")) as EIP1193Provider | undefined
      if (provider === undefined || account.address === undefined) return setResult("Connect a wallet first")
      const wallet = createWalletClient({ transport: custom(provider) })
      setResult(await wallet.signMessage({ account: account.address as `0x${string}`, message: demoMessage }))
    } catch (error) {
      setResult(firstLine(error))
    }
  }
  // Multi-wallet: the provider follows the active connection; its `eth_accounts` says which wallet answers.
  const [accounts, setAccounts] = useState("")
  const readAccounts = async () => {
    setAccounts("")
    try {
      const provider = (await airlock.getProvider("eip155")) as EIP1193Provider | undefined
      if (provider === undefined) return setAccounts("Connect a wallet first")
      setAccounts(((await provider.request({ method: "eth_accounts" })) as Array<string>).join(" "))
    } catch (error) {
      setAccounts(firstLine(error))
    }
  }
  return (
    <Card id="sign" title="Sign a message">
      <p>
        Message: <code>{demoMessage}</code>
      </p>
      <button type="button" onClick={() => void sign()} disabled={account.status !== "connected"}>
        Sign message
      </button>
      <CopyValue value={result} label="signature" testId="signature" />
      <button type="button" onClick={() => void readAccounts()} disabled={account.status !== "connected"}>
        Read eth_accounts
      </button>
      <CopyValue value={accounts} label="provider accounts" testId="provider-accounts" />
    </Card>
  )
}

/** Sends 0.001 ETH to the connected account itself through `airlock.request`. */
const SendCard = () => {
  const airlock = useAirlock()
  const account = useAirlockAccount({ namespace: "eip155" })
  const [sent, setSent] = useState("")
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
      setSent(firstLine(error))
    }
  }
  return (
    <Card id="send" title="Send a transaction">
      <p>The wallet asks before it sends; the hash shows here.</p>
      <button type="button" onClick={() => void send()} disabled={account.status !== "connected"}>
        Send 0.001 ETH to myself
      </button>
      <CopyValue value={sent} label="transaction hash" testId="transaction" />
    </Card>
  )
}

/** The app's networks in a list box; choosing one switches (the wallet asks when connected). */
const NetworkCard = () => {
  const airlock = useAirlock()
  const { network, networks } = useAirlockNetwork()
  const [error, setError] = useState("")
  const choose = (id: string) => {
    const next = networks.find((n) => n.caipNetworkId === id)
    if (next === undefined) return
    setError("")
    airlock.switchNetwork(next).catch((cause: unknown) => setError(firstLine(cause)))
  }
  return (
    <Card id="network" title="Switch network">
      <label className="field">
        <span>Network</span>
        <select value={network?.caipNetworkId ?? ""} onChange={(event) => choose(event.target.value)}>
          {network === undefined ? <option value="">—</option> : null}
          {networks.map((n) => (
            <option key={n.caipNetworkId} value={n.caipNetworkId}>
              {n.name}
            </option>
          ))}
        </select>
      </label>
      {error === "" ? null : <p role="alert">{error}</p>}
    </Card>
  )
}

/** Email and social logins: the embedded wallet in the sandbox's secure site. */
const LoginCard = () => {
  const airlock = useAirlock()
  return (
    <Card id="login" title="Email and social login">
      <p>An embedded wallet: log in with an email code or a social account, no extension needed.</p>
      <div className="row">
        <button type="button" onClick={() => void airlock.open({ view: "EmailLogin" })}>
          Log in with email
        </button>
      </div>
    </Card>
  )
}

const ViewsCard = () => {
  const airlock = useAirlock()
  return (
    <Card id="actions" title="Open a view">
      <div className="row">
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
    </Card>
  )
}

const WalletsCard = () => {
  const wallets = useAnnouncedWallets()
  return (
    <Card id="wallets" title="Browser wallets (EIP-6963)">
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
    </Card>
  )
}

/** A sign-in as the sandbox API reports it; `email` is the address confirmed before signing (email capture). */
interface ServerSession {
  readonly address: string
  readonly chainId: string
  readonly email?: string
}

/** The sandbox API's view of this browser's sign-ins (`GET /auth/v1/me`, credentialed). */
const useServerSessions = (api: string, projectId: string, key: string) => {
  const [sessions, setSessions] = useState<ReadonlyArray<ServerSession> | undefined>()
  useEffect(() => {
    let live = true
    void key
    fetch(`${api}/auth/v1/me?projectId=${encodeURIComponent(projectId)}`, { credentials: "include" })
      .then((response) => response.json())
      .then((body: { sessions?: Array<ServerSession> }) => {
        if (live) setSessions(body.sessions ?? [])
      })
      .catch(() => live && setSessions([]))
    return () => {
      live = false
    }
  }, [api, projectId, key])
  return sessions
}

/**
 * Sign in with the wallet (`?siwx=required` or `?siwx=optional`): the client's status and, from the sandbox API's
 * session route, what the server believes ("Signed in as … on …", with the confirmed email when the sign-in captured
 * one), so a person sees the session is real.
 */
const SignInCard = ({ api, projectId }: { readonly api: string; readonly projectId: string }) => {
  const siwx = useAirlockSiwx()
  const [refreshed, setRefreshed] = useState(0)
  const sessions = useServerSessions(api, projectId, `${siwx.status}:${refreshed}`)
  const [error, setError] = useState("")
  const run = (action: () => Promise<void>) => {
    setError("")
    action()
      .catch((failure: unknown) => setError(firstLine(failure)))
      .finally(() => setRefreshed((n) => n + 1))
  }
  return (
    <Card id="signin" title="Sign in with the wallet">
      {siwx.status === "disabled" ? (
        <p>
          Sign-in is off. Turn it on: <a href="?siwx=optional">optional</a> or <a href="?siwx=required">required</a>.
        </p>
      ) : (
        <>
          <dl>
            <dt>Client</dt>
            <dd data-testid="siwx-status">{siwx.status}</dd>
            <dt>Server</dt>
            <dd data-testid="siwx-server">
              {sessions === undefined
                ? "…"
                : sessions.length === 0
                  ? "Not signed in"
                  : sessions
                      .map(
                        (s) =>
                          `Signed in as ${s.address} on ${s.chainId}${typeof s.email === "string" ? ` (${s.email})` : ""}`
                      )
                      .join("; ")}
            </dd>
          </dl>
          <button type="button" onClick={() => run(siwx.signIn)} disabled={siwx.status !== "unauthenticated"}>
            Sign in
          </button>{" "}
          <button type="button" onClick={() => run(siwx.signOut)} disabled={siwx.status !== "authenticated"}>
            Sign out
          </button>
          {error === "" ? null : <p role="alert">{error}</p>}
        </>
      )}
    </Card>
  )
}

/** The demo dapp's page. */
export const App = ({ api, projectId }: { readonly api: string; readonly projectId: string }) => {
  usePageFollowsClient()
  return (
    <>
      <header className="topbar">
        <div className="topbar-inner">
          <h1 className="brand">
            <img src="/favicon.svg" alt="" width={24} height={24} />
            Airlock demo
          </h1>
          <div className="account">
            <NetworkButton />
            <ConnectButton />
          </div>
        </div>
        <div className="topbar-inner preferences">
          <ThemeSwitch />
          <LanguageSwitch />
        </div>
      </header>
      <main className="cards">
        <ConnectionCard />
        <SignInCard api={api} projectId={projectId} />
        <SignCard />
        <SendCard />
        <NetworkCard />
        <SolanaPanel />
        <LoginCard />
        <ViewsCard />
        <WalletsCard />
      </main>
    </>
  )
}

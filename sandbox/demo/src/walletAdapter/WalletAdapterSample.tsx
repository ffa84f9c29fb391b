/**
 * `/wallet-adapter`: a Solana app written for `@solana/wallet-adapter-react` alone (its own wallet list, connect and
 * `sendTransaction` with `@solana/web3.js`), which finds Airlock as a Wallet Standard wallet (`registerAirlockWallet`)
 * next to the page's browser wallets. Nothing below the provider knows Airlock (test/e2e/walletAdapter.test.ts).
 */
import { ConnectionProvider, useConnection, useWallet, WalletProvider } from "@solana/wallet-adapter-react"
import { PublicKey, SystemProgram, Transaction } from "@solana/web3.js"
import { useEffect, useState } from "react"

/** Lamports the sample's Send button transfers: 0.01 SOL. */
export const sampleLamports = 10_000_000

const firstLine = (error: unknown) => (error instanceof Error ? (error.message.split("\n")[0] ?? "") : String(error))

/** The app's Solana part: the wallets wallet-adapter lists, the connected key, and a SOL transfer. */
const SolanaApp = () => {
  const { connection } = useConnection()
  const { wallets, wallet, select, connect, connected, publicKey, sendTransaction, disconnect } = useWallet()
  const [wanted, setWanted] = useState<string | undefined>(undefined)
  const [receiver, setReceiver] = useState("")
  const [result, setResult] = useState("")

  // wallet-adapter connects the selected wallet once its adapter is in place.
  useEffect(() => {
    if (wanted === undefined || wallet?.adapter.name !== wanted || connected) return
    setWanted(undefined)
    connect().catch((error: unknown) => setResult(firstLine(error)))
  }, [wanted, wallet, connected, connect])

  const send = async () => {
    setResult("")
    try {
      if (publicKey === null) return setResult("Not connected")
      const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash()
      const transaction = new Transaction({ feePayer: publicKey, blockhash, lastValidBlockHeight }).add(
        SystemProgram.transfer({
          fromPubkey: publicKey,
          toPubkey: new PublicKey(receiver.trim() || publicKey),
          lamports: sampleLamports
        })
      )
      setResult(await sendTransaction(transaction, connection))
    } catch (error) {
      setResult(firstLine(error))
    }
  }

  return (
    <main>
      <h1>wallet-adapter sample</h1>
      <ul aria-label="Wallets">
        {wallets.map((w) => (
          <li key={w.adapter.name}>
            <button
              type="button"
              onClick={() => {
                setWanted(w.adapter.name)
                select(w.adapter.name)
              }}
            >
              {w.adapter.name}
            </button>
          </li>
        ))}
      </ul>
      <p data-testid="wa-account">
        {connected && publicKey !== null ? `connected ${publicKey.toBase58()}` : "disconnected"}
      </p>
      <label>
        <span>Receiver</span>
        <input value={receiver} onChange={(e) => setReceiver(e.target.value)} />
      </label>
      <button type="button" onClick={() => void send()} disabled={!connected}>
        Send 0.01 SOL
      </button>
      <button type="button" onClick={() => void disconnect()} disabled={!connected}>
        Disconnect
      </button>
      <output data-testid="wa-result">{result}</output>
    </main>
  )
}

/** wallet-adapter's providers over the sandbox's Solana RPC, as a wallet-adapter app has them. */
export const WalletAdapterSample = ({ endpoint }: { endpoint: string }) => (
  <ConnectionProvider endpoint={endpoint}>
    <WalletProvider wallets={[]} autoConnect={false}>
      <SolanaApp />
    </WalletProvider>
  </ConnectionProvider>
)

/**
 * The demo's Solana panel: signs a message and sends SOL with `@solana/kit`, through the connected Solana wallet as a
 * kit signer (`getSolanaSigner` from `airlock-kit/solana`), the way an app would.
 */

import {
  type Address,
  appendTransactionMessageInstruction,
  createSolanaRpc,
  createTransactionMessage,
  getBase58Decoder,
  isAddress,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signAndSendTransactionMessageWithSigners
} from "@solana/kit"
import { getTransferSolInstruction } from "@solana-program/system"
import { useAirlock, useAirlockAccount, useAirlockNetwork } from "airlock-kit/react"
import { getSolanaSigner } from "airlock-kit/solana"
import { useState } from "react"
import { Card } from "./Card.tsx"
import { CopyValue } from "./CopyValue.tsx"

/** The message the demo's Solana panel signs. */
export const demoSolanaMessage = "Hello from Airlock on Solana"

/** Lamports sent by the panel's Send button: 0.01 SOL. */
export const demoSolanaLamports = 10_000_000n

const firstLine = (error: unknown) => (error instanceof Error ? (error.message.split("\n")[0] ?? "") : String(error))

export const SolanaPanel = () => {
  const airlock = useAirlock()
  const account = useAirlockAccount({ namespace: "solana" })
  const { network } = useAirlockNetwork()
  const [signature, setSignature] = useState("")
  const [sent, setSent] = useState("")
  const [receiver, setReceiver] = useState("")
  const connected = account.status === "connected"

  const sign = async () => {
    setSignature("")
    try {
      const signer = getSolanaSigner(airlock)
      const [signatures] = await signer.signMessages([
        { content: new TextEncoder().encode(demoSolanaMessage), signatures: {} }
      ])
      setSignature(getBase58Decoder().decode(signatures![signer.address]!))
    } catch (error) {
      setSignature(firstLine(error))
    }
  }

  const send = async () => {
    setSent("")
    try {
      const solanaNetwork = airlock.getState().activeNetworks.solana
      const rpcUrl = solanaNetwork?.rpcUrls.default.http[0]
      if (rpcUrl === undefined) return setSent("No Solana network")
      const to = (receiver.trim() || account.address) ?? ""
      if (!isAddress(to)) return setSent("The receiver is not a Solana address")
      const signer = getSolanaSigner(airlock)
      const { value: blockhash } = await createSolanaRpc(rpcUrl).getLatestBlockhash().send()
      const message = pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayerSigner(signer, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
        (m) =>
          appendTransactionMessageInstruction(
            getTransferSolInstruction({ source: signer, destination: to as Address, amount: demoSolanaLamports }),
            m
          )
      )
      const bytes = await signAndSendTransactionMessageWithSigners(message)
      setSent(getBase58Decoder().decode(bytes))
    } catch (error) {
      setSent(firstLine(error))
    }
  }

  return (
    <Card id="solana" title="Solana">
      <p>
        Message: <code>{demoSolanaMessage}</code>
        {network?.chainNamespace === "solana" ? null : " (switch to the Solana network to act on it)"}
      </p>
      <button type="button" onClick={() => void sign()} disabled={!connected}>
        Sign Solana message
      </button>
      <CopyValue value={signature} label="Solana signature" testId="solana-signature" />
      <label className="field">
        <span>Receiver</span>
        <input value={receiver} onChange={(e) => setReceiver(e.target.value)} placeholder="Yourself" />
      </label>
      <button type="button" onClick={() => void send()} disabled={!connected}>
        Send 0.01 SOL
      </button>
      <CopyValue value={sent} label="Solana transaction signature" testId="solana-transaction" />
    </Card>
  )
}

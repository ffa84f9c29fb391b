/**
 * Transactions the sandbox signs itself (the seed transfers, `requestAirdrop`'s faucet): a v0 message with the chain's
 * latest blockhash, signed by the fee payer and by any signer its instructions name, as wire bytes for `Ledger.send`.
 */
import {
  appendTransactionMessageInstructions,
  createTransactionMessage,
  getTransactionEncoder,
  type Instruction,
  type KeyPairSigner,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  blockhash as toBlockhash
} from "@solana/kit"
import type { Ledger } from "./ledger.ts"

/**
 * Signs `instructions` paid by `feePayer` and returns the wire bytes.
 * @example
 * ```ts
 * const wire = await signedWire(ledger, faucet, [getTransferSolInstruction({ source: faucet, destination, amount })])
 * ledger.send(wire, { skipPreflight: false })
 * ```
 */
export const signedWire = async (
  ledger: Ledger,
  feePayer: KeyPairSigner,
  instructions: ReadonlyArray<Instruction>
): Promise<Uint8Array> => {
  const { blockhash, lastValidBlockHeight } = ledger.latestBlockhash()
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(feePayer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: toBlockhash(blockhash), lastValidBlockHeight }, m),
    (m) => appendTransactionMessageInstructions(instructions, m)
  )
  const signed = await signTransactionMessageWithSigners(message)
  return Uint8Array.from(getTransactionEncoder().encode(signed))
}

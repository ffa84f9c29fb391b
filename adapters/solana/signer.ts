/**
 * The connected Solana wallet in `@solana/kit` terms: a signer an app puts into a transaction message (as fee payer or
 * any signer) and hands to kit's `signTransactionMessageWithSigners` / `signAndSendTransactionMessageWithSigners`.
 * Every call goes through `airlock.request` (SPEC §5's method and params checks, the wallet brought forward on a
 * phone), so it works the same with a browser wallet and a WalletConnect one. Kit's codecs load on the first call.
 */
import type {
  Address,
  MessagePartialSigner,
  SignatureBytes,
  Transaction,
  TransactionModifyingSigner,
  TransactionSendingSigner,
  TransactionWithLifetime
} from "@solana/kit"
import type { AirlockClient } from "../../core/client/types.ts"

/** A kit signer backed by the connected wallet: it modifies and signs, signs and sends, and signs messages. */
export type SolanaSigner = TransactionModifyingSigner & TransactionSendingSigner & MessagePartialSigner

const codecs = () => import("./codecs.ts")

const call = async (airlock: AirlockClient, method: string, params: unknown): Promise<Record<string, unknown>> => {
  const result = await airlock.request({ method, params }, { namespace: "solana" })
  if (typeof result !== "object" || result === null) throw new Error(`${method}: the wallet answered no result`)
  return result as Record<string, unknown>
}

const textOf = (value: unknown, what: string): string => {
  if (typeof value !== "string") throw new Error(`The wallet's answer has no ${what}`)
  return value
}

/**
 * The connected Solana account as a kit signer; throws when no Solana wallet is connected. Take a new one after the
 * account changes (its `address` is the account's at the time of the call).
 *
 * @example
 * ```ts
 * import { getSolanaSigner } from "airlock-kit/solana"
 * import { pipe, createTransactionMessage, setTransactionMessageFeePayerSigner } from "@solana/kit"
 *
 * const signer = getSolanaSigner(airlock)
 * const message = pipe(createTransactionMessage({ version: 0 }), (m) => setTransactionMessageFeePayerSigner(signer, m))
 * ```
 */
export const getSolanaSigner = (airlock: AirlockClient): SolanaSigner => {
  const account = airlock.getState().accounts.solana
  if (account.status !== "connected" || account.address === undefined) {
    throw new Error("No Solana wallet is connected")
  }
  const address = account.address as Address
  return Object.freeze({
    address,
    modifyAndSignTransactions: async (
      transactions: ReadonlyArray<Transaction | (Transaction & TransactionWithLifetime)>
    ) => {
      const { toWire, fromWire } = await codecs()
      if (transactions.length === 0) return []
      const params =
        transactions.length === 1
          ? { method: "solana_signTransaction", params: { transaction: toWire(transactions[0]!) } }
          : { method: "solana_signAllTransactions", params: { transactions: transactions.map(toWire) } }
      const answer = await call(airlock, params.method, params.params)
      const signed =
        transactions.length === 1
          ? [textOf(answer.transaction, "transaction")]
          : Array.isArray(answer.transactions)
            ? answer.transactions.map((t) => textOf(t, "transaction"))
            : []
      if (signed.length !== transactions.length) throw new Error("The wallet signed a different number of transactions")
      return Promise.all(signed.map((wire, i) => fromWire(wire, transactions[i]!)))
    },
    signAndSendTransactions: async (transactions: ReadonlyArray<Transaction>) => {
      const { toWire, signatureBytes } = await codecs()
      const signatures: Array<SignatureBytes> = []
      for (const transaction of transactions) {
        const answer = await call(airlock, "solana_signAndSendTransaction", { transaction: toWire(transaction) })
        signatures.push(signatureBytes(textOf(answer.signature, "signature")))
      }
      return signatures
    },
    signMessages: async (messages) => {
      const { base58Of, signatureBytes } = await codecs()
      const dictionaries = []
      for (const message of messages) {
        const answer = await call(airlock, "solana_signMessage", {
          message: base58Of(message.content),
          pubkey: address
        })
        dictionaries.push({ [address]: signatureBytes(textOf(answer.signature, "signature")) })
      }
      return dictionaries
    }
  } satisfies SolanaSigner)
}

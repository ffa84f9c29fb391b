/**
 * Solana transfers for the modal's Send: an unsigned transaction (SOL by the system program; an SPL token by
 * `transferChecked`, creating the receiver's associated token account when it has none) that the wallet signs and
 * sends with `solana_signAndSendTransaction`, its fee from the chain (`getFeeForMessage`), and the wait for its
 * confirmation. Loaded on the first Send preview only.
 */
// Bundler hints, no names (see ../kernel.ts): the adapters' kernel, and core's lazy part, which this part runs on.
import "../kernel.ts"
import "../../core/client/lazy.ts"

import {
  type Address,
  appendTransactionMessageInstructions,
  compileTransaction,
  compileTransactionMessage,
  createNoopSigner,
  createSolanaRpc,
  createTransactionMessage,
  getBase64Decoder,
  getBase64EncodedWireTransaction,
  getCompiledTransactionMessageEncoder,
  isAddress,
  pipe,
  type Signature,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash
} from "@solana/kit"
import { getTransferSolInstruction } from "@solana-program/system"
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction
} from "@solana-program/token"
import type { AdapterContext } from "../../core/adapter/AdapterContext.ts"
import type { PreparedTransfer, TransferArgs } from "../../core/adapter/AdapterImplementation.ts"
import type { CaipNetwork } from "../../core/schema/network.ts"
import { rpcUrlsOf } from "./rpc.ts"

const rpcOf = (network: CaipNetwork, context: AdapterContext) => {
  const [url] = rpcUrlsOf(network, context)
  if (url === undefined) throw new Error(`No RPC URL for ${network.caipNetworkId}`)
  return createSolanaRpc(url)
}

/** The mint of a CAIP-10 token address (`solana:<ref>:<mint>`) or a bare one. */
const mintOf = (address: string): Address => {
  const last = address.split(":").at(-1) ?? ""
  if (!isAddress(last)) throw new Error(`Not an SPL mint: ${address}`)
  return last
}

/** The request (an unsigned transaction for the wallet to sign and send) and fee, in lamports, of a transfer. */
export const prepareSolanaTransfer = async (args: TransferArgs, context: AdapterContext): Promise<PreparedTransfer> => {
  if (!isAddress(args.from) || !isAddress(args.to)) throw new Error("Invalid address")
  const rpc = rpcOf(args.network, context)
  const payer = createNoopSigner(args.from)
  const signal = AbortSignal.timeout(15_000)
  let instructions: Array<Parameters<typeof appendTransactionMessageInstructions>[0][number]>
  if (args.token === undefined) {
    instructions = [getTransferSolInstruction({ source: payer, destination: args.to, amount: args.amount })]
  } else {
    const mint = mintOf(args.token.address)
    // The mint's owner is its token program (Token or Token-2022); the accounts derive from it.
    const { value: mintAccount } = await rpc.getAccountInfo(mint, { encoding: "base64" }).send({ abortSignal: signal })
    if (mintAccount === null) throw new Error(`No SPL mint at ${mint}`)
    const tokenProgram = mintAccount.owner
    const [[source], [destination]] = await Promise.all([
      findAssociatedTokenPda({ owner: args.from, mint, tokenProgram }),
      findAssociatedTokenPda({ owner: args.to, mint, tokenProgram })
    ])
    instructions = [
      getCreateAssociatedTokenIdempotentInstruction({ payer, ata: destination, owner: args.to, mint, tokenProgram }),
      getTransferCheckedInstruction(
        { source, mint, destination, authority: payer, amount: args.amount, decimals: args.token.decimals },
        { programAddress: tokenProgram }
      )
    ]
  }
  const { value: blockhash } = await rpc.getLatestBlockhash().send({ abortSignal: signal })
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
    (m) => appendTransactionMessageInstructions(instructions, m)
  )
  const compiled = getBase64Decoder().decode(
    getCompiledTransactionMessageEncoder().encode(compileTransactionMessage(message))
  )
  const { value: fee } = await rpc.getFeeForMessage(compiled as never).send({ abortSignal: signal })
  return {
    method: "solana_signAndSendTransaction",
    params: { transaction: getBase64EncodedWireTransaction(compileTransaction(message)) },
    fee: fee ?? 5000n
  }
}

/** Waits until the signature in `result` (`{ signature }`) is confirmed; rejects when the transaction failed. */
export const confirmSolanaTransfer = async (
  result: unknown,
  network: CaipNetwork,
  context: AdapterContext
): Promise<string> => {
  const signature = (result as { signature?: unknown } | null)?.signature
  if (typeof signature !== "string" || !/^[1-9A-HJ-NP-Za-km-z]{64,90}$/.test(signature)) {
    throw new Error("The wallet answered no transaction signature")
  }
  const rpc = rpcOf(network, context)
  const deadline = Date.now() + 120_000
  for (;;) {
    const { value } = await rpc.getSignatureStatuses([signature as Signature]).send()
    const status = value[0]
    if (status?.err != null) throw new Error("The transaction failed on chain")
    if (status?.confirmationStatus === "confirmed" || status?.confirmationStatus === "finalized") return signature
    if (Date.now() > deadline) throw new Error("The transaction was not confirmed in 2 minutes")
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

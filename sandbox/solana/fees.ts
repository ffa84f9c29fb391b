/**
 * What a transaction pays: the base fee per signature plus its priority fee (compute-unit price × limit), computed as
 * the runtime does, so `getFeeForMessage`, the recorded `fee` and the payer's balance agree.
 */
import type { Address } from "@solana/kit"
import type { RunnableMessage } from "./history.ts"

/** Lamports per signature (the network's fixed base fee). */
export const lamportsPerSignature = 5000n

/** The System program. */
export const systemProgram = "11111111111111111111111111111111" as Address
const computeBudgetProgram = "ComputeBudget111111111111111111111111111111"
// Builtin programs reserve 3,000 compute units per instruction, any other program 200,000 (for the priority fee).
const builtinPrograms = new Set([
  systemProgram,
  computeBudgetProgram,
  "Vote111111111111111111111111111111111111111",
  "Stake11111111111111111111111111111111111111",
  "Config1111111111111111111111111111111111111",
  "AddressLookupTab1e1111111111111111111111111",
  "BPFLoader1111111111111111111111111111111111",
  "BPFLoader2111111111111111111111111111111111",
  "BPFLoaderUpgradeab1e11111111111111111111111",
  "LoaderV411111111111111111111111111111111111",
  "Ed25519SigVerify111111111111111111111111111",
  "KeccakSecp256k11111111111111111111111111111",
  "Secp256r1SigVerify1111111111111111111111111"
])

/**
 * The fee of a message: 5,000 lamports per signature plus its priority fee (compute-unit price × limit).
 * @example
 * ```ts
 * messageFee(getCompiledTransactionMessageDecoder().decode(tx.messageBytes) as RunnableMessage) // 5000n
 * ```
 */
export const messageFee = (message: RunnableMessage): bigint => {
  let limit: bigint | undefined
  let microLamportsPerUnit = 0n
  let reserved = 0n
  for (const instruction of message.instructions) {
    const program = message.staticAccounts[instruction.programAddressIndex]
    const data = instruction.data
    if (program === computeBudgetProgram && data !== undefined) {
      const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
      if (data[0] === 2 && data.length >= 5) limit = BigInt(view.getUint32(1, true))
      if (data[0] === 3 && data.length >= 9) microLamportsPerUnit = view.getBigUint64(1, true)
    }
    reserved += program !== undefined && builtinPrograms.has(program) ? 3_000n : 200_000n
  }
  const units = limit ?? (reserved < 1_400_000n ? reserved : 1_400_000n)
  const priority = (microLamportsPerUnit * units + 999_999n) / 1_000_000n
  return BigInt(message.header.numSignerAccounts) * lamportsPerSignature + priority
}

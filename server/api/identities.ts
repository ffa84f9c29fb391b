/**
 * Seeded identities for the blockchain API's `/v1/identity/{address}`: the Sandbox Wallet's account (anvil's account
 * 0) and anvil's account 1 have a name and an avatar, so the Account view shows both on the local chains.
 */
import { type Address, getAddress } from "viem"
import { defaultAccounts } from "../../sandbox/chain/accounts.ts"

/** A seeded identity: its name, which is also the id of its avatar on `/public/getAssetImage/{id}`. */
export interface SeededIdentity {
  readonly name: string
}

/** The seeded identities by lower-case address: account 0 is `sandbox.airlock`, account 1 is `alice.airlock`. */
export const seededIdentities: ReadonlyMap<string, SeededIdentity> = new Map([
  [defaultAccounts[0]!.address.toLowerCase(), { name: "sandbox.airlock" }],
  [defaultAccounts[1]!.address.toLowerCase(), { name: "alice.airlock" }]
])

/**
 * The seeded identity of `address`, or undefined for any other address.
 * @example
 * ```ts
 * identityOf("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266")?.name // "sandbox.airlock"
 * ```
 */
export const identityOf = (address: Address): SeededIdentity | undefined => seededIdentities.get(address.toLowerCase())

/**
 * The address a seeded name points to (forward resolution, case-insensitive), or undefined for any other name.
 * @example
 * ```ts
 * addressOfName("alice.airlock") // anvil's account 1
 * ```
 */
export const addressOfName = (name: string): string | undefined => {
  const wanted = name.toLowerCase()
  for (const [address, identity] of seededIdentities) if (identity.name === wanted) return getAddress(address)
  return undefined
}

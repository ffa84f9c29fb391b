/**
 * Configured identities for the blockchain API's `/v1/identity/{address}` and the forward lookup of their names: a
 * name and an avatar per address (the sandbox seeds two for anvil's accounts 0 and 1). Names registered through the
 * profile endpoints come first; these answer for the rest.
 */
import { type Address, getAddress } from "viem"

/** A configured identity: an address and its name, which is also the id of its avatar on `/public/getAssetImage`. */
export interface Identity {
  readonly address: Address
  readonly name: string
}

/** Lookups over the configured identities, both ways, case-insensitive. */
export interface Identities {
  /** The name of `address`, or undefined for an address with none. */
  nameOf(address: Address): string | undefined
  /** The checksummed address a name points to, or undefined for an unknown name. */
  addressOf(name: string): Address | undefined
}

/**
 * Lookups over `list`.
 * @example
 * ```ts
 * const identities = makeIdentities([{ address: "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266", name: "sandbox.airlock" }])
 * identities.addressOf("SANDBOX.airlock") // "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
 * ```
 */
export const makeIdentities = (list: ReadonlyArray<Identity> = []): Identities => {
  const byAddress = new Map(list.map((identity) => [identity.address.toLowerCase(), identity.name.toLowerCase()]))
  const byName = new Map(list.map((identity) => [identity.name.toLowerCase(), getAddress(identity.address)]))
  return {
    nameOf: (address) => byAddress.get(address.toLowerCase()),
    addressOf: (name) => byName.get(name.toLowerCase())
  }
}

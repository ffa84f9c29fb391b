/**
 * An operator's wallet registry file: wallets to add to (or override in) the shipped snapshot, or to serve instead of
 * it. Every entry is decoded with the client's `WalletListing` schema; one bad entry refuses the whole file, naming it.
 */
import { readFileSync } from "node:fs"
import * as Schema from "effect/Schema"
import { WalletListing } from "../../core/schema/wallet.ts"

/** Why a registry file was refused: the file and, when one entry is at fault, that entry. */
export class RegistryFileError extends Error {
  override readonly name = "RegistryFileError"
}

const linkKeys = [
  "image_url",
  "homepage",
  "mobile_link",
  "desktop_link",
  "webapp_link",
  "app_store",
  "play_store",
  "chrome_store"
] as const

/** Largest registry file read, in bytes: a registry is a list of wallets, not a data dump. */
export const maxRegistryFileBytes = 20_000_000

const imageIdPattern = /^[\w.:-]{1,128}$/

const entryName = (index: number, entry: unknown): string => {
  const id = typeof entry === "object" && entry !== null ? (entry as { id?: unknown }).id : undefined
  return typeof id === "string" ? `wallets[${index}] (id "${id.slice(0, 80)}")` : `wallets[${index}]`
}

/**
 * Decodes a registry file's content: a JSON array of wallets, or an object with a `wallets` array (the snapshot's own
 * shape). Throws {@link RegistryFileError} naming the first bad entry: a missing or wrong field, an unsafe link (the
 * client would drop it silently), an image id unfit for a URL, or an id listed twice.
 * @example
 * ```ts
 * parseRegistryFile('[{ "id": "my-wallet", "name": "My Wallet", "rdns": "com.example.wallet" }]', "wallets.json")
 * ```
 */
export const parseRegistryFile = (text: string, label: string): ReadonlyArray<WalletListing> => {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch (e) {
    throw new RegistryFileError(`Registry file ${label} is not JSON: ${(e as Error).message}`)
  }
  const entries = Array.isArray(json)
    ? json
    : typeof json === "object" && json !== null && Array.isArray((json as { wallets?: unknown }).wallets)
      ? ((json as { wallets: Array<unknown> }).wallets as Array<unknown>)
      : undefined
  if (entries === undefined) {
    throw new RegistryFileError(
      `Registry file ${label} must be an array of wallets or an object with a "wallets" array`
    )
  }
  const seen = new Set<string>()
  return entries.map((entry, index) => {
    const where = `Registry file ${label}: ${entryName(index, entry)}`
    const decoded = Schema.decodeUnknownExit(WalletListing)(entry)
    if (decoded._tag === "Failure") {
      const cause = String(decoded.cause).replace(/\s+/g, " ").slice(0, 300)
      throw new RegistryFileError(`${where} is not a wallet listing: ${cause}`)
    }
    const wallet = decoded.value
    if (wallet.id.trim() === "" || wallet.id.length > 200)
      throw new RegistryFileError(`${where}: id must be 1 to 200 characters`)
    if (seen.has(wallet.id)) throw new RegistryFileError(`${where}: id listed twice`)
    seen.add(wallet.id)
    if (wallet.image_id != null && !imageIdPattern.test(wallet.image_id)) {
      throw new RegistryFileError(`${where}: image_id must be 1 to 128 letters, digits, ".", ":", "_" or "-"`)
    }
    const raw = entry as Record<string, unknown>
    for (const key of linkKeys) {
      if (typeof raw[key] === "string" && wallet[key] == null) {
        throw new RegistryFileError(`${where}: ${key} is not a safe URL (${String(raw[key]).slice(0, 80)})`)
      }
    }
    return wallet
  })
}

/**
 * Reads and decodes an operator's registry file (see {@link parseRegistryFile}).
 * @example
 * ```ts
 * import { makeRegistry } from "../api/registry.ts"
 * const extra = loadRegistryFile("/etc/airlock/wallets.json")
 * const registry = makeRegistry({ extend: extra })
 * ```
 */
export const loadRegistryFile = (path: string): ReadonlyArray<WalletListing> => {
  let text: string
  try {
    text = readFileSync(path, "utf8")
  } catch (e) {
    throw new RegistryFileError(`Cannot read registry file ${path}: ${(e as Error).message}`)
  }
  if (Buffer.byteLength(text) > maxRegistryFileBytes) {
    throw new RegistryFileError(`Registry file ${path} is larger than ${maxRegistryFileBytes} bytes`)
  }
  return parseRegistryFile(text, path)
}

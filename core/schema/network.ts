import * as Schema from "effect/Schema"
import { checkCaipAddress, checkCaipNetworkId } from "./checks.ts"
import { ChainNamespace } from "./namespace.ts"

/**
 * A CAIP-2 network id, `namespace:reference` with a known namespace (e.g. `eip155:1`).
 * @example
 * ```ts
 * import * as Schema from "effect/Schema"
 * const id = Schema.decodeUnknownSync(CaipNetworkId)("eip155:8453")
 * ```
 */
export const CaipNetworkId = Schema.String.check(Schema.makeFilter(checkCaipNetworkId)).pipe(
  Schema.brand("CaipNetworkId")
)
/** A CAIP-2 network id such as `eip155:1`. */
export type CaipNetworkId = typeof CaipNetworkId.Type

/**
 * A CAIP-10 account address, `namespace:reference:address`: 3 non-empty parts and a known namespace (SPEC §5).
 * A failed decode reads 'Invalid CAIP Address'.
 * @example
 * ```ts
 * import * as Schema from "effect/Schema"
 * Schema.is(CaipAddress)("eip155:1:0xabc") // true
 * ```
 */
export const CaipAddress = Schema.String.check(Schema.makeFilter(checkCaipAddress)).pipe(Schema.brand("CaipAddress"))
/** A CAIP-10 account address such as `eip155:1:0xabc…`. */
export type CaipAddress = typeof CaipAddress.Type

/**
 * True when the value is a valid CAIP-2 network id.
 * @example
 * ```ts
 * isCaipNetworkId("solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp") // true
 * ```
 */
/**
 * True when the value is a valid CAIP-10 address.
 * @example
 * ```ts
 * isCaipAddress("eip155:1") // false: only 2 parts
 * ```
 */
export { isCaipAddress, isCaipNetworkId } from "./checks.ts"

/** The parts of a CAIP-10 address. */
export interface ParsedCaipAddress {
  readonly chainNamespace: ChainNamespace
  readonly chainId: string
  readonly address: string
  readonly caipNetworkId: CaipNetworkId
}

/**
 * Splits a CAIP-10 address into namespace, chain id and address; throws 'Invalid CAIP Address' when malformed.
 * @example
 * ```ts
 * parseCaipAddress("eip155:1:0xabc").address // "0xabc"
 * ```
 */
export const parseCaipAddress = (caipAddress: string): ParsedCaipAddress => {
  if (checkCaipAddress(caipAddress) !== true) throw new Error("Invalid CAIP Address")
  const [chainNamespace, chainId, address] = caipAddress.split(":") as [ChainNamespace, string, string]
  return { chainNamespace, chainId, address, caipNetworkId: `${chainNamespace}:${chainId}` as CaipNetworkId }
}

/** The parts of a CAIP-2 network id. */
export interface ParsedCaipNetworkId {
  readonly chainNamespace: ChainNamespace
  readonly chainId: string
}

/**
 * Splits a CAIP-2 network id into namespace and chain reference; throws when malformed.
 * @example
 * ```ts
 * parseCaipNetworkId("eip155:10").chainId // "10"
 * ```
 */
export const parseCaipNetworkId = (caipNetworkId: string): ParsedCaipNetworkId => {
  const problem = checkCaipNetworkId(caipNetworkId)
  if (problem !== true) throw new Error(problem)
  const [chainNamespace, chainId] = caipNetworkId.split(":") as [ChainNamespace, string]
  return { chainNamespace, chainId }
}

/**
 * Builds a CAIP network id from a namespace and a chain id.
 * @example
 * ```ts
 * makeCaipNetworkId("eip155", 1) // "eip155:1"
 * ```
 */
export const makeCaipNetworkId = (chainNamespace: ChainNamespace, chainId: string | number): CaipNetworkId =>
  CaipNetworkId.make(`${chainNamespace}:${chainId}`)

/**
 * Builds a CAIP-10 address from namespace, network id and address (SPEC §4: the account address is rebuilt this way
 * on a network switch); throws 'Invalid CAIP Address' when a part is empty.
 * @example
 * ```ts
 * makeCaipAddress("eip155", 8453, "0xabc") // "eip155:8453:0xabc"
 * ```
 */
export const makeCaipAddress = (
  chainNamespace: ChainNamespace,
  chainId: string | number,
  address: string
): CaipAddress => {
  const value = `${chainNamespace}:${chainId}:${address}`
  if (checkCaipAddress(value) !== true) throw new Error("Invalid CAIP Address")
  return value as CaipAddress
}

const RpcUrlList = Schema.Struct({
  http: Schema.Array(Schema.String),
  webSocket: Schema.optionalKey(Schema.Array(Schema.String))
})

/**
 * A block explorer link of a network.
 * @example
 * ```ts
 * const e: BlockExplorer = { name: "Etherscan", url: "https://etherscan.io" }
 * ```
 */
export const BlockExplorer = Schema.Struct({
  name: Schema.String,
  url: Schema.String,
  apiUrl: Schema.optionalKey(Schema.String)
})
/** A block explorer link of a network. */
export type BlockExplorer = typeof BlockExplorer.Type

/**
 * The native currency of a network.
 * @example
 * ```ts
 * const eth: NativeCurrency = { name: "Ether", symbol: "ETH", decimals: 18 }
 * ```
 */
export const NativeCurrency = Schema.Struct({
  name: Schema.String,
  symbol: Schema.String,
  decimals: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))
})
/** The native currency of a network. */
export type NativeCurrency = typeof NativeCurrency.Type

/**
 * A network (SPEC §3). Its `caipNetworkId` must equal `chainNamespace:id`. The shape is a superset of viem's `Chain`
 * for EVM networks, so an eip155 network can be handed to viem as is.
 * @example
 * ```ts
 * import * as Schema from "effect/Schema"
 * const anvil = Schema.decodeUnknownSync(CaipNetwork)({
 *   id: 31337, caipNetworkId: "eip155:31337", chainNamespace: "eip155", name: "Anvil",
 *   nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
 *   rpcUrls: { default: { http: ["http://127.0.0.1:8545"] } }
 * })
 * ```
 */
export const CaipNetwork = Schema.Struct({
  id: Schema.Union([Schema.Number, Schema.String]),
  caipNetworkId: CaipNetworkId,
  chainNamespace: ChainNamespace,
  name: Schema.String,
  nativeCurrency: NativeCurrency,
  rpcUrls: Schema.Struct({
    default: RpcUrlList,
    chainDefault: Schema.optionalKey(RpcUrlList)
  }),
  blockExplorers: Schema.optionalKey(Schema.Struct({ default: BlockExplorer })),
  testnet: Schema.optionalKey(Schema.Boolean),
  assets: Schema.optionalKey(
    Schema.Struct({
      imageId: Schema.optionalKey(Schema.String),
      imageUrl: Schema.optionalKey(Schema.String)
    })
  )
}).check(
  Schema.makeFilter((network) =>
    network.caipNetworkId === `${network.chainNamespace}:${network.id}`
      ? undefined
      : { path: ["caipNetworkId"], issue: `Expected "${network.chainNamespace}:${network.id}"` }
  )
)
/** A network (SPEC §3). */
export type CaipNetwork = typeof CaipNetwork.Type

/**
 * The NFTs endpoint (Airlock's extension of the blockchain API, docs/api-extensions.md), read from the chains: every
 * token of a configured collection (the sandbox's Airlock Punks) an address owns now (`ownerOf` of each minted id, so
 * a transfer shows at once), with the name and description its `tokenURI` metadata gives, and an image from the API's
 * image route.
 */
import type { Address } from "viem"
import type { Nft } from "../../core/schema/api/nfts.ts"
import type { ApiChain } from "./chains.ts"

const punkAbi = [
  { type: "function", name: "totalSupply", stateMutability: "view", inputs: [], outputs: [{ type: "uint256" }] },
  { type: "function", name: "name", stateMutability: "view", inputs: [], outputs: [{ type: "string" }] },
  { type: "function", name: "symbol", stateMutability: "view", inputs: [], outputs: [{ type: "string" }] },
  {
    type: "function",
    name: "ownerOf",
    stateMutability: "view",
    inputs: [{ type: "uint256" }],
    outputs: [{ type: "address" }]
  },
  {
    type: "function",
    name: "tokenURI",
    stateMutability: "view",
    inputs: [{ type: "uint256" }],
    outputs: [{ type: "string" }]
  }
] as const

/** A collection holds at most this many ids the sandbox reads (its seed mints 5). */
const maxIds = 1_000n

/** The `name` and `description` of a `data:application/json;base64,` token URI, when it is one. */
const metadataOf = (uri: string): { readonly name?: string; readonly description?: string } => {
  const prefix = "data:application/json;base64,"
  if (!uri.startsWith(prefix)) return {}
  try {
    const json = JSON.parse(Buffer.from(uri.slice(prefix.length), "base64").toString("utf8")) as Record<string, unknown>
    return {
      ...(typeof json.name === "string" ? { name: json.name } : {}),
      ...(typeof json.description === "string" ? { description: json.description } : {})
    }
  } catch {
    return {}
  }
}

/** Every NFT `owner` holds on `chain` now, collection by collection as configured, each in token id order. */
export const nftsOf = async (
  chain: ApiChain,
  owner: Address,
  image: (chainId: number, contract: Address, tokenId: bigint) => string
): Promise<ReadonlyArray<Nft>> =>
  (await Promise.all(chain.nfts.map((contract) => collectionNfts(chain, contract, owner, image)))).flat()

const collectionNfts = async (
  chain: ApiChain,
  contract: Address,
  owner: Address,
  image: (chainId: number, contract: Address, tokenId: bigint) => string
): Promise<ReadonlyArray<Nft>> => {
  const read = <A>(functionName: "totalSupply" | "name" | "symbol", args: ReadonlyArray<unknown> = []) =>
    chain.client.readContract({ address: contract, abi: punkAbi, functionName, args } as never) as Promise<A>
  const [supply, collection, symbol] = await Promise.all([
    read<bigint>("totalSupply"),
    read<string>("name"),
    read<string>("symbol")
  ])
  const ids = Array.from({ length: Number(supply < maxIds ? supply : maxIds) }, (_, i) => BigInt(i + 1))
  const owners = await Promise.all(
    ids.map((id) =>
      chain.client
        .readContract({ address: contract, abi: punkAbi, functionName: "ownerOf", args: [id] })
        .catch(() => undefined)
    )
  )
  const mine = ids.filter((_, i) => owners[i]?.toLowerCase() === owner.toLowerCase())
  return Promise.all(
    mine.map(async (id): Promise<Nft> => {
      const uri = await chain.client.readContract({
        address: contract,
        abi: punkAbi,
        functionName: "tokenURI",
        args: [id]
      })
      const meta = metadataOf(uri)
      return {
        id: `${chain.caipNetworkId}:${contract}:${id}`,
        chainId: chain.caipNetworkId,
        contract: `${chain.caipNetworkId}:${contract}`,
        tokenId: id.toString(),
        name: meta.name ?? `${collection} #${id}`,
        collection: { name: collection, symbol },
        imageUrl: image(chain.chainId, contract, id),
        ...(meta.description === undefined ? {} : { description: meta.description }),
        standard: "erc721",
        isSpam: false
      }
    })
  )
}

/**
 * The sandbox wallet registry: a few well-known wallets plus hundreds generated from a seeded PRNG, the same on every
 * run, so All Wallets scrolling, search and pagination see a realistic list with no hosted registry. The production
 * server serves the real snapshot instead (`server/registry/`).
 */
import { createHash } from "node:crypto"
import type { WalletListing } from "../../core/schema/wallet.ts"
import { makeRegistry, type Registry } from "./registry.ts"

/** CAIP network ids the registry's wallets claim. */
export const registryChains = {
  ethereum: "eip155:1",
  base: "eip155:8453",
  optimism: "eip155:10",
  polygon: "eip155:137",
  arbitrum: "eip155:42161",
  solana: "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
  bitcoin: "bip122:000000000019d6689c085ae165831e93"
} as const

const evm = [registryChains.ethereum, registryChains.base, registryChains.optimism, registryChains.polygon]

/** How many wallets the generated part adds to the well-known ones (650 in all). */
export const generatedWalletCount = 639

/**
 * Registry id of the Sandbox Mobile Wallet (a WalletConnect wallet, no browser extension): its mobile and web app
 * links point at its page on the demo server once the sandbox knows that page's URL (`Registry.linkMobileWallet`).
 */
export const sandboxMobileWalletId = sha("dev.airlock.sandbox.mobile")

interface KnownWallet {
  readonly id: string
  readonly name: string
  readonly rdns: string
  readonly chains: ReadonlyArray<string>
  readonly slug: string
}

// Ids of the first five are the public registry's ids, so featuredWalletIds copied from an AppKit app still match.
const known: ReadonlyArray<KnownWallet> = [
  {
    id: "c57ca95b47569778a828d19178114f4db188b89b763c899ba0be274e97267d96",
    name: "MetaMask",
    rdns: "io.metamask",
    chains: [...evm, registryChains.arbitrum, registryChains.solana],
    slug: "metamask"
  },
  {
    id: "fd20dc426fb37566d803205b19bbc1d4096b248ac04548e3cfb6b3a38bd033aa",
    name: "Coinbase Wallet",
    rdns: "com.coinbase.wallet",
    chains: [...evm, registryChains.solana],
    slug: "coinbase"
  },
  {
    id: "4622a2b2d6af1c9844944291e5e7351a6aa24cd7b23099efac1b2fd875da31a0",
    name: "Trust Wallet",
    rdns: "com.trustwallet.app",
    chains: [...evm, registryChains.solana, registryChains.bitcoin],
    slug: "trust"
  },
  {
    id: "1ae92b26df02f0abca6304df07debccd18262fdf5fe82daa81593582dac9a369",
    name: "Rainbow",
    rdns: "me.rainbow",
    chains: evm,
    slug: "rainbow"
  },
  {
    id: "a797aa35c0fadbfc1a53e7f675162ed5226968b44a19ee3d24385c64d1d3c393",
    name: "Phantom",
    rdns: "app.phantom",
    chains: [registryChains.solana, registryChains.ethereum, registryChains.base, registryChains.bitcoin],
    slug: "phantom"
  },
  {
    id: sha("dev.airlock.sandbox"),
    name: "Sandbox Wallet",
    rdns: "dev.airlock.sandbox",
    chains: [registryChains.ethereum, registryChains.base, "eip155:31337", registryChains.solana],
    slug: "sandbox"
  },
  {
    id: sha("io.zerion.wallet"),
    name: "Zerion",
    rdns: "io.zerion.wallet",
    chains: evm,
    slug: "zerion"
  },
  {
    id: sha("com.okex.wallet"),
    name: "OKX Wallet",
    rdns: "com.okex.wallet",
    chains: [...evm, registryChains.solana, registryChains.bitcoin],
    slug: "okx"
  },
  {
    id: sha("com.ledger"),
    name: "Ledger Live",
    rdns: "com.ledger",
    chains: [...evm, registryChains.solana, registryChains.bitcoin],
    slug: "ledger"
  },
  {
    id: sha("app.backpack"),
    name: "Backpack",
    rdns: "app.backpack",
    chains: [registryChains.solana, registryChains.ethereum],
    slug: "backpack"
  }
]

function sha(input: string): string {
  return createHash("sha256").update(input).digest("hex")
}

// mulberry32: tiny, fast and fully determined by its seed, which is all a fixture list needs.
const prng = (seed: number) => {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const prefixes = ["Nova", "Orbit", "Lumen", "Atlas", "Echo", "Vertex", "Harbor", "Pixel", "Summit", "Quartz", "Ember"]
const suffixes = ["Wallet", "Vault", "Keys", "Pay", "Safe", "Pocket"]
const chainSets: ReadonlyArray<ReadonlyArray<string>> = [
  [registryChains.ethereum],
  [registryChains.ethereum, registryChains.base],
  evm,
  [registryChains.solana],
  [registryChains.ethereum, registryChains.solana],
  [registryChains.base],
  [registryChains.bitcoin, registryChains.ethereum],
  [...evm, registryChains.arbitrum, registryChains.solana]
]

const links = (slug: string, pick: () => number) => ({
  homepage: `http://127.0.0.1/wallets/${slug}`,
  mobile_link: pick() < 0.8 ? `${slug}://` : null,
  desktop_link: pick() < 0.3 ? `${slug}-desktop://` : null,
  webapp_link: pick() < 0.25 ? `http://127.0.0.1/wallets/${slug}/app` : null,
  app_store: null,
  play_store: null,
  chrome_store: null
})

/**
 * The sandbox's wallets: the well-known ones, the Sandbox Mobile Wallet, then the generated ones (the same list on
 * every call).
 * @example
 * ```ts
 * sandboxWallets().length // 650
 * ```
 */
export const sandboxWallets = (): ReadonlyArray<WalletListing> => {
  const pick = prng(0xa1_12_0c_c5)
  const wallets: Array<WalletListing> = known.map((w, order) => ({
    id: w.id,
    name: w.name,
    image_id: sha(`image:${w.id}`),
    ...links(w.slug, () => 0),
    rdns: w.rdns,
    chains: w.chains,
    injected: [{ namespace: "eip155", injected_id: w.rdns }],
    badge_type: "certified",
    order
  }))
  wallets.push({
    id: sandboxMobileWalletId,
    name: "Sandbox Mobile Wallet",
    image_id: sha(`image:${sandboxMobileWalletId}`),
    homepage: null,
    mobile_link: null,
    desktop_link: null,
    webapp_link: null,
    app_store: null,
    play_store: null,
    chrome_store: null,
    rdns: null,
    chains: [registryChains.ethereum, registryChains.base],
    badge_type: "certified",
    order: known.length
  })
  for (let n = 1; n <= generatedWalletCount; n++) {
    const name = `${prefixes[n % prefixes.length]} ${suffixes[Math.floor(n / prefixes.length) % suffixes.length]} ${n}`
    const slug = name.toLowerCase().replace(/\s+/g, "-")
    const id = sha(`airlock-sandbox-wallet:${n}`)
    const hasRdns = pick() < 0.4
    wallets.push({
      id,
      name,
      image_id: sha(`image:${id}`),
      ...links(slug, pick),
      rdns: hasRdns ? `dev.airlock.generated.${slug.replace(/-/g, "")}` : null,
      chains: chainSets[Math.floor(pick() * chainSets.length)]!,
      badge_type: pick() < 0.15 ? "certified" : "none",
      order: known.length + 1 + n
    })
  }
  return wallets
}

/**
 * The sandbox's registry (650 wallets, deterministic); its Sandbox Mobile Wallet can be linked to its page.
 * @example
 * ```ts
 * const registry = makeSandboxRegistry()
 * registry.linkMobileWallet("http://127.0.0.1:5173/mobile-wallet/")
 * ```
 */
export const makeSandboxRegistry = (): Registry =>
  makeRegistry({ wallets: sandboxWallets(), mobileWalletId: sandboxMobileWalletId })

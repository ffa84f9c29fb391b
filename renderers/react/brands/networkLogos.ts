/**
 * The networks' marks, drawn for Airlock: simple shapes after each chain's logo, in its colour. Data only (no code,
 * no imports but a type), fetched as a chunk of its own the first time a network without an image is drawn, so the
 * buttons' first load and the modal never carry them.
 */
import type { Logo } from "./logo.ts"

const disc = "M2 12a10 10 0 1 0 20 0a10 10 0 1 0-20 0Z"
const white = "#fff"

const ethereum: Logo = [
  ["#627EEA", disc],
  [white, "M12 4.2 7.3 12l4.7 2.8 4.7-2.8ZM7.3 12.9l4.7 6.9 4.7-6.9-4.7 2.8Z"]
]
const optimism: Logo = [
  ["#FF0420", disc],
  [white, "M6.3 12a2.6 3 0 1 0 5.2 0a2.6 3 0 1 0-5.2 0", 1.7],
  [white, "M14 15.2V8.8h2.4a1.9 1.9 0 0 1 0 3.8H14", 1.7]
]
const bnb: Logo = [
  ["#F0B90B", disc],
  [
    white,
    "M12 5.2 16.1 9.3 14.7 10.7 12 8 9.3 10.7 7.9 9.3ZM12 18.8 16.1 14.7 14.7 13.3 12 16 9.3 13.3 7.9 14.7ZM12 10.3 13.7 12 12 13.7 10.3 12ZM5.2 12 6.8 10.4 8.4 12 6.8 13.6ZM15.6 12 17.2 10.4 18.8 12 17.2 13.6Z"
  ]
]
const gnosis: Logo = [
  ["#133629", disc],
  [
    "#F0EBDE",
    "M6.4 10.5a2.6 2.6 0 1 0 5.2 0a2.6 2.6 0 1 0-5.2 0M12.4 10.5a2.6 2.6 0 1 0 5.2 0a2.6 2.6 0 1 0-5.2 0",
    1.5
  ],
  ["#F0EBDE", "M8 15.5 12 18l4-2.5", 1.5]
]
const polygon: Logo = [
  ["#8247E5", disc],
  [
    white,
    "M14.6 9.4 12.4 8.1 9.6 9.7v3.2M9.4 14.6l2.2 1.3 2.8-1.6v-3.2M9.6 12.9 7 14.4 4.4 12.9V9.9L7 8.4l2.6 1.5M14.4 11.1l2.6-1.5 2.6 1.5v3l-2.6 1.5-2.6-1.5",
    1.4
  ]
]
const fantom: Logo = [
  ["#1969FF", disc],
  [white, "M12 5.5 16.5 8v8L12 18.5 7.5 16V8ZM7.5 8 12 10.7 16.5 8M12 10.7v7.8", 1.4]
]
const zksync: Logo = [
  ["#1E1E1E", disc],
  [white, "M9.5 7.5 5 12l4.5 4.5V13.6L12 12H9.5ZM14.5 16.5 19 12l-4.5-4.5v2.9L12 12h2.5Z"]
]
const mantle: Logo = [
  ["#000", disc],
  [white, "M6.5 12a5.5 5.5 0 1 0 11 0a5.5 5.5 0 1 0-11 0", 1.6],
  [white, "M12 3.8v2.4M12 17.8v2.4M3.8 12h2.4M17.8 12h2.4", 1.6]
]
const klaytn: Logo = [
  ["#FF5A00", disc],
  [white, "M8.5 6.5v11M15.5 6.5 9 12l6.5 5.5", 2]
]
const base: Logo = [["#0052FF", `${disc}M1.5 10.8h10v2.4h-10Z`]]
const arbitrum: Logo = [
  ["#213147", "M12 2.2 20.5 7.1v9.8L12 21.8 3.5 16.9V7.1Z"],
  ["#12AAFF", "M13.6 8.6l3.6 8.6", 1.8],
  [white, "M7.2 16.8 11 7.6h2", 1.8]
]
const celo: Logo = [
  ["#35D07F", "M4 14.5a5.5 5.5 0 1 0 11 0a5.5 5.5 0 1 0-11 0", 2],
  ["#FBCC5C", "M9 9.5a5.5 5.5 0 1 0 11 0a5.5 5.5 0 1 0-11 0", 2]
]
const avalanche: Logo = [
  ["#E84142", disc],
  [white, "M11 6.2 5.6 16.2h4.4l3.1-5.9ZM14.6 12.1l-2.4 4.1h4.8Z"]
]
const linea: Logo = [
  ["#121212", disc],
  [white, "M8.5 6.5v10.5h7", 2],
  ["#61DFFF", "M15.2 7.6a1.4 1.4 0 1 0 2.8 0a1.4 1.4 0 1 0-2.8 0Z"]
]
const blast: Logo = [
  ["#000", disc],
  ["#FCFC03", "M6.5 7.5h10l-1.5 4H9M8.8 11.5h7.7l-1.5 5H5.5", 1.8]
]
const scroll: Logo = [
  ["#FFEEDA", disc],
  [
    "#62402A",
    "M8.5 7h8a1.5 1.5 0 0 1 1.5 1.5V15M8.5 7A1.5 1.5 0 0 0 7 8.5V16a2 2 0 0 0 2 2h7.5M9 18a2 2 0 0 0 2-2v-1h7",
    1.4
  ]
]
const zora: Logo = [
  ["#5B5BD6", disc],
  ["#A0C4FF", "M7 9.5a4 3.5 0 1 0 8 0a4 3.5 0 1 0-8 0Z"],
  ["#D8ECFF", "M9 8.7a1.8 1.5 0 1 0 3.6 0a1.8 1.5 0 1 0-3.6 0Z"]
]
const aurora: Logo = [
  ["#70D44B", disc],
  [white, "M12 6.5l5.5 10h-11Z", 1.8]
]
const solana: Logo = [
  ["#000", disc],
  ["#14F195", "M8.3 6.8h10.4l-2 2.2H6.3Z"],
  ["#64A8F0", "M6.3 10.9h10.4l2 2.2H8.3Z"],
  ["#9945FF", "M8.3 15h10.4l-2 2.2H6.3Z"]
]

/** Each network's mark by CAIP network id; test networks wear their main network's. */
export const networkLogos: Readonly<Record<string, Logo>> = {
  "eip155:1": ethereum,
  "eip155:11155111": ethereum,
  "eip155:10": optimism,
  "eip155:11155420": optimism,
  "eip155:56": bnb,
  "eip155:100": gnosis,
  "eip155:137": polygon,
  "eip155:80002": polygon,
  "eip155:1101": polygon,
  "eip155:250": fantom,
  "eip155:324": zksync,
  "eip155:5000": mantle,
  "eip155:8217": klaytn,
  "eip155:8453": base,
  "eip155:84532": base,
  "eip155:42161": arbitrum,
  "eip155:421614": arbitrum,
  "eip155:42220": celo,
  "eip155:43114": avalanche,
  "eip155:59144": linea,
  "eip155:81457": blast,
  "eip155:534352": scroll,
  "eip155:7777777": zora,
  "eip155:1313161554": aurora,
  "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp": solana,
  "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1": solana,
  "solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z": solana,
  "solana:Djv2CVqXGt2vsN5ZVJSu1gRppWA6K3Q5": solana
}

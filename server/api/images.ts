/**
 * Generated SVG images for wallets, networks, currencies and tokens: a coloured tile with a short label, derived from
 * the id, so every image endpoint answers a real picture with no assets on disk.
 */
import { createHash } from "node:crypto"

const escapeXml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c] ?? c)

/** Up to three initials of `label` ("Nova Wallet 12" gives "NW1", "usdc" gives "USD"). */
export const initials = (label: string): string => {
  const words = label.split(/[\s._-]+/).filter((w) => w.length > 0)
  const letters = words.length > 1 ? words.map((w) => w[0]).join("") : (words[0] ?? "?")
  return letters.slice(0, 3).toUpperCase()
}

/**
 * A 96×96 SVG tile whose colour comes from `seed` and whose text is `label`'s initials.
 * @example
 * ```ts
 * const image = tileSvg("c57ca95b…", "MetaMask") // "<svg …>…MET…</svg>"
 * ```
 */
export const tileSvg = (seed: string, label: string): string => {
  const hue = createHash("sha256").update(seed).digest().readUInt16BE(0) % 360
  const text = escapeXml(initials(label))
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96" role="img">` +
    `<title>${escapeXml(label)}</title>` +
    `<rect width="96" height="96" rx="24" fill="hsl(${hue} 65% 45%)"/>` +
    `<text x="48" y="58" font-family="sans-serif" font-size="28" font-weight="700" fill="#fff" text-anchor="middle">` +
    `${text}</text></svg>`
  )
}

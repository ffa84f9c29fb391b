/**
 * The EIP-6963 wallets the page has seen announced, so humans and tests can check the Sandbox Wallet is injected.
 */
import { useEffect, useState } from "react"

/** What the demo shows of one announced wallet. */
export interface AnnouncedWallet {
  readonly uuid: string
  readonly name: string
  readonly rdns: string
  readonly icon: string
}

const readInfo = (event: Event): AnnouncedWallet | undefined => {
  const info = (event as CustomEvent<{ info?: Partial<AnnouncedWallet> } | null>).detail?.info
  if (info === undefined || typeof info.uuid !== "string" || typeof info.name !== "string") return undefined
  return {
    uuid: info.uuid,
    name: info.name,
    rdns: typeof info.rdns === "string" ? info.rdns : "",
    icon: typeof info.icon === "string" ? info.icon : ""
  }
}

/**
 * Listens for `eip6963:announceProvider` and asks every wallet to announce itself once more.
 * @example
 * ```tsx
 * const wallets = useAnnouncedWallets()
 * ```
 */
export const useAnnouncedWallets = (): ReadonlyArray<AnnouncedWallet> => {
  const [wallets, setWallets] = useState<ReadonlyArray<AnnouncedWallet>>([])
  useEffect(() => {
    const onAnnounce = (event: Event) => {
      const wallet = readInfo(event)
      if (wallet === undefined) return
      // A wallet re-announces on every request; one row per rdns (or uuid when it has none).
      const key = (w: AnnouncedWallet) => w.rdns || w.uuid
      setWallets((seen) => (seen.some((w) => key(w) === key(wallet)) ? seen : [...seen, wallet]))
    }
    window.addEventListener("eip6963:announceProvider", onAnnounce)
    window.dispatchEvent(new Event("eip6963:requestProvider"))
    return () => window.removeEventListener("eip6963:announceProvider", onAnnounce)
  }, [])
  return wallets
}

/**
 * Browser entry of the Sandbox Wallet (bundled into one IIFE by `build.ts`): reads its configuration, creates the
 * provider and announces it over EIP-6963, again on every `eip6963:requestProvider`.
 *
 * Configuration, first found wins: `window.__sandboxWallet`, else `?config=<JSON>` on the script's own `src` (for a
 * page whose CSP allows no inline script: `<script src="/wallet.js?config=...">`).
 * `?sandboxWallet=approve|reject|prompt` on the page URL overrides the configured mode.
 * With `solana` in the configuration, it also registers the Sandbox Solana Wallet over Wallet Standard
 * (`registerWallet` answers `wallet-standard:app-ready` too, so an app that loads later still finds it).
 */
import { registerWallet } from "@wallet-standard/wallet"
import { parseMode, type SandboxWalletConfig, walletName, walletRdns } from "./config.ts"
import { createSandboxProvider } from "./provider.ts"
import { createSandboxSolanaWallet } from "./solana.ts"

const icon =
  "data:image/svg+xml;base64," +
  btoa(
    "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'><defs><linearGradient id='g' x1='0' y1='0' x2='1' y2='1'>" +
      "<stop offset='0' stop-color='#ff8a00'/><stop offset='1' stop-color='#7a4dff'/></linearGradient></defs>" +
      "<rect width='32' height='32' rx='8' fill='url(#g)'/><path d='M9 20c0 2 2 3 5 3h4c3 0 5-1 5-4s-2-3-5-4h-4" +
      "c-3-1-5-1-5-4s2-3 5-3h4c3 0 5 1 5 3' fill='none' stroke='#fff' stroke-width='2.4' stroke-linecap='round'/></svg>"
  )

const randomUuid = (): string => {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID()
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  bytes[6] = (bytes[6]! & 0x0f) | 0x40
  bytes[8] = (bytes[8]! & 0x3f) | 0x80
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("")
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

const configFromScriptSrc = (): SandboxWalletConfig | undefined => {
  const script = document.currentScript
  if (!(script instanceof HTMLScriptElement) || !script.src) return undefined
  const raw = new URL(script.src).searchParams.get("config")
  if (!raw) return undefined
  try {
    return JSON.parse(raw) as SandboxWalletConfig
  } catch {
    console.warn("Sandbox Wallet: the script's ?config= is not JSON.")
    return undefined
  }
}

const install = () => {
  const marker = window as Window & { __sandboxWalletInstalled?: boolean }
  if (marker.__sandboxWalletInstalled) return
  const config = window.__sandboxWallet ?? configFromScriptSrc()
  if (!config || !Array.isArray(config.chains) || config.chains.length === 0) {
    console.warn(
      "Sandbox Wallet: no chains configured (window.__sandboxWallet or ?config=); the wallet is not injected."
    )
    return
  }
  marker.__sandboxWalletInstalled = true
  const mode = parseMode(new URLSearchParams(location.search).get("sandboxWallet")) ?? config.mode ?? "prompt"
  const provider = createSandboxProvider(config, mode)
  const info = Object.freeze({ uuid: randomUuid(), name: walletName, icon, rdns: walletRdns })
  const announce = () =>
    window.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail: Object.freeze({ info, provider }) }))
  window.addEventListener("eip6963:requestProvider", announce)
  announce()
  if (config.solana) {
    registerWallet(
      createSandboxSolanaWallet(
        { solana: config.solana, ...(config.persist === undefined ? {} : { persist: config.persist }) },
        mode
      )
    )
  }
  if (config.windowEthereum && !("ethereum" in window)) {
    Object.defineProperty(window, "ethereum", { value: provider, configurable: true })
  }
}

install()

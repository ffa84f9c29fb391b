import { beforeAll, describe, expect, test } from "vitest"
import { page, userEvent } from "vitest/browser"
import type { AirlockAdapter } from "../../../core/adapter/AirlockAdapter.ts"
import type { WalletListing } from "../../../core/schema/wallet.ts"
import { renderAirlock, skipAnimations } from "./setup.tsx"

beforeAll(() => skipAnimations())

// WalletConnect on a phone: the pairing opens the chosen wallet's app by its link; no QR code to scan with the phone
// that shows it. A pairing adapter offers its URI and waits for the wallet, as `walletConnect()` does.

const uri = "wc:0123abcd@2?relay-protocol=irn&symKey=00"

const pairing: AirlockAdapter = {
  namespace: "eip155",
  watchConnectors: (onChange) => {
    onChange([{ id: "walletConnect", type: "WALLET_CONNECT", name: "WalletConnect", chain: "eip155" }])
    return () => {}
  },
  load: async () => ({
    connect: ({ onUri }) =>
      new Promise(() => {
        onUri?.(uri)
      })
  })
}

const wallets: ReadonlyArray<WalletListing> = [
  { id: "phone-wallet", name: "Phone Wallet", mobile_link: "phonewallet://", webapp_link: "https://phone.example/app" },
  { id: "web-wallet", name: "Web Wallet", webapp_link: "https://web.example/app" }
]

const connecting = async (isMobile: boolean, walletId?: string) => {
  const { client, button } = await renderAirlock({
    adapters: [pairing],
    walletApi: { wallets },
    platform: { isMobile: () => isMobile }
  })
  await userEvent.click(button)
  // Without a wallet: the plain pairing, as an app opens it itself (the WalletConnect row leads to All Wallets).
  if (walletId === undefined) await client.open({ view: "ConnectingWalletConnect" })
  else client.push("ConnectingWalletConnect", { walletId })
  await expect.element(page.getByRole("button", { name: "Copy link" })).toBeVisible()
  return client
}

/** The view's links and buttons, in order, by their text. */
const actions = () =>
  [...document.querySelectorAll("dialog .airlock-walletconnect :is(a, button)")].map((node) => node.textContent)

describe("ConnectingWalletConnect on a phone", () => {
  test("shows no QR code for a wallet with no phone app: its web app and Copy link", async () => {
    await connecting(true, "web-wallet")
    expect(actions()).toEqual(["Open Web Wallet web app", "Copy link"])
    expect(document.querySelector("dialog .airlock-qr")).toBeNull()
    await expect.element(page.getByText("Continue in Web Wallet")).toBeVisible()
  })

  test("the plain pairing: no QR code, 'Continue in your wallet', Copy link and All Wallets", async () => {
    await connecting(true)
    await expect.element(page.getByText("Continue in your wallet")).toBeVisible()
    expect(actions()).toEqual(["Copy link", "All Wallets"])
    expect(document.querySelector("dialog .airlock-qr")).toBeNull()
  })

  // Guards what already held: a wallet's own app first on a phone, the QR code on a desktop.
  test("offers 'Open {wallet}' first, then its web app and Copy link", async () => {
    await connecting(true, "phone-wallet")
    const open = page.getByRole("link", { name: "Open Phone Wallet", exact: true })
    await expect.element(open).toHaveAttribute("href", `phonewallet://wc?uri=${encodeURIComponent(uri)}`)
    expect(actions()).toEqual(["Open Phone Wallet", "Open Phone Wallet web app", "Copy link"])
    expect(document.querySelector("dialog .airlock-qr")).toBeNull()
  })

  test("on a desktop the QR code stays, named after the wallet", async () => {
    await connecting(false, "web-wallet")
    await expect.element(page.getByRole("img", { name: "WalletConnect QR code for Web Wallet" })).toBeVisible()
  })
})

describe("the Connect view's WalletConnect row", () => {
  const connectRow = async (isMobile: boolean) => {
    const { client, button } = await renderAirlock({
      adapters: [pairing],
      walletApi: { wallets },
      platform: { isMobile: () => isMobile }
    })
    await userEvent.click(button)
    await client.open({ view: "Connect" })
    const row = page.getByRole("dialog").getByRole("button", { name: /^WalletConnect/ })
    await expect.element(row).toBeVisible()
    return { client, row }
  }

  test("on a phone it carries no QR tag and leads to All Wallets, where a wallet opens by its link", async () => {
    const { client, row } = await connectRow(true)
    expect(row.element().textContent).toBe("WalletConnect")
    await userEvent.click(row)
    await expect.poll(() => client.getState().modal.view).toBe("AllWallets")
  })

  test("on a desktop it says QR and shows the QR code", async () => {
    const { client, row } = await connectRow(false)
    expect(row.element().textContent).toBe("WalletConnectQR")
    await userEvent.click(row)
    await expect.poll(() => client.getState().modal.view).toBe("ConnectingWalletConnect")
  })
})

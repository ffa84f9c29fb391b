import { useState } from "react"
import { afterEach, beforeAll, describe, expect, test } from "vitest"
import { page, userEvent } from "vitest/browser"
import { render } from "vitest-browser-react"
import { toAppKit } from "../../../adapters/appkit/index.ts"
import { base, mainnet } from "../../../core/networks/index.ts"
import { truncateAddress } from "../../../core/schema/format.ts"
import { fakeAccount, fakeAdapter } from "../../../core/testing/index.ts"
import { mountAppKit } from "../../../renderers/react/appkit/createAppKit.tsx"
import {
  type AppKitBalanceResult,
  AppKitButton,
  useAppKit,
  useAppKitAccount,
  useAppKitBalance,
  useAppKitConnection,
  useAppKitConnections,
  useAppKitEvents,
  useAppKitNetwork,
  useAppKitProvider,
  useAppKitState,
  useAppKitTheme,
  useDisconnect,
  useWalletInfo
} from "../../../renderers/react/appkit/index.ts"
import { readyAirlock, skipAnimations } from "./setup.tsx"

beforeAll(() => skipAnimations())

let unmount = () => {}
afterEach(() => unmount())

/** Every AppKit hook, outside any provider (as an AppKit app uses them), its values on screen. */
const Hooks = () => {
  const { open, close } = useAppKit()
  const account = useAppKitAccount()
  const { caipNetworkId, chainId, switchNetwork } = useAppKitNetwork()
  const state = useAppKitState()
  const event = useAppKitEvents()
  const { themeMode, setThemeMode } = useAppKitTheme()
  const { disconnect } = useDisconnect()
  const { walletInfo } = useWalletInfo()
  const { walletProvider, walletProviderType } = useAppKitProvider<{ request: unknown }>("eip155")
  const { fetchBalance } = useAppKitBalance()
  const { connections, recentConnections } = useAppKitConnections("eip155")
  const { connection } = useAppKitConnection({ namespace: "eip155" })
  const [balance, setBalance] = useState<AppKitBalanceResult | undefined>(undefined)
  const shown = {
    address: account.address ?? "",
    caipAddress: account.caipAddress ?? "",
    status: account.status,
    isConnected: String(account.isConnected),
    allAccounts: String(account.allAccounts.length),
    network: `${caipNetworkId ?? ""} ${String(chainId ?? "")}`,
    open: String(state.open),
    activeChain: state.activeChain ?? "",
    initialized: String(state.initialized),
    event: event?.data.event ?? "none",
    theme: themeMode,
    wallet: walletInfo?.name ?? "",
    provider: walletProvider === undefined ? "none" : `${typeof walletProvider.request} ${walletProviderType ?? ""}`,
    connections: `${connections.length} ${recentConnections.length} ${connection?.connectorId ?? ""}`,
    balance: balance === undefined ? "" : `${balance.isSuccess} ${balance.data?.balance} ${balance.data?.symbol}`
  }
  return (
    <>
      <AppKitButton />
      <button type="button" onClick={() => void open()}>
        Open
      </button>
      <button type="button" onClick={() => void open({ view: "Networks" })}>
        Networks
      </button>
      <button type="button" onClick={() => void close()}>
        Close it
      </button>
      <button type="button" onClick={() => void switchNetwork(base)}>
        To Base
      </button>
      <button type="button" onClick={() => setThemeMode("dark")}>
        Dark
      </button>
      <button type="button" onClick={() => void fetchBalance().then(setBalance)}>
        Balance
      </button>
      <button type="button" onClick={() => void disconnect()}>
        Disconnect
      </button>
      <dl>
        {Object.entries(shown).map(([key, value]) => (
          <div key={key}>
            <dt>{key}</dt>
            <dd data-testid={key}>{value}</dd>
          </div>
        ))}
      </dl>
    </>
  )
}

const shown = (key: string) => page.getByTestId(key)

describe("airlock-kit/appkit/react: AppKit's hooks without a provider", () => {
  test("open and close the modal, then connect, switch, theme, balance and disconnect, each hook with AppKit's shape", async () => {
    const { adapter } = fakeAdapter({ rpcBalance: "1.5" })
    const airlock = await readyAirlock({ adapters: [adapter], networks: [mainnet, base] })
    unmount = mountAppKit(toAppKit(airlock))
    await render(<Hooks />)
    await expect.element(shown("status")).toHaveTextContent("disconnected")
    await expect.element(shown("isConnected")).toHaveTextContent("false")
    await expect.element(shown("network")).toHaveTextContent("eip155:1 1")
    await expect.element(shown("initialized")).toHaveTextContent("true")
    await expect.element(shown("activeChain")).toHaveTextContent("eip155")
    await expect.element(shown("provider")).toHaveTextContent("none")

    // useAppKit().open(): Airlock's modal, rendered by mountAppKit at the end of <body>.
    await userEvent.click(page.getByRole("button", { name: "Open", exact: true }))
    await expect.element(page.getByRole("dialog", { name: "Connect Wallet" })).toBeVisible()
    await expect.element(shown("open")).toHaveTextContent("true")
    await expect.element(shown("event")).toHaveTextContent("MODAL_OPEN")
    // The modal covers the page: the app's own close (a keyboard shortcut, a timer) runs the hook's `close`.
    ;(page.getByRole("button", { name: "Close it" }).element() as HTMLButtonElement).click()
    await expect.element(shown("open")).toHaveTextContent("false")
    await expect.element(page.getByRole("dialog")).not.toBeInTheDocument()

    await airlock.connect("test.wallet")
    await expect.element(shown("address")).toHaveTextContent(fakeAccount)
    await expect.element(shown("caipAddress")).toHaveTextContent(`eip155:1:${fakeAccount}`)
    await expect.element(shown("status")).toHaveTextContent("connected")
    await expect.element(shown("allAccounts")).toHaveTextContent("1")
    await expect
      .element(shown("wallet"))
      .toHaveTextContent(airlock.getState().accounts.eip155.connectedWalletInfo?.name ?? "")
    const type = airlock.getState().connectors.find((c) => c.id === "test.wallet")?.type
    await expect.element(shown("provider")).toHaveTextContent(`function ${type}`)
    await expect.element(shown("connections")).toHaveTextContent("1 0 test.wallet")
    // AppKitButton (AppKit's <appkit-button />) shows the address once connected.
    await expect.element(page.getByRole("button", { name: truncateAddress(fakeAccount) })).toBeVisible()

    await userEvent.click(page.getByRole("button", { name: "To Base" }))
    await expect.element(shown("network")).toHaveTextContent("eip155:8453 8453")

    await userEvent.click(page.getByRole("button", { name: "Dark" }))
    await expect.element(shown("theme")).toHaveTextContent("dark")

    await userEvent.click(page.getByRole("button", { name: "Balance" }))
    await expect.element(shown("balance")).toHaveTextContent("true 1.5 ETH")

    await userEvent.click(page.getByRole("button", { name: "Disconnect" }))
    await expect.element(shown("status")).toHaveTextContent("disconnected")
    await expect.element(shown("address")).toHaveTextContent("")
    await expect.element(shown("provider")).toHaveTextContent("none")
    await expect.element(shown("event")).toHaveTextContent("DISCONNECT_SUCCESS")
  })

  test("<appkit-button> is AppKit's web component: Airlock's ConnectButton with its label, opening the modal", async () => {
    const { getAppKit } = await import("../../../renderers/react/appkit/scope.ts")
    const airlock = await readyAirlock()
    unmount = mountAppKit(toAppKit(airlock))
    expect(getAppKit().airlock).toBe(airlock)
    await render(<appkit-button label="Sign in" />)
    await userEvent.click(page.getByRole("button", { name: "Sign in" }))
    await expect.element(page.getByRole("dialog", { name: "Connect Wallet" })).toBeVisible()
  })
})

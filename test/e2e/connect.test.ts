import type { Page } from "playwright-core"
import { createPublicClient, erc20Abi, formatEther, formatUnits, http, verifyMessage } from "viem"
import { beforeEach, describe, expect, it } from "vitest"
import { formatBalance, truncateAddress } from "../../core/schema/format.ts"
import { demoChainIds, type Sandbox } from "../../sandbox/index.ts"
import { readQrCode } from "../fixtures/qr.ts"
import type { PageRecord } from "./browser.ts"
import { useE2eSession } from "./session.ts"

// The EVM slice end to end: the demo dapp, its Airlock client with `evm()`, and the Sandbox Wallet the page injects
// (EIP-6963), in prompt mode: every consent is a click on the wallet's own approval dialog, as a person would do.
describe("connecting the Sandbox Wallet in the demo", () => {
  const session = useE2eSession("airlock-e2e-connect-")
  let sandbox: Sandbox
  let page: Page
  let record: PageRecord
  beforeEach(() => {
    ;({ sandbox, page, record } = session)
  })

  const account = () => sandbox.accounts[0]?.address as `0x${string}`
  const shortAddress = () => truncateAddress(account())
  // The ConnectButton reads the short address once connected (the AccountButton too, until the balance is in).
  const connectedButton = () => page.getByRole("button", { name: shortAddress(), exact: true }).first()
  const walletDialog = () => page.locator("[data-sandbox-wallet=prompt]").getByRole("dialog")
  const modal = () => page.getByRole("dialog", { name: /Connect Wallet|Sandbox Wallet|Account/ })

  /** The balance anvil holds for the wallet's account on `chainId`, as the account button shows it. */
  const balanceOn = async (chainId: number) => {
    const chain = sandbox.urls.chains.find((c) => c.chainId === chainId)
    const client = createPublicClient({ transport: http(chain?.rpcUrl) })
    return formatBalance(formatEther(await client.getBalance({ address: account() })), "ETH")
  }
  /** The same balance as the demo's Connection card shows it (the account's `balance` and symbol, unformatted). */
  const cardBalanceOn = async (chainId: number) => {
    const chain = sandbox.urls.chains.find((c) => c.chainId === chainId)
    const client = createPublicClient({ transport: http(chain?.rpcUrl) })
    return `${formatEther(await client.getBalance({ address: account() }))} ETH`
  }

  const connectWithApproval = async () => {
    await page.getByRole("button", { name: "Connect Wallet" }).click({ timeout: 15_000 })
    await modal()
      .getByRole("button", { name: /^Sandbox Wallet/ })
      .click({ timeout: 15_000 })
    await walletDialog().getByRole("button", { name: "Approve" }).click({ timeout: 15_000 })
  }

  it("connects from the modal: the account button shows the short address and the page the balance anvil holds", async () => {
    await page.goto(sandbox.urls.demo)
    await connectWithApproval()
    await connectedButton().waitFor({ timeout: 15_000 })
    expect(await page.getByTestId("connection-status").textContent()).toBe("connected")
    expect(await page.getByTestId("connection-address").textContent()).toBe(account())
    // The header has one account button (the ConnectButton, the address shown once); the balance is on the page.
    expect(await page.getByRole("banner").getByRole("button", { name: shortAddress() }).count()).toBe(1)
    const balance = await cardBalanceOn(1)
    await expect.poll(() => page.getByTestId("connection-balance").textContent(), { timeout: 15_000 }).toBe(balance)
    await expect.poll(() => modal().count()).toBe(0)
    expect(record.errors).toEqual([])
    expect(record.foreignRequests).toEqual([])
  })

  it("the Account's Tokens tab lists ETH and USDC with the balances the chain holds, the most valuable first", async () => {
    await page.goto(sandbox.urls.demo)
    await connectWithApproval()
    await connectedButton().waitFor({ timeout: 15_000 })
    const chain = sandbox.urls.chains.find((c) => c.chainId === 1)
    const client = createPublicClient({ transport: http(chain?.rpcUrl) })
    const usdc = await client.readContract({
      address: sandbox.contracts[1]!.usdc,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [account()]
    })
    await connectedButton().click()
    const tokens = page.getByRole("dialog", { name: "Account" }).getByRole("list", { name: "Tokens" })
    await tokens.getByRole("listitem").nth(1).waitFor({ timeout: 15_000 })
    const rows = await tokens.getByRole("listitem").allTextContents()
    expect(rows[0]).toContain(await balanceOn(1))
    expect(rows[1]).toContain(formatBalance(formatUnits(usdc, 6), "USDC"))
    expect(rows).toHaveLength(2)
  })

  it("switches to the second network from the modal: the wallet approves, the button and balance follow", async () => {
    await page.goto(sandbox.urls.demo)
    await connectWithApproval()
    await connectedButton().waitFor({ timeout: 15_000 })
    await page.getByRole("button", { name: "Ethereum" }).click()
    await page.getByRole("dialog", { name: "Choose Network" }).getByRole("button", { name: /^Base/ }).click()
    await walletDialog().getByRole("button", { name: "Approve" }).click({ timeout: 15_000 })
    await page.getByRole("button", { name: "Base" }).waitFor({ timeout: 15_000 })
    expect(await page.getByTestId("connection-network").textContent()).toBe("Base (eip155:8453)")
    const balance = await cardBalanceOn(8453)
    await expect.poll(() => page.getByTestId("connection-balance").textContent(), { timeout: 15_000 }).toBe(balance)
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0)
  })

  it("shows UnsupportedChain when the wallet moves to a chain the app does not support, and switches back", async () => {
    await page.goto(sandbox.urls.demo)
    await connectWithApproval()
    await connectedButton().waitFor({ timeout: 15_000 })
    // The wallet's own switch (as a user would do in the extension): the chain the demo does not list.
    const unsupported = sandbox.urls.chains.find((chain) => !demoChainIds.includes(chain.chainId))?.chainId ?? 31337
    void page.evaluate(async (chainId) => {
      const provider = await new Promise<{ request(a: unknown): Promise<unknown> }>((resolve) => {
        window.addEventListener("eip6963:announceProvider", (event) => {
          resolve((event as CustomEvent<{ provider: { request(a: unknown): Promise<unknown> } }>).detail.provider)
        })
        window.dispatchEvent(new Event("eip6963:requestProvider"))
      })
      await provider.request({
        method: "wallet_switchEthereumChain",
        params: [{ chainId: `0x${chainId.toString(16)}` }]
      })
    }, unsupported)
    await walletDialog().getByRole("button", { name: "Approve" }).click({ timeout: 15_000 })
    const view = page.getByRole("dialog", { name: "Switch Network" })
    await view
      .getByText("This app doesn't support your current network.", { exact: false })
      .waitFor({ timeout: 15_000 })
    // The wallet's chain is named by its id, in the header and in the app's state; Disconnect is offered there too.
    await page.getByRole("button", { name: `Chain ${unsupported}`, exact: true }).waitFor({ timeout: 15_000 })
    expect(await page.getByTestId("connection-network").textContent()).toBe(
      `Chain ${unsupported} (eip155:${unsupported})`
    )
    expect(await view.getByRole("button", { name: "Disconnect" }).count()).toBe(1)
    await view.getByRole("button", { name: /^Ethereum/ }).click()
    await walletDialog().getByRole("button", { name: "Approve" }).click({ timeout: 15_000 })
    await expect
      .poll(() => page.getByTestId("connection-network").textContent(), { timeout: 15_000 })
      .toBe("Ethereum (eip155:1)")
  })

  it("stays connected after a reload, without a prompt and without a Connect Wallet button flashing", async () => {
    await page.goto(sandbox.urls.demo)
    await connectWithApproval()
    await connectedButton().waitFor({ timeout: 15_000 })
    // From the next document on, record every text the connect button shows.
    await page.addInitScript(() => {
      const seen: Array<string> = []
      Object.assign(window, { __buttonTexts: seen })
      new MutationObserver(() => {
        for (const button of document.querySelectorAll(".airlock-button")) seen.push(button.textContent ?? "")
      }).observe(document, { subtree: true, childList: true, characterData: true })
    })
    await page.reload()
    await connectedButton().waitFor({ timeout: 15_000 })
    expect(await page.getByTestId("connection-status").textContent()).toBe("connected")
    expect(await walletDialog().count()).toBe(0)
    const texts = await page.evaluate(() => (window as unknown as { __buttonTexts: Array<string> }).__buttonTexts)
    expect(texts, JSON.stringify(texts)).not.toContain("Connect Wallet")
  })

  it("disconnects from the Account view, and stays disconnected after a reload", async () => {
    await page.goto(sandbox.urls.demo)
    await connectWithApproval()
    await connectedButton().click({ timeout: 15_000 })
    await page.getByRole("dialog", { name: "Account" }).getByRole("button", { name: "Disconnect" }).click()
    await page.getByRole("button", { name: "Connect Wallet" }).waitFor({ timeout: 15_000 })
    await page.reload()
    await page.getByRole("button", { name: "Connect Wallet" }).waitFor({ timeout: 15_000 })
    expect(await page.getByTestId("connection-status").textContent()).toBe("disconnected")
  })

  it("the Activity tab lists the account's transfers on Ethereum that the indexer holds, each linking its explorer page", async () => {
    await page.goto(sandbox.urls.demo)
    await connectWithApproval()
    await connectedButton().click({ timeout: 15_000 })
    // What the sandbox's indexer recorded from the chain for this account on chain 1 (the API's first page).
    const history = (await (
      await fetch(
        `${sandbox.urls.api}/v1/account/${account()}/history?chainId=eip155:1&projectId=${sandbox.urls.projectId}`
      )
    ).json()) as { data: Array<{ metadata: { hash: string; operationType: string } }> }
    expect(history.data.length).toBeGreaterThan(2)
    const dialog = page.getByRole("dialog", { name: "Account" })
    await dialog.getByRole("tab", { name: "Activity" }).click()
    const rows = dialog.locator("[data-part=activity-row]")
    await rows.nth(history.data.length - 1).waitFor({ timeout: 15_000 })
    expect(await rows.count()).toBe(history.data.length)
    const links = await rows.locator("a").evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).href))
    expect(links).toEqual(history.data.map((t) => `https://etherscan.io/tx/${t.metadata.hash}`))
    const titles = await rows.locator(".airlock-activity-title").allTextContents()
    expect(titles.map((t) => t.toLowerCase())).toEqual(history.data.map((t) => t.metadata.operationType))
    // Every amount carries its sign: the seeded history has sends (-) and receives (+).
    const descriptions = await rows.locator(".airlock-activity-description").allTextContents()
    expect(descriptions.some((d) => d.startsWith("-"))).toBe(true)
    expect(descriptions.some((d) => d.startsWith("+"))).toBe(true)
  })

  it("the NFTs tab shows the Airlock Punks the account owns on the chain, and a tile opens its detail", async () => {
    await page.goto(sandbox.urls.demo)
    await connectWithApproval()
    await connectedButton().click({ timeout: 15_000 })
    // What the chain says the account owns now (ownerOf of each minted id).
    const chain = sandbox.urls.chains.find((c) => c.chainId === 1)
    const client = createPublicClient({ transport: http(chain?.rpcUrl) })
    const nft = sandbox.contracts[1]!.nft
    const ownerAbi = [
      {
        type: "function",
        name: "ownerOf",
        stateMutability: "view",
        inputs: [{ type: "uint256" }],
        outputs: [{ type: "address" }]
      }
    ] as const
    const owned: Array<string> = []
    for (let id = 1n; id <= 5n; id++) {
      const holder = await client.readContract({ address: nft, abi: ownerAbi, functionName: "ownerOf", args: [id] })
      if (holder.toLowerCase() === account().toLowerCase()) owned.push(`Airlock Punk #${id}`)
    }
    expect(owned.length).toBeGreaterThan(0)
    const dialog = page.getByRole("dialog", { name: "Account" })
    await dialog.getByRole("tab", { name: "NFTs" }).click()
    const tiles = dialog.getByRole("list", { name: "NFTs" }).getByRole("listitem")
    await tiles.nth(owned.length - 1).waitFor({ timeout: 15_000 })
    expect(await tiles.locator(".airlock-nft-name").allTextContents()).toEqual(owned)
    await tiles.first().getByRole("button").click()
    const detail = page.getByRole("dialog", { name: "NFT" })
    await detail.getByRole("heading", { name: owned[0] ?? "" }).waitFor({ timeout: 15_000 })
    expect(await detail.getByText("Airlock Punks").count()).toBeGreaterThan(0)
    expect(await detail.getByRole("link", { name: /View on/ }).getAttribute("href")).toBe(
      `https://etherscan.io/nft/${nft}/${owned[0]?.slice("Airlock Punk #".length)}`
    )
  })

  it("Receive shows a QR code that decodes to the account's address, the address, and the networks to receive on", async () => {
    await page.goto(sandbox.urls.demo)
    await connectWithApproval()
    await connectedButton().click({ timeout: 15_000 })
    await page.getByRole("dialog", { name: "Account" }).getByRole("button", { name: "Receive" }).click()
    const receive = page.getByRole("dialog", { name: "Receive" })
    const qr = receive.getByRole("img", { name: /QR code of the address/ })
    await qr.waitFor({ timeout: 15_000 })
    // The code is read from the pixels, as a phone would: the logo in its middle must not break it.
    expect(await readQrCode(receive.locator("[data-part=qr-code]"))).toBe(account())
    expect(await receive.getByTestId("receive-address").textContent()).toBe(shortAddress())
    // Each entry's name (the image beside it is decorative: aria-hidden, a letter when there is no icon).
    const networks = await receive
      .getByRole("list", { name: /on these networks/ })
      .getByRole("listitem")
      .locator("span:not([aria-hidden])")
      .allTextContents()
    // The app's EVM networks, not its Solana one: an EVM address cannot receive there.
    expect([...networks].sort()).toEqual(["Base", "Ethereum", "Linea"])
  })

  it("shows 'Connection rejected' when the wallet refuses, and Try again connects", async () => {
    await page.goto(sandbox.urls.demo)
    await page.getByRole("button", { name: "Connect Wallet" }).click({ timeout: 15_000 })
    await modal()
      .getByRole("button", { name: /^Sandbox Wallet/ })
      .click({ timeout: 15_000 })
    await walletDialog().getByRole("button", { name: "Reject" }).click({ timeout: 15_000 })
    const status = page.getByRole("dialog").getByRole("status").filter({ hasText: "Connection rejected" })
    await status.waitFor({ timeout: 15_000 })
    await page.getByRole("button", { name: "Try again" }).click()
    await walletDialog().getByRole("button", { name: "Approve" }).click({ timeout: 15_000 })
    await connectedButton().waitFor({ timeout: 15_000 })
  })

  it("connects with the keyboard alone: Tab, Enter, and Escape closes with focus back on the button", async () => {
    await page.goto(sandbox.urls.demo)
    const connect = page.getByRole("button", { name: "Connect Wallet" })
    await connect.waitFor({ timeout: 15_000 })
    await connect.focus()
    await page.keyboard.press("Enter")
    await modal().waitFor({ timeout: 15_000 })
    await page.keyboard.press("Escape")
    await expect.poll(() => modal().count()).toBe(0)
    expect(await connect.evaluate((button) => button === document.activeElement)).toBe(true)
    await page.keyboard.press("Enter")
    const row = modal().getByRole("button", { name: /^Sandbox Wallet/ })
    await row.waitFor({ timeout: 15_000 })
    // Tab from the dialog's first control until the wallet row has focus, as a keyboard user would.
    for (let step = 0; step < 20 && !(await row.evaluate((el) => el === document.activeElement)); step++) {
      await page.keyboard.press("Tab")
    }
    expect(await row.evaluate((el) => el === document.activeElement)).toBe(true)
    await page.keyboard.press("Enter")
    const approve = walletDialog().getByRole("button", { name: "Approve" })
    await approve.waitFor({ timeout: 15_000 })
    await approve.focus()
    await page.keyboard.press("Enter")
    await connectedButton().waitFor({ timeout: 15_000 })
  })

  it("lists every wallet announced at once in Installed, in the order they announced themselves", async () => {
    await page.addInitScript(() => {
      const provider = { request: async () => [] }
      const info = {
        uuid: "5f5b6a2e-0000-4000-8000-000000000002",
        name: "Second Wallet",
        icon: "",
        rdns: "dev.airlock.second"
      }
      const announce = () =>
        window.dispatchEvent(new CustomEvent("eip6963:announceProvider", { detail: Object.freeze({ info, provider }) }))
      window.addEventListener("eip6963:requestProvider", announce)
      announce()
    })
    await page.goto(sandbox.urls.demo)
    await page.getByRole("button", { name: "Connect Wallet" }).click({ timeout: 15_000 })
    // The second wallet has no icon (its letter shows); the Sandbox Wallet's announced SVG icon is drawn. The Sandbox
    // Solana Wallet (Wallet Standard) is installed too, but the active network is Ethereum: it is not offered here.
    const installed = modal().getByRole("list", { name: "Installed" }).getByRole("button")
    await expect
      .poll(() => installed.allTextContents(), { timeout: 15_000 })
      .toEqual(["SSecond WalletInstalled", "Sandbox WalletInstalled"])
  })

  it("lets the page sign with viem over the connected provider, and the signature verifies", async () => {
    await page.goto(sandbox.urls.demo)
    await connectWithApproval()
    await connectedButton().waitFor({ timeout: 15_000 })
    await page.getByRole("button", { name: "Sign message" }).click()
    await walletDialog().getByRole("button", { name: "Approve" }).click({ timeout: 15_000 })
    const output = page.getByTestId("signature")
    await expect.poll(() => output.textContent(), { timeout: 15_000 }).toMatch(/^0x[0-9a-f]{130}$/)
    const signature = (await output.textContent()) as `0x${string}`
    expect(await verifyMessage({ address: account(), message: "Hello from Airlock", signature })).toBe(true)
  })
})

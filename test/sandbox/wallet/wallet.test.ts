import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import { address, getPublicKeyFromAddress, type SignatureBytes, verifySignature } from "@solana/kit"
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core"
import { createPublicClient, type Hex, http, parseEther, stringToHex, verifyMessage, verifyTypedData } from "viem"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { type Chains, startChains } from "../../../sandbox/chain/index.ts"
import { buildWalletScript } from "../../../sandbox/wallet/build.ts"
import { chromiumArgs, chromiumPath } from "../../fixtures/chromium.ts"

const wallet = "0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"
const recipient = "0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc"

// Page CSS that would hide or restyle the prompt if it leaked into it.
const hostilePage = `<!doctype html><html><head><title>blank</title>
<style>button { display: none !important } * { font-size: 1px !important }</style></head>
<body><dialog id="page-modal"><p>The page's own modal</p></dialog></body></html>`

// Records every EIP-6963 announcement, as a dapp listening from the start would.
const recordAnnouncements = () => {
  const seen: Array<unknown> = []
  Object.assign(window, { __announced: seen })
  window.addEventListener("eip6963:announceProvider", (event) => {
    const detail = (event as CustomEvent).detail
    seen.push({ ...detail.info, hasRequest: typeof detail.provider?.request === "function" })
  })
}

type RpcOutcome = { ok: true; result: unknown } | { ok: false; code: number; message: string }

let chains: Chains
let server: Server
let pageUrl: string
let browser: Browser
let script: string
let context: BrowserContext | undefined

const rpcUrl = (chainId: number) => chains.chains.find((chain) => chain.chainId === chainId)!.rpcUrl
const client = (chainId: number) => createPublicClient({ transport: http(rpcUrl(chainId)), pollingInterval: 50 })

beforeAll(async () => {
  const [started] = await Promise.all([
    startChains({
      chains: [
        { chainId: 1, seed: false },
        { chainId: 8453, seed: false }
      ]
    }),
    chromium.launch({ executablePath: chromiumPath, args: chromiumArgs }).then((launched) => {
      browser = launched
    })
  ])
  chains = started
  script = await buildWalletScript({ chains: chains.chains.map(({ chainId, rpcUrl }) => ({ chainId, rpcUrl })) })
  const bundle = await buildWalletScript()
  server = createServer((request, response) => {
    if (request.url?.startsWith("/wallet.js")) {
      response.writeHead(200, { "content-type": "text/javascript" })
      response.end(bundle)
    } else if (request.url?.startsWith("/with-script-tag")) {
      // what the demo does: a strict CSP (no inline script) and the wallet as a <script src> configured by its URL
      const config = encodeURIComponent(
        JSON.stringify({ chains: [{ chainId: 8453, rpcUrl: rpcUrl(8453) }], windowEthereum: true })
      )
      response.writeHead(200, { "content-type": "text/html", "content-security-policy": "script-src 'self'" })
      response.end(`<!doctype html><title>demo</title><script src="/wallet.js?config=${config}"></script>`)
    } else {
      response.writeHead(200, { "content-type": "text/html" })
      response.end(hostilePage)
    }
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  pageUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
}, 30_000)

afterEach(async () => {
  await context?.close()
  context = undefined
})

afterAll(async () => {
  await browser?.close()
  server?.close()
  await chains?.stop()
})

/** A fresh profile (no remembered connection) with the wallet injected, at the blank page. */
const openPage = async (mode?: "approve" | "reject", path = "", inject = true): Promise<Page> => {
  context = await browser.newContext()
  await context.addInitScript(recordAnnouncements)
  if (inject) await context.addInitScript({ content: script })
  const page = await context.newPage()
  page.on("request", (request) => {
    const host = new URL(request.url()).hostname
    if (host !== "127.0.0.1" && host !== "localhost") throw new Error(`page reached out to ${request.url()}`)
  })
  await page.goto(`${pageUrl}${path}${mode ? `?sandboxWallet=${mode}` : ""}`)
  return page
}

/** Finds the Sandbox Wallet through EIP-6963 and sends one request, as a dapp would. */
const startRequest = (page: Page, method: string, params?: ReadonlyArray<unknown>) =>
  page.evaluate(
    ([method, params]) => {
      let found = false
      const pending = new Promise<RpcOutcome>((resolve) => {
        window.addEventListener(
          "eip6963:announceProvider",
          (event) => {
            const { info, provider } = (event as CustomEvent).detail
            if (info.rdns !== "dev.airlock.sandbox") return
            found = true
            provider.request({ method, params }).then(
              (result: unknown) => resolve({ ok: true, result }),
              (error: { code: number; message: string }) =>
                resolve({ ok: false, code: error.code, message: error.message })
            )
          },
          { once: true }
        )
        window.dispatchEvent(new Event("eip6963:requestProvider"))
        // announcing is synchronous: no answer now means no Sandbox Wallet on the page
        if (!found) resolve({ ok: false, code: -1, message: "no Sandbox Wallet announced" })
      })
      Object.assign(window, { __pending: pending })
    },
    [method, params] as const
  )

const request = async (page: Page, method: string, params?: ReadonlyArray<unknown>): Promise<RpcOutcome> => {
  await startRequest(page, method, params)
  return page.evaluate(() => (window as unknown as { __pending: Promise<RpcOutcome> }).__pending)
}

/** Subscribes to a provider event and returns a getter for the values it received so far. */
const recordEvent = async (page: Page, event: string) => {
  await page.evaluate((event) => {
    const log: Array<unknown> = []
    Object.assign(window, { [`__${event}`]: log })
    window.addEventListener(
      "eip6963:announceProvider",
      (e) => (e as CustomEvent).detail.provider.on(event, (value: unknown) => log.push(value)),
      { once: true }
    )
    window.dispatchEvent(new Event("eip6963:requestProvider"))
  }, event)
  return () => page.evaluate((event) => (window as unknown as Record<string, unknown>)[`__${event}`], event)
}

// a fresh browser profile per test costs a few hundred ms, more on a busy machine
describe("Sandbox Wallet", { timeout: 15_000 }, () => {
  it("announces itself over EIP-6963 with its rdns, name and icon, and again on request", async () => {
    const page = await openPage()
    await page.evaluate(() => window.dispatchEvent(new Event("eip6963:requestProvider")))
    const announced = (await page.evaluate(
      () => (window as unknown as { __announced: unknown[] }).__announced
    )) as Array<{
      uuid: string
      name: string
      icon: string
      rdns: string
      hasRequest: boolean
    }>
    expect(announced).toHaveLength(2)
    expect(announced[0]).toMatchObject({ name: "Sandbox Wallet", rdns: "dev.airlock.sandbox", hasRequest: true })
    expect(announced[0]!.icon).toMatch(/^data:image\/svg\+xml/)
    expect(announced[0]!.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(announced[1]!.uuid).toBe(announced[0]!.uuid)
  })

  it("returns anvil's first account on eth_requestAccounts in approve mode, and remembers it after a reload", async () => {
    const page = await openPage("approve")
    expect(await request(page, "eth_accounts")).toEqual({ ok: true, result: [] })
    expect(await request(page, "eth_requestAccounts")).toEqual({ ok: true, result: [wallet] })
    expect(await request(page, "eth_chainId")).toEqual({ ok: true, result: "0x1" })
    await page.reload()
    expect(await request(page, "eth_accounts")).toEqual({ ok: true, result: [wallet] })
  })

  it("fails eth_requestAccounts with 4001 in reject mode", async () => {
    const page = await openPage("reject")
    expect(await request(page, "eth_requestAccounts")).toMatchObject({ ok: false, code: 4001 })
    expect(await request(page, "eth_accounts")).toEqual({ ok: true, result: [] })
  })

  it("asks in a prompt that page CSS cannot hide, above the page's modal, and resolves on Approve", async () => {
    const page = await openPage()
    await page.evaluate(() => (document.getElementById("page-modal") as HTMLDialogElement).showModal())
    await startRequest(page, "eth_requestAccounts")
    const prompt = page.getByRole("dialog", { name: "Connect" })
    await prompt.getByText("Sandbox Wallet").waitFor({ state: "visible", timeout: 2_000 })
    expect(await prompt.textContent()).toContain(wallet)
    await prompt.getByRole("button", { name: "Approve" }).click()
    expect(await page.evaluate(() => (window as unknown as { __pending: unknown }).__pending)).toEqual({
      ok: true,
      result: [wallet]
    })
    expect(await page.getByRole("dialog", { name: "Connect" }).count()).toBe(0)
  })

  it("rejects with 4001 when Reject is clicked and shows the message to sign readably", async () => {
    const page = await openPage()
    await startRequest(page, "eth_requestAccounts")
    await page.getByRole("button", { name: "Approve" }).click()
    await startRequest(page, "personal_sign", [stringToHex("Sign in to Airlock"), wallet])
    const prompt = page.getByRole("dialog", { name: "Sign message" })
    await prompt.getByText("Sign in to Airlock").waitFor({ state: "visible", timeout: 2_000 })
    await prompt.getByRole("button", { name: "Reject" }).click()
    expect(await page.evaluate(() => (window as unknown as { __pending: unknown }).__pending)).toMatchObject({
      ok: false,
      code: 4001
    })
  })

  it("signs personal_sign messages that viem's verifyMessage accepts", async () => {
    const page = await openPage("approve")
    expect(await request(page, "personal_sign", [stringToHex("hello"), wallet])).toMatchObject({ code: 4100 })
    await request(page, "eth_requestAccounts")
    const signed = await request(page, "personal_sign", [stringToHex("Hello Airlock"), wallet])
    if (!signed.ok) throw new Error(signed.message)
    expect(await verifyMessage({ address: wallet, message: "Hello Airlock", signature: signed.result as Hex })).toBe(
      true
    )
  })

  it("signs eth_signTypedData_v4 payloads that viem's verifyTypedData accepts", async () => {
    const page = await openPage("approve")
    await request(page, "eth_requestAccounts")
    const typed = {
      domain: { name: "Airlock", version: "1", chainId: 1, verifyingContract: recipient },
      types: {
        EIP712Domain: [
          { name: "name", type: "string" },
          { name: "version", type: "string" },
          { name: "chainId", type: "uint256" },
          { name: "verifyingContract", type: "address" }
        ],
        Mail: [
          { name: "to", type: "address" },
          { name: "contents", type: "string" },
          { name: "amount", type: "uint256" }
        ]
      },
      primaryType: "Mail",
      message: { to: recipient, contents: "gm", amount: "42" }
    } as const
    const signed = await request(page, "eth_signTypedData_v4", [wallet, JSON.stringify(typed)])
    if (!signed.ok) throw new Error(signed.message)
    const { EIP712Domain: _, ...types } = typed.types
    expect(
      await verifyTypedData({
        address: wallet,
        domain: typed.domain,
        types,
        primaryType: "Mail",
        message: { ...typed.message, amount: 42n },
        signature: signed.result as Hex
      })
    ).toBe(true)
  })

  it("signs eth_sendTransaction locally, anvil mines it and the balance moves", async () => {
    const page = await openPage("approve")
    await request(page, "eth_requestAccounts")
    const before = await client(1).getBalance({ address: recipient })
    const sent = await request(page, "eth_sendTransaction", [
      { from: wallet, to: recipient, value: `0x${parseEther("1.5").toString(16)}` }
    ])
    if (!sent.ok) throw new Error(sent.message)
    const receipt = await client(1).waitForTransactionReceipt({ hash: sent.result as Hex })
    expect(receipt.status).toBe("success")
    expect(receipt.from.toLowerCase()).toBe(wallet.toLowerCase())
    expect((await client(1).getBalance({ address: recipient })) - before).toBe(parseEther("1.5"))
  })

  it("switches to 8453 with chainChanged, sends there, and fails with 4902 for an unknown chain", async () => {
    const page = await openPage("approve")
    await request(page, "eth_requestAccounts")
    const chainChanged = await recordEvent(page, "chainChanged")
    expect(await request(page, "wallet_switchEthereumChain", [{ chainId: "0x2105" }])).toEqual({
      ok: true,
      result: null
    })
    expect(await chainChanged()).toEqual(["0x2105"])
    expect(await request(page, "eth_chainId")).toEqual({ ok: true, result: "0x2105" })
    const sent = await request(page, "eth_sendTransaction", [{ from: wallet, to: recipient, value: "0x1" }])
    if (!sent.ok) throw new Error(sent.message)
    expect((await client(8453).waitForTransactionReceipt({ hash: sent.result as Hex })).status).toBe("success")
    expect(await request(page, "wallet_switchEthereumChain", [{ chainId: "0x3e7" }])).toMatchObject({
      ok: false,
      code: 4902
    })
    expect(await chainChanged()).toEqual(["0x2105"])
  })

  it("forgets the site on wallet_revokePermissions and tells the page with accountsChanged", async () => {
    const page = await openPage("approve")
    await request(page, "eth_requestAccounts")
    const accountsChanged = await recordEvent(page, "accountsChanged")
    const disconnect = await recordEvent(page, "disconnect")
    expect(await request(page, "wallet_revokePermissions", [{ eth_accounts: {} }])).toEqual({ ok: true, result: null })
    expect(await accountsChanged()).toEqual([[]])
    expect(await disconnect()).toHaveLength(1)
    expect(await request(page, "eth_accounts")).toEqual({ ok: true, result: [] })
  })

  it("rejects malformed params with -32602 and a message naming the field, never a raw error", async () => {
    const page = await openPage("approve")
    await request(page, "eth_requestAccounts")
    const malformed: ReadonlyArray<readonly [string, ReadonlyArray<unknown>, RegExp]> = [
      ["wallet_switchEthereumChain", [{ chainId: "0x" }], /chainId must be a positive 0x-prefixed hex number/],
      ["wallet_switchEthereumChain", [{ chainId: "0xZZ" }], /chainId/],
      ["wallet_switchEthereumChain", [{ chainId: "0x0" }], /chainId/],
      ["wallet_switchEthereumChain", [], /chainId/],
      ["wallet_addEthereumChain", [{ chainId: "0x", rpcUrls: ["http://127.0.0.1:1"] }], /chainId/],
      [
        "eth_sendTransaction",
        [{ from: wallet, to: recipient, value: "1.5" }],
        /value must be a 0x-prefixed hex number/
      ],
      ["eth_sendTransaction", [{ from: wallet, to: recipient, value: "0x" }], /value/],
      ["eth_sendTransaction", [{ from: wallet, to: recipient, value: 1 }], /value/],
      ["eth_sendTransaction", [{ from: wallet, to: recipient, gas: "lots" }], /gas/],
      ["eth_sendTransaction", [{ from: wallet, to: recipient, nonce: "0xg" }], /nonce/],
      ["eth_sendTransaction", [{ from: wallet, to: recipient, maxFeePerGas: "-0x1" }], /maxFeePerGas/],
      ["eth_sendTransaction", [{ from: wallet, to: "0x1234" }], /to must be a 0x-prefixed 20-byte address/],
      ["eth_sendTransaction", [{ from: wallet, to: recipient, data: "0xabc" }], /data/],
      ["eth_sendTransaction", ["0x00"], /transaction object/],
      [
        "eth_signTypedData_v4",
        [
          wallet,
          JSON.stringify({
            types: { Mail: [{ name: "to", type: "address" }] },
            primaryType: "Mail",
            message: { to: "nope" }
          })
        ],
        /typed data cannot be signed/
      ]
    ]
    for (const [method, params, message] of malformed) {
      const outcome = await request(page, method, params)
      const label = `${method} ${JSON.stringify(params)}`
      expect(outcome, label).toMatchObject({ ok: false, code: -32602 })
      expect(outcome.ok === false && outcome.message, label).toMatch(/^Invalid params: /)
      expect(outcome.ok === false && outcome.message, label).toMatch(message)
    }
    // nothing was sent, and the wallet still works
    expect(await request(page, "eth_chainId")).toEqual({ ok: true, result: "0x1" })
  })

  it("forwards reads to the chain and refuses unknown methods with 4200", async () => {
    const page = await openPage("approve")
    const balance = await request(page, "eth_getBalance", [recipient, "latest"])
    expect(balance.ok && BigInt(balance.result as string)).toBe(await client(1).getBalance({ address: recipient }))
    expect(await request(page, "eth_sign", [wallet, "0x00"])).toMatchObject({ ok: false, code: 4200 })
  })

  it("works as a <script src> configured by its URL under a CSP without inline scripts", async () => {
    const page = await openPage("approve", "with-script-tag", false)
    expect(await request(page, "eth_chainId")).toEqual({ ok: true, result: "0x2105" })
    expect(await request(page, "eth_requestAccounts")).toEqual({ ok: true, result: [wallet] })
    expect(
      await page.evaluate(
        () => (window as unknown as { ethereum?: { isSandboxWallet?: boolean } }).ethereum?.isSandboxWallet
      )
    ).toBe(true)
  })

  it("with solana configured, registers the Sandbox Solana Wallet for an app that loads later, which signs", async () => {
    const solanaScript = await buildWalletScript({
      chains: [{ chainId: 1, rpcUrl: rpcUrl(1) }],
      solana: { rpcUrl: "http://127.0.0.1:9", chain: "solana:Djv2CVqXGt2vsN5ZVJSu1gRppWA6K3Q5" }
    })
    context = await browser.newContext()
    await context.addInitScript({ content: solanaScript })
    const page = await context.newPage()
    await page.goto(`${pageUrl}?sandboxWallet=approve`)
    const signed = await page.evaluate(async () => {
      type Found = { name: string; features: Record<string, Record<string, (...args: Array<unknown>) => unknown>> }
      const wallets: Array<Found> = []
      // Wallet Standard's handshake from the app's side: the wallet registered before the app was listening
      window.dispatchEvent(
        new CustomEvent("wallet-standard:app-ready", {
          detail: { register: (...found: Array<Found>) => wallets.push(...found) }
        })
      )
      const solana = wallets.find((wallet) => wallet.name === "Sandbox Solana Wallet")!
      const { accounts } = (await solana.features["standard:connect"]!.connect!()) as {
        accounts: Array<{ address: string }>
      }
      const message = new TextEncoder().encode("Hello from the bundle")
      const [output] = (await solana.features["solana:signMessage"]!.signMessage!({
        account: accounts[0],
        message
      })) as Array<{
        signature: Uint8Array
      }>
      return {
        names: wallets.map((wallet) => wallet.name),
        address: accounts[0]!.address,
        signature: [...output!.signature]
      }
    })
    expect(signed.names).toEqual(["Sandbox Solana Wallet"])
    expect(signed.address).toBe("8swV2M1CbyejEo6ScGRSXSpoiAXQGeKz9Df1Z1tnPaMJ")
    const key = await getPublicKeyFromAddress(address(signed.address))
    const message = new TextEncoder().encode("Hello from the bundle")
    expect(await verifySignature(key, Uint8Array.from(signed.signature) as SignatureBytes, message)).toBe(true)
  })
})

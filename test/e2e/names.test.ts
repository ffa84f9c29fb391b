import type { Page } from "playwright-core"
import { type Address, createPublicClient, getAddress, type Hex, http, parseEther } from "viem"
import { privateKeyToAccount } from "viem/accounts"
import { beforeEach, describe, expect, it } from "vitest"
import { evmCoinType, nameRegistrationMessage } from "../../core/rules/names.ts"
import { truncateAddress } from "../../core/schema/format.ts"
import type { Sandbox } from "../../sandbox/index.ts"
import { loginByEmail } from "./emailLogin.ts"
import { useE2eSession } from "./session.ts"

// Account names end to end, as a person: the demo, the Sandbox Wallet (on anvil's account 3, which has no seeded
// name) and the embedded wallet's smart account; the sandbox API checks each signature on anvil. What the API and the
// chain hold afterwards is the proof.
describe("registering an account name (RegisterAccountName)", () => {
  const session = useE2eSession("airlock-e2e-names-")
  let sandbox: Sandbox
  let page: Page
  beforeEach(() => {
    ;({ sandbox, page } = session)
  })

  const api = (path: string, init?: RequestInit) =>
    fetch(`${sandbox.urls.api}${path}${path.includes("?") ? "&" : "?"}projectId=airlock-demo`, {
      ...init,
      signal: AbortSignal.timeout(10_000)
    })
  const namesOf = async (address: string) =>
    ((await (await api(`/v1/profile/reverse/${address}?apiVersion=2`)).json()) as Array<{ name: string }>).map(
      (r) => r.name
    )
  const chain = () => createPublicClient({ transport: http(sandbox.urls.chains.find((c) => c.chainId === 1)!.rpcUrl) })
  const account = () => page.getByRole("dialog", { name: "Account" })
  const chooseName = () => page.getByRole("dialog", { name: "Choose Name" })
  const registered = () => page.getByRole("dialog", { name: "Name Registered" })
  const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}`

  /** Registers `label` on the Choose Name view shown, and waits for its success view. */
  const register = async (label: string) => {
    await chooseName().getByLabel("Name", { exact: true }).fill(label)
    await chooseName().getByText(`${label}.airlock.id is available`).waitFor({ timeout: 15_000 })
    await chooseName().getByRole("button", { name: "Register name" }).click()
    await registered().getByText(`${label}.airlock.id is now the name of your account`).waitFor({ timeout: 30_000 })
  }

  it("with the Sandbox Wallet: refuses 'abc' and a taken name, registers, shows it after a reload, and a send to it reaches the address", async () => {
    const owner = sandbox.accounts[3]!
    // A name someone else holds already, registered straight through the API.
    const other = privateKeyToAccount(sandbox.accounts[2]!.privateKey)
    const takenName = `${unique("taken")}.airlock.id`
    const message = nameRegistrationMessage(takenName, Date.now())
    const posted = await api("/v1/profile/account", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        coin_type: evmCoinType(1),
        address: other.address,
        message,
        signature: await other.signMessage({ message })
      })
    })
    expect(posted.status).toBe(200)

    await page.addInitScript(`window.__sandboxWallet = { privateKey: ${JSON.stringify(owner.privateKey)} }`)
    await page.goto(`${sandbox.urls.demo}/?sandboxWallet=approve`)
    await page.getByRole("button", { name: "Connect Wallet" }).click({ timeout: 15_000 })
    await page
      .getByRole("dialog")
      .getByRole("button", { name: /^Sandbox Wallet/ })
      .click({ timeout: 15_000 })
    const connectButton = page.getByRole("button", { name: truncateAddress(owner.address), exact: true }).first()
    await connectButton.click({ timeout: 15_000 })
    await account().getByRole("button", { name: "Choose name" }).click({ timeout: 15_000 })

    const input = chooseName().getByLabel("Name", { exact: true })
    const problem = chooseName().getByTestId("names-message")
    await input.fill("abc")
    await expect.poll(() => problem.textContent()).toBe("Name must have at least 4 characters")
    await input.fill(takenName.replace(".airlock.id", ""))
    await expect.poll(() => problem.textContent(), { timeout: 15_000 }).toBe(`${takenName} is already taken`)
    expect(await chooseName().getByRole("button", { name: "Register name" }).isDisabled()).toBe(true)

    const label = unique("ada")
    const name = `${label}.airlock.id`
    await register(label)
    expect(await namesOf(owner.address)).toEqual([name])
    await registered().getByRole("button", { name: "Done" }).click()
    await account().getByText(name, { exact: true }).waitFor({ timeout: 15_000 })

    // After a reload the wallet reconnects and the API's identity gives the name.
    await page.reload()
    await connectButton.click({ timeout: 15_000 })
    await account().getByText(name, { exact: true }).waitFor({ timeout: 15_000 })
    expect(await account().getByRole("button", { name: "Choose name" }).count()).toBe(0)

    // Send 0.001 ETH to the name: the chain shows the registering address received it.
    await account().getByRole("button", { name: "Send" }).click()
    const send = page.getByRole("dialog", { name: "Send" })
    await send.getByRole("button", { name: / Balance / }).click({ timeout: 15_000 })
    await send.getByRole("list", { name: "Your tokens" }).getByRole("button", { name: /Ether/ }).click()
    await send.getByLabel("Amount", { exact: true }).fill("0.001")
    await send.getByLabel("To", { exact: true }).fill(name)
    await send.getByRole("button", { name: "Preview send" }).click()
    await expect
      .poll(() => send.getByTestId("send-preview-to").textContent(), { timeout: 15_000 })
      .toBe(`${name} (${truncateAddress(owner.address)})`)
    await send.getByRole("button", { name: "Send", exact: true }).click()
    await page.getByText("Sent 0.001 ETH").waitFor({ timeout: 30_000 })
    const block = await chain().getBlock({ includeTransactions: true })
    const transfer = block.transactions.find((tx) => tx.from.toLowerCase() === owner.address.toLowerCase())
    expect(transfer?.to && getAddress(transfer.to)).toBe(getAddress(owner.address))
    expect(transfer?.value).toBe(parseEther("0.001"))
  })

  it("refuses a registration whose signature is not the address's, and registers nothing", async () => {
    const victim = sandbox.accounts[1]!.address as Address
    const forger = privateKeyToAccount(sandbox.accounts[2]!.privateKey)
    const name = `${unique("forged")}.airlock.id`
    const message = nameRegistrationMessage(name, Date.now())
    const answer = await api("/v1/profile/account", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({
        coin_type: evmCoinType(1),
        address: victim,
        message,
        signature: (await forger.signMessage({ message })) as Hex
      })
    })
    expect(answer.status).toBe(401)
    expect(await answer.json()).toMatchObject({
      reasons: [{ name: "INVALID_SIGNATURE", description: `The signature is not ${getAddress(victim)}'s` }]
    })
    expect((await api(`/v1/profile/account/${name}?apiVersion=2`)).status).toBe(404)
  })

  it("with the embedded wallet: its smart account registers a name (ERC-6492, checked on anvil)", async () => {
    const email = `names.${Date.now()}@example.com`
    await page.goto(sandbox.urls.demo)
    await loginByEmail(page, sandbox.urls.frame, email)
    const smart = getAddress((await page.getByTestId("connection-address").textContent()) as string)
    // Not deployed: its signature is a counterfactual one.
    expect(await chain().getCode({ address: smart })).toBeUndefined()
    if ((await account().count()) === 0) {
      await page
        .getByRole("button", { name: truncateAddress(smart), exact: true })
        .first()
        .click({ timeout: 15_000 })
    }
    await account().getByRole("button", { name: "Choose name" }).click({ timeout: 15_000 })
    const label = unique("smart")
    await register(label)
    expect(await namesOf(smart)).toEqual([`${label}.airlock.id`])
  })
})

import { SignClient } from "@walletconnect/sign-client"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { makeLocalCore } from "../../../server/relay/localCore.ts"
import { type Relay, startRelay } from "../../../server/relay/server.ts"

// Two real WalletConnect SDK clients (2.21.8), a dapp and a wallet, in Node, through the sandbox relay only:
// pairing, approval, a request and its answer, and the wallet ending the session.

const account = "0x52908400098527886E0F7030069857D2E4169EE7"
const metadata = (name: string) => ({ name, description: name, url: "http://127.0.0.1", icons: [] })

describe("two WalletConnect SDK clients through the sandbox relay", () => {
  let relay: Relay
  let dapp: Awaited<ReturnType<typeof SignClient.init>>
  let wallet: Awaited<ReturnType<typeof SignClient.init>>
  const methods: Array<string> = []

  beforeAll(async () => {
    relay = await startRelay({ onRequest: (method) => methods.push(method) })
    const options = { relayUrl: relay.url, projectId: "airlock-demo" }
    ;[dapp, wallet] = await Promise.all([
      SignClient.init({ core: makeLocalCore({ ...options, storagePrefix: "dapp" }), metadata: metadata("Dapp") }),
      SignClient.init({ core: makeLocalCore({ ...options, storagePrefix: "wallet" }), metadata: metadata("Wallet") })
    ])
    wallet.on("session_proposal", (proposal) => {
      void wallet.approve({
        id: proposal.id,
        namespaces: {
          eip155: {
            accounts: [`eip155:1:${account}`],
            methods: ["personal_sign"],
            events: ["accountsChanged", "chainChanged"],
            chains: ["eip155:1"]
          }
        }
      })
    })
    wallet.on("session_request", (event) => {
      void wallet.respond({
        topic: event.topic,
        response: { id: event.id, jsonrpc: "2.0", result: `signed:${String(event.params.request.params[0])}` }
      })
    })
  }, 30_000)

  afterAll(async () => {
    await relay?.stop()
  })

  it("pairs, approves, answers a request and hears the wallet end the session", { timeout: 30_000 }, async () => {
    const { uri, approval } = await dapp.connect({
      optionalNamespaces: {
        eip155: { methods: ["personal_sign"], chains: ["eip155:1"], events: ["accountsChanged", "chainChanged"] }
      }
    })
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    await wallet.pair({ uri: uri as string })
    const session = await approval()
    expect(session.namespaces.eip155?.accounts).toEqual([`eip155:1:${account}`])

    const result = await dapp.request({
      topic: session.topic,
      chainId: "eip155:1",
      request: { method: "personal_sign", params: ["0x68656c6c6f", account] }
    })
    expect(result).toBe("signed:0x68656c6c6f")

    const deleted = new Promise<string>((resolve) => dapp.on("session_delete", ({ topic }) => resolve(topic)))
    await wallet.disconnect({ topic: session.topic, reason: { code: 6000, message: "User disconnected" } })
    expect(await deleted).toBe(session.topic)
    // The implicit subscribes of the session calls carried the proposal and the approval.
    expect(methods).toEqual(expect.arrayContaining(["wc_proposeSession", "wc_approveSession", "irn_publish"]))
  })
})

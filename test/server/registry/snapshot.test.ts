import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import * as Schema from "effect/Schema"
import { afterAll, describe, expect, it } from "vitest"
import { WalletListing } from "../../../core/schema/wallet.ts"
import { makeRegistry, type WalletQuery } from "../../../server/api/registry.ts"
import { makeSandboxRegistry } from "../../../server/api/sandboxRegistry.ts"
import { loadRegistryFile, RegistryFileError } from "../../../server/registry/file.ts"
import { registrySnapshot } from "../../../server/registry/snapshot.ts"

const all: WalletQuery = {
  page: 1,
  entries: 1000,
  include: [],
  exclude: [],
  search: "",
  badgeType: undefined,
  chains: []
}
const dir = mkdtempSync(join(tmpdir(), "airlock-registry-"))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const file = (name: string, content: unknown): string => {
  const path = join(dir, name)
  writeFileSync(path, typeof content === "string" ? content : JSON.stringify(content))
  return path
}

describe("the shipped wallet registry snapshot", () => {
  const { provenance, wallets } = registrySnapshot()
  const registry = makeRegistry()

  it("states where it came from and decodes with the client's schema", () => {
    expect(provenance.source).toMatch(/^thirdweb@\d+\.\d+\.\d+/)
    expect(provenance.licence).toContain("Apache-2.0")
    expect(provenance.date).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(provenance.count).toBe(wallets.length)
    expect(wallets.length).toBeGreaterThan(400)
    const decode = Schema.decodeUnknownSync(WalletListing)
    for (const w of wallets) expect(decode(JSON.parse(JSON.stringify(w)))).toEqual(w)
  })

  it("is what the production registry serves, with unique ids", () => {
    expect(registry.wallets.map((w) => w.id)).toEqual(wallets.map((w) => w.id))
    expect(new Set(wallets.map((w) => w.id)).size).toBe(wallets.length)
  })

  it("lists the well-known wallets with their real rdns", () => {
    const byName = (name: string) => wallets.find((w) => w.name === name)
    expect(byName("MetaMask")?.rdns).toBe("io.metamask")
    expect(byName("Trust Wallet")?.rdns).toBe("com.trustwallet.app")
    expect(byName("Rainbow")?.rdns).toBe("me.rainbow")
    expect(byName("MetaMask")?.injected).toEqual([{ namespace: "eip155", injected_id: "io.metamask" }])
    expect(byName("MetaMask")?.homepage).toBe("https://metamask.io/")
    expect(registry.query({ ...all, search: "metamask" }).data.map((w) => w.id)).toContain("io.metamask")
  })

  it("serves a real logo for every wallet that names an image", () => {
    const withImage = wallets.filter((w) => w.image_id != null)
    expect(withImage.length).toBeGreaterThan(wallets.length * 0.9)
    for (const w of withImage) {
      const image = registry.imageSvg(w.image_id!)
      expect(image, w.id).toMatch(/^<svg [^>]*><title>[^<]*<\/title><image [^>]*href="data:image\/webp;base64,UklGR/)
    }
    expect(registry.imageSvg("no-such-image")).toBeUndefined()
  })

  it("does not rule out wallets whose networks it does not know when the app filters by network", () => {
    expect(registry.query({ ...all, chains: ["eip155:1"] }).count).toBe(wallets.length)
  })

  it("keeps the sandbox's generated list for the sandbox, with tiles for images", () => {
    const sandbox = makeSandboxRegistry()
    expect(sandbox.wallets.length).toBe(650)
    expect(sandbox.imageSvg(sandbox.wallets[0]!.image_id!)).toContain("<rect")
  })
})

describe("an operator's registry file", () => {
  const mine = { id: "com.example.wallet", name: "Example Wallet", rdns: "com.example.wallet", order: -1 }

  it("extends the snapshot, overriding by id", () => {
    const metamask = { id: "io.metamask", name: "MetaMask (ours)", rdns: "io.metamask", chains: ["eip155:1"] }
    const extra = loadRegistryFile(file("extend.json", [mine, metamask]))
    const registry = makeRegistry({ extend: extra })
    expect(registry.wallets.length).toBe(registrySnapshot().wallets.length + 1)
    expect(registry.wallets[0]?.id).toBe("com.example.wallet")
    const overridden = registry.wallets.filter((w) => w.id === "io.metamask")
    expect(overridden).toEqual([{ ...metamask }])
    expect(registry.query({ ...all, search: "ours" }).data.map((w) => w.name)).toEqual(["MetaMask (ours)"])
  })

  it("replaces the snapshot, also in the snapshot's own shape", () => {
    const registry = makeRegistry({ replace: loadRegistryFile(file("replace.json", { wallets: [mine] })) })
    expect(registry.wallets.map((w) => w.id)).toEqual(["com.example.wallet"])
    expect(registry.query({ ...all, search: "meta" }).count).toBe(0)
  })

  it("is refused naming the bad entry", () => {
    const refused = (name: string, content: unknown) => {
      try {
        loadRegistryFile(file(name, content))
      } catch (e) {
        expect(e).toBeInstanceOf(RegistryFileError)
        return (e as Error).message
      }
      throw new Error("the file was accepted")
    }
    expect(refused("noname.json", [mine, { id: "broken" }])).toMatch(/wallets\[1\] \(id "broken"\).*name/)
    expect(refused("link.json", [{ ...mine, homepage: "javascript:alert(1)" }])).toMatch(
      /wallets\[0\] \(id "com.example.wallet"\): homepage is not a safe URL/
    )
    expect(refused("twice.json", [mine, mine])).toMatch(/wallets\[1\].*listed twice/)
    expect(refused("image.json", [{ ...mine, image_id: "../../etc/passwd" }])).toMatch(/wallets\[0\].*image_id/)
    expect(refused("shape.json", { wallet: [] })).toMatch(/"wallets" array/)
    expect(refused("json.json", "{ not json")).toMatch(/not JSON/)
    expect(() => loadRegistryFile(join(dir, "missing.json"))).toThrow(/Cannot read registry file/)
  })
})

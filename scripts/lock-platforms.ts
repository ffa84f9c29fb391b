/**
 * `npm run lock:platforms`: adds lock entries for optional platform packages the registry mirror here does not serve.
 *
 * Packages such as @biomejs/biome and @foundry-rs/anvil list one optional dependency per platform. Where the registry
 * lacks some of them (this workplace's mirror serves linux ones only), `npm install` leaves them out of
 * package-lock.json and `npm ci` then refuses the lock as out of sync. An entry with the right `os` / `cpu` / `libc`
 * and no tarball lets `npm ci` skip it on other platforms, as it skips any foreign platform package. Run it after
 * every `npm install` that changes the lock.
 */
import { readFileSync, writeFileSync } from "node:fs"

interface LockEntry {
  version?: string
  dev?: boolean
  optional?: boolean
  license?: string
  os?: Array<string>
  cpu?: Array<string>
  libc?: Array<string>
  optionalDependencies?: Record<string, string>
}

const path = new URL("../package-lock.json", import.meta.url)
const lock = JSON.parse(readFileSync(path, "utf8")) as { packages: Record<string, LockEntry> }

const platformOf = (name: string): Pick<LockEntry, "os" | "cpu" | "libc"> | undefined => {
  const os = ["android", "darwin", "linux", "win32", "freebsd", "openbsd", "sunos", "aix"].find((o) => name.includes(o))
  const cpu = ["arm64", "x64", "amd64", "ia32", "arm", "riscv64", "ppc64", "s390x", "loong64"].find((c) =>
    new RegExp(`[-_]${c}(?:$|[-_])`).test(name)
  )
  if (os === undefined || cpu === undefined) return undefined
  return {
    os: [os],
    cpu: [cpu === "amd64" ? "x64" : cpu],
    ...(os === "linux" ? { libc: [name.includes("musl") ? "musl" : "glibc"] } : {})
  }
}

let added = 0
for (const [key, entry] of Object.entries(lock.packages)) {
  for (const [dependency, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const at = `node_modules/${dependency}`
    if (lock.packages[at] !== undefined) continue
    const platform = platformOf(dependency)
    if (platform === undefined) throw new Error(`${dependency} (optional dependency of ${key}) is not in the lock`)
    // Keys in the order npm itself writes them (version, then alphabetical), so a later `npm install` rewrites
    // nothing: a fresh clone's install must leave the lock unchanged.
    lock.packages[at] = {
      version,
      ...(platform.cpu === undefined ? {} : { cpu: platform.cpu }),
      ...(entry.dev ? { dev: true } : {}),
      ...(platform.libc === undefined ? {} : { libc: platform.libc }),
      ...(entry.license === undefined ? {} : { license: entry.license }),
      optional: true,
      ...(platform.os === undefined ? {} : { os: platform.os })
    }
    added++
  }
}
// npm orders the entries with `localeCompare(…, "en")` ("string_decoder" before "string-width"); so must this.
lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => a.localeCompare(b, "en")))
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`)
console.log(`lock:platforms: ${added} entr${added === 1 ? "y" : "ies"} added`)

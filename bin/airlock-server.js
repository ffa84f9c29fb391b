#!/usr/bin/env node
// `npx airlock-server`: the self-hosted Airlock server (docs/self-hosting.md). In the repository it runs the sources
// (Node 24 strips their types); from the npm package, the built files in dist/.
import { existsSync, readFileSync } from "node:fs"

const source = new URL("../server/cli.ts", import.meta.url)
const built = new URL("../dist/server/cli.js", import.meta.url)
const inPackage = import.meta.url.includes("/node_modules/")

// The server's own packages are optional peer dependencies of airlock-kit, so a dapp's install stays small; an
// operator installs them next to it. Checked up front to name every missing one at once, not the first import's.
const serverPeers = ["@electric-sql/pglite", "postgres", "ioredis", "ws", "@walletconnect/relay-auth"]

const resolvable = (name) => {
  try {
    import.meta.resolve(name)
    return true
  } catch {
    return false
  }
}

const installHint = (names) => {
  let ranges = {}
  try {
    ranges = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8")).peerDependencies ?? {}
  } catch {}
  const specs = names.map((name) => (ranges[name] ? `"${name}@${ranges[name]}"` : name))
  return `airlock-server needs packages that airlock-kit lists as optional peer dependencies: ${names.join(", ")}.\nInstall them next to airlock-kit:\n  npm install ${specs.join(" ")}\n`
}

const missing = serverPeers.filter((name) => !resolvable(name))
if (missing.length > 0) {
  process.stderr.write(installHint(missing))
  process.exit(1)
}

try {
  await import((!inPackage && existsSync(source) ? source : built).href)
} catch (error) {
  // A package the server imports that is not in the list above (a peer's own dependency removed, say).
  const named =
    error?.code === "ERR_MODULE_NOT_FOUND" && /Cannot find package '([^']+)'/.exec(String(error.message))?.[1]
  if (!named) throw error
  process.stderr.write(installHint([named]))
  process.exit(1)
}

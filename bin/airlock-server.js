#!/usr/bin/env node
// `npx airlock-server`: the self-hosted Airlock server (docs/self-hosting.md). In the repository it runs the sources
// (Node 24 strips their types); from the npm package, the built files in dist/.
import { existsSync } from "node:fs"

const source = new URL("../server/cli.ts", import.meta.url)
const built = new URL("../dist/server/cli.js", import.meta.url)
const inPackage = import.meta.url.includes("/node_modules/")
await import((!inPackage && existsSync(source) ? source : built).href)

/**
 * The sandbox API alone, with fresh local chains: `npx node sandbox/api.ts [--port N]` (Ctrl-C stops).
 */
import { startApi } from "../server/api/server.ts"
import { sandboxApiOptions } from "./apiOptions.ts"
import { startChains } from "./chain/index.ts"
import { startSolana } from "./solana/index.ts"

const portArg = process.argv.indexOf("--port")
const [chains, solana] = await Promise.all([startChains(), startSolana()])
const api = await startApi({
  dataDir: ".sandbox/api",
  ...sandboxApiOptions({ chains, solana }),
  port: portArg === -1 ? 0 : Number(process.argv[portArg + 1])
})
console.log(`sandbox api on ${api.url} (project id airlock-demo); Ctrl-C to stop`)
const shutdown = () => void Promise.all([api.stop(), chains.stop(), solana.stop()]).then(() => process.exit(0))
process.once("SIGINT", shutdown)
process.once("SIGTERM", shutdown)

/** All Wallets (its virtualised grid), one chunk. */
// Bundler hints, no names (see ../../kernel.ts): the renderer's kernel, and core's lazy part, which this part runs on.
import "../../kernel.ts"
import "../../../../core/client/lazy.ts"

export { AllWallets } from "../AllWallets.tsx"

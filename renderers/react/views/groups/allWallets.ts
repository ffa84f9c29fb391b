/** All Wallets (its virtualised grid), one chunk. */
// A bundler hint, no names (see ../../kernel.ts): the renderer's kernel.
import "../../kernel.ts"

export { AllWallets } from "../AllWallets.tsx"

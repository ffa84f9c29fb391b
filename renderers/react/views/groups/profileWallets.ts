/** ProfileWallets (multi-wallet), one chunk, fetched when it first shows (or Account preloads it). */
// Bundler hints, no names (see ../../kernel.ts): the renderer's kernel, and core's lazy part, which this part runs on.
import "../../kernel.ts"
import "../../../../core/client/lazy.ts"

export { ProfileWallets } from "../ProfileWallets.tsx"

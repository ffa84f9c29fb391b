/** The connected user's views, one chunk: Account (with its tabs) and what it leads to. */
// Bundler hints, no names (see ../../kernel.ts): the renderer's kernel, and core's lazy part, which this part runs on.
import "../../kernel.ts"
import "../../../../core/client/lazy.ts"

export { Account } from "../Account.tsx"
export { NftDetail } from "../NftDetail.tsx"
export { Receive } from "../Receive.tsx"
export { Send } from "../Send.tsx"

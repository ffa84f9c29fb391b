/** The connected user's views, one chunk: Account (with its tabs) and what it leads to. */
// A bundler hint, no names (see ../../kernel.ts): the renderer's kernel.
import "../../kernel.ts"

export { Account } from "../Account.tsx"
export { NftDetail } from "../NftDetail.tsx"
export { Receive } from "../Receive.tsx"
export { Send } from "../Send.tsx"

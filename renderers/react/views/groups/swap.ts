/** Swap's views (its form, token picker and preview), one chunk, fetched when Swap first shows. */
// Bundler hints, no names (see ../../kernel.ts): the renderer's kernel, and core's lazy part, which this part runs on.
import "../../kernel.ts"
import "../../../../core/client/lazy.ts"

export { Swap } from "../Swap.tsx"

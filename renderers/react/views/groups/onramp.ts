/** The onramp's views (Buy Crypto's form, the provider list, the buy in progress), one chunk, fetched when Onramp first shows. */
// Bundler hints, no names (see ../../kernel.ts): the renderer's kernel, and core's lazy part, which this part runs on.
import "../../kernel.ts"
import "../../../../core/client/lazy.ts"

export { Onramp } from "../Onramp.tsx"
export { OnrampBuyInProgress } from "../OnrampBuyInProgress.tsx"
export { OnrampProviders } from "../OnrampProviders.tsx"

/**
 * The React renderer's kernel: a bundler hint, no code and no names (see `core/client/kernel.ts` for why kernels
 * exist). The modal (`modal/Modal.tsx`) and each group of views (`views/groups/*.ts`) import it bare; it imports core's
 * and the adapters' kernels (the views run the embedded wallet's actions) and every renderer module whose code a
 * page's first load holds, except the entry and what leads to the modal's `import()` (the buttons, the provider and
 * its host, `modal/load.ts`), which would close an import circle. The embedded adapter's entry too (a page that
 * imports `airlock-kit/embedded` holds it on its first load): the views reach it, and with it here esbuild puts it in
 * the same file as the rest, one file fewer before the button shows.
 * @module
 */
import "airlock-kit/embedded"
import "../../adapters/kernel.ts"
import "../../core/client/kernel.ts"
import "./hooks/useAirlock.ts"
import "./hooks/useAirlockAccount.ts"
import "./hooks/useAirlockActivity.ts"
import "./hooks/useAirlockConnections.ts"
import "./hooks/useAirlockNetwork.ts"
import "./hooks/useAirlockNfts.ts"
import "./hooks/useAirlockSelector.ts"
import "./hooks/useAirlockTokens.ts"
import "./hooks/useAirlockTranslation.ts"
import "./internal/context.ts"
import "./internal/onIdle.ts"
import "./internal/shallowEqual.ts"
import "./internal/useResource.ts"
import "./internal/useReturnFocus.ts"
import "./theme/useThemeVariables.ts"

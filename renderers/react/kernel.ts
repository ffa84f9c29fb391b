/**
 * The React renderer's kernel: a bundler hint, no code and no names (see `core/client/kernel.ts` for why kernels
 * exist). The modal (`modal/Modal.tsx`) and each group of views (`views/groups/*.ts`) import it bare; it imports core's
 * and the adapters' kernels (the views run the embedded wallet's actions) and every renderer module whose code a
 * page's first load holds, except the entry and what leads to the modal's `import()` (the buttons, the provider and
 * its host, `modal/load.ts`), which would close an import circle.
 * @module
 */
import "../../adapters/kernel.ts"
import "../../core/client/kernel.ts"
import "./hooks/useAirlock.ts"
import "./hooks/useAirlockAccount.ts"
import "./hooks/useAirlockActivity.ts"
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

/**
 * Core's kernel: a bundler hint, no code and no names. It imports (bare) every core module whose code a page's first
 * load holds, except the few that lead to an `import()` of a lazy part (the entry, `createAirlock.ts`, `runtime.ts`,
 * `frameLayer.ts`), and what those import from Effect.
 *
 * Why: esbuild (like any bundler that splits by the set of entry points reaching a module) makes one file per
 * distinct set, and each `import()` target is an entry point. Every lazy part imports this kernel, directly (core's)
 * or through the adapters' and the renderer's kernels, so every module of the first load is reached by every entry
 * point and the first load is a few files fetched in one round (30 files under esbuild before). Rolldown (Vite) goes
 * by what is used, not by bare imports: for it, each lazy part also imports core's lazy part (`lazy.ts`, which it
 * runs on, fetched right after start); an import of an entry module counts there, so the code every part shares with
 * the page stays in the page's own files.
 *
 * The kernel must never reach a module that leads to an `import()` of a module that imports it (an import circle),
 * nor a module whose code is not on the first load (its code would move to a file every lazy part loads);
 * test/core/client/kernel.test.ts checks both, and that it covers the first load. `package.json`'s `sideEffects`
 * lists the kernels so that bundlers keep these import records; the modules stay side-effect free, so a kernel adds
 * no code, only decides where code goes.
 * @module
 */
// What the modules left out import from Effect: reached through them alone, it would sit in a file of its own.
import "effect/Effect"
import "effect/Layer"
import "effect/ManagedRuntime"
import "effect/References"
import "../adapter/AdapterLoadError.ts"
import "../adapter/AirlockAdapter.ts"
import "../adapter/adapterRegistry.ts"
import "../anatomy/dialog.ts"
import "../anatomy/focus.ts"
import "../anatomy/ids.ts"
import "../anatomy/closeMarks.ts"
import "../anatomy/tabs.ts"
import "../anatomy/walletItem.ts"
import "../errors/AirlockError.ts"
import "../errors/ReasonError.ts"
import "../errors/alerts.ts"
import "../errors/catalogue.ts"
import "../errors/texts.ts"
import "../flows/connection/discovery.ts"
import "../flows/i18n/locale.ts"
import "../flows/modal/back.ts"
import "../flows/modal/close.ts"
import "../flows/modal/feedback.ts"
import "../flows/modal/open.ts"
import "../flows/modal/push.ts"
import "../flows/send/form.ts"
import "../i18n/catalogue.ts"
import "../i18n/describeError.ts"
import "../i18n/en/buttons.ts"
import "../i18n/en/errors.ts"
import "../i18n/en/firstLoad.ts"
import "../i18n/firstEnglish.ts"
import "../i18n/format.ts"
import "../i18n/locales.ts"
import "../networks/constants.ts"
import "../networks/defineNetwork.ts"
import "../networks/evm.ts"
import "../networks/solana.ts"
import "../options/checkOptions.ts"
import "../resources/activity.ts"
import "../resources/activityFormat.ts"
import "../resources/nfts.ts"
import "../resources/resource.ts"
import "../resources/send.ts"
import "../resources/tokens.ts"
import "../router/constants.ts"
import "../router/navigation.ts"
import "../router/state.ts"
import "../router/timings.ts"
import "../router/views.ts"
import "../rules/connectOrder.ts"
import "../rules/features.ts"
import "../rules/names.ts"
import "../rules/resolveFeatures.ts"
import "../rules/send.ts"
import "../rules/walletLinks.ts"
import "../schema/accountTabs.ts"
import "../schema/chainNamespaces.ts"
import "../schema/checks.ts"
import "../schema/decimal.ts"
import "../schema/featureNames.ts"
import "../schema/format.ts"
import "../schema/loginName.ts"
import "../schema/displayText.ts"
import "../schema/sanitizeConnector.ts"
import "../schema/urlCheck.ts"
import "../services/ClientConfig.ts"
import "../services/Frame.ts"
import "../services/Platform.ts"
import "../state/ClientScope.ts"
import "../state/StateStore.ts"
import "../state/Store.ts"
import "../state/alert.ts"
import "../state/connections.ts"
import "../state/events.ts"
import "../state/explorerIds.ts"
import "../state/initial.ts"
import "../state/names.ts"
import "../state/routerContext.ts"
import "../state/selectors.ts"
import "../state/send.ts"
import "../state/siwx.ts"
import "../state/swap.ts"
import "../state/theme.ts"
import "./DestroyedError.ts"
import "./firstState.ts"
import "./lifecycle.ts"

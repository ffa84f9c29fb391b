import type { LocaleCatalogue } from "../i18n/catalogue.ts"
import { firstEnglish } from "../i18n/firstEnglish.ts"
import { initial as initialRouter } from "../router/index.ts"
import type { ResolvedFeatures } from "../rules/features.ts"
import type { AccountState } from "../schema/account.ts"
import { chainNamespaces } from "../schema/chainNamespaces.ts"
import type { ChainNamespace } from "../schema/namespace.ts"
import type { CaipNetwork } from "../schema/network.ts"
import type { AirlockState } from "./AirlockState.ts"
import { initialSend } from "./send.ts"
import { initialSiwx } from "./siwx.ts"
import { defaultThemeVariables, type ThemeMode, type ThemeVariables } from "./theme.ts"

/** A namespace's account before anything is known. */
export const emptyAccount = (status: AccountState["status"] = "disconnected"): AccountState => ({
  status,
  currentTab: "Tokens"
})

/** What the first snapshot is built from. */
export interface InitialStateInput {
  readonly networks: ReadonlyArray<CaipNetwork>
  /** Undefined only for a client whose options were refused (status `error`). */
  readonly activeNetwork: CaipNetwork | undefined
  readonly themeMode: ThemeMode
  readonly themeVariables: ThemeVariables | undefined
  readonly features: ResolvedFeatures
  readonly statuses: Readonly<Partial<Record<ChainNamespace, AccountState["status"]>>>
  readonly isMobile: boolean
  readonly hasInjectedWallet: boolean
  readonly excludedWallets?: ReadonlyArray<string> | undefined
  /** Whether the options configure sign-in with the wallet (`siwx` or `siweConfig`). @default false */
  readonly siwx?: boolean | undefined
  /**
   * The locale to start in; when absent, English with the first load's texts ({@link firstEnglish}), which the client
   * completes when its lazy part arrives.
   */
  readonly locale?: LocaleCatalogue | undefined
}

/** The first snapshot: every one of the seven namespaces has an account, the modal is closed on Connect. */
export const makeInitialState = (input: InitialStateInput): AirlockState => ({
  status: "initializing",
  error: undefined,
  modal: initialRouter,
  shake: false,
  snack: undefined,
  alert: undefined,
  lastEvent: undefined,
  i18n: (({ locale, dir, messages }) => ({ locale, dir, messages }))(input.locale ?? firstEnglish),
  themeMode: input.themeMode,
  themeVariables: { ...defaultThemeVariables, ...input.themeVariables },
  switchingNamespace: false,
  activeNamespace: input.activeNetwork?.chainNamespace,
  networks: input.networks,
  activeNetworks:
    input.activeNetwork === undefined ? {} : { [input.activeNetwork.chainNamespace]: input.activeNetwork },
  accounts: Object.fromEntries(
    chainNamespaces.map((namespace) => [namespace, emptyAccount(input.statuses[namespace])])
  ) as Record<ChainNamespace, AccountState>,
  connectors: [],
  connections: {},
  activeConnectorIds: {},
  wallets: { featured: [], recommended: [], recent: [], all: [], count: 0 },
  walletConnect: { uri: undefined, expiry: undefined },
  excludedWallets: input.excludedWallets ?? [],
  features: input.features,
  resources: {},
  send: initialSend,
  siwx: initialSiwx(input.siwx === true),
  hasInjectedWallet: input.hasInjectedWallet,
  isMobile: input.isMobile
})

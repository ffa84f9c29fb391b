import { assert, describe, it } from "@effect/vitest"
import {
  AccountDataError,
  type AirlockError,
  AlertError,
  ChainError,
  ConnectionError,
  EmailError,
  FrameError,
  NameError,
  OptionsError,
  RpcError,
  SendError,
  SiwxError
} from "../../../core/errors/index.ts"
import { en } from "../../../core/i18n/en/index.ts"

/**
 * Every text of SPEC §8, copied verbatim, with the error that must show it. Placeholders keep SPEC's own spelling
 * ({name}, N, {ns}); the placeholder tests below check that they fill.
 */
const specTexts: ReadonlyArray<readonly [string, () => AirlockError]> = [
  ["Token Balance Unavailable", () => new AccountDataError({ reason: "TokenBalanceUnavailable" })],
  ["Failed to fetch transactions", () => new AccountDataError({ reason: "TransactionsFailed" })],
  [
    "A problem occurred while trying initialize authentication",
    () => new ConnectionError({ reason: "AuthInitFailed" })
  ],
  ["Error signing message", () => new SiwxError({ reason: "SignFailed" })],
  ["Invalid App Configuration", () => new AlertError({ code: "APKT002" })],
  ["Modal closed", () => new ConnectionError({ reason: "ModalClosed" })],
  ["Connection rejected", () => new ConnectionError({ reason: "ConnectionRejected" })],
  ["Popup closed", () => new ConnectionError({ reason: "PopupClosed" })],
  ["Failed to connect", () => new ConnectionError({ reason: "FailedToConnect" })],
  ["Failed to initiate social connection", () => new ConnectionError({ reason: "SocialConnectionFailed" })],
  ["Failed to connect to farcaster", () => new ConnectionError({ reason: "FarcasterConnectionFailed" })],
  ["Failed to disconnect", () => new ConnectionError({ reason: "DisconnectFailed" })],
  ["Network not supported for Swaps", () => new ChainError({ reason: "SwapsNotSupported" })],
  ["Network not supported for Gas Price", () => new ChainError({ reason: "GasPriceNotSupported" })],
  ["Network not found", () => new ChainError({ reason: "NetworkNotFound" })],
  ["Address or auth connector not found", () => new ConnectionError({ reason: "AddressOrAuthConnectorNotFound" })],
  ["No auth connector found", () => new ConnectionError({ reason: "NoAuthConnector" })],
  ["Not connected to email or social", () => new ConnectionError({ reason: "NotConnectedToEmailOrSocial" })],
  ["Unsupported chain", () => new ChainError({ reason: "UnsupportedChain" })],
  ["Invalid CAIP Address", () => new ChainError({ reason: "InvalidCaipAddress" })],
  ["SIWX is not enabled", () => new SiwxError({ reason: "NotEnabled" })],
  ["No ActiveCaipAddress found", () => new ChainError({ reason: "NoActiveCaipAddress" })],
  ["Error resolving name", () => new NameError({ reason: "ResolveFailed" })],
  ["Error fetching name suggestions", () => new NameError({ reason: "SuggestionsFailed" })],
  ["Error fetching names for address", () => new NameError({ reason: "NamesForAddressFailed" })],
  ["Error registering name {name}", () => new NameError({ reason: "RegisterFailed" })],
  ["An amount and receiver address are required", () => new SendError({ reason: "AmountAndReceiverRequired" })],
  ["A token is required", () => new SendError({ reason: "TokenRequired" })],
  ["Invalid chainId", () => new NameError({ reason: "InvalidChainId" })],
  ["Please try again after N seconds", () => new EmailError({ reason: "Cooldown", params: { seconds: "N" } })],
  ["Requested RPC call is not allowed", () => new RpcError({ reason: "MethodNotAllowed" })],
  ["W3mFrame: iframe is not set", () => new FrameError({ reason: "IframeNotSet" })],
  ["W3mFrame: parent is not set", () => new FrameError({ reason: "ParentNotSet" })],
  ["Unable to load email login dependency", () => new FrameError({ reason: "DependencyLoadFailed" })],
  ["Request was aborted", () => new FrameError({ reason: "Aborted" })],
  ["Something went wrong", () => new FrameError({ reason: "SomethingWentWrong" })],
  ["An error occurred", () => new FrameError({ reason: "Unknown" })],
  ["WalletConnectConnector not found", () => new ConnectionError({ reason: "WalletConnectConnectorNotFound" })],
  [
    "Adapter for namespace {ns} doesn't exist",
    () => new ConnectionError({ reason: "AdapterNotFound", params: { namespace: "{ns}" } })
  ],
  [
    "The connector does not support any of the requested chains",
    () => new ConnectionError({ reason: "NoRequestedChains" })
  ],
  ["Cannot set both `siweConfig` and `siwx` options", () => new OptionsError({ reason: "SiweAndSiwx" })],
  ["Chain is not supported", () => new ChainError({ reason: "ChainNotSupported" })]
]

/** Texts Airlock adds beyond SPEC §8 (for its own options check); everything else must come from SPEC. */
// "{reason}" is the API's own first reason, which SPEC §8 prefers over 'Error registering name {name}'.
// SPEC §5 requires the params checks but gives them no text of their own.
// Airlock's own: SPEC §8 has no text for these (an options error, the API's reasons, bad RPC params, Send's checks
// and a refusal in the wallet, the NFTs endpoint SPEC does not define, an email SPEC §5 refuses, and an email change
// to the address the user already has).
const airlockOnlyTexts = [
  "Invalid Airlock options",
  "{reason}",
  "Invalid params for {method}",
  "{message}",
  "Transaction rejected in the wallet",
  // Send's form and preparation, each its own reason (SPEC §8 gives only the first two texts of the form).
  "The amount must be above zero",
  "Enter an amount as a number, like 0.5",
  "{symbol} has no decimals",
  "{symbol} has at most {decimals} decimals",
  "Insufficient balance",
  "Invalid address",
  "Connect a wallet first",
  "Could not resolve {name}",
  "{name} has no EVM address",
  "{name} has no Solana address",
  "Sending is not supported on {network}",
  "Insufficient balance for the amount and the network fee",
  "The network changed: prepare the transfer again",
  "Failed to fetch NFTs",
  // Sign-in's email capture (AppKit's wording for its DataCapture view; SPEC §8 has no text for it).
  "Failed to send email OTP",
  "Invalid email address",
  "This is your email already"
]

const allClasses = [
  ConnectionError,
  ChainError,
  AccountDataError,
  NameError,
  SendError,
  SiwxError,
  EmailError,
  RpcError,
  FrameError,
  OptionsError
] as const

/** SPEC writes placeholders as `{name}`, `{ns}` or `N`; the catalogue names them; compare with any placeholder. */
const normalize = (text: string) => text.replace(/\{\w+\}/g, "{}").replace(/after N seconds/, "after {} seconds")

describe("the SPEC §8 catalogue", () => {
  for (const [text, make] of specTexts) {
    it(`shows '${text}' exactly`, () => {
      assert.strictEqual(make().shortMessage, text)
    })
  }

  it("has no text that SPEC §8 does not give, besides Airlock's own options error", () => {
    const spec = new Set(specTexts.map(([text]) => normalize(text)))
    const invented = allClasses
      .flatMap((errorClass) => Object.values(errorClass.texts))
      .filter((text) => !spec.has(normalize(text)) && !airlockOnlyTexts.includes(text))
    assert.deepStrictEqual(invented, [])
  })

  it("shows 'Action not allowed' for a disallowed RPC call", () => {
    // A UI text, not an error's: the catalogue's approve.actionNotAllowed (ApproveTransaction shows it).
    assert.strictEqual(en["approve.actionNotAllowed"], "Action not allowed")
  })

  it("'Error registering name {name}' names the name", () => {
    const error = new NameError({ reason: "RegisterFailed", params: { name: "satoshi.airlock.eth" } })
    assert.strictEqual(error.shortMessage, "Error registering name satoshi.airlock.eth")
    assert.deepStrictEqual(error.params, { name: "satoshi.airlock.eth" })
  })

  it("'Please try again after N seconds' gives the seconds left", () => {
    assert.strictEqual(
      new EmailError({ reason: "Cooldown", params: { seconds: 27 } }).shortMessage,
      "Please try again after 27 seconds"
    )
  })

  it("'Adapter for namespace {ns} doesn't exist' names the namespace", () => {
    assert.strictEqual(
      new ConnectionError({ reason: "AdapterNotFound", params: { namespace: "solana" } }).shortMessage,
      "Adapter for namespace solana doesn't exist"
    )
  })

  it("a reason keeps its tag and reason for matching", () => {
    const error = new ChainError({ reason: "UnsupportedChain" })
    assert.strictEqual(error._tag, "ChainError")
    assert.strictEqual(error.reason, "UnsupportedChain")
    assert.instanceOf(error, Error)
  })
})

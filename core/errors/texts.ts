/**
 * The exact texts of Airlock's errors (SPEC §8 and Airlock's own), one table per error, as plain data: the error classes
 * (catalogue.ts) read their `shortMessage` from them, and the message catalogue's English (core/i18n) lists them under
 * `<Tag>.<Reason>` ids for translation. `{name}` placeholders are filled from the error's `params`.
 * @module
 */

/** Every table, by error tag. */
export const errorTexts = {
  ConnectionError: {
    ModalClosed: "Modal closed",
    ConnectionRejected: "Connection rejected",
    PopupClosed: "Popup closed",
    FailedToConnect: "Failed to connect",
    SocialConnectionFailed: "Failed to initiate social connection",
    FarcasterConnectionFailed: "Failed to connect to farcaster",
    DisconnectFailed: "Failed to disconnect",
    AuthInitFailed: "A problem occurred while trying initialize authentication",
    WalletConnectConnectorNotFound: "WalletConnectConnector not found",
    AdapterNotFound: "Adapter for namespace {namespace} doesn't exist",
    NoRequestedChains: "The connector does not support any of the requested chains",
    AddressOrAuthConnectorNotFound: "Address or auth connector not found",
    NoAuthConnector: "No auth connector found",
    NotConnectedToEmailOrSocial: "Not connected to email or social"
  },
  ChainError: {
    NetworkNotFound: "Network not found",
    UnsupportedChain: "Unsupported chain",
    ChainNotSupported: "Chain is not supported",
    SwapsNotSupported: "Network not supported for Swaps",
    GasPriceNotSupported: "Network not supported for Gas Price",
    InvalidCaipAddress: "Invalid CAIP Address",
    NoActiveCaipAddress: "No ActiveCaipAddress found"
  },
  AccountDataError: {
    TokenBalanceUnavailable: "Token Balance Unavailable",
    TransactionsFailed: "Failed to fetch transactions",
    /** Airlock's: the NFTs endpoint is an extension of SPEC §7. */
    NftsFailed: "Failed to fetch NFTs"
  },
  NameError: {
    ResolveFailed: "Error resolving name",
    SuggestionsFailed: "Error fetching name suggestions",
    NamesForAddressFailed: "Error fetching names for address",
    RegisterFailed: "Error registering name {name}",
    /** SPEC §8: the API's first reason is preferred over 'Error registering name {name}' when it gives one. */
    RegisterRejected: "{reason}",
    InvalidChainId: "Invalid chainId"
  },
  SendError: {
    AmountAndReceiverRequired: "An amount and receiver address are required",
    /** Airlock's: an amount of zero with the receiver filled (SPEC §8's text would name the receiver wrongly). */
    AmountZero: "The amount must be above zero",
    TokenRequired: "A token is required",
    /** Airlock's, for what SPEC §8 leaves unsaid about the form (core/rules/send.ts checks it). */
    InvalidAmount: "Enter an amount as a number, like 0.5",
    NoDecimals: "{symbol} has no decimals",
    TooManyDecimals: "{symbol} has at most {decimals} decimals",
    InsufficientBalance: "Insufficient balance",
    InvalidAddress: "Invalid address",
    /** Airlock's, when the transfer is prepared. */
    NotConnected: "Connect a wallet first",
    NameNotResolved: "Could not resolve {name}",
    NameWithoutEvmAddress: "{name} has no EVM address",
    NameWithoutSolanaAddress: "{name} has no Solana address",
    NotSupported: "Sending is not supported on {network}",
    InsufficientForFee: "Insufficient balance for the amount and the network fee",
    NetworkChanged: "The network changed: prepare the transfer again",
    /** Airlock's: the adapter refused to build the transfer, in its own first line (an address with a bad checksum). */
    Invalid: "{message}",
    /** Airlock's: the user refused the transfer in the wallet (EIP-1193 4001). */
    Rejected: "Transaction rejected in the wallet",
    /** Airlock's: the wallet or the chain failed the transfer, in its own first line. */
    Failed: "{message}"
  },
  SiwxError: {
    NotEnabled: "SIWX is not enabled",
    SignFailed: "Error signing message",
    /** Email capture (DataCapture): the configuration could not mail the code. */
    EmailOtpFailed: "Failed to send email OTP",
    /** Airlock's: the configuration refused a code (or a resend), in its own first line ('Invalid code: 4 tries left'). */
    EmailOtpRefused: "{message}"
  },
  EmailError: {
    Cooldown: "Please try again after {seconds} seconds",
    /** SPEC §5: the email must be a valid address (connect email, new email on update). */
    Invalid: "Invalid email address",
    /** Airlock's: an email change to the address the user already has. */
    Unchanged: "This is your email already"
  },
  RpcError: {
    MethodNotAllowed: "Requested RPC call is not allowed",
    InvalidParams: "Invalid params for {method}"
  },
  FrameError: {
    IframeNotSet: "W3mFrame: iframe is not set",
    ParentNotSet: "W3mFrame: parent is not set",
    DependencyLoadFailed: "Unable to load email login dependency",
    Aborted: "Request was aborted",
    SomethingWentWrong: "Something went wrong",
    Unknown: "An error occurred",
    /** The frame's own message, from an `_ERROR` reply (SPEC §7: an error payload carries a message). */
    Reply: "{message}"
  },
  OptionsError: {
    SiweAndSiwx: "Cannot set both `siweConfig` and `siwx` options",
    Invalid: "Invalid Airlock options"
  },
  AdapterLoadError: {
    LoadFailed: "Failed to load the {namespace} adapter"
  },
  DestroyedError: {
    Destroyed: "This Airlock client was destroyed"
  }
} as const

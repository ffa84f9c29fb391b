/** The id of the embedded wallet's connector. */
export const embeddedConnectorId = "AUTH"

/** Options of {@link embedded}. */
export interface EmbeddedOptions {
  /**
   * The account a new login starts on (SPEC §6: the smart account on EVM). The user can switch in the Account view.
   * @default "smartAccount"
   */
  readonly defaultAccountType?: "smartAccount" | "eoa" | undefined
}

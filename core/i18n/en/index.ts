/**
 * The English message catalogue, the source every locale translates: each text a user can see, under an id (see
 * docs/i18n.md for the ids and how to add a locale). One file per area; SPEC §8's texts come from the errors' own
 * tables.
 * @module
 */
import { accountMessages } from "./account.ts"
import { activityMessages } from "./activity.ts"
import { approveMessages } from "./approve.ts"
import { buttonMessages } from "./buttons.ts"
import { commonMessages } from "./common.ts"
import { connectMessages } from "./connect.ts"
import { connectingMessages } from "./connecting.ts"
import { embeddedMessages } from "./embedded.ts"
import { alertMessages, errorMessages } from "./errors.ts"
import { nameMessages } from "./names.ts"
import { networkMessages } from "./network.ts"
import { nftMessages } from "./nfts.ts"
import { onrampMessages } from "./onramp.ts"
import { profileWalletMessages } from "./profileWallets.ts"
import { receiveMessages } from "./receive.ts"
import { sendMessages } from "./send.ts"
import { sessionMessages } from "./sessions.ts"
import { siwxMessages } from "./siwx.ts"
import { swapMessages } from "./swap.ts"
import { titleMessages } from "./titles.ts"
import { tokenMessages } from "./tokens.ts"
import { walletMessages } from "./wallets.ts"

/**
 * The areas the catalogue is written in, by the file each lives in (docs/i18n.md lists them; a test checks that no two
 * areas share an id).
 */
export const areas = {
  button: buttonMessages,
  title: titleMessages,
  common: commonMessages,
  connect: connectMessages,
  wallets: walletMessages,
  profileWallets: profileWalletMessages,
  connecting: connectingMessages,
  embedded: embeddedMessages,
  account: accountMessages,
  tokens: tokenMessages,
  activity: activityMessages,
  nfts: nftMessages,
  receive: receiveMessages,
  network: networkMessages,
  approve: approveMessages,
  send: sendMessages,
  names: nameMessages,
  sessions: sessionMessages,
  swap: swapMessages,
  onramp: onrampMessages,
  siwx: siwxMessages,
  errors: errorMessages,
  alert: alertMessages
} as const

/** Every English text, by id. */
export const en = {
  ...buttonMessages,
  ...sendMessages,
  ...titleMessages,
  ...commonMessages,
  ...connectMessages,
  ...walletMessages,
  ...profileWalletMessages,
  ...connectingMessages,
  ...embeddedMessages,
  ...accountMessages,
  ...tokenMessages,
  ...activityMessages,
  ...nftMessages,
  ...receiveMessages,
  ...networkMessages,
  ...approveMessages,
  ...siwxMessages,
  ...nameMessages,
  ...sessionMessages,
  ...swapMessages,
  ...onrampMessages,
  ...errorMessages,
  ...alertMessages
} as const

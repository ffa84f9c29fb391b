import type { RouterState } from "../../../core/router/state.ts"
import type { View } from "../../../core/router/views.ts"

/** Every view's header title in words a user expects (never the internal view name). */
const titles: Record<View, string> = {
  Connect: "Connect Wallet",
  Account: "Account",
  AllWallets: "All Wallets",
  ConnectingWalletConnect: "WalletConnect",
  ConnectingWalletConnectBasic: "WalletConnect",
  ConnectingExternal: "Connect Wallet",
  ConnectingFarcaster: "Farcaster",
  ConnectingSocial: "Social Login",
  EmailLogin: "Email Login",
  EmailVerifyOtp: "Confirm Email",
  EmailVerifyDevice: "Register Device",
  UpdateEmailWallet: "Edit Email",
  UpdateEmailPrimaryOtp: "Confirm Current Email",
  UpdateEmailSecondaryOtp: "Confirm New Email",
  ProfileWallets: "Wallets",
  Networks: "Choose Network",
  SwitchNetwork: "Switch Network",
  SwitchActiveChain: "Switch Chain",
  UnsupportedChain: "Switch Network",
  RegisterAccountName: "Choose Name",
  RegisterAccountNameSuccess: "Name Registered",
  DataCapture: "Email",
  SIWXSignMessage: "Sign In",
  ApproveTransaction: "Approve Transaction",
  Swap: "Swap",
  Send: "Send",
  Receive: "Receive",
  Onramp: "Buy Crypto",
  Activity: "Activity",
  Pay: "Pay",
  NftDetail: "NFT"
}

/** The header title of the modal's current view; a wallet's own connecting view is titled with the wallet's name. */
export const viewTitle = (modal: Pick<RouterState, "view" | "data">): string => {
  if (modal.view === "ConnectingExternal") {
    const name = modal.data.ConnectingExternal?.walletName
    if (name !== undefined && name.length > 0) return name
  }
  return titles[modal.view]
}

import type { View } from "../../../core/router/views.ts"

const titles: Partial<Record<View, string>> = {
  Connect: "Connect Wallet",
  AllWallets: "All Wallets",
  Account: "Account",
  Networks: "Choose Network",
  SwitchNetwork: "Switch Network",
  UnsupportedChain: "Switch Network",
  EmailLogin: "Email Login",
  ProfileWallets: "Wallets",
  SIWXSignMessage: "Sign In",
  ApproveTransaction: "Approve Transaction",
  RegisterAccountName: "Choose Name",
  DataCapture: "Email"
}

/** The header title of a view: its name in words when no title is set ("ConnectingExternal" -> "Connecting External"). */
export const viewTitle = (view: View): string => titles[view] ?? view.replace(/([a-z])([A-Z])/g, "$1 $2")

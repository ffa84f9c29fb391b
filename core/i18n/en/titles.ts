/**
 * Every view's header title, `title.<View>` for each view of core/router/views.ts (test/core/i18n checks that none is
 * missing). A wallet's own connecting view is titled with the wallet's name instead, when it has one.
 * @module
 */
export const titleMessages = {
  "title.Connect": "Connect Wallet",
  "title.Account": "Account",
  "title.AllWallets": "All Wallets",
  "title.ConnectingWalletConnect": "WalletConnect",
  "title.ConnectingWalletConnectBasic": "WalletConnect",
  "title.ConnectingExternal": "Connect Wallet",
  "title.ConnectingFarcaster": "Farcaster",
  "title.ConnectingSocial": "Social Login",
  "title.EmailLogin": "Email Login",
  "title.EmailVerifyOtp": "Confirm Email",
  "title.EmailVerifyDevice": "Register Device",
  "title.UpdateEmailWallet": "Edit Email",
  "title.UpdateEmailPrimaryOtp": "Confirm Current Email",
  "title.UpdateEmailSecondaryOtp": "Confirm New Email",
  "title.ProfileWallets": "Wallets",
  "title.Networks": "Choose Network",
  "title.SwitchNetwork": "Switch Network",
  "title.SwitchActiveChain": "Switch Chain",
  "title.UnsupportedChain": "Switch Network",
  "title.RegisterAccountName": "Choose Name",
  "title.RegisterAccountNameSuccess": "Name Registered",
  "title.DataCapture": "Email",
  "title.DataCaptureOtpConfirm": "Confirm Email",
  "title.SIWXSignMessage": "Sign In",
  "title.ApproveTransaction": "Approve Transaction",
  "title.Swap": "Swap",
  "title.Send": "Send",
  "title.Receive": "Receive",
  "title.Onramp": "Buy Crypto",
  "title.OnrampProviders": "Choose Provider",
  "title.OnrampBuyInProgress": "Buying",
  "title.Activity": "Activity",
  "title.Pay": "Pay",
  "title.NftDetail": "NFT",
  "title.SmartSessions": "Sessions"
} as const

/** The Connect view: its login methods and the labels of its wallet sections. */
export const connectMessages = {
  "connect.email": "Continue with Email",
  /** A social login's button; `{provider}` is its name (Google, X, …). */
  "connect.social": "Continue with {provider}",
  "connect.socials": "Social login",
  /** The icon button that shows the social logins the row had no room for. */
  "connect.moreSocials": "More social logins",
  /** The divider between two groups of connect methods (email, social, wallets). */
  "connect.or": "or",
  "connect.allWallets": "All Wallets",
  "connect.sectionWalletConnect": "WalletConnect",
  "connect.sectionRecent": "Recent",
  "connect.sectionInstalled": "Installed",
  "connect.sectionFeatured": "Featured",
  "connect.sectionCustom": "Custom",
  "connect.sectionExternal": "External",
  "connect.sectionRecommended": "Recommended"
} as const

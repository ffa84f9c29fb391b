/** The Account view's Tokens tab. */
export const tokenMessages = {
  "tokens.list": "Tokens",
  "tokens.total": "Total",
  "tokens.loading": "Loading tokens…",
  "tokens.empty": "No tokens yet"
} as const

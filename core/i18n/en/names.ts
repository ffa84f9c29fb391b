/** Account names: RegisterAccountName, RegisterAccountNameSuccess and the Account view's entry (SPEC §4, §5). */
export const nameMessages = {
  "names.choose": "Choose name",
  "names.intro": "Pick a name others can send to instead of your address.",
  "names.inputLabel": "Name",
  "names.placeholder": "Your name",
  "names.tooShort": "Name must have at least 4 characters",
  "names.invalidCharacters": "Name may contain only letters, digits and hyphens",
  "names.taken": "{name} is already taken",
  "names.checking": "Checking…",
  "names.available": "{name} is available",
  "names.suggestions": "Suggestions",
  "names.suggestionAvailable": "Available",
  "names.suggestionTaken": "Taken",
  "names.register": "Register name",
  "names.signing": "Sign the message in your wallet",
  "names.registering": "Registering…",
  "names.evmOnly": "Names can be registered on EVM networks only",
  "names.success": "{name} is now the name of your account",
  "names.done": "Done"
} as const

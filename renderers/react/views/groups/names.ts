/** Account names' views (RegisterAccountName and its success), one chunk, fetched when one first shows. */
// Bundler hints, no names (see ../../kernel.ts): the renderer's kernel, and core's lazy part, which this part runs on.
import "../../kernel.ts"
import "../../../../core/client/lazy.ts"

export { RegisterAccountName } from "../RegisterAccountName.tsx"
export { RegisterAccountNameSuccess } from "../RegisterAccountNameSuccess.tsx"

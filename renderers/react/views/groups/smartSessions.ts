/** Smart sessions' view (SmartSessions), one chunk, fetched when it first shows. */
// Bundler hints, no names (see ../../kernel.ts): the renderer's kernel, and core's lazy part, which this part runs on.
import "../../kernel.ts"
import "../../../../core/client/lazy.ts"

export { SmartSessions } from "../SmartSessions.tsx"

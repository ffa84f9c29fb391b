import { ReasonError } from "../errors/ReasonError.ts"

/** An adapter's `load()` rejected; `cause` is what it rejected with. A later call tries again. */
export class AdapterLoadError extends ReasonError("AdapterLoadError", {
  LoadFailed: "Failed to load the {namespace} adapter"
}) {}

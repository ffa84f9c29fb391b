import type { FunctionComponent } from "react"
import type { View } from "../../../core/router/views.ts"
import { Account } from "../views/Account.tsx"
import { AllWallets } from "../views/AllWallets.tsx"
import { Connect } from "../views/Connect.tsx"
import { Unavailable } from "../views/Unavailable.tsx"

/** Props every view receives: the modal's root id, for anatomy ids. */
export interface ViewProps {
  readonly id: string
}

const views: Partial<Record<View, FunctionComponent<ViewProps>>> = { Connect, Account, AllWallets }

/** The component that draws `view`; views not built yet show a short notice instead of a blank modal. */
export const viewComponent = (view: View): FunctionComponent<ViewProps> => views[view] ?? Unavailable

/** Props every view receives: the modal's root id, for anatomy ids. */
export interface ViewProps {
  readonly id: string
}

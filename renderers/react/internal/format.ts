/**
 * Shortens an address for a button: the first `start` and last `end` characters around an ellipsis. Short strings
 * are returned whole.
 */
export const truncateAddress = (address: string, start = 4, end = 6): string =>
  address.length <= start + end + 1 ? address : `${address.slice(0, start)}…${address.slice(-end)}`

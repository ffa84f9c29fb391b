/**
 * The Farcaster login's stand-in: a channel the app shows, a page that approves it, and the frame's long-poll that
 * turns the approval into a session (woken through the shared store, whichever instance the approval lands on).
 *
 * DEVELOPMENT STAND-IN: the approval page takes the username typed on it as the identity. Never deploy it.
 */
import {
  type AuthContext,
  checkDevice,
  checkUsername,
  type FrameBinding,
  type LoginResult,
  sameBinding
} from "./accounts.ts"
import { codeLifetimeMs, FrameHttpError, makePendingTable, randomId } from "./codes.ts"
import { makeWaiters } from "./waiters.ts"

/** How long a long-poll (device approval, Farcaster) is held before it answers "still pending", in ms. */
export const defaultLongPollMs = 25_000

/** A pending Farcaster sign-in channel: its binding and app, until it expires or the user approves (`username`). */
export interface FarcasterChannel {
  readonly binding: FrameBinding
  readonly appName: string
  readonly expiresAt: number
  readonly username?: string | undefined
}

/**
 * The Farcaster stand-in's steps; `stop` answers every parked long-poll.
 * @example
 * ```ts
 * import type { AuthContext, FrameBinding } from "./accounts.ts"
 * declare const context: AuthContext
 * declare const binding: FrameBinding
 * declare const client: string // the caller's IP
 * const farcaster = makeFarcaster(context, 25_000)
 * const { channel } = await farcaster.farcasterStart({ appName: "Demo", binding, client })
 * ```
 */
export const makeFarcaster = ({ store, kv, now, origin, limiters, accounts }: AuthContext, longPollMs: number) => {
  const farcasters = makePendingTable<FarcasterChannel>(kv, "frame:farcaster", now)
  const waiters = makeWaiters(kv)
  return {
    /**
     * Opens a Farcaster stand-in channel: the page that approves it.
     * DEVELOPMENT STAND-IN: the page takes any username as the identity.
     */
    farcasterStart: async (input: { appName: string; binding: FrameBinding; client: string }) => {
      await limiters.perClient.take(input.client)
      const channel = randomId(16)
      await farcasters.set(channel, {
        binding: input.binding,
        appName: input.appName,
        expiresAt: now() + codeLifetimeMs
      })
      return { url: `${origin()}/farcaster/${channel}`, channel }
    },

    farcasterChannel: async (channel: string) => {
      const entry = await farcasters.get(channel)
      if (entry === undefined) throw new FrameHttpError(404, "This Farcaster sign-in has expired")
      return entry
    },

    farcasterApprove: async (channel: string, username: string): Promise<void> => {
      const checked = checkUsername(username)
      const approved = await farcasters.update(channel, (entry) =>
        entry === undefined ? { result: false } : { result: true, change: { value: { ...entry, username: checked } } }
      )
      if (!approved) throw new FrameHttpError(404, "This Farcaster sign-in has expired")
      await waiters.wake(`farcaster:${channel}`)
    },

    /** Resolves with a session once the channel is approved; undefined while still waiting after the long-poll. */
    farcasterWait: async (
      channel: string,
      deviceId: string,
      binding: FrameBinding,
      signal?: AbortSignal
    ): Promise<LoginResult | undefined> => {
      checkDevice(deviceId)
      const opened = await farcasters.get(channel)
      if (opened === undefined || !sameBinding(opened.binding, binding))
        throw new FrameHttpError(400, "This Farcaster sign-in has expired")
      if (opened.username === undefined) {
        // Parked before the second look: an approval on any instance after that look wakes this long-poll.
        const parked = await waiters.park(`farcaster:${channel}`, longPollMs, signal)
        if ((await farcasters.get(channel))?.username === undefined) await parked.woken
        else parked.cancel()
      }
      // Spent in the same step it is read: of two long-polls on two instances, one gets the session.
      const username = await farcasters.update<string | undefined>(channel, (entry) =>
        entry?.username === undefined || !sameBinding(entry.binding, binding)
          ? { result: undefined }
          : { result: entry.username, change: "delete" }
      )
      if (username === undefined) return undefined
      const user = await accounts.findOrCreate(() => store.users.byIdentity("farcaster", username), {
        email: null,
        provider: "farcaster",
        username
      })
      return accounts.startSession(user, deviceId, binding)
    },

    /** Answers every parked long-poll (before the server closes). */
    stop: (): Promise<void> => waiters.releaseAll()
  }
}

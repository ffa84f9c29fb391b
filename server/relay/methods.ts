/**
 * The relay's JSON-RPC methods (WALLETCONNECT.md): subscribe, unsubscribe, publish, fetch, and the session calls with
 * their implicit subscribes. Messages are opaque encrypted envelopes: the relay never reads them.
 */
import type { Client, Delivery, Publish } from "./delivery.ts"
import type { Mailbox } from "./mailbox.ts"
import { pushData, relayLimits, rpcErrors } from "./protocol.ts"

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

const text = (value: unknown): string | undefined => (typeof value === "string" && value.length > 0 ? value : undefined)

/** A publish's parameters, or `undefined` when they are not what the protocol says. */
const publishParams = (
  params: Record<string, unknown>,
  topicKey = "topic",
  messageKey = "message"
): Publish | undefined => {
  const topic = text(params[topicKey])
  const message = text(params[messageKey])
  const ttl = typeof params.ttl === "number" ? params.ttl : 300
  const tag = typeof params.tag === "number" ? params.tag : 0
  if (topic === undefined || message === undefined || topic.length > 256) return undefined
  return { topic, message, ttl, tag, attestation: text(params.attestation)?.slice(0, 4096) }
}

type Answer = { result: unknown } | { error: object }

/** Runs `work`, answering `unavailable` when the shared store could not be reached. */
const orUnavailable = async (work: () => Promise<Answer>): Promise<Answer> => {
  try {
    return await work()
  } catch {
    return { error: rpcErrors.unavailable }
  }
}

/** The answer to one request of `client`. Never rejects. */
export const answer = (
  delivery: Delivery,
  mailbox: Mailbox,
  client: Client,
  method: string,
  params: unknown
): Promise<Answer> => {
  const { subscribe, unsubscribe, canSubscribe, publish } = delivery
  return orUnavailable(async (): Promise<Answer> => {
    if (!isRecord(params)) return { error: rpcErrors.params }
    switch (method) {
      case "irn_subscribe": {
        const topic = text(params.topic)
        if (topic === undefined || topic.length > 256) return { error: rpcErrors.params }
        if (!canSubscribe(client, [topic])) return { error: rpcErrors.tooManyTopics }
        return { result: await subscribe(client, topic) }
      }
      case "irn_batchSubscribe": {
        const topics = Array.isArray(params.topics) ? params.topics.map(text) : undefined
        if (topics === undefined || topics.some((t) => t === undefined || t.length > 256))
          return { error: rpcErrors.params }
        const valid = topics as Array<string>
        if (!canSubscribe(client, valid)) return { error: rpcErrors.tooManyTopics }
        return { result: await Promise.all(valid.map((topic) => subscribe(client, topic))) }
      }
      case "irn_unsubscribe": {
        const topic = text(params.topic)
        if (topic === undefined) return { error: rpcErrors.params }
        unsubscribe(client, topic)
        return { result: true }
      }
      case "irn_batchUnsubscribe": {
        const list = Array.isArray(params.subscriptions) ? params.subscriptions : undefined
        if (list === undefined) return { error: rpcErrors.params }
        for (const entry of list) {
          const topic = isRecord(entry) ? text(entry.topic) : undefined
          if (topic !== undefined) unsubscribe(client, topic)
        }
        return { result: true }
      }
      case "irn_publish": {
        const message = publishParams(params)
        if (message === undefined) return { error: rpcErrors.params }
        if (message.message.length > relayLimits.messageBytes) return { error: rpcErrors.tooLarge }
        return (await publish(client.clientId, message)) ?? { result: true }
      }
      case "irn_batchFetchMessages": {
        const topics = Array.isArray(params.topics) ? params.topics.flatMap((t) => text(t) ?? []) : undefined
        if (topics === undefined || topics.length > relayLimits.subscriptionsPerSocket)
          return { error: rpcErrors.params }
        const messages: Array<ReturnType<typeof pushData>> = []
        for (const topic of topics)
          for (const stored of await mailbox.live(topic))
            if (stored.publisher !== client.clientId) messages.push(pushData(stored))
        return { result: { messages, hasMore: false } }
      }
      case "wc_proposeSession": {
        // Publish the proposal on the pairing topic, and subscribe the dapp there (it created the pairing without
        // subscribing, and would never see the wallet's answer otherwise).
        const message = publishParams(params, "pairingTopic", "sessionProposal")
        if (message === undefined) return { error: rpcErrors.params }
        if (message.message.length > relayLimits.messageBytes) return { error: rpcErrors.tooLarge }
        if (!canSubscribe(client, [message.topic])) return { error: rpcErrors.tooManyTopics }
        await subscribe(client, message.topic)
        return (await publish(client.clientId, { ...message, tag: 1100 })) ?? { result: true }
      }
      case "wc_approveSession": {
        const pairingTopic = text(params.pairingTopic)
        const sessionTopic = text(params.sessionTopic)
        const response = text(params.sessionProposalResponse)
        const settlement = text(params.sessionSettlementRequest)
        if (!pairingTopic || !sessionTopic || !response || !settlement) return { error: rpcErrors.params }
        if (pairingTopic.length > 256 || sessionTopic.length > 256) return { error: rpcErrors.params }
        if (response.length + settlement.length > relayLimits.messageBytes) return { error: rpcErrors.tooLarge }
        if (!canSubscribe(client, [sessionTopic])) return { error: rpcErrors.tooManyTopics }
        const ttl = typeof params.ttl === "number" ? params.ttl : 300
        // The wallet listens on the session from now on.
        await subscribe(client, sessionTopic)
        return (
          (await publish(client.clientId, { topic: pairingTopic, message: response, ttl, tag: 1101 })) ??
          (await publish(client.clientId, { topic: sessionTopic, message: settlement, ttl, tag: 1102 })) ?? {
            result: true
          }
        )
      }
      default:
        return { error: rpcErrors.method }
    }
  })
}

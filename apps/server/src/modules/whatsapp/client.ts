import type { WhatsAppConfig } from '../../config/index.ts';

export type Fetch = (url: string, init: RequestInit) => Promise<Response>;

/** A send refused for good (a bad number, a template WhatsApp does not know): retrying cannot help. */
export class WhatsAppRefused extends Error {}

/**
 * The Cloud API client: POST {api url}/{version}/{phone number id}/messages with the bearer token. The outbox row's
 * id goes as the Idempotency-Key header and as `biz_opaque_callback_data`, which WhatsApp hands back on the statuses.
 * A 4xx other than 408 and 429 is a refusal; anything else (5xx, a lost connection, a timeout) is retried.
 */
export function whatsappClient(cfg: Pick<WhatsAppConfig, 'apiUrl' | 'apiVersion' | 'phoneNumberId' | 'accessToken'>, fetchImpl: Fetch = fetch) {
  const url = `${cfg.apiUrl}/${cfg.apiVersion}/${cfg.phoneNumberId}/messages`;
  return {
    async send(body: object, idempotencyKey: string): Promise<{ wamid: string }> {
      const res = await fetchImpl(url, {
        method: 'POST',
        headers: { authorization: `Bearer ${cfg.accessToken}`, 'content-type': 'application/json', 'idempotency-key': idempotencyKey },
        body: JSON.stringify({ ...body, biz_opaque_callback_data: idempotencyKey }),
        signal: AbortSignal.timeout(15_000),
      });
      const answer = await res.json().catch(() => null) as { messages?: { id?: string }[]; error?: { message?: string; code?: number } } | null;
      if (res.ok && typeof answer?.messages?.[0]?.id === 'string') return { wamid: answer.messages[0].id };
      const why = `WhatsApp ${res.status}${answer?.error?.code ? ` (${answer.error.code})` : ''}: ${answer?.error?.message ?? 'no message id in the answer'}`;
      if (res.status >= 400 && res.status < 500 && res.status !== 408 && res.status !== 429) throw new WhatsAppRefused(why);
      throw new Error(why);
    },
  };
}
export type WhatsAppClient = ReturnType<typeof whatsappClient>;

/**
 * One attempt at reaching a contact: its HTTP requests in turn (skipping receivers already reached) or its
 * mail. The outcome says whether to retry and when: 429 and 5xx, timeouts and refused connections are worth
 * retrying (Retry-After honoured when the service gives one); other 4xx answers are not.
 */
import type { NotifyPayload } from '@edge/protocol';
import { sendMail } from '../smtp/mailer.ts';
import { httpCalls, mailCall, subjectOf, textOf, type HttpCall } from './channels.ts';
import type { Contact } from './contacts.ts';

const TIMEOUT_MS = 15_000;
const ANSWER_KEPT = 500;

export interface Outcome {
  ok: boolean;
  /** HTTP status of the last answer, 0 when none came (mail: the SMTP reply code, or 0). */
  status: number;
  answer: string;
  /** Receivers reached so far, this attempt's included. */
  sentTo: string[];
  retry: boolean;
  /** What the service asked for (Retry-After), in ms. */
  retryAfterMs?: number;
}

/** Retry-After as seconds or an HTTP date. */
export function retryAfterOf(value: string | null, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** Why no answer came: fetch says only 'fetch failed' and keeps the reason (refused, unknown host ...) as its cause. */
function failureOf(err: unknown): string {
  const { message, cause } = err as Error;
  return cause instanceof Error ? `${message}: ${cause.message}` : message;
}

async function call(request: HttpCall): Promise<Omit<Outcome, 'sentTo'>> {
  try {
    const res = await fetch(request.url, {
      method: 'POST',
      headers: request.headers,
      body: request.body,
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'error',
    });
    const text = (await res.text()).slice(0, ANSWER_KEPT);
    let ok = res.ok;
    if (ok && request.bodySaysOk) {
      let parsed: unknown = null;
      try {
        parsed = JSON.parse(text);
      } catch {
        // Not JSON: the service did not say it was done.
      }
      ok = request.bodySaysOk(parsed);
    }
    const retry = !ok && (res.status === 429 || res.status === 408 || res.status >= 500);
    return {
      ok,
      status: res.status,
      answer: text,
      retry,
      retryAfterMs: retryAfterOf(res.headers.get('retry-after')),
    };
  } catch (err) {
    return { ok: false, status: 0, answer: failureOf(err).slice(0, ANSWER_KEPT), retry: true };
  }
}

export async function attempt(
  contact: Contact,
  payload: NotifyPayload,
  sentBefore: string[],
): Promise<Outcome> {
  if (contact.channel === 'email') {
    const mail = mailCall(contact);
    try {
      await sendMail(mail.server, {
        from: mail.from,
        to: mail.to,
        subject: subjectOf(payload),
        text: textOf(payload),
      });
      return { ok: true, status: 250, answer: 'accepted', sentTo: [], retry: false };
    } catch (err) {
      const code = (err as { responseCode?: number }).responseCode ?? 0;
      // SMTP 5xx is final; 4xx and connection failures are worth another try.
      return {
        ok: false,
        status: code,
        answer: (err as Error).message.slice(0, ANSWER_KEPT),
        sentTo: [],
        retry: code < 500,
      };
    }
  }
  const sentTo = [...sentBefore];
  let last: Omit<Outcome, 'sentTo'> = { ok: true, status: 0, answer: '', retry: false };
  for (const request of httpCalls(contact, payload)) {
    if (request.receiver && sentTo.includes(request.receiver)) continue;
    last = await call(request);
    if (!last.ok) return { ...last, sentTo };
    if (request.receiver) sentTo.push(request.receiver);
  }
  return { ...last, sentTo };
}

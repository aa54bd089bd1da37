/**
 * One attempt at reaching a contact: its HTTP requests in turn (skipping receivers already reached) or its
 * mail. The outcome says whether to retry and when: 429 and 5xx, timeouts and refused connections are worth
 * retrying (Retry-After honoured when the service gives one); other 4xx answers are not. A channel whose
 * calls carry a credential (WeChat Work's access token) has it fetched first through the same call, kept
 * until it expires, and fetched again once when the service says it is stale (the message was not taken,
 * so making the call again sends it once).
 */
import type { NotifyPayload } from '@edge/protocol';
import { sendMail } from '../smtp/mailer.ts';
import { credentialCall, httpCalls, mailCall, subjectOf, textOf, type HttpCall } from './channels.ts';
import type { Contact } from './contacts.ts';
import { accessTokenCache, type AccessTokenCache } from './wecom.ts';

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

type CallOutcome = Omit<Outcome, 'sentTo'> & {
  /** The answer's JSON (null when it was none). */
  parsed?: unknown;
  /** The credential the call carried is stale (HttpCall.bodySaysStale). */
  stale?: boolean;
};

/** Why no answer came: fetch says only 'fetch failed' and keeps the reason (refused, unknown host ...) as its cause. */
function failureOf(err: unknown): string {
  const { message, cause } = err as Error;
  return cause instanceof Error ? `${message}: ${cause.message}` : message;
}

async function call(request: HttpCall): Promise<CallOutcome> {
  try {
    const res = await fetch(request.url, {
      method: request.method ?? 'POST',
      headers: request.headers,
      body: request.body,
      signal: AbortSignal.timeout(TIMEOUT_MS),
      redirect: 'error',
    });
    const whole = await res.text();
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(whole);
    } catch {
      // Not JSON: the service did not say it was done.
    }
    const ok = res.ok && (!request.bodySaysOk || request.bodySaysOk(parsed));
    const stale = !ok && res.ok && request.bodySaysStale?.(parsed) === true;
    // A credential still stale once fetched afresh is fetched again at the next attempt.
    const retry =
      !ok &&
      (res.status === 429 ||
        res.status === 408 ||
        res.status >= 500 ||
        stale ||
        (res.ok && request.bodySaysRetry?.(parsed) === true));
    return {
      ok,
      status: res.status,
      answer: whole.slice(0, ANSWER_KEPT),
      retry,
      retryAfterMs: retryAfterOf(res.headers.get('retry-after')),
      parsed,
      stale,
    };
  } catch (err) {
    return { ok: false, status: 0, answer: failureOf(err).slice(0, ANSWER_KEPT), retry: true };
  }
}

/** Access tokens of the console's contacts (a test brings its own cache to watch them). */
const consoleTokens = accessTokenCache();

/** The contact's credential: the one kept, else fetched (and kept); a failed fetch is the attempt's outcome. */
async function credentialOf(
  contact: Contact,
  tokens: AccessTokenCache,
  fresh: boolean,
): Promise<{ value: string } | { failed: CallOutcome }> {
  const fetcher = credentialCall(contact);
  if (!fetcher) return { value: '' };
  if (fresh) tokens.drop(contact.id);
  const kept = tokens.get(contact.id, fetcher.app);
  if (kept) return { value: kept };
  const outcome = await call(fetcher.call);
  const got = outcome.ok ? fetcher.read(outcome.parsed) : undefined;
  if (!got) return { failed: { ...outcome, ok: false } };
  tokens.set(contact.id, fetcher.app, got.value, got.expiresInS);
  return { value: got.value };
}

const withoutDetail = ({ parsed: _parsed, stale: _stale, ...outcome }: CallOutcome) => outcome;

export async function attempt(
  contact: Contact,
  payload: NotifyPayload,
  sentBefore: string[],
  tokens: AccessTokenCache = consoleTokens,
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
  let credential = await credentialOf(contact, tokens, false);
  if ('failed' in credential) return { ...withoutDetail(credential.failed), sentTo };
  const now = Date.now();
  const calls = httpCalls(contact, payload, now, credential.value);
  let last: CallOutcome = { ok: true, status: 0, answer: '', retry: false };
  for (const [index, request] of calls.entries()) {
    if (request.receiver && sentTo.includes(request.receiver)) continue;
    last = await call(request);
    if (last.stale) {
      // Refused for its token alone: with a fresh one, the same call (nothing of it was sent).
      credential = await credentialOf(contact, tokens, true);
      if ('failed' in credential) return { ...withoutDetail(credential.failed), sentTo };
      last = await call(httpCalls(contact, payload, now, credential.value)[index]!);
    }
    if (!last.ok) return { ...withoutDetail(last), sentTo };
    if (request.receiver) sentTo.push(request.receiver);
  }
  return { ...withoutDetail(last), sentTo };
}

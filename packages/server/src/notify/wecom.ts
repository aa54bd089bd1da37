/**
 * WeChat Work (WeCom) applications: the access token their messages carry (gettoken with the corp ID and
 * the app's secret, kept per contact until it expires) and the "receive messages" callback's crypto: the
 * msg_signature check and the AES-256-CBC envelope around what WeChat Work sends (WXBizMsgCrypt).
 */
import { createDecipheriv, createHash } from 'node:crypto';

/** What a call's answer says (an errcode of WeChat Work's APIs). */
export const errcodeOf = (answer: unknown): number | undefined => {
  const code = (answer as { errcode?: unknown } | null)?.errcode;
  return typeof code === 'number' ? code : undefined;
};
/** -1: the system is busy; 45009: the API's call limit is reached. Both pass: try again later. */
export const wecomBusy = (answer: unknown) => [-1, 45009].includes(errcodeOf(answer) ?? 0);
/** 40014: the access token is not valid; 42001: it expired. The message was not sent: a new token may. */
export const wecomTokenStale = (answer: unknown) => [40014, 42001].includes(errcodeOf(answer) ?? 0);

/** Kept this much before the token's own expiry, so a call never goes out with one about to lapse. */
const EXPIRY_MARGIN_MS = 60_000;

/** Access tokens per contact (and the app they were fetched for), until they expire or are refused. */
export function accessTokenCache(clock: () => number = Date.now) {
  const held = new Map<number, { app: string; token: string; until: number }>();
  return {
    get(contactId: number, app: string): string | undefined {
      const found = held.get(contactId);
      return found && found.app === app && found.until > clock() ? found.token : undefined;
    },
    set(contactId: number, app: string, token: string, expiresInS: number): void {
      held.set(contactId, { app, token, until: clock() + expiresInS * 1000 - EXPIRY_MARGIN_MS });
    },
    drop(contactId: number): void {
      held.delete(contactId);
    },
  };
}
export type AccessTokenCache = ReturnType<typeof accessTokenCache>;

/** Which app a token was fetched for: another base URL, corp ID or secret (an edit) needs another token. */
export const appKeyOf = (base: string, corpId: string, secret: string) =>
  createHash('sha256').update(`${base}\n${corpId}\n${secret}`).digest('hex');

/** msg_signature: SHA-1 of the token, timestamp, nonce and encrypted text, sorted and joined. */
export const wecomSignature = (token: string, timestamp: string, nonce: string, encrypted: string) =>
  createHash('sha1').update([token, timestamp, nonce, encrypted].sort().join('')).digest('hex');

/**
 * Opens what WeChat Work encrypted: AES-256-CBC with the key base64(EncodingAESKey + '='), the IV its first
 * 16 bytes, PKCS#7 padding to 32-byte blocks; the text is 16 random bytes, the message's length (4 bytes,
 * big-endian), the message and the receive ID (the corp ID). Undefined when it cannot be read.
 */
export function wecomDecrypt(
  aesKey: string,
  encrypted: string,
): { message: string; receiveId: string } | undefined {
  try {
    const key = Buffer.from(`${aesKey}=`, 'base64');
    if (key.length !== 32) return undefined;
    const decipher = createDecipheriv('aes-256-cbc', key, key.subarray(0, 16));
    decipher.setAutoPadding(false);
    const padded = Buffer.concat([decipher.update(Buffer.from(encrypted, 'base64')), decipher.final()]);
    const pad = padded[padded.length - 1] ?? 0;
    if (pad < 1 || pad > 32 || padded.length < 20 + pad) return undefined;
    if (!padded.subarray(padded.length - pad).every((b) => b === pad)) return undefined;
    const plain = padded.subarray(0, padded.length - pad);
    const length = plain.readUInt32BE(16);
    if (20 + length > plain.length) return undefined;
    return {
      message: plain.subarray(20, 20 + length).toString('utf8'),
      receiveId: plain.subarray(20 + length).toString('utf8'),
    };
  } catch {
    return undefined;
  }
}

/** A field of WeChat Work's flat XML (`<Name><![CDATA[value]]></Name>` or `<Name>value</Name>`). */
export function xmlField(xml: string, name: string): string | undefined {
  const found = new RegExp(`<${name}>\\s*(?:<!\\[CDATA\\[([\\s\\S]*?)\\]\\]>|([^<]*))\\s*</${name}>`).exec(
    xml,
  );
  return found ? (found[1] ?? found[2] ?? '') : undefined;
}

/**
 * The client-side look at an image before it is uploaded: its kind (by MIME type or name) and its size,
 * against the protocol's upload limits. The server checks the bytes again; this only spares a round trip.
 */
import type { MessageCode } from '@edge/protocol';

/** The protocol's image kinds, as browsers name them and as files end. */
const KINDS: Record<string, { mime: readonly string[]; ext: readonly string[] }> = {
  png: { mime: ['image/png'], ext: ['png'] },
  jpg: { mime: ['image/jpeg', 'image/jpg', 'image/pjpeg'], ext: ['jpg', 'jpeg'] },
  gif: { mime: ['image/gif'], ext: ['gif'] },
  webp: { mime: ['image/webp'], ext: ['webp'] },
  svg: { mime: ['image/svg+xml'], ext: ['svg'] },
  ico: { mime: ['image/x-icon', 'image/vnd.microsoft.icon', 'image/ico'], ext: ['ico'] },
};

export interface UploadLimits {
  maxBytes: number;
  types: readonly string[];
}

const extensionOf = (name: string) => name.slice(name.lastIndexOf('.') + 1).toLowerCase();

/** The `accept` attribute of a file input for these kinds. */
export const acceptOf = (types: readonly string[]): string =>
  types.flatMap((t) => [...(KINDS[t]?.mime ?? []), ...(KINDS[t]?.ext ?? []).map((e) => `.${e}`)]).join(',');

/** Null when the file may be sent; otherwise the message code to show. */
export function imageFileProblem(
  file: { name: string; type: string; size: number },
  limits: UploadLimits,
  wrongType: MessageCode,
): MessageCode | null {
  const ext = extensionOf(file.name);
  const kind = limits.types.find((t) => {
    const k = KINDS[t];
    if (!k) return false;
    // A browser may not know a type (ICO often comes as ''): then the name decides.
    return file.type ? k.mime.includes(file.type) : k.ext.includes(ext);
  });
  if (!kind) return wrongType;
  if (file.size > limits.maxBytes) return 'fileTooLarge';
  return null;
}

/** Stored images: checked against a policy when uploaded, served back with the type their bytes show. */
import type { MessageCode } from '@edge/protocol';
import type { Db } from '../db/schema.ts';
import { fail } from '../http/errors.ts';
import { CONTENT_TYPES, inspectImage, type ImageType, type InspectedImage } from './inspect.ts';
import { isSafeSvg } from './svg.ts';
import { storedFileStore } from './store.ts';
import { storedFiles, type StoredFile } from './files.ts';

export interface ImagePolicy {
  maxBytes: number;
  types: readonly ImageType[];
  /** The answer to a file of another type (or no image at all). */
  wrongType: MessageCode;
  /** Further checks, such as exact dimensions: the failure's code, or null. */
  check?: (image: InspectedImage) => MessageCode | null;
}

export type StoredImage = StoredFile;

export function imageService(db: Db, now: () => number = Date.now) {
  const store = storedFileStore(db);
  const files = storedFiles(db, now);
  return {
    /** Checks the bytes against the policy and stores them under the key, replacing what was there. */
    async save(key: string, bytes: Buffer, policy: ImagePolicy): Promise<void> {
      if (bytes.length > policy.maxBytes) throw fail(413, 'fileTooLarge');
      const image = inspectImage(bytes);
      if (!image || !policy.types.includes(image.type)) throw fail(400, policy.wrongType);
      if (image.type === 'svg' && !isSafeSvg(bytes)) throw fail(400, 'svgUnsafe');
      const problem = policy.check?.(image);
      if (problem) throw fail(400, problem);
      await files.save(key, CONTENT_TYPES[image.type], bytes);
    },
    find: (key: string): Promise<StoredImage | null> => files.find(key),
    /** When each of the keys was last stored; keys with nothing stored are absent. */
    async versions(keys: string[]): Promise<Map<string, number>> {
      return new Map((await store.versions(keys)).map((r) => [r.key, r.updated_at]));
    },
    remove: async (key: string) => void (await store.remove(key)),
  };
}
export type ImageService = ReturnType<typeof imageService>;

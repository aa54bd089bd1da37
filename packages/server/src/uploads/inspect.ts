/** What an uploaded file really is, read from its bytes: the browser's name and MIME type are not trusted. */
import { imageSize } from 'image-size';

export const CONTENT_TYPES = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  ico: 'image/x-icon',
} as const;
export type ImageType = keyof typeof CONTENT_TYPES;

export interface InspectedImage {
  type: ImageType;
  width: number;
  height: number;
}

const isKnown = (type: string | undefined): type is ImageType => type !== undefined && type in CONTENT_TYPES;

/** The image's type and size in pixels, or null when the bytes are no image of a type we serve. */
export function inspectImage(bytes: Uint8Array): InspectedImage | null {
  try {
    const size = imageSize(bytes);
    if (!isKnown(size.type) || !size.width || !size.height) return null;
    return { type: size.type, width: size.width, height: size.height };
  } catch {
    return null;
  }
}

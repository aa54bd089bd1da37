/**
 * Platform branding: name and company link with the console settings; logo and favicon as stored images.
 * SPEC 9: the logo is an SVG, or a PNG/JPEG of exactly 110x40 pixels; an SVG's size is read from its
 * width/height or viewBox and must be 110x40 as well.
 */
import {
  DEFAULT_PLATFORM_NAME,
  FAVICON_UPLOAD,
  LOGO_SIZE,
  LOGO_UPLOAD,
  brandingImages,
  type Branding,
  type BrandingImage,
  type BrandingRequest,
} from '@edge/protocol';
import type { Db } from '../db/schema.ts';
import { keyValueStore } from '../db/key-value.ts';
import type { ImagePolicy, ImageService } from '../uploads/service.ts';

const KEY = 'branding';
export const BRANDING_IMAGE_PATH = '/api/v1/branding';
const imageKey = (image: BrandingImage) => `branding:${image}`;

const POLICIES: Record<BrandingImage, ImagePolicy> = {
  logo: {
    maxBytes: LOGO_UPLOAD.maxBytes,
    types: LOGO_UPLOAD.types,
    wrongType: 'logoType',
    check: ({ width, height }) =>
      width === LOGO_SIZE.width && height === LOGO_SIZE.height ? null : 'logoSize',
  },
  favicon: {
    maxBytes: FAVICON_UPLOAD.maxBytes,
    types: FAVICON_UPLOAD.types,
    wrongType: 'faviconType',
    check: ({ width, height }) => (Math.max(width, height) <= FAVICON_UPLOAD.maxSide ? null : 'faviconType'),
  },
};

export function brandingService(db: Db, images: ImageService) {
  const settings = keyValueStore(db);

  /** As stored (an empty name means the default), or as shown (the default filled in). */
  async function view(shown: boolean): Promise<Branding> {
    const stored = await settings.get<BrandingRequest>(KEY);
    const versions = await images.versions(brandingImages.map(imageKey));
    // The version in the URL changes with each upload, so browsers and caches fetch the new image.
    const url = (image: BrandingImage) => {
      const version = versions.get(imageKey(image));
      return version === undefined ? null : `${BRANDING_IMAGE_PATH}/${image}?v=${version}`;
    };
    const platformName = stored?.platformName ?? '';
    return {
      platformName: shown ? platformName || DEFAULT_PLATFORM_NAME : platformName,
      companyLink: stored?.companyLink ?? '',
      logoUrl: url('logo'),
      faviconUrl: url('favicon'),
    };
  }

  return {
    shown: () => view(true),
    stored: () => view(false),
    async save(branding: BrandingRequest): Promise<Branding> {
      await settings.put(KEY, {
        platformName: branding.platformName.trim(),
        companyLink: branding.companyLink,
      });
      return view(false);
    },
    async setImage(image: BrandingImage, bytes: Buffer): Promise<Branding> {
      await images.save(imageKey(image), bytes, POLICIES[image]);
      return view(false);
    },
    async removeImage(image: BrandingImage): Promise<Branding> {
      await images.remove(imageKey(image));
      return view(false);
    },
    image: (image: BrandingImage) => images.find(imageKey(image)),
  };
}
export type BrandingService = ReturnType<typeof brandingService>;

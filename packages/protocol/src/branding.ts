/**
 * Platform branding (SPEC 2, 3, 9): platform name, company link, logo and favicon.
 * The login screen reads the public view before anyone signs in.
 */
import { z } from 'zod';
import { messages } from './messages.ts';
import { companyLinkRule, ruled } from './validation.ts';

export const DEFAULT_PLATFORM_NAME = 'Edge Console';
export const PLATFORM_NAME_MAX = 64;
export const brandingImages = ['logo', 'favicon'] as const;
export type BrandingImage = (typeof brandingImages)[number];

/** SPEC 9: svg, or png/jpg/jpeg of exactly 110x40. */
export const LOGO_UPLOAD = { maxBytes: 256 * 1024, types: ['svg', 'png', 'jpg'] } as const;
export const FAVICON_UPLOAD = { maxBytes: 128 * 1024, maxSide: 256, types: ['ico', 'png', 'svg'] } as const;

export const brandingRequest = z.object({
  /** Empty means the default name. */
  platformName: z.string().max(PLATFORM_NAME_MAX, messages.textTooLong).default(''),
  companyLink: ruled(companyLinkRule).default(''),
});
export type BrandingRequest = z.infer<typeof brandingRequest>;

export const brandingResponse = z.object({
  platformName: z.string(),
  companyLink: z.string(),
  /** Where to fetch the image, versioned so caches refresh after an upload; null when none is set. */
  logoUrl: z.string().nullable(),
  faviconUrl: z.string().nullable(),
});
export type Branding = z.infer<typeof brandingResponse>;

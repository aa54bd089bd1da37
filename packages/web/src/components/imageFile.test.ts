import { describe, expect, it } from 'vitest';
import { ICON_UPLOAD, LOGO_UPLOAD } from '@edge/protocol';
import { acceptOf, imageFileProblem } from './imageFile.ts';

const file = (name: string, type: string, size = 1000) => ({ name, type, size });

describe('imageFileProblem', () => {
  it('accepts the kinds the protocol allows, by MIME type or, without one, by name', () => {
    expect(imageFileProblem(file('me.png', 'image/png'), ICON_UPLOAD, 'iconType')).toBeNull();
    expect(imageFileProblem(file('me.jpeg', 'image/jpeg'), ICON_UPLOAD, 'iconType')).toBeNull();
    expect(imageFileProblem(file('logo.svg', 'image/svg+xml'), LOGO_UPLOAD, 'logoType')).toBeNull();
    expect(imageFileProblem(file('logo.JPG', ''), LOGO_UPLOAD, 'logoType')).toBeNull();
  });

  it('refuses other kinds with the given code, and files over the limit', () => {
    expect(imageFileProblem(file('me.svg', 'image/svg+xml'), ICON_UPLOAD, 'iconType')).toBe('iconType');
    expect(imageFileProblem(file('notes.txt', 'text/plain'), LOGO_UPLOAD, 'logoType')).toBe('logoType');
    expect(
      imageFileProblem(file('big.png', 'image/png', ICON_UPLOAD.maxBytes + 1), ICON_UPLOAD, 'iconType'),
    ).toBe('fileTooLarge');
  });

  it('builds the accept attribute from the kinds', () => {
    expect(acceptOf(LOGO_UPLOAD.types).split(',')).toEqual(
      expect.arrayContaining(['image/svg+xml', '.svg', 'image/png', '.png', 'image/jpeg', '.jpg', '.jpeg']),
    );
  });
});

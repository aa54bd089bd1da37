/** Control characters end lines and confuse parsers in both UCI and nft files. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
export const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;

/** Free text with each control character turned into a space. */
export const spaceControlChars = (text: string): string =>
  text.replace(new RegExp(CONTROL_CHARS.source, 'g'), ' ');

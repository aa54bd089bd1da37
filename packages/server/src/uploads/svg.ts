/**
 * An uploaded SVG is served back to browsers, so it must not be able to run anything or reach out.
 * Rather than rewrite the markup (easy to get subtly wrong), anything active is refused; the file is
 * also served under a CSP that forbids scripts, as a second wall.
 */
const ACTIVE_CONTENT = [
  /<\s*script/i,
  /<\s*foreignObject/i,
  /<\s*(iframe|embed|object|audio|video|animate|set)\b/i,
  /\son[a-z]+\s*=/i,
  /javascript\s*:/i,
  /<!ENTITY/i,
  /@import/i,
  // Links and styles may point inside the document (#id), or embed a raster image as a data: URL.
  /href\s*=\s*["']\s*(?!#|data:image\/(png|jpeg|gif|webp);)/i,
  /url\(\s*["']?\s*(?!#|data:image\/(png|jpeg|gif|webp);)/i,
];

export function isSafeSvg(bytes: Uint8Array): boolean {
  const text = Buffer.from(bytes).toString('utf8');
  if (text.includes('\u0000') || !/<svg[\s>]/i.test(text)) return false;
  return !ACTIVE_CONTENT.some((pattern) => pattern.test(text));
}

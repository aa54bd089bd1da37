/** The product's mark: the same drawing as the favicon, so the tab and the page match. */
export function BrandMark({ size = 32 }: { size?: number }) {
  return <img src="/favicon.svg" width={size} height={size} alt="" aria-hidden className="brand-mark" />;
}

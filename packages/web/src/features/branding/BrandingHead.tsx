/** Applies the branding to the browser tab at once: document.title is the platform name, the favicon is the uploaded one. */
import { useEffect } from 'react';
import { usePlatformName, usePublicBranding } from './api.ts';

const DEFAULT_FAVICON = '/favicon.svg';

function faviconLink(): HTMLLinkElement {
  let link = document.querySelector<HTMLLinkElement>('link[rel~="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.appendChild(link);
  }
  return link;
}

export function BrandingHead() {
  const name = usePlatformName();
  const favicon = usePublicBranding().data?.faviconUrl ?? null;

  useEffect(() => {
    document.title = name;
  }, [name]);

  useEffect(() => {
    const link = faviconLink();
    link.href = favicon ?? DEFAULT_FAVICON;
    // The uploaded favicon may be ICO, PNG or SVG: the browser reads its type from the answer.
    if (favicon) link.removeAttribute('type');
    else link.type = 'image/svg+xml';
  }, [favicon]);

  return null;
}

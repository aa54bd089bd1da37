/** The platform's logo where one is uploaded (110x40), else the product's mark. */
import { LOGO_SIZE } from '@edge/protocol';
import { BrandMark } from '../../components/BrandMark.tsx';
import { usePlatformName, usePublicBranding } from './api.ts';

export function BrandLogo({
  markSize = 32,
  logoHeight = LOGO_SIZE.height,
}: {
  markSize?: number;
  logoHeight?: number;
}) {
  const name = usePlatformName();
  const logo = usePublicBranding().data?.logoUrl;
  if (!logo) return <BrandMark size={markSize} />;
  return (
    <img
      src={logo}
      alt={name}
      height={logoHeight}
      width={Math.round((logoHeight * LOGO_SIZE.width) / LOGO_SIZE.height)}
      className="brand-logo"
      data-testid="brand-logo"
    />
  );
}

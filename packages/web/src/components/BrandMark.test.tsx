import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { BrandMark } from './BrandMark.tsx';

describe('BrandMark', () => {
  it('draws the favicon at the asked size, hidden from screen readers', () => {
    const { container } = render(<BrandMark size={40} />);
    const img = container.querySelector('img')!;
    expect(img).toHaveAttribute('src', '/favicon.svg');
    expect(img).toHaveAttribute('width', '40');
    expect(img).toHaveAttribute('aria-hidden', 'true');
  });
});

import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DeleteOutlined } from '@ant-design/icons';
import { renderWithProviders } from '../../test/render.tsx';
import { IconAction } from './IconAction.tsx';

describe('IconAction', () => {
  it('is a button named by its title, which it shows as a tooltip, and acts on click', async () => {
    const onClick = vi.fn();
    renderWithProviders(
      <IconAction danger title="Delete" icon={<DeleteOutlined />} onClick={onClick} data-testid="x" />,
    );
    const button = screen.getByRole('button', { name: 'Delete' });
    expect(button).toHaveAttribute('data-testid', 'x');
    await userEvent.hover(button);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Delete');
    await userEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });
});

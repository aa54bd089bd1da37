/** A row action shown as an icon: its name is the tooltip and what a screen reader says. */
import type { ReactNode } from 'react';
import { Button, Tooltip } from 'antd';
import type { SizeType } from 'antd/es/config-provider/SizeContext';

export function IconAction({
  title,
  icon,
  onClick,
  danger,
  size,
  'data-testid': testId,
}: {
  title: string;
  icon: ReactNode;
  /** None where a wrapper acts on the click (an Upload opening the file chooser). */
  onClick?: () => void;
  danger?: boolean;
  size?: SizeType;
  'data-testid'?: string;
}) {
  return (
    <Tooltip title={title}>
      <Button
        type="text"
        size={size}
        danger={danger}
        icon={icon}
        aria-label={title}
        data-testid={testId}
        onClick={onClick}
      />
    </Tooltip>
  );
}

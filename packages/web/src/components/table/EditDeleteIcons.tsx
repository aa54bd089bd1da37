/**
 * Icon row actions that change a row (icon tables; RowActions is the buttons' form). ConfirmDeleteIcon asks
 * `question` first (a danger confirmation), runs `remove` and toasts `done` of its answer; EditDeleteIcons
 * puts an edit icon (the caller's form) before it, and further icons of the row, `children`, before both.
 */
import type { ReactNode } from 'react';
import { Space } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useConfirmAct } from '../useConfirmAct.ts';
import { IconAction } from './IconAction.tsx';

export interface ConfirmDelete<T> {
  deleteLabel: string;
  question: string;
  remove: () => Promise<T>;
  done: (answer: T) => string;
}

export function ConfirmDeleteIcon<T>({
  deleteLabel,
  question,
  remove,
  done,
  'data-testid': testId,
}: ConfirmDelete<T> & { 'data-testid'?: string }) {
  const { act } = useConfirmAct();
  return (
    <IconAction
      title={deleteLabel}
      icon={<DeleteOutlined />}
      danger
      data-testid={testId}
      onClick={() =>
        void act({ confirm: { message: question, danger: true, okText: deleteLabel }, run: remove, done })
      }
    />
  );
}

export function EditDeleteIcons<T>({
  editLabel,
  onEdit,
  children,
  'data-testid': testId,
  ...deletion
}: ConfirmDelete<T> & {
  editLabel: string;
  onEdit: () => void;
  children?: ReactNode;
  /** Prefix of the icons' test hooks: `<prefix>-edit`, `<prefix>-delete`. */
  'data-testid': string;
}) {
  return (
    <Space size={0}>
      {children}
      <IconAction title={editLabel} icon={<EditOutlined />} onClick={onEdit} data-testid={`${testId}-edit`} />
      <ConfirmDeleteIcon {...deletion} data-testid={`${testId}-delete`} />
    </Space>
  );
}

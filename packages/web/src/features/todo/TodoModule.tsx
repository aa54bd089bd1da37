/** To-do (SPEC 2): the cards, open first; a new card with its tasks. */
import { useState } from 'react';
import { Button, Empty, Form, Input, Select, Space, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { todoRequest } from '@edge/protocol';
import { RowFormModal } from '../../components/form/RowFormModal.tsx';
import { useSchemaFields } from '../../components/form/useSchemaFields.tsx';
import { useConfirmAct } from '../../components/useConfirmAct.ts';
import { usePermissionTree } from '../../app/useVisibleModules.ts';
import { allowsIn } from '../diagnose/permissions.ts';
import { useAddTodo, useTodos } from './api.ts';
import { TodoCard } from './TodoCard.tsx';
import '../../components/page.css';
import './todo.css';

interface Draft {
  title: string;
  description: string;
  tasks: string[];
}

function AddModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Draft>();
  const add = useAddTodo();
  const { act } = useConfirmAct();
  const { field } = useSchemaFields(todoRequest, ['title', 'description'], {
    values: () => ({ ...form.getFieldsValue() }),
  });
  return (
    <RowFormModal<Draft>
      title={t('todo.add')}
      form={form}
      data-testid="todo-add"
      initialValues={{ title: '', description: '', tasks: [] }}
      onCancel={onClose}
      onSave={(values) => act({ run: () => add.mutateAsync(values), done: t('todo.added'), then: onClose })}
    >
      {field('title', 'todo.title', <Input maxLength={128} />)}
      {field('description', 'todo.description', <Input.TextArea rows={2} maxLength={1024} />)}
      {field('tasks', 'todo.tasks', <Select mode="tags" open={false} placeholder={t('todo.tasksHint')} />)}
    </RowFormModal>
  );
}

export default function TodoModule() {
  const { t } = useTranslation();
  const canManage = allowsIn(usePermissionTree()).manage('ToDo');
  const { data: todos = [] } = useTodos();
  const [adding, setAdding] = useState(false);
  return (
    <div className="page" data-testid="todo-page">
      <Space className="page-toolbar" style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Title level={2} className="subsection-title">
          {t('apps.ToDo')}
        </Typography.Title>
        {canManage && (
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setAdding(true)}
            data-testid="todo-new"
          >
            {t('todo.add')}
          </Button>
        )}
      </Space>
      {todos.length === 0 ? (
        <Empty description={t('todo.empty')} />
      ) : (
        <div className="todo-cards">
          {todos.map((todo) => (
            <TodoCard key={todo.id} todo={todo} canManage={canManage} />
          ))}
        </div>
      )}
      {adding && <AddModal onClose={() => setAdding(false)} />}
    </div>
  );
}

/** One To-do card: its tasks (ticked off one by one), a task added, Finish, and Rerun when it came from a failed job. */
import { useState } from 'react';
import { Button, Card, Checkbox, Input, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { MessageCode, TodoView } from '@edge/protocol';
import { useConfirmAct } from '../../components/useConfirmAct.ts';
import { messageText } from '../../i18n/messageText.ts';
import { DateText, type TimePart } from '../../components/DateText.tsx';
import { dashboardPath } from '../inventory/paths.ts';
import { useAddTask, useFinishTodo, useRerunTodo, useToggleTask } from './api.ts';

const RERUN_DONE: MessageCode = 'rerunTaskSuccess';
const FINISH_DONE: MessageCode = 'finishTaskSuccess';
const MINUTES: TimePart = 'minutes';

export function TodoCard({ todo, canManage }: { todo: TodoView; canManage: boolean }) {
  const { t } = useTranslation();
  const { act } = useConfirmAct();
  const [task, setTask] = useState('');
  const addTask = useAddTask();
  const toggle = useToggleTask();
  const finish = useFinishTodo();
  const rerun = useRerunTodo();
  const actions =
    canManage && !todo.completed
      ? [
          ...(todo.jobId !== null
            ? [
                <Button
                  key="rerun"
                  size="small"
                  onClick={() =>
                    act({
                      run: () => rerun.mutateAsync(todo.id),
                      done: () => messageText(t, RERUN_DONE),
                    })
                  }
                  data-testid="todo-rerun"
                >
                  {t('todo.rerun')}
                </Button>,
              ]
            : []),
          <Button
            key="finish"
            size="small"
            type="primary"
            onClick={() =>
              act({
                confirm: { message: t('todo.confirmFinish', { title: todo.title }) },
                run: () => finish.mutateAsync(todo.id),
                done: () => messageText(t, FINISH_DONE),
              })
            }
            data-testid="todo-finish"
          >
            {t('todo.finish')}
          </Button>,
        ]
      : undefined;
  return (
    <Card
      size="small"
      title={todo.title}
      extra={todo.completed ? <Tag color="green">{t('todo.completed')}</Tag> : undefined}
      actions={actions}
      data-testid="todo-card"
    >
      {todo.description && <Typography.Paragraph>{todo.description}</Typography.Paragraph>}
      <Space direction="vertical" style={{ width: '100%' }}>
        {todo.tasks.map((item) => (
          <Checkbox
            key={item.id}
            checked={item.completed}
            disabled={!canManage || todo.completed}
            onChange={() => toggle.mutate(item.id)}
          >
            {item.title}
          </Checkbox>
        ))}
        {canManage && !todo.completed && (
          <Input.Search
            size="small"
            value={task}
            placeholder={t('todo.newTask')}
            aria-label={t('todo.newTask')}
            enterButton={t('todo.addTask')}
            maxLength={128}
            onChange={(e) => setTask(e.target.value)}
            onSearch={(title) => {
              if (title.trim()) void addTask.mutateAsync({ id: todo.id, title }).then(() => setTask(''));
            }}
          />
        )}
        <Typography.Text type="secondary">
          {todo.createdByName} · <DateText value={todo.createdAt} time={MINUTES} />
          {todo.deviceId && (
            <>
              {' · '}
              <Link to={dashboardPath(todo.deviceId)}>{t('todo.device')}</Link>
            </>
          )}
        </Typography.Text>
      </Space>
    </Card>
  );
}

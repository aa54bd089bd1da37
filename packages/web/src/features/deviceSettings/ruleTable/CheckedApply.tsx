/**
 * The Apply button of a rule-list section: the whole document is checked with the protocol's section schema
 * first (a rule left invalid, two rules for one port), and only a valid one goes to SectionFrame's apply,
 * which asks for confirmation before writing.
 */
import { useState } from 'react';
import { Alert, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { issueText, schemaIssues, type RequestSchema } from '../../../components/schemaRules.ts';
import type { SectionContext } from '../SectionFrame.tsx';
import { VERTICAL } from '../document.ts';

export function CheckedApply({
  'data-testid': testId,
  schema,
  document,
  path,
  apply,
  busy,
}: {
  /** Test hooks: `${testId}-apply`, `${testId}-issues`. */
  'data-testid': string;
  schema: RequestSchema;
  document: object;
  /** The write call, relative to the settings root. */
  path: string;
  apply: SectionContext['apply'];
  busy: boolean;
}) {
  const { t } = useTranslation();
  const [issues, setIssues] = useState<string[]>([]);
  const submit = () => {
    const found = [...new Set(schemaIssues(schema, document).map((issue) => issueText(t, issue)))];
    setIssues(found);
    if (found.length === 0) void apply(path, document);
  };
  return (
    <Space orientation={VERTICAL} style={{ width: '100%' }}>
      {issues.length > 0 && (
        <Alert
          type="error"
          showIcon
          data-testid={`${testId}-issues`}
          title={issues.map((text) => (
            <div key={text}>{text}</div>
          ))}
        />
      )}
      <Button type="primary" loading={busy} data-testid={`${testId}-apply`} onClick={submit}>
        {t('deviceSettings.apply.button')}
      </Button>
    </Space>
  );
}

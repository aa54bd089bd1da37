/** Where a remote session (terminal, desktop) stands, in the colour that says it: opening, open, closed. */
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

export type SessionPhase = 'connecting' | 'open' | 'closed';

export function SessionStateTag({
  phase,
  'data-testid': testId,
}: {
  phase: SessionPhase;
  'data-testid': string;
}) {
  const { t } = useTranslation();
  return (
    <Tag
      color={phase === 'open' ? 'green' : phase === 'closed' ? 'default' : 'processing'}
      data-testid={testId}
      data-phase={phase}
    >
      {t(`terminal.state.${phase}`)}
    </Tag>
  );
}

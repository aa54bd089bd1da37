/** The header's help menu: opens the quick-start guide at any time (SPEC 2). */
import { useState } from 'react';
import { Button, Dropdown } from 'antd';
import { CompassOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { QuickStartGuide } from './QuickStartGuide.tsx';

export function HelpMenu() {
  const { t } = useTranslation();
  const [asked, setAsked] = useState(false);
  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            {
              key: 'guide',
              icon: <CompassOutlined />,
              label: <span data-testid="help-guide">{t('guide.open')}</span>,
              onClick: () => setAsked(true),
            },
          ],
        }}
      >
        <Button
          type="text"
          shape="circle"
          icon={<QuestionCircleOutlined />}
          aria-label={t('guide.help')}
          title={t('guide.help')}
          data-testid="help-menu"
        />
      </Dropdown>
      <QuickStartGuide asked={asked} onAnswered={() => setAsked(false)} />
    </>
  );
}

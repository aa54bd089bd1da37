/**
 * The quick-start guide (SPEC 2): an introduction with Start, Skip and Don't show again, then an antd Tour
 * over the desktop with Next and Previous (and Don't show again on every step). It opens on its own when
 * the server says so (a new console, and the user has not chosen Don't show again); Skip closes it until
 * the next sign-in; the help menu opens it at any time.
 */
import { useState } from 'react';
import { Button, Modal, Space, Tour, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { csrfToken } from '../../api/csrf.ts';
import { useGuide, useSetGuide } from './api.ts';
import { GUIDE_STEPS, SECTION_TITLE } from './steps.ts';

const DESK = '/desk';
/** Skipped in this sign-in (its CSRF token is the sign-in's own): the next sign-in opens it again. */
const skippedKey = () => `edge.guide.skipped.${csrfToken() ?? ''}`;

const targetOf = (testId?: string) => () =>
  (testId ? document.querySelector<HTMLElement>(`[data-testid="${testId}"]`) : null) as HTMLElement;

export function QuickStartGuide({ asked, onAnswered }: { asked: boolean; onAnswered: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const guide = useGuide();
  const setGuide = useSetGuide();
  const [answered, setAnswered] = useState(false);
  const [touring, setTouring] = useState(false);
  const [current, setCurrent] = useState(0);
  // On its own: once per sign-in, on the desktop, when the server says the user should see it; or asked
  // for from the help menu.
  const onItsOwn =
    !answered && guide.data?.show === true && pathname === DESK && !sessionStorage.getItem(skippedKey());
  const intro = !touring && (asked || onItsOwn);

  const close = () => {
    setAnswered(true);
    onAnswered();
    setTouring(false);
    setCurrent(0);
  };
  const skip = () => {
    sessionStorage.setItem(skippedKey(), '1');
    close();
  };
  const dontShowAgain = () => {
    setGuide.mutate(true);
    close();
  };
  const start = () => {
    setAnswered(true);
    onAnswered();
    if (pathname !== DESK) void navigate(DESK);
    setCurrent(0);
    setTouring(true);
  };

  const dontShowButton = (
    <Button size="small" type="link" onClick={dontShowAgain} data-testid="guide-dont-show">
      {t('guide.dontShowAgain')}
    </Button>
  );
  const last = GUIDE_STEPS.length - 1;
  const steps = GUIDE_STEPS.map((step, i) => ({
    title: t(step.title),
    description: (
      <Space direction="vertical" size={4}>
        <Typography.Text type="secondary" data-testid="guide-progress">
          {t('guide.progress', {
            section: t(SECTION_TITLE[step.section]),
            step: i + 1,
            total: GUIDE_STEPS.length,
          })}
        </Typography.Text>
        <span>{t(step.text)}</span>
      </Space>
    ),
    target: targetOf(step.target),
    nextButtonProps: { children: i === last ? t('guide.finish') : t('guide.next') },
    prevButtonProps: { children: t('guide.previous') },
  }));

  return (
    <>
      <Modal
        open={intro}
        title={t('guide.introTitle')}
        onCancel={skip}
        footer={[
          <Button key="never" onClick={dontShowAgain} data-testid="guide-intro-dont-show">
            {t('guide.dontShowAgain')}
          </Button>,
          <Button key="skip" onClick={skip} data-testid="guide-skip">
            {t('guide.skip')}
          </Button>,
          <Button key="start" type="primary" onClick={start} data-testid="guide-start">
            {t('guide.start')}
          </Button>,
        ]}
      >
        <Typography.Paragraph>{t('guide.intro')}</Typography.Paragraph>
      </Modal>
      <Tour
        open={touring}
        current={current}
        onChange={setCurrent}
        onClose={skip}
        onFinish={close}
        steps={steps}
        actionsRender={(buttons) => (
          <>
            {dontShowButton}
            {buttons}
          </>
        )}
      />
    </>
  );
}

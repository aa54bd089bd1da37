/**
 * A restore or factory default under way (SPEC 4: it cannot be interrupted once started; the device
 * restarts afterwards): a dialog that cannot be closed while the job runs, its phase and progress live
 * (jobs channel), then SPEC 8's success message or the reason it failed, until closed with its button.
 */
import { Alert, Button, Modal, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { messageText } from '../../i18n/messageText.ts';
import { reasonText } from '../jobs/stepText.ts';
import { useLiveJob } from '../jobs/useLiveJob.ts';

const PHASES = ['reading', 'sections', 'archive', 'reboot'] as const;
type Phase = (typeof PHASES)[number];
const isPhase = (note: string | null | undefined): note is Phase => PHASES.includes(note as Phase);

export function RestoreProgress({
  jobId,
  deviceName,
  onClose,
}: {
  jobId: number | null;
  deviceName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { job, steps } = useLiveJob(jobId);
  const step = steps[0];
  const running = !job || job.state === 'running';
  const succeeded = job?.state === 'succeeded';
  const doneText = messageText(t, 'backupRestored');
  const failedText = messageText(t, 'backupUploadFailed');
  const percent = succeeded ? 100 : (step?.progress ?? 0);
  return (
    <Modal
      open={jobId !== null}
      title={t('backup.restoreTitle', { name: deviceName })}
      closable={!running}
      maskClosable={false}
      // Never by Escape: while it runs it cannot be left, and once it ended the outcome (SPEC 8: reboot the
      // device) is read and the dialog closed with its button, not lost to a key pressed a moment late.
      keyboard={false}
      onCancel={running ? undefined : onClose}
      footer={
        running ? null : (
          <Button type="primary" onClick={onClose} data-testid="restore-close">
            {t('backup.close')}
          </Button>
        )
      }
      destroyOnHidden
    >
      <div data-testid="restore-progress" data-state={job?.state ?? 'running'}>
        {running && (
          <Alert
            type="warning"
            showIcon
            message={t('backup.notInterruptible')}
            data-testid="restore-locked"
          />
        )}
        <Progress
          percent={percent}
          status={running ? 'active' : succeeded ? 'success' : 'exception'}
          data-testid="restore-percent"
        />
        {running && (
          <Typography.Text type="secondary" data-testid="restore-phase">
            {isPhase(step?.note) ? t(`backup.phases.${step.note}`) : t('backup.phases.waiting')}
          </Typography.Text>
        )}
        {succeeded && <Alert type="success" showIcon message={doneText} data-testid="restore-done" />}
        {job && !running && !succeeded && (
          <Alert
            type="error"
            showIcon
            message={failedText}
            description={reasonText(t, step?.reason ?? null)}
            data-testid="restore-failed"
          />
        )}
      </div>
    </Modal>
  );
}

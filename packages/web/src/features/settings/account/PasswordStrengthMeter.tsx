/** SPEC 5 strength label (Weak, Medium, Good, Strong) as protocol's passwordStrength judges it. */
import { Progress } from 'antd';
import { useTranslation } from 'react-i18next';
import { passwordStrength, type PasswordStrength } from '@edge/protocol';

const LEVEL: Record<PasswordStrength, { steps: number; color: string }> = {
  Weak: { steps: 1, color: '#ff4d4f' },
  Medium: { steps: 2, color: '#faad14' },
  Good: { steps: 3, color: '#52c41a' },
  Strong: { steps: 4, color: '#237804' },
};

export function PasswordStrengthMeter({ password }: { password: string }) {
  const { t } = useTranslation();
  const strength = passwordStrength(password);
  const { steps, color } = LEVEL[strength];
  return (
    <div className="password-strength" data-testid="password-strength" data-strength={strength}>
      <Progress steps={4} percent={steps * 25} showInfo={false} strokeColor={color} size={[28, 6]} />
      <span className="password-strength-label">
        {t('settings.strength')}: <strong style={{ color }}>{t(`strength.${strength}`)}</strong>
      </span>
    </div>
  );
}

/** Block and unblock (SPEC 4): section writes of the blacklist, each after a confirmation naming the MAC. */
import { useTranslation } from 'react-i18next';
import type { BlockedClient } from '@edge/protocol';
import type { SectionContext } from '../SectionFrame.tsx';

export function useBlockActions(apply: SectionContext['apply']) {
  const { t } = useTranslation();
  return {
    block: (client: BlockedClient) =>
      apply('clients/block', client, t('deviceSettings.clients.blockConfirm', { mac: client.mac })),
    unblock: (mac: string) =>
      apply('clients/unblock', { mac }, t('deviceSettings.clients.unblockConfirm', { mac })),
  };
}

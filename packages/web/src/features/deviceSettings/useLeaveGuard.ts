/**
 * Asks before leaving a page with edits that are not applied (SPEC 8's unsavedChanges): the browser's own
 * prompt on reload or close, and the console's confirmation on a link inside the console (the router here
 * is not a data router, so links are caught where they are clicked).
 */
import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { useConfirm } from '../../components/useConfirm.tsx';

export function useLeaveGuard(active: boolean): void {
  const navigate = useNavigate();
  const { confirm } = useConfirm();

  useEffect(() => {
    if (!active) return;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the prompt only when returnValue is set.
      event.returnValue = '';
    };
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
        return;
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!(link instanceof HTMLAnchorElement) || link.target === '_blank') return;
      const url = new URL(link.href, window.location.href);
      if (url.origin !== window.location.origin) return;
      const to = `${url.pathname}${url.search}${url.hash}`;
      if (to === `${window.location.pathname}${window.location.search}${window.location.hash}`) return;
      event.preventDefault();
      event.stopPropagation();
      void confirm({ message: 'unsavedChanges', kind: 'warning' }).then((leave) => {
        if (leave) void navigate(to);
      });
    };
    window.addEventListener('beforeunload', beforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [active, confirm, navigate]);
}

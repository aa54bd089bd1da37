/**
 * The confirm-act-toast cycle of every list page (SPEC 8: a confirmation precedes edits, deletes, suspends,
 * applies ...; the outcome is a toast): `act` asks (when given a question), runs the call while `busy` is
 * true, toasts what `done` says of its answer and hands the answer to `then`. It resolves true when the
 * call went through, false when the user cancelled or the call failed. A failed call is toasted once: by
 * the query layer for mutations, here for plain calls (`toastErrors`).
 */
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, type ErrorFallback } from '../api/errorText.ts';
import { toast } from './notifications/toast.ts';
import { useConfirm, type ConfirmOptions } from './useConfirm.tsx';

export interface Act<R> {
  /** The question asked first; none to act at once (a form's own Save). */
  confirm?: ConfirmOptions;
  run: () => Promise<R>;
  /** The success toast, or a function of the answer giving it (undefined: no toast); none for no toast. */
  done?: string | ((answer: R) => string | undefined);
  /** What follows success (close a dialog, clear a form, refresh a list). */
  then?: (answer: R) => void;
  /**
   * The call is not a mutation of the query layer, so its failure is toasted here: in the server's words,
   * else the generic text of a change ('applyError') or a read ('apiRequestError').
   */
  toastErrors?: ErrorFallback;
}

export function useConfirmAct() {
  const { t } = useTranslation();
  const { confirmThen } = useConfirm();
  const [busy, setBusy] = useState(false);
  // Several acts may overlap (two rows deleted in a row): busy holds until the last one settles.
  const running = useRef(0);

  const act = useCallback(
    <R>({ confirm, run, done, then, toastErrors }: Act<R>): Promise<boolean> => {
      const attempt = async () => {
        running.current += 1;
        setBusy(true);
        try {
          const answer = await run();
          const text = typeof done === 'function' ? done(answer) : done;
          if (text !== undefined) toast.success(text);
          then?.(answer);
        } catch (e) {
          if (toastErrors) toast.error(errorText(t, e, toastErrors));
          throw e;
        } finally {
          running.current -= 1;
          if (running.current === 0) setBusy(false);
        }
      };
      if (confirm) return confirmThen(confirm, attempt);
      return attempt().then(
        () => true,
        () => false,
      );
    },
    [confirmThen, t],
  );

  return { act, busy };
}

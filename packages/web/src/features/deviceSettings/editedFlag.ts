/**
 * Whether a section has edits not applied yet, kept outside React state: the frame around a section's editor
 * must not re-render when the first key is typed, or an editor's open row dialog loses what was typed into it.
 * Only the state tag and the leave guard subscribe.
 */
import { useState, useSyncExternalStore } from 'react';

export interface EditedFlag {
  get(): boolean;
  set(value: boolean): void;
  subscribe(listener: () => void): () => void;
}

export function useEditedFlag(): EditedFlag {
  const [flag] = useState<EditedFlag>(() => {
    let value = false;
    const listeners = new Set<() => void>();
    return {
      get: () => value,
      set(next) {
        if (next === value) return;
        value = next;
        for (const listener of listeners) listener();
      },
      subscribe(listener) {
        listeners.add(listener);
        return () => listeners.delete(listener);
      },
    };
  });
  return flag;
}

export const useEdited = (flag: EditedFlag): boolean => useSyncExternalStore(flag.subscribe, flag.get);

/** The open tab in the address (?tab=), so a reload or a shared link opens the same one. */
import { useSearchParams } from 'react-router-dom';

export function useUrlTab<T extends string>(tabs: readonly T[]): [T, (tab: T) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab') as T | null;
  const tab = asked && tabs.includes(asked) ? asked : tabs[0]!;
  return [
    tab,
    (next) =>
      setParams(
        (prev) => {
          const copy = new URLSearchParams(prev);
          copy.set('tab', next);
          return copy;
        },
        { replace: true },
      ),
  ];
}

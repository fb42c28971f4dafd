import { useEffect, useState } from 'react';

/** What `load` answers once `enabled` (a failure leaves no data); `done` once it answered either way. */
export function useFetched<T>(load: () => Promise<T>, enabled: boolean) {
  const [state, setState] = useState<{ data?: T; done: boolean }>({ done: false });
  useEffect(() => {
    if (!enabled) return;
    let live = true;
    load().then(
      (data) => live && setState({ data, done: true }),
      () => live && setState({ done: true }),
    );
    return () => {
      live = false;
    };
  }, [load, enabled]);
  return state;
}

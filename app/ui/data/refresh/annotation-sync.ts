// Other tabs on the same trajectory see label changes at once: a committed change is announced on
// a BroadcastChannel, and every tab listening refetches that trajectory's labels from IndexedDB.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';

const CHANNEL = 'hopscope.annotations';

interface Message {
  trajectoryId: string;
}

let sender: BroadcastChannel | null = null;

/** Tells other tabs that this trajectory's labels changed (after the write committed). */
export function announceAnnotations(trajectoryId: string): void {
  if (typeof BroadcastChannel === 'undefined') return;
  sender ??= new BroadcastChannel(CHANNEL);
  sender.postMessage({ trajectoryId } satisfies Message);
}

/** Mount once: refetches labels another tab changed. */
export function useAnnotationSync(): void {
  const qc = useQueryClient();
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(CHANNEL);
    channel.onmessage = (e: MessageEvent<Message>) => {
      const id = e.data?.trajectoryId;
      if (typeof id !== 'string') return;
      void qc.invalidateQueries({ queryKey: ['annotations', id] });
      void qc.invalidateQueries({ queryKey: ['annotations'], exact: true });
    };
    return () => channel.close();
  }, [qc]);
}

// The trajectory worker's API (workers/trajectory.worker.ts exposes it): reads a stored trajectory,
// derives what its page shows (./view.ts) off the main thread, then sends it in messages
// (./view-messages.ts), each a short task for the page to receive.
import { releaseCallback } from '../release-callback';
import { loadTrajectoryView } from './view';
import { type TrajectoryViewMessage, viewMessages } from './view-messages';

export function createTrajectoryWorkerApi() {
  return {
    /** Sends the view of trajectory `id` to `receive` message by message; false when not stored. */
    async open(id: string, receive: (m: TrajectoryViewMessage) => Promise<void> | void): Promise<boolean> {
      try {
        const view = await loadTrajectoryView(id);
        if (!view) return false;
        // Each message waits for the page to take the previous one, so the page stays responsive.
        for (const m of viewMessages(view)) await receive(m);
        return true;
      } finally {
        releaseCallback(receive);
      }
    },
  };
}

export type TrajectoryWorkerApi = ReturnType<typeof createTrajectoryWorkerApi>;

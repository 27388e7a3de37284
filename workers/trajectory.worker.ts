// Trajectory worker: reads a stored trajectory and derives what its page shows (gold joined,
// metrics, diagnosis, flags, plan layout) off the main thread, then sends it in chunks, each a
// short task for the page to receive (app/services/trajectory-view.ts).
import * as Comlink from 'comlink';
import { releaseCallback } from '../app/runtime/release-callback';
import {
  loadTrajectoryView,
  type TrajectoryViewMessage,
  viewMessages,
} from '../app/services/trajectory-view';

const api = {
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

export type TrajectoryWorkerApi = typeof api;
Comlink.expose(api);

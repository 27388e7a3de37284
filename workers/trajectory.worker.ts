// Trajectory worker: derives an opened trajectory's view off the main thread (app/runtime/trajectory).
import * as Comlink from 'comlink';
import { createTrajectoryWorkerApi } from '../app/runtime/trajectory/api';

Comlink.expose(createTrajectoryWorkerApi());

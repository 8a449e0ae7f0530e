import * as Comlink from 'comlink';
import { TownHost } from './townHost';

/**
 * The town's worker (docs/worker.md): the Simulation, its clock, the brain (offline and the model's
 * client) and the recorder run here, off the page's thread; the page reaches them through comlink.
 * Built by Vite as a chunk of its own (`new Worker(new URL('./simWorker.ts', import.meta.url))`).
 */
Comlink.expose(new TownHost());

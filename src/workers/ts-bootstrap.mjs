// Worker entry used only when the server runs from its TypeScript source
// (tests, `npm run dev`): worker threads of Node 20 do not inherit tsx's
// loader, so this registers it, loads the task module named in workerData and
// dispatches to its exports by name. Built servers load the task module itself.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const tasks = await import(workerData.taskModule);

/** Runs export `name` of the task module on `input`. */
export default ({ name, input }) => tasks[name](input);

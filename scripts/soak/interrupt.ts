// Ctrl-C (or SIGTERM) stops the soak in order: the run ends its loop, the apps are stopped and the
// database removed; a second signal kills the apps at once. No app process outlives the soak.
import { apps } from './apps';

let isInterrupted = false;
const interrupted = new AbortController();

export const wasInterrupted = () => isInterrupted;

export function handleSignals() {
  const onSignal = (signal: NodeJS.Signals) => {
    if (isInterrupted) {
      for (const app of apps) app.child.kill('SIGKILL');
      process.exit(130);
    }
    isInterrupted = true;
    console.log(`\n${signal}: stopping the soak and cleaning up (again to force)...`);
    interrupted.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  // Whatever happens, no app process outlives the soak.
  process.on('exit', () => {
    for (const app of apps) if (app.child.exitCode === null && app.child.signalCode === null) app.child.kill('SIGKILL');
  });
}

export const checkInterrupted = () => {
  if (isInterrupted) throw new Error('interrupted');
};

/** Sleeps `ms`, or less when the soak is interrupted meanwhile. */
export const interruptibleSleep = (ms: number) =>
  new Promise<void>((resolve) => {
    const onAbort = () => (clearTimeout(timer), resolve());
    const timer = setTimeout(() => (interrupted.signal.removeEventListener('abort', onAbort), resolve()), ms);
    interrupted.signal.addEventListener('abort', onAbort, { once: true });
  });

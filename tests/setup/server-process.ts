import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

export type ServerProcess = {
  child: ChildProcess;
  baseUrl: string;
  output: () => string;
  stop: () => Promise<number | null>;
};

/**
 * Starts `src/server/main.ts` as its own process (or, given `built`, the built server in that
 * folder: `node dist/server/main.js`) and resolves once it says it is ready.
 */
export function startServerProcess(
  env: Record<string, string>,
  port: number,
  options: { built?: string } = {},
): Promise<ServerProcess> {
  const baseUrl = `http://localhost:${port}`;
  const [command, args] = options.built
    ? [process.execPath, ['dist/server/main.js']]
    : [path.resolve('node_modules/.bin/tsx'), ['src/server/main.ts']];
  // Vitest sets BASE_URL='/' (Vite's own variable) in its environment; the server needs a real one.
  const child = spawn(command, args, {
    cwd: options.built,
    // One process unless a test asks for a cluster (WEB_CONCURRENCY defaults to the CPUs).
    env: { ...process.env, LOG_LEVEL: 'info', PORT: String(port), BASE_URL: baseUrl, WEB_CONCURRENCY: '1', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Ticklist is ready')) {
        resolve({
          child,
          baseUrl,
          output: () => output,
          stop: async () => {
            child.kill('SIGTERM');
            return exited;
          },
        });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    void exited.then((code) => reject(new Error(`server exited with ${code}: ${output}`)));
  });
}

export const randomPort = () => 38000 + Math.floor(Math.random() * 2000);

/** Runs `src/server/main.ts` with `env` expecting it to stop by itself; resolves with its exit code and output. */
export function runServerProcessToExit(
  env: Record<string, string>,
  port: number,
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(path.resolve('node_modules/.bin/tsx'), ['src/server/main.ts'], {
    env: {
      ...process.env,
      LOG_LEVEL: 'info',
      PORT: String(port),
      BASE_URL: `http://localhost:${port}`,
      WEB_CONCURRENCY: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

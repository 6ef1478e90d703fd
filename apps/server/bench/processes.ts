import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

/** Linux's USER_HZ: /proc/<pid>/stat counts CPU time in hundredths of a second. */
const TICKS_PER_SECOND = 100;

/** User plus system CPU time of a process so far, in milliseconds. */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name may hold spaces; fields are counted after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** Current (VmRSS) or peak (VmHWM) resident memory, in MiB. */
export function memoryMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024);
}

/** Starts a Node process and waits until `url` answers; `stop` ends it. */
export async function startProcess(args: string[], env: NodeJS.ProcessEnv, url: string) {
  const child: ChildProcess = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let up = false;
  for (let i = 0; i < 120 && !up; i++) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited with ${child.exitCode}`);
    await sleep(500);
    up = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
  }
  if (!up) {
    child.kill('SIGTERM');
    throw new Error(`${args.join(' ')} did not answer ${url} within a minute`);
  }
  return {
    pid: child.pid as number,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

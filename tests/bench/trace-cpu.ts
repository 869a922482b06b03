// The main thread's CPU in a Lighthouse trace (tests/bench/lighthouse.ts).
export type TraceEvent = { name: string; ph: string; pid: number; tid: number; ts: number; dur?: number; tdur?: number; args?: { name?: string; data?: { documentLoaderURL?: string } } };

/**
 * How much CPU the page's main thread got. Lighthouse's simulation multiplies the wall time of each
 * task by 4 (the phone's slower CPU); on a machine shared with other work a task that needed 10 ms of
 * CPU can take 40 ms of wall time and count as 110 ms of blocking. The trace also has each task's
 * thread time (`tdur`): their ratio tells a busy machine from a slower page, and the blocking time
 * counted from CPU time (4 × tdur − 50 ms per task after the first paint) is what a quiet machine
 * would roughly show. A diagnostic beside Lighthouse's figures, not a replacement.
 */
export function mainThreadCpu(events: TraceEvent[], pageUrl: string): { cpuShare: number; tbtFromCpuMs: number } {
  const origin = new URL(pageUrl).origin;
  const navigation = events.filter((e) => e.name === 'navigationStart' && (e.args?.data?.documentLoaderURL ?? '').startsWith(origin)).at(-1);
  const main = navigation && events.find((e) => e.name === 'thread_name' && e.pid === navigation.pid && e.args?.name === 'CrRendererMain');
  if (!navigation || !main) return { cpuShare: Number.NaN, tbtFromCpuMs: Number.NaN };
  const paint = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === main.pid && e.ts > navigation.ts);
  const tasks = events.filter((e) => e.ph === 'X' && e.name === 'RunTask' && e.pid === main.pid && e.tid === main.tid && e.ts >= navigation.ts && e.tdur !== undefined);
  const wall = tasks.reduce((sum, task) => sum + task.dur!, 0);
  const cpu = tasks.reduce((sum, task) => sum + task.tdur!, 0);
  const afterPaint = paint ? tasks.filter((task) => task.ts > paint.ts) : [];
  const tbtFromCpuMs = afterPaint.reduce((sum, task) => sum + Math.max(0, (4 * task.tdur!) / 1000 - 50), 0);
  return { cpuShare: wall > 0 ? cpu / wall : Number.NaN, tbtFromCpuMs };
}

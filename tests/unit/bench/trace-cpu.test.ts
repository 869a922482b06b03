// The bench's reading of a Lighthouse trace: the main thread's CPU share and the blocking time its
// tasks would count with their CPU time instead of their wall time.
import { describe, expect, it } from 'vitest';
import { mainThreadCpu, type TraceEvent } from '../../bench/trace-cpu.ts';

const PAGE = 'http://127.0.0.1:3000/kategorie/dresy';
const ms = 1000;

function trace(tasks: { at: number; wall: number; cpu: number }[]): TraceEvent[] {
  return [
    { name: 'thread_name', ph: 'M', pid: 1, tid: 1, ts: 0, args: { name: 'CrRendererMain' } },
    { name: 'thread_name', ph: 'M', pid: 2, tid: 7, ts: 0, args: { name: 'CrRendererMain' } },
    // Lighthouse's about:blank first, in another renderer
    { name: 'navigationStart', ph: 'R', pid: 2, tid: 7, ts: 0, args: { data: { documentLoaderURL: 'about:blank' } } },
    { name: 'navigationStart', ph: 'R', pid: 1, tid: 1, ts: 100 * ms, args: { data: { documentLoaderURL: PAGE } } },
    { name: 'firstContentfulPaint', ph: 'R', pid: 1, tid: 1, ts: 300 * ms },
    ...tasks.map((task) => ({ name: 'RunTask', ph: 'X', pid: 1, tid: 1, ts: task.at * ms, dur: task.wall * ms, tdur: task.cpu * ms })),
    // another thread's task does not count
    { name: 'RunTask', ph: 'X', pid: 2, tid: 7, ts: 400 * ms, dur: 500 * ms, tdur: 500 * ms },
  ];
}

describe('mainThreadCpu', () => {
  it('on a quiet machine: CPU time close to wall time, blocking only for tasks over 12.5 ms of CPU', () => {
    const result = mainThreadCpu(trace([{ at: 150, wall: 20, cpu: 20 }, { at: 400, wall: 10, cpu: 10 }, { at: 500, wall: 30, cpu: 30 }]), PAGE);
    expect(result.cpuShare).toBeCloseTo(1);
    // before the first paint nothing counts; 4 × 10 = 40 < 50; 4 × 30 − 50 = 70
    expect(result.tbtFromCpuMs).toBeCloseTo(70);
  });

  it('on a busy machine: the wall time grows, the CPU time does not', () => {
    const result = mainThreadCpu(trace([{ at: 400, wall: 40, cpu: 10 }, { at: 500, wall: 60, cpu: 10 }]), PAGE);
    expect(result.cpuShare).toBeCloseTo(0.2);
    expect(result.tbtFromCpuMs).toBe(0);
  });

  it('says nothing it cannot know: no navigation to the page in the trace', () => {
    expect(mainThreadCpu(trace([]), 'http://127.0.0.1:4000/').cpuShare).toBeNaN();
  });
});

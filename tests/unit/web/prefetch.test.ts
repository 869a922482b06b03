// Route prefetch queue: at most 5 loads at once, each path once, failures do not stop the queue.
import { describe, expect, it } from 'vitest';
import { createPrefetchQueue } from '../../../web/app/shell/prefetch.ts';

function deferredLoads() {
  const pending = new Map<string, { resolve: () => void; reject: (error: Error) => void }>();
  const started: string[] = [];
  const load = (path: string) =>
    new Promise<void>((resolve, reject) => {
      started.push(path);
      pending.set(path, { resolve, reject });
    });
  return { load, started, pending };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('route prefetch queue', () => {
  it('runs at most 5 at once and starts the next one as one finishes', async () => {
    const loads = deferredLoads();
    const queue = createPrefetchQueue(loads.load);
    for (let i = 1; i <= 8; i += 1) queue.add(`/p/${i}`);
    expect(loads.started).toEqual(['/p/1', '/p/2', '/p/3', '/p/4', '/p/5']);
    expect(queue.active).toBe(5);
    expect(queue.waiting).toBe(3);
    loads.pending.get('/p/2')!.resolve();
    await tick();
    expect(loads.started).toHaveLength(6);
    expect(queue.active).toBe(5);
    loads.pending.get('/p/1')!.reject(new Error('offline'));
    loads.pending.get('/p/3')!.resolve();
    await tick();
    expect(loads.started).toEqual(['/p/1', '/p/2', '/p/3', '/p/4', '/p/5', '/p/6', '/p/7', '/p/8']);
    expect(queue.active).toBe(5);
    expect(queue.waiting).toBe(0);
  });

  it('loads each path once', () => {
    const loads = deferredLoads();
    const queue = createPrefetchQueue(loads.load);
    queue.add('/kosik');
    queue.add('/kosik');
    expect(loads.started).toEqual(['/kosik']);
  });
});

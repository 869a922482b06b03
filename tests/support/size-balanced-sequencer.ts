// `vitest run --shard=i/n` (npm test runs each integration pass as two halves): the files dealt out by
// size instead of vitest's own split by the hash of their paths, which gives each share the same
// number of files whatever they hold. By the embedded pass's own file times, the hash split's halves
// held 142 s and 101 s of tests, and the two halves that finish a run side by side left one core idle
// for ~45 s; dealt by size, 122 s and 121 s (issue 41). A file's size is a rough measure of its work
// (their correlation there was 0.5), but it is known before anything runs and needs no record of
// earlier runs, which a clean clone does not have.
import { statSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

export class SizeBalancedSequencer extends BaseSequencer {
  override async shard(files: TestSpecification[]): Promise<TestSpecification[]> {
    const { index, count } = this.ctx.config.shard!;
    const shares = Array.from({ length: count }, () => ({ bytes: 0, files: [] as TestSpecification[] }));
    const largestFirst = files
      .map((spec) => ({ spec, bytes: statSync(spec.moduleId).size }))
      .sort((a, b) => b.bytes - a.bytes || a.spec.moduleId.localeCompare(b.spec.moduleId));
    // each file, largest first, to the share holding the fewest bytes so far (the first such share on a tie)
    for (const { spec, bytes } of largestFirst) {
      const lightest = shares.reduce((least, share) => (share.bytes < least.bytes ? share : least));
      lightest.files.push(spec);
      lightest.bytes += bytes;
    }
    return shares[index - 1].files;
  }
}

// The breaking-change check (issue 27, docs/api-changelog.md): compares schema/schema.graphql with the
// last released schema (schema/released/schema.graphql) using graphql's findBreakingChanges, and fails
// on a breaking change that docs/api-changelog.md does not record. `npm run lint` runs it.
// A change is recorded by a line of the changelog naming its kind and its schema coordinate, both in
// backticks, e.g. "- `FIELD_REMOVED` `Product.oldPrice`: use `Product.price` (deprecated since 2026-12-01)".
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { buildSchema, findBreakingChanges, findDangerousChanges, type BreakingChange, type DangerousChange } from 'graphql';

export type SchemaChange = { kind: string; coordinate: string; description: string };

/**
 * The schema coordinate (`Type`, `Type.field`, `Type.field(arg:)`, `Enum.VALUE`) a change of graphql's
 * findBreakingChanges names, read from its description (graphql 16 words them the same way for each kind).
 */
export function coordinateOf(description: string): string {
  const patterns: [RegExp, (m: RegExpExecArray) => string][] = [
    [/^A required arg (\w+) on (\w+)\.(\w+) was added/, (m) => `${m[2]}.${m[3]}(${m[1]}:)`],
    [/^(\w+)\.(\w+) arg (\w+) /, (m) => `${m[1]}.${m[2]}(${m[3]}:)`],
    [/^A required field (\w+) on input type (\w+) was added/, (m) => `${m[2]}.${m[1]}`],
    [/^(\w+) was removed from enum type (\w+)/, (m) => `${m[2]}.${m[1]}`],
    [/^(\w+) was removed from union type (\w+)/, (m) => `${m[2]}`],
    [/^(\w+) no longer implements interface (\w+)/, (m) => m[1]],
    // a directive's argument, location or repeatable flag: the directive
    [/^A required arg \w+ on directive (\w+)/, (m) => `@${m[1]}`],
    [/^(?:Repeatable flag|\w+) was removed from (\w+)\.$/, (m) => `@${m[1]}`],
    [/^Standard scalar (\w+)/, (m) => m[1]],
    [/^(\w+(?:\.\w+)?)\b/, (m) => m[1]],
  ];
  for (const [pattern, coordinate] of patterns) {
    const match = pattern.exec(description);
    if (match) return coordinate(match);
  }
  return description;
}

function describe(change: BreakingChange | DangerousChange): SchemaChange {
  return { kind: change.type, coordinate: coordinateOf(change.description), description: change.description };
}

/** The breaking changes from the released schema to the current one, and the dangerous ones (warnings). */
export function schemaChanges(releasedSdl: string, currentSdl: string): { breaking: SchemaChange[]; dangerous: SchemaChange[] } {
  const released = buildSchema(releasedSdl);
  const current = buildSchema(currentSdl);
  return {
    breaking: findBreakingChanges(released, current).map(describe),
    dangerous: findDangerousChanges(released, current).map(describe),
  };
}

/** Whether a line of the changelog records this change: its kind and its coordinate, each in backticks. */
export function isRecorded(change: SchemaChange, changelog: string): boolean {
  return changelog.split('\n').some((line) => line.includes(`\`${change.kind}\``) && line.includes(`\`${change.coordinate}\``));
}

/** The breaking changes the changelog does not record (empty: the check passes). */
export function unrecordedBreakingChanges(releasedSdl: string, currentSdl: string, changelog: string): SchemaChange[] {
  return schemaChanges(releasedSdl, currentSdl).breaking.filter((change) => !isRecorded(change, changelog));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const read = (file: string) => readFileSync(new URL(`../${file}`, import.meta.url), 'utf8');
  const { breaking, dangerous } = schemaChanges(read('schema/released/schema.graphql'), read('schema/schema.graphql'));
  const changelog = read('docs/api-changelog.md');
  for (const change of dangerous) console.log(`note (not breaking, but clients may notice): ${change.kind} ${change.coordinate}: ${change.description}`);
  const unrecorded = breaking.filter((change) => !isRecorded(change, changelog));
  if (unrecorded.length > 0) {
    console.error('Breaking changes since the released schema (schema/released/schema.graphql) that docs/api-changelog.md does not record:');
    for (const change of unrecorded) console.error(`- \`${change.kind}\` \`${change.coordinate}\`: ${change.description}`);
    console.error('Deprecate instead (docs/api-changelog.md says how), or record each line above in docs/api-changelog.md.');
    process.exit(1);
  }
  console.log(`schema: ${breaking.length} breaking change(s) since the released schema, all recorded in docs/api-changelog.md`);
}

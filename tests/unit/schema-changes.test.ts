// The breaking-change check (scripts/schema-changes.ts, run by `npm run lint`): fails on a breaking
// change that docs/api-changelog.md does not record, passes once it is recorded, and passes on the
// repository as it is.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse, print, visit } from 'graphql';
import { describe, expect, it } from 'vitest';
import { coordinateOf, schemaChanges, unrecordedBreakingChanges } from '../../scripts/schema-changes.ts';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const released = read('schema/released/schema.graphql');
const changelog = read('docs/api-changelog.md');

/** The SDL with the AST nodes `drop` names removed ("Type.field", "Type.field(arg:)", "Enum.VALUE"). */
function without(sdl: string, ...drop: string[]): string {
  const dropped = new Set<string>();
  const edited = visit(parse(sdl), {
    FieldDefinition: {
      enter(node, _key, _parent, _path, ancestors) {
        const owner = (ancestors.at(-1) as { name?: { value: string } } | undefined)?.name?.value;
        const coordinate = `${owner}.${node.name.value}`;
        if (drop.includes(coordinate)) return (dropped.add(coordinate), null);
        const args = node.arguments?.filter((arg) => !drop.includes(`${coordinate}(${arg.name.value}:)`));
        if (args && args.length !== node.arguments?.length) {
          dropped.add(`${coordinate}(…)`);
          return { ...node, arguments: args };
        }
        return undefined;
      },
    },
    EnumTypeDefinition(node) {
      const values = node.values?.filter((value) => !drop.includes(`${node.name.value}.${value.name.value}`));
      if (values?.length === node.values?.length) return undefined;
      dropped.add(node.name.value);
      return { ...node, values };
    },
  });
  expect(dropped.size).toBe(drop.length);
  return print(edited);
}

describe('the breaking-change check', () => {
  it('finds nothing unrecorded between the released schema and the current one', () => {
    expect(unrecordedBreakingChanges(released, read('schema/schema.graphql'), changelog)).toEqual([]);
  });

  it('fails on a removed field until the changelog records it', () => {
    const current = without(released, 'Product.code');
    expect(unrecordedBreakingChanges(released, current, changelog)).toEqual([
      { kind: 'FIELD_REMOVED', coordinate: 'Product.code', description: 'Product.code was removed.' },
    ]);
    const recorded = `${changelog}\n- \`FIELD_REMOVED\` \`Product.code\`: deprecated since 2026-08-01, use \`variants { sku }\`\n`;
    expect(unrecordedBreakingChanges(released, current, recorded)).toEqual([]);
    // the kind alone, or the coordinate alone, is not a record
    expect(unrecordedBreakingChanges(released, current, `${changelog}\n- \`FIELD_REMOVED\` Product.code\n`)).toHaveLength(1);
  });

  it('names arguments, enum values and required input fields by their schema coordinate', () => {
    const current = without(released, 'Query.products(sort:)', 'Currency.EUR').replace(/(input ProductFilter \{)/, '$1\n  season: String!');
    const kinds = unrecordedBreakingChanges(released, current, changelog).map((change) => `${change.kind} ${change.coordinate}`);
    expect(kinds).toEqual(
      expect.arrayContaining(['VALUE_REMOVED_FROM_ENUM Currency.EUR', 'REQUIRED_INPUT_FIELD_ADDED ProductFilter.season']),
    );
    expect(kinds).toContain('ARG_REMOVED Query.products(sort:)');
    expect(coordinateOf('A required arg limit on Query.products was added.')).toBe('Query.products(limit:)');
  });

  it('does not count a deprecation or an added field as breaking', () => {
    const current = released.replace(/(type Product [^{]*\{)/, '$1\n  rating: Int\n  productCode: String @deprecated(reason: "Use `code`.")');
    expect(schemaChanges(released, current).breaking).toEqual([]);
  });

  // spawned processes: under CI's load they take several times what they take alone
  it('runs as a command that exits 0 on the repository and prints what it checked', { timeout: 90_000 }, () => {
    const output = execFileSync(path.join(root, 'node_modules/.bin/tsx'), ['scripts/schema-changes.ts'], { cwd: root, encoding: 'utf8' });
    expect(output).toMatch(/all recorded in docs\/api-changelog.md/);
  });
});

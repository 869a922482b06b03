// The JSON columns' values in their typed shapes, read once where a service loads them. The database
// only knows "some JSON"; each parser here checks what its column must hold and refuses anything else
// with a MalformedColumnError that names the column and the place in the value, so a bad row fails
// loudly where it is read, never as an undefined deep in a resolver, an e-mail or a PDF.
import type { Prisma } from '../generated/prisma/client.ts';
import type { SeatPlan, PlanRow, PlanSection } from '../../../schema/rules/seat-plan.ts';

/** A JSON column's value is not what the column holds (a bug or a hand-edited row, never a shopper's input). */
export class MalformedColumnError extends Error {
  constructor(column: string, path: string, expected: string) {
    super(`${column}: ${path || 'the value'} is not ${expected}`);
    this.name = 'MalformedColumnError';
  }
}

/** Reads one value at `path` of a column; each method returns it typed or throws MalformedColumnError. */
export class Reader {
  constructor(
    private readonly column: string,
    readonly path: string,
    readonly value: unknown,
  ) {}

  private fail(expected: string): never {
    throw new MalformedColumnError(this.column, this.path, expected);
  }

  at(key: string | number): Reader {
    const record = this.value as Record<string | number, unknown>;
    return new Reader(this.column, typeof key === 'number' ? `${this.path}[${key}]` : this.path ? `${this.path}.${key}` : key, record[key]);
  }

  object(): this {
    if (this.value === null || typeof this.value !== 'object' || Array.isArray(this.value)) this.fail('an object');
    return this;
  }

  field(key: string): Reader {
    return this.object().at(key);
  }

  list(): Reader[] {
    if (!Array.isArray(this.value)) this.fail('a list');
    return this.value.map((_, index) => this.at(index));
  }

  string(): string {
    if (typeof this.value !== 'string') this.fail('a string');
    return this.value;
  }

  number(): number {
    if (typeof this.value !== 'number' || !Number.isFinite(this.value)) this.fail('a number');
    return this.value;
  }

  integer(): number {
    if (!Number.isSafeInteger(this.value)) this.fail('an integer');
    return this.value as number;
  }

  boolean(): boolean {
    if (typeof this.value !== 'boolean') this.fail('true or false');
    return this.value;
  }

  /** null (or absent) as null, anything else read by `read`. */
  nullable<T>(read: (value: Reader) => T): T | null {
    return this.value === null || this.value === undefined ? null : read(this);
  }
}

/** The reader of a column's value (a service's own parser starts here). */
export function reader(column: string, value: Prisma.JsonValue | undefined): Reader {
  return new Reader(column, '', value);
}

const point = (value: Reader) => ({ x: value.field('x').number(), y: value.field('y').number() });

function planRow(row: Reader): PlanRow {
  return {
    name: row.field('name').string(),
    x: row.field('x').number(),
    y: row.field('y').number(),
    dx: row.field('dx').number(),
    dy: row.field('dy').number(),
    count: row.field('count').integer(),
    firstNumber: row.field('firstNumber').integer(),
    firstIndex: row.field('firstIndex').integer(),
    categoryCode: row.field('categoryCode').string(),
  };
}

function planSection(section: Reader): PlanSection {
  return {
    id: section.field('id').string(),
    name: section.field('name').string(),
    label: point(section.field('label')),
    rows: section.field('rows').list().map(planRow),
  };
}

/** Venue.plan: the venue's seat plan (schema/rules/seat-plan.ts). */
export function readSeatPlan(value: Prisma.JsonValue): SeatPlan {
  const plan = reader('Venue.plan', value);
  return {
    width: plan.field('width').number(),
    height: plan.field('height').number(),
    pitch: plan.field('pitch').nullable((pitch) => ({ ...point(pitch), width: pitch.field('width').number(), height: pitch.field('height').number() })),
    sections: plan.field('sections').list().map(planSection),
  };
}

/** SizeChart.rows: one list of cells per size. */
export function readSizeChartRows(value: Prisma.JsonValue): string[][] {
  return reader('SizeChart.rows', value)
    .list()
    .map((row) => row.list().map((cell) => cell.string()));
}

/** SizeChartTranslation.columns: the column headings in one language. */
export function readSizeChartColumns(value: Prisma.JsonValue): string[] {
  return reader('SizeChartTranslation.columns', value)
    .list()
    .map((heading) => heading.string());
}

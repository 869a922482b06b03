// A variant's GTIN/EAN, set by the shop owner (`npm run stock -- gtin`): refused with a message in
// Czech and English when it is not one (schema/rules/gtin.ts) or another variant has it already. The
// feeds read it; the change is recorded as ProductChanged, so they are written again (decision 0073).
import type { Db } from '../db/client.ts';
import { inTransaction } from '../events/record.ts';
import { GTIN_MESSAGES, gtinProblem, normalizeGtin } from '../../../schema/rules/gtin.ts';

/** A GTIN the owner typed that cannot be stored; the message says why in Czech and English. */
export class GtinInputError extends Error {}

function bilingual(texts: { cs: string; en: string }): string {
  return `${texts.cs} / ${texts.en}`;
}

export type GtinChange = { code: string; previous: string | null; gtin: string | null };

/** Sets (or with null removes) the GTIN of the variant with this code. */
export async function setGtin(db: Db, code: string, input: string | null): Promise<GtinChange> {
  const gtin = input === null ? null : normalizeGtin(input);
  if (gtin !== null) {
    const problem = gtinProblem(gtin);
    if (problem) throw new GtinInputError(`${bilingual(GTIN_MESSAGES[problem])} (${input})`);
  }
  return inTransaction(db, async (tx, recorder) => {
    const variant = await tx.variant.findUnique({ where: { code }, select: { id: true, productId: true, gtin: true, product: { select: { categoryId: true } } } });
    if (!variant) throw new GtinInputError(bilingual({ cs: `Varianta s kódem „${code}“ neexistuje.`, en: `No variant has the code "${code}".` }));
    if (gtin !== null) {
      const other = await tx.variant.findFirst({ where: { gtin, id: { not: variant.id } }, select: { code: true } });
      if (other) throw new GtinInputError(bilingual({ cs: `Kód EAN/GTIN ${gtin} už má varianta ${other.code}.`, en: `The EAN/GTIN ${gtin} belongs to variant ${other.code} already.` }));
    }
    await tx.variant.update({ where: { id: variant.id }, data: { gtin } });
    recorder.record({ kind: 'ProductChanged', productIds: [variant.productId], categoryIds: [] });
    return { code, previous: variant.gtin, gtin };
  });
}

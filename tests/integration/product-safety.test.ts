// Product safety information (GPSR, Regulation (EU) 2023/988 Art. 16 and 19; issue 42 item 4, decision
// 0064): the manufacturer's postal and electronic address, the EU responsible person of a product made
// outside the Union and the safety warnings per language, as the API gives them; the database refusing
// a product of a manufacturer outside the EU that names no responsible person, whoever writes it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphql } from '../gql';
import { createTestApp, databaseKind, type TestApp } from '../support/test-app.ts';
import { createCategory, createManufacturer, createProduct, createResponsiblePerson } from '../support/factories.ts';

const SafetyQuery = graphql(`
  query ProductSafetyApi($slug: String!) {
    product(slug: $slug) {
      code
      safetyInformation
      manufacturer {
        name
        electronicAddress
        establishedInEu
        postalAddress {
          street
          postalCode
          city
          country
          countryName
        }
      }
      responsiblePerson {
        name
        electronicAddress
        postalAddress {
          street
          postalCode
          city
          country
          countryName
        }
      }
    }
  }
`);

const SafetyListQuery = graphql(`
  query ProductSafetyList($first: Int, $filter: ProductFilter) {
    products(first: $first, filter: $filter) {
      edges {
        node {
          code
          safetyInformation
          manufacturer {
            name
            electronicAddress
            postalAddress {
              street
              city
              countryName
            }
          }
          responsiblePerson {
            name
            postalAddress {
              city
            }
          }
        }
      }
    }
  }
`);

const BRITAIN = { street: 'Unit 4, Canalside Business Park', city: 'Huddersfield', postalCode: 'HD1 6LT', countryCode: 'GB' };
const en = { 'x-shop-language': 'en' };

let app: TestApp;
let category: { id: number };
let czech: Awaited<ReturnType<typeof createManufacturer>>;
let british: Awaited<ReturnType<typeof createManufacturer>>;
let importer: Awaited<ReturnType<typeof createResponsiblePerson>>;

beforeAll(async () => {
  app = await createTestApp();
  category = await createCategory(app.prisma, { name: { cs: 'Bezpečnost', en: 'Safety' } });
  czech = await createManufacturer(app.prisma, {
    name: 'Rapida Test',
    address: { street: 'Průmyslová 2279/5', city: 'Jihlava', postalCode: '586 01', countryCode: 'CZ' },
    electronicAddress: 'bezpecnost@rapida.example',
  });
  british = await createManufacturer(app.prisma, { name: 'Meteor Test', address: BRITAIN, electronicAddress: 'https://meteor.example/contact' });
  importer = await createResponsiblePerson(app.prisma, {
    name: 'Sport Import Test s.r.o.',
    address: { street: 'Hněvotínská 1170/45', city: 'Olomouc', postalCode: '779 00', countryCode: 'CZ' },
    electronicAddress: 'gpsr@sportimport.example',
  });
});

afterAll(async () => {
  await app?.close();
});

/** Whether the product exists, by code. */
const exists = async (code: string) => (await app.prisma.product.count({ where: { code } })) === 1;

describe(`product safety information through the API (${databaseKind})`, () => {
  it('gives the manufacturer’s postal and electronic address and the warnings in the request language', async () => {
    await createProduct(app.prisma, {
      code: 'GPSR-CZ',
      names: { cs: 'Míč bezpečný', en: 'Safe ball' },
      category,
      manufacturer: czech,
      safetyInformation: { cs: 'Nahušťujte jen na uvedený tlak.\n\nUchovávejte mimo dosah dětí do 3 let.', en: 'Inflate only to the pressure shown.\n\nKeep away from children under 3.' },
    });
    const cs = await app.gql(SafetyQuery, { slug: (await slugOf('GPSR-CZ', 'cs'))! });
    expect(cs.errors).toBeUndefined();
    expect(cs.data!.product).toEqual({
      code: 'GPSR-CZ',
      safetyInformation: 'Nahušťujte jen na uvedený tlak.\n\nUchovávejte mimo dosah dětí do 3 let.',
      manufacturer: {
        name: 'Rapida Test',
        electronicAddress: 'bezpecnost@rapida.example',
        establishedInEu: true,
        postalAddress: { street: 'Průmyslová 2279/5', postalCode: '586 01', city: 'Jihlava', country: 'CZ', countryName: 'Česko' },
      },
      responsiblePerson: null,
    });
    const english = await app.gql(SafetyQuery, { slug: (await slugOf('GPSR-CZ', 'en'))! }, { headers: en });
    expect(english.data!.product!.safetyInformation).toBe('Inflate only to the pressure shown.\n\nKeep away from children under 3.');
    expect(english.data!.product!.manufacturer.postalAddress!.countryName).toBe('Czechia');
  });

  it('gives the EU responsible person of a product made outside the EU', async () => {
    await createProduct(app.prisma, { code: 'GPSR-GB', names: { cs: 'Kopačky dovozové', en: 'Imported boots' }, category, manufacturer: british, responsiblePerson: importer });
    const cs = await app.gql(SafetyQuery, { slug: (await slugOf('GPSR-GB', 'cs'))! });
    expect(cs.errors).toBeUndefined();
    const product = cs.data!.product!;
    expect(product.manufacturer).toMatchObject({
      establishedInEu: false,
      electronicAddress: 'https://meteor.example/contact',
      postalAddress: { country: 'GB', countryName: 'Spojené království', city: 'Huddersfield', postalCode: 'HD1 6LT' },
    });
    expect(product.responsiblePerson).toEqual({
      name: 'Sport Import Test s.r.o.',
      electronicAddress: 'gpsr@sportimport.example',
      postalAddress: { street: 'Hněvotínská 1170/45', postalCode: '779 00', city: 'Olomouc', country: 'CZ', countryName: 'Česko' },
    });
    expect(product.safetyInformation).toBe('');
    const english = await app.gql(SafetyQuery, { slug: (await slugOf('GPSR-GB', 'en'))! }, { headers: en });
    expect(english.data!.product!.manufacturer.postalAddress!.countryName).toBe('United Kingdom');
  });

  it('a manufacturer recorded before its address answers null, not an invented address', async () => {
    const unknown = await createManufacturer(app.prisma, { name: 'Bez adresy', address: null, electronicAddress: null });
    await createProduct(app.prisma, { code: 'GPSR-NA', category, manufacturer: unknown, responsiblePerson: importer });
    const { data } = await app.gql(SafetyQuery, { slug: (await slugOf('GPSR-NA', 'cs'))! });
    expect(data!.product!.manufacturer).toMatchObject({ postalAddress: null, electronicAddress: null, establishedInEu: false });
  });

  it('a product list that asks for the safety fields costs the same statements for 12 and for 48 products', async () => {
    const listCategory = await createCategory(app.prisma, { name: { cs: 'Seznam', en: 'List' } });
    for (let i = 0; i < 48; i++) {
      const outside = i % 2 === 0;
      await createProduct(app.prisma, {
        category: listCategory,
        manufacturer: outside ? british : czech,
        responsiblePerson: outside ? importer : null,
        safetyInformation: { cs: `Upozornění ${i}`, en: `Warning ${i}` },
      });
    }
    const slug = (await app.prisma.categoryTranslation.findFirstOrThrow({ where: { categoryId: listCategory.id, language: 'cs' } })).slug;
    const statements = async (first: number) => {
      app.queries.length = 0;
      const { data, errors } = await app.gql(SafetyListQuery, { first, filter: { categorySlug: slug } });
      expect(errors).toBeUndefined();
      expect(data!.products.edges).toHaveLength(first);
      expect(data!.products.edges.filter((edge) => edge.node.responsiblePerson?.postalAddress.city === 'Olomouc')).toHaveLength(first / 2);
      return app.queries.length;
    };
    const at12 = await statements(12);
    const at48 = await statements(48);
    expect(at48).toBe(at12);
  });
});

describe(`the EU responsible person rule in the database (${databaseKind})`, () => {
  it('refuses a product of a manufacturer outside the EU without a responsible person, with a message that says why', async () => {
    const attempt = createProduct(app.prisma, { code: 'GPSR-BAD', category, manufacturer: british });
    await expect(attempt).rejects.toThrow(
      /Product GPSR-BAD needs an EU responsible person: its manufacturer Meteor Test is established outside the European Union \(country GB\)/,
    );
    expect(await exists('GPSR-BAD')).toBe(false);
  });

  it('refuses it by SQL too (psql, an import, a bench), and a manufacturer whose country is not known', async () => {
    const unknown = await createManufacturer(app.prisma, { name: 'Neznámá země', address: null });
    await expect(
      app.prisma.$executeRawUnsafe(
        `INSERT INTO "Product" (code, "categoryId", "manufacturerId", "vatRate") VALUES ('GPSR-SQL', ${category.id}, ${unknown.id}, 21)`,
      ),
    ).rejects.toThrow(/needs an EU responsible person: its manufacturer Neznámá země is established outside the European Union \(country unknown\)/);
    expect(await exists('GPSR-SQL')).toBe(false);
  });

  it('refuses taking the responsible person away, or moving the manufacturer outside the EU, while a product names none', async () => {
    const product = await app.prisma.product.findUniqueOrThrow({ where: { code: 'GPSR-GB' } });
    await expect(app.prisma.product.update({ where: { id: product.id }, data: { responsiblePersonId: null } })).rejects.toThrow(/needs an EU responsible person/);
    expect((await app.prisma.product.findUniqueOrThrow({ where: { id: product.id } })).responsiblePersonId).toBe(importer.id);

    await expect(app.prisma.manufacturer.update({ where: { id: czech.id }, data: { countryCode: 'CN' } })).rejects.toThrow(
      /Manufacturer Rapida Test cannot be established outside the European Union \(country CN\) while its product GPSR-CZ names no EU responsible person/,
    );
    expect((await app.prisma.manufacturer.findUniqueOrThrow({ where: { id: czech.id } })).countryCode).toBe('CZ');
  });

  it('refuses a responsible person whose address is outside the EU', async () => {
    await expect(createResponsiblePerson(app.prisma, { name: 'Offshore Rep Ltd', address: BRITAIN })).rejects.toThrow(/ResponsiblePerson_countryCode_check/);
    expect(await app.prisma.responsiblePerson.count({ where: { name: 'Offshore Rep Ltd' } })).toBe(0);
  });

  it('lets a sale or a price change through without looking at the rule (only its own columns wake it)', async () => {
    const unknown = await createManufacturer(app.prisma, { name: 'Starý výrobce', address: { street: 'Stará 1', city: 'Brno', postalCode: '602 00', countryCode: 'CZ' } });
    await createProduct(app.prisma, { code: 'GPSR-OLD', category, manufacturer: unknown });
    // a manufacturer recorded before the addresses: its country is not known now, its product was sold before
    await app.prisma.$executeRawUnsafe(`ALTER TABLE "Manufacturer" DISABLE TRIGGER "Manufacturer_eu_responsible_person"`);
    await app.prisma.manufacturer.update({ where: { id: unknown.id }, data: { countryCode: null } });
    await app.prisma.$executeRawUnsafe(`ALTER TABLE "Manufacturer" ENABLE TRIGGER "Manufacturer_eu_responsible_person"`);
    await app.prisma.product.update({ where: { code: 'GPSR-OLD' }, data: { soldCount: { increment: 1 }, priceCzk: 12_300 } });
    expect((await app.prisma.product.findUniqueOrThrow({ where: { code: 'GPSR-OLD' } })).soldCount).toBe(1);
  });

  it('a write to a responsible person outside the app drops the cached pages (the response cache counter moves)', async () => {
    const version = async () => Number((await app.prisma.$queryRawUnsafe<{ v: bigint }[]>(`SELECT last_value AS v FROM "response_cache_version"`))[0].v);
    const before = await version();
    await app.prisma.$executeRawUnsafe(`UPDATE "ResponsiblePerson" SET "electronicAddress" = 'gpsr-nova@sportimport.example' WHERE id = ${importer.id}`);
    expect(await version()).toBeGreaterThan(before);
  });
});

async function slugOf(code: string, language: 'cs' | 'en') {
  const row = await app.prisma.productTranslation.findFirst({ where: { product: { code }, language }, select: { slug: true } });
  return row?.slug;
}

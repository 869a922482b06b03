// Verified reviews of the demo shop (issue 44 §3, decision 0075): a few demo customers, each with a
// delivered order of the products they review, so that the product pages show an average, a histogram
// and "Ověřený nákup", and the cards stars. Written through the reviews service (seed.ts), as a buyer
// writes one; published, as the operator would. Fixed data: the same reviews on every seed.

export type DemoReviewer = { firstName: string; lastName: string; email: string; language: 'cs' | 'en'; city: string; street: string; postcode: string };

export type DemoReview = { product: string; rating: number; text: string };

/** A reviewer, the products of her delivered order (`daysAgo` it was placed) and what she wrote of them. */
export type DemoReviewerWithReviews = DemoReviewer & { daysAgo: number; reviews: DemoReview[] };

export const demoReviewers: DemoReviewerWithReviews[] = [
  {
    firstName: 'Petr',
    lastName: 'Dvořák',
    email: 'petr.dvorak@example.cz',
    language: 'cs',
    street: 'Husova 14',
    city: 'Plzeň',
    postcode: '301 00',
    daysAgo: 41,
    reviews: [
      { product: 'DR-1001', rating: 5, text: 'Dres sedí přesně podle tabulky velikostí, beru M a je akorát. Látka je lehká, na stadionu se v něm člověk nezpotí. Zlatý lem na límečku vypadá naživo ještě líp než na fotce.' },
      { product: 'SA-3001', rating: 4, text: 'Pěkná a poctivě upletená šála. Jen je kratší, než jsem čekal – kolem krku ji omotám jen jednou.' },
    ],
  },
  {
    firstName: 'Lucie',
    lastName: 'Svobodová',
    email: 'lucie.svobodova@example.cz',
    language: 'cs',
    street: 'Nádražní 8',
    city: 'Olomouc',
    postcode: '779 00',
    daysAgo: 35,
    reviews: [
      { product: 'DR-1001', rating: 5, text: 'Kupovala jsem jako dárek k narozeninám. Přišlo to do dvou dnů, pěkně zabalené, a obdarovaný měl velkou radost. Vyšívaný znak drží i po několika praních.' },
      { product: 'MI-5101', rating: 4, text: 'Mikina je teplá a kapuce opravdu dvojitá, v listopadovém dešti na tribuně to oceníte. Velikost S je na mě trochu volnější.' },
    ],
  },
  {
    firstName: 'Tomáš',
    lastName: 'Procházka',
    email: 'tomas.prochazka@example.cz',
    language: 'cs',
    street: 'Masarykova 102',
    city: 'Liberec',
    postcode: '460 01',
    daysAgo: 28,
    reviews: [
      { product: 'DR-1001', rating: 4, text: 'Kvalita super, jen bych uvítal o kousek delší rukávy. Jinak za ty peníze spokojenost.' },
      { product: 'SA-3001', rating: 5, text: 'Klasika, která na tribuně nesmí chybět. Hřeje a nepíchá.' },
      { product: 'HD-2001', rating: 5, text: 'Replika jako od profíků, vyšívaný jestřáb na hrudi je velký a krásně zpracovaný. Na hokej teď chodím jen v něm.' },
    ],
  },
  {
    firstName: 'Kateřina',
    lastName: 'Černá',
    email: 'katerina.cerna@example.cz',
    language: 'cs',
    street: 'Lidická 27',
    city: 'Brno',
    postcode: '602 00',
    daysAgo: 22,
    reviews: [
      { product: 'SA-3001', rating: 5, text: 'Nosím ji na zápasy už druhou sezonu a střapce se pořád nepárají. Doporučuji.' },
      { product: 'MI-5101', rating: 2, text: 'Materiál je příjemný, ale po prvním praní se mikina trochu srazila. Příště vezmu o číslo větší.' },
    ],
  },
  {
    firstName: 'Martin',
    lastName: 'Kučera',
    email: 'martin.kucera@example.cz',
    language: 'cs',
    street: 'Palackého 3',
    city: 'Ostrava',
    postcode: '702 00',
    daysAgo: 17,
    reviews: [
      { product: 'DR-1001', rating: 3, text: 'Dres je pěkný, ale barva je naživo tmavší, než jsem čekal, spíš do vínova. Vracet ho nebudu, jen hvězdičky ubírám.' },
      { product: 'MI-5101', rating: 5, text: 'Po dvaceti praních vypadá znak pořád jako nový. Kupuji si druhou.' },
    ],
  },
  {
    firstName: 'Emma',
    lastName: 'Wilson',
    email: 'emma.wilson@example.com',
    language: 'en',
    street: 'Vinohradská 48',
    city: 'Praha',
    postcode: '120 00',
    daysAgo: 12,
    reviews: [
      { product: 'DR-1001', rating: 5, text: 'Bought it after seeing a match at Letná on a weekend in Prague. Great fit, breathable fabric, and the gold trim is a lovely touch.' },
      { product: 'HD-2001', rating: 4, text: 'A solid replica that runs a little large: size down if you are between sizes.' },
    ],
  },
];

// Where each demo category sits in Heureka's category tree and Google's product taxonomy, for the
// price comparison feeds (issue 44 §1). Keys are the categories' keys (categories.ts); the seed
// refuses a category without an entry here.
export const feedCategories: Record<string, { heureka: string; google: string }> = {
  dresy: { heureka: 'Heureka.cz | Sport | Kolektivní sporty | Fotbal | Fotbalové dresy', google: 'Apparel & Accessories > Clothing > Activewear' },
  'dresy-fotbal': { heureka: 'Heureka.cz | Sport | Kolektivní sporty | Fotbal | Fotbalové dresy', google: 'Apparel & Accessories > Clothing > Activewear' },
  'dresy-hokej': { heureka: 'Heureka.cz | Sport | Zimní sporty | Hokej | Hokejové dresy', google: 'Apparel & Accessories > Clothing > Activewear' },
  'dresy-retro': { heureka: 'Heureka.cz | Sport | Kolektivní sporty | Fotbal | Fotbalové dresy', google: 'Apparel & Accessories > Clothing > Activewear' },
  'fan-shop': { heureka: 'Heureka.cz | Sport | Fanshop', google: 'Sporting Goods > Athletics' },
  'fan-saly': { heureka: 'Heureka.cz | Sport | Fanshop | Šály', google: 'Apparel & Accessories > Clothing Accessories > Scarves & Shawls' },
  'fan-doplnky': { heureka: 'Heureka.cz | Sport | Fanshop', google: 'Home & Garden > Decor' },
  obuv: { heureka: 'Heureka.cz | Oblečení a móda | Obuv', google: 'Apparel & Accessories > Shoes' },
  'obuv-kopacky': { heureka: 'Heureka.cz | Sport | Kolektivní sporty | Fotbal | Kopačky', google: 'Apparel & Accessories > Shoes' },
  'obuv-bezecka': { heureka: 'Heureka.cz | Sport | Běh | Běžecké boty', google: 'Apparel & Accessories > Shoes' },
  'obuv-tenisky': { heureka: 'Heureka.cz | Oblečení a móda | Obuv | Tenisky', google: 'Apparel & Accessories > Shoes' },
  obleceni: { heureka: 'Heureka.cz | Sport | Sportovní oblečení', google: 'Apparel & Accessories > Clothing' },
  'obleceni-tricka': { heureka: 'Heureka.cz | Sport | Sportovní oblečení | Sportovní trička', google: 'Apparel & Accessories > Clothing > Shirts & Tops' },
  'obleceni-mikiny': { heureka: 'Heureka.cz | Sport | Sportovní oblečení | Sportovní mikiny', google: 'Apparel & Accessories > Clothing > Activewear' },
  'obleceni-kalhoty': { heureka: 'Heureka.cz | Sport | Sportovní oblečení | Sportovní kalhoty', google: 'Apparel & Accessories > Clothing > Pants' },
  'obleceni-bundy': { heureka: 'Heureka.cz | Sport | Sportovní oblečení | Sportovní bundy', google: 'Apparel & Accessories > Clothing > Outerwear > Coats & Jackets' },
  vybaveni: { heureka: 'Heureka.cz | Sport | Sportovní vybavení', google: 'Sporting Goods > Athletics' },
  'vybaveni-mice': { heureka: 'Heureka.cz | Sport | Kolektivní sporty | Fotbal | Fotbalové míče', google: 'Sporting Goods > Athletics > Soccer > Soccer Balls' },
  'vybaveni-tasky': { heureka: 'Heureka.cz | Sport | Sportovní tašky', google: 'Luggage & Bags > Duffel Bags' },
  'vybaveni-trenink': { heureka: 'Heureka.cz | Sport | Fitness', google: 'Sporting Goods > Exercise & Fitness' },
  doplnky: { heureka: 'Heureka.cz | Oblečení a móda | Módní doplňky', google: 'Apparel & Accessories > Clothing Accessories' },
  'doplnky-cepice': { heureka: 'Heureka.cz | Oblečení a móda | Módní doplňky | Čepice', google: 'Apparel & Accessories > Clothing Accessories > Hats' },
  'doplnky-ponozky': { heureka: 'Heureka.cz | Oblečení a móda | Ponožky', google: 'Apparel & Accessories > Clothing > Underwear & Socks > Socks' },
  deti: { heureka: 'Heureka.cz | Oblečení a móda | Dětské oblečení', google: 'Apparel & Accessories > Clothing' },
  'deti-dresy': { heureka: 'Heureka.cz | Sport | Kolektivní sporty | Fotbal | Fotbalové dresy', google: 'Apparel & Accessories > Clothing > Activewear' },
  'deti-obleceni': { heureka: 'Heureka.cz | Oblečení a móda | Dětské oblečení', google: 'Apparel & Accessories > Clothing' },
  'deti-obuv': { heureka: 'Heureka.cz | Oblečení a móda | Obuv | Dětská obuv', google: 'Apparel & Accessories > Shoes' },
};

/** Every demo variant gets a GTIN except each DEMO_GTIN_GAP-th, so the feeds show both cases. */
export const DEMO_GTIN_GAP = 7;
/** The demo GTINs: the Czech GS1 prefix 859, then the variant's number in the demo data. */
export const DEMO_GTIN_PREFIX = '859';

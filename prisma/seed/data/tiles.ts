import type { SeedTile } from './types.ts';

// The four info tiles on the home page (spec section 9).
export const tiles: SeedTile[] = [
  {
    title: { cs: 'Doprava zdarma', en: 'Free shipping' },
    subtitle: { cs: 'při nákupu nad 3 000 Kč', en: 'on orders over 3,000 CZK' },
    image: 'tiles/free-shipping.svg',
    width: 96,
    height: 96,
    link: null,
    position: 1,
  },
  {
    title: { cs: 'Doručení do dvou dnů', en: 'Delivery within two days' },
    subtitle: { cs: 'zboží skladem odesíláme ještě týž den', en: 'in-stock items ship the same day' },
    image: 'tiles/two-day-delivery.svg',
    width: 96,
    height: 96,
    link: null,
    position: 2,
  },
  {
    title: { cs: 'Dárek ke každé objednávce', en: 'A free gift with every order' },
    subtitle: { cs: 'malé překvapení přibalíme zdarma', en: 'we add a little surprise for free' },
    image: 'tiles/free-gift.svg',
    width: 96,
    height: 96,
    link: null,
    position: 3,
  },
  {
    title: { cs: 'Rychlé vyzvednutí na prodejně', en: 'Fast pickup in store' },
    subtitle: { cs: 'v Praze na Vinohradech do 2 hodin', en: 'in Prague Vinohrady within 2 hours' },
    image: 'tiles/store-pickup.svg',
    width: 96,
    height: 96,
    link: { cs: '/prodejny/5282', en: '/stores/5282' },
    position: 4,
  },
];

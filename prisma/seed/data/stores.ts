import type { SeedStore } from './types.ts';
import { shop } from './shop.ts';

const weekdays = (opens: string, closes: string) =>
  ([1, 2, 3, 4, 5] as const).map((day) => ({ day, opens, closes }));

export const stores: SeedStore[] = [
  {
    id: 5282,
    slug: 'praha-vinohrady',
    name: 'Tribuna Sport Praha – Vinohrady',
    street: 'Vinohradská 112',
    city: 'Praha 3',
    postcode: '130 00',
    phone: shop.phone,
    email: 'praha@tribunasport.cz',
    lat: 50.07706,
    lng: 14.45388,
    openingHours: [...weekdays('09:00', '19:00'), { day: 6, opens: '09:00', closes: '17:00' }, { day: 7, opens: '10:00', closes: '16:00' }],
    description: {
      cs: 'Naši největší prodejnu najdete pár kroků od stanice metra Jiřího z Poděbrad. Na dvou patrech je kompletní nabídka dresů, obuvi i fanouškovských doplňků a v dílně vám na počkání natiskneme jméno a číslo na dres. Objednávky s osobním odběrem připravíme obvykle do dvou hodin.',
      en: 'Our largest store is a short walk from Jiřího z Poděbrad metro station. Two floors hold the full range of jerseys, footwear and fan gear, and our print shop will add a name and number to your shirt while you wait. Click-and-collect orders are usually ready within two hours.',
    },
    image: 'stores/praha-vinohrady.svg',
  },
  {
    id: 5119,
    slug: 'brno-centrum',
    name: 'Tribuna Sport Brno – centrum',
    street: 'Kobližná 19',
    city: 'Brno',
    postcode: '602 00',
    phone: '+420 542 211 309',
    email: 'brno@tribunasport.cz',
    lat: 49.19556,
    lng: 16.61118,
    openingHours: [...weekdays('09:00', '18:00'), { day: 6, opens: '09:00', closes: '13:00' }],
    description: {
      cs: 'Prodejna v pasáži kousek od náměstí Svobody. Kromě dresů Moravanu tu najdete velký výběr běžecké obuvi a v pátek odpoledne vám zkušený prodavač pomůže vybrat boty podle rozboru došlapu.',
      en: 'A store in an arcade just off Freedom Square. Alongside Moravan kits you’ll find a wide choice of running shoes, and on Friday afternoons an experienced fitter can recommend shoes based on a gait analysis.',
    },
    image: 'stores/brno-centrum.svg',
  },
  {
    id: 5307,
    slug: 'ostrava-centrum',
    name: 'Tribuna Sport Ostrava',
    street: 'Nádražní 41',
    city: 'Ostrava',
    postcode: '702 00',
    phone: '+420 596 117 245',
    email: 'ostrava@tribunasport.cz',
    lat: 49.83898,
    lng: 18.28676,
    openingHours: [...weekdays('10:00', '18:00'), { day: 6, opens: '09:00', closes: '12:00' }],
    description: {
      cs: 'Nejmladší prodejna v centru Ostravy, pět minut pěšky od Masarykova náměstí. Specializujeme se na výbavu pro Ocelář i hokejové fanoušky a v sezoně prodáváme také vstupenky na domácí zápasy.',
      en: 'Our newest store in central Ostrava, five minutes’ walk from Masaryk Square. We specialise in Ocelář gear and hockey fan wear, and during the season we also sell tickets for home matches.',
    },
    image: 'stores/ostrava-centrum.svg',
  },
];

import type { SeedManufacturer } from './types.ts';

// Fictional brands – none of them is a real trademark.
export const manufacturers: SeedManufacturer[] = [
  {
    key: 'vltava',
    name: 'Vltava Sport',
    description: {
      cs: 'Pražská značka týmového a tréninkového oblečení, kterou nosí desítky amatérských klubů.',
      en: 'A Prague brand of team and training wear worn by dozens of amateur clubs.',
    },
  },
  {
    key: 'kordis',
    name: 'Kordis',
    description: {
      cs: 'Týmové kolekce, sportovní tašky a oblečení pro trenéry.',
      en: 'Team collections, sports bags and coaching apparel.',
    },
  },
  {
    key: 'rapida',
    name: 'Rapida',
    description: {
      cs: 'Kopačky, míče a chrániče vyvíjené ve spolupráci s hráči první ligy.',
      en: 'Football boots, balls and shin guards developed together with top-flight players.',
    },
  },
  {
    key: 'orlik',
    name: 'Orlík Outdoor',
    description: {
      cs: 'Outdoorové oblečení, trailové boty a batohy pro víkendy v horách.',
      en: 'Outdoor clothing, trail shoes and backpacks for weekends in the mountains.',
    },
  },
  {
    key: 'halfback',
    name: 'Halfback',
    description: {
      cs: 'Poctivé kožené kopačky a turfy za rozumnou cenu.',
      en: 'Honest leather boots and turf shoes at a fair price.',
    },
  },
  {
    key: 'meteor',
    name: 'Meteor Athletics',
    description: {
      cs: 'Výkonnostní obuv a vybavení pro rychlé hráče.',
      en: 'Performance footwear and gear for fast players.',
    },
  },
  {
    key: 'lipno',
    name: 'Lipno Wear',
    description: {
      cs: 'Pohodlné volnočasové oblečení a tenisky z jihočeské dílny.',
      en: 'Comfortable casual wear and sneakers from South Bohemia.',
    },
  },
  {
    key: 'tempo',
    name: 'Tempo Running',
    description: {
      cs: 'Všechno pro běžce: boty, lehké oblečení, ponožky i výživa.',
      en: 'Everything for runners: shoes, light apparel, socks and nutrition.',
    },
  },
  {
    key: 'brankar',
    name: 'Brankář Pro',
    description: {
      cs: 'Specialista na brankářské rukavice a dresy.',
      en: 'Goalkeeping specialist – gloves and goalkeeper kits.',
    },
  },
  {
    key: 'fanzona',
    name: 'Fanzóna',
    description: {
      cs: 'Oficiální fanouškovské zboží našich partnerských klubů.',
      en: 'Official supporter merchandise of our partner clubs.',
    },
  },
];

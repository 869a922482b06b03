import type { SeedManufacturer, SeedResponsiblePerson } from './types.ts';

// Fictional brands – none of them is a real trademark; the companies and their addresses are invented
// too (the streets and towns exist, the companies at them do not).
export const manufacturers: SeedManufacturer[] = [
  {
    key: 'vltava',
    name: 'Vltava Sport',
    description: {
      cs: 'Pražská značka týmového a tréninkového oblečení, kterou nosí desítky amatérských klubů.',
      en: 'A Prague brand of team and training wear worn by dozens of amateur clubs.',
    },
    address: { street: 'Libeňská 218/7', city: 'Praha 8', postalCode: '180 00', countryCode: 'CZ' },
    electronicAddress: 'info@vltavasport.cz',
  },
  {
    key: 'kordis',
    name: 'Kordis',
    description: {
      cs: 'Týmové kolekce, sportovní tašky a oblečení pro trenéry.',
      en: 'Team collections, sports bags and coaching apparel.',
    },
    address: { street: 'Tovární 1130', city: 'Valašské Meziříčí', postalCode: '757 01', countryCode: 'CZ' },
    electronicAddress: 'https://www.kordis-textil.cz/kontakt',
  },
  {
    key: 'rapida',
    name: 'Rapida',
    description: {
      cs: 'Kopačky, míče a chrániče vyvíjené ve spolupráci s hráči první ligy.',
      en: 'Football boots, balls and shin guards developed together with top-flight players.',
    },
    address: { street: 'Průmyslová 2279/5', city: 'Jihlava', postalCode: '586 01', countryCode: 'CZ' },
    electronicAddress: 'bezpecnost@rapida-sport.cz',
  },
  {
    key: 'orlik',
    name: 'Orlík Outdoor',
    description: {
      cs: 'Outdoorové oblečení, trailové boty a batohy pro víkendy v horách.',
      en: 'Outdoor clothing, trail shoes and backpacks for weekends in the mountains.',
    },
    address: { street: 'Na Výsluní 314', city: 'Čimelice', postalCode: '398 04', countryCode: 'CZ' },
    electronicAddress: 'info@orlikoutdoor.cz',
  },
  {
    key: 'halfback',
    name: 'Halfback',
    description: {
      cs: 'Poctivé kožené kopačky a turfy za rozumnou cenu.',
      en: 'Honest leather boots and turf shoes at a fair price.',
    },
    address: { street: 'třída Tomáše Bati 1650', city: 'Zlín', postalCode: '760 01', countryCode: 'CZ' },
    electronicAddress: 'kontakt@halfback-obuv.cz',
  },
  {
    key: 'meteor',
    name: 'Meteor Athletics',
    description: {
      cs: 'Výkonnostní obuv a vybavení pro rychlé hráče.',
      en: 'Performance footwear and gear for fast players.',
    },
    address: { street: 'Unit 4, Canalside Business Park, Leeds Road', city: 'Huddersfield', postalCode: 'HD1 6LT', countryCode: 'GB' },
    electronicAddress: 'https://www.meteor-athletics.co.uk/contact',
    // made in the United Kingdom, outside the EU: its products name the importer (GPSR Art. 16)
    responsiblePersonKey: 'sportimport',
  },
  {
    key: 'lipno',
    name: 'Lipno Wear',
    description: {
      cs: 'Pohodlné volnočasové oblečení a tenisky z jihočeské dílny.',
      en: 'Comfortable casual wear and sneakers from South Bohemia.',
    },
    address: { street: 'Rybářská 62', city: 'Lipno nad Vltavou', postalCode: '382 78', countryCode: 'CZ' },
    electronicAddress: 'info@lipnowear.cz',
  },
  {
    key: 'tempo',
    name: 'Tempo Running',
    description: {
      cs: 'Všechno pro běžce: boty, lehké oblečení, ponožky i výživa.',
      en: 'Everything for runners: shoes, light apparel, socks and nutrition.',
    },
    address: { street: 'Hafenstraße 21', city: 'Dresden', postalCode: '01067', countryCode: 'DE' },
    electronicAddress: 'service@tempo-running.de',
  },
  {
    key: 'brankar',
    name: 'Brankář Pro',
    description: {
      cs: 'Specialista na brankářské rukavice a dresy.',
      en: 'Goalkeeping specialist – gloves and goalkeeper kits.',
    },
    address: { street: 'Nádražní 884', city: 'Třinec', postalCode: '739 61', countryCode: 'CZ' },
    electronicAddress: 'podpora@brankarpro.cz',
  },
  {
    key: 'fanzona',
    name: 'Fanzóna',
    description: {
      cs: 'Oficiální fanouškovské zboží našich partnerských klubů.',
      en: 'Official supporter merchandise of our partner clubs.',
    },
    address: { street: 'Skladová 12', city: 'Plzeň', postalCode: '326 00', countryCode: 'CZ' },
    electronicAddress: 'info@fanzona.cz',
  },
];

// The EU responsible persons (GPSR Art. 16) of products made outside the Union: an invented importer.
export const responsiblePersons: SeedResponsiblePerson[] = [
  {
    key: 'sportimport',
    name: 'Sport Import Morava s.r.o.',
    address: { street: 'Hněvotínská 1170/45', city: 'Olomouc', postalCode: '779 00', countryCode: 'CZ' },
    electronicAddress: 'gpsr@sportimport-morava.cz',
  },
];

import type { SeedCategory } from './types.ts';

export const categories: SeedCategory[] = [
  // ---- top level -------------------------------------------------------
  {
    key: 'dresy',
    slug: { cs: 'dresy', en: 'jerseys' },
    name: { cs: 'Dresy', en: 'Jerseys' },
    description: {
      cs: 'Domácí, venkovní i retro dresy našich klubů a tréninkové dresy pro celý tým. Číslo a jméno vám na přání natiskneme na prodejně.',
      en: 'Home, away and retro club jerseys plus training kits for the whole team. We can print a name and number for you in our stores.',
    },
    position: 1,
  },
  {
    key: 'fan-shop',
    slug: { cs: 'fan-shop', en: 'fan-shop' },
    name: { cs: 'Fan shop', en: 'Fan shop' },
    description: {
      cs: 'Šály, vlajky, hrnky a další fanouškovské doplňky, bez kterých se na stadion nechodí.',
      en: 'Scarves, flags, mugs and other supporter gear you should never go to the stadium without.',
    },
    position: 2,
  },
  {
    key: 'obuv',
    slug: { cs: 'obuv', en: 'footwear' },
    name: { cs: 'Obuv', en: 'Footwear' },
    description: {
      cs: 'Kopačky na trávu, umělku i do haly, běžecké boty na silnici i do terénu a pohodlné tenisky na každý den.',
      en: 'Football boots for grass, artificial turf and indoor courts, running shoes for road and trail, and comfortable everyday sneakers.',
    },
    position: 3,
  },
  {
    key: 'obleceni',
    slug: { cs: 'obleceni', en: 'clothing' },
    name: { cs: 'Oblečení', en: 'Clothing' },
    description: {
      cs: 'Trička, mikiny, bundy a kalhoty na trénink, běh i do města.',
      en: 'T-shirts, hoodies, jackets and trousers for training, running and around town.',
    },
    position: 4,
  },
  {
    key: 'vybaveni',
    slug: { cs: 'vybaveni', en: 'equipment' },
    name: { cs: 'Vybavení', en: 'Equipment' },
    description: {
      cs: 'Míče, sportovní tašky a batohy, láhve, chrániče, brankářské rukavice a sportovní výživa.',
      en: 'Balls, sports bags and backpacks, bottles, shin guards, goalkeeper gloves and sports nutrition.',
    },
    position: 5,
  },
  {
    key: 'doplnky',
    slug: { cs: 'doplnky', en: 'accessories' },
    name: { cs: 'Doplňky', en: 'Accessories' },
    description: {
      cs: 'Kšiltovky, zimní čepice, ponožky a rukavice – drobnosti, které dělají radost.',
      en: 'Caps, winter hats, socks and gloves – the little things that make a difference.',
    },
    position: 6,
  },
  {
    key: 'deti',
    slug: { cs: 'deti', en: 'kids' },
    name: { cs: 'Děti', en: 'Kids' },
    description: {
      cs: 'Dresy, oblečení a obuv pro malé sportovce a fanoušky ve velikostech 116 až 164.',
      en: 'Jerseys, clothing and footwear for young athletes and fans in sizes 116 to 164.',
    },
    position: 7,
  },

  // ---- jerseys -----------------------------------------------------------
  {
    key: 'dresy-fotbal',
    parentKey: 'dresy',
    slug: { cs: 'fotbalove-dresy', en: 'football-jerseys' },
    name: { cs: 'Fotbalové dresy', en: 'Football jerseys' },
    description: {
      cs: 'Aktuální klubové dresy pro sezonu 2024/25 i tréninkové dresy pro amatérské týmy.',
      en: 'Current club jerseys for the 2024/25 season and training kits for amateur teams.',
    },
    position: 1,
  },
  {
    key: 'dresy-hokej',
    parentKey: 'dresy',
    slug: { cs: 'hokejove-dresy', en: 'hockey-jerseys' },
    name: { cs: 'Hokejové dresy', en: 'Hockey jerseys' },
    description: {
      cs: 'Hokejové dresy v zápasové i fanouškovské verzi.',
      en: 'Hockey jerseys in authentic and supporter versions.',
    },
    position: 2,
  },
  {
    key: 'dresy-retro',
    parentKey: 'dresy',
    slug: { cs: 'retro-dresy', en: 'retro-jerseys' },
    name: { cs: 'Retro dresy', en: 'Retro jerseys' },
    description: {
      cs: 'Repliky legendárních dresů z dob, kdy se hrálo na škváře a fandilo se z dřevěných tribun.',
      en: 'Replicas of legendary shirts from the days of cinder pitches and wooden stands.',
    },
    position: 3,
  },

  // ---- fan shop ----------------------------------------------------------
  {
    key: 'fan-saly',
    parentKey: 'fan-shop',
    slug: { cs: 'saly', en: 'scarves' },
    name: { cs: 'Šály', en: 'Scarves' },
    description: {
      cs: 'Pletené, žakárové i saténové šály v klubových barvách.',
      en: 'Knitted, jacquard and satin scarves in club colours.',
    },
    position: 1,
  },
  {
    key: 'fan-doplnky',
    parentKey: 'fan-shop',
    slug: { cs: 'vlajky-a-hrnky', en: 'flags-and-mugs' },
    name: { cs: 'Vlajky a hrnky', en: 'Flags & mugs' },
    description: {
      cs: 'Vlajky na tribunu i na chalupu a hrnky na ranní kávu v klubových barvách.',
      en: 'Flags for the stands or the cottage and mugs for your morning coffee in club colours.',
    },
    position: 2,
  },

  // ---- footwear ----------------------------------------------------------
  {
    key: 'obuv-kopacky',
    parentKey: 'obuv',
    slug: { cs: 'kopacky', en: 'football-boots' },
    name: { cs: 'Kopačky a sálovky', en: 'Football boots' },
    description: {
      cs: 'Kopačky na přírodní trávu (FG), umělou trávu (AG), turfy a sálová obuv.',
      en: 'Boots for firm ground (FG), artificial grass (AG), turf and indoor courts.',
    },
    position: 1,
  },
  {
    key: 'obuv-bezecka',
    parentKey: 'obuv',
    slug: { cs: 'bezecka-obuv', en: 'running-shoes' },
    name: { cs: 'Běžecká obuv', en: 'Running shoes' },
    description: {
      cs: 'Silniční i trailové boty pro začátečníky i ambiciózní závodníky.',
      en: 'Road and trail shoes for beginners and ambitious racers alike.',
    },
    position: 2,
  },
  {
    key: 'obuv-tenisky',
    parentKey: 'obuv',
    slug: { cs: 'tenisky-a-pantofle', en: 'sneakers-and-slides' },
    name: { cs: 'Tenisky a pantofle', en: 'Sneakers & slides' },
    description: {
      cs: 'Volnočasové tenisky a pantofle do šatny i k bazénu.',
      en: 'Casual sneakers and slides for the changing room or the pool.',
    },
    position: 3,
  },

  // ---- clothing ----------------------------------------------------------
  {
    key: 'obleceni-tricka',
    parentKey: 'obleceni',
    slug: { cs: 'tricka-a-polokosile', en: 't-shirts-and-polos' },
    name: { cs: 'Trička a polokošile', en: 'T-shirts & polos' },
    description: {
      cs: 'Funkční i bavlněná trička, tílka a polokošile.',
      en: 'Technical and cotton T-shirts, tank tops and polo shirts.',
    },
    position: 1,
  },
  {
    key: 'obleceni-mikiny',
    parentKey: 'obleceni',
    slug: { cs: 'mikiny', en: 'hoodies-and-sweatshirts' },
    name: { cs: 'Mikiny', en: 'Hoodies & sweatshirts' },
    description: {
      cs: 'Mikiny s kapucí, na zip i fleecové mikiny na chladnější dny.',
      en: 'Hoodies, zip tops and fleeces for cooler days.',
    },
    position: 2,
  },
  {
    key: 'obleceni-kalhoty',
    parentKey: 'obleceni',
    slug: { cs: 'kalhoty-a-kratasy', en: 'trousers-and-shorts' },
    name: { cs: 'Kalhoty a kraťasy', en: 'Trousers & shorts' },
    description: {
      cs: 'Trenýrky, běžecké šortky, tepláky a legíny.',
      en: 'Football shorts, running shorts, track pants and tights.',
    },
    position: 3,
  },
  {
    key: 'obleceni-bundy',
    parentKey: 'obleceni',
    slug: { cs: 'bundy-a-vesty', en: 'jackets-and-vests' },
    name: { cs: 'Bundy a vesty', en: 'Jackets & vests' },
    description: {
      cs: 'Zimní bundy na lavičku, softshelly, šusťáky a prošívané vesty.',
      en: 'Winter bench coats, softshells, track jackets and quilted vests.',
    },
    position: 4,
  },

  // ---- equipment ---------------------------------------------------------
  {
    key: 'vybaveni-mice',
    parentKey: 'vybaveni',
    slug: { cs: 'mice', en: 'balls' },
    name: { cs: 'Míče', en: 'Balls' },
    description: {
      cs: 'Zápasové a tréninkové míče na fotbal, futsal i házenou.',
      en: 'Match and training balls for football, futsal and handball.',
    },
    position: 1,
  },
  {
    key: 'vybaveni-tasky',
    parentKey: 'vybaveni',
    slug: { cs: 'tasky-a-batohy', en: 'bags-and-backpacks' },
    name: { cs: 'Tašky a batohy', en: 'Bags & backpacks' },
    description: {
      cs: 'Sportovní tašky, batohy a vaky na trénink i na cesty.',
      en: 'Sports bags, backpacks and gym sacks for training and travel.',
    },
    position: 2,
  },
  {
    key: 'vybaveni-trenink',
    parentKey: 'vybaveni',
    slug: { cs: 'treninkove-potreby', en: 'training-gear' },
    name: { cs: 'Tréninkové potřeby', en: 'Training gear' },
    description: {
      cs: 'Láhve, chrániče, brankářské rukavice a sportovní výživa.',
      en: 'Bottles, shin guards, goalkeeper gloves and sports nutrition.',
    },
    position: 3,
  },

  // ---- accessories -------------------------------------------------------
  {
    key: 'doplnky-cepice',
    parentKey: 'doplnky',
    slug: { cs: 'ksiltovky-a-cepice', en: 'caps-and-hats' },
    name: { cs: 'Kšiltovky a čepice', en: 'Caps & hats' },
    description: {
      cs: 'Kšiltovky na léto a teplé kulichy na zimní zápasy.',
      en: 'Caps for summer and warm beanies for winter matches.',
    },
    position: 1,
  },
  {
    key: 'doplnky-ponozky',
    parentKey: 'doplnky',
    slug: { cs: 'ponozky-a-rukavice', en: 'socks-and-gloves' },
    name: { cs: 'Ponožky a rukavice', en: 'Socks & gloves' },
    description: {
      cs: 'Štulpny, běžecké ponožky a zimní rukavice.',
      en: 'Football socks, running socks and winter gloves.',
    },
    position: 2,
  },

  // ---- kids --------------------------------------------------------------
  {
    key: 'deti-dresy',
    parentKey: 'deti',
    slug: { cs: 'detske-dresy', en: 'kids-jerseys' },
    name: { cs: 'Dětské dresy', en: 'Kids’ jerseys' },
    description: {
      cs: 'Klubové i tréninkové dresy pro malé fotbalisty a hokejisty.',
      en: 'Club and training jerseys for young footballers and hockey players.',
    },
    position: 1,
  },
  {
    key: 'deti-obleceni',
    parentKey: 'deti',
    slug: { cs: 'detske-obleceni', en: 'kids-clothing' },
    name: { cs: 'Dětské oblečení', en: 'Kids’ clothing' },
    description: {
      cs: 'Trička, mikiny, tepláky a bundy pro děti.',
      en: 'T-shirts, hoodies, track pants and jackets for children.',
    },
    position: 2,
  },
  {
    key: 'deti-obuv',
    parentKey: 'deti',
    slug: { cs: 'detska-obuv', en: 'kids-footwear' },
    name: { cs: 'Dětská obuv', en: 'Kids’ footwear' },
    description: {
      cs: 'Dětské kopačky a tenisky ve velikostech 30 až 37.',
      en: 'Kids’ football boots and sneakers in EU sizes 30 to 37.',
    },
    position: 3,
  },
];

import type { ProductShape, SeedIllustration, SeedProduct, SeedVariant, Translated } from './types.ts';

// ---------------------------------------------------------------------------
// Building blocks
// ---------------------------------------------------------------------------

type Colour = { code: string; cs: string; en: string; hex: string };

const C = {
  red: { code: 'RED', cs: 'červená', en: 'red', hex: '#c8102e' },
  white: { code: 'WHT', cs: 'bílá', en: 'white', hex: '#f5f5f2' },
  black: { code: 'BLK', cs: 'černá', en: 'black', hex: '#1f2023' },
  navy: { code: 'NAV', cs: 'tmavě modrá', en: 'navy', hex: '#1c2b4b' },
  blue: { code: 'BLU', cs: 'modrá', en: 'blue', hex: '#1f5fbf' },
  sky: { code: 'SKY', cs: 'světle modrá', en: 'sky blue', hex: '#6cb4e4' },
  green: { code: 'GRN', cs: 'zelená', en: 'green', hex: '#1e8a4c' },
  yellow: { code: 'YEL', cs: 'žlutá', en: 'yellow', hex: '#f2c200' },
  neon: { code: 'NEO', cs: 'neonově žlutá', en: 'neon yellow', hex: '#d4ec1a' },
  orange: { code: 'ORA', cs: 'oranžová', en: 'orange', hex: '#f07d19' },
  grey: { code: 'GRY', cs: 'šedý melír', en: 'grey marl', hex: '#9a9ea4' },
  khaki: { code: 'KHA', cs: 'khaki', en: 'khaki', hex: '#76774e' },
  purple: { code: 'PUR', cs: 'fialová', en: 'purple', hex: '#6b3fa0' },
  teal: { code: 'TEA', cs: 'tyrkysová', en: 'teal', hex: '#17a2a0' },
  pink: { code: 'PNK', cs: 'růžová', en: 'pink', hex: '#e8709e' },
  wine: { code: 'WIN', cs: 'vínová', en: 'burgundy', hex: '#7b1e3a' },
} satisfies Record<string, Colour>;

const GOLD = '#d4a72c';

const ADULT = ['S', 'M', 'L', 'XL', 'XXL'];
const ADULT_XS = ['XS', 'S', 'M', 'L', 'XL', 'XXL'];
const SHOES = ['38', '39', '40', '41', '42', '43', '44', '45', '46'];
const KIDS = ['116', '128', '140', '152', '164'];
const KIDS_SHOES = ['30', '31', '32', '33', '34', '35', '36', '37'];

const t = (cs: string, en: string): Translated => ({ cs, en });

const P = {
  material: t('Materiál', 'Material'),
  fit: t('Střih', 'Fit'),
  care: t('Péče', 'Care'),
  tech: t('Technologie', 'Technology'),
  weight: t('Hmotnost', 'Weight'),
  surface: t('Povrch', 'Surface'),
  upper: t('Svršek', 'Upper'),
  outsole: t('Podešev', 'Outsole'),
  drop: t('Drop', 'Drop'),
  use: t('Určení', 'Intended use'),
  volume: t('Objem', 'Volume'),
  dimensions: t('Rozměry', 'Dimensions'),
  features: t('Výbava', 'Features'),
  gsm: t('Gramáž', 'Fabric weight'),
  waist: t('Pas', 'Waistband'),
  construction: t('Konstrukce', 'Construction'),
  season: t('Sezona', 'Season'),
  packing: t('Balení', 'Pack'),
  flavour: t('Příchuť', 'Flavour'),
  origin: t('Země výroby', 'Country of manufacture'),
} as const;

type ParamKey = keyof typeof P;
type Params = Partial<Record<ParamKey, [string, string]>>;

type Family = {
  shape: ProductShape;
  chart: string | null;
  /** how the product is worn / used – always appended after the intro */
  about: Translated;
  /** sizing advice – replaced by KIDS_FIT for kids sizes */
  fit?: Translated;
  care?: Translated;
  params: Params;
  /** number of images; jerseys get a back view */
  images?: 1 | 2;
};

const KIDS_FIT = t(
  'Dětské velikosti odpovídají výšce dítěte v centimetrech. Pokud je dítě mezi dvěma velikostmi, vezměte raději tu větší – oblečení mu bude sedět i příští sezonu.',
  'Kids’ sizes correspond to the child’s height in centimetres. If your child is between two sizes, choose the bigger one – it will still fit next season.',
);

const F = {
  jersey: {
    shape: 'jersey',
    chart: 'adult-tops',
    images: 2,
    about: t(
      'Dres je ušitý z lehkého rychleschnoucího úpletu. Mikroperforace na zádech a v podpaží odvádí teplo i pot, ploché švy nikde nedřou a prodloužený zadní díl drží dres na místě i ve skluzu.',
      'The jersey is made from a light, quick-drying knit. Micro-perforated zones on the back and under the arms let heat and sweat escape, flat seams won’t rub and the longer back panel keeps the shirt in place even in a sliding tackle.',
    ),
    fit: t(
      'Střih je sportovní a padne spíše těsněji. Pokud chcete dres nosit přes mikinu nebo máte rádi volnější styl, zvolte o číslo větší. Jméno a číslo vám natiskneme na kterékoli naší prodejně, obvykle do druhého dne.',
      'The fit is athletic and on the snug side. If you want to wear it over a hoodie or prefer a looser look, go one size up. We can print a name and number in any of our stores, usually by the next day.',
    ),
    params: {
      material: ['100% recyklovaný polyester', '100% recycled polyester'],
      fit: ['sportovní (slim fit)', 'athletic (slim fit)'],
      tech: ['rychleschnoucí úplet s mikroperforací', 'quick-dry knit with micro-perforation'],
      care: ['praní na 30 °C naruby, nesušit v sušičce', 'wash inside out at 30 °C, do not tumble dry'],
    },
  },
  retro: {
    shape: 'jersey',
    chart: 'adult-tops',
    images: 2,
    about: t(
      'Replika je ušitá z měkkého úpletu s vysokým podílem bavlny. Vypadá jako původní dresy, na těle se ale nosí mnohem příjemněji. Límeček, znak i číslo na zádech jsou vyšívané podle dobových fotografií.',
      'The replica is made from a soft cotton-rich knit. It looks just like the original shirts but is far nicer to wear. The collar, crest and back number are embroidered after period photographs.',
    ),
    fit: t(
      'Rovný klasický střih sedí i fanouškům, kteří už na hřiště chodí spíš fandit. Dres je skvělým dárkem pro tátu, dědu nebo kamaráda, který ještě pamatuje škvárová hřiště.',
      'The classic straight cut also suits fans whose playing days are behind them. A great gift for a dad, granddad or any friend who still remembers cinder pitches.',
    ),
    params: {
      material: ['80% bavlna, 20% polyester', '80% cotton, 20% polyester'],
      fit: ['klasický rovný střih', 'classic straight fit'],
      care: ['praní na 40 °C, žehlit naruby', 'wash at 40 °C, iron inside out'],
    },
  },
  hockey: {
    shape: 'hockey-jersey',
    chart: 'adult-tops',
    images: 2,
    about: t(
      'Dres má volný hokejový střih, do kterého se vejdou chrániče, zesílené lokty a pružný lem rukávů. Znak na hrudi je vyšívaný a všechny nášivky jsou pevně přišité, takže vydrží i časté praní.',
      'The jersey has a roomy hockey cut with space for pads, reinforced elbows and stretchy cuffs. The chest crest is embroidered and every patch is stitched on firmly, so it survives frequent washing.',
    ),
    fit: t(
      'Na tribunu přes tričko nebo mikinu si vezměte svou obvyklou velikost. Na led přes kompletní výstroj doporučujeme o jednu až dvě velikosti větší.',
      'For the stands over a T-shirt or hoodie, take your usual size. For the ice over full gear we recommend one or two sizes up.',
    ),
    params: {
      material: ['100% polyester, dvojitá vrstva na loktech', '100% polyester, double layer on elbows'],
      fit: ['volný hokejový střih', 'loose hockey cut'],
      care: ['praní na 30 °C, nežehlit nášivky', 'wash at 30 °C, do not iron the patches'],
    },
  },
  goalkeeper: {
    shape: 'goalkeeper-jersey',
    chart: 'adult-tops',
    images: 2,
    about: t(
      'Brankářský dres s dlouhým rukávem má na loktech měkké polstrování, které tlumí dopady při zákrocích na tvrdém terénu. Rukávy končí pružnou manžetou, takže se nevyhrnují do rukavic.',
      'This long-sleeved goalkeeper jersey has soft elbow padding that cushions landings on hard ground. Elastic cuffs stop the sleeves riding up into your gloves.',
    ),
    fit: t(
      'Střih je o něco volnější než u hráčských dresů, aby neomezoval při výskoku. Běžně si vyberte svou obvyklou velikost.',
      'The cut is slightly roomier than outfield shirts so it never restricts you when diving. Choose your usual size.',
    ),
    params: {
      material: ['100% polyester', '100% polyester'],
      fit: ['regular fit', 'regular fit'],
      features: ['polstrované lokty, pružné manžety', 'padded elbows, elastic cuffs'],
      care: ['praní na 30 °C naruby', 'wash inside out at 30 °C'],
    },
  },
  tshirt: {
    shape: 'tshirt',
    chart: 'adult-tops',
    about: t(
      'Lemy jsou dvojitě prošité a tričko si i po mnoha vypráních drží tvar. Hodí se na trénink, do posilovny i na běžné nošení.',
      'Double-stitched hems mean the shirt keeps its shape wash after wash. Great for training, the gym or everyday wear.',
    ),
    care: t(
      'Perte naruby na 40 °C s podobnými barvami, bez bělidel a aviváže. Potisk nežehlete.',
      'Wash inside out at 40 °C with similar colours, without bleach or fabric softener. Do not iron the print.',
    ),
    params: {
      fit: ['regular fit', 'regular fit'],
      care: ['praní na 40 °C naruby', 'wash inside out at 40 °C'],
    },
  },
  hoodie: {
    shape: 'hoodie',
    chart: 'adult-tops',
    about: t(
      'Teplákovina s počesaným vnitřkem je příjemná na dotek a dobře drží tvar. Manžety a spodní lem z pružného žebrování nepouštějí chlad dovnitř.',
      'The brushed-back fleece feels soft and keeps its shape. Stretchy rib cuffs and hem keep the cold out.',
    ),
    fit: t(
      'Velikosti odpovídají běžné konfekci. Když si chcete mikinu obléct přes dres nebo silnější triko, vezměte o číslo větší.',
      'Sizing is true to size. If you plan to wear it over a jersey or a thicker top, go one size up.',
    ),
    params: {
      material: ['80% bavlna, 20% polyester', '80% cotton, 20% polyester'],
      gsm: ['320 g/m²', '320 g/m²'],
      fit: ['regular fit', 'regular fit'],
      care: ['praní na 30 °C naruby', 'wash inside out at 30 °C'],
    },
  },
  shorts: {
    shape: 'shorts',
    chart: 'adult-tops',
    about: t(
      'Pružný pas se stahovací šňůrkou drží pohodlně a nikde netlačí. Lehká tkanina rychle schne, takže zvládne i deštivý trénink.',
      'The elastic waistband with a drawcord sits comfortably without pinching. The lightweight fabric dries fast, so it copes with rainy sessions too.',
    ),
    care: t(
      'Perte na 30 °C a sušte volně na vzduchu, v sušičce se materiál zbytečně opotřebovává.',
      'Wash at 30 °C and hang to dry – tumble drying wears the fabric out unnecessarily.',
    ),
    params: {
      material: ['100% polyester', '100% polyester'],
      waist: ['pružný se šňůrkou', 'elastic with drawcord'],
      care: ['praní na 30 °C', 'wash at 30 °C'],
    },
  },
  pants: {
    shape: 'pants',
    chart: 'adult-tops',
    about: t(
      'Pružný materiál dobře sleduje pohyb a nikde neškrtí. Pas s gumou a šňůrkou si nastavíte přesně podle sebe.',
      'The stretchy fabric moves with you and never feels restrictive. The elastic waistband with a drawcord lets you fine-tune the fit.',
    ),
    care: t(
      'Perte na 30 °C a sušte volně, materiál tak vydrží pružný mnoho sezon.',
      'Wash at 30 °C and line dry to keep the fabric stretchy for many seasons.',
    ),
    params: {
      fit: ['zúžený (tapered)', 'tapered'],
      waist: ['pružný se šňůrkou', 'elastic with drawcord'],
      care: ['praní na 30 °C', 'wash at 30 °C'],
    },
  },
  jacket: {
    shape: 'jacket',
    chart: 'adult-tops',
    about: t(
      'Dvě boční kapsy na zip pojmou klíče i peněženku, vnitřní kapsa je tak akorát na telefon. Manžety i spodní lem lze stáhnout, aby dovnitř nefoukalo.',
      'Two zipped side pockets hold your keys and wallet, and the inner pocket is just right for a phone. Cuffs and hem can be tightened to keep the wind out.',
    ),
    fit: t(
      'Velikosti počítají s tím, že pod bundu oblečete mikinu. Pokud jste mezi dvěma velikostmi, zvolte spíš tu menší.',
      'Sizing allows for a hoodie underneath. If you are between two sizes, go for the smaller one.',
    ),
    params: {
      fit: ['regular fit', 'regular fit'],
      care: ['praní na 30 °C, jemný program', 'wash at 30 °C, gentle cycle'],
    },
  },
  boot: {
    shape: 'football-boot',
    chart: 'shoes',
    images: 2,
    about: t(
      'Kopačky doporučujeme vybírat v přesné velikosti – svršek se po několika trénincích ještě mírně přizpůsobí noze. Délku chodidla si změřte večer a porovnejte ji s tabulkou velikostí.',
      'We recommend buying boots in your exact size – the upper moulds slightly to your foot after a few sessions. Measure your foot in the evening and compare it with the size chart.',
    ),
    care: t(
      'Po zápase vyndejte stélky, boty vycpěte novinami a nechte je volně vyschnout. Nikdy je nesušte na topení – lepidlu ani svršku to nedělá dobře.',
      'After a match take out the insoles, stuff the boots with newspaper and let them dry naturally. Never dry them on a radiator – it is bad for both the glue and the upper.',
    ),
    params: {
      care: ['otřít vlhkým hadříkem, sušit mimo topení', 'wipe with a damp cloth, keep away from radiators'],
    },
  },
  runner: {
    shape: 'running-shoe',
    chart: 'shoes',
    images: 2,
    about: t(
      'Při výběru velikosti počítejte s tím, že na delších bězích noha nateče. Před palcem by měl zůstat zhruba centimetr volného místa.',
      'When choosing a size, allow for your feet swelling on longer runs. Leave roughly a thumb’s width of room in front of your toes.',
    ),
    care: t(
      'Boty perte ručně ve vlažné vodě s trochou mýdla. V pračce se lepené spoje zbytečně namáhají.',
      'Hand wash in lukewarm water with a little soap. Washing machines put unnecessary stress on the bonded seams.',
    ),
    params: {
      care: ['ruční mytí, sušit volně', 'hand wash, air dry'],
    },
  },
  sneaker: {
    shape: 'sneaker',
    chart: 'shoes',
    images: 2,
    about: t(
      'Tenisky mají vyjímatelnou tvarovanou stélku a gumovou podešev, která drží i na mokré dlažbě. Velikosti odpovídají běžné obuvi.',
      'The sneakers have a removable contoured insole and a rubber outsole that grips even on wet paving. They fit true to size.',
    ),
    params: {
      outsole: ['gumová', 'rubber'],
      care: ['otírat vlhkým hadříkem', 'wipe with a damp cloth'],
    },
  },
  slide: {
    shape: 'slide',
    chart: 'shoes',
    about: t(
      'Pantofle jsou odlité z jednoho kusu lehké pěny, takže nic nepovolí a rychle oschnou. Drážkovaná podešev neklouže ani na mokrých dlaždičkách ve sprchách.',
      'The slides are moulded from a single piece of light foam, so nothing comes apart and they dry quickly. The grooved sole won’t slip even on wet shower tiles.',
    ),
    params: {
      material: ['EVA pěna', 'EVA foam'],
      care: ['omýt vodou', 'rinse with water'],
    },
  },
  scarf: {
    shape: 'scarf',
    chart: null,
    about: t(
      'Šála je dost dlouhá na to, abyste ji dvakrát omotali kolem krku nebo ji při hymně vztyčili nad hlavu. Hustý úplet hřeje i v lednovém mrazu.',
      'The scarf is long enough to wrap twice around your neck or to hold up high during the anthem. The dense knit keeps you warm even in January frost.',
    ),
    care: t(
      'Perte ručně ve vlažné vodě a sušte naplocho, aby si šála zachovala tvar.',
      'Hand wash in lukewarm water and dry flat so the scarf keeps its shape.',
    ),
    params: {
      material: ['100% akryl', '100% acrylic'],
      dimensions: ['140 × 18 cm', '140 × 18 cm'],
      care: ['ruční praní na 30 °C', 'hand wash at 30 °C'],
    },
  },
  flag: {
    shape: 'flag',
    chart: null,
    about: t(
      'Vlajka je z lehkého polyesterového úpletu, který pěkně vlaje i ve slabém větru. Barvy jsou potištěné sublimačně, takže nevyblednou ani po celé sezoně na balkoně.',
      'The flag is made from light knitted polyester that flutters nicely even in a gentle breeze. The colours are sublimation printed and won’t fade after a whole season on the balcony.',
    ),
    params: {
      material: ['100% polyester (úplet)', '100% knitted polyester'],
      features: ['2 kovová očka na straně žerdi', '2 metal grommets on the hoist side'],
      care: ['praní na 30 °C', 'wash at 30 °C'],
    },
  },
  mug: {
    shape: 'mug',
    chart: null,
    about: t(
      'Hrnek přijde bezpečně zabalený v kartonové krabičce, takže ho můžete rovnou darovat.',
      'The mug arrives safely packed in a cardboard box, ready to be given as a gift.',
    ),
    params: {},
  },
  ball: {
    shape: 'ball',
    chart: null,
    about: t(
      'Míč posíláme částečně vyfouknutý. Před prvním použitím ho nahustěte na tlak uvedený u ventilku a jehlu předem navlhčete, abyste ventilek nepoškodili.',
      'The ball is shipped partly deflated. Before first use, pump it to the pressure printed next to the valve and moisten the needle so you don’t damage the valve.',
    ),
    fit: t(
      'Velikost 5 je určená pro dospělé a mládež od 12 let, velikost 4 pro děti od 8 do 12 let a velikost 3 pro nejmenší fotbalisty.',
      'Size 5 is for adults and players aged 12 and up, size 4 for children aged 8 to 12, and size 3 for the youngest players.',
    ),
    params: {},
  },
  bag: {
    shape: 'bag',
    chart: null,
    about: t(
      'Dno tašky je zpevněné a voděodolné, takže ji klidně postavíte i na mokrou podlahu šatny. Polstrovaný ramenní popruh se dá odepnout.',
      'The reinforced base is waterproof, so you can put the bag down on a wet changing-room floor without worry. The padded shoulder strap is detachable.',
    ),
    params: {
      material: ['polyester 600D s PVC zátěrem', '600D polyester with PVC coating'],
      care: ['otírat vlhkým hadříkem', 'wipe with a damp cloth'],
    },
  },
  backpack: {
    shape: 'backpack',
    chart: null,
    about: t(
      'Záda i ramenní popruhy jsou polstrované a odvětrávané, hrudní popruh si posunete do výšky, která vám sedí.',
      'The back panel and shoulder straps are padded and ventilated, and the chest strap slides to whatever height suits you.',
    ),
    params: {
      material: ['ripstop polyester', 'ripstop polyester'],
      care: ['ruční praní', 'hand wash'],
    },
  },
  gymsack: {
    shape: 'gymsack',
    chart: null,
    about: t(
      'Vak se stahuje dvěma šňůrami, které zároveň slouží jako popruhy. Na trénink se do něj vejdou boty, ručník i láhev.',
      'The sack closes with two cords that double as shoulder straps. There is room for boots, a towel and a bottle.',
    ),
    params: {
      material: ['100% polyester', '100% polyester'],
      care: ['praní na 30 °C', 'wash at 30 °C'],
    },
  },
  bottle: {
    shape: 'bottle',
    chart: null,
    about: t(
      'Láhev neobsahuje BPA ani ftaláty a nezanechává v nápoji žádnou pachuť. Široké hrdlo snadno vymyjete a vejdou se do něj i kostky ledu.',
      'The bottle is free of BPA and phthalates and leaves no aftertaste. The wide mouth is easy to clean and takes ice cubes too.',
    ),
    params: {},
  },
  shinguard: {
    shape: 'shinguard',
    chart: null,
    about: t(
      'Správná velikost chráničů zakryje holeň od kotníku zhruba do poloviny vzdálenosti ke kolenu. Velikost S odpovídá výšce do 150 cm, M do 170 cm a L nad 170 cm.',
      'The right size covers the shin from the ankle to about halfway up to the knee. Size S fits players up to 150 cm tall, M up to 170 cm and L above 170 cm.',
    ),
    params: {
      care: ['omýt vlažnou vodou', 'rinse with lukewarm water'],
    },
  },
  gkgloves: {
    shape: 'gloves',
    chart: 'goalkeeper-gloves',
    about: t(
      'Latex před prvním použitím i mezi zápasy lehce navlhčete vodou – zvýšíte tím přilnavost a prodloužíte životnost rukavic. Po zápase je propláchněte vlažnou vodou a nechte volně uschnout.',
      'Dampen the latex slightly before use and between halves – it improves grip and prolongs the life of the gloves. After the match rinse them in lukewarm water and let them dry naturally.',
    ),
    fit: t(
      'Velikost rukavic určíte podle obvodu dlaně v nejširším místě, viz tabulka velikostí. Brankáři obvykle volí rukavice spíše těsnější.',
      'Find your glove size by measuring your palm circumference at its widest point, see the size chart. Keepers usually prefer a snug fit.',
    ),
    params: {
      care: ['ruční praní ve vlažné vodě', 'hand wash in lukewarm water'],
    },
  },
  gloves: {
    shape: 'gloves',
    chart: null,
    about: t(
      'Rukavice mají na konečcích palce a ukazováčku vodivou úpravu, takže odemknete telefon, aniž byste je sundávali.',
      'Touchscreen-friendly tips on the thumb and index finger let you unlock your phone without taking the gloves off.',
    ),
    params: {
      care: ['praní na 30 °C', 'wash at 30 °C'],
    },
  },
  cap: {
    shape: 'cap',
    chart: null,
    about: t(
      'Obvod kšiltovky nastavíte zapínáním vzadu, takže padne na většinu hlav (přibližně 54–60 cm).',
      'The back strap adjusts the cap to fit most heads (approximately 54–60 cm).',
    ),
    params: {
      care: ['ruční praní, nepoužívat pračku', 'hand wash only, not machine washable'],
    },
  },
  beanie: {
    shape: 'beanie',
    chart: null,
    about: t(
      'Čepice je univerzální velikosti a díky pružnému úpletu sedí dospělým i dospívajícím.',
      'One size fits most – the stretchy knit suits adults and teenagers alike.',
    ),
    params: {
      care: ['ruční praní na 30 °C', 'hand wash at 30 °C'],
    },
  },
  socks: {
    shape: 'socks',
    chart: null,
    about: t(
      'Zesílená pata a špička vydrží i ty nejdelší sezony, plochý šev u prstů nikde netlačí.',
      'Reinforced heel and toe last through the longest seasons, and the flat toe seam never presses.',
    ),
    params: {
      care: ['praní na 40 °C', 'wash at 40 °C'],
    },
  },
  nutrition: {
    shape: 'tub',
    chart: null,
    about: t(
      'Doplněk stravy. Není náhradou pestré a vyvážené stravy. Uchovávejte v suchu a mimo dosah malých dětí.',
      'Food supplement. Not a substitute for a varied, balanced diet. Store in a dry place out of the reach of young children.',
    ),
    params: {},
  },
} satisfies Record<string, Family>;

type FamilyKey = keyof typeof F;

// Warnings and safety information per kind of product, shown in the product page's safety section
// (GPSR Art. 19; decision 0064). Kinds without a particular hazard have none.
const SAFETY: Partial<Record<FamilyKey, Translated>> = {
  ball: t(
    'Nahušťujte pouze na tlak uvedený u ventilku, překročení tlaku může míč poškodit. Hustilku a jehlu uchovávejte mimo dosah dětí do 3 let – obsahují malé části, které mohou být spolknuty.',
    'Inflate only to the pressure printed next to the valve; over-inflation can burst the ball. Keep the pump and needle out of the reach of children under 3: they contain small parts that could be swallowed.',
  ),
  boot: t(
    'Kopačky s kolíky používejte jen na povrchu, pro který jsou určeny (viz parametry). Na tvrdém nebo umělém povrchu hrozí podvrtnutí kotníku a zranění spoluhráčů. Před hrou zkontrolujte, zda kolíky nejsou ostré nebo poškozené.',
    'Use studded boots only on the surface they are made for (see the parameters). On hard or artificial ground they can cause sprained ankles and injure other players. Before playing, check that no stud is sharp or damaged.',
  ),
  shinguard: t(
    'Chrániče snižují riziko zranění, ale nechrání před ním úplně. Používejte je jen ve správné velikosti a poškozené chrániče vyměňte. Osobní ochranný prostředek kategorie I podle nařízení (EU) 2016/425.',
    'Shin guards reduce the risk of injury but do not prevent it entirely. Use them only in the right size and replace damaged ones. Personal protective equipment of category I under Regulation (EU) 2016/425.',
  ),
  gkgloves: t(
    'Rukavice s výztuhami prstů chrání před vyvrácením prstů jen částečně. Nejsou určeny k ochraně před řeznými ranami ani chemikáliemi.',
    'Finger-saving spines protect against bent-back fingers only in part. The gloves do not protect against cuts or chemicals.',
  ),
  bottle: t(
    'Není určena pro horké ani sycené nápoje – tlak může uvolnit víčko. Před prvním použitím vymyjte teplou vodou. Materiál vhodný pro styk s potravinami.',
    'Not for hot or carbonated drinks: the pressure can force the lid open. Wash in warm water before first use. Material suitable for contact with food.',
  ),
  mug: t(
    'Pozor, při nalití horkého nápoje se hrnek zahřeje. Keramika je křehká: prasklý nebo odštípnutý hrnek už nepoužívejte.',
    'Caution: the mug gets hot when filled with a hot drink. Ceramic is fragile: do not use a cracked or chipped mug.',
  ),
  gymsack: t(
    'Stahovací šňůry: nebezpečí uškrcení. Nenechávejte vak malým dětem na hraní a nepověšujte ho na postýlku.',
    'Drawstrings: risk of strangulation. Do not let small children play with the sack and do not hang it on a cot.',
  ),
  flag: t(
    'Hořlavý textil – chraňte před otevřeným ohněm a pyrotechnikou.',
    'Flammable fabric: keep away from open flames and pyrotechnics.',
  ),
  scarf: t(
    'Hořlavý textil – chraňte před otevřeným ohněm a pyrotechnikou.',
    'Flammable fabric: keep away from open flames and pyrotechnics.',
  ),
  nutrition: t(
    'Doplněk stravy. Nepřekračujte doporučenou denní dávku. Není určeno dětem, těhotným a kojícím ženám. Uchovávejte mimo dosah malých dětí.',
    'Food supplement. Do not exceed the recommended daily dose. Not intended for children or pregnant and breastfeeding women. Keep out of the reach of young children.',
  ),
};

type Def = {
  code: string;
  cat: string;
  brand: string;
  fam: FamilyKey;
  name: [string, string];
  short: [string, string];
  /** first, product-specific paragraph(s) */
  intro: [string, string];
  /** replaces the family's generic paragraph when it does not fit the product */
  about?: [string, string];
  /** replaces the family's sizing paragraph */
  fit?: [string, string];
  /** price incl. VAT in CZK (whole crowns) */
  price: number;
  /** original price before sale, whole crowns */
  was?: number;
  /** price overrides per size, whole crowns */
  sizePrice?: Record<string, number>;
  isNew?: boolean;
  colours: Colour[] | null;
  sizes: string[] | null;
  sold: number;
  days?: number;
  soldOut?: boolean;
  noEur?: boolean;
  vat?: 12;
  params?: Params;
  /** set when the product is official club merchandise */
  club?: string;
  art?: Partial<SeedIllustration>;
  chart?: string | null;
  similar?: string[];
  extra?: [string, string];
};

// ---------------------------------------------------------------------------
// Product definitions
// ---------------------------------------------------------------------------

const VLTAVIN = 'FC Vltavín Praha';
const MORAVAN = 'SK Moravan Brno';
const OCELAR = 'FK Ocelář Ostrava';
const JESTRABI = 'HC Jestřábi Liberec';
const RYSI = 'HC Rysi Zlín';

const defs: Def[] = [
  // ======================= Football jerseys ===============================
  {
    code: 'DR-1001', cat: 'dresy-fotbal', brand: 'vltava', fam: 'jersey', club: VLTAVIN,
    name: ['Domácí dres FC Vltavín Praha 2024/25', 'FC Vltavín Praha Home Jersey 2024/25'],
    short: ['Nový domácí dres v tradiční rudé barvě s bílými rukávy.', 'The new home shirt in traditional red with white sleeves.'],
    intro: [
      'Rudá s bílými rukávy – kombinace, ve které Vltavín nastupuje už přes sto let. Nový domácí dres pro sezonu 2024/25 doplňuje jemný tkaný vzor s motivem pražských střech a zlatý lem na límečku na počest stého výročí klubu.',
      'Red with white sleeves – the combination Vltavín has worn for over a century. The new 2024/25 home shirt adds a subtle woven pattern inspired by Prague rooftops and a gold collar trim celebrating the club’s centenary.',
    ],
    price: 1899, isNew: true, colours: [C.red], sizes: ADULT_XS, sold: 612, days: 12,
    art: { accentHex: C.white.hex, pattern: 'sleeves', number: 10 },
  },
  {
    code: 'DR-1002', cat: 'dresy-fotbal', brand: 'vltava', fam: 'jersey', club: VLTAVIN,
    name: ['Venkovní dres FC Vltavín Praha 2024/25', 'FC Vltavín Praha Away Jersey 2024/25'],
    short: ['Bílý venkovní dres s rudým pruhem přes hruď.', 'White away shirt with a red chest band.'],
    intro: [
      'Venkovní dres se vrací k čisté bílé, kterou přetíná rudý pruh přes hruď. Na zátylku najdete drobný nápis „Vltavín jede“, který znají všichni, kdo kdy jeli s klubem na venkovní zápas.',
      'The away shirt returns to clean white crossed by a red chest band. On the back of the neck you’ll find a small “Vltavín on tour” motto, familiar to everyone who has ever followed the club on the road.',
    ],
    price: 1899, isNew: true, colours: [C.white], sizes: ADULT_XS, sold: 344, days: 12,
    art: { accentHex: C.red.hex, pattern: 'hoops', number: 7 },
  },
  {
    code: 'DR-1003', cat: 'dresy-fotbal', brand: 'vltava', fam: 'jersey', club: VLTAVIN,
    name: ['Alternativní dres FC Vltavín Praha „Noční Praha“', 'FC Vltavín Praha Third Jersey “Prague Nights”'],
    short: ['Černý třetí dres se zlatými detaily, limitovaná edice.', 'Black third shirt with gold details, limited edition.'],
    intro: [
      'Třetí dres inspirovaný nočním pohledem z Letné na osvětlené mosty. Hluboká černá je doplněná zlatými detaily na límečku a manžetách, klubový znak je vyšitý zlatou nití.',
      'A third shirt inspired by the view of the illuminated bridges at night. Deep black is paired with gold details on the collar and cuffs, and the club crest is embroidered in gold thread.',
    ],
    price: 1999, isNew: true, colours: [C.black], sizes: ADULT, sold: 128, days: 5,
    art: { accentHex: GOLD, number: 9 },
  },
  {
    code: 'DR-1004', cat: 'dresy-fotbal', brand: 'kordis', fam: 'jersey', club: MORAVAN,
    name: ['Domácí dres SK Moravan Brno 2024/25', 'SK Moravan Brno Home Jersey 2024/25'],
    short: ['Modrobílé svislé pruhy, jak je Brno zná.', 'Blue and white vertical stripes, just as Brno knows them.'],
    intro: [
      'Modrobílé pruhy jsou pro fanoušky Moravanu svaté. Letošní domácí dres je má o něco užší než loni a doplňuje je tmavě modrý límeček do V, který se klubu vrací po deseti letech.',
      'Blue and white stripes are sacred to Moravan fans. This season they are slightly narrower than last year and are joined by a navy V-neck collar, back after ten years.',
    ],
    price: 1799, colours: [C.blue], sizes: ADULT, sold: 401, days: 58,
    art: { accentHex: C.white.hex, pattern: 'stripes', number: 11 },
  },
  {
    code: 'DR-1005', cat: 'dresy-fotbal', brand: 'kordis', fam: 'jersey', club: MORAVAN,
    name: ['Venkovní dres SK Moravan Brno 2023/24', 'SK Moravan Brno Away Jersey 2023/24'],
    short: ['Tmavě modrý venkovní dres minulé sezony za zvýhodněnou cenu.', 'Last season’s navy away shirt at a reduced price.'],
    intro: [
      'Tmavě modrý venkovní dres z minulé sezony, ve kterém Moravan vybojoval postup do semifinále poháru. Doprodáváme poslední kusy za výrazně nižší cenu.',
      'Last season’s navy away shirt, worn on Moravan’s run to the cup semi-final. We are clearing the last pieces at a much lower price.',
    ],
    price: 1199, was: 1799, colours: [C.navy], sizes: ADULT, sold: 287, days: 410,
    art: { accentHex: C.sky.hex, number: 4 },
  },
  {
    code: 'DR-1006', cat: 'dresy-fotbal', brand: 'fanzona', fam: 'jersey', club: OCELAR,
    name: ['Domácí dres FK Ocelář Ostrava 2024/25', 'FK Ocelář Ostrava Home Jersey 2024/25'],
    short: ['Světle modrý dres s motivem vysokých pecí na rukávech.', 'Sky blue shirt with a blast-furnace motif on the sleeves.'],
    intro: [
      'Ocelář nastupuje doma ve světle modré, kterou letos doplňuje tmavší silueta vysokých pecí na rukávech. Dres vznikl ve spolupráci s fanoušky, kteří o designu hlasovali v anketě.',
      'Ocelář play at home in sky blue, this season enhanced by a darker silhouette of blast furnaces on the sleeves. The shirt was co-designed with supporters, who voted on the design.',
    ],
    price: 1849, colours: [C.sky], sizes: ADULT_XS, sold: 356, days: 64,
    art: { accentHex: C.navy.hex, number: 8 },
  },
  {
    code: 'DR-1007', cat: 'dresy-fotbal', brand: 'brankar', fam: 'goalkeeper', club: OCELAR,
    name: ['Brankářský dres FK Ocelář Ostrava 2024/25', 'FK Ocelář Ostrava Goalkeeper Jersey 2024/25'],
    short: ['Zápasový brankářský dres s dlouhým rukávem a polstrovanými lokty.', 'Long-sleeved match goalkeeper shirt with padded elbows.'],
    intro: [
      'Stejný dres, ve kterém chytá brankářská jednička Oceláře. Vybírat můžete ze zelené varianty pro domácí zápasy a zářivě oranžové pro zápasy venku.',
      'The very shirt worn by Ocelář’s number one. Choose the green version used at home or the bright orange one worn away.',
    ],
    price: 1699, colours: [C.green, C.orange], sizes: ADULT, sold: 74, days: 70,
    art: { accentHex: C.black.hex, number: 1 },
  },
  {
    code: 'DR-1008', cat: 'dresy-fotbal', brand: 'vltava', fam: 'jersey',
    name: ['Tréninkový dres Vltava Sport Pro', 'Vltava Sport Pro Training Jersey'],
    short: ['Lehký tréninkový dres pro celý tým ve třech barvách.', 'Lightweight training shirt for the whole squad in three colours.'],
    intro: [
      'Osvědčený tréninkový dres, ve kterém trénuje řada amatérských klubů od okresního přeboru po divizi. Je lehký, vzdušný a za rozumnou cenu, takže se vyplatí objednat ho pro celé mužstvo.',
      'A tried-and-tested training shirt used by amateur clubs from district level to the fourth tier. Light, airy and fairly priced – worth ordering for the whole squad.',
    ],
    price: 699, colours: [C.red, C.blue, C.yellow], sizes: ADULT_XS, sold: 538, days: 240,
    art: { accentHex: C.white.hex },
    extra: [
      'Při objednávce nad 15 kusů vám připravíme cenovou nabídku včetně potisku čísel a loga klubu. Stačí napsat na naši zákaznickou linku.',
      'For orders of 15 or more shirts we will prepare a quote including numbers and your club badge. Just get in touch with our customer service.',
    ],
  },
  {
    code: 'DR-1009', cat: 'dresy-fotbal', brand: 'kordis', fam: 'jersey',
    name: ['Týmový dres Kordis Team s krátkým rukávem', 'Kordis Team Short-Sleeve Kit Shirt'],
    short: ['Zápasový dres pro amatérské týmy, připravený na potisk.', 'Match shirt for amateur teams, ready to be printed.'],
    intro: [
      'Jednoduchý a odolný zápasový dres s kontrastním lemem na rukávech. Hladká přední i zadní část je ideální pro potisk čísel, jmen i loga sponzora.',
      'A simple, durable match shirt with contrasting trims on the sleeves. Smooth front and back panels are ideal for printing numbers, names and sponsor logos.',
    ],
    price: 549, was: 649, colours: [C.white, C.green, C.navy], sizes: ADULT_XS, sold: 203, days: 320,
    art: { accentHex: C.black.hex },
  },

  // ======================= Hockey jerseys ================================
  {
    code: 'HD-2001', cat: 'dresy-hokej', brand: 'fanzona', fam: 'hockey', club: JESTRABI,
    name: ['Domácí hokejový dres HC Jestřábi Liberec', 'HC Jestřábi Liberec Home Hockey Jersey'],
    short: ['Bílý domácí dres se zelenými pruhy na rukávech a na lemu.', 'White home jersey with green stripes on the sleeves and hem.'],
    intro: [
      'Autentická replika domácího dresu Jestřábů. Bílý základ se zelenými pruhy na rukávech a spodním lemu, na hrudi velký vyšívaný znak jestřába.',
      'An authentic replica of the Jestřábi home jersey. White base with green stripes on the sleeves and hem and a large embroidered hawk crest on the chest.',
    ],
    price: 2499, colours: [C.white], sizes: ADULT, sold: 190, days: 95,
    art: { accentHex: C.green.hex, number: 17 },
  },
  {
    code: 'HD-2002', cat: 'dresy-hokej', brand: 'fanzona', fam: 'hockey', club: JESTRABI,
    name: ['Venkovní hokejový dres HC Jestřábi Liberec', 'HC Jestřábi Liberec Away Hockey Jersey'],
    short: ['Zelený venkovní dres s bílými pruhy.', 'Green away jersey with white stripes.'],
    intro: [
      'Zelený venkovní dres Jestřábů, ve kterém tým odehrál letošní sérii play-off. Šněrovaný výstřih je inspirovaný dresy z osmdesátých let.',
      'The green Jestřábi away jersey worn throughout this year’s play-off run. The laced collar is inspired by jerseys from the 1980s.',
    ],
    price: 2499, colours: [C.green], sizes: ADULT, sold: 142, days: 95,
    art: { accentHex: C.white.hex, number: 23 },
  },
  {
    code: 'HD-2003', cat: 'dresy-hokej', brand: 'fanzona', fam: 'hockey', club: RYSI,
    name: ['Hokejový dres HC Rysi Zlín – fanouškovská verze', 'HC Rysi Zlín Hockey Jersey – Fan Edition'],
    short: ['Cenově dostupná fanouškovská verze s potištěným znakem.', 'Affordable fan version with a printed crest.'],
    intro: [
      'Fanouškovská verze dresu Rysů je lehčí než zápasová a znak i čísla jsou místo našití potištěné. Na tribunu ideální volba, která nezatíží peněženku.',
      'The fan version of the Rysi jersey is lighter than the match shirt and the crest and numbers are printed rather than stitched. Ideal for the stands without breaking the bank.',
    ],
    about: ['Dres má volný hokejový střih, pod který se vejde i mikina, zesílené lokty a pružný lem rukávů. Znak a čísla jsou sublimačně potištěné, takže nepopraskají ani po mnoha vypráních.', 'The jersey has a roomy hockey cut with space for a hoodie underneath, reinforced elbows and stretchy cuffs. The crest and numbers are sublimation printed, so they won’t crack even after many washes.'],
    price: 1490, colours: [C.orange, C.black], sizes: ADULT_XS, sold: 265, days: 130,
    art: { accentHex: C.white.hex, number: 91 },
  },
  {
    code: 'HD-2004', cat: 'dresy-hokej', brand: 'fanzona', fam: 'hockey', club: RYSI,
    name: ['Retro hokejový dres HC Rysi Zlín 1996', 'HC Rysi Zlín Retro Hockey Jersey 1996'],
    short: ['Věrná replika dresu z mistrovské sezony 1996.', 'Faithful replica of the 1996 championship jersey.'],
    intro: [
      'V roce 1996 Rysi poprvé slavili titul a tenhle dres se stal legendou. Replika přesně kopíruje původní střih, diagonální pruhy i vyšívaného rysa s vyplazeným jazykem.',
      'In 1996 Rysi won their first title and this jersey became a legend. The replica faithfully copies the original cut, diagonal stripes and the embroidered lynx with its tongue out.',
    ],
    price: 1990, isNew: true, colours: [C.orange], sizes: ADULT, sold: 96, days: 9,
    art: { accentHex: C.black.hex, pattern: 'sash', number: 96 },
  },
  {
    code: 'HD-2005', cat: 'dresy-hokej', brand: 'brankar', fam: 'hockey',
    name: ['Tréninkový hokejový dres Brankář Pro Practice', 'Brankář Pro Practice Hockey Jersey'],
    short: ['Bez loga a bez zbytečností – dres na každodenní tréninky.', 'No logos, no frills – a jersey for everyday practice.'],
    intro: [
      'Jednobarevný tréninkový dres z pevné síťoviny, který snese i tvrdé zacházení v šatně. Týmy si ho oblíbily kvůli tomu, že rozlišení pětek na tréninku je díky třem barvám hračka.',
      'A single-colour practice jersey made from tough mesh that can take a beating in the locker room. Teams love it because three colours make splitting lines at practice a breeze.',
    ],
    price: 890, was: 1090, colours: [C.black, C.red, C.blue], sizes: ADULT_XS, sold: 171, days: 300, noEur: true,
    art: { accentHex: C.white.hex },
  },

  // ======================= Retro jerseys ================================
  {
    code: 'DR-1010', cat: 'dresy-retro', brand: 'fanzona', fam: 'retro', club: VLTAVIN,
    name: ['Retro dres FC Vltavín Praha 1985', 'FC Vltavín Praha Retro Jersey 1985'],
    short: ['Replika dresu z pohárové sezony 1984/85 s límečkem na knoflík.', 'Replica of the 1984/85 cup season shirt with a buttoned collar.'],
    intro: [
      'Na jaře 1985 Vltavín vyřadil v poháru favorita a tenhle dres s bílým límečkem na knoflík nosili hráči i na slavné fotce z oslav na Staroměstském náměstí.',
      'In spring 1985 Vltavín knocked the favourites out of the cup, and this shirt with its white buttoned collar appears in the famous photo of the celebrations in the Old Town Square.',
    ],
    price: 1190, was: 1490, colours: [C.red], sizes: ADULT, sold: 233, days: 380,
    art: { accentHex: C.white.hex, number: 5 },
  },
  {
    code: 'DR-1011', cat: 'dresy-retro', brand: 'fanzona', fam: 'retro', club: MORAVAN,
    name: ['Retro dres SK Moravan Brno 1978', 'SK Moravan Brno Retro Jersey 1978'],
    short: ['Široké modrobílé pruhy a kulatý výstřih jako v sedmdesátkách.', 'Wide blue and white stripes and a crew neck straight from the seventies.'],
    intro: [
      'Dres z ročníku 1977/78, kdy Moravan hrál před vyprodaným stadionem s kapacitou přes čtyřicet tisíc diváků. Široké pruhy, kulatý výstřih a vyšívané číslo na zádech.',
      'The shirt from the 1977/78 season, when Moravan played in front of sell-out crowds of over forty thousand. Wide stripes, a crew neck and an embroidered back number.',
    ],
    price: 1490, colours: [C.blue], sizes: ADULT, sold: 187, days: 205,
    art: { accentHex: C.white.hex, pattern: 'stripes', number: 6 },
  },
  {
    code: 'DR-1012', cat: 'dresy-retro', brand: 'fanzona', fam: 'retro', club: OCELAR,
    name: ['Retro dres FK Ocelář Ostrava 1990', 'FK Ocelář Ostrava Retro Jersey 1990'],
    short: ['Výrazný dres z přelomu dekád s geometrickým vzorem.', 'A bold turn-of-the-decade shirt with a geometric pattern.'],
    intro: [
      'Devadesátky začaly v Ostravě odvážně: světle modrý dres s tmavými klínovými vzory se nejdřív nelíbil nikomu a dnes je to nejžádanější retro kousek v naší nabídce.',
      'The nineties started boldly in Ostrava: nobody liked this sky blue shirt with dark chevrons at first, and today it is the most sought-after retro piece we sell.',
    ],
    price: 1390, colours: [C.sky], sizes: ADULT, sold: 342, days: 260, soldOut: true,
    art: { accentHex: C.navy.hex, pattern: 'chevron', number: 14 },
  },
  {
    code: 'DR-1013', cat: 'dresy-retro', brand: 'vltava', fam: 'retro',
    name: ['Retro dres Bělehrad 1976', 'Belgrade 1976 Retro Jersey'],
    short: ['Pocta slavnému finále z června 1976 – bílý dres s červenomodrým lemem.', 'A tribute to the famous June 1976 final – white shirt with red and blue trim.'],
    intro: [
      'Bílý dres s červenými a modrými lemy připomíná letní noc v Bělehradě, kdy se rozhodovalo na penalty a jeden jemně lobovaný pokutový kop se zapsal do dějin. Nenese žádný svazový znak, jen datum 20. 6. 1976 vyšité na zátylku.',
      'The white shirt with red and blue trims recalls the summer night in Belgrade decided on penalties, when one gently chipped spot kick went down in history. It carries no federation badge, only the date 20. 6. 1976 embroidered on the back of the neck.',
    ],
    about: ['Replika je ušitá z měkkého úpletu s vysokým podílem bavlny. Vypadá jako dresy ze sedmdesátých let, na těle se ale nosí mnohem příjemněji. Límeček a číslo na zádech jsou vyšívané podle dobových fotografií.', 'The replica is made from a soft cotton-rich knit. It looks just like a 1970s shirt but is far nicer to wear. The collar and back number are embroidered after period photographs.'],
    price: 1290, colours: [C.white], sizes: ADULT, sold: 219, days: 150,
    art: { accentHex: C.red.hex, number: 7 },
  },

  // ======================= Scarves =======================================
  {
    code: 'SA-3001', cat: 'fan-saly', brand: 'fanzona', fam: 'scarf', club: VLTAVIN,
    name: ['Pletená šála FC Vltavín Praha', 'FC Vltavín Praha Knitted Scarf'],
    short: ['Klasická oboustranná šála v rudobílých barvách.', 'Classic reversible scarf in red and white.'],
    intro: [
      'Nejprodávanější šála v našem obchodě. Oboustranný úplet s klubovým znakem a rudobílými pruhy, na koncích krátké střapce.',
      'The best-selling scarf in our shop. Reversible knit with the club crest and red and white stripes, finished with short tassels.',
    ],
    price: 399, colours: [C.red], sizes: null, sold: 842, days: 520,
    art: { accentHex: C.white.hex },
  },
  {
    code: 'SA-3002', cat: 'fan-saly', brand: 'fanzona', fam: 'scarf', club: VLTAVIN,
    name: ['Žakárová šála FC Vltavín Praha „Navždy rudí“', 'FC Vltavín Praha “Red Forever” Jacquard Scarf'],
    short: ['Jemnější žakárová šála s nápisem, který zná celá Letná.', 'A finer jacquard scarf with the chant every supporter knows.'],
    intro: [
      'Žakárová technika umožňuje ostré detaily, a tak se na šálu vešel nápis „Navždy rudí“ i silueta stadionu. Šála je tenčí než pletená, takže ji oceníte i na podzimních zápasech.',
      'The jacquard technique allows crisp details, so the scarf features the “Red Forever” chant and the stadium skyline. It is thinner than the knitted one, perfect for autumn matches.',
    ],
    price: 449, colours: [C.red, C.black], sizes: null, sold: 376, days: 300,
    art: { accentHex: C.white.hex },
  },
  {
    code: 'SA-3003', cat: 'fan-saly', brand: 'fanzona', fam: 'scarf', club: MORAVAN,
    name: ['Pletená šála SK Moravan Brno', 'SK Moravan Brno Knitted Scarf'],
    short: ['Modrobílá šála s erbem Moravanu.', 'Blue and white scarf with the Moravan crest.'],
    intro: [
      'Hřejivá pletená šála v barvách Moravanu. Na jednom konci erb klubu, na druhém rok založení 1913.',
      'A warm knitted scarf in Moravan colours. The club crest on one end, the founding year 1913 on the other.',
    ],
    price: 399, colours: [C.blue], sizes: null, sold: 455, days: 480,
    art: { accentHex: C.white.hex },
  },
  {
    code: 'SA-3004', cat: 'fan-saly', brand: 'fanzona', fam: 'scarf', club: OCELAR,
    name: ['Fanouškovská šála FK Ocelář Ostrava', 'FK Ocelář Ostrava Supporters Scarf'],
    short: ['Světle modrá šála s bílými proužky a nápisem Ocelář.', 'Sky blue scarf with white bands and the Ocelář name.'],
    intro: [
      'Šála, se kterou se na ostravském stadionu vítá každý nástup hráčů. Světle modrý podklad, bílé proužky a na koncích kladivo s kovadlinou.',
      'The scarf that greets every walk-out at the Ostrava stadium. Sky blue background, white bands and a hammer and anvil at both ends.',
    ],
    price: 399, colours: [C.sky], sizes: null, sold: 398, days: 450,
    art: { accentHex: C.white.hex },
  },
  {
    code: 'SA-3005', cat: 'fan-saly', brand: 'fanzona', fam: 'scarf', club: JESTRABI,
    name: ['Saténová šála HC Jestřábi Liberec', 'HC Jestřábi Liberec Satin Scarf'],
    short: ['Lehká saténová šála do vyhřáté haly.', 'Light satin scarf for a warm arena.'],
    intro: [
      'Na hokej do zimního stadionu stačí lehčí šála. Saténová úprava vyniká sytými barvami a ostrým potiskem znaku na obou stranách.',
      'A lighter scarf is all you need in the ice arena. The satin finish shows off rich colours and a sharp crest print on both sides.',
    ],
    price: 349, colours: [C.green], sizes: null, sold: 164, days: 200, soldOut: true,
    params: { material: ['100% polyester (satén)', '100% polyester satin'], dimensions: ['150 × 15 cm', '150 × 15 cm'] },
    art: { accentHex: C.white.hex },
  },
  {
    code: 'SA-3006', cat: 'fan-saly', brand: 'fanzona', fam: 'scarf', club: RYSI,
    name: ['Zimní šála s třásněmi HC Rysi Zlín', 'HC Rysi Zlín Winter Scarf with Fringes'],
    short: ['Extra široká šála s dlouhými třásněmi v oranžovočerné.', 'Extra wide scarf with long fringes in orange and black.'],
    intro: [
      'Novinka pro zimní sezonu: o třetinu širší šála s dlouhými třásněmi, která zahřeje i při venkovních zápasech pod širým nebem.',
      'New for winter: a scarf a third wider than usual with long fringes, keeping you warm even at open-air games.',
    ],
    price: 429, isNew: true, colours: [C.orange], sizes: null, sold: 58, days: 14,
    params: { dimensions: ['160 × 24 cm', '160 × 24 cm'] },
    art: { accentHex: C.black.hex },
  },

  // ======================= Flags & mugs ===================================
  {
    code: 'VL-3101', cat: 'fan-doplnky', brand: 'fanzona', fam: 'flag', club: VLTAVIN,
    name: ['Vlajka FC Vltavín Praha', 'FC Vltavín Praha Flag'],
    short: ['Rudobílá vlajka se znakem klubu ve dvou velikostech.', 'Red and white flag with the club crest in two sizes.'],
    intro: [
      'Vlajka ve dvou velikostech – menší se hodí na balkon nebo do pokoje, větší na tribunu nebo na stožár na chalupě.',
      'The flag comes in two sizes – the smaller one suits a balcony or bedroom wall, the larger one the stands or a flagpole at the cottage.',
    ],
    price: 299, sizePrice: { '150 × 100 cm': 549 }, colours: [C.red], sizes: ['90 × 60 cm', '150 × 100 cm'], sold: 311, days: 500,
    art: { accentHex: C.white.hex },
  },
  {
    code: 'VL-3102', cat: 'fan-doplnky', brand: 'fanzona', fam: 'flag', club: MORAVAN,
    name: ['Vlajka SK Moravan Brno', 'SK Moravan Brno Flag'],
    short: ['Modrobílá pruhovaná vlajka s erbem Moravanu.', 'Blue and white striped flag with the Moravan crest.'],
    intro: [
      'Svislé modrobílé pruhy a erb uprostřed. Vlajku zavěsíte za kovová očka na tyč i na zábradlí tribuny.',
      'Vertical blue and white stripes with the crest in the middle. Hang it by the metal grommets on a pole or the stand railings.',
    ],
    price: 299, sizePrice: { '150 × 100 cm': 549 }, colours: [C.blue], sizes: ['90 × 60 cm', '150 × 100 cm'], sold: 208, days: 470,
    art: { accentHex: C.white.hex, pattern: 'stripes' },
  },
  {
    code: 'HR-3201', cat: 'fan-doplnky', brand: 'fanzona', fam: 'mug', club: VLTAVIN,
    name: ['Keramický hrnek FC Vltavín Praha 330 ml', 'FC Vltavín Praha Ceramic Mug 330 ml'],
    short: ['Hrnek se znakem klubu, který vydrží i myčku.', 'A mug with the club crest that survives the dishwasher.'],
    intro: [
      'Ranní káva chutná líp ze správného hrnku. Znak je vypálený do glazury, takže vydrží mytí v myčce i po letech.',
      'Morning coffee tastes better from the right mug. The crest is fired into the glaze, so it survives the dishwasher for years.',
    ],
    price: 249, colours: [C.white, C.red], sizes: null, sold: 520, days: 610,
    params: { material: ['keramika', 'ceramic'], volume: ['330 ml', '330 ml'], care: ['lze mýt v myčce i ohřívat v mikrovlnce', 'dishwasher and microwave safe'] },
    art: { accentHex: C.red.hex },
  },
  {
    code: 'HR-3202', cat: 'fan-doplnky', brand: 'fanzona', fam: 'mug', club: OCELAR,
    name: ['Smaltovaný plecháček FK Ocelář Ostrava', 'FK Ocelář Ostrava Enamel Mug'],
    short: ['Nerozbitný plecháček na výlety i do šatny.', 'An unbreakable enamel mug for trips and the dressing room.'],
    intro: [
      'Smaltovaný plecháček s modrým okrajem patří k Ostravě stejně jako ocel. Nerozbije se, vezmete ho na chatu i na stan a čaj z něj chutná jako na táboře.',
      'An enamel mug with a blue rim belongs to Ostrava just like steel does. It won’t break, goes camping with you and makes tea taste like summer camp.',
    ],
    price: 279, isNew: true, colours: [C.white, C.sky], sizes: null, sold: 67, days: 20,
    params: { material: ['smaltovaná ocel', 'enamelled steel'], volume: ['350 ml', '350 ml'], care: ['mýt ručně, nedávat do mikrovlnky', 'hand wash, not microwave safe'] },
    art: { accentHex: C.navy.hex },
  },
  {
    code: 'HR-3203', cat: 'fan-doplnky', brand: 'fanzona', fam: 'bottle', club: JESTRABI,
    name: ['Termohrnek HC Jestřábi Liberec 450 ml', 'HC Jestřábi Liberec Travel Mug 450 ml'],
    short: ['Nerezový termohrnek, čaj v něm vydrží teplý celou třetinu i přestávku.', 'Stainless travel mug that keeps tea hot through a period and the break.'],
    intro: [
      'Dvoustěnný nerezový termohrnek s těsnicím víčkem udrží nápoj teplý až šest hodin. Na zimní stadion ideální společník.',
      'A double-walled stainless travel mug with a sealing lid keeps drinks hot for up to six hours – the ideal companion at a cold rink.',
    ],
    about: ['Posuvné víčko ovládáte jednou rukou a termohrnek se vejde do většiny držáků nápojů v autě.', 'The sliding lid works one-handed and the mug fits most car cup holders.'],
    price: 459, colours: [C.green, C.black], sizes: null, sold: 88, days: 180,
    params: { material: ['nerezová ocel', 'stainless steel'], volume: ['450 ml', '450 ml'], care: ['mýt ručně', 'hand wash only'] },
    art: { accentHex: C.white.hex },
  },

  // ======================= Football boots ================================
  {
    code: 'KO-4001', cat: 'obuv-kopacky', brand: 'rapida', fam: 'boot',
    name: ['Kopačky Rapida Strike FG', 'Rapida Strike FG Football Boots'],
    short: ['Lehké kopačky na přírodní trávu s tenkým svrškem pro citlivé zpracování míče.', 'Light firm-ground boots with a thin upper for a delicate touch.'],
    intro: [
      'Strike jsou nejlehčí kopačky v nabídce Rapidy. Tenký syntetický svršek s texturou v místě kontaktu s míčem vám dá přesný cit pro přihrávky i střelu a kombinace kulatých a lamelových kolíků drží na suché i mírně vlhké trávě.',
      'The Strike is Rapida’s lightest boot. A thin synthetic upper with a textured strike zone gives you precise feel for passes and shots, while a mix of round and bladed studs grips on dry and slightly wet grass.',
    ],
    price: 2499, isNew: true, colours: [C.black, C.white], sizes: SHOES, sold: 211, days: 16,
    params: { surface: ['přírodní tráva (FG)', 'firm ground (FG)'], upper: ['syntetika', 'synthetic'], weight: ['195 g (vel. 42)', '195 g (size 42)'] },
    art: { accentHex: C.neon.hex },
  },
  {
    code: 'KO-4002', cat: 'obuv-kopacky', brand: 'rapida', fam: 'boot',
    name: ['Kopačky Rapida Strike AG na umělou trávu', 'Rapida Strike AG Artificial Grass Boots'],
    short: ['Verze Strike s kratšími kolíky pro umělou trávu.', 'The Strike with shorter studs for artificial grass.'],
    intro: [
      'Na umělce s gumovým granulátem se dlouhé kolíky zasekávají a zatěžují kolena. Verze AG má víc kratších dutých kolíků, které rozkládají tlak a chrání klouby při prudkých obrátkách.',
      'Long studs catch in rubber-crumb pitches and strain the knees. The AG version has more, shorter hollow studs that spread the load and protect your joints during sharp turns.',
    ],
    price: 2299, colours: [C.orange, C.blue], sizes: SHOES, sold: 164, days: 120,
    params: { surface: ['umělá tráva (AG)', 'artificial grass (AG)'], upper: ['syntetika', 'synthetic'], weight: ['210 g (vel. 42)', '210 g (size 42)'] },
    art: { accentHex: C.black.hex },
  },
  {
    code: 'KO-4003', cat: 'obuv-kopacky', brand: 'halfback', fam: 'boot',
    name: ['Kožené kopačky Halfback Classic FG', 'Halfback Classic FG Leather Boots'],
    short: ['Klasické kopačky z měkké hovězí kůže s přeložitelným jazykem.', 'Classic soft leather boots with a fold-over tongue.'],
    intro: [
      'Pro všechny, kdo nedají dopustit na kůži. Měkká hovězí useň se po pár trénincích dokonale přizpůsobí noze, dlouhý jazyk se dá přeložit přes tkaničky a podešev s dvanácti kolíky drží spolehlivě.',
      'For everyone who swears by leather. The soft cowhide upper moulds perfectly to your foot after a few sessions, the long tongue folds over the laces and the twelve-stud soleplate grips reliably.',
    ],
    price: 1899, colours: [C.black], sizes: SHOES, sold: 302, days: 365,
    params: { surface: ['přírodní tráva (FG)', 'firm ground (FG)'], upper: ['hovězí kůže', 'cowhide leather'], weight: ['240 g (vel. 42)', '240 g (size 42)'] },
    art: { accentHex: C.white.hex },
  },
  {
    code: 'KO-4004', cat: 'obuv-kopacky', brand: 'halfback', fam: 'boot',
    name: ['Turfy Halfback Turf TF', 'Halfback Turf TF Shoes'],
    short: ['Turfy s drobnými gumovými výstupky na tvrdé umělé povrchy.', 'Turf shoes with small rubber studs for hard artificial surfaces.'],
    intro: [
      'Na starší umělé trávě, antuce i tvrdém škvárovém hřišti jsou turfy nejbezpečnější volbou. Desítky drobných gumových výstupků dobře drží a nenamáhají klouby.',
      'On older artificial turf, shale or hard cinder pitches, turf shoes are the safest choice. Dozens of small rubber studs grip well without straining your joints.',
    ],
    price: 1199, was: 1599, colours: [C.blue, C.white], sizes: SHOES, sold: 276, days: 290,
    params: { surface: ['tvrdá umělá tráva, antuka (TF)', 'hard artificial turf, shale (TF)'], upper: ['syntetika', 'synthetic'], weight: ['260 g (vel. 42)', '260 g (size 42)'] },
    art: { accentHex: C.yellow.hex, shape: 'sneaker' },
  },
  {
    code: 'KO-4005', cat: 'obuv-kopacky', brand: 'rapida', fam: 'boot',
    name: ['Sálová obuv Rapida Futsal IN', 'Rapida Futsal IN Indoor Shoes'],
    short: ['Sálovky s nebarvící podešví pro futsal a halové turnaje.', 'Indoor shoes with a non-marking sole for futsal and hall tournaments.'],
    intro: [
      'Plochá podešev z nebarvící gumy s jemným vzorem drží na palubovce i na umělém povrchu haly. Zesílená špička vydrží i časté kopání špičkou, které k futsalu patří.',
      'The flat non-marking rubber sole with a fine pattern grips on wooden floors and synthetic hall surfaces. A reinforced toe withstands the toe-pokes that are part of futsal.',
    ],
    price: 1199, colours: [C.white, C.navy], sizes: SHOES, sold: 189, days: 210,
    params: { surface: ['hala (IN)', 'indoor (IN)'], upper: ['semiš a syntetika', 'suede and synthetic'], weight: ['280 g (vel. 42)', '280 g (size 42)'] },
    art: { accentHex: C.red.hex, shape: 'sneaker' },
  },
  {
    code: 'KO-4006', cat: 'obuv-kopacky', brand: 'meteor', fam: 'boot',
    name: ['Kopačky Meteor Velocity SG', 'Meteor Velocity SG Football Boots'],
    short: ['Lisokolíky s vyměnitelnými kovovými kolíky na rozbahněné hřiště.', 'Soft-ground boots with replaceable metal studs for muddy pitches.'],
    intro: [
      'Když po podzimních deštích připomíná hřiště oranici, přichází čas na kolíky. Velocity SG kombinují šest vyměnitelných kovových kolíků s pevnými plastovými, takže se nebudete bořit ani v rozbahněném terénu.',
      'When autumn rain turns the pitch into a ploughed field, it’s time for screw-ins. The Velocity SG combines six replaceable metal studs with fixed moulded ones, so you stay on your feet in the mud.',
    ],
    price: 3290, isNew: true, colours: [C.red], sizes: SHOES, sold: 47, days: 7,
    params: { surface: ['měkký, rozbahněný terén (SG)', 'soft ground (SG)'], upper: ['syntetika s pletenou manžetou', 'synthetic with knitted collar'], weight: ['225 g (vel. 42)', '225 g (size 42)'] },
    art: { accentHex: C.black.hex },
    extra: ['Balení obsahuje klíč na kolíky a sáček na boty.', 'Includes a stud key and a boot bag.'],
  },

  // ======================= Running shoes =================================
  {
    code: 'BE-4101', cat: 'obuv-bezecka', brand: 'tempo', fam: 'runner',
    name: ['Běžecké boty Tempo Glide', 'Tempo Glide Running Shoes'],
    short: ['Tlumené silniční boty na každodenní kilometry.', 'Cushioned road shoes for your daily miles.'],
    intro: [
      'Glide jsou univerzální silniční boty pro běžce, kteří naběhají dvacet až šedesát kilometrů týdně. Měkká pěna v mezipodešvi tlumí doskok a prodyšný pletený svršek nikde netlačí.',
      'The Glide is a versatile road shoe for runners logging twenty to sixty kilometres a week. Soft midsole foam cushions every landing and the breathable knitted upper never pinches.',
    ],
    price: 2790, colours: [C.blue, C.black], sizes: SHOES, sold: 388, days: 160,
    params: { use: ['silnice, každodenní trénink', 'road, daily training'], drop: ['8 mm', '8 mm'], weight: ['265 g (vel. 42)', '265 g (size 42)'] },
    art: { accentHex: C.white.hex },
  },
  {
    code: 'BE-4102', cat: 'obuv-bezecka', brand: 'orlik', fam: 'runner',
    name: ['Trailové boty Orlík Trail Ridge', 'Orlík Trail Ridge Trail Running Shoes'],
    short: ['Trailovky s agresivním vzorkem pro lesní cesty i kamenité stezky.', 'Trail shoes with an aggressive tread for forest paths and rocky trails.'],
    intro: [
      'Trail Ridge mají 5mm výstupky na podešvi, ochrannou destičku proti kamenům a zesílenou špičku. Zvládnou bahnité lesní cesty v Beskydech stejně jako suché kamenité hřebeny Krkonoš.',
      'The Trail Ridge features 5 mm lugs, a rock plate and a reinforced toe cap. It handles muddy forest trails in the Beskydy as well as dry rocky ridges in the Krkonoše.',
    ],
    price: 3190, was: 3690, colours: [C.khaki, C.grey], sizes: SHOES, sold: 156, days: 230,
    params: { use: ['terén, trail', 'trail'], drop: ['6 mm', '6 mm'], weight: ['310 g (vel. 42)', '310 g (size 42)'] },
    art: { accentHex: C.orange.hex },
  },
  {
    code: 'BE-4103', cat: 'obuv-bezecka', brand: 'meteor', fam: 'runner',
    name: ['Běžecké boty Meteor Pace 2', 'Meteor Pace 2 Running Shoes'],
    short: ['Lehké boty na tempové tréninky, nyní ve výprodeji.', 'Light shoes for tempo sessions, now on sale.'],
    intro: [
      'Druhá generace oblíbeného modelu Pace. Nižší hmotnost a pružnější pěna z nich dělají skvělou volbu pro intervaly, tempové běhy i závody na deset kilometrů.',
      'The second generation of the popular Pace. Lower weight and a springier foam make it a great choice for intervals, tempo runs and 10K races.',
    ],
    price: 1990, was: 2790, colours: [C.red, C.white], sizes: SHOES, sold: 247, days: 330,
    params: { use: ['silnice, rychlý trénink', 'road, speed work'], drop: ['6 mm', '6 mm'], weight: ['220 g (vel. 42)', '220 g (size 42)'] },
    art: { accentHex: C.navy.hex },
  },
  {
    code: 'BE-4104', cat: 'obuv-bezecka', brand: 'tempo', fam: 'runner',
    name: ['Závodní boty Tempo Racer Carbon', 'Tempo Racer Carbon Racing Shoes'],
    short: ['Závodní boty s karbonovou deskou pro půlmaraton i maraton.', 'Carbon-plated racing shoes for the half and full marathon.'],
    intro: [
      'Racer Carbon je vlajková loď značky Tempo. Karbonová deska zalitá do vysoké pěnové mezipodešve vrací energii při každém kroku a pomůže vám pokořit osobní rekord.',
      'The Racer Carbon is Tempo’s flagship. A carbon plate embedded in a tall foam midsole returns energy with every stride and helps you chase that personal best.',
    ],
    price: 4990, isNew: true, colours: [C.neon], sizes: SHOES, sold: 39, days: 4, noEur: true,
    params: { use: ['závody na silnici', 'road racing'], drop: ['8 mm', '8 mm'], weight: ['198 g (vel. 42)', '198 g (size 42)'] },
    art: { accentHex: C.black.hex },
  },
  {
    code: 'BE-4105', cat: 'obuv-bezecka', brand: 'orlik', fam: 'runner',
    name: ['Nepromokavé trailovky Orlík Kamzík', 'Orlík Kamzík Waterproof Trail Shoes'],
    short: ['Trailové boty s membránou do mokra a sněhu.', 'Trail shoes with a membrane for wet and snowy runs.'],
    intro: [
      'Kamzík má nepromokavou membránu a vysoký límec, takže v něm můžete běhat i v mokré trávě nebo v čerstvém sněhu. Rychlé šněrování jednou rukou oceníte se zmrzlými prsty.',
      'The Kamzík has a waterproof membrane and a high collar, so you can run through wet grass or fresh snow. Quick one-handed lacing is a blessing with frozen fingers.',
    ],
    price: 3490, colours: [C.black], sizes: SHOES, sold: 121, days: 420, soldOut: true,
    params: { use: ['terén, zima', 'trail, winter'], drop: ['8 mm', '8 mm'], weight: ['340 g (vel. 42)', '340 g (size 42)'] },
    art: { accentHex: C.teal.hex },
  },

  // ======================= Sneakers & slides =============================
  {
    code: 'TE-4201', cat: 'obuv-tenisky', brand: 'lipno', fam: 'sneaker',
    name: ['Tenisky Lipno Court', 'Lipno Court Sneakers'],
    short: ['Čisté nízké tenisky z plátna, které se hodí ke všemu.', 'Clean low-top canvas sneakers that go with everything.'],
    intro: [
      'Jednoduché plátěné tenisky inspirované halovými botami sedmdesátých let. Nosí se k džínům, kraťasům i teplákům a s každým vypráním vypadají o něco lépe.',
      'Simple canvas sneakers inspired by 1970s indoor shoes. Wear them with jeans, shorts or joggers – they look better with every wash.',
    ],
    price: 1690, colours: [C.white, C.black], sizes: SHOES, sold: 433, days: 280,
    params: { upper: ['bavlněné plátno', 'cotton canvas'] },
    art: { accentHex: C.red.hex },
  },
  {
    code: 'TE-4202', cat: 'obuv-tenisky', brand: 'lipno', fam: 'sneaker',
    name: ['Kožené tenisky Lipno Court Premium', 'Lipno Court Premium Leather Sneakers'],
    short: ['Bílé kožené tenisky se zelenou patou.', 'White leather sneakers with a green heel tab.'],
    intro: [
      'Prémiová verze modelu Court z hladké hovězí kůže s podšívkou z mikrovlákna. Zelená pata je malým poznávacím znamením značky Lipno.',
      'The premium version of the Court in smooth cowhide with a microfibre lining. The green heel tab is Lipno’s little signature.',
    ],
    price: 2190, colours: [C.white], sizes: SHOES, sold: 198, days: 190,
    params: { upper: ['hovězí kůže', 'cowhide leather'], origin: ['Portugalsko', 'Portugal'] },
    art: { accentHex: C.green.hex },
  },
  {
    code: 'TE-4203', cat: 'obuv-tenisky', brand: 'vltava', fam: 'sneaker',
    name: ['Volnočasové boty Vltava Sport Retro Runner', 'Vltava Sport Retro Runner Casual Shoes'],
    short: ['Semišové boty ve stylu běžeckých bot z osmdesátek.', 'Suede shoes styled after 1980s running shoes.'],
    intro: [
      'Retro Runner vycházejí z běžeckých bot, ve kterých se kdysi běhala Velká kunratická. Kombinace semiše a síťoviny, plochá podrážka a výrazný boční pruh.',
      'The Retro Runner is based on the shoes people once wore for Prague’s famous Velká kunratická cross-country race. A mix of suede and mesh, a flat sole and a bold side stripe.',
    ],
    price: 1490, was: 2190, colours: [C.grey, C.navy, C.red], sizes: SHOES, sold: 361, days: 350,
    params: { upper: ['semiš a síťovina', 'suede and mesh'] },
    art: { accentHex: C.white.hex },
  },
  {
    code: 'TE-4204', cat: 'obuv-tenisky', brand: 'fanzona', fam: 'slide', club: VLTAVIN,
    name: ['Pantofle FC Vltavín Praha', 'FC Vltavín Praha Slides'],
    short: ['Pantofle do šatny, ke koupališti i na chalupu.', 'Slides for the changing room, the pool or the cottage.'],
    intro: [
      'Stejné pantofle, jaké nosí hráči Vltavínu v kabině. Široký pásek s reliéfním znakem a anatomicky tvarovaná stélka, na které se dobře stojí i po tréninku.',
      'The same slides Vltavín players wear in the dressing room. A wide strap with an embossed crest and an anatomically shaped footbed that feels good after training.',
    ],
    price: 399, colours: [C.red, C.black], sizes: SHOES, sold: 486, days: 540,
    art: { accentHex: C.white.hex },
  },

  // ======================= T-shirts & polos ==============================
  {
    code: 'TR-5001', cat: 'obleceni-tricka', brand: 'vltava', fam: 'tshirt',
    name: ['Funkční tričko Vltava Sport Dry', 'Vltava Sport Dry Technical T-Shirt'],
    short: ['Rychleschnoucí funkční tričko na trénink i běh.', 'A quick-drying technical tee for training and running.'],
    intro: [
      'Funkční tričko z jemného polyesteru, který odvádí pot od těla a schne během pár minut. Reflexní logo na zádech vás zviditelní při večerním běhu.',
      'A technical tee in fine polyester that wicks sweat and dries in minutes. The reflective logo on the back keeps you visible on evening runs.',
    ],
    price: 549, colours: [C.black, C.blue, C.red], sizes: ADULT_XS, sold: 577, days: 260,
    params: { material: ['100% polyester', '100% polyester'], fit: ['sportovní', 'athletic'] },
    art: { accentHex: C.white.hex },
  },
  {
    code: 'TR-5002', cat: 'obleceni-tricka', brand: 'fanzona', fam: 'tshirt', club: VLTAVIN,
    name: ['Bavlněné tričko FC Vltavín Praha Logo', 'FC Vltavín Praha Logo Cotton T-Shirt'],
    short: ['Tričko z biobavlny s velkým znakem na hrudi.', 'Organic cotton tee with a large crest on the chest.'],
    intro: [
      'Základ šatníku každého fanouška Vltavínu. Tričko z česané biobavlny s velkým sítotiskem znaku na hrudi a drobným nápisem „od roku 1923“ na zádech pod límcem.',
      'A wardrobe staple for every Vltavín fan. Combed organic cotton with a large screen-printed crest on the chest and a small “since 1923” print below the back collar.',
    ],
    price: 499, colours: [C.red, C.white], sizes: ADULT_XS, sold: 604, days: 400,
    params: { material: ['100% biobavlna', '100% organic cotton'] },
    art: { accentHex: C.white.hex },
  },
  {
    code: 'TR-5003', cat: 'obleceni-tricka', brand: 'fanzona', fam: 'tshirt', club: MORAVAN,
    name: ['Tričko SK Moravan Brno Fan', 'SK Moravan Brno Fan T-Shirt'],
    short: ['Fanouškovské tričko s erbem a rokem založení 1913.', 'Supporter tee with the crest and the founding year 1913.'],
    intro: [
      'Pohodlné bavlněné tričko s erbem Moravanu na hrudi. Na levém rukávu je drobná nášivka s rokem založení klubu.',
      'A comfortable cotton tee with the Moravan crest on the chest and a small patch with the club’s founding year on the left sleeve.',
    ],
    price: 499, was: 599, colours: [C.blue, C.grey], sizes: ADULT, sold: 289, days: 430, noEur: true,
    params: { material: ['100% bavlna', '100% cotton'] },
    art: { accentHex: C.white.hex },
  },
  {
    code: 'TR-5004', cat: 'obleceni-tricka', brand: 'kordis', fam: 'tshirt',
    name: ['Termo triko s dlouhým rukávem Kordis Thermo', 'Kordis Thermo Long-Sleeve Base Layer'],
    short: ['Přiléhavá spodní vrstva pod dres do chladného počasí.', 'A close-fitting base layer for under your jersey in cold weather.'],
    intro: [
      'Termoprádlo, které hráči nosí pod dres od října do března. Počesaná vnitřní strana udrží teplo, pružný materiál kopíruje tělo a nikde neomezuje.',
      'The base layer players wear under their shirts from October to March. A brushed inner face keeps you warm while the stretchy fabric hugs your body without restricting it.',
    ],
    price: 699, colours: [C.black, C.navy], sizes: ADULT_XS, sold: 352, days: 170,
    params: { material: ['88% polyester, 12% elastan', '88% polyester, 12% elastane'], fit: ['přiléhavý (compression)', 'compression fit'] },
    art: { shape: 'longsleeve', accentHex: C.grey.hex },
  },
  {
    code: 'TR-5005', cat: 'obleceni-tricka', brand: 'lipno', fam: 'tshirt',
    name: ['Polokošile Lipno Club', 'Lipno Club Polo Shirt'],
    short: ['Piké polokošile s kontrastním lemem límečku.', 'Piqué polo shirt with contrast collar tipping.'],
    intro: [
      'Klasická polokošile z bavlněného piké, která se hodí na klubové akce, do kanceláře i na golf. Límeček s kontrastním proužkem drží tvar i po vyprání.',
      'A classic cotton piqué polo that works for club events, the office or the golf course. The tipped collar keeps its shape wash after wash.',
    ],
    about: ['Léga se dvěma knoflíky a boční rozparky ve spodním lemu dávají polokošili volnost, límeček drží tvar i bez žehlení.', 'A two-button placket and side vents at the hem give the polo freedom of movement, and the collar keeps its shape without ironing.'],
    price: 899, colours: [C.navy, C.white], sizes: ADULT, sold: 144, days: 220,
    params: { material: ['100% bavlněné piké', '100% cotton piqué'] },
    art: { shape: 'polo', accentHex: C.red.hex },
  },
  {
    code: 'TR-5006', cat: 'obleceni-tricka', brand: 'tempo', fam: 'tshirt',
    name: ['Běžecké tílko Tempo Air', 'Tempo Air Running Singlet'],
    short: ['Ultralehké síťované tílko na horké letní běhy.', 'An ultralight mesh singlet for hot summer runs.'],
    intro: [
      'Tílko Air váží méně než sedmdesát gramů a díky síťovaným zádům perfektně větrá. Ideální na letní závody i dlouhé běhy v horku.',
      'The Air singlet weighs less than seventy grams and its mesh back ventilates perfectly. Ideal for summer races and long runs in the heat.',
    ],
    about: ['Ploché švy nedřou ani na dlouhých bězích a po vyprání tílko uschne za necelou hodinu.', 'Flat seams won’t chafe on long runs, and the singlet dries in under an hour after washing.'],
    price: 449, isNew: true, colours: [C.neon, C.blue], sizes: ADULT_XS, sold: 63, days: 18,
    params: { material: ['100% recyklovaný polyester', '100% recycled polyester'], fit: ['volný', 'relaxed'] },
    art: { shape: 'tank', accentHex: C.black.hex },
  },

  // ======================= Hoodies =======================================
  {
    code: 'MI-5101', cat: 'obleceni-mikiny', brand: 'fanzona', fam: 'hoodie', club: VLTAVIN,
    name: ['Mikina s kapucí FC Vltavín Praha', 'FC Vltavín Praha Hoodie'],
    short: ['Hřejivá mikina s kapucí a vyšívaným znakem.', 'Warm hoodie with an embroidered crest.'],
    intro: [
      'Mikina s klokaní kapsou a dvojitou kapucí, ve které se dá přečkat i zápas v listopadovém dešti. Znak klubu je vyšitý, takže nepopraská ani po stovce praní.',
      'A hoodie with a kangaroo pocket and lined hood that will see you through a November match in the rain. The crest is embroidered, so it won’t crack even after a hundred washes.',
    ],
    price: 1290, colours: [C.red, C.grey], sizes: ADULT_XS, sold: 498, days: 330,
    art: { accentHex: C.white.hex },
  },
  {
    code: 'MI-5102', cat: 'obleceni-mikiny', brand: 'fanzona', fam: 'hoodie', club: OCELAR,
    name: ['Mikina s kapucí FK Ocelář Ostrava', 'FK Ocelář Ostrava Hoodie'],
    short: ['Mikina s kapucí v klubových barvách Oceláře.', 'Hoodie in Ocelář club colours.'],
    intro: [
      'Na hrudi nápis Ocelář, na zádech silueta Dolní oblasti Vítkovice. Mikina, kterou v Ostravě poznají na sto metrů.',
      'The Ocelář name on the chest, the skyline of the old ironworks on the back. A hoodie they will recognise in Ostrava from a hundred metres away.',
    ],
    price: 1290, colours: [C.sky, C.navy], sizes: ADULT, sold: 263, days: 310,
    art: { accentHex: C.white.hex },
  },
  {
    code: 'MI-5103', cat: 'obleceni-mikiny', brand: 'kordis', fam: 'hoodie',
    name: ['Tréninková mikina na zip Kordis Team', 'Kordis Team Full-Zip Training Top'],
    short: ['Lehká mikina na zip pro rozcvičku i cestu na zápas.', 'A light full-zip top for warm-ups and travel to games.'],
    intro: [
      'Mikina z pružného úpletu se stojáčkem a celopropínacím zipem. Týmy ji nosí na rozcvičku, na lavičku i na cestu autobusem.',
      'A stretchy knit top with a stand-up collar and full-length zip. Teams wear it for warm-ups, on the bench and on the coach to away games.',
    ],
    about: ['Hladký pružný úplet nežmolkuje a po vyprání rychle schne. Obě boční kapsy mají zip, takže z nich nic nevypadne.', 'The smooth stretch knit resists pilling and dries quickly. Both side pockets are zipped, so nothing falls out.'],
    price: 999, colours: [C.black, C.navy, C.red], sizes: ADULT_XS, sold: 318, days: 250,
    params: { material: ['100% polyester', '100% polyester'], gsm: ['240 g/m²', '240 g/m²'] },
    art: { shape: 'zip-top', accentHex: C.white.hex },
  },
  {
    code: 'MI-5104', cat: 'obleceni-mikiny', brand: 'orlik', fam: 'hoodie',
    name: ['Fleecová mikina Orlík Outdoor Polar', 'Orlík Outdoor Polar Fleece'],
    short: ['Teplá fleecová mikina se stojáčkem a krátkým zipem.', 'A warm fleece with a stand-up collar and half zip.'],
    intro: [
      'Polar je hřejivá mezivrstva na hory i na chladné ranní tréninky. Hustý fleece dobře izoluje a přitom skvěle dýchá, krátký zip umožňuje rychle vyvětrat.',
      'The Polar is a warm mid-layer for the mountains or chilly morning sessions. The dense fleece insulates well yet breathes, and the half zip lets you vent quickly.',
    ],
    about: ['Manžety i spodní lem jsou olemované pružným úpletem a dvě boční kapsy na zip zahřejí ruce.', 'Cuffs and hem are bound with stretchy trim, and two zipped side pockets keep your hands warm.'],
    price: 1190, was: 1490, colours: [C.green, C.grey], sizes: ADULT, sold: 205, days: 400,
    params: { material: ['100% recyklovaný polyester (fleece)', '100% recycled polyester fleece'], gsm: ['280 g/m²', '280 g/m²'] },
    art: { shape: 'zip-top', accentHex: C.black.hex },
  },
  {
    code: 'MI-5105', cat: 'obleceni-mikiny', brand: 'lipno', fam: 'hoodie',
    name: ['Mikina bez kapuce Lipno Basic', 'Lipno Basic Crew Sweatshirt'],
    short: ['Jednoduchá mikina s kulatým výstřihem na každý den.', 'A simple crew-neck sweatshirt for every day.'],
    intro: [
      'Žádné potisky, jen kvalitní teplákovina a dobrý střih. Mikinu vezmete do práce, na výlet i na gauč.',
      'No prints, just quality fleece and a good cut. Wear it to work, on a day trip or on the sofa.',
    ],
    price: 890, colours: [C.grey, C.navy], sizes: ADULT_XS, sold: 244, days: 360,
    art: { shape: 'sweatshirt', accentHex: C.white.hex },
  },

  // ======================= Trousers & shorts =============================
  {
    code: 'KR-5201', cat: 'obleceni-kalhoty', brand: 'vltava', fam: 'shorts',
    name: ['Fotbalové trenýrky Vltava Sport Match', 'Vltava Sport Match Football Shorts'],
    short: ['Zápasové trenýrky, které ladí s tréninkovým dresem Vltava Sport Pro.', 'Match shorts that pair with the Vltava Sport Pro training shirt.'],
    intro: [
      'Lehké trenýrky s vnitřní síťovanou vložkou a kontrastním proužkem po straně. Barevně ladí s tréninkovými dresy Vltava Sport.',
      'Light shorts with an inner mesh brief and a contrast side stripe. Colour-matched to Vltava Sport training shirts.',
    ],
    price: 399, colours: [C.black, C.white, C.red], sizes: ADULT_XS, sold: 455, days: 240,
    art: { accentHex: C.white.hex },
    similar: ['DR-1008', 'DR-1009', 'PN-7201'],
  },
  {
    code: 'KR-5202', cat: 'obleceni-kalhoty', brand: 'tempo', fam: 'shorts',
    name: ['Běžecké šortky Tempo Split 5"', 'Tempo Split 5" Running Shorts'],
    short: ['Krátké běžecké šortky s bočními rozparky a kapsou na gel.', 'Short running shorts with side splits and a gel pocket.'],
    intro: [
      'Boční rozparky dávají nohám volnost a zadní kapsa na zip pojme klíč nebo energetický gel. Vnitřní slipová vložka je z měkké síťoviny.',
      'Side splits give your legs freedom, and the zipped back pocket holds a key or an energy gel. The inner brief is made of soft mesh.',
    ],
    price: 649, isNew: true, colours: [C.black, C.blue], sizes: ADULT_XS, sold: 188, days: 27,
    params: { material: ['88% polyester, 12% elastan', '88% polyester, 12% elastane'], fit: ['délka 5" (13 cm)', '5" (13 cm) inseam'] },
    art: { accentHex: C.neon.hex },
  },
  {
    code: 'KR-5203', cat: 'obleceni-kalhoty', brand: 'vltava', fam: 'shorts', club: VLTAVIN,
    name: ['Domácí trenýrky FC Vltavín Praha 2024/25', 'FC Vltavín Praha Home Shorts 2024/25'],
    short: ['Bílé zápasové trenýrky k domácímu dresu.', 'White match shorts to go with the home shirt.'],
    intro: [
      'K rudému domácímu dresu patří bílé trenýrky s rudým lemem a malým znakem na levé nohavici. Doplňte sadu o štulpny a na zápas můžete vyrazit jako hráč.',
      'The red home shirt comes with white shorts featuring a red trim and a small crest on the left leg. Add the socks and you can head to the match looking like a player.',
    ],
    price: 699, isNew: true, colours: [C.white], sizes: ADULT_XS, sold: 97, days: 12,
    art: { accentHex: C.red.hex },
    similar: ['DR-1001', 'PN-7201'],
  },
  {
    code: 'KR-5204', cat: 'obleceni-kalhoty', brand: 'lipno', fam: 'shorts',
    name: ['Teplákové kraťasy Lipno Chill', 'Lipno Chill Sweat Shorts'],
    short: ['Měkké kraťasy z teplákoviny na doma i na léto.', 'Soft sweat shorts for home and summer.'],
    intro: [
      'Kraťasy z lehké bavlněné teplákoviny s hlubokými kapsami. Ideální po tréninku, na chalupě nebo na letní procházku.',
      'Shorts in light cotton sweat fabric with deep pockets. Ideal after training, at the cottage or on a summer stroll.',
    ],
    about: ['Pas s gumou a šňůrkou drží pohodlně a bavlněná teplákovina zůstává měkká i po mnoha vypráních.', 'The elastic drawcord waist sits comfortably and the cotton sweat fabric stays soft wash after wash.'],
    price: 599, was: 749, colours: [C.grey], sizes: ADULT, sold: 131, days: 300,
    params: { material: ['95% bavlna, 5% elastan', '95% cotton, 5% elastane'] },
    art: { accentHex: C.white.hex },
  },
  {
    code: 'TP-5401', cat: 'obleceni-kalhoty', brand: 'kordis', fam: 'pants',
    name: ['Tréninkové kalhoty Kordis Team', 'Kordis Team Training Pants'],
    short: ['Zúžené tréninkové kalhoty se zipy u kotníků.', 'Tapered training pants with ankle zips.'],
    intro: [
      'Nohavice mají u kotníků zipy, takže kalhoty stáhnete i přes kopačky. Dvě kapsy na zip udrží klíče a telefon i při rozcvičce.',
      'Ankle zips let you pull the pants off over your boots, and two zipped pockets keep keys and phone secure during warm-ups.',
    ],
    price: 899, colours: [C.black, C.navy], sizes: ADULT_XS, sold: 402, days: 250,
    params: { material: ['100% polyester', '100% polyester'] },
    art: { accentHex: C.white.hex },
    similar: ['MI-5103', 'KR-5201'],
  },
  {
    code: 'TP-5402', cat: 'obleceni-kalhoty', brand: 'fanzona', fam: 'pants', club: VLTAVIN,
    name: ['Teplákové kalhoty FC Vltavín Praha', 'FC Vltavín Praha Joggers'],
    short: ['Pohodlné tepláky s manžetami a malým znakem.', 'Comfortable cuffed joggers with a small crest.'],
    intro: [
      'Tepláky z počesané bavlněné teplákoviny s žebrovanými manžetami. Ladí s mikinou Vltavínu a hodí se na cestu na stadion i na nedělní gauč.',
      'Joggers in brushed cotton fleece with ribbed cuffs. They match the Vltavín hoodie and suit both the trip to the stadium and a lazy Sunday.',
    ],
    price: 1090, colours: [C.grey, C.black], sizes: ADULT, sold: 227, days: 320,
    params: { material: ['80% bavlna, 20% polyester', '80% cotton, 20% polyester'], fit: ['regular fit', 'regular fit'] },
    art: { accentHex: C.red.hex },
    similar: ['MI-5101'],
  },
  {
    code: 'TP-5403', cat: 'obleceni-kalhoty', brand: 'tempo', fam: 'pants',
    name: ['Zateplené běžecké legíny Tempo Warm', 'Tempo Warm Thermal Running Tights'],
    short: ['Legíny s počesaným vnitřkem na zimní běhání.', 'Brushed-back tights for winter running.'],
    intro: [
      'Warm jsou legíny na běhání v zimě. Počesaná vnitřní strana hřeje, větruodolné panely na stehnech chrání před studeným větrem a reflexní prvky na lýtkách vás zviditelní za tmy.',
      'The Warm tights are built for winter running. A brushed inner face keeps you warm, windproof thigh panels block cold gusts and reflective details on the calves keep you visible after dark.',
    ],
    price: 790, colours: [C.black], sizes: ADULT_XS, sold: 176, days: 140,
    params: { material: ['82% polyester, 18% elastan', '82% polyester, 18% elastane'], fit: ['přiléhavý', 'tight fit'] },
    art: { accentHex: C.neon.hex },
  },

  // ======================= Jackets =======================================
  {
    code: 'BU-5301', cat: 'obleceni-bundy', brand: 'kordis', fam: 'jacket',
    name: ['Zimní bunda na lavičku Kordis Coach', 'Kordis Coach Winter Bench Coat'],
    short: ['Dlouhá zateplená bunda pro trenéry i fanoušky na tribuně.', 'A long insulated coat for coaches and fans in the stands.'],
    intro: [
      'Dlouhá bunda pod kolena s nepromokavým svrškem a teplou výplní, ve které přečkáte i zápas v lednovém mrazu. Kapuce s kšiltem se dá schovat do límce.',
      'A knee-length coat with a waterproof shell and warm fill that will see you through a match in January frost. The peaked hood tucks into the collar.',
    ],
    price: 2990, was: 3490, colours: [C.black, C.navy], sizes: ADULT, sold: 162, days: 300,
    params: { material: ['svršek 100% polyester, výplň 100% polyester', 'shell 100% polyester, fill 100% polyester'], features: ['vodní sloupec 5 000 mm', '5,000 mm waterproof rating'] },
    art: { accentHex: C.grey.hex },
  },
  {
    code: 'BU-5302', cat: 'obleceni-bundy', brand: 'vltava', fam: 'jacket',
    name: ['Šusťáková bunda Vltava Sport Retro 90', 'Vltava Sport Retro 90 Shell Jacket'],
    short: ['Barevná šusťáková bunda jako z devadesátek.', 'A colourful shell jacket straight out of the nineties.'],
    intro: [
      'Šusťáky jsou zpátky. Lehká šustivá bunda s výraznými barevnými bloky, stojáčkem a kapucí schovanou v límci. Na festival, na výlet i na zápas.',
      'Shell suits are back. A light, rustling jacket with bold colour blocks, a stand-up collar and a hood tucked into the collar. Perfect for festivals, trips and matches.',
    ],
    price: 1490, isNew: true, colours: [C.purple, C.teal], sizes: ADULT_XS, sold: 84, days: 10,
    params: { material: ['100% nylon, podšívka síťovina', '100% nylon, mesh lining'] },
    art: { accentHex: C.yellow.hex },
  },
  {
    code: 'BU-5303', cat: 'obleceni-bundy', brand: 'orlik', fam: 'jacket',
    name: ['Softshellová bunda Orlík Outdoor Breeze', 'Orlík Outdoor Breeze Softshell Jacket'],
    short: ['Větruodolný softshell na jaro a podzim.', 'A windproof softshell for spring and autumn.'],
    intro: [
      'Breeze je pružný softshell s mikrofleecem uvnitř. Zastaví vítr i lehký déšť, přitom dobře dýchá, takže se v něm nezapotíte ani do kopce.',
      'The Breeze is a stretchy softshell with a microfleece lining. It stops wind and light rain yet breathes well, so you won’t overheat on the climbs.',
    ],
    price: 1590, was: 1990, colours: [C.grey, C.red], sizes: ADULT, sold: 191, days: 380, noEur: true,
    params: { material: ['94% polyester, 6% elastan', '94% polyester, 6% elastane'], features: ['vodní sloupec 8 000 mm', '8,000 mm waterproof rating'] },
    art: { accentHex: C.black.hex },
  },
  {
    code: 'BU-5304', cat: 'obleceni-bundy', brand: 'orlik', fam: 'jacket',
    name: ['Prošívaná vesta Orlík Outdoor Thermo', 'Orlík Outdoor Thermo Quilted Vest'],
    short: ['Lehká zateplená vesta, kterou sbalíte do kapsy.', 'A light insulated vest that packs into its own pocket.'],
    intro: [
      'Vesta s lehkou syntetickou výplní zahřeje tělo a nechá volné ruce. Sbalíte ji do vlastní kapsy, takže v batohu skoro nezabere místo.',
      'A vest with light synthetic fill that keeps your core warm and your arms free. It packs into its own pocket and takes up almost no room in a backpack.',
    ],
    about: ['Dvě boční kapsy na zip zahřejí ruce a pružné lemy průramků i spodního okraje drží teplo uvnitř.', 'Two zipped side pockets keep your hands warm, and stretchy binding at the armholes and hem keeps the heat in.'],
    fit: ['Vesta je střižená tak, aby se dala nosit přes mikinu i pod bundu. Pokud jste mezi dvěma velikostmi, zvolte spíš tu větší.', 'The vest is cut to be worn over a hoodie or under a jacket. If you are between two sizes, go for the larger one.'],
    price: 1290, colours: [C.black, C.navy], sizes: ADULT, sold: 117, days: 270,
    params: { material: ['100% nylon, výplň 100% polyester', '100% nylon, 100% polyester fill'] },
    art: { shape: 'vest', accentHex: C.grey.hex },
  },

  // ======================= Balls =========================================
  {
    code: 'MC-6001', cat: 'vybaveni-mice', brand: 'rapida', fam: 'ball',
    name: ['Zápasový míč Rapida Match Pro', 'Rapida Match Pro Football'],
    short: ['Termicky lepený zápasový míč s přesnou trajektorií.', 'A thermally bonded match ball with a true flight.'],
    intro: [
      'Match Pro má termicky lepené panely, takže nenasákne vodou a drží kulatý tvar i po stovkách kopů. Texturovaný povrch zlepšuje kontrolu při přihrávce i střele.',
      'The Match Pro has thermally bonded panels, so it won’t soak up water and stays perfectly round after hundreds of kicks. A textured surface improves control when passing and shooting.',
    ],
    price: 1490, isNew: true, colours: [C.white], sizes: ['4', '5'], sold: 254, days: 19,
    params: { construction: ['termicky lepený, 20 panelů', 'thermally bonded, 20 panels'], material: ['PU', 'PU'], use: ['zápasy na přírodní i umělé trávě', 'matches on natural and artificial grass'] },
    art: { accentHex: C.blue.hex },
  },
  {
    code: 'MC-6002', cat: 'vybaveni-mice', brand: 'rapida', fam: 'ball',
    name: ['Tréninkový míč Rapida Training', 'Rapida Training Football'],
    short: ['Odolný šitý míč na každodenní trénink.', 'A durable stitched ball for everyday training.'],
    intro: [
      'Šitý tréninkový míč, který vydrží škváru, umělku i kopání o zeď. Oranžová verze je výborně vidět na zasněženém hřišti.',
      'A stitched training ball that survives cinder, artificial turf and kicking against the wall. The orange version stands out on a snowy pitch.',
    ],
    price: 549, colours: [C.white, C.yellow, C.orange], sizes: ['3', '4', '5'], sold: 721, days: 450,
    params: { construction: ['strojově šitý, 32 panelů', 'machine stitched, 32 panels'], material: ['TPU', 'TPU'], use: ['trénink na všech površích', 'training on all surfaces'] },
    art: { accentHex: C.black.hex },
  },
  {
    code: 'MC-6003', cat: 'vybaveni-mice', brand: 'rapida', fam: 'ball',
    name: ['Futsalový míč Rapida Futsal Indoor', 'Rapida Futsal Indoor Ball'],
    short: ['Míč se sníženým odskokem pro futsal.', 'A low-bounce ball for futsal.'],
    intro: [
      'Futsalový míč má speciální výplň, která snižuje odskok, takže se s ním na palubovce lépe pracuje nohou. Oficiální velikost 4 podle pravidel futsalu.',
      'The futsal ball has a special bladder that reduces bounce, making it easier to control on hard floors. Official size 4 as required by futsal rules.',
    ],
    price: 799, colours: [C.yellow, C.white], sizes: ['4'], sold: 133, days: 280,
    params: { construction: ['ručně šitý, 32 panelů', 'hand stitched, 32 panels'], material: ['PU', 'PU'], use: ['futsal, hala', 'futsal, indoor'] },
    art: { accentHex: C.navy.hex },
  },
  {
    code: 'MC-6004', cat: 'vybaveni-mice', brand: 'fanzona', fam: 'ball', club: VLTAVIN,
    name: ['Fanouškovský míč FC Vltavín Praha', 'FC Vltavín Praha Supporters Ball'],
    short: ['Míč v klubových barvách, i v mini velikosti na podpisy.', 'A ball in club colours, also in a mini size for autographs.'],
    intro: [
      'Rudobílý míč se znakem Vltavínu. Velikost 1 je oblíbená na podpisy hráčů při autogramiádách, velikost 5 na kopačku na zahradě.',
      'A red and white ball with the Vltavín crest. Size 1 is popular for collecting player autographs, size 5 for a kickabout in the garden.',
    ],
    price: 399, sizePrice: { '1': 249 }, colours: [C.red], sizes: ['1', '5'], sold: 288, days: 340,
    params: { construction: ['strojově šitý', 'machine stitched'], material: ['PVC', 'PVC'], use: ['rekreační hra, sběratelský předmět', 'casual play, collectible'] },
    art: { accentHex: C.white.hex },
  },
  {
    code: 'MC-6005', cat: 'vybaveni-mice', brand: 'meteor', fam: 'ball',
    name: ['Házenkářský míč Meteor Grip', 'Meteor Grip Handball'],
    short: ['Měkký házenkářský míč s přilnavým povrchem.', 'A soft handball with a grippy surface.'],
    intro: [
      'Grip má měkký povrch, který dobře drží v ruce i bez lepidla, takže je ideální do škol a na tréninky mládeže.',
      'The Grip has a soft surface that holds well in the hand even without resin, making it ideal for schools and youth training.',
    ],
    price: 590, colours: [C.blue, C.pink], sizes: ['1', '2', '3'], sold: 92, days: 230,
    params: { construction: ['ručně šitý, 32 panelů', 'hand stitched, 32 panels'], material: ['PU', 'PU'], use: ['házená, školní tělocvik', 'handball, school PE'] },
    art: { shape: 'handball', accentHex: C.yellow.hex },
    fit: [
      'Velikost 3 je určená pro muže, velikost 2 pro ženy a dorostence a velikost 1 pro žáky do 12 let.',
      'Size 3 is for men, size 2 for women and youth players, and size 1 for children under 12.',
    ],
  },

  // ======================= Bags & backpacks ==============================
  {
    code: 'TA-6101', cat: 'vybaveni-tasky', brand: 'kordis', fam: 'bag',
    name: ['Sportovní taška Kordis Team', 'Kordis Team Sports Bag'],
    short: ['Prostorná týmová taška s odděleným boxem na boty.', 'A roomy team bag with a separate shoe compartment.'],
    intro: [
      'Taška, která na zápas pobere kompletní výstroj. Boční box na boty je odvětrávaný, takže mokré kopačky nezapáchají mezi čistým oblečením.',
      'A bag that takes your complete kit to the match. The ventilated side shoe compartment keeps wet boots away from clean clothes.',
    ],
    price: 990, sizePrice: { 'L (65 l)': 1190 }, colours: [C.black, C.navy, C.red], sizes: ['M (45 l)', 'L (65 l)'], sold: 366, days: 420,
    params: { volume: ['45 l nebo 65 l', '45 l or 65 l'] },
    art: { accentHex: C.white.hex },
  },
  {
    code: 'TA-6102', cat: 'vybaveni-tasky', brand: 'orlik', fam: 'backpack',
    name: ['Batoh Orlík Outdoor Daypack 22 l', 'Orlík Outdoor Daypack 22 l Backpack'],
    short: ['Lehký batoh na jednodenní výlety i do školy.', 'A light backpack for day hikes and school.'],
    intro: [
      'Daypack má hlavní komoru s přihrádkou na notebook do 15", přední kapsu na drobnosti a dvě boční síťky na láhve. Pláštěnka proti dešti je schovaná ve dně.',
      'The Daypack has a main compartment with a sleeve for laptops up to 15", a front pocket for small items and two side mesh pockets for bottles. A rain cover is stowed in the base.',
    ],
    price: 1190, was: 1490, colours: [C.black, C.green, C.grey], sizes: null, sold: 281, days: 260,
    params: { volume: ['22 l', '22 l'], weight: ['620 g', '620 g'] },
    art: { accentHex: C.orange.hex },
  },
  {
    code: 'TA-6103', cat: 'vybaveni-tasky', brand: 'fanzona', fam: 'gymsack', club: VLTAVIN,
    name: ['Vak na záda FC Vltavín Praha', 'FC Vltavín Praha Gym Sack'],
    short: ['Lehký vak na stahovací šňůrky se znakem klubu.', 'A light drawstring sack with the club crest.'],
    intro: [
      'Jednoduchý vak, který si děti oblíbí na tělocvik i na trénink. Velký znak Vltavínu na přední straně, reflexní rohy pro lepší viditelnost.',
      'A simple sack kids love for PE and training. A large Vltavín crest on the front and reflective corners for better visibility.',
    ],
    price: 249, colours: [C.red, C.black], sizes: null, sold: 512, days: 480,
    params: { volume: ['12 l', '12 l'] },
    art: { accentHex: C.white.hex },
  },
  {
    code: 'TA-6104', cat: 'vybaveni-tasky', brand: 'rapida', fam: 'gymsack',
    name: ['Taška na kopačky Rapida', 'Rapida Boot Bag'],
    short: ['Větraný vak na kopačky, aby bahno zůstalo mimo tašku.', 'A ventilated boot bag to keep the mud out of your kit bag.'],
    intro: [
      'Síťovaná spodní část nechá kopačky vyvětrat a bahno s trávou zůstane uvnitř vaku, ne mezi čistým oblečením.',
      'A mesh lower section lets boots air out while mud and grass stay inside the bag rather than on your clean clothes.',
    ],
    about: ['Vak se stahuje šňůrkou a má poutko, za které ho pověsíte na tašku nebo na háček v šatně.', 'The bag closes with a drawcord and has a loop for hanging it on your kit bag or a changing-room hook.'],
    price: 349, colours: [C.black], sizes: null, sold: 176, days: 390,
    params: { volume: ['6 l', '6 l'] },
    art: { accentHex: C.neon.hex },
  },
  {
    code: 'TA-6105', cat: 'vybaveni-tasky', brand: 'kordis', fam: 'bag',
    name: ['Cestovní taška na kolečkách Kordis Travel 90 l', 'Kordis Travel 90 l Wheeled Bag'],
    short: ['Velká taška na kolečkách na soustředění a turnaje.', 'A large wheeled bag for training camps and tournaments.'],
    intro: [
      'Na týdenní soustředění se vejde všechno: hlavní komora s objemem 90 litrů, odnímatelný box na boty a zesílené dno s kolečky, která zvládnou i dlažbu.',
      'Everything fits for a week-long training camp: a 90-litre main compartment, a removable shoe box and a reinforced base with wheels that cope with cobblestones.',
    ],
    price: 2490, colours: [C.black], sizes: null, sold: 58, days: 500, soldOut: true,
    params: { volume: ['90 l', '90 l'], weight: ['3,1 kg', '3.1 kg'] },
    art: { accentHex: C.red.hex },
  },

  // ======================= Training gear =================================
  {
    code: 'LA-6201', cat: 'vybaveni-trenink', brand: 'vltava', fam: 'bottle',
    name: ['Sportovní láhev Vltava Sport 750 ml', 'Vltava Sport 750 ml Sports Bottle'],
    short: ['Mačkací láhev s ventilem, ze které nic neteče.', 'A squeezable bottle with a leak-proof valve.'],
    intro: [
      'Klasická mačkací láhev, jakou najdete u každé lavičky. Samotěsnicí ventil nepropustí ani kapku, když se láhev válí v tašce.',
      'The classic squeeze bottle found by every bench. The self-sealing valve won’t let out a drop when it is rolling around in your bag.',
    ],
    price: 199, colours: [C.blue, C.red, C.black], sizes: null, sold: 803, days: 560,
    params: { material: ['LDPE bez BPA', 'BPA-free LDPE'], volume: ['750 ml', '750 ml'], care: ['mýt ručně', 'hand wash'] },
    art: { accentHex: C.white.hex },
  },
  {
    code: 'LA-6202', cat: 'vybaveni-trenink', brand: 'orlik', fam: 'bottle',
    name: ['Termoláhev Orlík Outdoor 500 ml', 'Orlík Outdoor 500 ml Insulated Bottle'],
    short: ['Nerezová termoláhev – 24 hodin studené, 12 hodin teplé.', 'Stainless insulated bottle – 24 hours cold, 12 hours hot.'],
    intro: [
      'Dvoustěnná nerezová láhev s vakuovou izolací. V létě udrží vodu studenou celý den, v zimě čaj teplý až dvanáct hodin.',
      'A double-walled, vacuum-insulated stainless bottle. It keeps water cold all day in summer and tea hot for up to twelve hours in winter.',
    ],
    price: 599, isNew: true, was: 749, colours: [C.black, C.green, C.white], sizes: null, sold: 236, days: 8,
    params: { material: ['nerezová ocel 18/8', '18/8 stainless steel'], volume: ['500 ml', '500 ml'], care: ['mýt ručně', 'hand wash'] },
    art: { accentHex: C.grey.hex },
  },
  {
    code: 'CH-6301', cat: 'vybaveni-trenink', brand: 'rapida', fam: 'shinguard',
    name: ['Chrániče holení Rapida Shield', 'Rapida Shield Shin Guards'],
    short: ['Lehké chrániče s pěnovou vložkou a kompresním návlekem.', 'Light shin guards with a foam backing and compression sleeve.'],
    intro: [
      'Tvrdá skořepina z polypropylenu rozloží sílu nárazu, měkká pěna zespodu ho ztlumí. Kompresní návlek drží chrániče na místě bez lepicích pásek.',
      'A hard polypropylene shell spreads the impact and soft foam underneath absorbs it. A compression sleeve holds the guards in place without tape.',
    ],
    price: 349, colours: [C.black, C.white], sizes: ['S', 'M', 'L'], sold: 414, days: 330,
    params: { material: ['polypropylen, EVA pěna', 'polypropylene, EVA foam'] },
    art: { accentHex: C.red.hex },
  },
  {
    code: 'RU-6401', cat: 'vybaveni-trenink', brand: 'brankar', fam: 'gkgloves',
    name: ['Brankářské rukavice Brankář Pro Grip', 'Brankář Pro Grip Goalkeeper Gloves'],
    short: ['Rukavice s 4mm německým latexem a negativním střihem.', 'Gloves with 4 mm German latex and a negative cut.'],
    intro: [
      'Negativní střih s vnitřními švy obepne prsty jako druhá kůže a 4mm latex drží míč za sucha i za deště. Široký pásek na zápěstí dá ruce oporu při zákrocích.',
      'The negative cut with internal seams wraps your fingers like a second skin, and 4 mm latex grips the ball in dry and wet conditions. A wide wrist strap supports your hand when making saves.',
    ],
    price: 1290, colours: [C.green, C.orange], sizes: ['7', '8', '9', '10', '11'], sold: 147, days: 210,
    params: { material: ['latex 4 mm, neopren', '4 mm latex, neoprene'], fit: ['negativní', 'negative cut'] },
    art: { accentHex: C.black.hex },
  },
  {
    code: 'RU-6402', cat: 'vybaveni-trenink', brand: 'brankar', fam: 'gkgloves',
    name: ['Dětské brankářské rukavice Brankář Pro Junior', 'Brankář Pro Junior Goalkeeper Gloves'],
    short: ['Měkké rukavice pro začínající brankáře s ochranou prstů.', 'Soft gloves with finger protection for young keepers.'],
    intro: [
      'Junior mají do prstů vložené pružné výztuhy, které chrání malé brankáře před vyvrtnutím. Latex je měkčí, takže míč dobře drží i slabší ruka.',
      'The Junior has flexible finger-saves to protect young keepers against sprains. The latex is softer so that smaller hands can hold the ball securely.',
    ],
    price: 549, was: 690, colours: [C.blue, C.yellow], sizes: ['4', '5', '6'], sold: 133, days: 260,
    params: { material: ['latex 3 mm', '3 mm latex'], fit: ['klasický (flat)', 'flat cut'] },
    art: { accentHex: C.white.hex },
  },
  {
    code: 'VY-6501', cat: 'vybaveni-trenink', brand: 'tempo', fam: 'nutrition', vat: 12,
    name: ['Iontový nápoj v prášku Tempo Iso', 'Tempo Iso Electrolyte Drink Powder'],
    short: ['Iontový nápoj s příchutí citronu, balení na 20 nebo 40 litrů.', 'Lemon electrolyte drink powder, makes 20 or 40 litres.'],
    intro: [
      'Izotonický nápoj s minerály a sacharidy, který doplní tekutiny a energii při tréninku delším než hodina. Jedna odměrka (40 g) na půl litru vody, příchuť citron.',
      'An isotonic drink with minerals and carbohydrates that replaces fluids and energy during sessions longer than an hour. One scoop (40 g) per half a litre of water, lemon flavour.',
    ],
    price: 349, sizePrice: { '1 000 g': 599 }, colours: null, sizes: ['500 g', '1 000 g'], sold: 267, days: 150,
    params: { flavour: ['citron', 'lemon'], packing: ['dóza s odměrkou', 'tub with scoop'] },
    art: { baseHex: C.yellow.hex, accentHex: C.navy.hex },
  },
  {
    code: 'VY-6502', cat: 'vybaveni-trenink', brand: 'tempo', fam: 'nutrition', vat: 12,
    name: ['Energetické gely Tempo Gel', 'Tempo Gel Energy Gels'],
    short: ['Gely na doplnění energie při běhu, balení 6 nebo 12 kusů.', 'Energy gels for running, in packs of 6 or 12.'],
    intro: [
      'Každý gel obsahuje 25 g sacharidů a dobře se polyká i v závodním tempu. Doporučujeme jeden gel každých 30 až 45 minut výkonu a zapít vodou.',
      'Each gel delivers 25 g of carbohydrates and goes down easily even at race pace. We recommend one gel every 30 to 45 minutes, taken with water.',
    ],
    price: 299, sizePrice: { '12 × 40 g': 549 }, isNew: true, colours: null, sizes: ['6 × 40 g', '12 × 40 g'], sold: 74, days: 22,
    params: { flavour: ['pomeranč', 'orange'], packing: ['sáčky po 40 g', '40 g sachets'] },
    art: { shape: 'gel', baseHex: C.orange.hex, accentHex: C.white.hex },
  },

  // ======================= Caps & hats ===================================
  {
    code: 'CE-7001', cat: 'doplnky-cepice', brand: 'fanzona', fam: 'cap', club: VLTAVIN,
    name: ['Kšiltovka FC Vltavín Praha', 'FC Vltavín Praha Cap'],
    short: ['Šestipanelová kšiltovka s vyšívaným znakem.', 'Six-panel cap with an embroidered crest.'],
    intro: [
      'Klasická kšiltovka s mírně zahnutým kšiltem a vyšívaným znakem Vltavínu. Kovová spona vzadu se snadno nastavuje.',
      'A classic cap with a slightly curved peak and the embroidered Vltavín crest. The metal buckle at the back is easy to adjust.',
    ],
    price: 449, colours: [C.red, C.black], sizes: null, sold: 377, days: 400,
    params: { material: ['100% bavlna', '100% cotton'] },
    art: { accentHex: C.white.hex },
  },
  {
    code: 'CE-7002', cat: 'doplnky-cepice', brand: 'lipno', fam: 'cap',
    name: ['Kšiltovka Lipno Trucker', 'Lipno Trucker Cap'],
    short: ['Trucker kšiltovka se síťovanou zadní částí.', 'Trucker cap with a mesh back.'],
    intro: [
      'Přední panel z pevné bavlny, zadní část ze síťoviny, která v létě dobře větrá. Plochý kšilt si můžete nechat rovný, nebo ho zahnout podle sebe.',
      'A sturdy cotton front panel and a mesh back that breathes in summer. Keep the flat peak straight or curve it to your liking.',
    ],
    price: 399, was: 499, colours: [C.navy, C.green], sizes: null, sold: 201, days: 290,
    params: { material: ['bavlna, polyesterová síťovina', 'cotton, polyester mesh'] },
    art: { accentHex: C.white.hex },
  },
  {
    code: 'CE-7003', cat: 'doplnky-cepice', brand: 'tempo', fam: 'cap',
    name: ['Běžecká kšiltovka Tempo Light', 'Tempo Light Running Cap'],
    short: ['Ultralehká kšiltovka s perforací a reflexními prvky.', 'An ultralight perforated cap with reflective details.'],
    intro: [
      'Light váží pouhých 45 gramů. Perforované boky odvádějí teplo, potítko uvnitř zachytí pot dřív, než vám steče do očí, a kšiltovku můžete klidně zmačkat do kapsy.',
      'The Light weighs just 45 grams. Perforated sides release heat, the inner sweatband catches sweat before it reaches your eyes, and you can scrunch it into a pocket.',
    ],
    price: 449, isNew: true, colours: [C.white, C.black], sizes: null, sold: 52, days: 25,
    params: { material: ['100% polyester', '100% polyester'], care: ['praní na 30 °C', 'wash at 30 °C'] },
    art: { accentHex: C.neon.hex },
  },
  {
    code: 'KU-7101', cat: 'doplnky-cepice', brand: 'fanzona', fam: 'beanie', club: VLTAVIN,
    name: ['Zimní čepice s bambulí FC Vltavín Praha', 'FC Vltavín Praha Bobble Hat'],
    short: ['Pletená čepice s bambulí a ohrnutým lemem.', 'A knitted bobble hat with a turn-up cuff.'],
    intro: [
      'Bez kulicha s bambulí to na zimní zápasy nejde. Dvojitý úplet zahřeje uši i při severáku a bambule je pořádně velká.',
      'No winter match is complete without a bobble hat. The double knit keeps your ears warm even in a north wind, and the bobble is a proper size.',
    ],
    price: 399, colours: [C.red], sizes: null, sold: 466, days: 420,
    params: { material: ['100% akryl', '100% acrylic'] },
    art: { accentHex: C.white.hex, bobble: true },
  },
  {
    code: 'KU-7102', cat: 'doplnky-cepice', brand: 'fanzona', fam: 'beanie', club: MORAVAN,
    name: ['Pletený kulich SK Moravan Brno', 'SK Moravan Brno Knitted Beanie'],
    short: ['Kulich bez bambule s všitým erbem klubu.', 'A cuffed beanie with a woven club crest.'],
    intro: [
      'Jednoduchý žebrovaný kulich s ohrnutým lemem a tkanou nášivkou s erbem Moravanu. Sedí pod kapucí i pod helmou na kolo.',
      'A simple ribbed beanie with a turn-up cuff and a woven Moravan crest patch. It fits under a hood or a bike helmet.',
    ],
    price: 349, was: 449, colours: [C.blue, C.navy], sizes: null, sold: 239, days: 470,
    params: { material: ['50% merino vlna, 50% akryl', '50% merino wool, 50% acrylic'] },
    art: { accentHex: C.white.hex },
  },
  {
    code: 'KU-7103', cat: 'doplnky-cepice', brand: 'tempo', fam: 'beanie',
    name: ['Funkční čepice Tempo Thermo', 'Tempo Thermo Running Beanie'],
    short: ['Tenká funkční čepice na běh a běžky.', 'A thin technical beanie for running and cross-country skiing.'],
    intro: [
      'Tenká dvouvrstvá čepice, která hřeje, ale nepřehřívá. Odvádí pot, rychle schne a díky reflexnímu logu vás auta uvidí i za šera.',
      'A thin two-layer beanie that keeps you warm without overheating. It wicks sweat, dries fast and its reflective logo makes you visible to drivers at dusk.',
    ],
    price: 399, isNew: true, colours: [C.black, C.grey], sizes: null, sold: 158, days: 21,
    params: { material: ['92% polyester, 8% elastan', '92% polyester, 8% elastane'] },
    art: { accentHex: C.neon.hex },
  },

  // ======================= Socks & gloves ================================
  {
    code: 'PN-7201', cat: 'doplnky-ponozky', brand: 'vltava', fam: 'socks',
    name: ['Fotbalové štulpny Vltava Sport', 'Vltava Sport Football Socks'],
    short: ['Štulpny s froté chodidlem ve čtyřech barvách.', 'Football socks with a terry sole in four colours.'],
    intro: [
      'Štulpny s polstrovaným froté chodidlem a pevným lýtkovým dílem, do kterého se vejdou chrániče. Ladí s tréninkovými dresy Vltava Sport.',
      'Socks with a cushioned terry sole and a firm calf section that holds shin guards. Colour-matched to Vltava Sport training shirts.',
    ],
    price: 199, colours: [C.red, C.blue, C.black, C.white], sizes: ['35–38', '39–42', '43–46'], sold: 694, days: 520,
    params: { material: ['80% polyamid, 20% elastan', '80% polyamide, 20% elastane'] },
    art: { accentHex: C.white.hex },
  },
  {
    code: 'PN-7202', cat: 'doplnky-ponozky', brand: 'tempo', fam: 'socks',
    name: ['Běžecké ponožky Tempo Run (2 páry)', 'Tempo Run Running Socks (2 pairs)'],
    short: ['Anatomické běžecké ponožky, balení dvou párů.', 'Anatomical running socks, two pairs per pack.'],
    intro: [
      'Ponožky jsou tvarované zvlášť na levou a pravou nohu, takže nevytvářejí záhyby. Síťované zóny na nártu větrají a polstrování na patě a špičce tlumí doskok.',
      'Left and right specific for a wrinkle-free fit. Mesh zones over the instep ventilate and cushioning at the heel and toe softens every landing.',
    ],
    price: 299, colours: [C.white, C.black], sizes: ['39–42', '43–46'], sold: 333, days: 240,
    params: { material: ['75% polyamid, 20% bavlna, 5% elastan', '75% polyamide, 20% cotton, 5% elastane'], packing: ['2 páry', '2 pairs'] },
    art: { accentHex: C.neon.hex },
  },
  {
    code: 'RZ-7301', cat: 'doplnky-ponozky', brand: 'fanzona', fam: 'gloves', club: VLTAVIN,
    name: ['Zimní rukavice FC Vltavín Praha', 'FC Vltavín Praha Winter Gloves'],
    short: ['Pletené rukavice se znakem a protiskluzovou dlaní.', 'Knitted gloves with the crest and a non-slip palm.'],
    intro: [
      'Teplé pletené rukavice v rudé barvě se znakem na hřbetu. Silikonové body na dlani zajistí, že vám termoska s čajem nevyklouzne.',
      'Warm knitted gloves in red with the crest on the back. Silicone dots on the palm make sure your flask of tea doesn’t slip.',
    ],
    price: 349, colours: [C.red, C.black], sizes: ['S/M', 'L/XL'], sold: 187, days: 410,
    params: { material: ['100% akryl', '100% acrylic'] },
    art: { accentHex: C.white.hex },
  },

  // ======================= Kids ==========================================
  {
    code: 'DD-8001', cat: 'deti-dresy', brand: 'vltava', fam: 'jersey', club: VLTAVIN,
    name: ['Dětský domácí dres FC Vltavín Praha 2024/25', 'FC Vltavín Praha Kids Home Jersey 2024/25'],
    short: ['Domácí dres Vltavínu v dětských velikostech.', 'The Vltavín home shirt in kids’ sizes.'],
    intro: [
      'Stejný design jako dres hráčů A-týmu, jen ve velikostech pro malé fanoušky. Na přání natiskneme jméno a číslo oblíbeného hráče.',
      'The same design as the first-team shirt, just sized for young fans. We can print the name and number of their favourite player.',
    ],
    price: 1290, isNew: true, colours: [C.red], sizes: KIDS, sold: 318, days: 12,
    art: { accentHex: C.white.hex, pattern: 'sleeves', number: 10 },
    similar: ['DR-1001', 'DT-8102'],
  },
  {
    code: 'DD-8002', cat: 'deti-dresy', brand: 'kordis', fam: 'jersey', club: MORAVAN,
    name: ['Dětský dres SK Moravan Brno 2024/25', 'SK Moravan Brno Kids Jersey 2024/25'],
    short: ['Modrobílé pruhy pro nejmladší fanoušky Moravanu.', 'Blue and white stripes for the youngest Moravan fans.'],
    intro: [
      'Dětská verze domácího dresu Moravanu s modrobílými pruhy. Lehký materiál dětem nevadí ani při celodenním řádění na hřišti.',
      'The kids’ version of the Moravan home shirt with blue and white stripes. The light fabric is comfortable even after a whole day of running around.',
    ],
    price: 1190, colours: [C.blue], sizes: KIDS, sold: 176, days: 58,
    art: { accentHex: C.white.hex, pattern: 'stripes', number: 11 },
  },
  {
    code: 'DD-8003', cat: 'deti-dresy', brand: 'vltava', fam: 'jersey',
    name: ['Dětská dresová sada Vltava Sport Junior', 'Vltava Sport Junior Kids Kit Set'],
    short: ['Dres a trenýrky v jednom balení pro mladé fotbalisty.', 'Shirt and shorts in one pack for young footballers.'],
    intro: [
      'Sada obsahuje dres a trenýrky ve stejné barvě. Oblíbená volba pro fotbalové školičky a přípravky, které potřebují obléknout celý tým za rozumnou cenu.',
      'The set includes a matching shirt and shorts. A popular choice for football schools and youth teams that need to kit out the whole squad at a sensible price.',
    ],
    price: 599, colours: [C.red, C.blue, C.green], sizes: KIDS, sold: 449, days: 300,
    params: { packing: ['dres + trenýrky', 'shirt + shorts'] },
    art: { accentHex: C.white.hex },
  },
  {
    code: 'DD-8004', cat: 'deti-dresy', brand: 'fanzona', fam: 'hockey', club: JESTRABI,
    name: ['Dětský hokejový dres HC Jestřábi Liberec', 'HC Jestřábi Liberec Kids Hockey Jersey'],
    short: ['Hokejový dres Jestřábů pro malé fanoušky.', 'The Jestřábi hockey jersey for young fans.'],
    intro: [
      'Zelený venkovní dres Jestřábů v dětských velikostech s potištěným znakem. Vejde se i přes zimní bundu, takže se hodí na venkovní bruslení.',
      'The green Jestřábi away jersey in kids’ sizes with a printed crest. It fits over a winter jacket, so it is great for outdoor skating too.',
    ],
    about: ['Dres má volný hokejový střih, pod který se vejde i mikina, zesílené lokty a pružný lem rukávů. Znak a čísla jsou sublimačně potištěné, takže nepopraskají ani po mnoha vypráních.', 'The jersey has a roomy hockey cut with space for a hoodie underneath, reinforced elbows and stretchy cuffs. The crest and numbers are sublimation printed, so they won’t crack even after many washes.'],
    price: 1190, was: 1490, colours: [C.green], sizes: KIDS, sold: 142, days: 160,
    art: { accentHex: C.white.hex, number: 23 },
  },
  {
    code: 'DT-8101', cat: 'deti-obleceni', brand: 'fanzona', fam: 'tshirt', club: OCELAR,
    name: ['Dětské tričko FK Ocelář Ostrava', 'FK Ocelář Ostrava Kids T-Shirt'],
    short: ['Bavlněné tričko s veselým maskotem Oceláře.', 'A cotton tee with Ocelář’s cheerful mascot.'],
    intro: [
      'Na předním dílu je maskot Oceláře – medvěd s přilbou – jak kope do míče. Měkká bavlna nedráždí citlivou dětskou pokožku.',
      'The front shows Ocelář’s mascot – a bear in a hard hat – kicking a ball. Soft cotton is gentle on sensitive skin.',
    ],
    price: 349, was: 449, colours: [C.sky, C.white], sizes: KIDS, sold: 264, days: 330,
    params: { material: ['100% bavlna', '100% cotton'] },
    art: { accentHex: C.navy.hex },
  },
  {
    code: 'DT-8102', cat: 'deti-obleceni', brand: 'fanzona', fam: 'hoodie', club: VLTAVIN,
    name: ['Dětská mikina s kapucí FC Vltavín Praha', 'FC Vltavín Praha Kids Hoodie'],
    short: ['Dětská mikina s kapucí a klokaní kapsou.', 'A kids’ hoodie with a kangaroo pocket.'],
    intro: [
      'Mikina pro malé fanoušky, která vydrží klouzačku, bláto i pračku. Kapuce je bez šňůrek, jak doporučují bezpečnostní normy pro dětské oblečení.',
      'A hoodie for young fans that survives slides, mud and the washing machine. The hood has no drawcords, as recommended by children’s clothing safety standards.',
    ],
    price: 890, colours: [C.red, C.grey], sizes: KIDS, sold: 231, days: 290,
    art: { accentHex: C.white.hex },
  },
  {
    code: 'DT-8103', cat: 'deti-obleceni', brand: 'orlik', fam: 'jacket',
    name: ['Dětská zimní bunda Orlík Outdoor Junior', 'Orlík Outdoor Junior Kids Winter Jacket'],
    short: ['Teplá nepromokavá bunda s reflexními prvky.', 'A warm waterproof jacket with reflective details.'],
    intro: [
      'Zimní bunda, ve které děti vydrží venku celé odpoledne. Nepromokavý svršek, teplá výplň, odepínací kapuce a reflexní pruhy pro cestu do školy za tmy.',
      'A winter jacket that keeps kids happy outside all afternoon. Waterproof shell, warm fill, a detachable hood and reflective strips for the dark walk to school.',
    ],
    price: 1690, isNew: true, colours: [C.blue, C.pink, C.green], sizes: KIDS, sold: 61, days: 15,
    params: { material: ['100% polyester, výplň 100% polyester', '100% polyester, 100% polyester fill'], features: ['vodní sloupec 5 000 mm', '5,000 mm waterproof rating'] },
    art: { accentHex: C.yellow.hex },
  },
  {
    code: 'DT-8104', cat: 'deti-obleceni', brand: 'kordis', fam: 'pants',
    name: ['Dětské tepláky Kordis Junior', 'Kordis Junior Kids Track Pants'],
    short: ['Odolné tepláky se zesílenými koleny.', 'Tough track pants with reinforced knees.'],
    intro: [
      'Tepláky na trénink i na školní hřiště. Kolena jsou zesílená dvojitou vrstvou látky, takže vydrží i klouzání po trávě.',
      'Track pants for training and the school playground. Double-layer knees stand up to sliding on grass.',
    ],
    price: 549, colours: [C.black, C.navy], sizes: KIDS, sold: 207, days: 260,
    params: { material: ['100% polyester', '100% polyester'] },
    art: { accentHex: C.white.hex },
  },
  {
    code: 'DK-8201', cat: 'deti-obuv', brand: 'rapida', fam: 'boot',
    name: ['Dětské kopačky Rapida Strike Junior FG', 'Rapida Strike Junior FG Kids Boots'],
    short: ['Dětská verze kopaček Strike se suchým zipem.', 'The kids’ version of the Strike with a hook-and-loop strap.'],
    intro: [
      'Junior verze oblíbených kopaček Strike. Kromě tkaniček mají pásek na suchý zip, takže si je malí hráči obují sami. Měkčí podešev je šetrná k rostoucí noze.',
      'The junior version of the popular Strike. As well as laces they have a hook-and-loop strap so young players can put them on themselves. A softer soleplate is kind to growing feet.',
    ],
    price: 899, colours: [C.black, C.orange], sizes: KIDS_SHOES, sold: 298, days: 120,
    params: { surface: ['přírodní tráva (FG)', 'firm ground (FG)'], upper: ['syntetika', 'synthetic'], weight: ['160 g (vel. 33)', '160 g (size 33)'] },
    art: { accentHex: C.neon.hex },
    similar: ['KO-4001', 'CH-6301'],
  },
  {
    code: 'DK-8202', cat: 'deti-obuv', brand: 'lipno', fam: 'sneaker',
    name: ['Dětské tenisky Lipno Court Kids', 'Lipno Court Kids Sneakers'],
    short: ['Plátěné tenisky na suchý zip do školky i do školy.', 'Canvas sneakers with hook-and-loop straps for nursery and school.'],
    intro: [
      'Dětské tenisky se dvěma pásky na suchý zip a gumovou špičkou, která vydrží i brzdění nohama na koloběžce.',
      'Kids’ sneakers with two hook-and-loop straps and a rubber toe cap that survives braking with feet on a scooter.',
    ],
    price: 690, was: 990, colours: [C.white, C.pink, C.blue], sizes: KIDS_SHOES, sold: 254, days: 350, noEur: true,
    params: { upper: ['bavlněné plátno', 'cotton canvas'] },
    art: { accentHex: C.red.hex },
  },
];

// ---------------------------------------------------------------------------
// Builder
// ---------------------------------------------------------------------------

/** FNV-1a – tiny deterministic hash for stock levels. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

export function slugify(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/["'’“”„«»]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function sizeCode(size: string): string {
  const s = size
    .replace(/\s*\(.*\)/, '')
    .replace(/×/g, 'X')
    .replace(/[–-]/g, '-')
    .replace(/[^0-9A-Za-z-]+/g, '')
    .toUpperCase();
  return s;
}

/** EUR price in cents: roughly CZK / 25, ending in .90 or .99. */
function eurCents(czk: number, seed: number): number {
  const euros = Math.max(1, Math.floor(czk / 25));
  return euros * 100 + (seed % 2 === 0 ? 90 : 99);
}

const EXTREME_SIZES = new Set(['XS', 'XXL', '38', '46', '116', '164', '30', '37', '11', '4']);

function stockFor(variantCode: string, size: string | null, variantCount: number): number {
  const h = hash(variantCode);
  // single-variant products are only sold out when flagged explicitly
  if (h % 100 < 20) return variantCount > 2 ? 0 : 2 + (h % 5);
  let stock = 1 + ((h >>> 8) % 40);
  if (size && variantCount > 2 && EXTREME_SIZES.has(size)) stock = Math.max(0, Math.floor(stock / 4) - 1);
  return stock;
}

function buildVariants(d: Def, index: number): SeedVariant[] {
  const colours: (Colour | null)[] = d.colours ?? [null];
  const sizes: (string | null)[] = d.sizes ?? [null];
  const out: SeedVariant[] = [];
  for (const colour of colours) {
    for (const size of sizes) {
      const parts = [d.code];
      if (colour) parts.push(colour.code);
      if (size) parts.push(sizeCode(size));
      const code = parts.join('-');
      const priceKc: number = (size !== null ? d.sizePrice?.[size] : undefined) ?? d.price;
      const ratio = d.was ? d.was / d.price : 1;
      const v: SeedVariant = {
        code,
        size,
        colour: colour ? { cs: colour.cs, en: colour.en } : null,
        colourHex: colour ? colour.hex : null,
        stock: d.soldOut ? 0 : stockFor(code, size, colours.length * sizes.length),
        priceCzk: priceKc * 100,
        priceEur: d.noEur ? null : eurCents(priceKc, index),
      };
      if (d.was) v.originalPriceCzk = priceKc === d.price ? d.was * 100 : Math.ceil((priceKc * ratio) / 10) * 1000 - 100;
      out.push(v);
    }
  }
  return out;
}

const clubParagraph = (club: string): Translated => ({
  cs: `Oficiální licencovaný produkt klubu ${club}. Část z ceny každého kusu jde na podporu klubové mládežnické akademie.`,
  en: `Official licensed ${club} merchandise. Part of the price of every item supports the club’s youth academy.`,
});

function build(d: Def, index: number): SeedProduct {
  const fam: Family = F[d.fam];
  const isKids = d.sizes === KIDS || d.sizes === KIDS_SHOES;
  const paragraphs: Translated[] = [t(d.intro[0], d.intro[1])];
  if (d.extra) paragraphs.push(t(d.extra[0], d.extra[1]));
  paragraphs.push(d.about ? t(d.about[0], d.about[1]) : fam.about);
  const fit = d.fit ? t(d.fit[0], d.fit[1]) : fam.fit;
  if (isKids && fit && fam.chart !== 'shoes') paragraphs.push(KIDS_FIT);
  else if (fit && !(d.sizes && d.sizes.length === 1)) paragraphs.push(fit);
  if (fam.care) paragraphs.push(fam.care);
  if (d.club) paragraphs.push(clubParagraph(d.club));

  const params: Params = { ...fam.params, ...(d.params ?? {}) };
  const order = Object.keys(P) as ParamKey[];
  // keep material / fit first, care last
  const sortedKeys = order
    .filter((k) => params[k])
    .sort((a, b) => (a === 'care' ? 1 : b === 'care' ? -1 : 0));
  const parameters = sortedKeys.map((k) => ({ name: P[k], value: t(params[k]![0], params[k]![1]) }));

  let chart: string | null = d.chart !== undefined ? d.chart : fam.chart;
  if (isKids && chart) chart = d.sizes === KIDS_SHOES ? 'shoes' : 'kids';
  if (!d.sizes) chart = null;

  const colourCount = d.colours?.length ?? 0;
  const shape = d.art?.shape ?? fam.shape;
  // jerseys with a printed number get a back view as the second picture
  const backView = ['jersey', 'hockey-jersey', 'goalkeeper-jersey'].includes(shape) && d.art?.number !== undefined;
  const imageCount = backView || colourCount >= 2 || fam.images === 2 ? 2 : 1;
  const lower = d.code.toLowerCase();
  const images = Array.from({ length: imageCount }, (_, i) => {
    let view: Translated;
    if (i === 0) view = t('pohled zepředu', 'front view');
    else if (backView) view = t('pohled zezadu', 'back view');
    else if (colourCount >= 2) view = t(`barva ${d.colours![1].cs}`, `${d.colours![1].en} colour`);
    else view = t('pohled z boku', 'side view');
    // as scripts/product-images.ts draws it: the second colour's picture, else the first colour
    const shown = d.colours?.[i === 1 && !backView && colourCount >= 2 ? 1 : 0];
    return {
      file: `${lower}-${i + 1}.svg`,
      alt: { cs: `${d.name[0]} – ${view.cs}`, en: `${d.name[1]} – ${view.en}` },
      ...(shown ? { colour: { name: t(shown.cs, shown.en), hex: shown.hex } } : {}),
    };
  });

  const days = d.days ?? 100 + (hash(d.code) % 400);
  return {
    code: d.code,
    categoryKey: d.cat,
    manufacturerKey: d.brand,
    name: t(d.name[0], d.name[1]),
    slug: { cs: slugify(d.name[0]), en: slugify(d.name[1]) },
    shortDescription: t(d.short[0], d.short[1]),
    description: {
      cs: paragraphs.map((p) => p.cs).join('\n\n'),
      en: paragraphs.map((p) => p.en).join('\n\n'),
    },
    vatRate: d.vat ?? 21,
    isNew: d.isNew ?? false,
    isSale: d.was !== undefined,
    soldCount: d.sold,
    createdDaysAgo: days,
    parameters,
    sizeChartKey: chart,
    images,
    variants: buildVariants(d, index),
    illustration: Object.fromEntries(
      Object.entries({ pattern: 'plain', ...d.art, shape }).filter(([, v]) => v !== undefined),
    ) as SeedIllustration,
    ...(SAFETY[d.fam] ? { safetyInformation: SAFETY[d.fam] } : {}),
  };
}

const built = defs.map(build);

// similar products: explicit ones first, then fill from the same category
for (const p of built) {
  const def = defs.find((d) => d.code === p.code)!;
  const explicit = def.similar ?? [];
  const sameCat = built.filter((o) => o.categoryKey === p.categoryKey && o.code !== p.code).map((o) => o.code);
  const list = [...explicit, ...sameCat.filter((c) => !explicit.includes(c))].slice(0, 4);
  p.similarCodes = list;
}

export const products: SeedProduct[] = built;

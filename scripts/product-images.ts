/**
 * Generates deterministic SVG illustrations for the demo catalogue:
 *
 *   web/public/images/products/<file>.svg   – every image referenced in prisma/seed/data/products.ts
 *   web/public/images/tiles/*.svg           – home page info tiles
 *   web/public/images/stores/*.svg          – store fronts
 *   web/public/images/blog/*.svg            – article headers
 *
 * Run with `npx tsx scripts/product-images.ts`. No network, no extra packages;
 * the same input always produces byte-identical output.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { articles, products, stores, tiles } from '../prisma/seed/data/index.ts';
import type { ProductShape, SeedIllustration, SeedProduct } from '../prisma/seed/data/types.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const OUT = join(ROOT, 'web', 'public', 'images');
const BRAND = '#0a5096';

// ---------------------------------------------------------------------------
// colour helpers
// ---------------------------------------------------------------------------

function rgb(hex: string): [number, number, number] {
  const h = hex.replace('#', '');
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}
function toHex([r, g, b]: number[]): string {
  return '#' + [r, g, b].map((v) => Math.max(0, Math.min(255, Math.round(v))).toString(16).padStart(2, '0')).join('');
}
function mix(a: string, b: string, t: number): string {
  const x = rgb(a);
  const y = rgb(b);
  return toHex(x.map((v, i) => v + (y[i] - v) * t));
}
const darken = (c: string, t: number) => mix(c, '#000000', t);
const lighten = (c: string, t: number) => mix(c, '#ffffff', t);
function luminance(c: string): number {
  const [r, g, b] = rgb(c);
  return (0.299 * r + 0.587 * g + 0.114 * b) / 255;
}
function distance(a: string, b: string): number {
  const x = rgb(a);
  const y = rgb(b);
  return Math.hypot(x[0] - y[0], x[1] - y[1], x[2] - y[2]);
}
/** outline colour – dark enough to separate even white products from the background */
const edge = (c: string) => (luminance(c) > 0.85 ? '#b9bec6' : darken(c, 0.3));
const n = (v: number) => Math.round(v * 10) / 10;

// ---------------------------------------------------------------------------
// drawing primitives
// ---------------------------------------------------------------------------

type Opts = {
  id: string;
  main: string;
  accent: string;
  pattern: NonNullable<SeedIllustration['pattern']>;
  number?: number;
  back?: boolean;
  bobble?: boolean;
};

/** Shared gradients – included once per document. */
const COMMON_DEFS =
  '<linearGradient id="sd" x1="0" x2="1"><stop offset="0" stop-opacity=".18"/><stop offset=".3" stop-color="#fff" stop-opacity=".12"/><stop offset=".6" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-opacity=".2"/></linearGradient>' +
  '<radialGradient id="sp" cx=".35" cy=".3" r=".75"><stop offset="0" stop-color="#fff" stop-opacity=".55"/><stop offset=".45" stop-color="#fff" stop-opacity="0"/><stop offset="1" stop-opacity=".3"/></radialGradient>' +
  '<radialGradient id="sh"><stop offset="0" stop-opacity=".28"/><stop offset="1" stop-opacity="0"/></radialGradient>' +
  '<linearGradient id="wv" x1="0" x2="1"><stop offset="0" stop-opacity=".12"/><stop offset=".25" stop-color="#fff" stop-opacity=".18"/><stop offset=".5" stop-opacity=".1"/><stop offset=".75" stop-color="#fff" stop-opacity=".16"/><stop offset="1" stop-opacity=".12"/></linearGradient>';

/** A filled path with a clipped inner layer, soft shading and an outline. */
function part(id: string, d: string, fill: string, inner = '', shade = 'sd', strokeW = 4): string {
  return (
    `<clipPath id="${id}"><path d="${d}"/></clipPath>` +
    `<path d="${d}" fill="${fill}"/>` +
    `<g clip-path="url(#${id})">${inner}<rect width="800" height="800" fill="url(#${shade})"/></g>` +
    `<path d="${d}" fill="none" stroke="${edge(fill)}" stroke-width="${strokeW}" stroke-linejoin="round"/>`
  );
}

const shadow = (cx: number, cy: number, rx: number, ry = 24) =>
  `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${ry}" fill="url(#sh)"/>`;

const line = (x1: number, y1: number, x2: number, y2: number, stroke: string, w: number, extra = '') =>
  `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="${stroke}" stroke-width="${w}"${extra}/>`;

/** many straight segments as a single path – keeps the files small */
const segs = (list: [number, number, number, number][], stroke: string, w: number, extra = '') =>
  `<path d="${list.map(([a, b, c, d]) => `M${n(a)} ${n(b)}L${n(c)} ${n(d)}`).join('')}" stroke="${stroke}" stroke-width="${w}"${extra}/>`;

const circle = (cx: number, cy: number, r: number, fill: string, extra = '') =>
  `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${fill}"${extra}/>`;

const mirror = (g: string) => `<g transform="matrix(-1 0 0 1 800 0)">${g}</g>`;

/** small crest: shield in the accent colour */
const crest = (x: number, y: number, s: number, fill: string, stroke: string) =>
  `<path d="M${x - s} ${y - s}h${2 * s}v${s}q0 ${s} ${-s} ${1.6 * s}q${-s} ${-0.6 * s} ${-s} ${-1.6 * s}z" fill="${fill}" stroke="${stroke}" stroke-width="3"/>`;

function numberText(o: Opts, x: number, y: number, size: number): string {
  if (o.number === undefined) return '';
  const busy = o.pattern === 'stripes' || o.pattern === 'chevron' || o.pattern === 'sash';
  const fill = o.pattern === 'hoops' ? (luminance(o.main) > 0.5 ? '#1f2023' : '#ffffff') : o.accent;
  const panel = busy ? `<rect x="${x - size * 0.62}" y="${y - size * 0.84}" width="${size * 1.24}" height="${size * 1.02}" rx="18" fill="${o.main}"/>` : '';
  return `${panel}<text x="${x}" y="${y}" font-family="Arial,Helvetica,sans-serif" font-weight="700" font-size="${size}" text-anchor="middle" fill="${fill}" stroke="${edge(o.main)}" stroke-width="4" paint-order="stroke">${o.number}</text>`;
}

// ---------------------------------------------------------------------------
// garments
// ---------------------------------------------------------------------------

function jerseyPattern(o: Opts, sleeves: string[]): string {
  const a = o.accent;
  switch (o.pattern) {
    case 'stripes':
      return [220, 300, 380, 460, 540].map((x) => `<rect x="${x}" y="0" width="40" height="800" fill="${a}"/>`).join('');
    case 'hoops':
      return `<rect x="0" y="300" width="800" height="80" fill="${a}"/>`;
    case 'sash':
      return line(220, 110, 620, 700, a, 80);
    case 'halves':
      return `<rect x="400" y="0" width="400" height="800" fill="${a}"/>`;
    case 'chevron':
      return `<path d="M150 280 400 400 650 280M150 420 400 540 650 420" fill="none" stroke="${a}" stroke-width="34"/>`;
    case 'sleeves':
      return sleeves.map((d) => `<path d="${d}" fill="${a}"/>`).join('');
    default:
      return '';
  }
}

function jersey(o: Opts): string {
  const neck = o.back ? 'Q400 150 300 120' : 'Q400 200 300 120';
  const body = `M300 120L240 135 120 245 185 335 225 300 225 670Q400 690 575 670L575 300 615 335 680 245 560 135 500 120${neck}Z`;
  const sleeves = ['M240 135 120 245 185 335 225 300 228 170Z', 'M560 135 680 245 615 335 575 300 572 170Z'];
  const cuffs = `<path d="M120 245 185 335 200 321 136 231ZM680 245 615 335 600 321 664 231Z" fill="${o.accent}"/>`;
  const collar = `<path d="M300 120${o.back ? 'Q400 150 500 120' : 'Q400 200 500 120'}" fill="none" stroke="${o.accent}" stroke-width="16"/>`;
  const details = o.back
    ? numberText(o, 400, 470, 210)
    : crest(475, 250, 24, o.accent, edge(o.main)) + `<path d="M310 238l30 14 -30 14z" fill="${o.accent}"/>`;
  return shadow(400, 700, 240) + part(`${o.id}b`, body, o.main, jerseyPattern(o, sleeves) + cuffs + collar + details);
}

function hockey(o: Opts): string {
  const body =
    'M310 110L220 130 90 300 60 520 150 540 185 370 200 680Q400 700 600 680L615 370 650 540 740 520 710 300 580 130 490 110Q400 170 310 110Z';
  const a = o.accent;
  let inner = '';
  if (o.pattern === 'sash') inner += line(200, 120, 640, 700, a, 70);
  else inner += `<path d="M220 130 310 110Q400 170 490 110L580 130 612 200Q400 240 188 200Z" fill="${a}"/>`;
  inner +=
    line(40, 410, 200, 430, a, 24) + line(40, 455, 200, 475, a, 12) + line(760, 410, 600, 430, a, 24) + line(760, 455, 600, 475, a, 12);
  inner += `<rect x="150" y="595" width="500" height="26" fill="${a}"/><rect x="150" y="635" width="500" height="12" fill="${a}"/>`;
  if (o.back) {
    inner += numberText(o, 400, 480, 200);
  } else {
    inner += `<path d="M345 112 400 215 455 112" fill="none" stroke="${darken(o.main, 0.25)}" stroke-width="12"/>`;
    inner += [140, 165, 190].map((y) => line(378 + (y - 140) * 0.3, y, 422 - (y - 140) * 0.3, y, '#fff', 4)).join('');
    inner += crest(400, 340, 60, a, edge(o.main));
  }
  return shadow(400, 715, 270) + part(`${o.id}b`, body, o.main, inner);
}

const LONG_BODY = (neck: string) =>
  `M300 120L235 135 130 290 95 560 175 575 205 380 225 360 225 670Q400 690 575 670L575 360 595 380 625 575 705 560 670 290 565 135 500 120${neck}Z`;

function goalkeeper(o: Opts): string {
  const body = LONG_BODY(o.back ? 'Q400 150 300 120' : 'Q400 200 300 120');
  const pads = `<ellipse cx="140" cy="420" rx="30" ry="55" transform="rotate(14 140 420)" fill="${darken(o.main, 0.18)}"/><ellipse cx="660" cy="420" rx="30" ry="55" transform="rotate(-14 660 420)" fill="${darken(o.main, 0.18)}"/>`;
  const cuffs = line(95, 548, 175, 563, o.accent, 26) + line(705, 548, 625, 563, o.accent, 26);
  const panels = `<path d="M225 360 300 300 300 680 225 680ZM575 360 500 300 500 680 575 680Z" fill="${o.accent}" opacity=".85"/>`;
  const collar = `<path d="M300 120${o.back ? 'Q400 150 500 120' : 'Q400 200 500 120'}" fill="none" stroke="${o.accent}" stroke-width="16"/>`;
  const details = o.back ? numberText(o, 400, 470, 200) : crest(460, 250, 22, o.accent, edge(o.main));
  return shadow(400, 700, 260) + part(`${o.id}b`, body, o.main, panels + pads + cuffs + collar + details);
}

function tshirt(o: Opts, kind: 'tshirt' | 'polo' | 'tank' | 'longsleeve'): string {
  const crew = 'Q400 172 330 118';
  let body: string;
  if (kind === 'tank') body = 'M320 110L290 115Q300 262 222 300L225 670Q400 690 575 670L578 300Q500 262 510 115L480 110Q400 236 320 110Z';
  else if (kind === 'longsleeve') body = LONG_BODY('Q400 175 300 120').replace('M300 120', 'M330 118').replace('500 120Q400 175 300 120', '470 118' + crew);
  else body = `M330 118L245 138 125 250 190 338 228 305 225 670Q400 690 575 670L572 305 610 338 675 250 555 138 470 118${crew}Z`;
  let inner = '';
  if (kind === 'tank') {
    inner += `<path d="M320 110Q400 236 480 110" fill="none" stroke="${darken(o.main, 0.15)}" stroke-width="10"/>`;
    inner += `<path d="M470 300l26 -18 26 18 -26 18z" fill="${o.accent}"/>`;
  } else if (kind === 'polo') {
    inner += `<rect x="382" y="140" width="36" height="130" fill="${darken(o.main, 0.08)}"/>` + circle(400, 185, 7, lighten(o.main, 0.5)) + circle(400, 235, 7, lighten(o.main, 0.5));
    inner += line(125, 250, 190, 338, o.accent, 10) + line(675, 250, 610, 338, o.accent, 10);
  } else {
    inner += `<path d="M330 118Q400 172 470 118" fill="none" stroke="${darken(o.main, 0.15)}" stroke-width="12"/>`;
    inner += crest(470, 250, 20, o.accent, edge(o.main));
  }
  if (kind === 'longsleeve') inner += line(95, 548, 175, 563, darken(o.main, 0.15), 24) + line(705, 548, 625, 563, darken(o.main, 0.15), 24);
  let out = shadow(400, 700, 240) + part(`${o.id}b`, body, o.main, inner);
  if (kind === 'polo') {
    const c = o.main;
    out += `<path d="M330 118 400 150 375 205 318 150Z" fill="${lighten(c, 0.06)}" stroke="${edge(c)}" stroke-width="4" stroke-linejoin="round"/>`;
    out += `<path d="M470 118 400 150 425 205 482 150Z" fill="${lighten(c, 0.06)}" stroke="${edge(c)}" stroke-width="4" stroke-linejoin="round"/>`;
    out += `<path d="M322 152 373 200M478 152 427 200" stroke="${o.accent}" stroke-width="6"/>`;
  }
  return out;
}

function hoodie(o: Opts, kind: 'hoodie' | 'zip-top' | 'sweatshirt'): string {
  const c = o.main;
  const rib = darken(c, 0.1);
  const body = LONG_BODY(kind === 'sweatshirt' ? 'Q400 180 300 120' : 'Q400 150 300 120');
  let inner = line(95, 546, 175, 561, rib, 30) + line(705, 546, 625, 561, rib, 30) + `<rect x="0" y="640" width="800" height="60" fill="${rib}"/>`;
  inner += segs([250, 290, 330, 370, 410, 450, 490, 530].map((x) => [x, 642, x, 700]), darken(c, 0.18), 2);
  let pre = '';
  let post = '';
  if (kind === 'hoodie') {
    pre = part(`${o.id}h`, 'M285 160Q290 40 400 35Q510 40 515 160Z', darken(c, 0.06));
    inner += `<path d="M285 520L515 520 555 620 245 620Z" fill="none" stroke="${darken(c, 0.25)}" stroke-width="5"/>`;
    inner += crest(485, 320, 20, o.accent, edge(c));
    post =
      `<path d="M320 150Q400 70 480 150Q400 205 320 150Z" fill="${darken(c, 0.35)}"/>` +
      line(372, 178, 366, 290, o.accent, 7) +
      line(428, 178, 434, 290, o.accent, 7) +
      `<rect x="359" y="285" width="14" height="22" rx="4" fill="${lighten(o.accent, 0.3)}"/><rect x="427" y="285" width="14" height="22" rx="4" fill="${lighten(o.accent, 0.3)}"/>`;
  } else if (kind === 'zip-top') {
    inner += line(400, 140, 400, 690, darken(c, 0.35), 8) + `<rect x="392" y="190" width="16" height="34" rx="4" fill="${o.accent}"/>`;
    inner += `<path d="M240 210 300 150M560 210 500 150" stroke="${o.accent}" stroke-width="12"/>`;
    inner += crest(480, 270, 18, o.accent, edge(c));
    post = part(`${o.id}c`, 'M318 95L482 95 492 150Q400 170 308 150Z', darken(c, 0.05)) + line(400, 97, 400, 160, darken(c, 0.35), 8);
  } else {
    inner += `<path d="M300 120Q400 180 500 120" fill="none" stroke="${rib}" stroke-width="26"/>`;
    inner += `<path d="M388 150l12 22 12 -22z" fill="${rib}"/>`;
  }
  return shadow(400, 700, 260) + pre + part(`${o.id}b`, body, c, inner) + post;
}

function jacket(o: Opts, vest: boolean): string {
  const c = o.main;
  const body = vest
    ? 'M318 100L262 118Q270 250 214 300L218 690Q400 705 582 690L586 300Q530 250 538 118L482 100Q400 150 318 100Z'
    : 'M310 110L230 130 125 290 92 590 172 605 202 390 222 370 218 700Q400 715 582 700L578 370 598 390 628 605 708 590 675 290 570 130 490 110Q400 150 310 110Z';
  let inner = '';
  if (vest) inner += [230, 300, 370, 440, 510, 580, 650].map((y) => `<path d="M200 ${y}Q400 ${y + 14} 600 ${y}" fill="none" stroke="${darken(c, 0.22)}" stroke-width="4"/>`).join('');
  else inner += `<rect x="0" y="300" width="800" height="34" fill="${o.accent}"/>` + line(92, 578, 172, 593, darken(c, 0.2), 26) + line(708, 578, 628, 593, darken(c, 0.2), 26);
  inner += line(400, 130, 400, 705, darken(c, 0.4), 8) + `<rect x="391" y="175" width="18" height="36" rx="4" fill="${o.accent}"/>`;
  inner += line(262, 470, 300, 590, darken(c, 0.4), 6) + line(538, 470, 500, 590, darken(c, 0.4), 6);
  const collar = part(`${o.id}c`, 'M310 80L490 80 500 140Q400 165 300 140Z', darken(c, 0.06)) + line(400, 82, 400, 150, darken(c, 0.4), 8);
  return shadow(400, 720, 270) + part(`${o.id}b`, body, c, inner) + collar;
}

function shorts(o: Opts): string {
  const c = o.main;
  const body = 'M230 230L570 230 615 560 432 592 400 400 368 592 185 560Z';
  const inner =
    `<rect x="0" y="230" width="800" height="46" fill="${darken(c, 0.1)}"/>` +
    line(238, 280, 196, 555, o.accent, 16) +
    line(562, 280, 604, 555, o.accent, 16) +
    crest(520, 340, 18, o.accent, edge(c));
  const cord = `<path d="M390 268q-12 50 -26 70M410 268q12 50 26 70" fill="none" stroke="${lighten(c, 0.6)}" stroke-width="6"/>`;
  return shadow(400, 640, 250) + part(`${o.id}b`, body, c, inner) + cord;
}

function pants(o: Opts): string {
  const c = o.main;
  const body = 'M262 110L538 110 566 400 548 705 438 705 410 320 390 320 362 705 252 705 234 400Z';
  const inner =
    `<rect x="0" y="110" width="800" height="44" fill="${darken(c, 0.1)}"/>` +
    line(246, 160, 254, 700, o.accent, 12) +
    line(554, 160, 546, 700, o.accent, 12) +
    `<rect x="0" y="680" width="800" height="26" fill="${darken(c, 0.12)}"/>` +
    line(300, 200, 318, 300, darken(c, 0.3), 4) +
    line(500, 200, 482, 300, darken(c, 0.3), 4);
  const cord = `<path d="M392 150q-10 40 -22 60M408 150q10 40 22 60" fill="none" stroke="${lighten(c, 0.6)}" stroke-width="6"/>`;
  return shadow(400, 735, 220) + part(`${o.id}b`, body, c, inner) + cord;
}

// ---------------------------------------------------------------------------
// footwear (side view, toe to the right)
// ---------------------------------------------------------------------------

function laces(x0: number, y0: number, x1: number, y1: number, k: number, color: string): string {
  const list: [number, number, number, number][] = [];
  for (let i = 0; i < k; i++) {
    const t = i / (k - 1);
    const x = x0 + (x1 - x0) * t;
    const y = y0 + (y1 - y0) * t;
    list.push([x - 14, y - 10, x + 14, y + 10]);
  }
  return segs(list, color, 7, ' stroke-linecap="round"');
}

function boot(o: Opts): string {
  const c = o.main;
  const upper = 'M176 495C150 430 155 350 190 300L235 290Q285 310 330 288L420 330Q540 368 640 394Q702 414 696 470L690 495Z';
  const inner =
    `<path d="M240 440Q400 372 565 418L575 446Q400 408 250 470Z" fill="${o.accent}"/>` +
    `<path d="M150 300C180 350 190 420 205 500L130 500Z" fill="${darken(c, 0.15)}"/>` +
    laces(345, 300, 470, 345, 5, luminance(c) > 0.8 ? '#d9dce1' : lighten(c, 0.75));
  const plate = `<path d="M165 495L702 495Q706 520 680 526L182 526Q160 520 165 495Z" fill="${darken(o.accent, 0.1)}" stroke="${edge(o.accent)}" stroke-width="3"/>`;
  const studs = [215, 265, 415, 480, 545, 610, 662]
    .map((x) => `<path d="M${x - 13} 524h26l-5 36h-16z" fill="${darken(o.accent, 0.25)}"/>`)
    .join('');
  return shadow(430, 575, 290, 20) + studs + plate + part(`${o.id}u`, upper, c, inner);
}

function runner(o: Opts): string {
  const c = o.main;
  const upper = 'M172 470C150 400 165 330 205 300L245 295Q290 320 335 300L430 345Q550 380 640 410Q705 430 700 470Z';
  const mesh = [260, 300, 340, 380, 420, 460, 500, 540, 580].map((x) => circle(x, 430, 3, darken(c, 0.2))).join('');
  const inner =
    mesh +
    `<path d="M300 470Q380 390 520 380L560 392Q420 410 350 470Z" fill="${o.accent}"/>` +
    `<path d="M160 300C175 340 190 400 205 470L150 470Z" fill="${darken(c, 0.18)}"/>` +
    laces(360, 318, 480, 360, 5, lighten(c, 0.7));
  const mid = `<path d="M158 468L706 468Q716 500 690 520L186 530Q148 520 158 468Z" fill="#f4f4f2" stroke="#c4c8ce" stroke-width="3"/>`;
  const midLine = `<path d="M200 500Q450 490 680 492" fill="none" stroke="${o.accent}" stroke-width="6"/>`;
  const out = `<path d="M186 530L690 520Q692 540 668 546L204 550Q182 546 186 530Z" fill="#33363b"/>`;
  const tab = `<path d="M190 300L175 262Q190 250 208 262L220 296Z" fill="${o.accent}"/>`;
  return shadow(430, 570, 290, 20) + out + mid + midLine + tab + part(`${o.id}u`, upper, c, inner);
}

function sneaker(o: Opts): string {
  const c = o.main;
  const upper = 'M182 470C170 410 180 350 215 330L255 325Q300 345 345 325L440 365Q560 395 640 420Q692 440 690 475Z';
  const inner =
    `<path d="M560 400Q640 410 690 450L690 480 560 480Z" fill="${darken(c, 0.07)}"/>` +
    `<path d="M170 330C190 380 200 420 210 475L160 475Z" fill="${o.accent}"/>` +
    laces(360, 345, 480, 385, 5, luminance(c) > 0.8 ? '#cfd3d9' : lighten(c, 0.75)) +
    `<path d="M270 445Q360 400 450 440" fill="none" stroke="${darken(c, 0.2)}" stroke-width="4"/>`;
  const sole = `<path d="M168 468L702 468 702 518Q694 536 660 536L202 536Q170 536 168 514Z" fill="#f7f7f5" stroke="#c4c8ce" stroke-width="3"/>`;
  const stitch = `<path d="M190 490H690" stroke="#c4c8ce" stroke-width="3" stroke-dasharray="10 8"/>`;
  return shadow(430, 570, 290, 20) + sole + stitch + part(`${o.id}u`, upper, c, inner);
}

function slide(o: Opts): string {
  const c = o.main;
  const one = (id: string, dx: number, rot: number) => {
    const sole = 'M400 130Q482 130 488 250Q492 340 478 440Q470 560 470 610Q466 672 400 672Q334 672 330 610Q330 560 322 440Q308 340 312 250Q318 130 400 130Z';
    const bed = `<path d="M400 152Q466 152 470 252Q472 340 458 440Q452 560 452 606Q448 652 400 652Q352 652 348 606Q348 560 342 440Q328 340 330 252Q334 152 400 152Z" fill="${lighten(c, 0.12)}"/>`;
    const strap = 'M282 236Q400 206 518 236L526 400Q400 380 274 400Z';
    const bumps = segs([480, 520, 560, 600].map((y) => [372, y, 428, y]), darken(c, 0.1), 6, ' stroke-linecap="round"');
    return `<g transform="translate(${dx} 0) rotate(${rot} 400 400)">${part(`${id}s`, sole, darken(c, 0.18), bed + bumps)}${part(`${id}t`, strap, c, crest(400, 305, 30, o.accent, edge(c)))}</g>`;
  };
  return shadow(400, 700, 260, 22) + one(`${o.id}a`, -105, -6) + one(`${o.id}b`, 105, 6);
}

// ---------------------------------------------------------------------------
// balls
// ---------------------------------------------------------------------------

function polygon(cx: number, cy: number, r: number, rot: number, k = 5): string {
  const pts: string[] = [];
  for (let i = 0; i < k; i++) {
    const a = ((rot + (360 / k) * i) * Math.PI) / 180;
    pts.push(`${n(cx + r * Math.cos(a))} ${n(cy + r * Math.sin(a))}`);
  }
  return `M${pts.join('L')}Z`;
}

function ball(o: Opts): string {
  const cx = 400;
  const cy = 380;
  const R = 240;
  const seam = luminance(o.main) > 0.7 ? '#9aa0a8' : darken(o.main, 0.35);
  let inner = `<path d="${polygon(cx, cy, 78, -90)}" fill="${o.accent}"/>`;
  for (let i = 0; i < 5; i++) {
    const a = -90 + 72 * i;
    const rad = (a * Math.PI) / 180;
    inner += line(n(cx + 78 * Math.cos(rad)), n(cy + 78 * Math.sin(rad)), n(cx + 150 * Math.cos(rad)), n(cy + 150 * Math.sin(rad)), seam, 4);
    const b = ((a + 36) * Math.PI) / 180;
    inner += `<path d="${polygon(n(cx + 215 * Math.cos(b)), n(cy + 215 * Math.sin(b)), 74, a + 36)}" fill="${o.accent}"/>`;
    const p = ((a + 36 - 72) * Math.PI) / 180;
    inner += `<path d="M${n(cx + 150 * Math.cos(rad))} ${n(cy + 150 * Math.sin(rad))}L${n(cx + 150 * Math.cos(rad) + 40 * Math.cos(b))} ${n(cy + 150 * Math.sin(rad) + 40 * Math.sin(b))}M${n(cx + 150 * Math.cos(rad))} ${n(cy + 150 * Math.sin(rad))}L${n(cx + 150 * Math.cos(rad) + 40 * Math.cos(p))} ${n(cy + 150 * Math.sin(rad) + 40 * Math.sin(p))}" stroke="${seam}" stroke-width="4"/>`;
  }
  inner += `<path d="${polygon(cx, cy, 78, -90)}" fill="none" stroke="${seam}" stroke-width="4"/>`;
  return shadow(400, 650, 200, 26) + part(`${o.id}b`, `M${cx - R} ${cy}a${R} ${R} 0 1 0 ${2 * R} 0a${R} ${R} 0 1 0 ${-2 * R} 0Z`, o.main, inner, 'sp');
}

function handball(o: Opts): string {
  const seam = darken(o.main, 0.35);
  const inner =
    `<path d="M150 390Q400 260 650 390" fill="none" stroke="${o.accent}" stroke-width="40"/>` +
    `<path d="M230 200Q430 380 300 610M580 200Q380 390 500 615" fill="none" stroke="${o.accent}" stroke-width="28"/>` +
    `<path d="M150 430Q400 300 650 430M150 350Q400 220 650 350" fill="none" stroke="${seam}" stroke-width="3"/>`;
  return shadow(400, 650, 200, 26) + part(`${o.id}b`, 'M160 380a240 240 0 1 0 480 0a240 240 0 1 0 -480 0Z', o.main, inner, 'sp');
}

// ---------------------------------------------------------------------------
// fan gear & accessories
// ---------------------------------------------------------------------------

function scarf(o: Opts): string {
  const c = o.main;
  const a = o.accent;
  const body = 'M110 310H690V490H110Z';
  let inner = [160, 240, 510, 590].map((x) => `<rect x="${x}" y="310" width="50" height="180" fill="${a}"/>`).join('');
  inner += line(110, 330, 690, 330, a, 10) + line(110, 470, 690, 470, a, 10);
  inner += crest(400, 385, 40, a, edge(c));
  const fr: [number, number, number, number][] = [];
  for (let y = 316; y <= 484; y += 14) fr.push([66, y, 110, y], [690, y, 734, y]);
  return shadow(400, 585, 330, 24) + `<g transform="rotate(-12 400 400)">${segs(fr, c, 7)}${part(`${o.id}b`, body, c, inner)}</g>`;
}

function flag(o: Opts): string {
  const c = o.main;
  const d = 'M168 150Q320 110 450 160T712 170L712 470Q580 420 450 468T168 450Z';
  let inner = o.pattern === 'stripes' ? [260, 400, 540].map((x) => `<rect x="${x}" y="0" width="70" height="800" fill="${o.accent}"/>`).join('') : `<rect x="0" y="310" width="800" height="400" fill="${o.accent}"/>`;
  inner += crest(440, 290, 50, o.pattern === 'stripes' ? c : lighten(c, 0.05), edge(c)) + `<rect width="800" height="800" fill="url(#wv)"/>`;
  const pole = `<rect x="150" y="110" width="16" height="590" rx="6" fill="#8a9099"/>` + circle(158, 106, 14, '#b0b6be');
  const eyes = circle(182, 172, 7, '#d7dbe0', ' stroke="#8a9099" stroke-width="3"') + circle(182, 430, 7, '#d7dbe0', ' stroke="#8a9099" stroke-width="3"');
  return `<g transform="translate(40 50) scale(.9)">${shadow(200, 705, 110, 14) + pole + part(`${o.id}f`, d, c, inner) + eyes}</g>`;
}

function mug(o: Opts): string {
  const c = o.main;
  const handle = `<path d="M535 320C660 320 660 530 530 530" fill="none" stroke="${edge(c)}" stroke-width="52"/><path d="M535 320C660 320 660 530 530 530" fill="none" stroke="${c}" stroke-width="42"/>`;
  const body = 'M262 260L538 260 528 600Q400 630 272 600Z';
  const inner = crest(400, 420, 56, o.accent, edge(c)) + `<rect x="0" y="555" width="800" height="14" fill="${o.accent}"/>`;
  const rim = `<ellipse cx="400" cy="260" rx="138" ry="30" fill="${darken(c, 0.25)}" stroke="${o.accent}" stroke-width="8"/>`;
  return shadow(410, 625, 220, 22) + handle + part(`${o.id}b`, body, c, inner) + rim;
}

function cap(o: Opts): string {
  const c = o.main;
  const crown = 'M228 440Q214 222 410 206Q600 218 606 430Z';
  const inner =
    `<path d="M410 208Q326 300 322 440M410 208Q486 300 498 436" fill="none" stroke="${darken(c, 0.2)}" stroke-width="4"/>` +
    circle(372, 336, 42, o.accent) +
    circle(372, 336, 26, c) +
    circle(300, 290, 5, darken(c, 0.3)) +
    circle(540, 300, 5, darken(c, 0.3));
  const brim = 'M226 436Q256 506 420 524Q624 546 712 470Q650 418 604 426Q420 444 226 436Z';
  return shadow(450, 580, 260, 22) + part(`${o.id}c`, crown, c, inner) + part(`${o.id}k`, brim, darken(c, 0.12), `<path d="M260 462Q430 500 680 468" fill="none" stroke="${darken(c, 0.3)}" stroke-width="3" stroke-dasharray="9 7"/>`) + circle(410, 206, 14, darken(c, 0.1));
}

function beanie(o: Opts): string {
  const c = o.main;
  const dome = 'M240 520Q228 226 400 212Q572 226 560 520Z';
  let ribs = '';
  for (let x = 260; x <= 540; x += 28) ribs += `M${x} 520Q${n(x + (x - 400) * 0.1)} 330 400 220`;
  const inner = `<path d="${ribs}" fill="none" stroke="${darken(c, 0.12)}" stroke-width="4"/>`;
  const cuffD = 'M222 470H578Q588 470 588 490V560Q588 582 566 582H234Q212 582 212 560V490Q212 470 222 470Z';
  const cols: [number, number, number, number][] = [];
  for (let x = 236; x <= 566; x += 22) cols.push([x, 474, x, 578]);
  let rib = segs(cols, darken(c, 0.22), 3);
  rib += `<rect x="360" y="500" width="80" height="48" rx="6" fill="${o.accent}"/>`;
  let bob = '';
  if (o.bobble) {
    bob = circle(400, 190, 72, o.accent, ` stroke="${edge(o.accent)}" stroke-width="4"`);
    const strands: [number, number, number, number][] = [];
    for (let i = 0; i < 18; i++) {
      const a = (i * 20 * Math.PI) / 180;
      strands.push([400 + 40 * Math.cos(a), 190 + 40 * Math.sin(a), 400 + 70 * Math.cos(a), 190 + 70 * Math.sin(a)]);
    }
    bob += segs(strands, darken(o.accent, 0.12), 4);
  }
  return shadow(400, 615, 230, 22) + part(`${o.id}d`, dome, c, inner) + part(`${o.id}r`, cuffD, darken(c, 0.06), rib) + bob;
}

function bag(o: Opts): string {
  const c = o.main;
  const body = 'M240 300H560Q650 300 650 390V500Q650 590 560 590H240Q150 590 150 500V390Q150 300 240 300Z';
  const inner =
    `<rect x="0" y="465" width="800" height="36" fill="${o.accent}"/>` +
    `<rect x="0" y="550" width="800" height="60" fill="${darken(c, 0.25)}"/>` +
    `<path d="M150 300H250V590H150ZM550 300H650V590H550Z" fill="${darken(c, 0.12)}"/>` +
    `<path d="M250 322Q400 300 550 322" fill="none" stroke="${darken(c, 0.45)}" stroke-width="7"/>` +
    `<rect x="520" y="312" width="14" height="30" rx="4" fill="${o.accent}"/>` +
    crest(400, 395, 26, o.accent, edge(c));
  const strap = `<path d="M180 330Q400 60 620 330" fill="none" stroke="${darken(c, 0.35)}" stroke-width="14"/>`;
  const handles = `<path d="M330 305Q340 215 400 215Q460 215 470 305" fill="none" stroke="${darken(c, 0.15)}" stroke-width="22"/><rect x="368" y="204" width="64" height="26" rx="10" fill="${darken(c, 0.3)}"/>`;
  return shadow(400, 625, 290, 22) + strap + handles + part(`${o.id}b`, body, c, inner);
}

function backpack(o: Opts): string {
  const c = o.main;
  const straps = `<path d="M262 220Q200 380 236 620M538 220Q600 380 564 620" fill="none" stroke="${darken(c, 0.35)}" stroke-width="34"/>`;
  const handle = `<path d="M360 150Q360 92 400 92Q440 92 440 150" fill="none" stroke="${darken(c, 0.3)}" stroke-width="14"/>`;
  const body = 'M262 210Q262 140 332 135H468Q538 140 538 210L560 640Q560 682 518 682H282Q240 682 240 640Z';
  const pocket = 'M288 430H512L524 636Q524 656 504 656H296Q276 656 276 636Z';
  const inner =
    `<path d="M262 250Q400 205 538 250" fill="none" stroke="${darken(c, 0.4)}" stroke-width="6"/>` +
    `<rect x="500" y="240" width="12" height="34" rx="4" fill="${o.accent}"/>` +
    line(300, 330, 500, 330, o.accent, 10);
  const pk =
    part(`${o.id}p`, pocket, darken(c, 0.08), `<path d="M300 452Q400 432 500 452" fill="none" stroke="${darken(c, 0.45)}" stroke-width="5"/>` + `<rect x="478" y="446" width="12" height="30" rx="4" fill="${o.accent}"/>` + crest(400, 545, 24, o.accent, edge(c)));
  return shadow(400, 712, 220, 20) + straps + handle + part(`${o.id}b`, body, c, inner) + pk;
}

function gymsack(o: Opts): string {
  const c = o.main;
  const cord = luminance(o.accent) > 0.8 ? darken(c, 0.3) : o.accent;
  const cords = `<path d="M400 120L250 205M400 120L550 205" fill="none" stroke="${cord}" stroke-width="7"/>`;
  const body = 'M250 200H550L592 640Q592 662 570 662H230Q208 662 208 640Z';
  const inner =
    `<rect x="0" y="200" width="800" height="44" fill="${darken(c, 0.12)}"/>` +
    `<path d="M208 610V662H260ZM592 610V662H540Z" fill="#d5d9de"/>` +
    crest(400, 420, 56, o.accent, edge(c));
  const side = line(250, 205, 216, 640, cord, 7) + line(550, 205, 584, 640, cord, 7);
  return shadow(400, 690, 220, 20) + cords + part(`${o.id}b`, body, c, inner) + side + circle(400, 120, 10, darken(cord, 0.2));
}

function bottle(o: Opts): string {
  const c = o.main;
  const body = 'M322 250Q300 420 322 460Q300 520 314 650Q314 676 344 676H456Q486 676 486 650Q500 520 478 460Q500 420 478 250Q470 226 440 222H360Q330 226 322 250Z';
  const inner = `<rect x="0" y="420" width="800" height="64" fill="${o.accent}"/>` + [540, 580, 620].map((y) => line(300, y, 500, y, darken(c, 0.12), 4)).join('');
  const capD = 'M356 140H444Q452 140 452 148V222H348V148Q348 140 356 140Z';
  const valve = `<rect x="382" y="98" width="36" height="46" rx="10" fill="${darken(o.accent, 0.25)}"/>`;
  return shadow(400, 700, 150, 18) + valve + part(`${o.id}c`, capD, o.accent, line(348, 200, 452, 200, darken(o.accent, 0.25), 4)) + part(`${o.id}b`, body, c, inner);
}

function tub(o: Opts): string {
  const c = o.main;
  const body = 'M272 300H528L518 640Q400 668 282 640Z';
  const label = `<rect x="292" y="392" width="216" height="170" rx="12" fill="#fff"/><rect x="292" y="392" width="216" height="36" rx="12" fill="${o.accent}"/>` +
    `<path d="M410 448L368 512H402L390 552 436 486H402Z" fill="${c}"/>`;
  const lid = `<rect x="256" y="246" width="288" height="62" rx="14" fill="${o.accent}" stroke="${edge(o.accent)}" stroke-width="4"/>` + segs([280, 320, 360, 400, 440, 480, 520].map((x) => [x, 252, x, 302]), darken(o.accent, 0.25), 3);
  return shadow(400, 665, 200, 20) + part(`${o.id}b`, body, c, label) + lid;
}

function gel(o: Opts): string {
  const one = (id: string, dx: number, rot: number) => {
    const d = 'M320 160H480L500 620Q500 640 480 640H320Q300 640 300 620L300 190 320 176Z';
    const inner =
      `<rect x="0" y="160" width="800" height="44" fill="${darken(o.main, 0.15)}"/>` +
      segs([305, 325, 345, 365, 385, 405, 425, 445, 465, 485].map((x) => [x, 164, x, 200]), darken(o.main, 0.3), 3) +
      `<rect x="330" y="320" width="140" height="170" rx="12" fill="${o.accent}"/>` +
      `<path d="M410 350L372 414H402L390 460 432 394H402Z" fill="${o.main}"/>`;
    return `<g transform="translate(${dx} 0) rotate(${rot} 400 400)">${part(id, d, o.main, inner)}</g>`;
  };
  return shadow(400, 680, 230, 20) + one(`${o.id}g1`, -90, -8) + one(`${o.id}g2`, 90, 6);
}

function shinguard(o: Opts): string {
  const c = o.main;
  const d = 'M322 170Q400 140 478 170Q502 400 470 566Q400 628 330 566Q298 400 322 170Z';
  const inner =
    `<path d="${d}" fill="none" stroke="${o.accent}" stroke-width="22"/>` +
    [250, 300, 350, 400, 450].map((y) => `<ellipse cx="400" cy="${y}" rx="30" ry="9" fill="${darken(c, 0.2)}"/>`).join('');
  return (
    shadow(400, 660, 250, 22) +
    `<g transform="translate(-115 20) rotate(-8 400 400)">${part(`${o.id}l`, d, c, inner)}</g>` +
    `<g transform="translate(115 0) rotate(8 400 400)">${part(`${o.id}r`, d, c, inner)}</g>`
  );
}

function gloves(o: Opts): string {
  const glove = (id: string, c: string) => {
    const d =
      'M300 390V200Q300 170 330 170Q360 170 360 200V360H366V175Q366 145 396 145Q426 145 426 175V360H432V190Q432 160 462 160Q492 160 492 190V370H498V235Q498 210 522 210Q546 210 546 235V700H306V560L282 510 222 420Q206 392 232 380Q254 372 272 392Z';
    const inner =
      `<rect x="0" y="540" width="800" height="80" fill="${o.accent}"/>` +
      `<rect x="290" y="610" width="280" height="90" fill="${darken(c, 0.2)}"/>` +
      [330, 396, 462, 522].map((x) => line(x, 230, x, 350, darken(c, 0.18), 4)).join('') +
      crest(420, 455, 30, o.accent, edge(c));
    return part(id, d, c, inner);
  };
  return (
    shadow(400, 730, 260, 22) +
    `<g transform="translate(110 10) scale(-.86 .86) translate(-820 60)">${glove(`${o.id}a`, darken(o.main, 0.08))}</g>` +
    `<g transform="translate(-70 0) scale(.9) translate(40 40)">${glove(`${o.id}b`, o.main)}</g>`
  );
}

function socks(o: Opts): string {
  const sock = (id: string, c: string) => {
    const d = 'M330 130H460V470Q468 556 560 596Q632 628 612 680Q592 720 520 700L380 652Q320 622 330 560Z';
    const inner =
      `<rect x="0" y="150" width="800" height="30" fill="${o.accent}"/><rect x="0" y="196" width="800" height="14" fill="${o.accent}"/>` +
      `<rect x="0" y="130" width="800" height="14" fill="${darken(c, 0.12)}"/>` +
      `<path d="M520 600Q640 610 620 690L580 720 520 700Z" fill="${darken(c, 0.12)}"/>` +
      `<path d="M330 560Q340 640 400 660L330 680Z" fill="${darken(c, 0.12)}"/>`;
    return part(id, d, c, inner);
  };
  return shadow(430, 720, 250, 20) + `<g transform="translate(-120 -20)">${sock(`${o.id}a`, darken(o.main, 0.07))}</g>` + `<g transform="translate(40 0)">${sock(`${o.id}b`, o.main)}</g>`;
}

// ---------------------------------------------------------------------------
// dispatch
// ---------------------------------------------------------------------------

const DRAW: Record<ProductShape, (o: Opts) => string> = {
  jersey,
  'hockey-jersey': hockey,
  'goalkeeper-jersey': goalkeeper,
  tshirt: (o) => tshirt(o, 'tshirt'),
  longsleeve: (o) => tshirt(o, 'longsleeve'),
  polo: (o) => tshirt(o, 'polo'),
  tank: (o) => tshirt(o, 'tank'),
  hoodie: (o) => hoodie(o, 'hoodie'),
  'zip-top': (o) => hoodie(o, 'zip-top'),
  sweatshirt: (o) => hoodie(o, 'sweatshirt'),
  jacket: (o) => jacket(o, false),
  vest: (o) => jacket(o, true),
  shorts,
  pants,
  'football-boot': boot,
  'running-shoe': runner,
  sneaker,
  slide,
  ball,
  handball,
  scarf,
  flag,
  mug,
  cap,
  beanie,
  bag,
  backpack,
  gymsack,
  bottle,
  shinguard,
  gloves,
  socks,
  tub,
  gel,
};

const BACK_VIEW = new Set<ProductShape>(['jersey', 'hockey-jersey', 'goalkeeper-jersey']);
const SIDE_VIEW = new Set<ProductShape>(['football-boot', 'running-shoe', 'sneaker', 'slide']);

function svgDoc(w: number, h: number, body: string, bg?: string): string {
  const background =
    bg ??
    `<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#f8f9fa"/><stop offset="1" stop-color="#e9ecf0"/></linearGradient>`;
  const bgRect = bg ? '' : `<rect width="${w}" height="${h}" fill="url(#bg)"/><circle cx="${w / 2}" cy="${h * 0.48}" r="${Math.min(w, h) * 0.4}" fill="#fff" opacity=".55"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}"><defs>${background}${COMMON_DEFS}</defs>${bgRect}${body}</svg>\n`;
}

function pickAccent(main: string, wanted: string | undefined, others: string[]): string {
  const fallbacks = [wanted, ...others, luminance(main) > 0.6 ? '#1f2023' : '#ffffff'].filter((c): c is string => !!c);
  return fallbacks.find((c) => distance(c, main) > 90) ?? (luminance(main) > 0.5 ? darken(main, 0.5) : lighten(main, 0.7));
}

export function productSvg(p: SeedProduct, imageIndex: number): string {
  const ill = p.illustration ?? { shape: 'tshirt' as ProductShape };
  const colours = [...new Set(p.variants.map((v) => v.colourHex).filter((c): c is string => !!c))];
  if (colours.length === 0) colours.push(ill.baseHex ?? '#1f5fbf');
  const shape = ill.shape;
  const back = imageIndex > 0 && BACK_VIEW.has(shape) && ill.number !== undefined;
  const colourIdx = !back && imageIndex > 0 && colours.length > 1 ? imageIndex % colours.length : 0;
  const main = colours[colourIdx];
  const accent = pickAccent(main, ill.accentHex, colours.filter((c) => c !== main));
  const o: Opts = {
    id: 'p',
    main,
    accent,
    pattern: ill.pattern ?? 'plain',
    number: ill.number,
    back,
    bobble: ill.bobble,
  };
  let body = DRAW[shape](o);
  const flip = imageIndex > 0 && !back && colourIdx === 0;
  if (flip || (imageIndex > 0 && SIDE_VIEW.has(shape))) body = mirror(body);
  return svgDoc(800, 800, body);
}

// ---------------------------------------------------------------------------
// tiles, stores, blog
// ---------------------------------------------------------------------------

const TILE_ICONS: Record<string, string> = {
  'free-shipping':
    `<rect x="22" y="62" width="98" height="68" rx="8" fill="${BRAND}"/><path d="M120 82H152L176 108V130H120Z" fill="#2b78c5"/><path d="M130 90H150L165 108H130Z" fill="#d6e8f8"/>` +
    circle(58, 138, 17, '#1f2023') + circle(58, 138, 7, '#c9ced6') + circle(150, 138, 17, '#1f2023') + circle(150, 138, 7, '#c9ced6') +
    `<path d="M46 86h52v8h-52zM46 102h36v8h-36z" fill="#fff" opacity=".85"/>`,
  'two-day-delivery':
    `<rect x="58" y="56" width="104" height="92" rx="8" fill="#c98a4b"/><path d="M58 84H162" stroke="#a86d34" stroke-width="6"/><rect x="98" y="56" width="24" height="30" fill="#f2d2a9"/>` +
    `<path d="M18 80H48M10 102H48M22 124H48" stroke="${BRAND}" stroke-width="8" stroke-linecap="round"/>` +
    circle(150, 140, 30, '#fff', ` stroke="${BRAND}" stroke-width="7"`) + `<path d="M150 124V140L162 150" fill="none" stroke="${BRAND}" stroke-width="7" stroke-linecap="round"/>`,
  'free-gift':
    `<rect x="40" y="86" width="120" height="84" rx="6" fill="#c8102e"/><rect x="32" y="66" width="136" height="30" rx="6" fill="#e0243f"/>` +
    `<rect x="90" y="66" width="20" height="104" fill="#f2c200"/><path d="M100 66C70 30 44 50 64 66ZM100 66C130 30 156 50 136 66Z" fill="none" stroke="#f2c200" stroke-width="9"/>`,
  'store-pickup':
    `<path d="M30 92H170V170H30Z" fill="#fff" stroke="${BRAND}" stroke-width="6"/><path d="M24 60H176L170 92H30Z" fill="${BRAND}"/>` +
    [30, 58, 86, 114, 142].map((x) => `<path d="M${x} 92h28v10a14 14 0 0 1-28 0z" fill="${x % 56 === 30 ? '#fff' : BRAND}" stroke="${BRAND}" stroke-width="3"/>`).join('') +
    `<rect x="48" y="116" width="48" height="54" fill="#d6e8f8"/><rect x="112" y="116" width="40" height="54" fill="${BRAND}"/>` +
    `<path d="M150 16a22 22 0 0 1 22 22c0 16-22 38-22 38s-22-22-22-38a22 22 0 0 1 22-22z" fill="#c8102e"/>` + circle(150, 38, 8, '#fff'),
};

function tileSvg(key: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="96" height="96"><circle cx="100" cy="104" r="92" fill="#eef4fb"/>${TILE_ICONS[key]}</svg>\n`;
}

const STORE_STYLE: Record<string, { wall: string; awning: string; trim: string; roof: string }> = {
  'praha-vinohrady': { wall: '#f1e4cf', awning: '#c8102e', trim: '#b79a6b', roof: '#8e4a3a' },
  'brno-centrum': { wall: '#e4e9ef', awning: '#1f5fbf', trim: '#9aa6b4', roof: '#5d6470' },
  'ostrava-centrum': { wall: '#d9c7b8', awning: '#6cb4e4', trim: '#8c6f5c', roof: '#4a4f57' },
};

function storeSvg(slug: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 500" width="800" height="500">${storeBody(slug)}</svg>\n`;
}

function storeBody(slug: string): string {
  const s = STORE_STYLE[slug] ?? STORE_STYLE['brno-centrum'];
  const b = `<linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#cfe6f7"/><stop offset="1" stop-color="#eef6fc"/></linearGradient>`;
  let body = `<rect width="800" height="500" fill="url(#bg)"/>`;
  body += `<circle cx="690" cy="80" r="40" fill="#fff3c4"/>`;
  if (slug.startsWith('ostrava')) {
    // industrial skyline behind the building
    body += `<path d="M0 300V190H60V120H80V190H150V300ZM650 300V150H700V60H720V150H800V300Z" fill="#aab4c0"/>`;
  } else if (slug.startsWith('brno')) {
    body += `<path d="M0 300V210Q60 170 120 210V300ZM680 300V200Q740 150 800 200V300Z" fill="#9fc89a"/>`;
  }
  body += `<rect x="120" y="60" width="560" height="380" fill="${s.wall}"/>`;
  if (slug.startsWith('praha')) {
    // art-nouveau gable with ornament
    body += `<path d="M100 60H700L700 50Q400 -40 100 50Z" fill="${s.roof}"/><path d="M330 40Q400 0 470 40" fill="none" stroke="${s.trim}" stroke-width="8"/>${circle(400, 30, 14, '#d4a72c')}`;
    body += `<path d="M120 205H680" stroke="${s.trim}" stroke-width="10"/>`;
  } else if (slug.startsWith('ostrava')) {
    body += `<path d="M100 60H700V44H100Z" fill="${s.roof}"/>`;
    const bricks: [number, number, number, number][] = [];
    for (let y = 80; y < 210; y += 22) bricks.push([120, y, 680, y]);
    body += segs(bricks, darken(s.wall, 0.12), 3);
  } else {
    body += `<path d="M110 60H690V40H110Z" fill="${s.roof}"/>`;
  }
  for (const x of [170, 290, 410, 530]) body += `<rect x="${x}" y="95" width="80" height="100" rx="4" fill="#9cc3e0" stroke="${s.trim}" stroke-width="8"/><path d="M${x + 40} 95V195M${x} 145H${x + 80}" stroke="${s.trim}" stroke-width="5"/>`;
  body += `<rect x="120" y="215" width="560" height="36" fill="${BRAND}"/><rect x="330" y="225" width="140" height="16" rx="8" fill="#fff" opacity=".9"/>`;
  const stripes = Array.from({ length: 10 }, (_, i) => `<path d="M${140 + i * 52} 255h52l-6 44h-52z" fill="${i % 2 ? '#fff' : s.awning}"/>`).join('');
  body += stripes;
  body += `<rect x="150" y="300" width="220" height="140" fill="#bcd9ee" stroke="${s.trim}" stroke-width="8"/><rect x="520" y="300" width="130" height="140" fill="#bcd9ee" stroke="${s.trim}" stroke-width="8"/>`;
  body += `<rect x="400" y="300" width="90" height="140" fill="#5a4636"/><circle cx="475" cy="372" r="5" fill="#e3c27a"/>`;
  // window display: little jerseys and a ball
  const tiny = (x: number, y: number, c: string) =>
    `<path d="M${x - 18} ${y}l-14 10 8 12 6 -4v30h40v-30l6 4 8 -12 -14 -10q-10 8 -20 0z" fill="${c}"/>`;
  body += tiny(200, 340, '#c8102e') + tiny(260, 340, '#1f5fbf') + tiny(320, 340, '#6cb4e4') + circle(585, 405, 26, '#fff', ' stroke="#333" stroke-width="3"') + `<path d="${polygon(585, 405, 10, -90)}" fill="#333"/>`;
  body += `<rect x="0" y="440" width="800" height="60" fill="#b9bec6"/><rect x="0" y="440" width="800" height="10" fill="#9aa0a8"/>`;
  body += `<rect x="60" y="300" width="8" height="140" fill="#3b3f45"/><circle cx="64" cy="296" r="14" fill="#fff3c4" stroke="#3b3f45" stroke-width="4"/>`;
  body += `<circle cx="740" cy="360" r="44" fill="#3f8f4e"/><rect x="734" y="390" width="12" height="52" fill="#6b4a2f"/>`;
  return `<defs>${b}</defs>${body}`;
}

/** Blog header: a composition of product illustrations on a coloured band. */
function blogSvg(slug: string, index: number): string {
  const palettes = ['#e8f1fa', '#fbe9ec', '#eaf6ef', '#fdf3e1', '#eef0f4', '#f3ecf9'];
  const bg = palettes[index % palettes.length];
  const place = (g: string, x: number, y: number, s: number) => `<g transform="translate(${x} ${y}) scale(${s})">${g}</g>`;
  const opt = (id: string, main: string, accent: string, extra: Partial<Opts> = {}): Opts => ({ id, main, accent, pattern: 'plain', ...extra });
  let items: string;
  if (slug.includes('kopacky')) {
    items = place(boot(opt('a', '#1f2023', '#d4ec1a')), 10, 150, 0.48) + place(sneaker(opt('b', '#1f5fbf', '#f2c200')), 405, 80, 0.48) + place(runner(opt('c', '#f07d19', '#1f2023')), 800, 170, 0.48);
  } else if (slug.includes('dresy')) {
    items = place(jersey(opt('a', '#c8102e', '#f5f5f2', { pattern: 'sleeves' })), 60, 50, 0.66) + place(jersey(opt('b', '#f5f5f2', '#c8102e', { pattern: 'hoops' })), 400, 20, 0.72) + place(jersey(opt('c', '#1f2023', '#d4a72c')), 750, 50, 0.66);
  } else if (slug.includes('zimni')) {
    items = place(beanie(opt('a', '#1f2023', '#d4ec1a')), 60, 70, 0.6) + place(pants(opt('b', '#1f2023', '#d4ec1a')), 410, 40, 0.65) + place(runner(opt('c', '#1f5fbf', '#f5f5f2')), 760, 130, 0.55);
  } else if (slug.includes('prat')) {
    const machine = `<rect x="150" y="100" width="500" height="600" rx="40" fill="#f5f5f2" stroke="#b9bec6" stroke-width="6"/><rect x="150" y="100" width="500" height="110" rx="40" fill="#e3e6ea"/>${circle(560, 155, 22, '#1f5fbf')}${circle(400, 450, 180, '#c9ced6')}${circle(400, 450, 140, '#9cc3e0')}<path d="M270 470Q400 420 530 470V560Q400 610 270 560Z" fill="#c8102e" opacity=".75"/>`;
    items = place(machine, 60, 40, 0.62) + place(jersey(opt('b', '#c8102e', '#f5f5f2', { back: true, number: 10 })), 420, 30, 0.7) + place(socks(opt('c', '#1f5fbf', '#f5f5f2')), 790, 70, 0.6);
  } else if (slug.includes('ostrav')) {
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 630" width="1200" height="630"><rect width="1200" height="630" fill="#dcebf7"/><rect y="560" width="1200" height="70" fill="#b9bec6"/><g transform="translate(100 5) scale(1.25)">${storeBody('ostrava-centrum')}</g></svg>\n`;
  } else {
    items = place(scarf(opt('a', '#c8102e', '#f5f5f2')), 0, 90, 0.6) + place(mug(opt('b', '#f5f5f2', '#c8102e')), 420, 90, 0.55) + place(ball(opt('c', '#c8102e', '#f5f5f2')), 780, 100, 0.55);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 630" width="1200" height="630"><defs>${COMMON_DEFS}</defs><rect width="1200" height="630" fill="${bg}"/><circle cx="1080" cy="90" r="160" fill="#fff" opacity=".5"/><circle cx="120" cy="560" r="120" fill="#fff" opacity=".4"/>${items}</svg>\n`;
}

// ---------------------------------------------------------------------------
// main
// ---------------------------------------------------------------------------

function write(rel: string, content: string): number {
  const file = join(OUT, rel);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, content);
  return Buffer.byteLength(content);
}

function main(): void {
  let count = 0;
  let bytes = 0;
  let largest = { file: '', size: 0 };
  const track = (rel: string, content: string) => {
    const size = write(rel, content);
    count++;
    bytes += size;
    if (size > largest.size) largest = { file: rel, size };
  };
  for (const p of products) p.images.forEach((img, i) => track(join('products', img.file), productSvg(p, i)));
  for (const t of tiles) track(t.image, tileSvg(t.image.replace(/^tiles\//, '').replace(/\.svg$/, '')));
  for (const s of stores) track(s.image ?? `stores/${s.slug}.svg`, storeSvg(s.slug));
  articles.forEach((a, i) => {
    if (a.image) track(a.image, blogSvg(a.slug.cs, i));
  });
  console.log(`Wrote ${count} SVG files, ${(bytes / 1024).toFixed(1)} KB in total; largest ${largest.file} (${largest.size} B).`);
}

main();

// The e-mail's QR payment picture (services/qr.ts qrPng) is the QR code of the order's payment string:
// every module of the code is black or white in the picture where the code has it, with four modules
// of white around, whatever way of writing the PNG makes it cheaper to draw.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { orderSpayd, qrModules, qrPng } from '../../../bff/src/services/qr.ts';

const spayd = orderSpayd({ number: '2026000123', currency: 'CZK', totalGross: 123_450, variableSymbol: '2026000123' });

describe('qrPng', () => {
  it('draws exactly the modules of the QR code, in black on white, with a quiet zone of four modules', async () => {
    const png = await qrPng(spayd);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
    const modules = qrModules(spayd);
    const count = modules.length + 8;
    expect(info.width).toBe(info.height);
    expect(info.width).toBeGreaterThanOrEqual(200);
    const scale = info.width / count;
    // the centre of module (x, y) of the picture, the quiet zone included
    const shade = (x: number, y: number) => data[Math.floor((y + 0.5) * scale) * info.width + Math.floor((x + 0.5) * scale)];
    const drawn: boolean[][] = [];
    for (let y = 0; y < count; y += 1) {
      const row: boolean[] = [];
      for (let x = 0; x < count; x += 1) {
        const value = shade(x, y);
        expect([0, 255]).toContain(value);
        row.push(value === 0);
      }
      drawn.push(row);
    }
    const white = Array.from({ length: count }, () => false);
    expect(drawn.slice(0, 4)).toEqual([white, white, white, white]);
    expect(drawn.slice(-4)).toEqual([white, white, white, white]);
    expect(drawn.slice(4, -4).map((row) => row.slice(4, -4))).toEqual(modules);
    expect(drawn.slice(4, -4).every((row) => row.slice(0, 4).concat(row.slice(-4)).every((dark) => !dark))).toBe(true);
  });

  it('differs for another order', async () => {
    const other = orderSpayd({ number: '2026000124', currency: 'CZK', totalGross: 123_450, variableSymbol: '2026000124' });
    expect(qrModules(other)).not.toEqual(qrModules(spayd));
    expect((await qrPng(other)).equals(await qrPng(spayd))).toBe(false);
  });
});

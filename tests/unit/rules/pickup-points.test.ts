// Pick-up points (issue 24, item 1): how a distance and a week of opening hours read in both
// languages, and the demo network: about 200 real-looking points in Czech and Slovak towns, the same
// every time it is generated, with lockers among them and a few closed ones.
import { describe, expect, it } from 'vitest';
import { formatDistance, formatOpeningHours } from '../../../schema/rules/index.ts';
import { demoPickupPoints } from '../../../prisma/seed/data/pickup-points.ts';
import { normalizePostcode } from '../../../schema/rules/index.ts';

describe('pick-up point texts', () => {
  it('reads a distance in metres below a kilometre, with a decimal comma in Czech', () => {
    expect(formatDistance(0.004, 'cs')).toBe('10 m');
    expect(formatDistance(0.347, 'cs')).toBe('350 m');
    expect(formatDistance(1.234, 'cs')).toBe('1,2 km');
    expect(formatDistance(1.234, 'en')).toBe('1.2 km');
    expect(formatDistance(14.6, 'cs')).toBe('15 km');
  });

  it('joins days with the same hours and leaves closed days out', () => {
    const week = ['08:00–18:00', '08:00–18:00', '08:00–18:00', '08:00–18:00', '08:00–17:00', '09:00–12:00', ''];
    expect(formatOpeningHours(week, 'cs')).toBe('Po–Čt 08:00–18:00, Pá 08:00–17:00, So 09:00–12:00');
    expect(formatOpeningHours(week, 'en')).toBe('Mon–Thu 08:00–18:00, Fri 08:00–17:00, Sat 09:00–12:00');
    expect(formatOpeningHours(Array(7).fill('00:00–24:00'), 'cs')).toBe('Po–Ne 00:00–24:00');
    expect(formatOpeningHours(['', '', '', '', '', '', ''], 'cs')).toBe('otevírací doba neuvedena');
  });
});

describe('the demo network of pick-up points', () => {
  const points = demoPickupPoints();

  it('has about 200 points in both countries, lockers among them, a few closed, each with a valid address', () => {
    expect(points.length).toBeGreaterThanOrEqual(190);
    expect(points.length).toBeLessThanOrEqual(230);
    expect(new Set(points.map((point) => point.providerId)).size).toBe(points.length);
    expect(points.filter((point) => point.country === 'SK').length).toBeGreaterThan(30);
    expect(points.filter((point) => point.type === 'BOX').length).toBeGreaterThan(50);
    const closed = points.filter((point) => !point.open).length;
    expect(closed).toBeGreaterThan(0);
    expect(closed).toBeLessThan(10);
    for (const point of points) {
      expect(normalizePostcode(point.postcode, point.country)).toBe(point.postcode);
      expect(point.openingHours).toHaveLength(7);
      // within the two countries
      expect(point.latitude).toBeGreaterThan(47.7);
      expect(point.latitude).toBeLessThan(51.1);
      expect(point.longitude).toBeGreaterThan(12.0);
      expect(point.longitude).toBeLessThan(22.6);
    }
  });

  it('is the same every time it is generated', () => {
    expect(demoPickupPoints()).toEqual(points);
  });
});

import { describe, expect, it } from 'vitest';
import {
  carrierDisplayName,
  courierTrackingUrl,
  HEUREKA_DELIVERY_IDS,
  isCarrierCode,
  isHeurekaDeliveryId,
  normalizeTrackingNumber,
  packetaTrackingUrl,
} from '../../../schema/rules/carriers.ts';

describe('carriers as data', () => {
  it('knows the three carriers and nothing else', () => {
    expect(['packeta', 'courier', 'store-pickup'].every(isCarrierCode)).toBe(true);
    expect(isCarrierCode('ppl')).toBe(false);
    expect(isCarrierCode('')).toBe(false);
  });

  it('lists Heureka DELIVERY_IDs of czech-market.md and refuses others (Heureka would drop them silently)', () => {
    expect(HEUREKA_DELIVERY_IDS).toContain('ZASILKOVNA');
    expect(HEUREKA_DELIVERY_IDS).toContain('VLASTNI_PREPRAVA');
    expect(isHeurekaDeliveryId('PPL')).toBe(true);
    expect(isHeurekaDeliveryId('ppl')).toBe(false);
    expect(isHeurekaDeliveryId('ZASILKOVNA_NA_ADRESU')).toBe(false);
  });

  it('takes a typed tracking number without spaces, in upper case, and refuses what is not one', () => {
    expect(normalizeTrackingNumber(' 4051 2345 678 ')).toBe('40512345678');
    expect(normalizeTrackingNumber('dr12-ab')).toBe('DR12-AB');
    expect(normalizeTrackingNumber('ab')).toBeNull();
    expect(normalizeTrackingNumber('12<script>')).toBeNull();
    expect(normalizeTrackingNumber('-1234')).toBeNull();
    expect(normalizeTrackingNumber('1'.repeat(41))).toBeNull();
  });

  it('builds tracking links from a template and for Packeta in the order language', () => {
    expect(courierTrackingUrl('https://www.ppl.cz/vyhledat-zasilku?shipmentId={trackingNumber}', '40512345678')).toBe(
      'https://www.ppl.cz/vyhledat-zasilku?shipmentId=40512345678',
    );
    expect(courierTrackingUrl(null, '40512345678')).toBeNull();
    expect(courierTrackingUrl('https://example.cz/t/{trackingNumber}', 'A B&C')).toBe('https://example.cz/t/A%20B%26C');
    expect(packetaTrackingUrl('1234567890', 'cs')).toBe('https://tracking.packeta.com/cs/?id=1234567890');
    expect(packetaTrackingUrl('1234567890', 'en')).toBe('https://tracking.packeta.com/en/?id=1234567890');
  });

  it('names the carrier as the customer reads it: Packeta as Zásilkovna in Czech, a typed name as typed, no name for a plain courier', () => {
    expect(['cs', 'en'].map((language) => carrierDisplayName('packeta', language as 'cs' | 'en'))).toEqual(['Zásilkovna', 'Packeta']);
    expect(carrierDisplayName('packeta-demo', 'cs')).toBe('Zásilkovna');
    expect(carrierDisplayName('PPL', 'cs')).toBe('PPL');
    expect([carrierDisplayName('courier', 'cs'), carrierDisplayName(null, 'en'), carrierDisplayName('', 'cs')]).toEqual([null, null, null]);
  });
});

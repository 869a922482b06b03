// The table of order moves (schema/rules/order-lifecycle.ts, decision 0067).
import { describe, expect, it } from 'vitest';
import {
  customerMayCancel,
  nextOrderStates,
  ORDER_MOVES,
  ORDER_STATES,
  orderFacts,
  orderMoveRefusal,
  type OrderFacts,
} from '../../../schema/rules/order-lifecycle.ts';

const transferByCourier: OrderFacts = { payOnHandover: false, storePickup: false };
const cashOnDelivery: OrderFacts = { payOnHandover: true, storePickup: false };
const payInStore: OrderFacts = { payOnHandover: true, storePickup: true };

describe('order moves', () => {
  it('reads the facts from the payment and delivery codes (and a store)', () => {
    expect(orderFacts({ paymentCode: 'bank-transfer', deliveryCode: 'courier' })).toEqual(transferByCourier);
    expect(orderFacts({ paymentCode: 'cash-on-delivery', deliveryCode: 'parcel-point' })).toEqual(cashOnDelivery);
    expect(orderFacts({ paymentCode: 'cash-in-store', deliveryCode: 'store-pickup' })).toEqual(payInStore);
    expect(orderFacts({ paymentCode: 'bank-transfer', deliveryCode: 'other', storeId: 3 }).storePickup).toBe(true);
  });

  it('lets a paid courier order go PAID → PROCESSING → SHIPPED → DELIVERED, nothing skipped', () => {
    expect(nextOrderStates('NEW', 'shop', transferByCourier)).toEqual(['PAID', 'CANCELLED']);
    expect(nextOrderStates('PAID', 'shop', transferByCourier)).toEqual(['PROCESSING', 'CANCELLED']);
    expect(nextOrderStates('PROCESSING', 'shop', transferByCourier)).toEqual(['SHIPPED', 'CANCELLED']);
    expect(nextOrderStates('SHIPPED', 'shop', transferByCourier)).toEqual(['DELIVERED', 'CANCELLED']);
    expect(orderMoveRefusal('PAID', 'SHIPPED', 'shop', transferByCourier)).toBe('NOT_ALLOWED');
    expect(orderMoveRefusal('NEW', 'PROCESSING', 'shop', transferByCourier)).toBe('NOT_PAID');
  });

  it('packs orders paid on handover before they are paid, and keeps store pickups off the carrier path', () => {
    expect(orderMoveRefusal('NEW', 'PROCESSING', 'partner', cashOnDelivery)).toBeNull();
    expect(nextOrderStates('PROCESSING', 'shop', payInStore)).toEqual(['READY_FOR_PICKUP', 'CANCELLED']);
    expect(orderMoveRefusal('PROCESSING', 'SHIPPED', 'shop', payInStore)).toBe('STORE_PICKUP');
    expect(orderMoveRefusal('PROCESSING', 'READY_FOR_PICKUP', 'shop', cashOnDelivery)).toBe('NOT_STORE_PICKUP');
    expect(nextOrderStates('READY_FOR_PICKUP', 'job', payInStore)).toEqual(['CANCELLED']);
    expect(nextOrderStates('READY_FOR_PICKUP', 'shop', payInStore)).toEqual(['PICKED_UP', 'CANCELLED']);
  });

  it('lets the customer cancel only while NEW or PAID, and nobody leave a final state', () => {
    for (const from of ORDER_STATES) {
      expect(orderMoveRefusal(from, 'CANCELLED', 'customer', transferByCourier) === null, from).toBe(from === 'NEW' || from === 'PAID');
      expect(customerMayCancel(from), from).toBe(from === 'NEW' || from === 'PAID');
    }
    for (const final of ['DELIVERED', 'PICKED_UP', 'CANCELLED'] as const) {
      expect(ORDER_MOVES.filter((move) => move.from === final)).toEqual([]);
    }
    expect(orderMoveRefusal('PAID', 'PAID', 'shop', transferByCourier)).toBe('SAME_STATE');
    expect(orderMoveRefusal('PROCESSING', 'CANCELLED', 'customer', transferByCourier)).toBe('NOT_FOR_ACTOR');
    expect(orderMoveRefusal('SHIPPED', 'DELIVERED', 'customer', transferByCourier)).toBe('NOT_FOR_ACTOR');
  });
});

// The order lifecycle (issue 43 §1, docs/decisions/0067): which status may follow which, and who may
// make the move. bff/src/services/order-transitions.ts is the one place that moves an order and checks
// every move against this table; the web reads it to offer the customer's own cancellation.
import { CASH_ON_DELIVERY_PAYMENT_CODE, IN_STORE_PAYMENT_CODE } from './constants.ts';

export const ORDER_STATES = ['NEW', 'PAID', 'PROCESSING', 'SHIPPED', 'READY_FOR_PICKUP', 'DELIVERED', 'PICKED_UP', 'CANCELLED'] as const;
export type OrderState = (typeof ORDER_STATES)[number];

/** Who moves an order: the customer herself, the shop owner's command, a partner app (token), a background job. */
export type OrderActorKind = 'customer' | 'shop' | 'partner' | 'job';

/** The delivery method (its code) collected at one of the shop's stores. */
export const STORE_PICKUP_DELIVERY_CODE = 'store-pickup';

/** Days a store keeps an order ready for pickup (the setting PICKUP_DAYS when not set). */
export const DEFAULT_PICKUP_DAYS = 7;

/** What of an order decides its moves. */
export type OrderFacts = {
  /** Paid when handed over (cash on delivery, paying in the store): may be packed unpaid, paid on delivery or pickup. */
  payOnHandover: boolean;
  /** Collected at a store: READY_FOR_PICKUP then PICKED_UP, never SHIPPED. */
  storePickup: boolean;
};

export function orderFacts(order: { paymentCode: string; deliveryCode: string; storeId?: number | null }): OrderFacts {
  return {
    payOnHandover: order.paymentCode === CASH_ON_DELIVERY_PAYMENT_CODE || order.paymentCode === IN_STORE_PAYMENT_CODE,
    storePickup: order.deliveryCode === STORE_PICKUP_DELIVERY_CODE || (order.storeId ?? null) !== null,
  };
}

type Move = {
  from: OrderState;
  to: OrderState;
  by: readonly OrderActorKind[];
  /** Only for orders with these facts; the refusal's reason otherwise. */
  only?: { when: (facts: OrderFacts) => boolean; otherwise: OrderMoveRefusal };
};

const STAFF = ['shop', 'partner'] as const;

/** Every allowed move; anything else is refused. */
export const ORDER_MOVES: readonly Move[] = [
  // the payment arrived (services/order-payments.ts markOrderPaid: the command, a bank statement)
  { from: 'NEW', to: 'PAID', by: ['shop', 'partner', 'job'] },
  { from: 'NEW', to: 'CANCELLED', by: ['customer', 'shop', 'partner', 'job'] },
  // paid on handover: packed before it is paid
  { from: 'NEW', to: 'PROCESSING', by: STAFF, only: { when: (facts) => facts.payOnHandover, otherwise: 'NOT_PAID' } },
  { from: 'PAID', to: 'PROCESSING', by: STAFF },
  { from: 'PAID', to: 'CANCELLED', by: ['customer', 'shop', 'partner'] },
  { from: 'PROCESSING', to: 'SHIPPED', by: STAFF, only: { when: (facts) => !facts.storePickup, otherwise: 'STORE_PICKUP' } },
  { from: 'PROCESSING', to: 'READY_FOR_PICKUP', by: STAFF, only: { when: (facts) => facts.storePickup, otherwise: 'NOT_STORE_PICKUP' } },
  // once it is being packed only the shop cancels (the customer asks the shop)
  { from: 'PROCESSING', to: 'CANCELLED', by: STAFF },
  // the carrier's tracking may say so (a carrier job)
  { from: 'SHIPPED', to: 'DELIVERED', by: ['shop', 'partner', 'job'] },
  // the parcel came back undelivered (refused, not collected at the point)
  { from: 'SHIPPED', to: 'CANCELLED', by: STAFF },
  { from: 'READY_FOR_PICKUP', to: 'PICKED_UP', by: STAFF },
  // not collected by the deadline
  { from: 'READY_FOR_PICKUP', to: 'CANCELLED', by: ['shop', 'partner', 'job'] },
];

/** Why a move is refused. */
export type OrderMoveRefusal =
  /** The order is in that status already (under another idempotency key). */
  | 'SAME_STATE'
  /** No such move from the order's status. */
  | 'NOT_ALLOWED'
  /** The move exists, but not for this actor (a customer cancelling an order being packed). */
  | 'NOT_FOR_ACTOR'
  /** Packing an unpaid order that is not paid on handover. */
  | 'NOT_PAID'
  /** Shipping an order that is collected at a store. */
  | 'STORE_PICKUP'
  /** Ready for pickup for an order that is delivered. */
  | 'NOT_STORE_PICKUP';

/** Null when `actor` may move an order with `facts` from `from` to `to`; else why not. */
export function orderMoveRefusal(from: OrderState, to: OrderState, actor: OrderActorKind, facts: OrderFacts): OrderMoveRefusal | null {
  if (from === to) return 'SAME_STATE';
  const move = ORDER_MOVES.find((candidate) => candidate.from === from && candidate.to === to);
  if (!move) return 'NOT_ALLOWED';
  if (!move.by.includes(actor)) return 'NOT_FOR_ACTOR';
  if (move.only && !move.only.when(facts)) return move.only.otherwise;
  return null;
}

/** The statuses `actor` may move an order with `facts` to from `from`. */
export function nextOrderStates(from: OrderState, actor: OrderActorKind, facts: OrderFacts): OrderState[] {
  return ORDER_MOVES.filter((move) => move.from === from && orderMoveRefusal(from, move.to, actor, facts) === null).map((move) => move.to);
}

/** The customer may cancel her order herself while it is new or paid (not yet being packed). */
export function customerMayCancel(status: string): boolean {
  return status === 'NEW' || status === 'PAID';
}

/** The moves the customer gets an e-mail of (CANCELLED has its own), and the reminder before the pickup deadline. */
export const ORDER_PROGRESS_STEPS = ['PROCESSING', 'SHIPPED', 'READY_FOR_PICKUP', 'DELIVERED', 'PICKED_UP', 'PICKUP_REMINDER'] as const;
export type OrderProgressStep = (typeof ORDER_PROGRESS_STEPS)[number];

/** Longest tracking number, carrier name and idempotency key kept. */
export const TRACKING_NUMBER_MAX_LENGTH = 64;
export const CARRIER_NAME_MAX_LENGTH = 64;
export const IDEMPOTENCY_KEY_MAX_LENGTH = 200;

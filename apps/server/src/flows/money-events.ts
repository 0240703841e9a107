import type { Config } from '../config/index.ts';
import type { Tx } from '../db/client.ts';
import type * as bookings from '../modules/bookings/service.ts';
import * as disputes from '../modules/disputes/service.ts';
import * as invoices from '../modules/invoices/service.ts';
import type * as orders from '../modules/orders/service.ts';
import type * as payments from '../modules/payments/service.ts';
import * as transfers from '../modules/transfers/service.ts';

/**
 * The moments money and paperwork follow, each inside the transaction that makes it true, so what follows is
 * stored with it or not at all (network calls come after the commit, from intent rows). Payouts (transfers, holds,
 * reversals, the ledger) and invoices (tax invoices, credit notes) add their steps here; nothing else calls them.
 */

/**
 * What a delivery and a completion need of the configuration: how long a vendor's transfer stays on hold after a
 * delivery (TRANSFER_HOLD_DAYS) and the platform's registration on its own invoices (PLATFORM_*). Built once in
 * buildApp (app.money) and passed down by the flows that deliver and complete; tests set them through the config.
 */
export interface MoneySettings { holdDays: number; platform: invoices.Party }

export function moneySettings(config: Pick<Config, 'TRANSFER_HOLD_DAYS' | 'platformSupplier'>): MoneySettings {
  return { holdDays: config.TRANSFER_HOLD_DAYS, platform: invoices.platformSupplier(config.platformSupplier) };
}

/** An online payment was confirmed (verify or webhook, once): the order's live lines or the booking are Paid. */
export async function paymentConfirmed(tx: Tx, paid: { orderId: string } | { bookingId: string }): Promise<void> {
  await transfers.onPaymentConfirmed(tx, paid);
}

/** A vendor marked an order line Delivered (the order row is locked, then the line's move). */
export async function lineDelivered(tx: Tx, s: MoneySettings, order: orders.OrderRow, line: orders.LineRow): Promise<void> {
  await transfers.onLineDelivered(tx, s.holdDays, order, line);
  await invoices.issueForDeliveredLine(tx, s.platform, order, line);
}

/** A professional marked a booking Completed (the booking row is locked). */
export async function bookingCompleted(tx: Tx, s: MoneySettings, booking: bookings.BookingRow): Promise<void> {
  await transfers.onBookingCompleted(tx, booking);
  await invoices.issueForCompletedBooking(tx, s.platform, booking);
}

/** Refunds of paid lines or bookings were stored (after a cancel, a decline, or an operator's refund). */
export async function refundsStored(tx: Tx, refunds: payments.RefundRow[]): Promise<void> {
  await transfers.onRefundsStored(tx, refunds);
  await invoices.issueCreditNotes(tx, refunds);
  // A dispute of a line or booking refunded another way has nothing left to decide.
  await disputes.closeDisputesOfRefunds(tx, refunds);
}

/**
 * Order lines were cancelled and nothing was refunded for them (cash on delivery): lines already invoiced get a
 * credit note, as a refund's would.
 */
export async function linesCancelledUnrefunded(tx: Tx, order: orders.OrderRow, lines: orders.LineRow[]): Promise<void> {
  if (lines.length > 0) await invoices.issueCreditNotesForCancelledLines(tx, order, lines);
}

/** Support recorded a refund of a cash sale it paid outside the gateway (decision record 028). */
export async function refundPaidOutside(tx: Tx, r: transfers.RefundPaidOutside): Promise<void> {
  await transfers.onRefundPaidOutside(tx, r);
}

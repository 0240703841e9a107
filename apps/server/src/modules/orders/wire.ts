import { paiseToRupees, type OrderLine } from '@nirmaan/shared';
import { fileUrl } from '../files/service.ts';
import type { LineRow, OrderRow } from './repository.ts';

/** Database rows → the spec's order-line fields. */
export function toWireOrderLine(line: LineRow, order: OrderRow): OrderLine {
  return {
    _id: line.id,
    orderId: order.id,
    vendorid: line.vendorId,
    productId: line.productId,
    productName: line.productName,
    productImage: line.productImage,
    quantity: line.quantity,
    pricePerUnit: paiseToRupees(line.pricePerUnitPaise),
    totalPrice: paiseToRupees(line.totalPricePaise),
    customerId: order.customerId,
    customerName: order.customerName,
    phone: order.phone,
    email: order.email,
    shippingAddress: order.shippingAddress,
    paymentStatus: line.paymentStatus,
    paymentMethod: order.paymentMethod as OrderLine['paymentMethod'],
    orderStatus: line.status,
    orderedAt: order.createdAt.toISOString(),
    deliveryFee: paiseToRupees(order.deliveryFeePaise),
    orderTotal: paiseToRupees(order.totalPaise),
    deliveryDate: line.deliveryDate,
    deliveryWindow: line.deliveryWindow as OrderLine['deliveryWindow'],
    ...(line.deliveredAt ? { deliveredAt: line.deliveredAt.toISOString() } : {}),
    // Never the delivery code: only the customer's own list adds it (service.listOrderLines).
    ...(line.deliveryPhotoId && line.deliveryReceivedBy
      ? { deliveredWithPhoto: { receivedBy: line.deliveryReceivedBy, photoUrl: fileUrl(line.deliveryPhotoId) } } : {}),
  };
}

import type { ChatMessage } from '@nirmaan/shared';
import type { MessageRow } from './repository.ts';

/** A stored message as the original client names its fields: sender and receiver ids follow from who sent it. */
export function toWireMessage(m: MessageRow): ChatMessage {
  const fromCustomer = m.sender === 'Customer';
  const time = m.createdAt.toISOString();
  return {
    _id: m.id,
    senderId: fromCustomer ? m.customerId : m.vendorId,
    senderModel: m.sender,
    receiverId: fromCustomer ? m.vendorId : m.customerId,
    receiverModel: fromCustomer ? 'Vendor' : 'Customer',
    text: m.text,
    time,
    createdAt: time,
    clientId: m.clientId,
    readAt: m.readAt?.toISOString() ?? null,
  };
}

import type { ReactNode } from 'react';
import type { ChatMessage, ConversationSummary } from '@nirmaan/shared/chat';
import type { VendorProfile } from '@nirmaan/shared/api';
import { renderPage } from '../render.tsx';

export const CUSTOMER = 'c0000000-0000-4000-8000-000000000001';
export const VENDOR_1 = 'f0000000-0000-4000-8000-000000000001';
export const VENDOR_2 = 'f0000000-0000-4000-8000-000000000002';

let n = 0;
/** A stored message between two parties, at a time n seconds into the day. */
export function message(from: string, to: string, text: string, overrides: Partial<ChatMessage> = {}): ChatMessage {
  n += 1;
  const at = new Date(Date.UTC(2026, 10, 24, 6, 0, n)).toISOString();
  const fromCustomer = from.startsWith('c');
  return {
    _id: `a0000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    senderId: from, senderModel: fromCustomer ? 'Customer' : 'Vendor', receiverId: to, receiverModel: fromCustomer ? 'Vendor' : 'Customer',
    text, time: at, createdAt: at, clientId: null, readAt: null, ...overrides,
  };
}

export function summary(partnerId: string, name: string, last: ChatMessage, unread = 0, ownerName?: string): ConversationSummary {
  return {
    partner: { _id: partnerId, model: partnerId.startsWith('c') ? 'Customer' : 'Vendor', name, image: null, ...(ownerName ? { ownerName } : {}) },
    lastMessage: last,
    unread,
  };
}

export function vendorProfile(id: string, owner: string, business: string): VendorProfile {
  return {
    _id: id, Owner_name: owner, Business_Name: business, Business_address: 'Madhapur, Hyderabad', Business_Description: '', description: '',
    Profile_Image: null, Category: 'Plumber', Sub_Category: [], City: 'Hyderabad', Kind: 'professional', Charge_Per_Hour_or_Day: 500,
    Charge_Type: 'Per Visit', Rating: null, ReviewCount: 0,
  };
}

/** Renders `element` for the route `pattern` at `url` (accounts' renderPage; location() includes the query). */
export function renderRoute(pattern: string, element: ReactNode, url: string, outletContext?: unknown) {
  return renderPage(() => element, url, { pattern, context: outletContext, withSearch: true });
}

import { notDeliveredToMessage } from './constants.ts';

/**
 * Why a seller cannot deliver (a delivery quote's `reason`, which the product page, the cart and the portal's quote
 * form show, and checkout's refusal quotes). Its own zod-free file, so the first page does not carry it.
 */
export const DELIVERY_REFUSAL = {
  notDeliveredTo: notDeliveredToMessage,
  minimumOrder: (amount: string) => `Minimum order for delivery is ${amount}`,
  noVehicle: (categories: string) => `No vehicle of this seller carries ${categories}`,
  tooLarge: (trips: number) => `Too large for one delivery (more than ${trips} trips): please split the order`,
} as const;

/** The rule for what an unpaid order still owes lives with orders, since My orders shows it too; flows read it here. */
export { owedPaise } from '../modules/orders/service.ts';

import { subscriptionBody } from '@balcao/shared';
import type { z } from 'zod';

/** Step 0, Dados: who pays and where (spec 001 §3, subscription request). */
export const payerForm = subscriptionBody.pick({
  firstName: true,
  lastName: true,
  zipcode: true,
  address2: true,
  city: true,
  state: true,
  country: true,
  useAddressForPaymentDetails: true,
});
export type PayerForm = z.input<typeof payerForm>;

export const emptyPayer: PayerForm = {
  firstName: '',
  lastName: '',
  zipcode: '',
  address2: '',
  city: '',
  state: '',
  country: 'Brasil',
  useAddressForPaymentDetails: false,
};

/** Step 1, Personalizar: the invoice's plan as it is, or a custom number of users and connections. */
export type PlanChoice = { custom: null } | { custom: { users: number; connections: number } };

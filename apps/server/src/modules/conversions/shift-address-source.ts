import { AppError } from '@coinlane/core/errors';
import { T } from '@coinlane/core/texts';
import type { AddressSource } from '#app/modules/payments/address-sources.ts';
import { isAddressHeldByOpenPayment } from '#app/modules/payments/open-payment-on-address.ts';
import { lockAddress } from '#app/modules/payments/unique-amounts.ts';
import type { ShiftPlan } from './prepare-shift-conversion.ts';
import { shiftConversionOf } from './record-shift-conversion.ts';

/**
 * The address source of a payment paid into an exchange's shift (decision 024): the shift's deposit address, with
 * the shift's exact deposit amount, the rule and the conversion fixed now (payments.payout_rule_id and .conversion). In the payment's insert transaction, with the address locked: a deposit address
 * an open payment already holds is refused (CONVERSION_UNAVAILABLE), so a transfer to it has one payment to go to.
 */
export function shiftAddressSource(plan: ShiftPlan): AddressSource {
  const address = plan.shift.depositAddress;
  return {
    id: `shift:${plan.provider}`,
    async allocate({ db, currency }) {
      await lockAddress(db, currency.network, address);
      if (await isAddressHeldByOpenPayment({ db, network: currency.network, address })) {
        throw new AppError('CONVERSION_UNAVAILABLE', {
          message: T.conversionDepositAddressInUse(plan.providerName),
          details: { provider: plan.provider, reason: 'deposit_address_in_use' },
        });
      }
      return {
        address,
        amount: plan.depositUnits,
        payoutRuleId: plan.ruleId,
        conversion: shiftConversionOf(plan),
      };
    },
  };
}

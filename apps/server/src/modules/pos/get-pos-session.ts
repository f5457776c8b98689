import { posMaxAmount, type TPosSession } from '@coinlane/core/api/pos';
import { FIAT_CURRENCIES } from '@coinlane/core/currencies';
import type { Config } from '#app/config.ts';
import type { Db } from '#app/db/connection.ts';
import type { DeviceAuth } from '#app/modules/auth/caller.ts';
import { listCurrencies } from '#app/modules/currencies/list-currencies.ts';
import { merchantDisplayName } from '#app/modules/profile/merchant-display-name.ts';

/**
 * GET /pos/session: who the device is, whom it sells for (the business name customers know), the coins and
 * networks it may offer (every enabled one in test mode; in live mode those a node is connected for), and the
 * keypad's limits in its currency.
 */
export async function getPosSession({
  db,
  device,
  config,
}: {
  db: Db;
  device: DeviceAuth;
  config: Pick<Config, 'configuredChains'>;
}): Promise<TPosSession> {
  return {
    device: {
      id: device.deviceId,
      name: device.deviceName,
      mode: device.mode,
      fiatCurrency: device.fiatCurrency,
    },
    merchant: { name: await merchantDisplayName(db, device.user.id) },
    currencies: await listCurrencies({ db, ...(device.mode === 'live' ? { live: config } : {}) }),
    fiatDecimals: FIAT_CURRENCIES[device.fiatCurrency].decimals,
    maxAmount: posMaxAmount(device.fiatCurrency),
  };
}

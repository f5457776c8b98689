import { envelope } from '@coinlane/core/api/envelope';
import {
  WALLET_CODE_RESEND_SECONDS,
  ZConfirmWalletRequest,
  ZCreatedWallet,
  ZCreateWalletRequest,
  ZDeletedWallet,
  ZWallet,
  ZWalletCodeSent,
  ZWalletList,
  ZWalletParams,
} from '@coinlane/core/api/wallets';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requireSession } from '#app/http/auth.ts';
import { ok } from '#app/http/errors.ts';
import { confirmWalletVerification } from './confirm-wallet-verification.ts';
import { createWallet } from './create-wallet.ts';
import { deleteWallet } from './delete-wallet.ts';
import { listWallets } from './list-wallets.ts';
import { requestWalletVerification } from './request-wallet-verification.ts';
import { setDefaultWallet } from './set-default-wallet.ts';

const tags = ['Wallets'];

const SESSION_ONLY = 'Needs a signed-in session: API keys cannot see or change payout wallets.';
const ACCOUNT_WIDE =
  'Wallets belong to the account, not to a mode: test and live sessions see the same list.';

/**
 * /api/v1/wallets: the merchant's payout wallets (Instant Payouts → Wallets). Session only. Another merchant's
 * wallet is a 404.
 */
export const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/wallets',
    {
      preHandler: requireSession,
      schema: {
        tags,
        summary: 'List payout wallets',
        description: `Oldest first. Extended public keys are shown masked. ${ACCOUNT_WIDE} ${SESSION_ONLY}`,
        response: { 200: envelope(ZWalletList) },
      },
    },
    async (req) => ok(await listWallets({ db: app.db, userId: authOf(req).user.id })),
  );

  app.post(
    '/wallets',
    {
      preHandler: requireSession,
      schema: {
        tags,
        summary: 'Add a payout wallet',
        description: `A single address or an account extended public key, checked strictly for the network's chain (mainnet, or the mode of its configured node): checksum, bech32 prefix, base58 version. The address type follows the key's version (zpub/vpub native segwit, ypub/upub nested segwit; xpub/tpub: scriptType, default native segwit, legacy on Dogecoin and Bitcoin Cash). Private keys and recovery phrases are refused. The wallet starts "Pending": whitelist it with the e-mailed code. For a key the reply lists its first five receiving addresses (m/0/0 to m/0/4) to compare with the wallet app. ${SESSION_ONLY}`,
        body: ZCreateWalletRequest,
        response: { 200: envelope(ZCreatedWallet) },
      },
    },
    async (req) => {
      const auth = authOf(req);
      return ok(
        await createWallet({
          db: app.db,
          config: app.config,
          families: app.walletFamilies,
          userId: auth.user.id,
          input: req.body,
          ip: req.ip,
        }),
      );
    },
  );

  app.post(
    '/wallets/:id/verify',
    {
      preHandler: requireSession,
      schema: {
        tags,
        summary: 'E-mail a whitelisting code',
        description: `Sends a 6-digit code to the account's e-mail address, valid 10 minutes; five wrong codes void it. A new request replaces the previous code, at most one per ${WALLET_CODE_RESEND_SECONDS} seconds: earlier, 429 RATE_LIMITED with \`Retry-After\` (the previous code still works). ${SESSION_ONLY}`,
        params: ZWalletParams,
        response: { 200: envelope(ZWalletCodeSent) },
      },
    },
    async (req) => {
      const auth = authOf(req);
      return ok(
        await requestWalletVerification({
          db: app.db,
          secretKey: app.config.appSecretKey,
          mailer: app.mailer,
          log: req.log,
          user: { id: auth.user.id, email: auth.user.email, name: auth.user.name || null },
          id: req.params.id,
          ip: req.ip,
        }),
      );
    },
  );

  app.post(
    '/wallets/:id/verify/confirm',
    {
      preHandler: requireSession,
      schema: {
        tags,
        summary: 'Whitelist a wallet with its code',
        description: `The wallet becomes "Whitelisted"; the first whitelisted wallet of a (currency, network) pair becomes its default, where live payments in that coin are received. ${SESSION_ONLY}`,
        params: ZWalletParams,
        body: ZConfirmWalletRequest,
        response: { 200: envelope(ZWallet) },
      },
    },
    async (req) => {
      const auth = authOf(req);
      return ok(
        await confirmWalletVerification({
          db: app.db,
          secretKey: app.config.appSecretKey,
          userId: auth.user.id,
          id: req.params.id,
          code: req.body.code,
          ip: req.ip,
        }),
      );
    },
  );

  app.post(
    '/wallets/:id/default',
    {
      preHandler: requireSession,
      schema: {
        tags,
        summary: 'Make a wallet the default of its coin',
        description: `Only a whitelisted wallet can be the default; one default per (currency, network). ${SESSION_ONLY}`,
        params: ZWalletParams,
        response: { 200: envelope(ZWallet) },
      },
    },
    async (req) => {
      const auth = authOf(req);
      return ok(await setDefaultWallet({ db: app.db, userId: auth.user.id, id: req.params.id, ip: req.ip }));
    },
  );

  app.delete(
    '/wallets/:id',
    {
      preHandler: requireSession,
      schema: {
        tags,
        summary: 'Delete a wallet',
        description: `Refused while open (pending or partial) payments still receive to it, or while an enabled payout rule pays its conversions to it. When the default is deleted, the oldest other whitelisted wallet of the coin becomes the default. ${SESSION_ONLY}`,
        params: ZWalletParams,
        response: { 200: envelope(ZDeletedWallet) },
      },
    },
    async (req) => {
      const auth = authOf(req);
      return ok(await deleteWallet({ db: app.db, userId: auth.user.id, id: req.params.id, ip: req.ip }));
    },
  );
};

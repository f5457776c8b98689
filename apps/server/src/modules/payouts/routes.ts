import { envelope } from '@coinlane/core/api/envelope';
import {
  ZCreatePayoutRuleRequest,
  ZDeletedPayoutRule,
  ZPayoutHistoryPage,
  ZPayoutHistoryQuery,
  ZPayoutRule,
  ZPayoutRuleList,
  ZPayoutRuleParams,
  ZPayoutSettings,
  ZPayoutSummary,
  ZUpdatePayoutRuleRequest,
  ZUpdatePayoutSettingsRequest,
} from '@coinlane/core/api/payouts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, requirePermission, requireSession } from '#app/http/auth.ts';
import { ok } from '#app/http/errors.ts';
import { createPayoutRule } from './create-payout-rule.ts';
import { deletePayoutRule } from './delete-payout-rule.ts';
import { getPayoutSettings } from './get-payout-settings.ts';
import { getPayoutSummary } from './get-payout-summary.ts';
import { listPayoutHistory } from './list-payout-history.ts';
import { listPayoutRules } from './list-payout-rules.ts';
import { updatePayoutRule } from './update-payout-rule.ts';
import { updatePayoutSettings } from './update-payout-settings.ts';

const tags = ['Payouts'];
const SESSION_ONLY =
  'Needs a signed-in session: API keys cannot see or change the conversion settings and rules (as payout wallets).';
const ACCOUNT_WIDE = 'Account-wide: test and live sessions see the same (only live payments are converted).';

/**
 * /api/v1/payouts: Instant Payouts' Auto Conversion, Rules and History tabs and the summary cards (decision 024).
 * Settings and rules: session only. History and summary: a session, or an API key with the read permission (a
 * merchant's books may want the payouts as they want the payments). Another merchant's rule is a 404.
 */
export const payoutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/payouts/settings',
    {
      preHandler: requireSession,
      schema: {
        tags,
        summary: 'Auto Conversion settings',
        description: `The switch, the target currency and the maximum slippage. ${SESSION_ONLY}`,
        response: { 200: envelope(ZPayoutSettings) },
      },
    },
    async (req) => ok(await getPayoutSettings({ db: app.db, userId: authOf(req).user.id })),
  );

  app.put(
    '/payouts/settings',
    {
      preHandler: requireSession,
      schema: {
        tags,
        summary: 'Change the Auto Conversion settings',
        description: `Any of the three; the others keep their values. Payments already created keep what they were created with. ${SESSION_ONLY}`,
        body: ZUpdatePayoutSettingsRequest,
        response: { 200: envelope(ZPayoutSettings) },
      },
    },
    async (req) =>
      ok(
        await updatePayoutSettings({
          db: app.db,
          userId: authOf(req).user.id,
          changes: req.body,
          ip: req.ip,
        }),
      ),
  );

  app.get(
    '/payouts/rules',
    {
      preHandler: requireSession,
      schema: {
        tags,
        summary: 'List payout rules',
        description: `Newest first; deleted rules are left out. ${ACCOUNT_WIDE} ${SESSION_ONLY}`,
        response: { 200: envelope(ZPayoutRuleList) },
      },
    },
    async (req) => ok(await listPayoutRules({ db: app.db, userId: authOf(req).user.id })),
  );

  app.post(
    '/payouts/rules',
    {
      preHandler: requireSession,
      schema: {
        tags,
        summary: 'Add a payout rule',
        description: `Created enabled: while Auto Conversion is on, live payments in the From currency on its network of at least minAmount are converted to the To stablecoin and paid to the wallet. The wallet must be a whitelisted single address of the To currency. EVM From networks: the wallet on that network, a Uniswap V3 route between the two tokens, and the network's swap factory configured (else 422 NETWORK_NOT_CONFIGURED or 400 naming what is missing). Bitcoin-family From coins (BTC, LTC, DOGE, BCH) are converted by an exchange provider and may pay a wallet on any network. One enabled rule per From currency and network: 409 CONFLICT naming the existing one. ${SESSION_ONLY}`,
        body: ZCreatePayoutRuleRequest,
        response: { 200: envelope(ZPayoutRule) },
      },
    },
    async (req) =>
      ok(
        await createPayoutRule({
          db: app.db,
          config: app.config,
          finder: app.swapRouteFinder,
          userId: authOf(req).user.id,
          input: req.body,
          ip: req.ip,
        }),
      ),
  );

  app.put(
    '/payouts/rules/:id',
    {
      preHandler: requireSession,
      schema: {
        tags,
        summary: 'Enable, disable or change the minimum of a rule',
        description: `Enabling is refused (409) while another rule of the same currency and network is enabled, or when the rule's wallet was deleted. ${SESSION_ONLY}`,
        params: ZPayoutRuleParams,
        body: ZUpdatePayoutRuleRequest,
        response: { 200: envelope(ZPayoutRule) },
      },
    },
    async (req) =>
      ok(
        await updatePayoutRule({
          db: app.db,
          userId: authOf(req).user.id,
          id: req.params.id,
          changes: req.body,
          ip: req.ip,
        }),
      ),
  );

  app.delete(
    '/payouts/rules/:id',
    {
      preHandler: requireSession,
      schema: {
        tags,
        summary: 'Delete a rule',
        description: `New payments no longer follow it; payments created under it keep it. ${SESSION_ONLY}`,
        params: ZPayoutRuleParams,
        response: { 200: envelope(ZDeletedPayoutRule) },
      },
    },
    async (req) =>
      ok(await deletePayoutRule({ db: app.db, userId: authOf(req).user.id, id: req.params.id, ip: req.ip })),
  );

  app.get(
    '/payouts/history',
    {
      preHandler: requirePermission('read'),
      schema: {
        tags,
        summary: 'Payout history',
        description: `Every movement Coinlane arranged toward your wallets (forwarder flushes, swaps, exchange conversions), newest first, \`limit\` per page; pass \`nextCursor\` as \`before\` for the next page. Amounts are exact decimal strings. ${ACCOUNT_WIDE} Session, or API key with read permission.`,
        querystring: ZPayoutHistoryQuery,
        response: { 200: envelope(ZPayoutHistoryPage) },
      },
    },
    async (req) => ok(await listPayoutHistory({ db: app.db, userId: authOf(req).user.id, query: req.query })),
  );

  app.get(
    '/payouts/summary',
    {
      preHandler: requirePermission('read'),
      schema: {
        tags,
        summary: 'Payout summary',
        description: `Total converted per payout currency (completed swaps and shifts, exact), enabled rules, pending payouts. ${ACCOUNT_WIDE} Session, or API key with read permission.`,
        response: { 200: envelope(ZPayoutSummary) },
      },
    },
    async (req) => ok(await getPayoutSummary({ db: app.db, userId: authOf(req).user.id })),
  );
};

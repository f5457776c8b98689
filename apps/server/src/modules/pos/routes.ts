import { envelope } from '@coinlane/core/api/envelope';
import {
  ZCreatePosDeviceRequest,
  ZCreatePosSaleRequest,
  ZPosDeviceList,
  ZPosDeviceParams,
  ZPosDeviceWithPairing,
  ZPosPaired,
  ZPosPairRequest,
  ZPosSale,
  ZPosSaleParams,
  ZPosSales,
  ZPosSalesQuery,
  ZPosSession,
  ZRevokedPosDevice,
  ZSimulatePosSaleRequest,
} from '@coinlane/core/api/pos';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { authOf, deviceOf, requireDevice, requireSession } from '#app/http/auth.ts';
import { ok } from '#app/http/errors.ts';
import { idempotent } from '#app/http/idempotency.ts';
import { actorOf } from '#app/modules/payments/actor.ts';
import { createPosDevice } from './create-pos-device.ts';
import { createPosSale } from './create-pos-sale.ts';
import { getPosSale } from './get-pos-sale.ts';
import { getPosSession } from './get-pos-session.ts';
import { issuePosPairing } from './issue-pos-pairing.ts';
import { listPosDevices } from './list-pos-devices.ts';
import { listPosSales } from './list-pos-sales.ts';
import { pairPosDevice } from './pair-pos-device.ts';
import { revokePosDevice } from './revoke-pos-device.ts';
import { simulatePosSale } from './simulate-pos-sale.ts';

const tags = ['Point of sale'];
const SESSION_ONLY = 'Needs a signed-in session: neither an API key nor a device can manage devices.';
const DEVICE_ONLY =
  'Device credential only (`Authorization: Bearer cl_pos_test_...`, from POST /pos/pair): a session or an API key is refused with 403.';

/**
 * The point of sale (decision 026). /pos/devices: the merchant manages its devices (session only). /pos/pair: a
 * device exchanges its one-time pairing code for its credential (public, limited per IP). /pos/session and
 * /pos/sales: what the device may do with its credential, and nothing else (every other route refuses it with
 * DEVICE_NOT_ALLOWED).
 */
export const posRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/pos/devices',
    {
      preHandler: requireSession,
      schema: {
        tags,
        summary: 'List point-of-sale devices',
        description: `The devices of the current mode that are not revoked, newest first: paired, or waiting for their pairing code. ${SESSION_ONLY}`,
        response: { 200: envelope(ZPosDeviceList) },
      },
    },
    async (req) => {
      const auth = authOf(req);
      return ok(await listPosDevices({ db: app.db, userId: auth.user.id, mode: auth.mode }));
    },
  );

  app.post(
    '/pos/devices',
    {
      preHandler: requireSession,
      schema: {
        tags,
        summary: 'Add a point-of-sale device',
        description: `Adds a device of the current mode and returns its pairing code and link, this once, valid 10 minutes: open the link (or scan its QR code) on the tablet, or type the code on its /pos page. ${SESSION_ONLY}`,
        body: ZCreatePosDeviceRequest,
        response: { 200: envelope(ZPosDeviceWithPairing) },
      },
    },
    async (req) => {
      const auth = authOf(req);
      return ok(
        await createPosDevice({
          db: app.db,
          userId: auth.user.id,
          mode: auth.mode,
          name: req.body.name,
          fiatCurrency: req.body.fiatCurrency,
          secretKey: app.config.appSecretKey,
          appUrl: app.config.appUrl,
          ip: req.ip,
        }),
      );
    },
  );

  app.post(
    '/pos/devices/:id/pairing',
    {
      preHandler: requireSession,
      schema: {
        tags,
        summary: 'New pairing code for a device',
        description: `A new pairing code and link (the previous code stops working). A paired device keeps its credential until the new code is used; then its credential is replaced and the old one refused. ${SESSION_ONLY}`,
        params: ZPosDeviceParams,
        response: { 200: envelope(ZPosDeviceWithPairing) },
      },
    },
    async (req) => {
      const auth = authOf(req);
      return ok(
        await issuePosPairing({
          db: app.db,
          userId: auth.user.id,
          mode: auth.mode,
          id: req.params.id,
          secretKey: app.config.appSecretKey,
          appUrl: app.config.appUrl,
          ip: req.ip,
        }),
      );
    },
  );

  app.delete(
    '/pos/devices/:id',
    {
      preHandler: requireSession,
      schema: {
        tags,
        summary: 'Revoke a point-of-sale device',
        description: `The device's credential and pairing code stop working at once and its live updates close; its sales stay in your transactions. This cannot be undone: pair a new device instead. ${SESSION_ONLY}`,
        params: ZPosDeviceParams,
        response: { 200: envelope(ZRevokedPosDevice) },
      },
    },
    async (req) => {
      const auth = authOf(req);
      return ok(
        await revokePosDevice({
          db: app.db,
          userId: auth.user.id,
          mode: auth.mode,
          id: req.params.id,
          ip: req.ip,
        }),
      );
    },
  );

  app.post(
    '/pos/pair',
    {
      config: { publicRateLimit: true },
      schema: {
        tags,
        summary: 'Pair a device (exchange a pairing code)',
        description:
          'Exchanges a pairing code, once, for the device credential, which this reply holds this once: the device keeps it and sends it as `Authorization: Bearer`. An unknown, used or expired code is refused with TOKEN_INVALID. Public, limited per client IP.',
        body: ZPosPairRequest,
        response: { 200: envelope(ZPosPaired) },
      },
    },
    async (req) =>
      ok(
        await pairPosDevice({
          db: app.db,
          code: req.body.code,
          secretKey: app.config.appSecretKey,
          ip: req.ip,
        }),
      ),
  );

  app.get(
    '/pos/session',
    {
      preHandler: requireDevice,
      schema: {
        tags,
        summary: 'The device, its merchant and what it can take',
        description: DEVICE_ONLY,
        response: { 200: envelope(ZPosSession) },
      },
    },
    async (req) => ok(await getPosSession({ db: app.db, device: deviceOf(req), config: app.config })),
  );

  app.post(
    '/pos/sales',
    {
      preHandler: [requireDevice, idempotent],
      schema: {
        tags,
        summary: 'Ring up a sale',
        description: `A payment of \`fiatAmount\` in the device's currency, in \`currency\` (and \`network\`), made as POST /payments makes one (fresh rate, the coin's limits, maintenance, wallets in live mode). Send an Idempotency-Key: a retried tap never creates twice. ${DEVICE_ONLY}`,
        body: ZCreatePosSaleRequest,
        response: { 201: envelope(ZPosSale) },
      },
    },
    async (req, reply) => {
      const sale = await createPosSale({
        deps: app.payments,
        db: app.db,
        device: deviceOf(req),
        input: req.body,
        actor: actorOf(req),
        maxAgeSeconds: app.config.ratesMaxAgeSeconds,
      });
      return reply.status(201).send(ok(sale));
    },
  );

  app.get(
    '/pos/sales',
    {
      preHandler: requireDevice,
      schema: {
        tags,
        summary: "Today's sales of the device",
        description: `The sales this device rang up since midnight in \`tz\` (an IANA time zone such as Europe/Berlin; UTC by default), newest first (at most 200), with the day's totals. Another device's sales never appear. ${DEVICE_ONLY}`,
        querystring: ZPosSalesQuery,
        response: { 200: envelope(ZPosSales) },
      },
    },
    async (req) =>
      ok(
        await listPosSales({ deps: app.payments, db: app.db, device: deviceOf(req), timeZone: req.query.tz }),
      ),
  );

  app.get(
    '/pos/sales/:id',
    {
      preHandler: requireDevice,
      schema: {
        tags,
        summary: 'One sale of the device',
        description: `Its true state now. A payment the device did not ring up is a 404. ${DEVICE_ONLY}`,
        params: ZPosSaleParams,
        response: { 200: envelope(ZPosSale) },
      },
    },
    async (req) =>
      ok(await getPosSale({ deps: app.payments, db: app.db, device: deviceOf(req), id: req.params.id })),
  );

  app.post(
    '/pos/sales/:id/simulate',
    {
      preHandler: [requireDevice, idempotent],
      schema: {
        tags,
        summary: 'Simulate the customer paying a test sale',
        description: `Test mode only (403 in live mode): \`full\` pays what is due, \`partial\` half of it, on the built-in test network. ${DEVICE_ONLY}`,
        params: ZPosSaleParams,
        body: ZSimulatePosSaleRequest,
        response: { 200: envelope(ZPosSale) },
      },
    },
    async (req) =>
      ok(
        await simulatePosSale({
          deps: app.payments,
          db: app.db,
          device: deviceOf(req),
          id: req.params.id,
          kind: req.body.kind,
          actor: actorOf(req),
        }),
      ),
  );
};

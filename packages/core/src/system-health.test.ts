import { describe, expect, it } from 'vitest';
import { scoreSystemHealth, type TServiceStatus } from './system-health.ts';

const s = (...list: TServiceStatus[]) => list.map((status) => ({ status }));
const H = 'healthy' as const;
const U = 'unhealthy' as const;
const K = 'unknown' as const;

describe('scoreSystemHealth (admin spec 9)', () => {
  it.each([
    // services, database, authentication -> status, score
    {
      name: 'nothing but the core, all healthy',
      services: s(),
      db: H,
      auth: H,
      status: 'healthy',
      score: 100,
    },
    {
      name: 'everything healthy',
      services: s(H, H, H, H, H, H, H, H),
      db: H,
      auth: H,
      status: 'healthy',
      score: 100,
    },
    {
      name: '9 of 10 healthy: exactly 90',
      services: s(H, H, H, H, H, H, H, U),
      db: H,
      auth: H,
      status: 'healthy',
      score: 90,
    },
    {
      name: '10 of 11 healthy: 91',
      services: s(H, H, H, H, H, H, H, H, U),
      db: H,
      auth: H,
      status: 'healthy',
      score: 91,
    },
    {
      name: '8 of 9 healthy: 89 is degraded',
      services: s(H, H, H, H, H, H, U),
      db: H,
      auth: H,
      status: 'degraded',
      score: 89,
    },
    {
      name: '7 of 10 healthy: exactly 70',
      services: s(H, H, H, H, H, U, U, U),
      db: H,
      auth: H,
      status: 'degraded',
      score: 70,
    },
    {
      name: '2 of 3 healthy: 67 is unhealthy',
      services: s(U),
      db: H,
      auth: H,
      status: 'unhealthy',
      score: 67,
    },
    {
      name: 'an unknown check is not healthy',
      services: s(K),
      db: H,
      auth: H,
      status: 'unhealthy',
      score: 67,
    },
    {
      name: 'database down caps the score at 50',
      services: s(H, H, H, H, H, H, H, H),
      db: U,
      auth: H,
      status: 'unhealthy',
      score: 50,
    },
    {
      name: 'authentication unknown caps the score at 50',
      services: s(H, H, H),
      db: H,
      auth: K,
      status: 'unhealthy',
      score: 50,
    },
    { name: 'both down with no service: 0', services: s(), db: U, auth: U, status: 'unhealthy', score: 0 },
    {
      name: 'database down and little else healthy: below the cap',
      services: s(U, U, H),
      db: U,
      auth: H,
      status: 'unhealthy',
      score: 40,
    },
  ] as const)('$name', ({ services, db, auth, status, score }) => {
    expect(scoreSystemHealth({ services, database: db, authentication: auth })).toEqual({
      overallStatus: status,
      overallScore: score,
    });
  });
});

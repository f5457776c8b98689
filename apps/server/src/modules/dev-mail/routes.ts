import type { FastifyInstance } from 'fastify';

export async function devMailRoutes(_app: FastifyInstance) {}

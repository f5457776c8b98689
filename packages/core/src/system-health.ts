/**
 * The back-office's Health Monitor (admin spec sections 3, 8 and 9): each check's result and the overall status
 * and score over them. Pure: the server runs the checks, the web shows them.
 */

export const SERVICE_STATUSES = ['healthy', 'unhealthy', 'unknown'] as const;
export type TServiceStatus = (typeof SERVICE_STATUSES)[number];
export const OVERALL_STATUSES = ['healthy', 'degraded', 'unhealthy'] as const;
export type TOverallStatus = (typeof OVERALL_STATUSES)[number];

/** Admin spec 9: healthy at 90 or more, degraded at 70 or more, unhealthy below. */
export const HEALTHY_SCORE = 90;
export const DEGRADED_SCORE = 70;
/** Admin spec 9: without a healthy database and authentication the score is capped at 50. */
export const CORE_DOWN_SCORE_CAP = 50;

/**
 * The overall status and score (admin spec 9): the score is the share, in percent (rounded), of healthy checks
 * among all services plus the database and authentication. Unless both the database and authentication are
 * healthy, the overall state is unhealthy and the score at most 50; otherwise healthy at 90 or more, degraded at
 * 70 or more, unhealthy below. An unknown check counts as not healthy.
 */
export function scoreSystemHealth({
  services,
  database,
  authentication,
}: {
  services: readonly { status: TServiceStatus }[];
  database: TServiceStatus;
  authentication: TServiceStatus;
}): { overallStatus: TOverallStatus; overallScore: number } {
  const all = [...services.map((s) => s.status), database, authentication];
  const healthy = all.filter((s) => s === 'healthy').length;
  const score = Math.round((healthy / all.length) * 100);
  if (database !== 'healthy' || authentication !== 'healthy') {
    return { overallStatus: 'unhealthy', overallScore: Math.min(score, CORE_DOWN_SCORE_CAP) };
  }
  return {
    overallStatus: score >= HEALTHY_SCORE ? 'healthy' : score >= DEGRADED_SCORE ? 'degraded' : 'unhealthy',
    overallScore: score,
  };
}

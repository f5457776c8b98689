/** Limits of the sign-in flows that are not admin settings (those live in system settings, security category). */

/** A sign-in challenge accepts a resend while younger than this; after it, the user starts over. */
export const CHALLENGE_LIFETIME_MS = 30 * 60_000;
/** Codes sent per challenge (the first one included). */
export const CHALLENGE_MAX_SENDS = 5;
/** A new confirmation link goes out on a refused sign-in at most this often per account. */
export const CONFIRMATION_RESEND_INTERVAL_MS = 60_000;
/** "Someone tried to sign up with your address" goes out at most this often per account. */
export const SIGNUP_NOTICE_INTERVAL_MS = 15 * 60_000;

/**
 * Login throttling (docs/decisions/001-login-throttling.md). With the admin's max_login_attempts = N:
 * N failures per (account e-mail, IP) pair, N * IP_FACTOR per IP across accounts, N * ACCOUNT_FACTOR per account
 * across IPs (not applied to an IP the account signed in from within KNOWN_IP_DAYS).
 */
export const IP_FACTOR = 4;
/**
 * An IP past its N * IP_FACTOR failures is slowed, not locked: each attempt from it waits this long before the
 * password or code is checked. Locking it would lock every bystander behind the same NAT or proxy out of their own
 * correct password (the e-mailed code is the second factor).
 */
export const FLOODED_IP_DELAY_MS = 2_000;
export const ACCOUNT_FACTOR = 10;
export const KNOWN_IP_DAYS = 30;

/** Log paths that may carry secrets; pino writes '[redacted]' in their place. */
export const REDACT_PATHS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'res.headers["set-cookie"]',
  '*.password',
  '*.confirmPassword',
  '*.currentPassword',
  '*.newPassword',
  '*.code',
  '*.token',
  '*.secret',
  // The operator's EVM gas wallet key (CHAIN_<NETWORK>_GAS_KEY), should a chain config ever be logged.
  '*.gasKey',
  '*.*.gasKey',
  'configuredChains[*].gasKey',
  '*.configuredChains[*].gasKey',
];

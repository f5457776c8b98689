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
];

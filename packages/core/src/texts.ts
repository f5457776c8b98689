/**
 * Every user-facing text of the spec's catalogues (merchant spec section 8, admin spec section 8), plus the
 * texts the catalogue lacks, written once here in the catalogue's tone. Server and web import them.
 */
export const T = {
  // Sign-in and sign-up (merchant spec 4, 5, 8)
  invalidCredentials: 'Invalid email or password.',
  credentialsVerified: 'Credentials verified! OTP sent to your email for final authentication.',
  twoFactorComplete: '2FA verification complete! Signing you in...',
  otpSendFailed: 'Failed to send OTP',
  otpSendNetwork: 'Failed to send verification code. Please try again.',
  otpResendFailed: 'Failed to resend verification code. Please try again.',
  otpInvalid: 'Invalid verification code',
  otpVerifyNetwork: 'Verification failed. Please try again.',
  finalSignInFailed: 'Failed to complete login. Please start over.',
  signupFailed: 'Signup failed. Please try again.',
  signupSuccess: 'Account created successfully! Please check your email to confirm your account.',
  passwordsDoNotMatch: 'Passwords do not match',
  passwordTooShort: (n: number) => `Password must be at least ${n} characters long`,
  // Texts the catalogue lacks
  passwordNeedsSpecial: 'Password must contain at least one special character',
  nameRequired: 'Full name is required',
  emailInvalid: 'Please enter a valid email address',
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  registrationDisabled: 'New registrations are currently closed. Please try again later.',
  emailNotConfirmed: 'Please confirm your email address first. We have sent you a new confirmation link.',
  accountSuspended: 'This account has been suspended. Please contact support.',
  lockedOut: (minutes: number) =>
    `Too many failed sign-in attempts. Please wait ${minutes} minutes before trying again.`,
  otpExpired: 'This verification code has expired. Please request a new one.',
  otpTooManyAttempts: 'Too many wrong codes. Please start over.',
  otpResendTooSoon: 'Please wait until the current code expires before requesting a new one.',
  otpResent: 'A new verification code has been sent to your email.',
  linkExpired: 'This link has expired or has already been used. Please request a new one.',
  emailConfirmed: 'Your email address is confirmed. You can now sign in.',
  passwordResetSent: 'If an account exists for this address, we have sent a link to reset your password.',
  passwordResetDone: 'Your password has been changed. Please sign in with your new password.',
  currentPasswordWrong: 'Current password is incorrect',
  passwordChanged: 'Password changed successfully!',
  confirmationSent:
    'If this address can be registered, we have sent a confirmation link. Please check your email.',
  signedOut: 'You have been signed out.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  liveModeNeedsApproval: 'Live mode is available once your account has been approved.',
  // API client (merchant spec 8)
  unknownError: 'Unknown error occurred',
  httpStatus: (status: number, text?: string) => (text ? `HTTP ${status}: ${text}` : `HTTP ${status}`),
  authRequired: 'Authentication failed. Please log in again.',
  forbidden: "You don't have permission to access this page.",
  notFound: 'Not found',
  rateLimited: 'Too many requests. Please wait a moment before trying again.',
  invalidInput: 'Invalid input',
  serverError: 'Something went wrong. Please try again.',
  // Settings (merchant spec 5, 8)
  emailReadOnly: 'Email cannot be changed after account creation',
  settingsLoadFailed: 'Failed to load settings',
  settingsSaved: 'Settings saved successfully!',
  settingsSaveFailed: 'Failed to save settings. Please try again.',
  profileUpdateFailed: (reason: string) => `Profile update failed: ${reason}`,
  settingsUpdateFailed: (reason: string) => `Settings update failed: ${reason}`,
  avatarTooLarge: 'Avatar file must be less than 5MB',
  avatarNotImage: 'Avatar must be an image file',
  avatarUploadFailed: 'Failed to upload avatar. Please try again.',
  avatarRemoveFailed: 'Failed to remove avatar. Please try again.',
  avatarUpdated: 'Avatar updated successfully!',
  avatarRemoved: 'Avatar removed successfully!',
  invalidUrl: 'Please enter a valid URL (https://...)',
  // Docs (merchant spec 2, 8)
  docsLoading: 'Loading documentation...',
  docsFailed: (status: number | string) => `Failed to load documentation: ${status}`,
  docsFailedGeneric: 'Failed to load documentation',
  // Generic crash screen (merchant spec 2)
  crashTitle: 'Something went wrong',
  crashText:
    'We encountered an unexpected error. Please try refreshing the page or contact support if the problem persists.',
  // Admin guards (admin spec 2)
  accessDenied: 'Access Denied',
  accessDeniedText: "You don't have permission to access this page.",
  roleDeniedText: "You don't have the required role to access this page.",
} as const;

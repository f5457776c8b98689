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
    `Too many failed sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} before trying again.`,
  otpExpired: 'This verification code has expired. Please request a new one.',
  otpTooManyAttempts: 'Too many wrong codes. Please start over.',
  otpResendTooSoon: 'Please wait until the current code expires before requesting a new one.',
  otpResent: 'A new verification code has been sent to your email.',
  otpTooManyResends: 'Too many codes have been requested for this sign-in. Please start over.',
  loginAttemptEnded: 'This sign-in attempt has ended. Please start over.',
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
  crossOriginRefused:
    'This request came from another website and was refused. Open Coinlane from its own address and try again.',
  notFound: 'Not found',
  rateLimited: 'Too many requests. Please wait a moment before trying again.',
  invalidInput: 'Invalid input',
  invalidCharacters:
    'The text contains a character that cannot be stored (a NUL character or a broken Unicode character): remove it and try again',
  nestedTooDeeply: (max: number) => `The request is nested too deeply (more than ${max} levels)`,
  concurrentDuplicate:
    'The same change was made by another request at the same moment; reload to see the current state',
  serverError: 'Something went wrong. Please try again.',
  // Fee structures (admin spec 5, 8)
  feePercentageRange: 'Fee percentage must be between 0 and 100',
  feeAmountInvalid: 'Enter an amount in USD of 0 or more, with at most 8 decimals',
  feeMaximumBelowMinimum: 'Maximum fee must be greater than or equal to the minimum fee',
  // Landing page: Talk to Sales (merchant spec 2: the button's action is not shown; written in the catalogue's tone)
  contactNameRequired: 'Please enter your name',
  contactNameTooLong: (n: number) => `Name must be at most ${n} characters`,
  contactCompanyTooLong: (n: number) => `Company must be at most ${n} characters`,
  contactMessageRequired: 'Please enter a message',
  contactMessageTooLong: (n: number) => `Message must be at most ${n} characters`,
  contactSent: 'Thank you! Your message has been sent. We will reply to your email address.',
  contactFailed: 'Failed to send your message. Please try again.',
  contactTooMany: 'You have sent several messages in the last hour. Please try again later.',
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
  avatarHint: 'JPG, PNG or GIF, max 5MB',
  saveChanges: 'Save Changes',
  updatePassword: 'Update Password',
  // Dashboard (merchant spec 2)
  welcomeBack: (name: string) => `Welcome back, ${name}`,
  noConfirmedTransactions: 'No confirmed transactions yet',
  noTransactionsYet: 'No transactions yet',
  recentTransactionsHint: 'Your recent transactions will appear here',
  accountPendingApproval: 'Your account is awaiting approval; test mode is fully available meanwhile.',
  // Development mail outbox (architecture: e-mail)
  devMailBanner: 'Development mail outbox — mails are not sent in development without SMTP_URL',
  devMailOff: 'The development mail outbox is off (SMTP is configured or this is production).',
  // Docs (merchant spec 2, 8)
  docsLoading: 'Loading documentation...',
  docsFailed: (status: number | string) => `Failed to load documentation: ${status}`,
  docsFailedGeneric: 'Failed to load documentation',
  backToHome: 'Back to Home',
  // Generic crash screen (merchant spec 2)
  crashTitle: 'Something went wrong',
  crashText:
    'We encountered an unexpected error. Please try refreshing the page or contact support if the problem persists.',
  // Admin guards (admin spec 2)
  accessDenied: 'Access Denied',
  accessDeniedText: "You don't have permission to access this page.",
  roleDeniedText: "You don't have the required role to access this page.",
  // Profile and avatar (texts the catalogue lacks)
  phoneInvalid: 'Please enter a valid phone number',
  avatarRequired: 'Please choose an image file to upload.',
  // Admin user management (texts the catalogue lacks)
  userNotFound: 'User not found',
  userApproveNotPending: (status: string) =>
    `Only a pending account can be approved; this account is ${status}.`,
  userSuspendNotActive: (status: string) =>
    `Only an active account can be suspended; this account is ${status}.`,
  userSuspendSelf: 'You cannot suspend your own account.',
  userSuspendAdmin: 'Only an administrator holding admin.manage can suspend another administrator.',
  userActOnAdmin: 'Only an administrator holding admin.manage can change another administrator’s account.',
  adminEditNothing: 'Give at least one detail to change.',
  merchantUnavailable:
    'This merchant is not accepting payments right now. Nothing was charged; please contact the merchant.',
  userDeleteSelf: 'You cannot delete your own account.',
  lastSuperAdmin: 'This is the last super admin: give another account the super admin role first.',
  // Development mail outbox
  mailNotFound: 'Mail not found',
  // Sign-in screens: labels the spec names (merchant spec 2, 4, 5) and texts it lacks
  resendCode: 'Resend Code',
  backToLogin: 'Back to Login',
  completeLogin: 'Complete Login',
  signOut: 'Sign Out',
  passwordPolicyHint: (minLength: number, requireSpecial: boolean) =>
    requireSpecial
      ? `At least ${minLength} characters, including a special character`
      : `At least ${minLength} characters`,
  otpSentTo: (email: string) => `We sent a 6-digit code to ${email}`,
  otpExpiresIn: (time: string) => `Code expires in ${time}`,
  otpCodeExpired: 'The code has expired. Request a new one.',
  resetLinkMissing: 'This password reset link is incomplete. Please request a new one.',
  // Merchant navigation (merchant spec 2)
  navDashboard: 'Dashboard',
  navTransactions: 'Transactions',
  navPayments: 'Payments',
  navSubscriptions: 'Subscriptions',
  navPayouts: 'Payouts',
  navApiKeys: 'API Keys',
  navDocumentation: 'Documentation',
  navSettings: 'Settings',
  navHome: 'Home',
  // Generic crash screen buttons (merchant spec 2)
  reloadPage: 'Reload Page',
  tryAgain: 'Try Again',
  // Admin guards (admin spec 2)
  goBack: 'Go Back',
  // Admin dashboard (admin spec 2, 8, 9)
  adminDashboardFailed: 'Failed to load dashboard data. Please check your connection and try again.',
  healthFailed: 'Failed to load system health. Some services may be unavailable.',
  healthNetworkError: 'Network error',
  healthTimeout: (ms: number) => `Timeout after ${ms}ms`,
  noServiceData: 'No service data available',
  retry: 'Retry',
  totalUsers: 'Total Users',
  recentUsers: 'Recent Users',
  userGrowth: 'User Growth',
  coreServices: 'Core Services',
  backendServices: 'Backend Services',
  // User management (admin spec 2, 4, 8)
  usersTitle: 'User Management',
  usersSubtitle: 'Manage merchant accounts, verification, and permissions',
  refresh: 'Refresh',
  searchUsers: 'Search users...',
  allStatus: 'All Status',
  allVerification: 'All Verification',
  statusActive: 'Active',
  statusPending: 'Pending',
  statusSuspended: 'Suspended',
  kycVerified: 'Verified',
  kycPending: 'Pending',
  kycRejected: 'Rejected',
  bulkActions: (count: number) => `Bulk Actions (${count})`,
  approveSelected: 'Approve Selected',
  suspendSelected: 'Suspend Selected',
  cancel: 'Cancel',
  colUser: 'User',
  colStatus: 'Status',
  colVerification: 'Verification',
  colTransactions: 'Transactions',
  colRiskScore: 'Risk Score',
  colLastLogin: 'Last Login',
  colActions: 'Actions',
  never: 'Never',
  viewDetails: 'View Details',
  approve: 'Approve',
  suspend: 'Suspend',
  basicInformation: 'Basic Information',
  statusAndVerification: 'Status & Verification',
  transactionData: 'Transaction Data',
  submittedDocuments: 'Submitted Documents',
  noDocuments: 'No documents submitted',
  notSpecified: 'Not specified',
  processing: 'Processing...',
  unknownUser: 'Unknown User',
  usersLoadFailed: 'Failed to load users. Please check your connection and try again.',
  usersBulkFailed: (action: string) => `Failed to ${action} selected users. Please try again.`,
  userActionFailed: (action: string) => `Failed to ${action} user. Please try again.`,
  // Transaction management (admin spec 2, 7, 8)
  adminTransactionsTitle: 'Transaction Management',
  adminTransactionsSubtitle: 'Monitor, manage, and control all platform transactions',
  adminTransactionsLoadFailed: 'Failed to load transactions. Please check your connection and try again.',
  noTransactionsCreated: 'No transactions have been created yet.',
  unknownMerchant: 'Unknown Merchant',
  transactionNotFound: 'Transaction not found',
  tileTotalVolume: 'Total Volume',
  tileCompleted: 'Completed',
  tilePending: 'Pending',
  tileFailed: 'Failed',
  tileHighRisk: 'High Risk',
  tileTotalTxns: 'Total Txns',
  moreFilters: 'More Filters',
  colTransaction: 'Transaction',
  colMerchant: 'Merchant',
  colAmount: 'Amount',
  colRisk: 'Risk',
  colCreated: 'Created',
  transactionInformation: 'Transaction Information',
  merchantAndCustomer: 'Merchant & Customer',
  riskAssessment: 'Risk Assessment',
  fraudFlags: 'Fraud Flags',
  feeInformation: 'Fee Information',
  exportDetails: 'Export Details',
  dateRangeInvalid: 'The end date must not be before the start date',
  usdRangeInvalid: 'The maximum amount must not be below the minimum amount',
  usdAmountInvalid: 'Enter a USD amount such as 100 or 99.50',
  dateInvalid: 'Enter a date as YYYY-MM-DD',
  // System settings (admin spec 2, 4, 8) and the texts the catalogue lacks
  systemSettingsTitle: 'System Settings',
  settingsTabGeneral: 'General',
  settingsTabCryptocurrencies: 'Cryptocurrencies',
  settingsTabFees: 'Fees & Pricing',
  settingsTabSecurity: 'Security',
  settingsTabNotifications: 'Notifications',
  settingsTabApi: 'API Settings',
  settingsSavedShort: 'Saved',
  adminSettingsLoadFailed: 'Failed to load settings. Please try again.',
  adminSettingsSaveFailed: (reason: string) => `Failed to save settings: ${reason}`,
  dangerZone: 'Danger Zone',
  clearAllCache: 'Clear All Cache',
  resetRateLimits: 'Reset Rate Limits',
  forceLogoutAllUsers: 'Force Logout All Users',
  platformNameRequired: 'Platform name is required',
  settingNumberRange: (min: number, max: number) => `Enter a whole number from ${min} to ${max}`,
  // API keys (merchant spec 5, 6, 8) and the texts the catalogue lacks
  apiKeysFetchFailed: 'Failed to fetch API keys',
  apiKeysLoadFailed: 'Failed to load API keys',
  apiKeyCreateFailed: 'Failed to create API key',
  apiKeyDeleteFailed: 'Failed to delete API key',
  apiKeyDeleteConfirm: 'Are you sure you want to delete this API key? This action cannot be undone.',
  apiKeyNameRequired: 'Please enter a key name',
  apiKeyNameTooLong: (max: number) => `Key name must be at most ${max} characters`,
  apiKeyPermissionRequired: 'Select at least one permission',
  apiKeyPermissionInvalid: 'Permissions must be read, write or webhook',
  apiKeyNothingToUpdate: 'Provide a new name or permissions',
  apiKeyNotFound: 'API key not found',
  apiKeysRevokedAll: (n: number) =>
    n === 0
      ? 'You had no active API keys: nothing was revoked.'
      : n === 1
        ? '1 API key was revoked. Integrations using it stop working until you give them a new key.'
        : `${n} API keys were revoked. Integrations using them stop working until you give them new keys.`,
  apiKeyLimitReached: (max: number) => `You can have at most ${max} API keys in this mode. Delete one first.`,
  apiKeyShownOnce: 'Copy this key now and keep it somewhere safe: you will not be able to see it again.',
  apiKeyInvalid: 'Invalid API key. Check the key in your Authorization header.',
  apiKeyRevoked: 'This API key has been deleted or rotated. Use a current key.',
  apiKeyExpired: 'This API key has expired. Create a new key in the dashboard.',
  apiKeyMissingPermission: (permission: string) => `This API key does not have the ${permission} permission`,
  apiKeySessionOnly: 'API keys cannot be used for this request. Please sign in to your account.',
  apiKeyAdminRefused: 'API keys cannot be used for administration. Please sign in as an administrator.',
  // Idempotency-Key header (texts the catalogue lacks)
  idempotencyKeyInvalid: 'Idempotency-Key must be 1 to 255 printable characters',
  idempotencyKeyReused: 'This Idempotency-Key was already used with a different request',
  idempotencyKeyInProgress: 'A request with this Idempotency-Key is still being processed',
  // API reference (architecture: interfaces)
  apiReferenceFailed: 'Failed to load the API reference',
  // Payments, payment links, rates (merchant spec 5 and 8)
  mustBeLoggedInForLinks: 'You must be logged in to create payment links',
  validPaymentAmount: 'Please enter a valid payment amount',
  rateNotAvailable: (currency: string) =>
    `Exchange rate not available for ${currency}. Please try a different currency.`,
  selectNetwork: (currency: string) => `Please select a network for ${currency}`,
  paymentLinkCreateFailed: 'Failed to create payment link. Please try again.',
  paymentLinkNotFound: 'Payment link not found',
  paymentCreateFailed: 'Failed to create payment',
  paymentLinkExpired: 'This payment link has expired',
  paymentLoadFailed: 'Failed to load payment',
  scanWithWallet: 'Scan with your crypto wallet',
  canClosePage: 'You can now close this page',
  // Payments: texts the catalogue lacks
  cryptoAmountAsString:
    'Crypto amounts must be sent as decimal strings such as "0.00123456", not as JSON numbers',
  currencyRequired: 'Please select a cryptocurrency',
  currencyUnsupported: (currency: string) => `Unsupported currency: ${currency}`,
  networkUnsupported: (currency: string, network: string) =>
    `${currency} is not available on the ${network} network`,
  fiatCurrencyUnsupported: (currency: string, allowed: readonly string[]) =>
    `Unsupported fiat currency: ${currency}. Use one of ${allowed.join(', ')}.`,
  fiatTooManyDecimals: (currency: string, decimals: number) =>
    decimals === 0
      ? `${currency} amounts must be whole numbers`
      : `${currency} amounts have at most ${decimals} decimal places`,
  cryptoTooManyDecimals: (currency: string, decimals: number) =>
    `${currency} amounts have at most ${decimals} decimal places`,
  amountBelowMinimum: (min: string, currency: string) => `The minimum amount is ${min} ${currency}`,
  amountAboveMaximum: (max: string, currency: string) => `The maximum amount is ${max} ${currency}`,
  amountOrFiatNotBoth: 'Please give either a crypto amount or a fiat amount, not both',
  expiresInHoursInvalid: 'Expiry must be 1, 24, 72 or 168 hours, or 0 for never',
  expiryInPast: 'The expiry must be in the future',
  expiryTooFar: (days: number) => `The expiry must be within ${days} days`,
  expiryBothGiven: 'Please give either expiresInHours or expiresAt, not both',
  descriptionTooLong: (max: number) => `Description must be at most ${max} characters`,
  // A payment link's return URL (packages/core/src/return-url.ts)
  returnUrlInvalid:
    'Please enter a complete address starting with https://, such as https://shop.example.com/order/received',
  returnUrlTooLong: (n: number) => `The return URL must be at most ${n} characters`,
  returnUrlScheme: 'The return URL must start with https://',
  returnUrlHttpNotLocal:
    'The return URL must use https. Plain http is accepted only for localhost, 127.0.0.1 or [::1] in test mode',
  returnUrlHttpLive: 'In live mode the return URL must use https',
  returnUrlCredentials: 'The return URL must not contain a user name or password',
  returnUrlReservedParam: 'The return URL must not contain the coinlane_payment parameter: Coinlane adds it',
  metadataTooLarge: (bytes: number) => `Metadata must be a JSON object of at most ${bytes} bytes`,
  merchantIdMismatch: 'merchantId does not match the authenticated merchant',
  liveWebhookEventsTestOnly: 'Webhook events over the socket need a test mode API key',
  nothingToUpdate: 'Nothing to update',
  paymentNotFound: 'Payment not found',
  paymentNotCancellable: (status: string) =>
    `This payment can no longer be cancelled: it is ${status} or has already received funds`,
  // Accepting a late payment (POST /payments/{id}/accept): each refusal is a 409 INVALID_STATE
  paymentAlreadyAccepted: 'This late payment has already been accepted: it is confirmed',
  paymentConfirmedNothingToAccept: 'This payment is already confirmed: there is nothing to accept',
  paymentNotPaidLate:
    'Only a payment paid after it expired or was cancelled can be accepted, and this payment was not paid late',
  paymentLateUnconfirmed:
    'The late money of this payment does not have its required confirmations yet: accept it once it has',
  paymentLateShort: (confirmed: string, due: string, currency: string) =>
    `The late money of this payment (${confirmed} ${currency} confirmed) does not cover the amount due (${due} ${currency}), so it cannot be accepted`,
  paymentLinkCompleted: 'This payment link is completed and cannot be changed',
  paymentLinkReactivateNeedsExpiry: 'This payment link has expired: give a new expiry to reactivate it',
  paymentLinkHasFundsOnExpiredAttempt:
    'The last payment attempt for this link expired after receiving part of the amount. Please contact the merchant.',
  liveNetworkNotConfigured: (network: string) =>
    `Live payments on ${network} are not available yet: live chains are configured per network, and ${network} has none. Use test mode meanwhile.`,
  liveRateNotFresh: (currency: string, minutes: number) =>
    `Live amounts are priced only from a fresh market rate, and no market rate for ${currency} from the last ${minutes} minutes is available. Please try again shortly.`,
  simulateTestOnly: 'Payments can only be simulated in test mode',
  simulateNothingDue: 'Nothing is left to pay on this payment: give an amount to simulate an overpayment',
  simulateNoPaymentYet: 'This payment link has no payment to simulate yet: start the payment first',
  rateValueInvalid: 'Rate must be a positive decimal number sent as a string, such as "0.0000105"',
  rateOneOf: 'Please give either rate (units per 1 USD) or usdPrice (USD per unit), not both',
  manualRateNotFound: (symbol: string) => `No manual rate is set for ${symbol}`,
  // Webhooks (merchant spec 2 and 7)
  webhookUrlInvalid: 'Please enter a valid webhook URL, such as https://shop.example.com/coinlane',
  webhookUrlTooLong: (n: number) => `The webhook URL must be at most ${n} characters`,
  webhookUrlCredentials: 'The webhook URL must not contain a user name or password',
  webhookUrlHttps: 'The webhook URL must use https',
  webhookUrlPrivate:
    'The webhook URL points to a private, loopback or link-local address, which cannot receive webhooks',
  webhookUrlUnresolvable: 'The webhook URL host name does not resolve to an address',
  webhookUrlPrivateDev:
    'The webhook URL points to a private, loopback or link-local address. To receive webhooks on this machine while developing, start the server with ALLOW_PRIVATE_WEBHOOKS=true (never in production).',
  webhookEventsInvalid:
    'Events must be among payment.created, payment.partial, payment.confirmed, payment.failed, payment.expired, payment.reversed and payment.paid_late',
  webhookNotConfigured: 'No webhook endpoint is configured yet: save a webhook URL first',
  webhookEventNotFound: 'Webhook event not found',
  // Transactions, payment links and dashboard screens (merchant spec 2, 5, 8 and 9)
  searchTransactionsPlaceholder: 'Search transactions, emails, or descriptions...',
  noTransactionsFound: 'No transactions found',
  adjustSearchOrFilters: 'Try adjusting your search or filter criteria',
  noTransactionsToExport: 'No transactions to export',
  transactionsLoadFailed: 'Failed to load transactions',
  noEmail: 'No email',
  noDescription: 'No description',
  transactionCount: (n: number) => `${n} transaction(s)`,
  moreCurrencies: (n: number) => `+${n} more currencies`,
  createNewLink: 'Create New Link',
  paymentLinkCreated: 'Payment Link Created!',
  noPaymentLinksYet: 'No Payment Links Yet',
  createFirstLink: 'Create Your First Link',
  showQrCode: 'Show QR Code',
  noActivityYet: 'No activity yet',
  linkNetworkError: 'Network error. Please check your internet connection and try again.',
  linkInvalidInput: 'Invalid currency or amount. Please check your inputs.',
  paymentLinkCreateNoData: 'Failed to create payment link',
  // Merchant wallets (issue 6; merchant spec Instant Payouts "Wallets")
  walletInputRequired: 'Enter an address or an extended public key (xpub, ypub, zpub, tpub, upub, vpub)',
  walletInvalidChecksum: 'Invalid checksum',
  walletWrongChainMode: (kind: 'address' | 'key', found: string, expected: string) =>
    `This is a ${found} ${kind}; this network runs on ${expected}`,
  walletOtherNetwork: (kind: 'address' | 'key', found: string, expected: string) =>
    `This is a ${found} ${kind}, not a ${expected} ${kind}`,
  walletInvalidAddress: (network: string) => `This is not a valid ${network} address`,
  walletUnknownKeyVersion: 'Unknown extended key version: enter an xpub, ypub, zpub, tpub, upub or vpub',
  walletInvalidKey: 'This extended public key is not valid',
  walletPrivateKeyRefused:
    'This is a PRIVATE key. Never share it with anyone, Coinlane included: whoever has it can spend your funds. Enter the extended PUBLIC key (xpub, ypub, zpub, tpub, upub or vpub) from your wallet app, and move the funds of this key to a new wallet.',
  walletSeedPhraseRefused:
    'This looks like a recovery phrase. Never share it with anyone, Coinlane included: whoever has it can spend your funds. Enter the extended PUBLIC key (xpub, ypub, zpub) or an address from your wallet app, and move the funds of this wallet to a new one.',
  walletNoSegwit: (network: string) =>
    `${network} has no segwit addresses: use an xpub (or dgub) key, or a legacy address`,
  walletScriptTypeFixed: (prefix: string) =>
    `The address type of a ${prefix} key is fixed by the key itself; leave the address type empty`,
  walletScriptTypeUnsupported: (network: string) => `This address type is not available on ${network}`,
  walletCashAddrWrongPrefix: (prefix: string, found: string, expectedPrefix: string, expected: string) =>
    `This is a ${found} address (${prefix}:); this network runs on ${expected}, whose addresses begin with ${expectedPrefix}:`,
  walletWitnessUnsupported: 'This segwit address version is not supported',
  walletNetworkUnsupported: (network: string) =>
    `Wallets on ${network} are not supported yet: Coinlane receives on Bitcoin, Litecoin, Dogecoin, Bitcoin Cash and the EVM networks (Ethereum, BNB Smart Chain, Polygon, Avalanche, Arbitrum, Optimism)`,
  walletNotFound: 'Wallet not found',
  walletDuplicate: 'This wallet has already been added',
  walletLabelTooLong: (n: number) => `The label must be at most ${n} characters`,
  walletTooMany: (n: number) => `You can add at most ${n} wallets`,
  walletAlreadyVerified: 'This wallet is already whitelisted',
  walletCodeSent: 'A verification code has been sent to your email',
  walletCodeInvalid: 'Invalid verification code',
  walletCodeExpired: 'The verification code has expired: request a new one',
  walletCodeTooManyAttempts: 'Too many wrong codes: request a new one',
  walletCodeNotRequested: 'No verification code was requested for this wallet',
  walletCodeFormat: 'Enter the 6-digit code from the email',
  walletCodeResendWait: (seconds: number) =>
    `A code was sent less than a minute ago: use the code from that email, or request a new one in ${seconds} s`,
  walletVerifyMailFailed: 'The verification email could not be sent. Please try again.',
  walletDefaultNeedsVerified: 'Only a whitelisted wallet can be made the default',
  walletInUse: (n: number) =>
    `This wallet still receives ${n} open payment(s): wait until they are paid or expired before deleting it`,
  walletNeededForLive: (symbol: string) =>
    `Add and verify a ${symbol} wallet under Payouts → Wallets to accept live ${symbol} payments.`,
  checkoutAttemptsExceeded:
    'Too many new payment attempts for this link from your connection. Please wait a while before trying again.',
  // Conversions by an exchange provider (Bitcoin-family coins under a payout rule; decision 024)
  conversionTimeout: (provider: string) =>
    `${provider}, the exchange that converts this payment for the merchant, did not answer in time. Nothing was charged: please try again in a minute.`,
  conversionUnreachable: (provider: string) =>
    `${provider}, the exchange that converts this payment for the merchant, cannot be reached right now. Nothing was charged: please try again in a few minutes.`,
  conversionRefused: (provider: string, reason: string) =>
    `${provider}, the exchange that converts this payment for the merchant, refused it (${reason}). Nothing was charged: please try again later or contact the merchant.`,
  conversionBadReply: (provider: string) =>
    `${provider}, the exchange that converts this payment for the merchant, gave an answer Coinlane cannot use. Nothing was charged: please try again in a few minutes.`,
  conversionUnsupported: (provider: string, from: string, to: string) =>
    `${provider} does not convert ${from} into ${to}, as the merchant's payout rule asks. Please contact the merchant.`,
  conversionAmountMismatch: (provider: string) =>
    `${provider} quoted a different amount than this payment's. Nothing was charged: please try again.`,
  conversionDepositAddressInUse: (provider: string) =>
    `${provider} gave a deposit address that another open payment already uses, so Coinlane did not show it. Nothing was charged: please try again.`,
  conversionTooManyFromIp:
    'Too many converted payments were started from your connection. Please wait a while before trying again.',
  conversionTooManyForMerchant:
    "This merchant's checkout has started too many converted payments in the last hour. Please try again later.",
  conversionNoProvider: (from: string, to: string) =>
    `No exchange provider is configured on this Coinlane server, so the payout rule ${from} -> ${to} could not convert this payment: it was paid unconverted to your own ${from} wallet.`,
  walletKeyShared:
    "This wallet's key is also registered by another Coinlane account, whose payments hold the next addresses: give this account a key of its own.",
  walletSingleAddressBusy: (n: number) =>
    `This wallet is a single address with ${n} open payments, the most it can tell apart by amount: add an extended public key (xpub) wallet to accept more at once.`,
  walletLoadFailed: 'Failed to load data',
  walletAddFailed: 'Failed to add wallet',
  walletVerifyFailed: 'Failed to verify wallet',
  walletDeleteFailed: 'Failed to delete wallet',
  walletSetDefaultFailed: 'Failed to set default wallet',
  walletDeleteConfirm: 'Are you sure you want to delete this wallet?',
  walletPending: 'Pending',
  walletWhitelisted: 'Whitelisted',
  walletDefaultLabel: (currency: string) => `${currency} Wallet`,

  // Tron wallets and nodes (issue 19)
  tronWalletInputRequired: 'Enter a Tron address (T...) or an account extended public key (xpub)',
  tronAddressInvalid:
    'This is not a valid Tron address: it must begin with T and be 34 characters long. Copy it from your Tron wallet app.',
  tronAddressChecksum:
    'Invalid checksum: this Tron address has a mistyped character. Copy it again from your wallet app.',
  tronEvmAddressPasted:
    'This is an Ethereum-style address (0x...), not a Tron address. USDT on Tron (TRC-20) needs your Tron address, which begins with T: copy it from your Tron wallet app (TronLink, Trust Wallet, Ledger Tron app).',
  tronHexAddressPasted:
    'This is the hexadecimal form of a Tron address (41...). Enter the form your wallet app shows, which begins with T.',
  tronZeroAddress:
    'This is the zero address (T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb): nobody controls it and funds sent to it are lost. Enter your own wallet address.',
  tronKeyVersion:
    "Unknown extended key version: enter the account xpub (m/44'/195'/0') of your Tron wallet app",
  tronPrivateKeyRefused:
    'This is a PRIVATE key. Never share it with anyone, Coinlane included: whoever has it can spend your funds. Enter your Tron address (T...) or account extended PUBLIC key (xpub), and move the funds of this key to a new wallet.',
  tronScriptTypeNone: 'Tron addresses have no address type: leave the address type empty',
  tronReceiveModeNone:
    'Tron wallets have no receive mode to choose: an address receives with unique amounts, an extended public key on derived addresses',
  tronTokenContractMissing: (symbol: string, variable: string) =>
    `Live ${symbol} payments on Tron are not available: the operator has not configured the token contract (${variable}).`,
  cryptoTronContractInvalid:
    'Tron contract addresses begin with T and are 34 characters long (base58check), such as TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',

  // EVM wallets, deposit addresses and nodes (issue 7)
  evmWalletInputRequired: 'Enter an address (0x...) or an account extended public key (xpub)',
  evmAddressInvalid: 'This is not a valid EVM address: it must be 0x followed by 40 hexadecimal characters',
  evmAddressChecksum:
    'Invalid checksum: this mixed-case address does not match its EIP-55 checksum. Copy it again from your wallet app.',
  evmZeroAddress:
    'This is the zero address (0x000...000): nobody controls it and funds sent to it are lost. Enter your own wallet address.',
  evmKeyVersion: "Unknown extended key version: enter the account xpub (m/44'/60'/0') of your wallet app",
  evmPrivateKeyRefused:
    'This is a PRIVATE key. Never share it with anyone, Coinlane included: whoever has it can spend your funds. Enter your address (0x...) or account extended PUBLIC key (xpub), and move the funds of this key to a new wallet.',
  evmReceiveModeAddressOnly:
    'Forwarder and single-address receiving need an address (0x...); an extended public key always receives on derived addresses',
  evmReceiveModeUtxo: 'The receive mode applies to EVM networks only',
  evmScriptTypeNone: 'EVM addresses have no address type: leave the address type empty',
  evmFactoryMissing: (network: string, variable: string) =>
    `Live payments to forwarder deposit addresses on ${network} are not available: the operator has not configured the forwarder factory (${variable}). Choose a single-address or xpub wallet, or ask the operator to deploy the factory.`,
  evmTokenContractMissing: (symbol: string, network: string, variable: string) =>
    `Live ${symbol} payments on ${network} are not available: no ${symbol} token contract is known for this chain (the operator sets it in ${variable}).`,
  evmChainIdUnknown: (network: string) =>
    `Live payments on ${network} are not available yet: the chain watcher has not reached the node to learn its chain id. Try again in a moment.`,
  evmFactoryNotDeployed: (network: string, factory: string) =>
    `The forwarder factory ${factory} configured for ${network} has no code on the node: deploy it (npm run evm:deploy-factory) or correct the address. Forwarder deposit addresses are not handed out until it is there.`,
  evmFactoryMismatch: (network: string, factory: string) =>
    `The contract at ${factory} configured as the ${network} forwarder factory does not compute Coinlane's deposit addresses: it is not Coinlane's ForwarderFactory. Forwarder deposit addresses are not handed out under it.`,
  evmFactoryCodeUnknown: (network: string, factory: string) =>
    `The contract at ${factory} configured as the ${network} forwarder factory, or the Forwarder implementation it delegates to, does not have the code of a ForwarderFactory version Coinlane ships (its code hash is unknown). Forwarder deposit addresses are not handed out under it.`,
  evmTokenDecimalsMismatch: (
    network: string,
    symbol: string,
    contract: string,
    found: number | null,
    expected: number,
  ) =>
    found === null
      ? `The ${symbol} token contract ${contract} of ${network} does not answer decimals() on the node: it is not that token. Its transfers are not credited until the configuration (CHAIN_<NETWORK>_TOKENS) or the catalogue names the right contract.`
      : `The ${symbol} token contract ${contract} of ${network} has ${found} decimals on the node, where Coinlane expects ${expected}: its transfers are not credited until the configuration (CHAIN_<NETWORK>_TOKENS) or the catalogue names the right contract.`,
  evmFactoryUnverified: (network: string) =>
    `Live payments to forwarder deposit addresses on ${network} are not available right now: the chain watcher has not confirmed the forwarder factory on the node yet. Try again in a moment.`,
  // The swapping forwarder factory (issue 18, decision 024): the watcher's check and what waits on it
  evmSwapFactoryNotDeployed: (network: string, factory: string) =>
    `The swap forwarder factory ${factory} configured for ${network} has no code on the node: deploy it (npm run evm:deploy-swap-factory) or correct the address. Swapping deposit addresses are not handed out until it is there.`,
  evmSwapFactoryCodeUnknown: (network: string, factory: string) =>
    `The contract at ${factory} configured as the ${network} swap forwarder factory, or the SwapForwarder implementation it delegates to, does not have the code of a SwapForwarderFactory version Coinlane ships (its code hash is unknown). Swapping deposit addresses are not handed out under it.`,
  evmSwapFactoryUniswapMissing: (network: string, factory: string, contract: string, address: string) =>
    `The swap forwarder factory ${factory} of ${network} is bound to a Uniswap ${contract} at ${address} that has no code on the node, so it could never swap: deploy a swap factory bound to this chain's Uniswap contracts (npm run evm:deploy-swap-factory). Swapping deposit addresses are not handed out under it.`,
  evmSwapFactoryUnverified: (network: string) =>
    `Live payments that a payout rule converts on ${network} are not available right now: the chain watcher has not confirmed the swap forwarder factory on the node yet. Try again in a moment, or turn the rule off under Payouts → Rules to be paid without conversion.`,
  payoutSwapFactoryUnverified: (network: string) =>
    `Conversions on ${network} are not available right now: the chain watcher has not confirmed the swap forwarder factory on the node yet. Please try again in a moment.`,
  evmChainIdMismatch: (network: string, expected: string, found: number) =>
    `The ${network} node reports chain id ${found}, expected ${expected}: the watcher will not scan a node of another chain. Check CHAIN_${network.toUpperCase().replace(/[^A-Z0-9]/g, '_')}_RPC_URL.`,

  // Forwarder flushes (issue 7, decision 010)
  flushNotLive: 'Only live payments have a deposit address on a chain: a test payment has nothing to flush',
  flushNotForwarder:
    'This payment was not paid to a forwarder deposit address (it was paid to your own address, or is not on an EVM network): there is nothing to flush',
  flushFactoryMissing: (network: string) =>
    `Flushing on ${network} is not available: the operator has not configured the forwarder factory for this network`,
  flushAddressMismatch:
    'The deposit address of this payment does not belong to the forwarder factory configured now: ask the operator, who changed the factory since the payment was created',
  // Support & Operations: Webhook Monitoring, System Logs, Health Monitor, System Alerts (issue 16, decision 018)
  webhookDeliveryNotFound: 'Webhook delivery not found',
  webhookEndpointDisabled:
    'This webhook endpoint was turned off by the Coinlane team: nothing is sent to it until you turn it back on',
  webhookEndpointAlreadyDisabled: 'This webhook endpoint is already turned off',
  webhookEndpointNotDisabled: 'This webhook endpoint is not turned off',
  webhookDisableReasonTooLong: (n: number) => `The reason must be at most ${n} characters`,
  systemLogLevelInvalid: 'Level must be error, warn, info or debug',
  systemAlertNotFound: 'Alert not found',
  systemAlertAlreadyResolved: 'This alert is already resolved',

  // KYC documents (issue 16, decision 019)
  kycKindInvalid:
    'Choose what the document is: identity document, proof of address or business registration.',
  kycFileRequired: 'Please choose a file to upload (PDF, JPG or PNG) in the field `document`.',
  kycTypeNotAllowed:
    'This file is not a PDF, JPG or PNG document (judged by its content, not its name). Please upload one of those.',
  kycTooLarge: (mb: number) => `The document is larger than ${mb} MB. Please upload a smaller file.`,
  kycTooMany: (max: number) =>
    `You have already submitted ${max} documents: delete one before adding another.`,
  kycNotRequired: 'Identity documents are not collected on this platform: the KYC requirement is turned off.',
  kycAlreadyVerified:
    'Your documents are verified: they can no longer be changed. Contact support if something is wrong.',
  kycDocumentNotFound: 'Document not found',
  kycStatusInvalid: 'Choose verified, or rejected with a reason.',
  kycReasonRequired: 'Give the reason for the rejection: it is e-mailed to the merchant.',
  kycReasonTooLong: (max: number) => `The reason must be at most ${max} characters.`,
  kycNothingToVerify: 'The merchant has submitted no documents: there is nothing to verify.',
  kycUnchanged: 'The documents are already verified.',
  kycSelf: 'Nobody reviews their own documents.',

  // Cryptocurrency management (admin spec 5 and 8; decision 020)
  cryptoSymbolRequired: 'Symbol is required',
  cryptoNameRequired: 'Name is required',
  cryptoNetworkRequired: 'Network is required',
  cryptoSymbolInvalid: 'Symbol must be 2-10 uppercase alphanumeric characters',
  cryptoMinAmountInvalid: 'Minimum amount must be greater than 0',
  cryptoMaxAmountInvalid: 'Maximum amount must be greater than minimum amount',
  cryptoDecimalsRange: 'Decimals must be between 0 and 18',
  cryptoContractInvalid: 'Invalid contract address format',
  cryptoIconUrlInvalid: 'Invalid icon URL format',
  cryptoSymbolTaken: 'A cryptocurrency with this symbol already exists',
  cryptoNotFound: 'Cryptocurrency not found',
  cryptoDeleteConfirm: 'Are you sure you want to delete this cryptocurrency? This action cannot be undone.',
  cryptoAdded: 'Cryptocurrency added successfully!',
  addNewCryptocurrency: 'Add New Cryptocurrency',
  cryptoAddFailed: 'Failed to add cryptocurrency. Please try again.',
  cryptoDeleteFailed: (reason: string) => `Failed to delete cryptocurrency: ${reason}`,
  cryptoNameTooLong: 'Name must be at most 100 characters',
  cryptoNetworkInvalid: (allowed: readonly string[]) => `Network must be one of: ${allowed.join(', ')}`,
  cryptoConfirmationsRange: 'Required confirmations must be a whole number between 1 and 10000',
  cryptoContractNotOnNetwork: (network: string) =>
    `${network} has no token contracts this platform can use: leave the contract address empty`,
  cryptoInUse: (payments: number, links: number) =>
    `This cryptocurrency is used by ${payments} payment${payments === 1 ? '' : 's'} and ${links} payment link${links === 1 ? '' : 's'}, so it cannot be deleted. Disable it instead: it is then no longer offered, and payments under way are still watched.`,
  cryptoKeyInUse:
    'The symbol and network of a cryptocurrency that payments or payment links use cannot change: add a new cryptocurrency instead.',
  cryptoOpenPayments: (count: number) =>
    `The decimals and contract address cannot change while ${count} payment${count === 1 ? ' is' : 's are'} open in this cryptocurrency: wait until ${count === 1 ? 'it is' : 'they are'} confirmed or expired.`,
  cryptoChainDecimalsMismatch: (symbol: string, network: string, contract: string, found: number) =>
    `The ${symbol} contract ${contract} on ${network} has ${found} decimals on the node: set decimals to ${found}.`,
  cryptoChainNoToken: (network: string, contract: string) =>
    `The contract ${contract} on ${network} does not answer decimals() on the node: it is not a token contract there.`,
  cryptoChainUnreachable: (network: string) =>
    `The ${network} node could not be reached to read the token's decimals. Please try again.`,
  cryptoDisabled: (symbol: string, network: string) =>
    `${symbol} on ${network} is not accepted at the moment: please choose another cryptocurrency.`,

  // Settings that take effect (decision 020)
  maintenanceRefused:
    'The platform is under maintenance: changes are paused for now. Payments under way are still watched and credited. Please try again later.',
  maintenanceCheckout:
    'This payment page is not taking new payments while the platform is under maintenance. Please try again later.',
  dailyLimitReached: (limit: number) =>
    `This merchant has reached its limit of ${limit} live payments for today (UTC). Please try again tomorrow.`,
  apiVersionUnavailable: 'Only v1 of the API exists: v2 (Beta) cannot be selected until it is released.',
  smsNotificationsUnavailable:
    'SMS notifications cannot be turned on: no SMS provider is connected to this platform.',
  // Support tickets (admin spec 2, 4, 8; issue 16; decision 017) and the texts the catalogue lacks
  supportTicketsLoadFailed: 'Failed to load support tickets. Please check your connection and try again.',
  ticketStatusUpdateFailed: 'Failed to update ticket status. Please try again.',
  ticketNotFound: 'Ticket not found',
  ticketTitleRequired: 'Please enter a subject',
  ticketTitleTooLong: (n: number) => `Subject must be at most ${n} characters`,
  ticketMessageRequired: 'Please enter a message',
  ticketMessageTooLong: (n: number) => `Message must be at most ${n} characters`,
  ticketCategoryInvalid: 'Choose a category: general, technical, billing, account or sales',
  ticketPriorityInvalid: 'Choose a priority: normal, medium, high, urgent or critical',
  ticketStatusInvalid: 'Choose a status: open, in_progress, resolved or closed',
  ticketClosedStaff: 'This ticket is closed. Set it to open or in progress before replying.',
  ticketClosedCustomer: 'This ticket is closed. Please open a new ticket.',
  ticketTooManyMessages: (n: number) =>
    `You have sent ${n} support messages in the last hour. Please wait a little before sending more.`,
  // Refunds without custody (issue 16, decision 022)
  /** Admin spec 8: 'Failed to {refund|approve} transaction. Please try again.' (refund). */
  refundTransactionFailed: 'Failed to refund transaction. Please try again.',
  refundReasonInvalid: 'Please enter the reason as text',
  refundReasonTooLong: (n: number) => `The reason may have at most ${n} characters`,
  refundLanguageInvalid: (languages: readonly string[]) =>
    `Choose the customer’s language: one of ${languages.join(', ')}`,
  refundNotAllowed:
    'This payment cannot be refunded: a refund needs confirmed money on a confirmed, expired or cancelled payment',
  refundNothingLeft: 'Everything this payment received is already refunded or awaiting a refund',
  refundTooLarge: (left: string, currency: string) =>
    `The refund is more than what is still refundable: at most ${left} ${currency}`,
  refundNotFound: 'Refund not found',
  refundNotOpen: 'This refund is no longer open: it was paid, cancelled or has expired',
  refundSimulateNotAwaiting: 'Only a refund awaiting payment (the customer gave an address) can be paid',
  refundSimulateTestOnly: 'Refund transfers can only be simulated in test mode',
  refundLinkInvalid: 'This refund link is not valid. Please use the link from your e-mail.',
  refundLinkExpired: 'This refund link has expired. Please ask the merchant for a new one.',
  refundAddressAlreadyGiven: 'A refund address was already given for this refund',
  refundAddressRequired: 'Please enter your refund address',
  refundAddressTooLong: 'This is not a valid address',
  refundAddressIsKey: 'Please enter one address of your wallet, not an extended public key',
  refundAddressIsPaymentAddress:
    'This is a Coinlane payment address, not your own wallet: please enter an address of your own wallet',

  // approve, risk, compliance export (issue 16, decision 021)
  transactionNothingReceived:
    'This transaction has received nothing on chain, so it cannot be approved: only a payment whose money arrived can be',
  transactionAlreadyCompleted: 'This transaction is already completed: there is nothing to approve',
  approveReasonRequired: 'Please give a reason for the approval',
  approveReasonTooLong: (max: number) => `The reason must be at most ${max} characters`,
  approveTransactionFailed: 'Failed to approve transaction. Please try again.',
  customerCountryUnknown: 'Unknown',
  customerIpInvalid: 'customerIp must be an IPv4 or IPv6 address',
  // Subscriptions (merchant spec 2, 5, 8; issue 17; decision 023) and the texts the catalogue lacks
  plansLoadFailed: 'Failed to fetch subscription plans',
  subscribersLoadFailed: 'Failed to fetch subscribers',
  subscriptionsLoadFailed: 'Failed to load data',
  planSaveFailed: 'Failed to save plan',
  planStatusFailed: 'Failed to update plan status',
  planDeleteFailed: 'Failed to delete plan',
  planDeleteConfirm: 'Are you sure you want to delete this plan? This action cannot be undone.',
  planNameRequired: 'Plan name is required',
  planNameTooLong: (n: number) => `Plan name must be at most ${n} characters`,
  planDescriptionTooLong: (n: number) => `Description must be at most ${n} characters`,
  planPriceRequired: 'Price is required',
  planPriceInvalid: 'Please enter a valid price greater than 0',
  planPriceTooManyDecimals: (currency: string, decimals: number) =>
    `A price in ${currency} has at most ${decimals} decimal places`,
  planPriceTooLarge: (max: string, currency: string) => `The price may be at most ${max} ${currency}`,
  planCurrencyInvalid: 'Choose a currency: USD, BTC, ETH or USDT',
  planIntervalInvalid: 'Choose an interval: monthly or yearly',
  planTooManyFeatures: (n: number) => `A plan may list at most ${n} features`,
  planFeatureTooLong: (n: number) => `Each feature must be at most ${n} characters`,
  planLeadDaysInvalid: (max: number) =>
    `Renewal invoices are sent between 0 and ${max} days before the period ends`,
  planGraceDaysInvalid: (max: number) => `The grace period is between 0 and ${max} days`,
  planNotFound: 'Plan not found',
  planHasSubscribers: (n: number) =>
    `This plan has ${n} subscriber${n === 1 ? '' : 's'} still subscribed (active, past due or with a first invoice to pay): deactivate it instead, so no one new can subscribe while they keep their subscriptions`,
  planInactive: 'This plan is not open to new subscribers at the moment',
  planTooMany: (n: number) => `You can have at most ${n} subscription plans`,
  planCoinNotAccepted: (coin: string, currency: string) =>
    `${coin} cannot pay this plan: a plan priced in ${currency} is paid in ${currency}`,
  subscriberNotFound: 'Subscriber not found',
  subscriptionActionInvalid: 'Choose an action: cancel_now, cancel_at_period_end or resume',
  subscriptionCannot: (action: string, status: string) =>
    `This subscription cannot ${action} while it is ${status.replace(/_/g, ' ')}`,
  subscriptionExists:
    'This e-mail address already has a subscription to this plan. The subscriber can pay or cancel it from the link in their e-mail.',
  subscriptionTestClockLiveMode: 'The test clock can only move test-mode subscriptions',
  subscriptionTestClockStepInvalid: 'Choose how far to move the clock: day, period or past_grace',
  subscriptionTooManyRequests: 'Too many subscription requests. Please wait a little before trying again.',
  portalLinkInvalid: 'This subscription link is not valid. Please use the link from your latest e-mail.',
  portalLinkExpired: 'This subscription link has expired. Please use the link from your latest e-mail.',
  paymentLinkIsInvoice:
    'This link is the invoice of a subscription: cancel or manage the subscription on the Subscriptions page instead',
  subscriptionNothingToPay: 'This subscription has no invoice to pay at the moment',
  // Instant Payouts: Auto Conversion, Rules, History (merchant spec 2, 5, 8; issue 18; decision 024)
  payoutsLoadFailed: 'Failed to load data',
  conversionSettingsFailed: 'Failed to update conversion settings',
  payoutRuleAddFailed: 'Failed to add rule',
  payoutRuleUpdateFailed: 'Failed to update rule',
  payoutRuleDeleteFailed: 'Failed to delete rule',
  payoutRuleDeleteConfirm: 'Are you sure you want to delete this rule?',
  payoutRuleActive: 'Active',
  payoutRuleDisabled: 'Disabled',
  payoutAwaitingConfirmation: 'Awaiting confirmation',
  payoutRuleNotFound: 'Rule not found',
  payoutRuleUpdateEmpty: 'Nothing to change: send enabled, minAmount or both',
  payoutMinAmountRequired: 'Please enter a minimum amount',
  payoutMinAmountInvalid: 'The minimum amount must be a number of 0 or more, such as 0.01',
  payoutMinAmountDecimals: (n: number) => `The minimum amount has at most ${n} decimal places`,
  payoutWalletRequired: 'Please choose a wallet',
  payoutFromCurrencyInvalid: (list: readonly string[]) =>
    `Choose a currency to convert from: ${list.join(', ')}`,
  payoutToCurrencyInvalid: (list: readonly string[]) =>
    `Choose a stablecoin to convert to: ${list.join(', ')}`,
  payoutSameCurrency: 'The currency to convert from and the currency to convert to must be different',
  payoutFromNotReceivable: (currency: string) =>
    `Coinlane cannot receive ${currency} payments yet, so there is nothing to convert`,
  payoutFromNetworkNotReceivable: (currency: string, network: string) =>
    `Coinlane does not receive payments on ${network} yet, so ${currency} on ${network} cannot be converted`,
  payoutFromNetworkNotConverted: (currency: string, network: string) =>
    `Auto conversion does not take ${currency} on ${network}: payments on ${network} arrive in your own ${network} wallet as paid`,
  payoutWalletNotFound: 'Wallet not found: choose one of your wallets',
  payoutWalletNotVerified:
    'This wallet is not whitelisted yet: verify it with the e-mailed code before it can receive conversions',
  payoutWalletCurrency: (walletCurrency: string, to: string) =>
    `This is a ${walletCurrency} wallet: a rule that converts to ${to} needs a ${to} wallet`,
  payoutWalletIsKey:
    'A conversion pays one fixed address: choose a wallet that is a single address, not an extended public key',
  payoutWalletOtherNetwork: (to: string, network: string) =>
    `The swap happens on ${network}: choose a ${to} wallet on ${network}`,
  payoutNoNode: (network: string) =>
    `Conversions on ${network} are not available: this server has no ${network} node configured`,
  payoutNoSwapFactory: (network: string) =>
    `Conversions on ${network} are not available: the operator has not configured a Uniswap V3 factory for ${network}`,
  payoutTokenMissing: (currency: string, network: string) =>
    `${currency} has no token contract on ${network} on this server, so it cannot be swapped there`,
  payoutNoRoute: (from: string, to: string, network: string) =>
    `There is no Uniswap V3 pool to swap ${from} to ${to} on ${network}, so this rule cannot be created`,
  payoutRouteCheckFailed: (network: string) =>
    `The swap route could not be checked on ${network} right now. Please try again in a moment.`,
  payoutRuleExists: (from: string, network: string, to: string, id: string) =>
    `An active rule already converts ${from} on ${network} (to ${to}, rule ${id}): disable or delete it first`,
  payoutWalletUsedByRule: (n: number) =>
    `This wallet receives the conversions of ${n} active rule${n === 1 ? '' : 's'}: disable or delete ${n === 1 ? 'it' : 'them'} on the Rules tab before deleting the wallet`,
  payoutSlippageInvalid: (min: string, max: string) =>
    `The maximum slippage must be between ${min} % and ${max} %`,
  payoutRuleWalletGone:
    "This rule's wallet was deleted or is no longer whitelisted: delete the rule and add a new one with another wallet",
  payoutRulesTooMany: (n: number) => `You can have at most ${n} payout rules`,
  payoutHistoryCursorInvalid: 'This page cursor is not valid: start again from the first page',
  // Point of sale (decision 026)
  posDeviceNameRequired: 'Give the device a name',
  posDeviceNameTooLong: (max: number) => `The device name can be at most ${max} characters`,
  posDeviceLimitReached: (max: number) =>
    `You can have at most ${max} point-of-sale devices in this mode: revoke one you no longer use first`,
  posDeviceNotFound: 'Point-of-sale device not found',
  posDeviceInvalid: 'This point-of-sale device is not paired. Pair it again from the API Keys page.',
  posDeviceRevoked: 'This point-of-sale device was revoked. Pair it again from the API Keys page.',
  posDeviceNotAllowed:
    'A point-of-sale device can only ring up sales and follow them. Sign in to your account for anything else.',
  posDeviceOnly: 'Only a paired point-of-sale device can use this. Pair one from the API Keys page.',
  posPairingCodeInvalid:
    'This pairing code is unknown, already used or expired. Ask for a new code on the API Keys page.',
  posSaleNotFound: 'Sale not found on this device',
  posAmountTooLarge: (max: string, currency: string) => `The amount can be at most ${max} ${currency}`,
  posTimeZoneInvalid: 'Unknown time zone: give an IANA name such as Europe/Berlin',
} as const;

import { z } from 'zod';
import { KEY_SCRIPT_TYPES, SCRIPT_TYPES } from '../families/utxo/utxo-keys.ts';
import { CHAIN_MODES } from '../families/wallet-input.ts';
import { T } from '../texts.ts';

/** Merchant wallets (issue 6): payout addresses and extended public keys, account-wide. */
export const WALLET_LABEL_MAX = 100;
export const WALLET_MAX_PER_ACCOUNT = 50;
/** The e-mailed verification code: 6 digits, valid 10 minutes, 5 wrong tries. */
export const WALLET_CODE_TTL_SECONDS = 600;
export const WALLET_CODE_MAX_WRONG = 5;
/** A new code can be requested this long after the previous one was sent (a voided code included). */
export const WALLET_CODE_RESEND_SECONDS = 60;
/** Addresses derived from a key and shown after adding it, to compare with the wallet app. */
export const WALLET_PREVIEW_COUNT = 5;
/** How an EVM wallet receives (docs/decisions/011-evm-watcher.md). */
export const EVM_RECEIVE_MODES = ['forwarder', 'single', 'xpub'] as const;
export type TEvmReceiveMode = (typeof EVM_RECEIVE_MODES)[number];

export const ZWallet = z.object({
  id: z.string().meta({ example: 'wal_3x7...' }),
  currency: z.string().meta({ example: 'LTC' }),
  network: z.string().meta({ example: 'litecoin' }),
  chainMode: z.enum(CHAIN_MODES).meta({ description: 'The chain the wallet was checked against.' }),
  kind: z
    .enum(['xpub', 'address'])
    .meta({ description: 'xpub: an extended public key; address: one address.' }),
  address: z.string().meta({
    description:
      'The address (kind "address"), or the extended public key masked to its first 8 and last 6 characters (kind "xpub"): keys are stored encrypted and never shown again in full.',
  }),
  scriptType: z.enum([...SCRIPT_TYPES, 'evm', 'tron']).meta({
    description: 'The address type received to; evm for every EVM wallet, tron for every Tron wallet.',
  }),
  label: z.string(),
  isDefault: z.boolean(),
  verified: z.boolean().meta({ description: 'Whitelisted: confirmed with the e-mailed code.' }),
  verifiedAt: z.string().nullable(),
  nextIndex: z
    .number()
    .int()
    .meta({ description: 'Key wallets: the next child index m/0/i never handed out.' }),
  gapLimitNeeded: z.number().int().nullable().meta({
    description:
      'Key wallets: the gap limit your wallet app needs to show every payment (addresses handed out in a row since the last paid one), when above the usual 20; null otherwise. Payments are taken either way.',
  }),
  receiveMode: z.enum(EVM_RECEIVE_MODES).nullable().meta({
    description:
      'EVM wallets: forwarder (a deposit address per payment that can only pay out to this address), single (this address itself, payments told apart by unique amounts) or xpub (derived addresses); null on UTXO networks.',
  }),
  createdAt: z.string(),
});
export type TWallet = z.infer<typeof ZWallet>;

export const ZWalletList = z.object({ wallets: z.array(ZWallet) });
export type TWalletList = z.infer<typeof ZWalletList>;

export const ZCreatedWallet = z.object({
  wallet: ZWallet,
  previewAddresses: z.array(z.string()).meta({
    description: 'Key wallets: the first five receiving addresses (m/0/0 to m/0/4); empty for an address.',
  }),
});
export type TCreatedWallet = z.infer<typeof ZCreatedWallet>;

export const ZCreateWalletRequest = z
  .object({
    currency: z.string().trim().min(1).max(20).meta({ example: 'LTC' }),
    network: z.string().trim().min(1).max(50).meta({ example: 'litecoin' }),
    address: z
      .string({ error: T.walletInputRequired })
      .trim()
      .min(1, T.walletInputRequired)
      .max(200, T.walletInputRequired)
      .meta({
        description:
          "A single address, or an account extended public key (xpub, ypub, zpub, tpub, upub, vpub). EVM networks: an address (0x..., EIP-55 checked) or the account xpub of m/44'/60'/0' (addresses m/44'/60'/0'/0/i).",
      }),
    label: z
      .string()
      .trim()
      .max(WALLET_LABEL_MAX, T.walletLabelTooLong(WALLET_LABEL_MAX))
      .optional()
      .meta({ description: 'Default: "<CURRENCY> Wallet".' }),
    receiveMode: z.enum(['forwarder', 'single']).optional().meta({
      description:
        'EVM networks, for an address only: forwarder (the default: each payment gets its own deposit contract address that can only pay out to this address, flushed by Coinlane) or single (payments go to this address itself, told apart by unique amounts; at most 100 open at once). An xpub always receives on derived addresses.',
    }),
    scriptType: z.enum(KEY_SCRIPT_TYPES).optional().meta({
      description:
        'For an xpub or tpub key only: p2wpkh (native segwit, the default where the coin has it), p2sh-p2wpkh (nested segwit) or p2pkh (legacy, the only type on Dogecoin and Bitcoin Cash). Other keys fix their own type.',
    }),
  })
  .strict();
export type TCreateWalletRequest = z.input<typeof ZCreateWalletRequest>;

export const ZWalletParams = z.object({ id: z.string().trim().min(1).max(100) });

export const ZConfirmWalletRequest = z
  .object({
    code: z
      .string({ error: T.walletCodeFormat })
      .trim()
      .regex(/^\d{6}$/, T.walletCodeFormat),
  })
  .strict();

export const ZWalletCodeSent = z.object({
  sent: z.literal(true),
  expiresAt: z.string(),
  resendAt: z.string().meta({
    description: `When a new code can be requested (${WALLET_CODE_RESEND_SECONDS} s after this one); earlier: 429 RATE_LIMITED with Retry-After.`,
  }),
  message: z.string(),
});
export type TWalletCodeSent = z.infer<typeof ZWalletCodeSent>;
export const ZDeletedWallet = z.object({ id: z.string(), deleted: z.literal(true) });

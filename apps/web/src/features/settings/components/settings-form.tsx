import {
  type TMerchantProfile,
  type TUserSettings,
  ZUpdateProfileRequest,
  ZUserSettings,
} from '@coinlane/core/api/settings';
import {
  API_KEY_EXPIRY_DAYS,
  BUSINESS_TYPES,
  COUNTRIES,
  DEFAULT_CURRENCIES,
  LANGUAGE_NAMES,
  LANGUAGES,
  THEMES,
} from '@coinlane/core/options';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Monitor, Moon, Sun } from 'lucide-react';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Controller, type FieldPath, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { Field, Input, Select, Textarea, Toggle } from '../../../components/ui/field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { sessionKey } from '../../../lib/auth.ts';
import { setLanguage } from '../../../lib/language.ts';
import { applyTheme } from '../../../lib/theme.ts';
import { profileKey, settingsKey, updateProfile, updateSettings } from '../api/settings-api.ts';
import { useErrorText } from '../hooks/use-error-text.ts';
import { AvatarSection } from './avatar-section.tsx';
import { PasswordSection } from './password-section.tsx';
import { RevokeKeysSection } from './revoke-keys-section.tsx';
import { SettingsSection } from './settings-section.tsx';

/** The page's one form: the profile (PUT /merchant/profile) and the settings shown here (PUT /settings). */
const ZSettingsForm = ZUpdateProfileRequest.omit({ email: true }).extend(
  ZUserSettings.pick({
    emailNotifications: true,
    webhookNotifications: true,
    paymentAlerts: true,
    autoPayoutEnabled: true,
    apiKeyExpiryDays: true,
    defaultCurrency: true,
    theme: true,
    language: true,
  }).shape,
);
type FormIn = z.input<typeof ZSettingsForm>;
type FormOut = z.output<typeof ZSettingsForm>;

const CURRENCY_NAMES: Record<(typeof DEFAULT_CURRENCIES)[number], string> = {
  BTC: 'Bitcoin',
  ETH: 'Ethereum',
  USDT: 'Tether USD',
  LTC: 'Litecoin',
  BCH: 'Bitcoin Cash',
};

const THEME_ICONS = { dark: Moon, light: Sun, auto: Monitor } as const;

export function toFormValues(p: TMerchantProfile, s: TUserSettings): FormIn {
  return {
    firstName: p.firstName ?? '',
    lastName: p.lastName ?? '',
    phone: p.phone ?? '',
    businessName: p.businessName ?? '',
    website: p.website ?? '',
    businessType: (p.businessType ?? '') as FormIn['businessType'],
    description: p.description ?? '',
    address: p.address ?? '',
    city: p.city ?? '',
    country: (p.country ?? '') as FormIn['country'],
    postalCode: p.postalCode ?? '',
    emailNotifications: s.emailNotifications,
    webhookNotifications: s.webhookNotifications,
    paymentAlerts: s.paymentAlerts,
    autoPayoutEnabled: s.autoPayoutEnabled,
    apiKeyExpiryDays: s.apiKeyExpiryDays,
    defaultCurrency: s.defaultCurrency,
    theme: s.theme,
    language: s.language,
  };
}

/** Splits the form's values into the two request bodies. Empty optional profile fields are already null. */
export function splitValues(values: FormOut) {
  const {
    emailNotifications,
    webhookNotifications,
    paymentAlerts,
    autoPayoutEnabled,
    apiKeyExpiryDays,
    defaultCurrency,
    theme,
    language,
    ...profile
  } = values;
  return {
    profile,
    settings: {
      emailNotifications,
      webhookNotifications,
      paymentAlerts,
      autoPayoutEnabled,
      apiKeyExpiryDays,
      defaultCurrency,
      theme,
      language,
    },
  };
}

type Notice = { tone: 'success' | 'error'; key: string; reason?: string };

export function SettingsForm({ profile, settings }: { profile: TMerchantProfile; settings: TUserSettings }) {
  const { t, i18n } = useTranslation('settings');
  const errorText = useErrorText();
  const qc = useQueryClient();
  const [notice, setNotice] = useState<Notice | null>(null);
  const [clearSignal, setClearSignal] = useState(0);

  const form = useForm<FormIn, unknown, FormOut>({
    resolver: zodResolver(ZSettingsForm),
    defaultValues: toFormValues(profile, settings),
  });
  const { register, control, handleSubmit, formState, reset, setError, watch } = form;
  const { errors } = formState;

  /** Changing any field clears the messages shown (merchant spec 2). */
  const onEdit = useCallback(() => {
    setNotice(null);
    setClearSignal((n) => n + 1);
  }, []);

  useEffect(() => {
    const sub = watch((_values, { type }) => {
      if (type === 'change') onEdit();
    });
    return () => sub.unsubscribe();
  }, [watch, onEdit]);

  const fail = (step: 'profile' | 'settings', err: unknown) => {
    if (err instanceof ApiError && err.status > 0) {
      for (const [name, message] of Object.entries(err.fields)) {
        if (name in ZSettingsForm.shape) setError(name as FieldPath<FormIn>, { message });
      }
      setNotice({
        tone: 'error',
        key: step === 'profile' ? 'save.profileFailed' : 'save.settingsFailed',
        reason: errorText(err.message),
      });
    } else setNotice({ tone: 'error', key: 'save.failed' });
  };

  const submit = handleSubmit(async (values) => {
    setNotice(null);
    const body = splitValues(values);
    let savedProfile: TMerchantProfile;
    try {
      savedProfile = await updateProfile(body.profile);
    } catch (err) {
      fail('profile', err);
      return;
    }
    qc.setQueryData(profileKey, savedProfile);
    let savedSettings: TUserSettings;
    try {
      savedSettings = await updateSettings(body.settings);
    } catch (err) {
      fail('settings', err);
      return;
    }
    qc.setQueryData(settingsKey, savedSettings);
    void qc.invalidateQueries({ queryKey: sessionKey });
    applyTheme(savedSettings.theme);
    setLanguage(savedSettings.language);
    reset(toFormValues(savedProfile, savedSettings));
    setNotice({ tone: 'success', key: 'save.success' });
  });

  const regionNames = useMemo(() => {
    try {
      return new Intl.DisplayNames([i18n.language], { type: 'region' });
    } catch {
      return null;
    }
  }, [i18n.language]);
  const countryName = (code: (typeof COUNTRIES)[number]) =>
    code === 'other' ? t('address.otherCountry') : (regionNames?.of(code) ?? code);

  // Payment emails need the master switch on too (what the server decides: modules/notifications).
  const emailOn = watch('emailNotifications');

  const err = (name: FieldPath<FormIn>) => errorText(formState.errors[name]?.message as string | undefined);

  return (
    <div className="space-y-8">
      <AvatarSection profile={profile} clearSignal={clearSignal} />

      <form id="settings-form" onSubmit={submit} noValidate className="space-y-8">
        <SettingsSection id="personal" title={t('personal.title')} description={t('personal.description')}>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field label={t('personal.firstName')} error={err('firstName')}>
              {(id, d) => (
                <Input
                  id={id}
                  autoComplete="given-name"
                  aria-describedby={d}
                  aria-invalid={!!errors.firstName}
                  {...register('firstName')}
                />
              )}
            </Field>
            <Field label={t('personal.lastName')} error={err('lastName')}>
              {(id, d) => (
                <Input
                  id={id}
                  autoComplete="family-name"
                  aria-describedby={d}
                  aria-invalid={!!errors.lastName}
                  {...register('lastName')}
                />
              )}
            </Field>
          </div>
          <Field label={t('personal.email')} hint={t('personal.emailHint')}>
            {(id, d) => (
              <Input id={id} type="email" value={profile.email} readOnly disabled aria-describedby={d} />
            )}
          </Field>
          <Field label={t('personal.phone')} error={err('phone')}>
            {(id, d) => (
              <Input
                id={id}
                type="tel"
                autoComplete="tel"
                placeholder="+1 555 0100"
                aria-describedby={d}
                aria-invalid={!!errors.phone}
                {...register('phone')}
              />
            )}
          </Field>
        </SettingsSection>

        <SettingsSection id="business" title={t('business.title')} description={t('business.description')}>
          <div className="grid gap-5 sm:grid-cols-2">
            <Field label={t('business.businessName')} error={err('businessName')}>
              {(id, d) => (
                <Input
                  id={id}
                  autoComplete="organization"
                  aria-describedby={d}
                  aria-invalid={!!errors.businessName}
                  {...register('businessName')}
                />
              )}
            </Field>
            <Field label={t('business.businessType')} error={err('businessType')}>
              {(id, d) => (
                <Select
                  id={id}
                  aria-describedby={d}
                  aria-invalid={!!errors.businessType}
                  {...register('businessType')}
                >
                  <option value="">{t('business.selectType')}</option>
                  {BUSINESS_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {t(`businessTypes.${type}`)}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          </div>
          <Field label={t('business.website')} error={err('website')}>
            {(id, d) => (
              <Input
                id={id}
                type="url"
                inputMode="url"
                autoComplete="url"
                placeholder="https://"
                aria-describedby={d}
                aria-invalid={!!errors.website}
                {...register('website')}
              />
            )}
          </Field>
          <Field label={t('business.about')} error={err('description')}>
            {(id, d) => (
              <Textarea
                id={id}
                rows={4}
                placeholder={t('business.aboutPlaceholder')}
                aria-describedby={d}
                aria-invalid={!!errors.description}
                {...register('description')}
              />
            )}
          </Field>
        </SettingsSection>

        <SettingsSection id="address" title={t('address.title')} description={t('address.description')}>
          <Field label={t('address.street')} error={err('address')}>
            {(id, d) => (
              <Input
                id={id}
                autoComplete="street-address"
                aria-describedby={d}
                aria-invalid={!!errors.address}
                {...register('address')}
              />
            )}
          </Field>
          <div className="grid gap-5 sm:grid-cols-3">
            <Field label={t('address.city')} error={err('city')}>
              {(id, d) => (
                <Input
                  id={id}
                  autoComplete="address-level2"
                  aria-describedby={d}
                  aria-invalid={!!errors.city}
                  {...register('city')}
                />
              )}
            </Field>
            <Field label={t('address.country')} error={err('country')}>
              {(id, d) => (
                <Select
                  id={id}
                  autoComplete="country"
                  aria-describedby={d}
                  aria-invalid={!!errors.country}
                  {...register('country')}
                >
                  <option value="">{t('address.selectCountry')}</option>
                  {COUNTRIES.map((code) => (
                    <option key={code} value={code}>
                      {countryName(code)}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field label={t('address.postalCode')} error={err('postalCode')}>
              {(id, d) => (
                <Input
                  id={id}
                  autoComplete="postal-code"
                  aria-describedby={d}
                  aria-invalid={!!errors.postalCode}
                  {...register('postalCode')}
                />
              )}
            </Field>
          </div>
        </SettingsSection>

        <SettingsSection
          id="notifications"
          title={t('notifications.title')}
          description={t('notifications.description')}
        >
          <ul className="-my-2 divide-y divide-slate-200 dark:divide-white/10">
            {(
              [
                [
                  'emailNotifications',
                  'notifications.emailNotifications',
                  'notifications.emailNotificationsHint',
                ],
                [
                  'webhookNotifications',
                  'notifications.webhookNotifications',
                  'notifications.webhookNotificationsHint',
                ],
                ['paymentAlerts', 'notifications.paymentAlerts', 'notifications.paymentAlertsHint'],
                ['autoPayoutEnabled', 'notifications.autoPayout', 'notifications.autoPayoutHint'],
              ] as const
            ).map(([name, label, hint]) => (
              <li key={name} className="flex items-center justify-between gap-4 py-3">
                <div className="min-w-0">
                  <p className="text-sm font-medium text-slate-900 dark:text-slate-100">{t(label)}</p>
                  <p className="text-sm text-slate-500 dark:text-slate-400">{t(hint)}</p>
                  {name === 'paymentAlerts' && !emailOn && (
                    <p className="mt-0.5 text-sm text-amber-700 dark:text-amber-300">
                      {t('notifications.paymentAlertsNeedEmail')}
                    </p>
                  )}
                </div>
                <Controller
                  control={control}
                  name={name}
                  render={({ field }) => (
                    <Toggle checked={!!field.value} onChange={(v) => field.onChange(v)} label={t(label)} />
                  )}
                />
              </li>
            ))}
          </ul>
          <div className="border-t border-slate-200 pt-5 dark:border-white/10">
            <Field
              label={t('notifications.apiKeyExpiry')}
              hint={t('notifications.apiKeyExpiryHint')}
              error={err('apiKeyExpiryDays')}
              className="sm:max-w-xs"
            >
              {(id, d) => (
                <Select
                  id={id}
                  aria-describedby={d}
                  {...register('apiKeyExpiryDays', { setValueAs: (v) => Number(v) })}
                >
                  {API_KEY_EXPIRY_DAYS.map((days) => (
                    <option key={days} value={days}>
                      {days === -1 ? t('notifications.never') : t('notifications.days', { count: days })}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          </div>
        </SettingsSection>
      </form>

      <PasswordSection clearSignal={clearSignal} onEdit={onEdit} />
      <RevokeKeysSection />

      <form onSubmit={submit} noValidate>
        <SettingsSection
          id="preferences"
          title={t('preferences.title')}
          description={t('preferences.description')}
        >
          <div className="grid gap-5 sm:grid-cols-2">
            <Field label={t('preferences.defaultCurrency')} error={err('defaultCurrency')}>
              {(id, d) => (
                <Select id={id} aria-describedby={d} {...register('defaultCurrency')}>
                  {DEFAULT_CURRENCIES.map((c) => (
                    <option key={c} value={c}>
                      {c} · {CURRENCY_NAMES[c]}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
            <Field label={t('preferences.language')} error={err('language')}>
              {(id, d) => (
                <Select id={id} aria-describedby={d} {...register('language')}>
                  {LANGUAGES.map((lang) => (
                    <option key={lang} value={lang} lang={lang}>
                      {LANGUAGE_NAMES[lang]}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          </div>
          <fieldset>
            <legend className="mb-1.5 block text-sm font-medium text-slate-700 dark:text-slate-300">
              {t('preferences.theme')}
            </legend>
            <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
              {THEMES.map((theme) => {
                const Icon = THEME_ICONS[theme];
                return (
                  <label
                    key={theme}
                    className={cn(
                      'flex cursor-pointer items-center gap-3 rounded-lg border border-slate-300 px-3 py-2.5 text-sm transition-colors hover:bg-slate-50 dark:border-white/15 dark:hover:bg-white/5',
                      'has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50 has-[:checked]:text-brand-800 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500/40',
                      'dark:has-[:checked]:border-brand-400 dark:has-[:checked]:bg-brand-500/10 dark:has-[:checked]:text-brand-100',
                    )}
                  >
                    <input type="radio" value={theme} className="sr-only" {...register('theme')} />
                    <Icon className="size-4 shrink-0" aria-hidden="true" />
                    <span>{t(`themes.${theme}`)}</span>
                  </label>
                );
              })}
            </div>
            <p className="mt-2 text-xs text-slate-500 dark:text-slate-400">
              {t('preferences.appliesOnSave')}
            </p>
          </fieldset>
        </SettingsSection>
      </form>

      <div className="space-y-3 md:sticky md:bottom-4 md:z-10">
        {notice && (
          // An opaque layer under the banner: its dark tones are translucent, and it floats over the fields.
          <div className="rounded-lg bg-white shadow-sm dark:bg-slate-900">
            <Banner tone={notice.tone}>{t(notice.key, { reason: notice.reason })}</Banner>
          </div>
        )}
        <div className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white/90 p-3 shadow-lg shadow-slate-900/5 backdrop-blur sm:flex-row sm:items-center sm:justify-between sm:pl-5 dark:border-white/10 dark:bg-slate-900/90 dark:shadow-black/30">
          <p className="text-sm text-slate-500 dark:text-slate-400" aria-live="polite">
            {formState.isDirty ? t('save.unsaved') : t('save.clean')}
          </p>
          <Button type="submit" form="settings-form" loading={formState.isSubmitting} className="sm:min-w-36">
            {t('save.button')}
          </Button>
        </div>
      </div>
    </div>
  );
}

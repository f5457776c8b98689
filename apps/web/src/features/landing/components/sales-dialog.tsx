import { CONTACT_LIMITS, ZContactSalesRequest } from '@coinlane/core/api/public';
import { LANGUAGES, type TLanguage } from '@coinlane/core/options';
import { T } from '@coinlane/core/texts';
import i18n from 'i18next';
import { CheckCircle2 } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field, Input, Textarea } from '../../../components/ui/field.tsx';
import { ApiError, api } from '../../../lib/api-client.ts';
import { locales } from '../sales-locales.ts';

// The form's texts travel with it (this chunk loads on the first click), not with the landing page.
for (const lang of LANGUAGES) i18n.addResourceBundle(lang, 'sales', locales[lang], true, false);

type Values = { name: string; email: string; company: string; message: string; website: string };
type FieldName = 'name' | 'email' | 'company' | 'message';
const EMPTY: Values = { name: '', email: '', company: '', message: '', website: '' };

/** English validation texts (shared schema, server) to the interface language. */
function useErrorText() {
  const { t } = useTranslation('sales');
  return (message: string | undefined) => {
    if (!message) return undefined;
    const exact: Record<string, string> = {
      [T.contactNameRequired]: t('errors.nameRequired'),
      [T.contactNameTooLong(CONTACT_LIMITS.name)]: t('errors.nameTooLong', { count: CONTACT_LIMITS.name }),
      [T.contactCompanyTooLong(CONTACT_LIMITS.company)]: t('errors.companyTooLong', {
        count: CONTACT_LIMITS.company,
      }),
      [T.emailRequired]: t('errors.emailRequired'),
      [T.emailInvalid]: t('errors.emailInvalid'),
      [T.contactMessageRequired]: t('errors.messageRequired'),
      [T.contactMessageTooLong(CONTACT_LIMITS.message)]: t('errors.messageTooLong', {
        count: CONTACT_LIMITS.message,
      }),
    };
    return exact[message] ?? message;
  };
}

/**
 * "Talk to Sales" (merchant spec 2: the landing page's button, whose action the spec does not show): name, email,
 * optional company and a message, checked with the server's own schema, sent to POST /public/contact-sales, which
 * mails the operator. A field no person sees catches form-filling robots. Success and failure are said plainly;
 * a failure keeps what was typed.
 */
export default function SalesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('sales');
  const errorText = useErrorText();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [state, setState] = useState<'editing' | 'sending' | 'sent'>('editing');
  const [failure, setFailure] = useState<string | null>(null);

  const set = (name: keyof Values) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [name]: e.target.value }));
    if (name !== 'website') setErrors((er) => ({ ...er, [name]: undefined }));
    setFailure(null);
  };

  const close = () => {
    if (state === 'sent') {
      setValues(EMPTY);
      setState('editing');
    }
    setErrors({});
    setFailure(null);
    onClose();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const body = { ...values, language: i18n.language as TLanguage };
    const parsed = ZContactSalesRequest.safeParse(body);
    if (!parsed.success) {
      const next: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) {
        const name = issue.path[0] as FieldName;
        next[name] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setState('sending');
    try {
      await api('/public/contact-sales', { method: 'POST', body, redirectOn401: false });
      setState('sent');
    } catch (err) {
      setState('editing');
      if (err instanceof ApiError && err.status === 400 && Object.keys(err.fields).length) {
        setErrors(err.fields as Partial<Record<FieldName, string>>);
      } else if (err instanceof ApiError && err.status === 429) {
        setFailure(t('tooMany'));
      } else {
        setFailure(t('failed'));
      }
    }
  };

  const err = (name: FieldName) => errorText(errors[name]);

  return (
    <Dialog
      open={open}
      onClose={close}
      title={t('title')}
      description={state === 'sent' ? undefined : t('description')}
      closeLabel={t('close')}
      className="max-w-lg"
    >
      {state === 'sent' ? (
        <div className="flex flex-col items-center gap-4 py-4 text-center" role="status">
          <CheckCircle2 className="size-10 text-green-600 dark:text-green-400" aria-hidden="true" />
          <p className="text-sm text-slate-700 dark:text-slate-300">{t('sent')}</p>
          <Button variant="outline" onClick={close}>
            {t('done')}
          </Button>
        </div>
      ) : (
        <form onSubmit={submit} noValidate className="space-y-4">
          {failure && <Banner tone="error">{failure}</Banner>}
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label={t('name')} error={err('name')}>
              {(id, d) => (
                <Input
                  id={id}
                  name="name"
                  autoComplete="name"
                  maxLength={CONTACT_LIMITS.name + 20}
                  value={values.name}
                  onChange={set('name')}
                  aria-describedby={d}
                  aria-invalid={!!errors.name}
                />
              )}
            </Field>
            <Field label={t('email')} error={err('email')}>
              {(id, d) => (
                <Input
                  id={id}
                  name="email"
                  type="email"
                  autoComplete="email"
                  value={values.email}
                  onChange={set('email')}
                  aria-describedby={d}
                  aria-invalid={!!errors.email}
                />
              )}
            </Field>
          </div>
          <Field label={t('company')} hint={t('optional')} error={err('company')}>
            {(id, d) => (
              <Input
                id={id}
                name="company"
                autoComplete="organization"
                value={values.company}
                onChange={set('company')}
                aria-describedby={d}
                aria-invalid={!!errors.company}
              />
            )}
          </Field>
          <Field label={t('message')} error={err('message')}>
            {(id, d) => (
              <Textarea
                id={id}
                name="message"
                rows={5}
                placeholder={t('messagePlaceholder')}
                value={values.message}
                onChange={set('message')}
                aria-describedby={d}
                aria-invalid={!!errors.message}
              />
            )}
          </Field>
          {/* Robots fill every field; people never see this one. */}
          <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
            <label>
              {t('trap')}
              <input
                type="text"
                name="website"
                tabIndex={-1}
                autoComplete="off"
                value={values.website}
                onChange={set('website')}
              />
            </label>
          </div>
          <p className="text-xs text-slate-500 dark:text-slate-400">{t('privacy')}</p>
          <div className="flex justify-end">
            <Button type="submit" loading={state === 'sending'}>
              {t('submit')}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}

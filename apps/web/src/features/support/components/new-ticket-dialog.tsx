import {
  SUPPORT_LIMITS,
  TICKET_CATEGORIES,
  TICKET_PRIORITIES,
  type TMerchantTicketDetails,
  type TTicketCategory,
  type TTicketPriority,
  ZCreateTicketRequest,
} from '@coinlane/core/api/support';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { Field, Input, Select, Textarea } from '../../../components/ui/field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useOpenTicket } from '../hooks/use-my-tickets.ts';
import { useSupportErrorText } from './use-error-text.ts';

type Values = { title: string; category: TTicketCategory; priority: TTicketPriority; message: string };
type FieldName = keyof Values;
const EMPTY: Values = { title: '', category: 'general', priority: 'normal', message: '' };

/**
 * Open a ticket: subject, category, priority and the first message, checked with the server's own schema
 * (ZCreateTicketRequest) before sending; the server's refusals show beside their fields. A failure keeps what was
 * typed. `onOpened` gets the new ticket.
 */
export function NewTicketDialog({
  open,
  onClose,
  onOpened,
}: {
  open: boolean;
  onClose: () => void;
  onOpened: (details: TMerchantTicketDetails) => void;
}) {
  const { t } = useTranslation('support');
  const errorText = useSupportErrorText();
  const create = useOpenTicket();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const set = (name: FieldName) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [name]: e.target.value }));
    setErrors((er) => ({ ...er, [name]: undefined }));
    setFailure(null);
  };
  const close = () => {
    setErrors({});
    setFailure(null);
    onClose();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setFailure(null);
    const parsed = ZCreateTicketRequest.safeParse(values);
    if (!parsed.success) {
      const next: Partial<Record<FieldName, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as FieldName;
        next[field] ??= errorText(issue.message);
      }
      setErrors(next);
      return;
    }
    create.mutate(values, {
      onSuccess: (details) => {
        setValues(EMPTY);
        setErrors({});
        onOpened(details);
      },
      onError: (err) => {
        if (err instanceof ApiError && Object.keys(err.fields).length > 0) {
          const next: Partial<Record<FieldName, string>> = {};
          for (const [k, v] of Object.entries(err.fields)) next[k as FieldName] = errorText(v);
          setErrors(next);
        } else setFailure(t('form.failed', { reason: errorText(err.message) }));
      },
    });
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      title={t('form.title')}
      closeLabel={t('close')}
      footer={
        <>
          <Button type="button" variant="outline" onClick={close}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" form="new-ticket-form" loading={create.isPending}>
            {t('form.send')}
          </Button>
        </>
      }
    >
      <form id="new-ticket-form" onSubmit={submit} noValidate className="space-y-4">
        <Field label={t('form.subject')} error={errors.title}>
          {(id, describedBy) => (
            <Input
              id={id}
              value={values.title}
              onChange={set('title')}
              placeholder={t('form.subjectPlaceholder')}
              maxLength={SUPPORT_LIMITS.title}
              aria-invalid={errors.title ? true : undefined}
              aria-describedby={describedBy}
              autoComplete="off"
            />
          )}
        </Field>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t('form.category')} error={errors.category}>
            {(id, describedBy) => (
              <Select
                id={id}
                value={values.category}
                onChange={set('category')}
                aria-describedby={describedBy}
              >
                {TICKET_CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {t(`category.${c}`)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
          <Field label={t('form.priority')} error={errors.priority}>
            {(id, describedBy) => (
              <Select
                id={id}
                value={values.priority}
                onChange={set('priority')}
                aria-describedby={describedBy}
              >
                {TICKET_PRIORITIES.map((p) => (
                  <option key={p} value={p}>
                    {t(`priority.${p}`)}
                  </option>
                ))}
              </Select>
            )}
          </Field>
        </div>
        <Field
          label={t('form.message')}
          error={errors.message}
          hint={
            <span className="flex justify-between gap-3">
              <span>{t('form.messageHint')}</span>
              <span className="shrink-0 tabular-nums">
                {t('form.counter', { used: values.message.length, max: SUPPORT_LIMITS.message })}
              </span>
            </span>
          }
        >
          {(id, describedBy) => (
            <Textarea
              id={id}
              rows={6}
              value={values.message}
              onChange={set('message')}
              maxLength={SUPPORT_LIMITS.message}
              aria-invalid={errors.message ? true : undefined}
              aria-describedby={describedBy}
            />
          )}
        </Field>
        {failure && <Banner>{failure}</Banner>}
      </form>
    </Dialog>
  );
}

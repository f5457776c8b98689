import { type TLoginChallenge, ZLoginRequest } from '@coinlane/core/api/auth';
import { OTP_LENGTH } from '@coinlane/core/options';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, KeyRound, MailCheck, RotateCw } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { Banner } from '../../../components/ui/banner.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Field, Input, PasswordInput } from '../../../components/ui/field.tsx';
import { sessionKey } from '../../../lib/auth.ts';
import { useCountdown } from '../../../lib/use-countdown.ts';
import { resendLoginCode, startLogin, verifyLogin } from '../api/auth-api.ts';
import { formatCountdown, onlyDigits } from '../utils/countdown.ts';
import { applyServerFieldErrors } from '../utils/form-errors.ts';
import { authErrorText, fieldText } from '../utils/messages.ts';
import { postLoginPath } from '../utils/redirect.ts';
import { AuthLink, AuthShell } from './auth-shell.tsx';

type Notice = { tone: 'error' | 'success'; text: string } | null;
type Challenge = { id: string; email: string; deadline: number };

const toChallenge = (c: TLoginChallenge): Challenge => ({
  id: c.challengeId,
  email: c.email,
  deadline: Date.now() + c.expiresIn * 1000,
});

/** Two-step sign-in (merchant spec 2, 4, 5, 8): credentials, then the e-mailed one-time code. */
export default function LoginPage() {
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [email, setEmail] = useState('');

  if (!challenge) {
    return (
      <CredentialsStep
        defaultEmail={email}
        notice={notice}
        onNotice={setNotice}
        onChallenge={(c, typedEmail) => {
          setEmail(typedEmail);
          setChallenge(c);
        }}
      />
    );
  }
  return (
    <CodeStep
      key={challenge.id}
      challenge={challenge}
      notice={notice}
      onNotice={setNotice}
      onChallenge={setChallenge}
      onBack={() => {
        // Back to Login clears the code, the timer, the messages and the pending challenge.
        setChallenge(null);
        setNotice(null);
      }}
    />
  );
}

function CredentialsStep({
  defaultEmail,
  notice,
  onNotice,
  onChallenge,
}: {
  defaultEmail: string;
  notice: Notice;
  onNotice: (n: Notice) => void;
  onChallenge: (c: Challenge, email: string) => void;
}) {
  const { t } = useTranslation('auth');
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(ZLoginRequest),
    defaultValues: { email: defaultEmail, password: '' },
  });
  const [emailValue, passwordValue] = useWatch({ control, name: ['email', 'password'] });

  const login = useMutation({
    mutationFn: startLogin,
    onMutate: () => onNotice(null),
    onSuccess: (data, vars) => {
      onNotice({ tone: 'success', text: t('msg.credentialsVerified') });
      onChallenge(toChallenge(data), vars.email);
    },
    onError: (err) => {
      if (applyServerFieldErrors(err, setError, ['email', 'password'])) return;
      onNotice({
        tone: 'error',
        text: authErrorText(err, t, { fallback: 'invalidCredentials', network: 'otpSendNetwork' }),
      });
    },
  });

  const empty = !emailValue?.trim() || !passwordValue;
  return (
    <AuthShell
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      footer={
        <>
          {t('login.noAccount')} <AuthLink to={paths.signup}>{t('login.signUp')}</AuthLink>
        </>
      }
    >
      <form noValidate onSubmit={handleSubmit((values) => login.mutate(values))} className="space-y-5">
        {notice && <Banner tone={notice.tone}>{notice.text}</Banner>}
        <Field label={t('email')} error={fieldText(errors.email?.message, t)}>
          {(id, describedBy) => (
            <Input
              id={id}
              type="email"
              autoComplete="email"
              autoFocus
              placeholder={t('emailPlaceholder')}
              aria-describedby={describedBy}
              aria-invalid={!!errors.email}
              {...register('email')}
            />
          )}
        </Field>
        <div className="space-y-1.5">
          <Field label={t('password')} error={fieldText(errors.password?.message, t)}>
            {(id, describedBy) => (
              <PasswordInput
                id={id}
                autoComplete="current-password"
                aria-describedby={describedBy}
                aria-invalid={!!errors.password}
                toggleLabel={[t('showPassword'), t('hidePassword')]}
                {...register('password')}
              />
            )}
          </Field>
          <div className="flex justify-end">
            <AuthLink to={paths.forgotPassword}>
              <span className="text-sm">{t('login.forgotPassword')}</span>
            </AuthLink>
          </div>
        </div>
        <Button type="submit" size="lg" className="w-full" disabled={empty} loading={login.isPending}>
          {t('login.submit')}
        </Button>
      </form>
    </AuthShell>
  );
}

function CodeStep({
  challenge,
  notice,
  onNotice,
  onChallenge,
  onBack,
}: {
  challenge: Challenge;
  notice: Notice;
  onNotice: (n: Notice) => void;
  onChallenge: (c: Challenge) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation('auth');
  const qc = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [code, setCode] = useState('');
  const [deadline, setDeadline] = useState(challenge.deadline);
  const left = useCountdown(deadline);
  const inputRef = useRef<HTMLInputElement>(null);
  const hintId = useId();

  const verify = useMutation({
    mutationFn: verifyLogin,
    onMutate: () => onNotice(null),
    onSuccess: (data) => {
      onNotice({ tone: 'success', text: t('msg.twoFactorComplete') });
      qc.setQueryData(sessionKey, data.user);
      void navigate(postLoginPath(data.user, params.get('from')), { replace: true });
    },
    onError: (err) => {
      onNotice({
        tone: 'error',
        text: authErrorText(err, t, { fallback: 'otpInvalid', network: 'otpVerifyNetwork' }),
      });
      setCode('');
      inputRef.current?.focus();
    },
  });

  const resend = useMutation({
    mutationFn: () => resendLoginCode(challenge.id),
    onMutate: () => onNotice(null),
    onSuccess: (data) => {
      const next = toChallenge(data);
      setCode('');
      setDeadline(next.deadline);
      if (next.id !== challenge.id) onChallenge(next);
      onNotice({ tone: 'success', text: t('msg.otpResent') });
      inputRef.current?.focus();
    },
    onError: (err) => {
      onNotice({
        tone: 'error',
        text: authErrorText(err, t, { fallback: 'otpResendFailed', network: 'otpResendFailed' }),
      });
    },
  });

  const busy = verify.isPending || verify.isSuccess;
  const complete = code.length === OTP_LENGTH;
  return (
    <AuthShell
      icon={<MailCheck />}
      title={t('login.otpTitle')}
      subtitle={
        <Emphasis
          text={t('login.otpSentTo', { email: challenge.email })}
          value={challenge.email}
          className="font-medium break-all text-slate-900 dark:text-white"
        />
      }
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (complete && !busy) verify.mutate({ challengeId: challenge.id, code });
        }}
        className="space-y-5"
      >
        {notice && <Banner tone={notice.tone}>{notice.text}</Banner>}
        <Field label={t('login.codeLabel')}>
          {(id) => (
            <Input
              ref={inputRef}
              id={id}
              name="code"
              value={code}
              onChange={(e) => setCode(onlyDigits(e.target.value, OTP_LENGTH))}
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern={`\\d{${OTP_LENGTH}}`}
              maxLength={OTP_LENGTH}
              autoFocus
              disabled={busy}
              aria-describedby={hintId}
              placeholder="000000"
              className="h-14 text-center font-mono text-2xl tracking-[0.5em] placeholder:tracking-[0.5em] placeholder:text-slate-300 dark:placeholder:text-slate-600"
            />
          )}
        </Field>
        <p
          id={hintId}
          className={
            left > 0
              ? 'flex items-center gap-1.5 text-sm text-slate-600 dark:text-slate-400'
              : 'flex items-center gap-1.5 text-sm text-amber-700 dark:text-amber-400'
          }
        >
          <KeyRound className="size-4 shrink-0" aria-hidden="true" />
          {left > 0 ? (
            <span>
              <Emphasis
                text={t('login.expiresIn', { time: formatCountdown(left) })}
                value={formatCountdown(left)}
                className="font-mono font-semibold tabular-nums text-slate-900 dark:text-white"
              />
            </span>
          ) : (
            <span role="status">{t('login.codeExpired')}</span>
          )}
        </p>
        <Button type="submit" size="lg" className="w-full" disabled={!complete} loading={busy}>
          {t('login.completeLogin')}
        </Button>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
          <Button variant="ghost" onClick={onBack} disabled={busy}>
            <ArrowLeft className="size-4" aria-hidden="true" />
            {t('login.backToLogin')}
          </Button>
          <Button
            variant="outline"
            onClick={() => resend.mutate()}
            disabled={left > 0 || busy}
            loading={resend.isPending}
          >
            {!resend.isPending && <RotateCw className="size-4" aria-hidden="true" />}
            {t('login.resendCode')}
          </Button>
        </div>
      </form>
    </AuthShell>
  );
}

/** A translated sentence with one inserted value set in bold, wherever the language puts it. */
function Emphasis({ text, value, className }: { text: string; value: string; className: string }) {
  const at = text.indexOf(value);
  if (at < 0) return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <strong className={className}>{value}</strong>
      {text.slice(at + value.length)}
    </>
  );
}
